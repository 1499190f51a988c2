"""What changes during a flight, and the small rules that change it.

A `State` is frozen and hashable, so the search can remember positions it has scored. The
ship's geometry stays in `Ship`; the state says which of its tiles are still there and what
they hold. Conventions where the rules leave the player a choice that does not change the
round score now (the search decides only choices that can change it):
- batteries are spent from the battery with the most cells left (first in reading order on
  a tie), so charge is kept spread over the ship;
- crew given up (abandoned ships, slavers) leave from the least-occupied cabin first; crew
  move only before an epidemic, to lose fewer crew to it (seating.py says why not before
  meteors and shots);
- goods are arranged anew whenever goods are loaded: the most valuable set the holds can
  take, red goods only in hazardous holds, holds filled in reading order."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.ship import Cell, N, S, Ship
from generator.games.galaxy_trucker.model import Card, Round

Pairs = tuple[tuple[Cell, int], ...]
Loads = tuple[tuple[Cell, tuple[str, ...]], ...]


@dataclass(frozen=True)
class State:
    present: frozenset[Cell]
    humans: Pairs  # cabin -> humans in it (cabins with at least one)
    aliens: tuple[tuple[str, Cell], ...]  # colour -> cabin
    charges: Pairs  # battery -> cells left
    cargo: Loads  # hold -> goods in it, most valuable first
    lost: int = 0
    out: str = ""  # why the ship is out of the round; empty while it flies

    def evolve(self, **changes: object) -> Self:
        """This state with `changes`, as dataclasses.replace makes it (every field copied, an
        expansion's too) but without its per-field work: the search makes hundreds of
        thousands of states. Only field names may be given (nothing checks them here)."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.pop("_hash", None)
        fields.update(changes)
        return new

    def __hash__(self) -> int:
        """The hash dataclass would give (of the fields, in order), worked out once: the
        search looks a state up many times (its memo, `distinct`). An expansion's state
        class gets dataclass's own hash of all its fields."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash(
                (
                    self.present,
                    self.humans,
                    self.aliens,
                    self.charges,
                    self.cargo,
                    self.lost,
                    self.out,
                )
            )
            self.__dict__["_hash"] = found
        return found

    def __eq__(self, other: object) -> bool:
        """Dataclass's equality (same class, every field equal), without building a tuple of
        the fields of each side: the search compares states whenever it looks one up."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, State)
        return (
            self.lost == other.lost
            and self.out == other.out
            and self.charges == other.charges
            and self.humans == other.humans
            and self.aliens == other.aliens
            and self.cargo == other.cargo
            and self.present == other.present
        )

    def __getstate__(self) -> dict[str, object]:
        # A string's hash differs from process to process: a pickled state (a worker's)
        # works its hash out again.
        fields = dict(self.__dict__)
        fields.pop("_hash", None)
        return fields

    @property
    def human_count(self) -> int:
        count = 0  # a plain loop: asked for at every step of the search
        for _, n in self.humans:
            count += n
        return count

    @property
    def crew_count(self) -> int:
        return self.human_count + len(self.aliens)

    @property
    def battery_count(self) -> int:
        count = 0
        for _, n in self.charges:
            count += n
        return count

    def alien(self, colour: str) -> Cell | None:
        for c, cell in self.aliens:
            if c == colour:
                return cell
        return None

    def goods(self) -> list[str]:
        return [g for _, load in self.cargo for g in load]

    def extras(self) -> tuple[object, ...]:
        """What an expansion's state adds (Keep on Trucking's sleepers and cyan ability):
        part of every position the search tells apart, even by crew counts alone."""
        return ()


@dataclass(frozen=True)
class Flight:
    """Everything fixed during one round's flight."""

    content: GalaxyTrucker
    rnd: Round
    ship: Ship
    skipped: int
    events: tuple[tuple[Card, tuple[tuple[int, int], ...]], ...]
    # Worked out once per flight, since the search asks again and again: each good's value
    # and whether it is hazardous, and `memo`, where pure functions of part of a state keep
    # their results (keys start with the function's name: `("arrange", holds, goods)`).
    values: dict[str, int] = field(init=False, repr=False, compare=False)
    hazardous: dict[str, bool] = field(init=False, repr=False, compare=False)
    memo: dict[Hashable, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        goods = self.content.goods
        object.__setattr__(self, "values", {name: g.value for name, g in goods.items()})
        object.__setattr__(self, "hazardous", {name: g.hazardous for name, g in goods.items()})
        object.__setattr__(self, "memo", {})

    def value(self, good: str) -> int:
        return self.values[good]

    def goods_value(self, goods: list[str] | tuple[str, ...]) -> int:
        values = self.values
        return sum([values[g] for g in goods])

    def goods_words(self, goods: list[str] | tuple[str, ...]) -> str:
        return ", ".join(goods) if goods else "nothing"

    def label(self, cell: Cell) -> str:
        return self.ship.label(cell)


def initial_state(ship: Ship, lost: int) -> State:
    present = frozenset(ship.parts)
    cabins = [c for c in ship.order if ship.parts[c].does.crew]
    batteries = [c for c in ship.order if ship.parts[c].does.battery]
    holds = [c for c in ship.order if ship.parts[c].does.hold]
    return State(
        present=present,
        humans=tuple((c, 2) for c in cabins),
        aliens=(),
        charges=tuple((c, ship.parts[c].type.cells or 0) for c in batteries),
        cargo=tuple((c, ()) for c in holds),
        lost=lost,
    )


# --- aliens ------------------------------------------------------------------------------
def alien_cabins(ship: Ship, present: frozenset[Cell], colour: str) -> list[Cell]:
    """Cabins (never the starting cabin) joined by a connector to a life support of `colour`."""
    found = []
    for cell in ship.having("alien_berth", present):
        for other in ship.links(cell, present):
            part = ship.parts[other]
            if part.does.life_support and part.type.alien == colour:
                found.append(cell)
                break
    return found


def place_alien(state: State, colour: str, cabin: Cell) -> State:
    humans = tuple((c, n) for c, n in state.humans if c != cabin)
    return state.evolve(humans=humans, aliens=tuple(sorted((*state.aliens, (colour, cabin)))))


def unsupported_aliens(ship: Ship, state: State) -> list[tuple[str, Cell]]:
    """Aliens whose cabin is gone or lost its life support: they go home."""
    return [
        (colour, cabin)
        for colour, cabin in state.aliens
        if cabin not in state.present or cabin not in alien_cabins(ship, state.present, colour)
    ]


# --- crew --------------------------------------------------------------------------------
# A game's state (an expansion's State has more fields): what these give back is of its kind.
AnyState = TypeVar("AnyState", bound=State)


def remove_humans(state: AnyState, count: int) -> AnyState:
    humans = dict(state.humans)
    for _ in range(count):
        if not humans:
            break
        cabin = min(humans, key=lambda c: (humans[c], c))
        humans[cabin] -= 1
        if humans[cabin] == 0:
            del humans[cabin]
    return state.evolve(humans=tuple(sorted(humans.items())))


def remove_crew(state: AnyState, count: int, aliens_first: tuple[str, ...]) -> AnyState:
    """Lose `count` crew: the named aliens first (in that order), then humans."""
    aliens = list(state.aliens)
    for colour in aliens_first:
        if count == 0:
            break
        match = [a for a in aliens if a[0] == colour]
        if match:
            aliens.remove(match[0])
            count -= 1
    return remove_humans(state.evolve(aliens=tuple(aliens)), count)


def crew_words(state: State) -> str:
    aliens = " and ".join(f"the {c} alien" for c, _ in state.aliens)
    humans = f"{state.human_count} human{'s' if state.human_count != 1 else ''}"
    return f"{humans} and {aliens}" if aliens else humans


# --- batteries ---------------------------------------------------------------------------
def spend(state: State, count: int) -> tuple[State, list[Cell]]:
    if count == 0:  # often: a fight or an open space with no double powered
        return state.evolve(charges=tuple(sorted(state.charges))), []
    charges = dict(state.charges)
    used = []
    for _ in range(count):
        cell = max(charges, key=lambda c: (charges[c], -c[0], -c[1]))
        charges[cell] -= 1
        used.append(cell)
    return state.evolve(charges=tuple(sorted(charges.items()))), used


# --- goods -------------------------------------------------------------------------------
def arrange(flight: Flight, state: AnyState, goods: list[str]) -> tuple[AnyState, list[str]]:
    """The holds loaded with the most valuable choice of `goods`; the goods left behind."""
    # The loads depend only on the holds still aboard and the goods offered: remembered
    # per flight, as many positions of the search offer the same goods to the same holds.
    holds = tuple(c for c, _ in state.cargo)
    key = ("arrange", holds, tuple(goods))
    found: tuple[Loads, tuple[str, ...]] | None = flight.memo.get(key)
    if found is None:
        found = flight.memo[key] = _arrange(flight, holds, goods)
    cargo, left = found
    return state.evolve(cargo=cargo), list(left)


def _holds(flight: Flight, holds: tuple[Cell, ...]) -> tuple[list[Cell], list[Cell], int, int]:
    """The hazardous holds, the others, and the slots of each sort; once per set of holds."""
    key = ("holds", holds)
    found: tuple[list[Cell], list[Cell], int, int] | None = flight.memo.get(key)
    if found is None:
        ship = flight.ship
        hazard = [c for c in holds if ship.parts[c].type.hazardous]
        normal = [c for c in holds if not ship.parts[c].type.hazardous]
        hazard_slots = sum(ship.parts[c].type.slots or 0 for c in hazard)
        normal_slots = sum(ship.parts[c].type.slots or 0 for c in normal)
        found = flight.memo[key] = (hazard, normal, hazard_slots, normal_slots)
    return found


def _arrange(
    flight: Flight, holds: tuple[Cell, ...], goods: list[str]
) -> tuple[Loads, tuple[str, ...]]:
    ship = flight.ship
    hazard, normal, hazard_slots, normal_slots = _holds(flight, holds)
    values = flight.values
    by_value = sorted(goods, key=lambda g: (-values[g], g))
    red = [g for g in by_value if flight.hazardous[g]]
    other = [g for g in by_value if not flight.hazardous[g]]
    best: tuple[int, list[str], list[str]] | None = None
    for h in range(min(len(red), hazard_slots) + 1):
        in_hazard = red[:h]
        room = normal_slots + hazard_slots - h
        rest = other[:room]
        total = flight.goods_value(in_hazard) + flight.goods_value(rest)
        if best is None or total > best[0]:
            best = (total, in_hazard, rest)
    assert best is not None
    _, reds, rest = best
    to_normal = rest[:normal_slots]
    to_hazard = reds + rest[normal_slots:]
    loads: dict[Cell, list[str]] = {c: [] for c in holds}
    for cells, queue in ((normal, to_normal), (hazard, to_hazard)):
        queue = list(queue)
        for cell in cells:
            slots = ship.parts[cell].type.slots or 0
            loads[cell] = queue[:slots]
            queue = queue[slots:]
    kept = [g for load in loads.values() for g in load]
    left = list(goods)
    for g in kept:
        left.remove(g)
    return tuple((c, tuple(loads[c])) for c in holds), tuple(left)


def lose_goods(flight: Flight, state: AnyState, count: int) -> tuple[AnyState, list[str]]:
    """The `count` most valuable goods taken (first in reading order on a tie)."""
    loads = {c: list(g) for c, g in state.cargo}
    taken = []
    for _ in range(count):
        filled = [(flight.value(g), c) for c, load in loads.items() for g in load[:1]]
        if not filled:
            break
        _, cell = max(filled, key=lambda v: (v[0], -v[1][0], -v[1][1]))
        taken.append(loads[cell].pop(0))
    return state.evolve(cargo=tuple((c, tuple(g)) for c, g in loads.items())), taken


# --- strength ----------------------------------------------------------------------------
def cannon_options(flight: Flight, state: State) -> list[tuple[int, int]]:
    """(batteries spent, firepower in halves) for each number of double cannons powered,
    strongest first (a forward double gives 2, a sideways or rear one 1)."""
    single, doubles = _cannons(flight, state.present)
    options = []
    for k in range(min(len(doubles), state.battery_count) + 1):
        power = single + sum(doubles[:k])
        if power > 0 and state.alien("purple") is not None:
            power += 4
        options.append((k, power))
    return options


def _cannons(flight: Flight, present: frozenset[Cell]) -> tuple[int, list[int]]:
    """The single cannons' firepower and each double's, strongest first, in halves (a
    forward cannon gives 2, a sideways or rear one 1); remembered per set of tiles present."""
    key = ("cannons", present)
    found: tuple[int, list[int]] | None = flight.memo.get(key)
    if found is None:
        ship = flight.ship
        single = 0
        doubles = []
        for cell in ship.having("cannon", present):
            part = ship.parts[cell]
            worth = 2 if part.facing("cannon") == N else 1  # in halves of firepower
            if (part.type.strength or 1) == 2:
                doubles.append(2 * worth)
            else:
                single += worth
        doubles.sort(reverse=True)
        found = flight.memo[key] = (single, doubles)
    return found


def _engines(flight: Flight, present: frozenset[Cell]) -> tuple[int, int]:
    """The single engines and the double engines facing the rear; remembered per set of
    tiles present."""
    key = ("engines", present)
    found: tuple[int, int] | None = flight.memo.get(key)
    if found is None:
        ship = flight.ship
        engines = [ship.parts[c] for c in ship.having("engine", present)]
        single = sum(1 for p in engines if (p.type.strength or 1) == 1 and p.facing("engine") == S)
        doubles = sum(1 for p in engines if p.type.strength == 2 and p.facing("engine") == S)
        found = flight.memo[key] = (single, doubles)
    return found


def engine_options(flight: Flight, state: State) -> list[tuple[int, int]]:
    """(batteries spent, engine strength) for each number of double engines powered."""
    single, doubles = _engines(flight, state.present)
    options = []
    for k in range(min(doubles, state.battery_count) + 1):
        power = single + 2 * k
        if power > 0 and state.alien("brown") is not None:
            power += 2
        options.append((k, power))
    return options


def halves(power: int) -> str:
    """Firepower kept in halves, written as a player would: 3, 3½."""
    whole, half = divmod(power, 2)
    return f"{whole}½" if half else str(whole)


# --- the round's score -------------------------------------------------------------------
@dataclass(frozen=True)
class Boxes:
    """The score boxes of the round sheet."""

    position: int
    events: tuple[int, ...]
    cargo: int
    lost: int
    pretty: int
    cargo_note: str
    lost_note: str
    pretty_note: str

    @property
    def total(self) -> int:
        return self.position + sum(self.events) + self.cargo + self.lost + self.pretty


def final_parts(flight: Flight, state: State) -> tuple[int, int, int]:
    """(cargo, lost components, pretty ship) as scored at the end of the round."""
    goods = flight.goods_value(state.goods())
    cargo = math.ceil(goods / 2) if state.out else goods
    lost = -2 * min(state.lost, flight.rnd.lost_component_boxes)
    pretty = 0 if state.out else flight.rnd.pretty_ship - len(flight.ship.exposed(state.present))
    return cargo, lost, pretty


def final_score(flight: Flight, state: State) -> int:
    return sum(final_parts(flight, state))
