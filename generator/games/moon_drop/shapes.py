"""Blocks: the shapes' rotations and the block a roll of five dice makes.

Cells are (row, column) with row 0 at the top. A block keeps its cells in the order of their
numbers 1-4, through every rotation, so the numbering printed on the sheet can be followed
on any turned copy."""

from __future__ import annotations

Cell = tuple[int, int]


def normalised(cells: list[Cell]) -> list[Cell]:
    """The same cells, in the same order, moved so the top row and left column are 0."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return [(r - top, c - left) for r, c in cells]


def canonical(cells: list[Cell]) -> tuple[Cell, ...]:
    """The set of cells as a comparable key (order forgotten)."""
    return tuple(sorted(normalised(cells)))


def turn_clockwise(cells: list[Cell]) -> list[Cell]:
    # (r, c) -> (c, -r) turns the picture a quarter clockwise with row 0 at the top.
    return normalised([(c, -r) for r, c in cells])


def mirrored(cells: list[Cell]) -> list[Cell]:
    return normalised([(r, -c) for r, c in cells])


def rotations(cells: list[Cell]) -> list[list[Cell]]:
    """The distinct orientations a player may copy the block in (rotation, never mirroring),
    each with its cells still in number order."""
    result: list[list[Cell]] = []
    seen: set[tuple[Cell, ...]] = set()
    current = normalised(cells)
    for _ in range(4):
        key = canonical(current)
        if key not in seen:
            seen.add(key)
            result.append(current)
        current = turn_clockwise(current)
    return result


def sort_whites(whites: list[int]) -> list[int]:
    """The white dice in the order they go on cells 1-4: lowest first."""
    return sorted(whites)
