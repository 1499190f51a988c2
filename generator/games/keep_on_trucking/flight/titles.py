"""The two trucker titles as counts on the ship at the end of the round (titles.yaml's
words; rulings: reference/keep-on-trucking.md, "Titles").

- Aesthete: each tile left of column 7 whose mirror square (same row, column 14 - c) holds
  the same component type. Only the type counts: a double cannon or engine is not a single
  one; holds of any size are holds, batteries of any size batteries, life supports of any
  colour life support; a combined tile is both its types (a cannon-engine matches a single
  cannon, a single engine or a cannon-engine). On Ship IA the columns are the printed ones.
- Contraptionist: each booster, furnace, catapult and stasis chamber joined to what it
  serves, plus at most one life support of each colour joined to a cabin that is not the
  starting cabin. In the Dead Zone's column every component counts as a structural module
  (the rulebook's note): it neither counts nor serves as a partner; the Aesthete still sees
  its type.
Out of the round, both counts are halved (titles.yaml's award line)."""

from __future__ import annotations

from collections.abc import Callable

from generator.games.galaxy_trucker.flight.ship import Cell, Part, Ship
from generator.games.keep_on_trucking.flight.geometry import PARTNERS, joined_to

SERVES = (
    "cannon-booster",
    "engine-booster",
    "shield-booster",
    "reactor-furnace",
    "catapult",
    "stasis-chamber",
)


def component_types(part: Part) -> set[str]:
    k = part.does
    strength = part.type.strength or 1
    found = set()
    if k.cannon:
        found.add(f"cannon-{strength}")
    if k.engine:
        found.add(f"engine-{strength}")
    if k.hold:
        found.add("hold")
    if k.battery:
        found.add("battery")
    if k.life_support:
        found.add("life-support")
    return found or {k.name}


def aesthete(ship: Ship, present: frozenset[Cell]) -> list[tuple[Cell, Cell]]:
    pairs = []
    for cell in ship.order:
        row, column = cell
        mirror = (row, 14 - column)
        if column >= 7 or cell not in present or mirror not in present:
            continue
        if component_types(ship.parts[cell]) & component_types(ship.parts[mirror]):
            pairs.append((cell, mirror))
    return pairs


def contraptionist(
    ship: Ship, present: frozenset[Cell], works: Callable[[Cell], bool] = lambda _c: True
) -> list[Cell]:
    """`works`: False for a cell of the Dead Zone, whose components count as structural."""
    found = []
    colours: set[str] = set()
    alive = frozenset(c for c in present if works(c))
    for cell in ship.order:
        if cell not in alive:
            continue
        part = ship.parts[cell]
        name = part.does.name
        if name in SERVES and joined_to(ship, cell, alive, PARTNERS[name]):
            found.append(cell)
        elif part.does.life_support and part.type.alien not in colours:
            cabins = joined_to(ship, cell, alive, lambda k: k.alien_berth)
            if cabins:
                colours.add(part.type.alien or "")
                found.append(cell)
    return found


def halve(count: int, out: bool) -> str:
    if not out:
        return str(count)
    whole, half = divmod(count, 2)
    return f"{whole}½ (halved: out of the round)" if half else f"{whole} (halved: out of the round)"
