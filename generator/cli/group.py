"""The `sheetgen` group: the core's commands and those games add (entry points), listed
without importing the games; each core command's module imported when it runs."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import click

from generator import __version__
from generator.cli.base import report_errors

GAME_COMMANDS = "sheetgen.commands"
# The core's commands and the module of this package that defines each: a command imports
# its own module, not the others' (`--help` imports them all). A test holds this table to
# the commands the modules define.
CORE_COMMANDS = {
    "balance": "checks",
    "bgg-image": "bgg_image",
    "check": "checks",
    "console": "console",
    "correct": "host",
    "digest": "host",
    "game": "game_commands",
    "new": "new_game",
    "plan": "game_commands",
    "posted": "host",
    "rankings": "host",
    "reveal": "game_commands",
    "round": "game_commands",
    "score": "checks",
    "send": "send",
    "sheets": "game_commands",
    "today": "host",
    "trick": "checks",
    "turn": "game_commands",
    "verify": "checks",
}


def _game_commands() -> dict[str, Any]:
    """Commands a game adds (a moderator's table, a card game's bids), declared as entry
    points of the `sheetgen.commands` group in pyproject.toml: listed without importing
    the game, imported when run."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GAME_COMMANDS)}


def _game_of(module: str) -> str:
    """`generator.games.battlestar.commands` -> `battlestar`; an installed game's own package."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["generator", "games"] and len(parts) > 2 else parts[0]


# The callbacks already wrapped: a command group loaded twice is not wrapped twice.
_reporting: set[Callable[..., Any]] = set()


def _wrap(command: click.Command) -> click.Command:
    """A game's commands report unexpected failures like the core's."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _wrap(sub)
    elif command.callback is not None and command.callback not in _reporting:
        command.callback = report_errors(command.callback)
        _reporting.add(command.callback)
    return command


class SheetgenGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *CORE_COMMANDS, *_game_commands()})

    def core_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A core command, its module imported first (it registers its commands on `main`)."""
        module = CORE_COMMANDS.get(cmd_name)
        if module is not None and cmd_name not in self.commands:
            importlib.import_module(f"{__package__}.{module}")
        return super().get_command(ctx, cmd_name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = self.core_command(ctx, cmd_name)
        if found is not None:
            return found
        entry = _game_commands().get(cmd_name)
        return _wrap(entry.load()) if entry is not None else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The core's commands with their help; a game's by name (importing every game to
        read its help would make `--help` slow)."""
        rows = []
        games = _game_commands()
        for name in self.list_commands(ctx):
            if name in games:
                pack = _game_of(games[name].module).replace("_", "-")
                rows.append((name, f"The {pack} pack's own commands (sheetgen {name} --help)."))
                continue
            command = self.core_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(formatter.width - 6 - len(name))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The packs this sheetgen ships, and how a game starts: an installed user has no
        checkout to look them up in."""
        from generator.cli.base import shipped_packs_text

        packs, default = shipped_packs_text()
        formatter.write_paragraph()
        formatter.write_text(f"Game packs: {packs} (default: {default}).")
        formatter.write_paragraph()
        formatter.write_text(
            "Start a game: `sheetgen new PACK` writes an example game file with a new secret "
            "seed, and says the command that makes the game from it."
        )
        super().format_epilog(ctx, formatter)


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option(
    "--strict",
    is_flag=True,
    help="Treat warnings as errors: a command that gives any ends with exit code 1.",
)
@click.pass_context
def main(ctx: click.Context, strict: bool) -> None:
    """Everything a host needs to run a board game by post, from one seed."""
    from generator.common.warnings_count import start_counting

    _require_working_folder()

    start_counting(strict)
    if strict:
        ctx.call_on_close(_fail_on_warnings)


def _require_working_folder() -> None:
    """A shell left in a folder that was deleted (or deleted and made again, as a host may
    do with a game folder) has no working folder: every relative path, and libraries that
    ask for it, would fail deep inside a command. Said once, before any command starts."""
    import os

    try:
        os.getcwd()
    except FileNotFoundError:
        from generator.common.errors import SheetgenError

        raise SheetgenError(
            "the folder this command runs in no longer exists (it was deleted, or deleted "
            'and made again, since the shell went into it): go into it again (cd "$PWD") or '
            "run the command from another folder"
        ) from None


def _fail_on_warnings() -> None:
    from generator.common.warnings_count import given

    count = len(given())
    if count:
        click.echo(f"{count} warning{'s' if count != 1 else ''} in strict mode", err=True)
        raise SystemExit(1)
