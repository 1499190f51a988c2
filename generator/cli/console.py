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

AHEAD = 2


@main.command()
@game_folder_option
@at_option
@click.option(
    "--ahead",
    default=None,
    type=click.IntRange(0, 100),
    metavar="N",
    help=f"How many of the next slots to name (titles and times) [default: {AHEAD}]",
)
@click.option(
    "--host-preview",
    is_flag=True,
    help="Show the next slots' texts too (the page's banner then says so): never post early.",
)
@table_game_file_option
@report_errors
def console(
    folder: Path | None,
    at: str | None,
    ahead: int | None,
    host_preview: bool,
    game_file: Path | None,
) -> None:
    """Write console.html: the host's page of what to post now and next, per platform, each
    text with a Copy button, each picture with Save and Share, a check box per step. One
    file that works offline, on a phone too; for the host alone.

    For a table game: the table after its latest entry (private messages named, never shown)."""
    from generator.folder.table_files import write_beside_table
    from generator.folder.write import write_game
    from generator.host.console import console_file, scheduled_console, table_console
    from generator.host.game_folder import require_schedule
    from generator.host.table_open import TableGame, open_host_game
    from generator.plan.moments import now, parse_at

    game = open_host_game(folder, game_file)
    if isinstance(game, TableGame):
        for asked, given in (("--at", at), ("--ahead", ahead), ("--host-preview", host_preview)):
            if given is not None and given is not False:
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
        moment = parse_at(at, game.plan) if at else now()
        page = scheduled_console(
            game, moment, AHEAD if ahead is None else ahead, host_preview, PLATFORMS
        )
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
