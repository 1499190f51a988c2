"""The moderator's table: every command by name. Each command takes the state and its
arguments (as logged), changes the state and says what to post (`Outcome`).

A command that cannot apply raises TableError (exit 2); the runner applies commands to a
copy of the table and logs only those that returned."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.games.battlestar.state import TableState
from generator.games.battlestar.table_cards import cmd_draw, cmd_play, cmd_skills
from generator.games.battlestar.table_checks import (
    cmd_check_add,
    cmd_check_open,
    cmd_check_resolve,
)
from generator.games.battlestar.table_common import Outcome, TableError
from generator.games.battlestar.table_fleet import cmd_fleet, cmd_jump, cmd_prep
from generator.games.battlestar.table_loyalty import (
    cmd_brig,
    cmd_cylon,
    cmd_sleeper,
    cmd_sympathizer,
    cmd_title,
)
from generator.games.battlestar.table_turns import cmd_end, cmd_next

Command = Callable[[TableState, int, dict[str, Any]], Outcome]

COMMANDS: dict[str, Command] = {
    "draw": cmd_draw,
    "skills": cmd_skills,
    "play": cmd_play,
    "check-open": cmd_check_open,
    "check-add": cmd_check_add,
    "check-resolve": cmd_check_resolve,
    "fleet": cmd_fleet,
    "prep": cmd_prep,
    "jump": cmd_jump,
    "sleeper": cmd_sleeper,
    "cylon": cmd_cylon,
    "sympathizer": cmd_sympathizer,
    "brig": cmd_brig,
    "title": cmd_title,
    "next": cmd_next,
    "end": cmd_end,
}

__all__ = ["COMMANDS", "Command", "Outcome", "TableError", "cmd_brig", "cmd_cylon", "cmd_title"]
