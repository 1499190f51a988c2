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
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator.common.append import append_line
from generator.common.errors import SheetgenError, display_path
from generator.common.output_file import OutputFile
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.game_folder import GameFolder
from generator.plan.moments import game_slots, game_zone
from generator.plan.schedule import when
from generator.render.post import PostDraft, para, typed
from generator.render.text import Post

CORRECTIONS_FILE = "corrections.jsonl"
CORRECTIONS_DIR = "corrections"
GUIDE_FILE = "posting-guide.md"
GUIDE_HEADING = "## Corrections"
MAX_LOG_BYTES = 5_000_000
MAX_TEXT = 1000  # characters: a correction is a sentence or two, and stays one Discord message
# A correction's number is its line in the log; so many is far beyond a month's mistakes.
MAX_CORRECTIONS = 99


@dataclass(frozen=True)
class Correction:
    number: int  # 1, 2, ... in the order they were made
    key: str  # the corrected post's file stem
    title: str  # the corrected post's title
    turn: int
    text: str  # the host's words, as typed
    at: dt.datetime  # when it was made

    @property
    def stem(self) -> str:
        return f"{CORRECTIONS_DIR}/correction-{self.number:02d}"


def read_corrections(root: Path) -> list[Correction]:
    """The log's corrections in order. A line cut short by a killed run, or anything not
    ours, is passed by."""
    path = root / CORRECTIONS_FILE
    if not path.exists() and not path.is_symlink():
        return []
    try:
        data = read_regular_file(path, MAX_LOG_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    found: list[Correction] = []
    for raw in data.split(b"\n"):
        try:
            line = json.loads(raw)
            at = dt.datetime.fromisoformat(line["at"])
            fields = (line["key"], line["title"], line["text"])
            turn = line["turn"]
        except (ValueError, KeyError, TypeError, RecursionError):
            continue
        if not all(isinstance(f, str) for f in fields) or not isinstance(turn, int):
            continue
        if at.tzinfo is None or len(found) >= MAX_CORRECTIONS:
            continue
        found.append(Correction(len(found) + 1, fields[0], fields[1], turn, fields[2], at))
    return found


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
    """The host's words, refused when empty, too long or holding control characters (a
    pasted terminal escape would reach every player's screen)."""
    text = text.strip()
    if not text:
        raise SheetgenError("--say: the correction's words are empty (expected what changed)")
    if len(text) > MAX_TEXT:
        raise SheetgenError(
            f"--say: {len(text)} characters (expected at most {MAX_TEXT}: a correction says "
            "what changed in a sentence or two)"
        )
    for char in text:
        if char != "\n" and unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn"):
            raise SheetgenError(
                f"--say: holds the control character U+{ord(char):04X} (expected text)"
            )
    return text


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
    slot = next(s for s in game_slots(game.plan) if s.turn == post.turn)
    if slot.at is not None and slot.at > at:
        raise SheetgenError(
            f"{post.title} is not due until {when(slot.entry)}: only a published post can be "
            "corrected (fix a mistake in a post not yet due at its source)"
        )
    return post


def record_correction(game: GameFolder, post: Post, text: str, at: dt.datetime) -> None:
    if len(read_corrections(game.root)) >= MAX_CORRECTIONS:
        raise SheetgenError(f"this game has {MAX_CORRECTIONS} corrections already")
    line = {
        "at": at.isoformat(timespec="seconds"),
        "key": post.key,
        "title": post.title,
        "turn": post.turn,
        "text": text,
    }
    try:
        append_line(
            game.root / CORRECTIONS_FILE,
            json.dumps(line, sort_keys=True, ensure_ascii=False).encode("utf-8") + b"\n",
        )
    except OSError as exc:
        raise SheetgenError(
            f"cannot record in {display_path(game.root / CORRECTIONS_FILE)}: {exc.strerror or exc}"
        ) from None


def moment_words(game: GameFolder, at: dt.datetime) -> str:
    local = at.astimezone(game_zone(game.plan))
    return f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M} {local.tzname()}"


def correction_post(game: GameFolder, correction: Correction) -> Post:
    """The correction as a post in every flavour: which post, what changed, that the rest
    stands. The host's words are shown as typed on every platform."""
    slot = next((s for s in game_slots(game.plan) if s.turn == correction.turn), None)
    of = f" of {when(slot.entry)}" if slot is not None else ""
    game_line = f"{game.title} · Game {game.plan.get('game_id')}"
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
        text = guide.read_text(encoding="utf-8", errors="replace")
        text = text.split(f"\n{GUIDE_HEADING}\n")[0].rstrip("\n") + "\n"
        files.append(OutputFile(GUIDE_FILE, (text + guide_section(game, corrections)).encode()))
    return files


def guide_section(game: GameFolder, corrections: list[Correction]) -> str:
    lines = [
        "",
        GUIDE_HEADING,
        "",
        "Each goes out as a new post on every platform, as soon as it is made (`sheetgen",
        "today` shows it first until `sheetgen posted` marks it). Never edit the post it",
        "corrects: players have played from it, and the proof at the end is of the posts",
        "as they were.",
        "",
    ]
    for correction in corrections:
        stem = correction.stem
        lines += [
            f"### Correction {correction.number} · {moment_words(game, correction.at)}",
            "",
            f"To the {correction.title} post (`{correction.key}`).",
            f"Facebook: paste `{stem}.facebook.txt` · Discord: paste `{stem}.discord.md` · "
            f"BGG: paste `{stem}.bgg.txt`.",
            "",
        ]
    return "\n".join(lines)
