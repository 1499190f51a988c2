"""One round's flight from a ship: check it, crew it, fly the planned events, score it.

`prepare` turns a ship file (or a bot's ship) and the plan into the fixed `Flight` and its
first state; `fly_round` runs the search; `boxes` fills the round sheet's score boxes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.common.errors import SheetgenError
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.legality import Removal, check
from generator.games.galaxy_trucker.flight.search import SEARCH_BUDGET, Played, fly
from generator.games.galaxy_trucker.flight.ship import Ship
from generator.games.galaxy_trucker.flight.state import (
    Boxes,
    Flight,
    State,
    final_parts,
    initial_state,
)
from generator.games.galaxy_trucker.plan import RoundPlan


@dataclass(frozen=True)
class RoundFlight:
    flight: Flight
    built: Ship  # the ship as built, before the legality check
    removals: tuple[Removal, ...]
    start: State
    played: Played

    @property
    def boxes(self) -> Boxes:
        return boxes(self.flight, self.played)


def round_plan(rounds: Sequence[RoundPlan], round_number: int) -> RoundPlan:
    if not 1 <= round_number <= len(rounds):
        raise SheetgenError(f"--round {round_number} is not a round of this game (1-{len(rounds)})")
    return rounds[round_number - 1]


def planned_events(
    content: GalaxyTrucker, rplan: RoundPlan
) -> tuple[tuple[Any, tuple[tuple[int, int], ...]], ...]:
    return tuple(
        (content.cards_by_id[e.card.id], tuple((r[0], r[1]) for r in e.rolls))
        for turn in rplan.flight_turns
        for e in turn.events
    )


def fly_round(
    content: GalaxyTrucker,
    rounds: Sequence[RoundPlan],
    round_number: int,
    built: Ship,
    skipped: int,
    budget: int = SEARCH_BUDGET,
    move_crew: bool = True,
) -> RoundFlight:
    rplan = round_plan(rounds, round_number)
    rnd = content.rounds[round_number - 1]
    legal, removals = check(built)
    flight = Flight(content, rnd, legal, skipped, planned_events(content, rplan))
    start = initial_state(legal, len(removals))
    return RoundFlight(flight, built, tuple(removals), start, fly(flight, start, budget, move_crew))


def event_values(flight: Flight, played: Played) -> tuple[int, ...]:
    """Each Event box: what the choice recorded, 0 for the events after leaving the round."""
    events = [d.option.value for d in played.decisions[1:]]
    return tuple(events + [0] * (len(flight.events) - len(events)))


def lost_beyond(flight: Flight, end: State, counted: int) -> str:
    """The note on components lost beyond the sheet's Lost Components boxes."""
    boxes = flight.rnd.lost_component_boxes
    beyond = f" ({end.lost} components lost; the sheet has {boxes} boxes)"
    return beyond if end.lost > counted else ""


def pretty_note(flight: Flight, end: State) -> str:
    exposed = len(flight.ship.exposed(end.present))
    return (
        "0: out of the round"
        if end.out
        else f"{flight.rnd.pretty_ship} − {exposed} exposed connector{'s' if exposed != 1 else ''}"
    )


def boxes(flight: Flight, played: Played) -> Boxes:
    end = played.end
    cargo, lost, pretty = final_parts(flight, end)
    goods = flight.goods_value(end.goods())
    cargo_note = f"goods {flight.goods_words(end.goods())} = {goods}" + (
        f", sold at half price (rounded up) = {cargo}" if end.out else ""
    )
    counted = min(end.lost, flight.rnd.lost_component_boxes)
    lost_note = f"{counted} box{'es' if counted != 1 else ''} × −2" + lost_beyond(
        flight, end, counted
    )
    return Boxes(
        position=-2 * flight.skipped,
        events=event_values(flight, played),
        cargo=cargo,
        lost=lost,
        pretty=pretty,
        cargo_note=cargo_note,
        lost_note=lost_note,
        pretty_note=pretty_note(flight, end),
    )
