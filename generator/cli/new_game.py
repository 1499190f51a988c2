"""`sheetgen new PACK [FILE]`: a commented example game file to start a game from, with a
fresh secret seed. An installed sheetgen has no checkout and no seeds/ folder to copy one
from; the examples ship in the package (generator/examples/)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from generator.cli.base import parse_date, report_errors
from generator.cli.group import main
from generator.common.errors import SheetgenError, display_path


@main.command(name="new")
@click.argument("pack")
@click.argument("file", required=False, type=click.Path(path_type=Path))
@click.option("--seed", default=None, help="The game's secret seed [default: a new one].")
@click.option(
    "--start",
    default=None,
    callback=parse_date,
    metavar="YYYY-MM-DD",
    help="Date of day 1 [default: tomorrow].",
)
@report_errors
def new(pack: str, file: Path | None, seed: str | None, start: dt.date | None) -> None:
    """Write a commented example game file for PACK (any shipped pack: `sheetgen --help`
    names them) to FILE [default: PACK-game.yaml here], with a new secret seed. Edit it,
    then start the game with the command it names. Never writes over a file."""
    from generator.kit.game_file_example import example_game_file, start_command

    target = file if file is not None else Path(f"{pack}-game.yaml")
    text = example_game_file(pack, display_path(target), seed, start)
    try:
        with open(target, "x", encoding="utf-8") as out:
            out.write(text)
    except FileExistsError:
        raise SheetgenError(
            f"{display_path(target)} already exists: not written over (name another file, "
            f"e.g. `sheetgen new {pack} {pack}-game-2.yaml`)"
        ) from None
    except OSError as exc:
        raise SheetgenError(f"{display_path(target)}: cannot write it ({exc.strerror})") from None
    click.echo(f"Wrote {display_path(target)}: an example {pack} game file with a new secret seed.")
    click.echo(
        f"Edit it (its comments say what each line sets), then: {start_command(pack, target)}"
    )
