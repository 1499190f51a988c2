"""Where a 2d6 hit lands on the A ships, in words (rulings: reference/keep-on-trucking.md).

- IA ("labels"): every roll hits the line whose label holds its sum, Sabotage included.
  Rows and columns are always the printed ones, whichever edge the compass makes the
  front (a row is printed left to right, labelled at the left edge; a column top to bottom,
  labelled at the top); a hit travels along the printed line the roll names, entering from
  the sheet edge it comes from, so a front hit on a sheet whose front is the right edge
  travels along a printed row;
- IIA ("mirror"): a front or rear hit on column c also hits column 14 - c (7 once; 2, 3,
  11 and 12 miss); side hits are not mirrored;
- IIIA ("wrap"): a front or rear hit on a column of the WRAP table comes from a side
  instead, on the table's row; other rolls hit as printed."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.model import Board

FRONT_REAR = ("front", "rear")
MISSES = "misses the ship"
# The sheet's edges clockwise, and how far clockwise from the front each side of the ship
# lies once the sheet is turned so the front is at the top.
EDGES = ("top", "right", "bottom", "left")
TURNS = {"front": 0, "right": 1, "rear": 2, "left": 3}


@dataclass(frozen=True)
class Landing:
    """A hit after the board's rule: where it comes from and which lines it hits."""

    direction: str  # front, rear, left, right
    line: str  # "column" or "row"
    numbers: tuple[int, ...]  # the lines hit (two on a mirrored hit); () if it misses
    how: str  # "mirrored", "wrapped", "labels" or "" (as printed)


def label_words(board: Board, line: int) -> str:
    sums = board.labels[line]
    return f"{sums[0]}-{sums[-1]}" if len(sums) > 1 else str(sums[0])


def sheet_edge(front: str, direction: str) -> str:
    """The printed edge of the sheet a hit from `direction` enters by, when the compass has
    made `front` the front: front 'right' puts the ship's left at the top edge."""
    return EDGES[(EDGES.index(front) + TURNS[direction]) % 4]


def printed_line(edge: str) -> str:
    """A hit entering by the top or bottom edge travels along a printed column; by the left
    or right edge, along a printed row."""
    return "column" if edge in ("top", "bottom") else "row"


def printed_words(board: Board, line: str, total: int) -> str:
    """'the printed row labelled 8-9': the line of Ship IA whose label holds the roll."""
    number = next(n for n, sums in board.labels.items() if total in sums)
    return f"the printed {line} labelled {label_words(board, number)}"


def land(board: Board, hit: Hit, total: int, front: str | None = None) -> Landing:
    line = "column" if hit.direction in FRONT_REAR else "row"
    lines = board.columns if line == "column" else board.rows
    if board.hits == "labels":
        if front is not None:
            line = printed_line(sheet_edge(front, hit.direction))
        found = tuple(n for n, sums in board.labels.items() if total in sums)
        return Landing(hit.direction, line, found, "labels")
    if board.hits == "mirror" and hit.direction in FRONT_REAR:
        numbers = tuple(sorted({total, 14 - total} & set(lines)))
        return Landing(hit.direction, line, numbers, "mirrored")
    if board.hits == "wrap" and hit.direction in FRONT_REAR:
        to = board.wrap.get(hit.direction, {}).get(total)  # type: ignore[call-overload]  # front/rear
        if to is not None:
            return Landing(to.direction, "row", (to.row,), "wrapped")
    return Landing(hit.direction, line, (total,) if total in lines else (), "")


def landing_words(board: Board, hit: Hit, total: int, front: str | None = None) -> str:
    """'columns 4 and 10 (mirrored)', 'wraps: from the left, row 11', 'misses'; on Ship IA
    'the printed row labelled 8-9, entering from the right edge' (`front`: the edge the
    round's compass made the front)."""
    spot = land(board, hit, total, front)
    if not spot.numbers:
        return MISSES
    if spot.how == "labels":
        words = printed_words(board, spot.line, total)
        if front is None:
            return words
        return f"{words}, entering from the {sheet_edge(front, hit.direction)} edge"
    if spot.how == "mirrored":
        if len(spot.numbers) == 2:
            a, b = spot.numbers
            return f"columns {a} and {b} at once (mirrored)"
        return f"column {spot.numbers[0]} only"
    if spot.how == "wrapped":
        return f"wraps round: from the {spot.direction}, row {spot.numbers[0]}"
    return f"{spot.line} {spot.numbers[0]}"
