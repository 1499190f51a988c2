"""`today` and `digest` for a table game: the options that mean something without a
schedule, and a clear refusal (exit code 2) for those that do not."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.base import warn_missing_pictures
from generator.common.errors import SheetgenError, display_path
from generator.common.plural import counted

if TYPE_CHECKING:
    from generator.host.table_open import TableGame

table_game_file_option = click.option(
    "--game",
    "game_file",
    default=None,
    type=click.Path(path_type=Path),
    help="A table game that keeps its seed in its game file (not in its folder): that file.",
)


def table_today(
    game: TableGame, when_words: tuple[str, ...], at: str | None, platforms: tuple[str, ...]
) -> None:
    from generator.host.table_today import table_today_text

    if when_words or at is not None:
        asked = "--at" if at is not None else f"`{' '.join(when_words)}`"
        raise SheetgenError(
            f"{asked}: {game.title} is a table game: its posts follow the players' moves, "
            "not a calendar, so it has no days or moments; `sheetgen today` shows the table "
            "after its latest entry"
        )
    click.echo(table_today_text(game.host.now(game.source), platforms), nl=False)


def table_digest(
    game: TableGame,
    until: str | None,
    everything: bool,
    host_copy: bool,
    titles: str | None,
    fragment: bool = False,
) -> None:
    from generator.folder.table_files import write_beside_table
    from generator.games.capabilities import lacking
    from generator.host.table_digest import table_digest_files, table_until

    if everything:
        raise SheetgenError(
            f"--all: {game.title} is a table game: its next posts follow the players' moves "
            "and are not written yet, so the page holds every post there is; leave out --all "
            "(--until 'entry N' shows the thread as it stood after entry N)"
        )
    if host_copy:
        raise SheetgenError(
            f"--host-copy: {game.title} is a table game, whose page never holds a post not "
            "yet due, a hand or a private message, so there is no host's copy to make; leave "
            "out --host-copy"
        )
    if titles is not None:
        raise lacking(game.title, "scoring", "--titles")
    thread = game.host.thread(game.source)
    files, count, missing = table_digest_files(thread, table_until(until, thread), fragment)
    warn_missing_pictures(missing)  # before writing: a strict run then writes nothing
    for path in write_beside_table(thread.folder, files):
        click.echo(f"  {display_path(path)}", err=True)
    click.echo(f"{counted(count, 'post')} in the catch-up page.", err=True)


def table_correct(game: TableGame, what: str | None, text: str | None) -> None:
    """`sheetgen correct ENTRY --say TEXT --game FILE` for a table game that takes a
    correction in words (an entry of its table, posted in every flavour); a change to the
    table itself is the game's own undo."""
    if game.host.correct is None:
        raise click.UsageError(
            f"{game.title} corrects its table through its own commands (an undo entry)"
        )
    if what is None or text is None or not what.strip().isdigit():
        raise click.UsageError(
            "name the entry and say what changed: correct ENTRY --say TEXT --game FILE (to "
            "change the table itself, the game's own undo command)"
        )
    game.host.correct(game.source, int(what), text)
