"""Cannon and engine strength on a Keep on Trucking ship: Galaxy Trucker's counts (single
cannon 1 forward, ½ otherwise; double 2 or 1 for a battery; engines 1, double 2 for a
battery; +2 for the purple or brown alien), plus:
- combined cannon-engines count as a single cannon and a single engine;
- a booster, for 1 battery, adds +1 (cannons: +½ when not facing forward) to up to 3
  active components of its kind, each joined to the booster or to one it already boosts;
  no component is boosted twice (boosters are used in the order that gains most);
- a catapult throws 1 good from a joined hold for +1 along a forward arrow, +½ otherwise
  (the cheapest good aboard a joined hold is thrown);
- the Dead Zone's column adds nothing; Defective Connectors take 1 engine strength per 2
  exposed connectors; the Techie's first battery on a card is free.
Every way to reach a strength is listed once, with the fewest batteries and goods."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.games.galaxy_trucker.flight.ship import Cell
from generator.games.galaxy_trucker.flight.state import halves
from generator.games.keep_on_trucking.flight.geometry import arrow_sides, joined_to
from generator.games.keep_on_trucking.flight.tstate import TFlight, TState, can_pay, spend

BOOST_REACH = 3


@dataclass(frozen=True)
class Power:
    state: TState  # after paying for it
    power: int  # cannons: halves of firepower; engines: whole strength
    batteries: int
    thrown: tuple[str, ...]  # goods the catapults threw
    words: str


def _chain(
    flight: TFlight, state: TState, booster: Cell, active: set[Cell], taken: set[Cell]
) -> list[Cell]:
    """The up to 3 active components a booster boosts: joined to it, or to one it boosts."""
    ship = flight.ship
    chain: list[Cell] = []
    frontier = [booster]
    while frontier and len(chain) < BOOST_REACH:
        nxt = []
        for cell in frontier:
            for other in ship.links(cell, state.present):
                if other in active and other not in taken and other not in chain:
                    if len(chain) < BOOST_REACH:
                        chain.append(other)
                        nxt.append(other)
        frontier = nxt
    return chain


def _boosts(
    flight: TFlight,
    state: TState,
    kind: str,
    active: set[Cell],
    gain: Callable[[Cell], int],
) -> list[tuple[int, list[Cell]]]:
    """Cumulative (gain, cells boosted) for using 0, 1, 2 ... boosters, best first."""
    ship = flight.ship
    boosters = [c for c in ship.where(lambda k: k.name == kind, state.present) if flight.works(c)]
    taken: set[Cell] = set()
    found: list[tuple[int, list[Cell]]] = [(0, [])]
    total = 0
    left = list(boosters)
    while left:
        scored = [(sum(gain(c) for c in _chain(flight, state, b, active, taken)), b) for b in left]
        best_gain, best = max(scored, key=lambda s: (s[0], -s[1][0], -s[1][1]))
        if best_gain <= 0:
            break
        chain = _chain(flight, state, best, active, taken)
        taken |= set(chain)
        total += best_gain
        left.remove(best)
        found.append((total, sorted(taken)))
    return found


def _catapults(flight: TFlight, state: TState) -> list[tuple[int, Cell]]:
    """(worth in halves, catapult) for every working catapult with a joined hold; forward
    arrows first."""
    ship = flight.ship
    fwd = flight.forward(state)
    found = []
    for cell in ship.where(lambda k: k.name == "catapult", state.present):
        if not flight.works(cell):
            continue
        if not joined_to(ship, cell, state.present, lambda k: k.hold):
            continue
        found.append((2 if fwd in arrow_sides(ship, cell) else 1, cell))
    return sorted(found, key=lambda f: (-f[0], f[1]))


def throw(flight: TFlight, state: TState, catapult: Cell) -> tuple[TState, str] | None:
    """The catapult throws the cheapest good from a hold joined to it (None: nothing to
    throw). A thrown good counts as a battery used for Bad Luck."""
    ship = flight.ship
    holds = set(joined_to(ship, catapult, state.present, lambda k: k.hold))
    loads = {c: list(g) for c, g in state.cargo}
    choices = [(flight.value(load[-1]), c) for c, load in loads.items() if c in holds and load]
    if not choices:
        return None
    _, cell = min(choices)
    good = loads[cell].pop()
    cargo = tuple((c, tuple(g)) for c, g in loads.items())
    return replace(state, cargo=cargo, battery_uses=state.battery_uses + 1), good


def _pareto(powers: list[Power]) -> list[Power]:
    """The ways not beaten by another (as strong or stronger, no more batteries, no more
    goods thrown), each (strength, batteries, goods) once, in the given order."""
    kept: list[Power] = []
    for p in powers:
        key = (p.power, p.batteries, len(p.thrown))
        if any(
            (q.power, -q.batteries, -len(q.thrown)) != (p.power, -p.batteries, -len(p.thrown))
            and q.power >= p.power
            and q.batteries <= p.batteries
            and len(q.thrown) <= len(p.thrown)
            for q in powers
        ):
            continue
        if any((q.power, q.batteries, len(q.thrown)) == key for q in kept):
            continue
        kept.append(p)
    return kept


def cannon_powers(flight: TFlight, state: TState) -> list[Power]:
    """Every firepower the player can reach (halves), strongest first, each at least cost."""
    ship = flight.ship
    fwd = flight.forward(state)
    cannons = [c for c in ship.where(lambda k: k.cannon, state.present) if flight.works(c)]

    def facing_forward(c: Cell) -> bool:
        return ship.parts[c].facing("cannon") == fwd

    def worth(c: Cell) -> int:
        return (2 if facing_forward(c) else 1) * (ship.parts[c].type.strength or 1)

    singles = [c for c in cannons if (ship.parts[c].type.strength or 1) == 1]
    doubles = sorted(
        (c for c in cannons if ship.parts[c].type.strength == 2), key=lambda c: (-worth(c), c)
    )
    catapults = _catapults(flight, state)
    powers = []
    for k in range(len(doubles) + 1):
        active = set(singles) | set(doubles[:k])
        base = sum(worth(c) for c in active)
        boosts = _boosts(
            flight, state, "cannon-booster", active, lambda c: 2 if facing_forward(c) else 1
        )
        for b, (gain, boosted) in enumerate(boosts):
            if not can_pay(state, k + b):
                continue
            paid, _used, free = spend(state, k + b)
            thrown: list[str] = []
            after, extra = paid, 0
            variants = [(after, tuple(thrown), extra)]
            for value, cat in catapults:
                found = throw(flight, after, cat)
                if found is None:
                    continue
                after, good = found
                thrown.append(good)
                extra += value
                variants.append((after, tuple(thrown), extra))
            for after, goods, more in variants:
                power = base + gain + more
                alien = power > 0 and state.alien("purple") is not None
                total = power + (4 if alien else 0)
                bits = [
                    f"{k} double cannon{'s' if k != 1 else ''} powered"
                    if k
                    else "no double cannon powered"
                ]
                if b:
                    bits.append(
                        f"{b} cannon booster{'s' if b != 1 else ''} (+{halves(gain)} on "
                        + ", ".join(ship.parts[c].tile.id for c in boosted)
                        + ")"
                    )
                if goods:
                    bits.append(f"catapults throw {', '.join(goods)} (+{halves(more)})")
                if alien:
                    bits.append("+2 purple alien")
                cost = k + b
                pay = f"{cost} batter{'ies' if cost != 1 else 'y'}" + (
                    " (1 free, Techie)" if free else ""
                )
                words = f"Firepower {halves(total)} ({'; '.join(bits)}; {pay})"
                powers.append(Power(after, total, k + b - free, goods, words))
    powers.sort(key=lambda p: (-p.power, p.batteries, len(p.thrown)))
    return _pareto(powers)


def exposed_count(flight: TFlight, state: TState) -> int:
    return len(flight.ship.exposed(state.present))


def engine_powers(flight: TFlight, state: TState) -> list[Power]:
    """Every engine strength the player can reach, strongest first, each at least cost."""
    ship = flight.ship
    rear = flight.rear()
    engines = [
        c
        for c in ship.where(lambda k: k.engine, state.present)
        if flight.works(c) and ship.parts[c].facing("engine") == rear
    ]
    singles = [c for c in engines if (ship.parts[c].type.strength or 1) == 1]
    doubles = [c for c in engines if ship.parts[c].type.strength == 2]
    defect = exposed_count(flight, state) // 2 if flight.has("defective-connectors") else 0
    powers = []
    for k in range(len(doubles) + 1):
        active = set(singles) | set(doubles[:k])
        base = len(singles) + 2 * k
        for b, (gain, boosted) in enumerate(
            _boosts(flight, state, "engine-booster", active, lambda c: 1)
        ):
            if not can_pay(state, k + b):
                continue
            after, _used, free = spend(state, k + b)
            power = base + gain
            alien = power > 0 and state.alien("brown") is not None
            total = power + (2 if alien else 0) - defect
            bits = [
                f"{k} double engine{'s' if k != 1 else ''} powered"
                if k
                else "no double engine powered"
            ]
            if b:
                bits.append(
                    f"{b} engine booster{'s' if b != 1 else ''} (+{gain} on "
                    + ", ".join(ship.parts[c].tile.id for c in boosted)
                    + ")"
                )
            if alien:
                bits.append("+2 brown alien")
            if defect:
                bits.append(f"-{defect} Defective Connectors")
            cost = k + b
            pay = f"{cost} batter{'ies' if cost != 1 else 'y'}" + (
                " (1 free, Techie)" if free else ""
            )
            words = f"Engine strength {total} ({'; '.join(bits)}; {pay})"
            powers.append(Power(after, total, k + b - free, (), words))
    powers.sort(key=lambda p: (-p.power, p.batteries))
    return _pareto(powers)
