"""Table commands for characters on the board: movement (a discard to change ship; a pilot
between space areas), and a die roll the kit does not otherwise make (a Crisis card's, a
location's): from the seed, said in the post."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.board import (
    AREA_NAMES,
    AREAS,
    HAZARDOUS,
    LOCATIONS,
    SPACE,
    adjacent,
    location_name,
    ship_of,
)
from generator.games.battlestar.posts.post import TableBlock, b, item, para
from generator.games.battlestar.state import TableState
from generator.games.battlestar.table.common import (
    Outcome,
    TableError,
    card_name,
    discard,
    free_text,
    not_over,
    seat_of,
    take_from_hand,
)
from generator.games.battlestar.table.sequence import refuse, skills_first


def _destination(value: Any) -> str:
    wanted = str(value).strip().casefold().replace(" ", "-").replace("'", "")
    if wanted in LOCATIONS:
        return wanted
    if wanted in AREAS:
        return SPACE + wanted
    for key, (name, _) in LOCATIONS.items():
        if name.casefold() == str(value).strip().casefold():
            return key
    raise TableError(
        f"no location {value!r} (expected one of: {', '.join(LOCATIONS)}; a pilot may name a "
        f"space area: {', '.join(AREAS)})"
    )


def cmd_move(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """The current player's movement step (once a turn; a discard to change ship; a pilot
    to an adjacent area, or with a discard back aboard while the viper returns to the
    reserves); `effect`: a card or location moves a character (no step, no discard)."""
    not_over(state)
    seat = seat_of(state, args["player"])
    to = _destination(args["to"])
    effect = bool(args.get("effect"))
    board = state.board
    player = state.player(seat)
    here = board.positions.get(seat, "stranded")
    if to == here:
        raise TableError(f"{player.name} is at {location_name(here)} already")
    if not effect:
        if seat != state.current_seat:
            raise TableError(
                "only the current player moves in the movement step "
                f"({state.who(state.current_seat)}); a card or location's move: --effect"
            )
        if state.moved:
            raise TableError(f"{player.name} has moved this turn already")
        if state.crisis is not None:
            raise TableError("the movement step is over (the Crisis card is drawn)")
        skills_first(state, "movement")
        if state.sequenced and state.acted:
            raise refuse(state, "movement comes before the action, and the action is taken")
        if player.brig or here == "brig":
            if player.brig:
                raise TableError(
                    f"{player.name} is in the Brig: only its action or a card frees them"
                )
        if to in HAZARDOUS:
            raise TableError(
                f"nobody moves into {LOCATIONS[to][0]} but by a card or an action (--effect)"
            )
        if to in board.damaged_locations():
            raise TableError(f"{LOCATIONS[to][0]} is damaged: nobody moves there")
    cylon = ship_of(to) == "cylon"
    if cylon != player.revealed and not to.startswith(SPACE):
        raise TableError(
            f"{'a revealed Cylon moves only to' if player.revealed else 'a human never moves to'} "
            "Cylon locations"
        )
    blocks: list[TableBlock] = []
    cards = [str(c) for c in args.get("discard") or []]
    from_ship, to_ship = ship_of(here), ship_of(to)
    if to.startswith(SPACE):
        area = to.removeprefix(SPACE)
        start = board.pilot_area(seat)
        if start is None:
            raise TableError(f"{player.name} is not piloting a viper (bsg launch --pilot)")
        if not effect and not adjacent(start, area):
            raise TableError(
                "a viper moves to an adjacent area "
                f"({AREA_NAMES[start]} → {AREA_NAMES[area]} is not)"
            )
        board.areas[start].vipers.remove(seat)
        board.areas[area].vipers.append(seat)
    else:
        needs = (
            not effect
            and from_ship in ("galactica", "colonial-one", "space")
            and from_ship != to_ship
        )
        if needs and len(cards) != 1:
            raise TableError(
                f"moving from {location_name(here)} to {location_name(to)} changes ship: discard 1 "
                "skill card (--discard type:value)"
            )
        if not needs and cards:
            raise TableError("this move asks for no discard")
        if needs:
            taken = take_from_hand(state, seat, cards, skill_only=True)
            discard(state, taken)
            blocks.append(item(f"Discards {card_name(state, taken[0])} to change ship."))
        start = board.pilot_area(seat)
        if start is not None:
            board.areas[start].vipers.remove(seat)
            state.reserves["vipers"] += 1
            blocks.append(item("The viper returns to the reserves."))
    board.positions[seat] = to
    if not effect:
        state.moved = True
    why = f" ({free_text(args['reason'], 'reason')})" if args.get("reason") else ""
    blocks.insert(
        0,
        para(f"{state.who(seat)} moves {location_name(here)} → ", b(location_name(to)), f"{why}."),
    )
    return Outcome("Movement", blocks)


def cmd_roll(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A die roll the rules ask for outside the kit's own attacks (a Crisis card, a raptor's
    scouting): from the seed, so a replay rolls the same and the seed's commitment covers it."""
    not_over(state)
    reason = free_text(str(args.get("reason") or "").strip(" '\"") or "a roll", "reason")
    value = state.board.roll(state.seed)
    return Outcome("Die roll", [para(f"Die roll for {reason}: ", b(str(value)), ".")])
