"""The moderator's table: every command by name. Each command takes the state and its
arguments (as logged), changes the state and says what to post (`Outcome`).

A command that cannot apply raises TableError (exit 2); the runner applies commands to a
copy of the table and logs only those that returned."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.games.battlestar.state import TableState
from generator.games.battlestar.table.cards import cmd_draw, cmd_play, cmd_resolved, cmd_skills
from generator.games.battlestar.table.checks import (
    cmd_check_add,
    cmd_check_open,
    cmd_check_resolve,
)
from generator.games.battlestar.table.common import Outcome, TableError
from generator.games.battlestar.table.fleet import cmd_fleet, cmd_jump, cmd_prep
from generator.games.battlestar.table.loyalty import (
    cmd_brig,
    cmd_cylon,
    cmd_sleeper,
    cmd_sympathizer,
    cmd_title,
)
from generator.games.battlestar.table.moves import cmd_move, cmd_roll
from generator.games.battlestar.table.space import (
    cmd_activate,
    cmd_attack,
    cmd_damage,
    cmd_destroy,
    cmd_launch,
    cmd_place,
    cmd_repair,
    cmd_shift,
)
from generator.games.battlestar.table.turns import cmd_correct, cmd_end, cmd_next

Command = Callable[[TableState, int, dict[str, Any]], Outcome]

RAW: dict[str, Command] = {
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
    "resolved": cmd_resolved,
    "place": cmd_place,
    "destroy": cmd_destroy,
    "launch": cmd_launch,
    "activate": cmd_activate,
    "attack": cmd_attack,
    "damage": cmd_damage,
    "repair": cmd_repair,
    "move": cmd_move,
    "roll": cmd_roll,
    "shift": cmd_shift,
    "correct": cmd_correct,
}
# While the Sympathizer is held unrevealed after the sleeper deal, only its reveal goes on.
AT_ONCE = ("sympathizer", "end", "correct")


def _guarded(name: str, command: Command) -> Command:
    def run(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
        if name not in AT_ONCE and state.sympathizer_due():
            raise TableError(
                "the Sympathizer was dealt: it is revealed at once (bsg sympathizer PLAYER) "
                "before anything else"
            )
        return command(state, n, args)

    run.__doc__ = command.__doc__
    return run


COMMANDS: dict[str, Command] = {name: _guarded(name, c) for name, c in RAW.items()}

__all__ = ["COMMANDS", "Command", "Outcome", "TableError", "cmd_brig", "cmd_cylon", "cmd_title"]
