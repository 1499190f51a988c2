"""A built ship's geometry: which tile sits in which cell, turned how, and what touches what.

Cells are (row, column) in the numbers printed on the board's edges (rows from the front,
columns from the left), so an account names a cell as a player finds it on the sheet.
Directions are indexes into (n, e, s, w): n is the front, s the rear."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.kinds import TileKind
from generator.games.galaxy_trucker.model import Board, Tile, TileType

Cell = tuple[int, int]
N, E, S, W = 0, 1, 2, 3
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
DIRECTION_NAMES = ("front", "right", "rear", "left")
CONNECTORS = ("single", "double", "universal")
# From the card's `from` to the side of the ship it strikes.
FROM_SIDE = {"front": N, "right": E, "rear": S, "left": W}


def opposite(direction: int) -> int:
    return (direction + 2) % 4


def neighbour(cell: Cell, direction: int) -> Cell:
    dr, dc = STEP[direction]
    return (cell[0] + dr, cell[1] + dc)


def cell_name(cell: Cell) -> str:
    return f"row {cell[0]}, column {cell[1]}"


# Which side may touch which: the one rule the engine, the bot and every ship builder page
# use (the page gets this table in its data, so its script cannot drift from it). Plating
# (Keep on Trucking) is not a connector: it joins like smooth, beside smooth or plating only.
# A barrel or an exhaust fits nothing (it must stay clear; legality reports that separately).
FITS: dict[str, tuple[str, ...]] = {
    "smooth": ("smooth", "plating"),
    "plating": ("smooth", "plating"),
    "single": ("single", "universal"),
    "double": ("double", "universal"),
    "universal": ("single", "double", "universal"),
}


def fits(a: str, b: str) -> bool:
    """Two touching sides may sit together (FITS)."""
    return b in FITS.get(a, ())


def joined(a: str, b: str) -> bool:
    """Two sides that hold the ship together: both connectors, and they fit."""
    return a in CONNECTORS and b in CONNECTORS and fits(a, b)


def rotate(sides: tuple[str, str, str, str], quarter_turns: int) -> tuple[str, ...]:
    """Sides (n, e, s, w) after turning the tile clockwise by quarter turns."""
    k = quarter_turns % 4
    return tuple(sides[(i - k) % 4] for i in range(4))


@dataclass(frozen=True)
class Part:
    """One placed tile: the tile, its type, and its sides as it sits on the ship."""

    tile: Tile
    type: TileType
    rotation: int  # degrees clockwise: 0, 90, 180, 270
    sides: tuple[str, ...]
    # The tile's kind object, from the game's registry: what it does in flight
    # (`part.does.cannon`). Left out of equality and hashing: the type names it already.
    does: TileKind = field(compare=False, repr=False)

    @property
    def kind(self) -> str:
        return self.type.kind

    @property
    def label(self) -> str:
        return f"{self.tile.id} ({self.type.name})"

    def facing(self, value: str) -> int | None:
        """The direction of the side holding `value` ('cannon' barrel or 'engine' exhaust)."""
        sides = self.sides
        return sides.index(value) if value in sides else None

    def shield_covers(self) -> tuple[int, int]:
        """A shield covers its n and e sides as printed; turned with the tile."""
        k = self.rotation // 90
        return ((N + k) % 4, (E + k) % 4)


def make_part(content: GalaxyTrucker, tile: Tile, rotation: int) -> Part:
    tile_type = content.tile_type(tile)
    return Part(
        tile,
        tile_type,
        rotation,
        rotate(tile.sides.as_tuple(), rotation // 90),
        content.kinds.tile(tile_type.kind),
    )


@dataclass(frozen=True)
class Ship:
    """The tiles on a board. Never changes in flight: what is lost is kept in the state."""

    board: Board
    parts: dict[Cell, Part]
    start: Cell
    order: tuple[Cell, ...] = field(init=False)
    # Worked out once (__post_init__), or per set of tiles present as the search asks again
    # and again: kept beside the ship, never part of what it is (compare=False).
    _adjacent: dict[Cell, tuple[Cell, ...]] = field(init=False, repr=False, compare=False)
    _chunks: dict[frozenset[Cell], list[list[Cell]]] = field(init=False, repr=False, compare=False)
    _exposed: dict[frozenset[Cell], list[tuple[Cell, int]]] = field(
        init=False, repr=False, compare=False
    )
    _lines: dict[tuple[int, int, frozenset[Cell]], list[Cell]] = field(
        init=False, repr=False, compare=False
    )
    _having: dict[str, list[Cell]] = field(init=False, repr=False, compare=False)
    _labels: dict[Cell, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(sorted(self.parts)))
        # Joins depend only on the geometry: work them out once. Pieces and exposed
        # connectors are remembered per set of tiles present (the search asks again and again).
        adjacent = {
            cell: tuple(neighbour(cell, d) for d in range(4) if self._joined_static(cell, d))
            for cell in self.order
        }
        object.__setattr__(self, "_adjacent", adjacent)
        object.__setattr__(self, "_chunks", {})
        object.__setattr__(self, "_exposed", {})
        # Lines of fire and cells of a kind, per set of tiles present; labels per cell.
        object.__setattr__(self, "_lines", {})
        object.__setattr__(self, "_having", {})
        object.__setattr__(self, "_labels", {})

    def _joined_static(self, cell: Cell, direction: int) -> bool:
        other = neighbour(cell, direction)
        if other not in self.parts:
            return False
        return joined(
            self.parts[cell].sides[direction], self.parts[other].sides[opposite(direction)]
        )

    def without(self, cells: Iterable[Cell]) -> Ship:
        gone = set(cells)
        return Ship(self.board, {c: p for c, p in self.parts.items() if c not in gone}, self.start)

    def links(self, cell: Cell, present: frozenset[Cell]) -> list[Cell]:
        if cell not in present:
            return []
        return [o for o in self._adjacent.get(cell, ()) if o in present]

    def chunks(self, present: frozenset[Cell]) -> list[list[Cell]]:
        """The pieces the present tiles fall into, each in reading order, ordered by size
        (largest first), then by their first cell."""
        cache = self._chunks
        if present not in cache:
            cache[present] = self._find_chunks(present)
        return cache[present]

    def _find_chunks(self, present: frozenset[Cell]) -> list[list[Cell]]:
        pool = set(present)
        found = []
        for start in self.order:
            if start not in pool:
                continue
            pool.discard(start)
            chunk = [start]
            queue = deque([start])
            while queue:
                for other in self.links(queue.popleft(), present):
                    if other in pool:
                        pool.discard(other)
                        chunk.append(other)
                        queue.append(other)
            found.append(sorted(chunk))
        return sorted(found, key=lambda c: (-len(c), c[0]))

    def exposed(self, present: frozenset[Cell]) -> list[tuple[Cell, int]]:
        """Connector sides with no present tile beside them (barrels and exhausts are smooth
        for this count, by ruling)."""
        cache = self._exposed
        if present in cache:
            return cache[present]
        found: list[tuple[Cell, int]] = []
        for cell in self.order:
            if cell not in present:
                continue
            for d, side in enumerate(self.parts[cell].sides):
                if side in CONNECTORS and neighbour(cell, d) not in present:
                    found.append((cell, d))
        cache[present] = found
        return found

    def line(self, side: int, number: int, present: frozenset[Cell]) -> list[Cell]:
        """The present tiles along a row (side e/w) or column (side n/s), in the order
        something coming from `side` meets them (remembered: do not change the list)."""
        cache = self._lines
        key = (side, number, present)
        found: list[Cell] | None = cache.get(key)
        if found is None:
            found = cache[key] = self._line(side, number, present)
        return found

    def _line(self, side: int, number: int, present: frozenset[Cell]) -> list[Cell]:
        if side in (N, S):
            cells = [c for c in self.order if c[1] == number and c in present]
            return sorted(cells, key=lambda c: c[0], reverse=side == S)
        cells = [c for c in self.order if c[0] == number and c in present]
        return sorted(cells, key=lambda c: c[1], reverse=side == E)

    def where(self, fact: Callable[[TileKind], bool], present: frozenset[Cell]) -> list[Cell]:
        """The present cells whose kind has `fact` (`lambda k: k.shield`), in ship order."""
        return [c for c in self.order if c in present and fact(self.parts[c].does)]

    def having(self, fact: str, present: frozenset[Cell]) -> list[Cell]:
        """`where` for one of the kind's flags by name (`having("shield", present)`): the
        ship's cells of that kind are found once, then kept if present."""
        cells: list[Cell] | None = self._having.get(fact)
        if cells is None:
            cells = [c for c in self.order if getattr(self.parts[c].does, fact)]
            self._having[fact] = cells
        return [c for c in cells if c in present]

    def label(self, cell: Cell) -> str:
        """The tile in `cell` as an account names it: `T035 (cabin) at row 5, column 7`."""
        labels = self._labels
        found: str | None = labels.get(cell)
        if found is None:
            found = labels[cell] = f"{self.parts[cell].label} at {cell_name(cell)}"
        return found


def board_cells(board: Board) -> list[Cell]:
    return [(r, c) for r in board.rows for c in sorted(board.cells[r])]


def start_cell(board: Board) -> Cell:
    return (board.start.row, board.start.column)
