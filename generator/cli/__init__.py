"""The `sheetgen` command line: parse, call, report. No game logic lives here; one module per
command family (game_commands, checks, host with table_host for a table game), the shared
options and error reporting in base, the group itself in group (it finds the games' own
command groups, and imports a core command's module when that command runs), forward (old
spellings of a game's commands handed on to its group).

Only click is imported up front: the content loader, the content models, the games and the drawing
libraries are imported by the command that needs them, so `sheetgen --help` answers at
once even on a busy machine."""

from generator.cli.group import main

__all__ = ["main"]
