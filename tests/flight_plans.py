"""Plans for the flight engines' worked examples: a Galaxy Trucker (or Keep on Trucking) plan
whose round flies the example's cards in one flight turn (turn 9), so the account numbers
and dates its events as a game's would. Only what the account reads is the example's own:
the header is a placeholder, the build turns and stacks are empty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.games.galaxy_trucker.plan import Event, FlightTurn, GalaxyTruckerPlan, RoundPlan
from generator.games.galaxy_trucker.planner import card_ref
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan, TruckingOptions
from generator.plan.model import PLAN_FORMAT

HEADER: dict[str, Any] = {
    "format": PLAN_FORMAT,
    "pack": "example",
    "pack_version": "1",
    "content_digest": "example",
    "seed": "example",
    "commitment": "example",
    "game_id": "EXAMPLE",
    "start": None,
}


def example_rounds(
    events: Sequence[tuple[Any, Sequence[tuple[int, int]]]], round_no: int = 1, ship: str = "I"
) -> tuple[RoundPlan, ...]:
    """`round_no` rounds, each flying `events` (card, rolls) in turn 9."""
    turn = FlightTurn(9, tuple(Event(card_ref(card), tuple(rolls)) for card, rolls in events))
    return tuple(RoundPlan(n, ship, (), (), 1, (turn,)) for n in range(1, round_no + 1))


def example_plan(
    events: Sequence[tuple[Any, Sequence[tuple[int, int]]]], round_no: int = 1, ship: str = "I"
) -> GalaxyTruckerPlan:
    return GalaxyTruckerPlan(**HEADER, rounds=example_rounds(events, round_no, ship), schedule=())


def example_trucking_plan(
    events: Sequence[tuple[Any, Sequence[tuple[int, int]]]],
    round_no: int = 1,
    ship: str = "I",
    titles: str = "none",
) -> KeepOnTruckingPlan:
    return KeepOnTruckingPlan(
        **HEADER,
        rounds=example_rounds(events, round_no, ship),
        schedule=(),
        options=TruckingOptions(ships=(), titles=titles),
    )
