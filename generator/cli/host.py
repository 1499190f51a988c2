"""The host's-month commands on a game folder: rankings, digest and today (a table game's
in cli/table_host.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.base import (
    at_option,
    game_folder_option,
    report_errors,
    warn_missing_pictures,
)
from generator.cli.group import main
from generator.cli.table_host import table_digest, table_game_file_option, table_today
from generator.common.errors import SheetgenError, display_path
from generator.common.platforms import PLATFORMS
from generator.common.plural import counted

if TYPE_CHECKING:
    from generator.host.game_folder import GameFolder


@main.command()
@game_folder_option
@click.option(
    "--scores",
    default=None,
    type=click.Path(path_type=Path),
    help="The scores file [default: scores.csv in the game folder]",
)
@click.option(
    "--titles",
    default=None,
    metavar="REWARDS",
    help="Games with titles: the rewards the title counts earn (e.g. the dock side 3-6-9).",
)
@report_errors
def rankings(folder: Path | None, scores: Path | None, titles: str | None) -> None:
    """Check scores.csv and write the rankings posts (after each round, and the final)."""
    from generator.host.game_folder import open_folder
    from generator.host.scoreboard import write_rankings

    game = open_folder(folder)
    written, latest = write_rankings(game, scores, titles)
    for path in written:
        if path.parent.name == "rankings":
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(latest, nl=False)


@main.command()
@game_folder_option
@click.option(
    "--until",
    default=None,
    metavar="WHEN",
    help="Posts up to YYYY-MM-DD (that whole day), 'YYYY-MM-DD HH:MM' or 'day N' [default: now]",
)
@click.option("--all", "everything", is_flag=True, help="Every post of the game.")
@click.option(
    "--host-copy",
    is_flag=True,
    help="The host's own copy (host-copy-digest.*, bannered): may hold posts not yet due; "
    "every post of the game unless --until says how far.",
)
@click.option(
    "--titles",
    default=None,
    metavar="REWARDS",
    help="Games with titles: the rewards for the rankings, as for `sheetgen rankings`.",
)
@click.option(
    "--fragment",
    is_flag=True,
    help="Also write digest-fragment.html: the same page without <html>, <head> or <body>, "
    "its styles scoped to it, to paste into a blog article.",
)
@table_game_file_option
@report_errors
def digest(
    folder: Path | None,
    until: str | None,
    everything: bool,
    host_copy: bool,
    titles: str | None,
    fragment: bool,
    game_file: Path | None,
) -> None:
    """Write the catch-up page (digest.html, digest.pdf): every post due so far, offline.

    A page that would hold a post not yet due is refused; the host's copy of the whole game
    is --host-copy, written as host-copy-digest.html and .pdf with a HOST COPY banner. A
    table game's page holds its thread so far (--until 'entry N': as it stood then)."""
    from generator.folder.write import write_game
    from generator.host.digest import digest_cutoff, digest_files
    from generator.host.game_folder import require_schedule
    from generator.host.table_open import TableGame, open_host_game

    game = open_host_game(folder, game_file)
    if isinstance(game, TableGame):
        table_digest(game, until, everything, host_copy, titles, fragment)
        return
    require_schedule(game)
    cutoff = digest_cutoff(game.shared, until, everything or (host_copy and until is None))
    files, count, missing, stale = digest_files(game, cutoff, titles, host_copy, fragment)
    warn_missing_pictures(missing)  # before writing: a strict run then writes nothing
    written = write_game(game.root, game.plan, files, force=False)
    names = {str(f.path) for f in files}
    for path in written:
        if path.name in names:
            click.echo(f"  {display_path(path)}", err=True)
    if host_copy:
        click.echo(
            f"{counted(count, 'post')} in the host's copy: HOST COPY, never post it or send it "
            "to players.",
            err=True,
        )
    else:
        click.echo(f"{counted(count, 'post')} in the catch-up page.", err=True)
    if stale:
        click.echo(
            f"note: the page shows the rankings of scores.csv as it is now; {', '.join(stale)} "
            "differ from the posts written (or are not written): run `sheetgen rankings`",
            err=True,
        )


@main.command()
@click.argument("when_words", nargs=-1, metavar="[day N [SLOT]]")
@game_folder_option
@at_option
@click.option(
    "--platform",
    "platforms",
    multiple=True,
    type=click.Choice(PLATFORMS),
    help="Only this platform (repeat for several) [default: all the game writes]",
)
@table_game_file_option
@report_errors
def today(
    when_words: tuple[str, ...],
    folder: Path | None,
    at: str | None,
    platforms: tuple[str, ...],
    game_file: Path | None,
) -> None:
    """What to post now, in order, per platform (texts, pictures, comments), and what next.

    For a table game: who acts now and what its latest entry asks to post and send."""
    from generator.host.game_folder import require_schedule
    from generator.host.posted import read_posted
    from generator.host.table_open import TableGame, open_host_game
    from generator.host.today import Agenda, agenda, slot_of_day, slots_with_posts, today_text
    from generator.plan.moments import now, parse_at, parse_day

    game = open_host_game(folder, game_file, outline=True)
    if isinstance(game, TableGame):
        table_today(game, when_words, at, platforms or PLATFORMS)
        return
    require_schedule(game)
    work = slots_with_posts(game)
    day = parse_day(when_words, game.shared)
    if day is not None and at is not None:
        raise click.UsageError("give either `day N` or --at, not both")
    posted = read_posted(game.root)
    clock = None
    if day is not None:
        moment = None
        shown: Agenda | int = slot_of_day(work, day[0], day[1])
        clock = now()  # a slot asked for before its time gets the not-due-yet banner
    else:
        moment = parse_at(at, game.shared) if at else now()
        shown = agenda(game, work, moment, posted)
    text = today_text(game, work, shown, moment, platforms or PLATFORMS, posted, clock)
    click.echo(text, nl=False)


@main.command()
@click.argument("what", nargs=-1, metavar="[now | N | N-M | day N [SLOT] | correction N]")
@game_folder_option
@click.option(
    "--at",
    default=None,
    metavar="'YYYY-MM-DD HH:MM'",
    help="Act as at this moment (in the game's time zone): what `now` marks and what is "
    "due yet [default: now]",
)
@click.option("--undo", is_flag=True, help="Unmark: those slots are not posted after all.")
@click.option(
    "--early",
    is_flag=True,
    help="Mark a slot whose time has not come (you posted it early); without it, such a "
    "slot is refused.",
)
@click.option(
    "--code",
    default=None,
    metavar="CODE",
    help="Mark the slots ticked on the console's page: the code it shows (like 12.1B.K4).",
)
@report_errors
def posted(
    what: tuple[str, ...],
    folder: Path | None,
    at: str | None,
    undo: bool,
    early: bool,
    code: str | None,
) -> None:
    """Record that slots are posted: every slot due by now and every correction made by now
    (the default), one turn, a range of turns, a day's slot, or a correction. `today` then
    brings back a slot due and not marked. A slot not yet due is refused unless --early.
    The slots due before your first mark, before the first turn it names, count as posted
    (you posted them before you began to record)."""
    from generator.host.corrections import correction_numbers, read_corrections
    from generator.host.game_folder import require_schedule
    from generator.host.posted import mark_posted, read_posted
    from generator.host.table_open import TableGame, open_host_game
    from generator.host.today import posted_turns, slots_with_posts
    from generator.plan.moments import now, parse_at

    game = open_host_game(folder, None, outline=True)
    if isinstance(game, TableGame):
        raise click.UsageError(
            "a table game's posts follow its table: `sheetgen today` shows the latest entry's"
        )
    require_schedule(game)
    moment = parse_at(at, game.shared) if at else now()
    made = [c for c in read_corrections(game.root) if c.at <= moment]
    turns: list[int]
    numbers: list[int]
    if code is not None:
        if what:
            raise click.UsageError("--code names the slots itself: give it alone")
        turns, said = _coded_turns(game, code, moment, early or undo)
        numbers = []
    elif what and what[0].lower() == "correction":
        numbers = correction_numbers(what[1:], made)
        turns = []
        said = "correction " + ", ".join(str(n) for n in numbers)
    else:
        turns, said = posted_turns(game, what, moment, early=early or undo)
        everything = not what or (len(what) == 1 and what[0].lower() == "now")
        numbers = [c.number for c in made] if everything else []
        if numbers:
            said += f" and correction{'s' if len(numbers) > 1 else ''} " + ", ".join(
                str(n) for n in numbers
            )
    before = read_posted(game.root)
    mark_posted(game.root, turns, moment, undo, numbers)
    record = read_posted(game.root)
    click.echo(f"{'Unmarked' if undo else 'Marked posted'}: {said}.")
    work = slots_with_posts(game)
    earlier = [
        w.slot.turn
        for w in work
        if record.before_the_record(w.slot.turn, w.slot.at) and w.slot.turn not in record.turns
    ]
    if earlier and before.began is None:
        click.echo(
            f"The record starts here: {_turn_words(earlier)}, due before, count as posted "
            "(`sheetgen posted N --undo` if one was not)."
        )
    marked = {w.slot.turn for w in work if record.counts_as_posted(w.slot.turn, w.slot.at)}
    click.echo(f"{len(marked)} of {counted(len(work), 'slot')} marked posted.")


def _coded_turns(
    game: GameFolder, code: str, moment: dt.datetime, early: bool
) -> tuple[list[int], str]:
    """The slots a console's code names, checked against the game."""
    from generator.host.console_code import read_code
    from generator.host.today import refuse_not_due, slots_with_posts

    turns = read_code(code, game.shared.game_id)
    work = slots_with_posts(game)
    known = {w.slot.turn for w in work}
    strange = [t for t in turns if t not in known]
    if strange:
        raise SheetgenError(
            f"--code {code}: turn {strange[0]} is no slot of this game: a typo? Nothing was marked"
        )
    if not early:
        refuse_not_due(game, work, turns, moment)
    return turns, f"the slots ticked on the console ({_turn_words(turns)})"


def _turn_words(turns: list[int]) -> str:
    if len(turns) == 1:
        return f"turn {turns[0]}"
    if turns == list(range(turns[0], turns[-1] + 1)):
        return f"turns {turns[0]}-{turns[-1]}"
    return "turns " + ", ".join(map(str, turns))


@main.command()
@click.argument("what", metavar="[POST]", required=False)
@click.option(
    "--say",
    "text",
    default=None,
    metavar="TEXT",
    help="What changed, in your words (at most 1,000 characters), e.g. 'Meteor 2 comes from "
    "the left, not the right.'",
)
@game_folder_option
@table_game_file_option
@at_option
@report_errors
def correct(
    what: str | None,
    text: str | None,
    folder: Path | None,
    game_file: Path | None,
    at: str | None,
) -> None:
    """Write a correction post for a published post (POST: its turn number, or its file
    stem such as round-1/turn-09-flight). The post itself, the plan and the commitment stay
    as they are; the correction goes out as a new post on every platform, and `today`, the
    console and the catch-up page show it. Without POST and --say: write every
    correction's files again from corrections.jsonl (after a run was cut short)."""
    from generator.folder.write import write_game
    from generator.host.corrections import (
        checked_text,
        correction_files,
        published_post,
        read_corrections,
        record_correction,
    )
    from generator.host.game_folder import require_schedule
    from generator.host.game_posts import game_posts
    from generator.host.posted import read_posted
    from generator.host.table_open import TableGame, open_host_game
    from generator.host.today import slots_with_posts
    from generator.plan.moments import now, parse_at

    game = open_host_game(folder, game_file)
    if isinstance(game, TableGame):
        from generator.cli.table_host import table_correct

        table_correct(game, what, text)
        return
    require_schedule(game)
    if what is None and text is None:
        corrections = read_corrections(game.root)
        write_game(game.root, game.plan, correction_files(game, corrections), force=False)
        click.echo(f"{len(corrections)} corrections written again from corrections.jsonl.")
        return
    if what is None or text is None:
        raise click.UsageError("name the post and say what changed: correct POST --say TEXT")
    moment = parse_at(at, game.shared) if at else now()
    words = checked_text(text)
    post = published_post(game, game_posts(game), what, moment)
    number = record_correction(game, post, words, moment)
    corrections = read_corrections(game.root)
    written = write_game(game.root, game.plan, correction_files(game, corrections), force=False)
    mine = next(c for c in corrections if c.number == number)
    for path in written:
        if path.name.startswith(f"correction-{mine.number:02d}."):
            click.echo(f"  {display_path(path)}", err=True)
    record = read_posted(game.root)
    slot_at = next((w.slot.at for w in slots_with_posts(game) if w.slot.turn == post.turn), None)
    if record.tracked and not record.counts_as_posted(post.turn, slot_at):
        # The post itself is not marked posted: it goes out first, the correction after it.
        order = f"right after {post.title} itself (not marked posted yet)"
    else:
        order = "now"
    click.echo(
        f"Correction {mine.number} to {post.title}: post {mine.stem}.* {order} "
        "(`sheetgen today` shows the steps), then `sheetgen posted now`."
    )
