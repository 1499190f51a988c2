"""The ship file: a built ship as plain text (the format is in content/galaxy-trucker/README.md).

    # anything after # is a comment; blank lines are ignored
    skipped: 3
    .     .     T035    .     .
    ...

One line per row of the round's board as the sheet is PRINTED (the printed top row first,
each row printed left to right, whatever edge a round's compass made the front); a line may
begin with its printed row label and a colon (`8-9:` on Ship IA, `7:` elsewhere), and a
`columns:` setting may name the printed column labels in order: a label the ship does not
have, or one out of its printed place, is an error at its line (a file written from a
turned sheet is refused, never read as another ship). On each line one cell per column,
separated by spaces: `.` for an empty cell (and for every place that is not a cell of the
board), `start` for the starting cabin, or a tile id from the round's posted sets with an
optional rotation, `T035@90` (degrees clockwise on the printed sheet: 0, 90, 180, 270; no
rotation means 0). `skipped:` is the number of Skipped Parts boxes marked (skipped sets and
peeks), 0 when left out.

Every problem is reported as `FILE: line L, column C: what is wrong (expected ...)`, all of
them at once (up to a limit), so a player fixes the file in one go."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import SheetgenError, abridge, display_path
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.ship import Cell, Ship, make_part, start_cell
from generator.games.galaxy_trucker.model import Board
from generator.games.galaxy_trucker.plan import RoundPlan

MAX_SHIP_BYTES = 64_000
MAX_REPORTED = 10
EMPTY = "."
START = "start"
ROTATIONS = (0, 90, 180, 270)
TOKEN = re.compile(r"^(?P<id>[A-Za-z0-9][A-Za-z0-9_.-]*)(?:@(?P<rotation>[^@]*))?$")
HEADER = re.compile(r"^(?P<key>[A-Za-z_]+)\s*:\s*(?P<value>.*)$")
HEADER_KEYS = ("skipped", "columns")
ROW_LABEL = re.compile(r"^(?P<label>[^\s:]+):$")


def line_labels(board: Board, numbers: list[int]) -> list[str]:
    """The printed labels of rows or columns: Ship IA's dice groups (`2-4`, `7`), else the
    numbers printed on the board's edges."""
    if board.hits != "labels":
        return [str(n) for n in numbers]
    found = []
    for n in numbers:
        sums = board.labels.get(n, [n])
        found.append(str(sums[0]) if len(sums) == 1 else f"{sums[0]}-{sums[-1]}")
    return found


class ShipFileError(SheetgenError):
    """A ship file that cannot be read: every problem with its line and column."""


@dataclass(frozen=True)
class Placement:
    tile_id: str
    rotation: int
    line: int
    column: int


@dataclass(frozen=True)
class ShipFile:
    name: str
    skipped: int
    placements: dict[Cell, Placement]

    def ship(self, content: GalaxyTrucker, board: Board) -> Ship:
        start = start_cell(board)
        parts = {start: make_part(content, content.starting_cabin, 0)}
        for cell, placed in self.placements.items():
            parts[cell] = make_part(content, content.tiles_by_id[placed.tile_id], placed.rotation)
        return Ship(board, parts, start)


def offered_tiles(round_plan: RoundPlan) -> dict[str, tuple[int, int]]:
    """Tile id -> (turn, set number 1-3) for every tile posted in the round's build turns."""
    found = {}
    for turn in round_plan.build_turns:
        for s, tiles in enumerate(turn.sets, start=1):
            for tile in tiles:
                found[tile.id] = (turn.turn, s)
    return found


def read_ship(path: Path, content: GalaxyTrucker, board: Board, round_plan: RoundPlan) -> ShipFile:
    return parse_ship(read_ship_text(path), display_path(path), content, board, round_plan)


def read_ship_text(path: Path) -> str:
    """The text of a ship file: a regular file of at most MAX_SHIP_BYTES, UTF-8. Read once,
    on the open file: a FIFO (a read would wait for ever), a device or a folder is refused
    without waiting, whatever stands at the name by then."""
    shown = display_path(path)
    try:
        raw = read_regular_file(path, MAX_SHIP_BYTES)
    except UnreadableFile as exc:
        if str(exc) == "no such file":
            raise ShipFileError(f"{shown}: no such ship file") from None
        if path.is_dir():
            exc = UnreadableFile("not a regular file (a folder)")
        raise ShipFileError(f"{shown}: line 1, column 1: {exc} (expected a ship file)") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise ShipFileError(
            f"{shown}: line {line}, column {column}: not UTF-8 text "
            "(expected a plain-text ship file)"
        ) from None


def _tokens(line: str) -> list[tuple[int, str]]:
    """(1-based column, token) for each space-separated token of the line."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def parse_ship(
    text: str, shown: str, content: GalaxyTrucker, board: Board, round_plan: RoundPlan
) -> ShipFile:
    problems: list[str] = []

    def problem(line: int, column: int, message: str) -> None:
        problems.append(f"{shown}: line {line}, column {column}: {message}")

    rows = list(range(board.rows[0], board.rows[-1] + 1))
    columns = list(range(board.columns[0], board.columns[-1] + 1))
    row_labels = line_labels(board, rows)
    column_labels = line_labels(board, columns)
    start = start_cell(board)
    offered = offered_tiles(round_plan)
    skipped = 0
    placements: dict[Cell, Placement] = {}
    used: dict[str, Placement] = {}
    sets_used: dict[tuple[int, int], Placement] = {}
    start_seen = False
    row_index = 0
    last_line = 0
    grid_started = False
    for number, raw_line in enumerate(text.splitlines(), start=1):
        last_line = number
        line = raw_line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        header = HEADER.match(line.strip())
        if header and not grid_started:
            column = line.index(header.group("key")) + 1
            key, value = header.group("key"), header.group("value").strip()
            if key not in HEADER_KEYS:
                problem(
                    number,
                    column,
                    f"unknown setting {key!r} (expected one of: {', '.join(HEADER_KEYS)})",
                )
            elif key == "columns":
                given = value.split()
                if given != column_labels:
                    problem(
                        number,
                        column,
                        f"columns: {value!r} is not {board.name}'s printed columns (expected "
                        f"{' '.join(column_labels)}: the columns left to right as printed on the "
                        "sheet, whatever edge is the front)",
                    )
            elif not re.fullmatch(r"[0-9]{1,3}", value):  # ASCII digits; 999 at most
                colon = line.index(":")
                rest = line[colon + 1 :]
                where = colon + 1 + (len(rest) - len(rest.lstrip())) + 1
                problem(
                    number,
                    where,
                    f"skipped: {abridge(value)!r} is not a count (expected the number of "
                    "Skipped Parts boxes marked, 0 or more)",
                )
            else:
                skipped = int(value)
            continue
        grid_started = True
        if row_index == len(rows):
            problem(
                number,
                1,
                f"one row too many: {board.name} has {len(rows)} rows ({rows[0]}-{rows[-1]})",
            )
            break
        row = rows[row_index]
        row_index += 1
        tokens = _tokens(line)
        labelled = ROW_LABEL.match(tokens[0][1]) if tokens else None
        if labelled:
            label = labelled.group("label")
            expected = row_labels[row_index - 1]
            if label not in row_labels:
                problem(
                    number,
                    tokens[0][0],
                    f"row label {label!r} does not exist on {board.name} (its printed rows, top "
                    f"to bottom: {', '.join(row_labels)})",
                )
                continue
            if label != expected:
                problem(
                    number,
                    tokens[0][0],
                    f"row {label} is written where the printed row {expected} belongs (expected "
                    "the rows top to bottom as printed on the sheet, whatever edge is the front)",
                )
                continue
            tokens = tokens[1:]
        if len(tokens) != len(columns):
            col = tokens[len(columns)][0] if len(tokens) > len(columns) else len(line) + 1
            problem(
                number,
                col,
                f"row {row} has {len(tokens)} cells (expected {len(columns)}, one per column "
                f"{columns[0]}-{columns[-1]}; write {EMPTY} for an empty cell)",
            )
            continue
        for (col, token), column_number in zip(tokens, columns, strict=True):
            cell = (row, column_number)
            place = f"row {row}, column {column_number}"
            if token == EMPTY:
                if cell == start:
                    problem(number, col, f"{place} holds the starting cabin (expected {START})")
                continue
            if token == START:
                if cell != start:
                    problem(
                        number,
                        col,
                        f"the starting cabin is printed at row {start[0]}, column {start[1]} "
                        f"(expected {EMPTY} or a tile at {place})",
                    )
                start_seen = True
                continue
            if cell == start:
                problem(number, col, f"{place} holds the starting cabin (expected {START})")
                continue
            match = TOKEN.match(token)
            if match is None:
                problem(
                    number,
                    col,
                    f"{token!r} is not a cell (expected {EMPTY}, {START} or TILE@ROTATION, "
                    "e.g. T035@90)",
                )
                continue
            tile_id, rotation_text = match.group("id"), match.group("rotation")
            if tile_id not in content.tiles_by_id:
                problem(number, col, f"unknown tile {tile_id!r} (expected a tile id of the pack)")
                continue
            if rotation_text is None:
                rotation = 0
            elif rotation_text.isdigit() and int(rotation_text) in ROTATIONS:
                rotation = int(rotation_text)
            else:
                problem(
                    number,
                    col + len(tile_id) + 1,
                    f"rotation {rotation_text!r} of {tile_id} (expected 0, 90, 180 or 270: "
                    "degrees clockwise)",
                )
                continue
            if not board.has_cell(*cell):
                problem(
                    number,
                    col,
                    f"{tile_id} is at {place}, which is not a cell of {board.name} "
                    f"(expected {EMPTY} there)",
                )
                continue
            if tile_id not in offered:
                problem(
                    number,
                    col,
                    f"{tile_id} was not posted in round {round_plan.round} (expected a tile "
                    "from this round's sets)",
                )
                continue
            placed = Placement(tile_id, rotation, number, col)
            if tile_id in used:
                first = used[tile_id]
                problem(
                    number,
                    col,
                    f"{tile_id} is already placed at line {first.line}, column {first.column} "
                    "(expected each tile once)",
                )
                continue
            turn, set_number = offered[tile_id]
            if (turn, set_number) in sets_used:
                other = sets_used[(turn, set_number)]
                problem(
                    number,
                    col,
                    f"{tile_id} and {other.tile_id} (line {other.line}, column {other.column}) "
                    f"come from the same set (turn {turn}, set {'ABC'[set_number - 1]}) "
                    "(expected at most one tile per set)",
                )
                continue
            used[tile_id] = placed
            sets_used[(turn, set_number)] = placed
            placements[cell] = placed
    if row_index < len(rows) and not any("one row too many" in p for p in problems):
        problem(
            last_line + 1,
            1,
            f"the ship ends after {counted(row_index, 'row')} (expected {len(rows)}: rows "
            f"{rows[0]}-{rows[-1]} of {board.name}, front first)",
        )
    elif row_index == len(rows) and not start_seen and not problems:
        problem(
            last_line, 1, f"no {START} cell (expected {START} at row {start[0]}, column {start[1]})"
        )
    if problems:
        shown_problems = problems[:MAX_REPORTED]
        if len(problems) > MAX_REPORTED:
            shown_problems.append(f"... and {len(problems) - MAX_REPORTED} more")
        raise ShipFileError("\n".join(shown_problems))
    return ShipFile(shown, skipped, placements)


def write_ship(ship_file: ShipFile, board: Board, title: str = "") -> str:
    """The ship as a ship file (used by the bot, and to show a ship in an account)."""
    rows = range(board.rows[0], board.rows[-1] + 1)
    columns = range(board.columns[0], board.columns[-1] + 1)
    start = start_cell(board)
    cells: list[list[str]] = []
    for row in rows:
        line = []
        for column in columns:
            placed = ship_file.placements.get((row, column))
            if (row, column) == start:
                line.append(START)
            elif placed is None:
                line.append(EMPTY)
            else:
                line.append(f"{placed.tile_id}@{placed.rotation}")
        cells.append(line)
    width = max(len(t) for line in cells for t in line)
    out = [f"# {title}"] if title else []
    out.append(f"skipped: {ship_file.skipped}")
    out += [" ".join(t.ljust(width) for t in line).rstrip() for line in cells]
    return "\n".join(out) + "\n"
