"""Corrections to published posts: `sheetgen correct POST --say TEXT`.

A published post is never rewritten: players have played from it, and the commitment and
the plan stand as they were. A correction is a new post, in every flavour, that names the
post it corrects and says what changed. Each is one line of `corrections.jsonl` in the game
folder (appended whole, so two runs at once both land, in the order they were made); the
files of every correction (`corrections/correction-NN.*`) and the guide's corrections
section follow from that log alone, so a run killed after its line is mended by the next.
`today`, the console and the catch-up page read the same log."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.host_text import pasted
from generator.common.output_file import OutputFile
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.corrections_log import (
    CORRECTIONS_FILE,
    Correction,
    append_correction,
    correction_text_problem,
)
from generator.folder.corrections_log import (
    read_corrections as read_corrections,
)
from generator.folder.game_mark import game_mark
from generator.host.game_folder import GameFolder
from generator.plan.moments import game_slots
from generator.plan.schedule import when
from generator.render.corrections_guide import moment_words as plan_moment_words
from generator.render.corrections_guide import with_corrections
from generator.render.guide import GUIDE_FILE
from generator.render.post import PostDraft, para, typed
from generator.render.text import Post

MAX_GUIDE_BYTES = 5_000_000  # a month's posting guide is some 100 kB


def correction_numbers(words: tuple[str, ...], made: list[Correction]) -> list[int]:
    """`posted correction 2` (or `2-3`): the corrections named, each one made by now."""
    text = "".join(words)
    match = re.fullmatch(r"(\d{1,3})(?:-(\d{1,3}))?", text)
    if not match:
        raise SheetgenError(
            f"correction {' '.join(words)!r}: expected `correction N` or `correction N-M`"
        )
    first, last = int(match.group(1)), int(match.group(2) or match.group(1))
    known = {c.number for c in made}
    numbers = list(range(first, last + 1))
    if not numbers or not set(numbers) <= known:
        have = f"1-{max(known)}" if known else "none yet"
        raise SheetgenError(f"correction {text}: not a correction made so far ({have})")
    return numbers


def checked_text(text: str) -> str:
    """The host's words as they will be posted, refused when empty, too long or holding
    what no post may (common/host_text.py: a pasted terminal escape would reach every
    player's screen, a bidi override flip the line). A spreadsheet's tab and Windows' line
    ends are taken as meant."""
    problem = correction_text_problem(pasted(text).strip())
    if problem is not None:
        raise SheetgenError(f"--say: {problem}")
    return pasted(text).strip()


def published_post(game: GameFolder, posts: list[Post], what: str, at: dt.datetime) -> Post:
    """The post a host names by its file stem (`round-1/turn-09-flight`) or its turn (`9`,
    when that turn has one post), refused when it is not yet due: a post nobody has read
    needs no correction, and naming it in public would give it away. `posts`: the game's
    (host/digest.py `game_posts`)."""
    stem = what.strip().removesuffix(".facebook.txt").removesuffix(".discord.md")
    chosen = [p for p in posts if p.key == stem]
    if not chosen and re.fullmatch(r"\d{1,4}", stem):
        chosen = [p for p in posts if p.turn == int(stem)]
        if len(chosen) > 1:
            names = ", ".join(p.key for p in chosen)
            raise SheetgenError(f"turn {stem} has {len(chosen)} posts: name one ({names})")
    if not chosen:
        raise SheetgenError(
            f"{what!r}: no post of this game (expected a turn number or a post's file stem, "
            "such as round-1/turn-09-flight)"
        )
    post = chosen[0]
    slot = next(s for s in game_slots(game.shared) if s.turn == post.turn)
    if slot.at is not None and slot.at > at:
        raise SheetgenError(
            f"{post.title} is not due until {when(slot.entry)}: only a published post can be "
            "corrected (fix a mistake in a post not yet due at its source)"
        )
    return post


def record_correction(game: GameFolder, post: Post, text: str, at: dt.datetime) -> int:
    """Log the correction; its number. Under the folder's lock, and only while the folder
    holds the game the correction was made for: another game written in meanwhile (its
    write sets the old log aside under that lock) never gets it."""
    from generator.folder.write import folder_lock, read_existing_plan

    line = {
        "at": at.isoformat(timespec="seconds"),
        "key": post.key,
        "title": post.title,
        "turn": post.turn,
        "text": text,
        # The game it was made for: another game written into the folder sets the log aside.
        "game": game_mark(game.plan).line(),
    }
    try:
        with folder_lock(Path(os.path.realpath(game.root))):
            now = read_existing_plan(game.root, tolerant=True)
            if now is None or game_mark(now) != game_mark(game.plan):
                raise SheetgenError(
                    f"{display_path(game.root)} holds another game now (another run wrote "
                    "it): the correction was not recorded"
                )
            return append_correction(game.root, line)
    except OSError as exc:
        raise SheetgenError(
            f"cannot record in {display_path(game.root / CORRECTIONS_FILE)}: {exc.strerror or exc}"
        ) from None


def moment_words(game: GameFolder, at: dt.datetime) -> str:
    return plan_moment_words(game.shared, at)


def correction_post(game: GameFolder, correction: Correction) -> Post:
    """The correction as a post in every flavour: which post, what changed, that the rest
    stands. The host's words are shown as typed on every platform."""
    slot = next((s for s in game_slots(game.shared) if s.turn == correction.turn), None)
    of = f" of {when(slot.entry)}" if slot is not None else ""
    game_line = f"{game.title} · Game {game.shared.game_id}"
    return PostDraft(
        key=correction.stem,
        title=f"Correction {correction.number}: {correction.title}",
        turn=correction.turn,
        position=1000 + correction.number,
        headline=f"{game_line} · Correction",
        when=moment_words(game, correction.at),
        blocks=[
            para(f"Correction to the post “{correction.title}”{of}:"),
            *(para(typed(part)) for part in correction.text.split("\n") if part.strip()),
            para(
                "Everything else in that post stands. If you have played it already, "
                "apply this now."
            ),
        ],
    ).render()


def correction_files(game: GameFolder, corrections: list[Correction]) -> list[OutputFile]:
    """Every correction's files and the posting guide with its corrections section."""
    files = []
    for correction in corrections:
        post = correction_post(game, correction)
        files += [OutputFile(n, t.encode("utf-8")) for n, t in post.files().items()]
    guide = game.root / GUIDE_FILE
    if guide.is_file() and not guide.is_symlink():
        try:
            # The file opened, not the name: a pipe or a bigger file swapped in is not read.
            text = read_regular_file(guide, MAX_GUIDE_BYTES).decode("utf-8", errors="replace")
        except UnreadableFile as exc:
            raise SheetgenError(f"{display_path(guide)}: {exc}") from None
        revised = with_corrections(text, game.shared, corrections)
        files.append(OutputFile(GUIDE_FILE, revised.encode("utf-8")))
    return files
