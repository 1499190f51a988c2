"""`sheetgen console`: write the host's page (console.html) into the game folder."""

from __future__ import annotations

from pathlib import Path

import click

from generator.cli.base import at_option, game_folder_option, report_errors
from generator.cli.group import main
from generator.cli.table_host import table_game_file_option
from generator.common.errors import SheetgenError, display_path
from generator.common.platforms import PLATFORMS
from generator.common.plural import counted

DAYS = 7


@main.command()
@game_folder_option
@at_option
@click.option(
    "--days",
    default=None,
    type=click.IntRange(1, 62),
    metavar="N",
    help=f"How many days the page covers, from today [default: {DAYS}]",
)
@table_game_file_option
@report_errors
def console(
    folder: Path | None,
    at: str | None,
    days: int | None,
    game_file: Path | None,
) -> None:
    """Write the host's console (console-HOST-ONLY-unposted-posts.html): every slot of the
    days to come with its posts, per platform, each text with a Copy button, each picture
    with Save and Share, a check box per step. The page tells from the device's clock what
    is due, missed and next, keeps its ticks on the device and gives a code for `sheetgen
    posted --code`. One file that works offline, on a phone too; for the host alone: it
    holds posts players must not see yet.

    For a table game: the table after its latest entry (private messages named, never shown)."""
    from generator.folder.table_files import write_beside_table
    from generator.folder.write import write_game
    from generator.host.console import console_file, scheduled_console, table_console
    from generator.host.game_folder import require_schedule
    from generator.host.table_open import TableGame, open_host_game
    from generator.plan.moments import now, parse_at

    game = open_host_game(folder, game_file)
    if isinstance(game, TableGame):
        for asked, given in (("--at", at), ("--days", days)):
            if given is not None:
                raise SheetgenError(
                    f"{asked}: {game.title} is a table game: its posts follow the players' "
                    "moves, not a calendar, so nothing is written ahead; the console shows the "
                    "table after its latest entry"
                )
        table_now = game.host.now(game.source)
        page = table_console(table_now, PLATFORMS)
        written = write_beside_table(table_now.folder, [console_file(page)])
    else:
        require_schedule(game)
        moment = parse_at(at, game.shared) if at else now()
        page = scheduled_console(game, moment, DAYS if days is None else days, PLATFORMS)
        file = console_file(page)
        written = [
            p for p in write_game(game.root, game.plan, [file], force=False) if p.name == file.path
        ]
    for path in written:
        click.echo(f"  {display_path(path)}", err=True)
    steps = sum(len(steps) for slot in page.slots for _, steps in slot.platforms)
    click.echo(
        f"The host's console: {counted(len(page.slots), 'slot')}, {counted(steps, 'step')}. "
        "Open it in a browser "
        "(or send it to your phone); it is for you alone.",
        err=True,
    )
