"""One round's placement on a player's grid: where the rules let the block go and what it
leaves on the grid. The grid page (sheets/moon-drop-grid.html, grid_page.py) checks each
placement live with the same rule written again in JavaScript; tests/test_moon_drop_grid_page.py
holds the two together on random grids.

The rule text: the block is copied "in any location and rotation", never mirrored, and "can't
overwrite existing blocks"; the lowest white die goes on square 1. The variations change it
(options.py): mirroring lets the block be flipped, and the blue die's 6 is a free placement
(any four squares joined side by side, the dice in any order); overwriting lets a block go over
used squares, each of them destroyed (neither the old module nor the new one stays); with drawn
corridors the joins drawn with a block must each touch one of its squares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games.moon_drop.grid import CORRIDOR, Square
from generator.games.moon_drop.options import DRAWN, FREE, MIRROR, OVERWRITE, Variations
from generator.games.moon_drop.shapes import mirrored, normalised, rotations

# The problems a placement can have, by code (the page words them for the player).
OFF_GRID = "off-grid"  # a square outside the grid
TWICE = "twice"  # a square named twice
FORM = "form"  # the squares are not the block turned (or mirrored, where allowed)
MODULE = "module"  # a square's module is not one its die makes
USED = "used"  # a used square, and overwriting is not allowed
JOIN = "join"  # a join that is not two neighbouring modules, one a Corridor, one of them new


@dataclass
class Sheet:
    """A player's grid as it stands: the modules drawn, the squares destroyed, the joins."""

    rows: int
    columns: int
    cells: dict[Square, str] = field(default_factory=dict)
    destroyed: set[Square] = field(default_factory=set)
    joins: set[frozenset[Square]] = field(default_factory=set)


@dataclass(frozen=True)
class Placement:
    """A round's block as the player copies it: the squares in the order of the block's
    numbers 1-4, the module drawn on each, and (drawn corridors) the joins drawn with it."""

    squares: tuple[Square, ...]
    modules: tuple[str, ...]
    joins: tuple[tuple[Square, Square], ...] = ()


def forms(cells: Sequence[tuple[int, int]], variations: Variations) -> list[list[Square]]:
    """The block's allowed copies, each with its squares in number order, moved to the top
    left corner."""
    turned = rotations(list(cells))
    if MIRROR in variations:
        turned += [t for t in rotations(mirrored(list(cells))) if t not in turned]
    return turned


def joined_side_by_side(squares: Sequence[Square]) -> bool:
    pool = set(squares)
    seen = {squares[0]}
    todo = [squares[0]]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(pool)


def problems(
    sheet: Sheet,
    shape: str,
    cells: Sequence[tuple[int, int]],
    dice: Sequence[tuple[str, ...]],
    placement: Placement,
    variations: Variations,
) -> list[str]:
    """The codes of what is wrong with the placement (none: it is legal), each once, in the
    order of the codes above. `dice`: the modules each numbered square's die makes."""
    found: list[str] = []
    squares = list(placement.squares)
    if any(not (0 <= r < sheet.rows and 0 <= c < sheet.columns) for r, c in squares):
        found.append(OFF_GRID)
    if len(set(squares)) != len(squares):
        found.append(TWICE)
    if len(squares) != len(cells) or len(set(squares)) != len(squares):
        found.append(FORM)
    elif shape == FREE:
        if not joined_side_by_side(squares):
            found.append(FORM)
    elif normalised(squares) not in forms(cells, variations):
        found.append(FORM)
    # Free placement: the dice go on the squares in any order, so a module need only be
    # made by some die not used by an earlier square.
    if shape == FREE:
        left = list(dice)
        for module in placement.modules:
            use = next((d for d in left if module in d), None)
            if use is None:
                found.append(MODULE)
                break
            left.remove(use)
    elif len(placement.modules) != len(dice) or any(
        m not in d for m, d in zip(placement.modules, dice, strict=False)
    ):
        found.append(MODULE)
    if OVERWRITE not in variations and any(
        s in sheet.cells or s in sheet.destroyed for s in squares
    ):
        found.append(USED)
    if placement.joins and DRAWN not in variations:
        found.append(JOIN)
    elif placement.joins:
        after = placed(sheet, placement).cells
        for a, b in placement.joins:
            near = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            kinds = (after.get(a), after.get(b))
            if not near or None in kinds or CORRIDOR not in kinds or not ({a, b} & set(squares)):
                found.append(JOIN)
                break
    return list(dict.fromkeys(found))


def placed(sheet: Sheet, placement: Placement) -> Sheet:
    """The grid after a legal placement: a used square covered is destroyed (overwriting)."""
    cells = dict(sheet.cells)
    destroyed = set(sheet.destroyed)
    for square, module in zip(placement.squares, placement.modules, strict=True):
        if square in cells or square in destroyed:
            cells.pop(square, None)
            destroyed.add(square)
        else:
            cells[square] = module
    joins = {frozenset(j) for j in placement.joins}
    # A join to a square destroyed by this very block joins nothing: it is dropped.
    joins = {j for j in sheet.joins | joins if all(s in cells for s in j)}
    return Sheet(sheet.rows, sheet.columns, cells, destroyed, joins)


def grid_text(sheet: Sheet, letters: dict[str, str], title: str) -> str:
    """The grid file `sheetgen score` and `rankings` read (grid.py): one line per row."""
    letter_of = {module: letter for letter, module in letters.items()}
    lines = [f"# {title}"]
    for r in range(sheet.rows):
        row = ""
        for c in range(sheet.columns):
            if (r, c) in sheet.destroyed:
                row += "X"
            else:
                row += letter_of[sheet.cells[(r, c)]] if (r, c) in sheet.cells else "."
        lines.append(row)
    if sheet.joins:
        pairs = sorted(tuple(sorted(j)) for j in sheet.joins)
        lines.append("joins: " + " ".join(f"{_name(a)}-{_name(b)}" for a, b in pairs))
    return "\n".join(lines) + "\n"


def _name(square: Square) -> str:
    return f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[square[0]]}{square[1] + 1}"
