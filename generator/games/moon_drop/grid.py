"""A player's filled grid, read from a text file for the scorer.

The format (also in content/moon-drop/README.md): one line per row, top row first, one character per
square: `.` for an empty square, or a module's letter from modules.yaml (C corridor,
L life support, H hydroponics, Q quarters, D dock, R research). Lines starting with `#` and
blank lines are ignored, so a player may add a name or notes. Trailing spaces are ignored.

With the overwrite variation `X` marks a destroyed square; with drawn corridors, lines
`joins: A1-A2 B2-B3` (anywhere in the file) list the joins drawn, each between two squares
sharing a side, one of them a Corridor."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from generator.common.errors import SheetgenError, display_path, not_utf8
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file

Square = tuple[int, int]
EMPTY = "."
DESTROYED = "X"
JOINS = "joins:"
CORRIDOR = "corridor"
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
    # Overwrite: scribbled-out squares, neither a module nor empty.
    destroyed: frozenset[Square] = frozenset()
    # Drawn corridors: the joins drawn, each a pair of squares; None when every module
    # joins its neighbours (the base rules).
    joins: frozenset[frozenset[Square]] | None = None
    squares: tuple[Square, ...] = field(init=False)
    adjacent: dict[Square, tuple[Square, ...]] = field(init=False, repr=False, compare=False)
    # The modules each module is joined to: its neighbours, but into or out of a Corridor
    # only across a drawn join when joins are drawn. Buildings and routes follow these.
    links: dict[Square, tuple[Square, ...]] = field(init=False, repr=False, compare=False)

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
        links = {
            s: tuple(n for n in adjacent[s] if n in self.cells and self.joined(s, n))
            for s in self.cells
        }
        object.__setattr__(self, "links", links)

    def joined(self, a: Square, b: Square) -> bool:
        """Two neighbouring modules are one building and a way through unless joins are
        drawn and one of them is a Corridor without a join to the other."""
        if self.joins is None or CORRIDOR not in (self.cells.get(a), self.cells.get(b)):
            return True
        return frozenset((a, b)) in self.joins

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        return self.adjacent[square]

    def on_edge(self, square: Square) -> bool:
        r, c = square
        return r in (0, self.rows - 1) or c in (0, self.columns - 1)

    def is_empty(self, square: Square) -> bool:
        return square not in self.cells and square not in self.destroyed

    def groups(self, members: Iterable[Square]) -> list[list[Square]]:
        """Side-by-side groups of the given squares, each sorted in reading order, the
        groups ordered by their first square."""
        return self._groups(members, self.adjacent)

    def joined_groups(self, modules: Iterable[Square]) -> list[list[Square]]:
        """Groups of the given modules joined to each other (`links`), as `groups`."""
        return self._groups(modules, self.links)

    def _groups(
        self, members: Iterable[Square], ways: dict[Square, tuple[Square, ...]]
    ) -> list[list[Square]]:
        pool = set(members)
        result = []
        for start in self.squares:
            if start not in pool:
                continue
            pool.discard(start)
            group = [start]
            queue = deque([start])
            while queue:
                for n in ways[queue.popleft()]:
                    if n in pool:
                        pool.discard(n)
                        group.append(n)
                        queue.append(n)
            result.append(sorted(group))
        return result


class GridError(SheetgenError):
    """A grid file that cannot be read: every problem with its line and column."""


def read_grid(
    path: Path,
    rows: int,
    columns: int,
    letters: dict[str, str],
    overwrite: bool = False,
    drawn: bool = False,
) -> Board:
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
        raise GridError(not_utf8(shown, raw, exc)) from None
    return parse_grid(text, shown, rows, columns, letters, overwrite, drawn)


def parse_grid(
    text: str,
    shown: str,
    rows: int,
    columns: int,
    letters: dict[str, str],
    overwrite: bool = False,
    drawn: bool = False,
) -> Board:
    """`overwrite`: X marks a destroyed square; `drawn`: joins are drawn (`joins:` lines)."""
    allowed = f"{EMPTY} " + " ".join(letters) + (f" {DESTROYED}" if overwrite else "")
    problems: list[str] = []
    cells: dict[Square, str] = {}
    destroyed: set[Square] = set()
    join_lines: list[tuple[int, str]] = []
    row = 0
    last_line = 0
    for number, line in enumerate(text.splitlines(), start=1):
        last_line = number
        line = line.rstrip()
        if not line or line.lstrip().startswith("#"):
            continue
        if line.lstrip().lower().startswith(JOINS):
            if not drawn:
                problems.append(
                    f"{shown}: line {number}, column 1: joins are drawn only with the "
                    "drawn-corridors variation (expected a grid row; this game does not use it)"
                )
            join_lines.append((number, line))
            continue
        if row == rows:
            problems.append(
                f"{shown}: line {number}, column 1: row {row + 1} is one too many "
                f"(expected {counted(rows, 'row')})"
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
            if char == DESTROYED and overwrite:
                destroyed.add((row, col))
                continue
            hint = " (letters are upper case)" if char.upper() in letters else ""
            if char.upper() == DESTROYED and not overwrite:
                hint = " (X marks a destroyed square: only with the overwrite variation)"
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
            f"{shown}: line {last_line + 1}, column 1: the grid ends after {counted(row, 'row')} "
            f"(expected {rows})"
        )
    joins = _read_joins(shown, join_lines, rows, columns, cells) if drawn else None
    if isinstance(joins, list):
        problems += joins
    if problems:
        more = len(problems) - MAX_REPORTED
        shown_problems = problems[:MAX_REPORTED]
        if more > 0:
            shown_problems.append(f"... and {more} more")
        raise GridError("\n".join(shown_problems))
    assert not isinstance(joins, list)
    return Board(rows, columns, cells, frozenset(destroyed), joins)


SQUARE = re.compile(r"^([A-Za-z])(\d{1,2})$")


def _read_joins(
    shown: str, lines: list[tuple[int, str]], rows: int, columns: int, cells: dict[Square, str]
) -> frozenset[frozenset[Square]] | list[str]:
    """The joins of `joins:` lines, or their problems (each with its line and column)."""
    problems: list[str] = []
    joins: set[frozenset[Square]] = set()

    def square(text: str) -> Square | None:
        found = SQUARE.match(text)
        if found is None:
            return None
        r = ROW_NAMES.find(found.group(1).upper())
        c = int(found.group(2)) - 1
        return (r, c) if 0 <= r < rows and 0 <= c < columns else None

    for number, line in lines:
        start = line.lower().index(JOINS) + len(JOINS)
        for found in re.finditer(r"[^\s,]+", line[start:]):
            token = found.group(0)
            where = f"{shown}: line {number}, column {start + found.start() + 1}"
            a_text, sep, b_text = token.partition("-")
            a, b = square(a_text), square(b_text)
            if not sep or a is None or b is None:
                problems.append(
                    f"{where}: {token!r} is no join (expected two squares of the grid, e.g. A1-A2)"
                )
                continue
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                problems.append(
                    f"{where}: {token}: the squares do not share a side (expected "
                    "neighbours, e.g. A1-A2 or A1-B1)"
                )
                continue
            kinds = (cells.get(a), cells.get(b))
            if None in kinds:
                empty = square_name(a if kinds[0] is None else b)
                problems.append(
                    f"{where}: {token}: {empty} holds no module (expected a join between "
                    "two modules)"
                )
                continue
            if CORRIDOR not in kinds:
                problems.append(
                    f"{where}: {token}: neither square is a Corridor (expected a join drawn "
                    "from a Corridor; other modules join without one)"
                )
                continue
            joins.add(frozenset((a, b)))
    return problems or frozenset(joins)
