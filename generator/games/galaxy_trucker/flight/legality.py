"""The end-of-building check: every tile must be placed legally, or it is removed and fills a
Lost Components box (the rules' first step after building).

A tile is illegal when an engine does not face the rear, when two touching sides do not fit,
when something sits in front of a barrel or behind an exhaust, or when it does not hang on
the starting cabin through connectors. The rules do not say which of two tiles that clash
must go (the file does not record which came last), so the engine removes the one farther
from the starting cabin along the ship's connections (a tile cut off counts as farthest),
the later in reading order on a tie, one at a time, and looks again; tiles left without a
way to the starting cabin fall off last."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from generator.games.galaxy_trucker.flight.ship import (
    DIRECTION_NAMES,
    Cell,
    S,
    Ship,
    cell_name,
    fits,
    neighbour,
    opposite,
)

FAR = 10_000


@dataclass(frozen=True)
class Removal:
    cell: Cell
    label: str
    reason: str

    def line(self) -> str:
        return f"{self.label} at {cell_name(self.cell)}: {self.reason}"


def distances(ship: Ship) -> dict[Cell, int]:
    """Steps from the starting cabin along joined connectors."""
    present = frozenset(ship.parts)
    found = {ship.start: 0}
    queue = deque([ship.start])
    while queue:
        cell = queue.popleft()
        for other in ship.links(cell, present):
            if other not in found:
                found[other] = found[cell] + 1
                queue.append(other)
    return found


def clashes(ship: Ship) -> list[tuple[list[Cell], str]]:
    """Each broken placement rule: the tiles that could be at fault, and why."""
    found: list[tuple[list[Cell], str]] = []
    for cell in ship.order:
        part = ship.parts[cell]
        exhaust = part.facing("engine")
        if exhaust is not None and exhaust != S:
            found.append(
                (
                    [cell],
                    "an engine must face the rear (its exhaust faces the "
                    f"{DIRECTION_NAMES[exhaust]})",
                )
            )
        for d in range(4):
            other = neighbour(cell, d)
            if other not in ship.parts:
                continue
            side = part.sides[d]
            if side == "cannon":
                found.append(
                    (
                        [cell, other],
                        f"{ship.parts[other].tile.id} sits in front of the barrel of "
                        f"{part.tile.id}",
                    )
                )
            elif side == "engine":
                found.append(
                    (
                        [cell, other],
                        f"{ship.parts[other].tile.id} sits behind the exhaust of {part.tile.id}",
                    )
                )
            elif d in (1, 2):  # each touching pair once: look right and down
                theirs = ship.parts[other].sides[opposite(d)]
                if theirs not in ("cannon", "engine") and not fits(side, theirs):
                    found.append(
                        (
                            [cell, other],
                            f"the {side} side of {part.tile.id} meets the {theirs} side of "
                            f"{ship.parts[other].tile.id}",
                        )
                    )
    return found


Clashes = Callable[[Ship], list[tuple[list[Cell], str]]]


def check(ship: Ship) -> tuple[Ship, list[Removal]]:
    """The legal ship, and the tiles removed (each one Lost Component), in removal order."""
    ship, removed = without_clashes(ship, clashes)
    ship, loose = without_loose(ship)
    return ship, removed + loose


def without_clashes(ship: Ship, clashes: Clashes) -> tuple[Ship, list[Removal]]:
    """The ship with the tile to blame for each clash removed, the worst clash first, until
    none is left (`clashes`: the game's placement rules)."""
    removed: list[Removal] = []
    while True:
        found = clashes(ship)
        if not found:
            break
        dist = distances(ship)

        def blame(
            cells: list[Cell], dist: dict[Cell, int] = dist, start: Cell = ship.start
        ) -> Cell:
            movable = [c for c in cells if c != start]
            return max(movable, key=lambda c: (dist.get(c, FAR), c))

        # The worst clash first: the one whose culprit lies farthest out.
        cells, _ = max(found, key=lambda f: (dist.get(blame(f[0]), FAR), blame(f[0])))
        culprit = blame(cells)
        reasons = list(dict.fromkeys(r for c, r in found if blame(c) == culprit))
        removed.append(Removal(culprit, ship.parts[culprit].label, "; ".join(reasons)))
        ship = ship.without([culprit])
    return ship, removed


def without_loose(ship: Ship) -> tuple[Ship, list[Removal]]:
    """The ship without the tiles no longer joined to the starting cabin."""
    dist = distances(ship)
    loose = [c for c in ship.order if c not in dist]
    removed = [
        Removal(cell, ship.parts[cell].label, "not connected to the starting cabin by connectors")
        for cell in loose
    ]
    return ship.without(loose), removed
