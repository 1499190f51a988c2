"""Resolvers of the cards a ship meets without a fight: abandoned ships and stations,
planets, open space, stardust, epidemics. Each returns every option the player has."""

from __future__ import annotations

from typing import TypeVar

from generator.games.galaxy_trucker.card_kinds import AbandonedShipCard as AbandonedShip
from generator.games.galaxy_trucker.card_kinds import AbandonedStationCard as AbandonedStation
from generator.games.galaxy_trucker.card_kinds import EpidemicCard as Epidemic
from generator.games.galaxy_trucker.card_kinds import OpenSpaceCard as OpenSpace
from generator.games.galaxy_trucker.card_kinds import PlanetsCard as Planets
from generator.games.galaxy_trucker.card_kinds import StardustCard as Stardust
from generator.games.galaxy_trucker.flight.damage import crew_check
from generator.games.galaxy_trucker.flight.option import Option, distinct
from generator.games.galaxy_trucker.flight.ship import DIRECTION_NAMES
from generator.games.galaxy_trucker.flight.state import (
    Flight,
    State,
    arrange,
    crew_words,
    engine_options,
    remove_crew,
    spend,
)

Rolls = tuple[tuple[int, int], ...]
ALIEN_ORDERS: tuple[tuple[str, ...], ...] = (
    (),
    ("purple",),
    ("brown",),
    ("purple", "brown"),
)

StateT = TypeVar("StateT", bound=State)


def crew_loss_options(state: State, count: int, keep_a_human: bool) -> list[tuple[State, str]]:
    """The ways to give up `count` crew: humans only, or an alien (or both) first."""
    found = []
    for order in ALIEN_ORDERS:
        if any(state.alien(c) is None for c in order):
            continue
        after = remove_crew(state, count, order)
        if keep_a_human and after.human_count < 1:
            continue
        who = " and ".join(f"the {c} alien" for c in order)
        humans = count - len(order)
        if humans > 0:
            who = (
                f"{who} and {humans} human{'s' if humans != 1 else ''}"
                if who
                else (f"{humans} human{'s' if humans != 1 else ''}")
            )
        found.append((after, who))
    return found


def abandoned_ship(flight: Flight, state: State, card: AbandonedShip, rolls: Rolls) -> list[Option]:
    value = card.credits - card.days
    head = f"Crew aboard: {crew_words(state)}."
    options = []
    for after, who in crew_loss_options(state, card.crew_lost, keep_a_human=True):
        if state.crew_count < card.crew_lost:
            break
        options.append(
            Option(
                after,
                value,
                (
                    head,
                    f"Took the ship: {who} stay behind; record {card.credits} credits "
                    f"- {card.days} day(s) = {value}.",
                ),
                (f"take the ship, leaving {who}",),
            )
        )
    why = (
        "fly past"
        if options
        else f"fly past (giving up {card.crew_lost} crew would leave no human aboard)"
    )
    options.append(Option(state, 0, (head, "Flew past: record 0."), (why,) if options else ()))
    return distinct(options)


def abandoned_station(
    flight: Flight, state: State, card: AbandonedStation, rolls: Rolls
) -> list[Option]:
    head = f"Crew aboard: {crew_words(state)} ({state.crew_count}; {card.crew_needed} needed)."
    if state.crew_count < card.crew_needed:
        return [Option(state, 0, (head, "Too few crew to enter the station: record 0."))]
    after, left = arrange(flight, state, [*state.goods(), *card.goods])
    loaded = [g for g in after.goods()]
    lines = (
        head,
        f"Docked and loaded {flight.goods_words(list(card.goods))}; holds now carry "
        f"{flight.goods_words(loaded)}"
        + (f" (left behind: {flight.goods_words(left)})" if left else "")
        + f"; record -{card.days}.",
    )
    return distinct(
        [
            Option(after, -card.days, lines, ("dock and load",)),
            Option(state, 0, (head, "Flew past: record 0."), ("fly past",)),
        ]
    )


def planets(flight: Flight, state: State, card: Planets, rolls: Rolls) -> list[Option]:
    # The landings depend only on the holds and what they carry: worked out once per flight
    # for each cargo (the search lands with the same cargo and other crew, charges).
    key = ("planets", card.id, state.cargo)
    landings: list[Option] | None = flight.memo.get(key)
    if landings is None:
        landings = flight.memo[key] = _landings(flight, state, card)
    options = [
        Option(state.evolve(cargo=o.state.cargo), o.value, o.lines, o.choices) for o in landings
    ]
    options.append(Option(state, 0, ("Flew past: record 0.",), ("fly past",) if options else ()))
    return options


def _landings(flight: Flight, state: State, card: Planets) -> list[Option]:
    """Landing on each planet whose goods fit or improve the holds, the richest first."""
    options = []
    for i, goods in enumerate(card.planets, start=1):
        after, left = arrange(flight, state, [*state.goods(), *goods])
        if after == state:
            continue  # nothing this planet offers fits or improves the holds
        lines = (
            f"Landed on planet {i} ({flight.goods_words(goods)}); holds now carry "
            f"{flight.goods_words(after.goods())}"
            + (f" (left behind: {flight.goods_words(left)})" if left else "")
            + f"; record -{card.days}.",
        )
        options.append(Option(after, -card.days, lines, (f"land on planet {i}",)))
    gain = {id(o): flight.goods_value(o.state.goods()) for o in options}
    options.sort(key=lambda o: -gain[id(o)])
    return options


def open_space(flight: Flight, state: State, card: OpenSpace, rolls: Rolls) -> list[Option]:
    options = []
    for used, power in reversed(engine_options(flight, state)):
        after, _ = spend(state, used)
        how = (
            f"powered {used} double engine{'s' if used != 1 else ''} "
            f"({used} batter{'ies' if used != 1 else 'y'})"
            if used
            else "no double engine powered"
        )
        brown = " (+2 brown alien)" if state.alien("brown") is not None and power > 0 else ""
        lines = [f"Engine strength {power}{brown}, {how}: record {power}."]
        if power == 0:
            after = after.evolve(out="adrift in open space (engine strength 0)")
            lines.append("Engine strength 0: the ship is adrift and out of the round.")
        choice = (f"power {used} double engine{'s' if used != 1 else ''}",)
        options.append(Option(after, power, tuple(lines), choice))
    if len(options) == 1:
        options = [Option(options[0].state, options[0].value, options[0].lines)]
    return options


def stardust(flight: Flight, state: State, card: Stardust, rolls: Rolls) -> list[Option]:
    exposed = flight.ship.exposed(state.present)
    where = ", ".join(f"{flight.ship.parts[c].tile.id} {DIRECTION_NAMES[d]}" for c, d in exposed)
    return [
        Option(
            state,
            -len(exposed),
            (f"{len(exposed)} exposed connectors ({where or 'none'}): record -{len(exposed)}.",),
        )
    ]


def epidemic(flight: Flight, state: State, card: Epidemic, rolls: Rolls) -> list[Option]:
    after, lines = epidemic_losses(flight, state)
    after, more = crew_check(flight, after)
    return [Option(after, 0, (*lines, *more, "Record 0."))]


def epidemic_losses(flight: Flight, state: StateT) -> tuple[StateT, list[str]]:
    """Every occupied cabin joined to another occupied cabin loses one crew member (its
    alien, else a human), and the words for each."""
    ship = flight.ship
    occupied = {c for c, n in state.humans if n > 0} | {c for _, c in state.aliens}
    sick = [c for c in sorted(occupied) if any(o in occupied for o in ship.links(c, state.present))]
    humans = dict(state.humans)
    aliens = list(state.aliens)
    lines = []
    for cabin in sick:
        alien = next((a for a in aliens if a[1] == cabin), None)
        if alien is not None:
            aliens.remove(alien)
            lines.append(f"{flight.label(cabin)} loses the {alien[0]} alien.")
        else:
            humans[cabin] -= 1
            if humans[cabin] == 0:
                del humans[cabin]
            lines.append(f"{flight.label(cabin)} loses a human.")
    if not sick:
        lines.append("No occupied cabin is joined to another occupied cabin: nobody falls ill.")
    return state.evolve(humans=tuple(sorted(humans.items())), aliens=tuple(aliens)), lines
