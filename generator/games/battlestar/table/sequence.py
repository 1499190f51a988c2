"""The turn as a sequence the kit enforces (a log begun under rules 3 or later): Receive
Skills, movement, action, Crisis card, activation, jump preparation, end; each once, for the
current player only. A command that does not fit is refused with what the table waits for.

What the rules let happen out of that order (a card that grants another action, another
draw, another Crisis card, a move or an activation) is said by naming the card:
`--extra CARD`, which the post shows. A log begun before keeps the rules it was written
under: these guards pass it through, so that it replays as it was accepted."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.board import AREA_NAMES, LOCATIONS
from generator.games.battlestar.state import COMMAND_VIPERS, VIPERS_FOLLOWED, TableState
from generator.games.battlestar.table.common import TableError, free_text


def waits(state: TableState) -> str:
    """What the table waits for now, for an error's end (the action queue's first line)."""
    queue = state.queue()
    return f"the table waits for: {queue[0]}" if queue else "the table waits for nothing"


def refuse(state: TableState, why: str) -> TableError:
    return TableError(f"{why}; {waits(state)}")


def extra_card(args: dict[str, Any]) -> str | None:
    """The card (or location) that allows a command out of the sequence: `--extra CARD`.
    An older log's `extra: true` named none."""
    extra = args.get("extra")
    if extra is None or extra is False:
        return None
    if extra is True:
        return "a card"
    return free_text(extra, "--extra")


def extra_note(card: str | None) -> str:
    """The post's words for a command a card allowed."""
    return f" ({card} allows it)" if card else ""


def current_only(state: TableState, seat: int, what: str) -> None:
    if state.sequenced and seat != state.current_seat:
        raise refuse(
            state,
            f"{what} is the current player's ({state.who(state.current_seat)}), not "
            f"{state.player(seat).name}'s (a card that lets another player: --extra CARD)",
        )


def skills_first(state: TableState, what: str) -> None:
    if state.sequenced and not state.skills_received:
        raise refuse(state, f"{what}: the turn begins with Receive Skills")


def action_step(state: TableState, what: str) -> None:
    """`what` is the current player's action: Receive Skills done, the Crisis card not yet
    drawn, no action taken this turn. Marks the action taken."""
    if not state.sequenced:
        return
    skills_first(state, what)
    if state.crisis is not None or state.crises:
        raise refuse(state, f"{what}: the action step is over (the Crisis card is drawn)")
    if state.acted:
        raise refuse(
            state,
            f"{what}: {state.player(state.current_seat).name} has taken the turn's action "
            "(one action a turn; a card that grants another: --extra CARD)",
        )
    if state.check is not None:
        raise refuse(state, f"{what}: the skill check {state.check.name!r} is open")
    state.acted = True


def at_location(state: TableState, location: str, what: str) -> None:
    """The current player takes `location`'s action: they are there, and it is not damaged."""
    if not state.sequenced:
        return
    seat = state.current_seat
    where = state.board.positions.get(seat, "")
    name = LOCATIONS[location][0]
    if where != location:
        raise refuse(
            state,
            f"{what} is {name}'s action: {state.player(seat).name} is at {state.where(seat)}, "
            f"not {name} (a card that allows it: --extra CARD)",
        )
    if location in state.board.damaged_locations():
        raise refuse(state, f"{name} is damaged: its action cannot be taken")


def command_activation(
    state: TableState, area: str, unmanned: int, what: str, lands: str | None = None
) -> None:
    """One of the up to 2 unmanned vipers Command's action activates (the first one takes
    the turn's action); `unmanned`: the unmanned vipers in `area` (a viper in the reserves
    for a launch); `lands`: the area the activated viper is in afterwards (it moved or
    launched there), by default `area`. Each viper is activated once: under rules 4 on, a
    viper that moved or launched is done in the area it reached too (a log begun before
    counted activations per area, so a viper moved on could be activated again)."""
    if not state.sequenced:
        return
    used = sum(state.command_used.values())
    if not state.command_used:
        at_location(state, "command", what)
        action_step(state, what)
    elif state.crisis is not None or state.crises:
        raise refuse(state, f"{what}: the action step is over (the Crisis card is drawn)")
    if used >= COMMAND_VIPERS:
        raise refuse(state, f"{what}: Command activates at most {COMMAND_VIPERS} unmanned vipers")
    if state.rules >= VIPERS_FOLLOWED:
        done = state.command_vipers.get(area, 0)
        if done >= unmanned:
            raise refuse(
                state,
                f"{what}: every unmanned viper in {AREA_NAMES.get(area, area)} has been "
                "activated by Command already (each viper once, to move or to attack: one that "
                "moved there is done)",
            )
        where = lands or area
        state.command_vipers[where] = state.command_vipers.get(where, 0) + 1
    elif state.command_used.get(area, 0) >= unmanned:
        raise refuse(
            state, f"{what}: every unmanned viper there has been activated this turn (once each)"
        )
    state.command_used[area] = state.command_used.get(area, 0) + 1
