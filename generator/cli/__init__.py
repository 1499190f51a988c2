"""The `sheetgen` command line: parse, call, report. No game logic lives here; one module per
command family (game_commands, checks, host with table_host for a table game), the shared
options and error reporting in base, the group itself in group (it finds the games' own
command groups), forward (old spellings of a game's commands handed on to its group).

Only click is imported up front: the content loader, pydantic, the games and the drawing
libraries are imported by the command that needs them, so `sheetgen --help` answers at
once even on a busy machine."""

# Each family registers its commands on `main` when imported.
from generator.cli import (  # noqa: F401
    bgg_image,
    checks,
    console,
    game_commands,
    host,
    new_game,
    send,
)
from generator.cli.group import main

__all__ = ["main"]
