"""One round of a Keep on Trucking flight: the end-of-building check with fancy wiring, the
ship made ready (catapults' blue goods, sleepers, the Dead Zone, Metal Fatigue), crewing with
the cyan alien and its ability (Cosmic Psychosis after it), every event searched for the
best round score, and the score boxes with the Lawyer, Manager and Merchant.

Galaxy Trucker's search runs the steps; here its positions are never merged by crew counts
alone (where the crew sit decides where sleepers wake), and its end-of-round score is this
game's (`final_parts`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight import search as base_search
from generator.games.galaxy_trucker.flight.engine import (
    RoundFlight,
    event_values,
    lost_beyond,
    planned_events,
    pretty_note,
    round_plan,
)
from generator.games.galaxy_trucker.flight.option import Option, distinct
from generator.games.galaxy_trucker.flight.search import SEARCH_BUDGET, Played
from generator.games.galaxy_trucker.flight.ship import Cell, N, Ship, opposite
from generator.games.galaxy_trucker.flight.state import Boxes, alien_cabins, crew_words
from generator.games.galaxy_trucker.model import Round
from generator.games.keep_on_trucking.flight.cards import RESOLVERS, resolver
from generator.games.keep_on_trucking.flight.damage import (
    crew_check,
    drop,
    exploded,
    explosion,
    settle,
)
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE, coordinate, joined_to
from generator.games.keep_on_trucking.flight.legality import check
from generator.games.keep_on_trucking.flight.tstate import ABILITIES, CYAN, TFlight, TState
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan

COLOURS = ("purple", "brown", CYAN)
SOLD_EXTRA = ("yellow", "blue")  # the Merchant's goods


@dataclass(frozen=True)
class TruckingRound(RoundFlight):
    """Galaxy Trucker's flown round, with this game's flight and what happened before
    launch (Metal Fatigue); its score boxes are this game's."""

    flight: TFlight
    start: TState
    before: tuple[str, ...] = ()

    @property
    def boxes(self) -> Boxes:
        return boxes(self.flight, self.played)


def front_edge(content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_number: int) -> str | None:
    board = content.boards[round_plan(plan.rounds, round_number).ship]
    rolls = plan.compass
    roll = rolls[round_number - 1] if round_number - 1 < len(rolls) else None
    if board.hits != "labels" or roll is None:
        return None
    return str(content.extras["expansion"].compass[roll])


def roads(
    plan: KeepOnTruckingPlan, round_number: int
) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    drawn = plan.rough_roads
    if round_number - 1 >= len(drawn):
        return ()
    return tuple((r.id, tuple((a, b) for a, b in r.rolls)) for r in drawn[round_number - 1])


def make_flight(
    content: GalaxyTrucker,
    rnd: Round,
    legal: Ship,
    skipped: int,
    events: tuple[tuple[Any, tuple[tuple[int, int], ...]], ...],
    edge: str | None,
    drawn: tuple[tuple[str, tuple[tuple[int, int], ...]], ...],
) -> TFlight:
    dead = None
    for rid, rolls in drawn:
        if rid == "dead-zone" and rolls:
            column = coordinate(legal.board, "column", sum(rolls[0]))
            if column is not None:
                dead = ("column", column)
    return TFlight(
        content,
        rnd,
        legal,
        skipped,
        events,
        front=EDGE_SIDE[edge] if edge else N,
        front_edge=edge,
        roads=drawn,
        dead=dead,
    )


def initial_state(flight: TFlight, lost: int) -> TState:
    ship = flight.ship

    def working(fact: Any) -> list[Cell]:
        return [c for c in ship.order if fact(ship.parts[c].does) and flight.works(c)]

    cabins = working(lambda k: k.crew)
    batteries = [c for c in ship.order if ship.parts[c].does.battery]
    holds = working(lambda k: k.hold)
    chambers = working(lambda k: k.name == "stasis-chamber")
    catapults = working(lambda k: k.name == "catapult")
    blue = {
        h
        for cat in catapults
        for h in joined_to(ship, cat, frozenset(ship.parts), lambda k: k.hold)
    }
    cargo = tuple((c, ("blue",) if c in blue else ()) for c in holds)
    return TState(
        present=frozenset(ship.parts),
        humans=tuple((c, 2) for c in cabins),
        aliens=(),
        charges=tuple(
            (c, (ship.parts[c].type.cells or 0) if flight.works(c) else 0) for c in batteries
        ),
        cargo=cargo,
        lost=lost,
        sleepers=tuple((c, ship.parts[c].type.sleepers or 0) for c in chambers),
    )


def metal_fatigue(flight: TFlight, state: TState) -> tuple[TState, tuple[str, ...]]:
    rolls = flight.road("metal-fatigue")
    if not rolls or len(rolls) < 2:
        return state, ()
    board = flight.ship.board
    row = coordinate(board, "row", sum(rolls[0]))
    column = coordinate(board, "column", sum(rolls[1]))
    where = f"Metal Fatigue, rolls {sum(rolls[0])} and {sum(rolls[1])}"
    if row is None or column is None or (row, column) not in state.present:
        return state, (f"{where}: no component in that cell, nothing happens.",)
    label = flight.label((row, column))
    # Metal Fatigue destroys: Explosive Stuff follows it as it follows a meteor.
    cells = explosion(flight, state, (row, column))
    after, held = drop(flight, state, cells)
    line = (
        f"{where}: {label} cracks and is destroyed"
        + (f", with {', '.join(held)}" if held else "")
        + "."
    )
    # Before launch there is no crew to save yet: the largest chunk is kept.
    option = settle(flight, after, (line, *exploded(flight, cells)), after.crew_count)[0]
    return option.state, option.lines


def crew_options(flight: TFlight, state: TState, ability: str | None) -> list[Option[TState]]:
    """Where the aliens go (one of each colour at most, never the starting cabin, never in
    the Dead Zone), then the cyan alien's ability, then Cosmic Psychosis."""
    ship = flight.ship

    def berths(colour: str) -> list[Cell | None]:
        found = [
            c
            for c in alien_cabins(ship, state.present, colour)
            if flight.works(c)
            and any(
                flight.works(o)
                for o in ship.links(c, state.present)
                if ship.parts[o].does.life_support and ship.parts[o].type.alien == colour
            )
        ]
        return [*found, None]

    options = []
    for p in berths("purple"):
        for b in berths("brown"):
            for c in berths(CYAN):
                chosen = [x for x in (p, b, c) if x is not None]
                if len(set(chosen)) != len(chosen):
                    continue
                after = state
                words = []
                for colour, cabin in zip(COLOURS, (p, b, c), strict=True):
                    if cabin is None:
                        continue
                    humans = tuple((x, n) for x, n in after.humans if x != cabin)
                    after = replace(
                        after, humans=humans, aliens=tuple(sorted((*after.aliens, (colour, cabin))))
                    )
                    words.append(f"the {colour} alien in {flight.label(cabin)}")
                line = (
                    f"Crew: {crew_words(after)}" + (f" ({'; '.join(words)})" if words else "") + "."
                )
                choice = " and ".join(words) if words else "no alien"
                if c is None:
                    options.append(Option(after, 0, (line,), (choice,)))
                    continue
                picks = [ability] if ability else list(flight.abilities)
                for pick in picks:
                    options.append(
                        Option(
                            replace(after, ability=pick),
                            0,
                            (
                                line,
                                f"Cyan ability written on the sheet: {pick}."
                                + (" (as the ship file says)" if ability else ""),
                            ),
                            (choice, f"ability {pick}") if not ability else (choice,),
                        )
                    )
    options.sort(key=lambda o: -len(o.state.aliens))
    psychosis = flight.road("cosmic-psychosis")
    if psychosis and len(psychosis) >= 2:
        board = ship.board
        cell = (
            coordinate(board, "row", sum(psychosis[0])),
            coordinate(board, "column", sum(psychosis[1])),
        )
        mad = []
        for o in options:
            s = o.state
            if cell in s.present and ship.parts[cell].does.crew:
                crew = s.crew_count
                lost = sum(n for x, n in s.humans if x == cell) + sum(
                    1 for _, x in s.aliens if x == cell
                )
                s = replace(
                    s,
                    humans=tuple((x, n) for x, n in s.humans if x != cell),
                    aliens=tuple(a for a in s.aliens if a[1] != cell),
                )
                s, more = crew_check(flight, s, crew)
                o = Option(
                    s,
                    0,
                    (
                        *o.lines,
                        f"Cosmic Psychosis: the {lost} crew in "
                        f"{flight.label(cell)} go mad and are crossed out.",
                        *more,
                    ),
                    o.choices,
                )
            mad.append(o)
        options = mad
    if len(options) == 1:
        options = [replace(options[0], choices=())]
    return distinct(options)


def final_parts(flight: TFlight, state: TState) -> dict[str, int]:
    goods = flight.goods_value(state.goods())
    cargo = math.ceil(goods / 2) if state.out else goods
    merchant = sum(1 for g in state.goods() if g in SOLD_EXTRA) if state.active == "Merchant" else 0
    manager = 2 * len(state.aliens) if state.active == "Manager" and not state.out else 0
    boxes = min(state.lost, flight.rnd.lost_component_boxes)
    lost = -(1 if state.active == "Lawyer" else 2) * boxes
    pretty = 0 if state.out else flight.rnd.pretty_ship - len(flight.ship.exposed(state.present))
    return {
        "cargo": cargo,
        "merchant": merchant,
        "manager": manager,
        "lost": lost,
        "pretty": pretty,
    }


def final_score(flight: TFlight, state: TState) -> int:
    return sum(final_parts(flight, state).values())


class Search(base_search.Search):
    # This game's resolvers (cards.py), each with what applies on every card (a Techie's
    # free battery, a Diplomat). The base search types its steps for Galaxy Trucker's State:
    # this game's take and give its TState (the ignores below say so).
    resolvers = MappingProxyType(
        {name: resolver(inner) for name, inner in RESOLVERS.items()}  # type: ignore[misc]  # TState
    )

    def __init__(self, flight: TFlight, budget: int, move_crew: bool, ability: str | None) -> None:
        super().__init__(flight, budget, move_crew)
        self.steps[0] = lambda s: crew_options(flight, s, ability)  # type: ignore[arg-type, assignment, return-value]  # TState
        # Where the crew sit decides where sleepers wake: never merge seatings.
        self.by_crew_count = False

    def final_score(self, state: Any) -> int:
        return final_score(self.flight, state)  # type: ignore[arg-type]  # a TFlight


def fly(
    flight: TFlight, start: TState, budget: int, move_crew: bool, ability: str | None
) -> Played:
    return base_search.flown(Search(flight, budget, move_crew, ability), start, flight.skipped)


def fly_round(
    content: GalaxyTrucker,
    plan: KeepOnTruckingPlan,
    round_number: int,
    built: Ship,
    skipped: int,
    budget: int = SEARCH_BUDGET,
    ability: str | None = None,
) -> TruckingRound:
    rplan = round_plan(plan.rounds, round_number)
    return fly_built(
        content,
        content.rounds[round_number - 1],
        built,
        skipped,
        planned_events(content, rplan),
        front_edge(content, plan, round_number),
        roads(plan, round_number),
        budget,
        ability,
    )


def fly_built(
    content: GalaxyTrucker,
    rnd: Round,
    built: Ship,
    skipped: int,
    events: tuple[tuple[Any, tuple[tuple[int, int], ...]], ...],
    edge: str | None = None,
    drawn: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = (),
    budget: int = SEARCH_BUDGET,
    ability: str | None = None,
) -> TruckingRound:
    """A built ship flown through `events` (cards with their rolls) in round `rnd`, with
    Ship IA's front edge and the round's Rough Roads cards."""
    legal, removals = check(built, opposite(EDGE_SIDE[edge or "top"]))
    flight = make_flight(content, rnd, legal, skipped, events, edge, drawn)
    start = initial_state(flight, len(removals))
    start, before = metal_fatigue(flight, start)
    move_crew = not flight.has("personalized-cabins")
    played = fly(flight, start, budget, move_crew, ability)
    return TruckingRound(flight, built, tuple(removals), start, played, before)


def boxes(flight: TFlight, played: Played) -> Boxes:
    end: Any = played.end
    parts = final_parts(flight, end)
    goods = flight.goods_value(end.goods())
    cargo_note = f"goods {flight.goods_words(end.goods())} = {goods}" + (
        f", sold at half price (rounded up) = {parts['cargo']}" if end.out else ""
    )
    if parts["merchant"]:
        cargo_note += f"; + {parts['merchant']} Merchant (yellow and blue goods sold)"
    if parts["manager"]:
        cargo_note += f"; + {parts['manager']} Manager (2 per alien aboard)"
    counted = min(end.lost, flight.rnd.lost_component_boxes)
    each = 1 if end.active == "Lawyer" else 2
    lost_note = (
        f"{counted} box{'es' if counted != 1 else ''} × −{each}"
        + (" (Lawyer: half)" if each == 1 else "")
        + lost_beyond(flight, end, counted)
    )
    return Boxes(
        position=-2 * flight.skipped,
        events=event_values(flight, played),
        cargo=parts["cargo"] + parts["merchant"] + parts["manager"],
        lost=parts["lost"],
        pretty=parts["pretty"],
        cargo_note=cargo_note,
        lost_note=lost_note,
        pretty_note=pretty_note(flight, end),
    )


__all__ = ["ABILITIES", "TruckingRound", "boxes", "fly_round"]
