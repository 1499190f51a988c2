"""A player's filled grid, read from a text file for the scorer.

The format (also in the pack's README): one line per row, top row first, one character per
square: `.` for an empty square, or a module's letter from modules.yaml (C corridor,
L life support, H hydroponics, Q quarters, D dock, R research). Lines starting with `#` and
blank lines are ignored, so a player may add a name or notes. Trailing spaces are ignored."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file

Square = tuple[int, int]
EMPTY = "."
MAX_GRID_BYTES = 64_000
MAX_REPORTED = 10
ROW_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def square_name(square: Square) -> str:
    """'C4': row letter (A at the top), then column number (1 at the left)."""
    return f"{ROW_NAMES[square[0]]}{square[1] + 1}"


@dataclass(frozen=True)
class Board:
    """The squares a player filled: module id per occupied square. Never changes during
    scoring; what is crossed out is kept apart (see scoring.State)."""

    rows: int
    columns: int
    cells: dict[Square, str]
    squares: tuple[Square, ...] = field(init=False)
    adjacent: dict[Square, tuple[Square, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = tuple((r, c) for r in range(self.rows) for c in range(self.columns))
        object.__setattr__(self, "squares", order)
        adjacent = {}
        for r, c in order:
            found = []
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):  # reading order
                nr, nc = r + dr, c + dc
                if 0 <= nr < self.rows and 0 <= nc < self.columns:
                    found.append((nr, nc))
            adjacent[(r, c)] = tuple(found)
        object.__setattr__(self, "adjacent", adjacent)

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        return self.adjacent[square]

    def on_edge(self, square: Square) -> bool:
        r, c = square
        return r in (0, self.rows - 1) or c in (0, self.columns - 1)

    def is_empty(self, square: Square) -> bool:
        return square not in self.cells

    def groups(self, members: Iterable[Square]) -> list[list[Square]]:
        """Side-by-side groups of the given squares, each sorted in reading order, the
        groups ordered by their first square."""
        pool = set(members)
        result = []
        for start in self.squares:
            if start not in pool:
                continue
            pool.discard(start)
            group = [start]
            queue = deque([start])
            while queue:
                for n in self.neighbours(queue.popleft()):
                    if n in pool:
                        pool.discard(n)
                        group.append(n)
                        queue.append(n)
            result.append(sorted(group))
        return result


class GridError(SheetgenError):
    """A grid file that cannot be read: every problem with its line and column."""


def read_grid(path: Path, rows: int, columns: int, letters: dict[str, str]) -> Board:
    shown = display_path(path)
    try:
        # A FIFO or /dev/zero named as the grid must neither hang nor fill memory.
        raw = read_regular_file(path, MAX_GRID_BYTES)
    except UnreadableFile as exc:
        reason = "no such grid file" if str(exc) == "no such file" else str(exc)
        raise GridError(f"{shown}: {reason} (expected a grid text file)") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GridError(f"{shown}: not UTF-8 text (byte {exc.start})") from None
    return parse_grid(text, shown, rows, columns, letters)


def parse_grid(text: str, shown: str, rows: int, columns: int, letters: dict[str, str]) -> Board:
    allowed = f"{EMPTY} " + " ".join(letters)
    problems: list[str] = []
    cells: dict[Square, str] = {}
    row = 0
    last_line = 0
    for number, line in enumerate(text.splitlines(), start=1):
        last_line = number
        line = line.rstrip()
        if not line or line.lstrip().startswith("#"):
            continue
        if row == rows:
            problems.append(
                f"{shown}: line {number}, column 1: row {row + 1} is one too many "
                f"(expected {rows} rows)"
            )
            break
        for col, char in enumerate(line):
            if col == columns:
                problems.append(
                    f"{shown}: line {number}, column {col + 1}: row {ROW_NAMES[row]} has more "
                    f"than {columns} squares (expected {columns})"
                )
                break
            if char == EMPTY:
                continue
            if char in letters:
                cells[(row, col)] = letters[char]
                continue
            hint = " (letters are upper case)" if char.upper() in letters else ""
            problems.append(
                f"{shown}: line {number}, column {col + 1}: unknown square {char!r}{hint} "
                f"(expected one of: {allowed})"
            )
        if len(line) < columns:
            problems.append(
                f"{shown}: line {number}, column {len(line) + 1}: row {ROW_NAMES[row]} has "
                f"{len(line)} squares (expected {columns}; write {EMPTY} for an empty square)"
            )
        row += 1
    if row < rows and len(problems) < MAX_REPORTED:
        problems.append(
            f"{shown}: line {last_line + 1}, column 1: the grid ends after {row} rows "
            f"(expected {rows})"
        )
    if problems:
        more = len(problems) - MAX_REPORTED
        shown_problems = problems[:MAX_REPORTED]
        if more > 0:
            shown_problems.append(f"... and {more} more")
        raise GridError("\n".join(shown_problems))
    return Board(rows, columns, cells)
