"""The engine's placement rule for one round (games/moon_drop/placement.py), by hand against
the rule text and the variations' words: the block turned, never mirrored (unless mirroring),
never over a used square (unless overwriting: the square is then destroyed), a free
placement on any four squares joined side by side with the dice in any order, joins drawn
only from a Corridor across a side of the new block; the grid file it writes reads back."""

from __future__ import annotations

import pytest

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import parse_grid
from generator.games.moon_drop.options import DRAWN, FREE, MIRROR, OVERWRITE
from generator.games.moon_drop.placement import (
    FORM,
    JOIN,
    MODULE,
    OFF_GRID,
    TWICE,
    USED,
    Placement,
    Sheet,
    grid_text,
    placed,
    problems,
)
from generator.kit.session import open_game

L_BLOCK = [(0, 0), (1, 0), (2, 0), (2, 1)]  # shapes.yaml: 1, 2, 3 down, 4 right of 3
ONE_EACH = [("corridor",), ("corridor",), ("quarters",), ("dock",)]
MODULES = ("corridor", "corridor", "quarters", "dock")


@pytest.fixture(scope="module")
def content() -> MoonDrop:
    return open_game("moon-drop", "1", None).content


def check(sheet: Sheet, squares: list[tuple[int, int]], variations: tuple[str, ...] = (),
          modules: tuple[str, ...] = MODULES, joins: tuple = (), shape: str = "L",
          dice: list[tuple[str, ...]] = ONE_EACH) -> list[str]:  # fmt: skip
    placement = Placement(tuple(squares), modules, joins)
    return problems(
        sheet, shape, L_BLOCK if shape != FREE else [(0, 0)] * 4, dice, placement, variations
    )


def test_turned_yes_mirrored_only_with_mirroring() -> None:
    sheet = Sheet(9, 9)
    assert check(sheet, [(4, 4), (5, 4), (6, 4), (6, 5)]) == []
    # Turned a quarter clockwise: 1 at the right of a row of three, 4 below 3... (any turn).
    assert check(sheet, [(4, 6), (4, 5), (4, 4), (5, 4)]) == []
    mirrored = [(4, 5), (5, 5), (6, 5), (6, 4)]  # the J: 4 left of 3
    assert check(sheet, mirrored) == [FORM]
    assert check(sheet, mirrored, (MIRROR,)) == []
    # The numbers follow the block: the same squares numbered the other way round are not it.
    assert check(sheet, [(6, 5), (6, 4), (5, 4), (4, 4)]) == [FORM]
    assert check(sheet, [(7, 0), (8, 0), (9, 0), (9, 1)]) == [OFF_GRID]
    assert check(sheet, [(0, 0), (0, 0), (1, 0), (1, 1)]) == [TWICE, FORM]


def test_modules_follow_the_dice() -> None:
    sheet = Sheet(9, 9)
    squares = [(0, 0), (1, 0), (2, 0), (2, 1)]
    assert check(sheet, squares, modules=("corridor", "quarters", "corridor", "dock")) == [MODULE]
    choice = [("corridor",), ("life-support", "hydroponics"), ("quarters",), ("dock",)]
    ok = ("corridor", "hydroponics", "quarters", "dock")
    assert check(sheet, squares, modules=ok, dice=choice) == []


def test_used_squares_only_with_overwriting_which_destroys_them() -> None:
    sheet = placed(Sheet(9, 9), Placement(((0, 0), (1, 0), (2, 0), (2, 1)), MODULES))
    over = [(2, 1), (3, 1), (4, 1), (4, 2)]
    assert check(sheet, over) == [USED]
    assert check(sheet, over, (OVERWRITE,)) == []
    after = placed(sheet, Placement(tuple(over), MODULES))
    assert (2, 1) in after.destroyed and (2, 1) not in after.cells
    assert after.cells[(3, 1)] == "corridor"
    # A destroyed square is used too.
    scribbled = Sheet(9, 9, destroyed={(5, 5)})
    assert check(scribbled, [(5, 5), (6, 5), (7, 5), (7, 6)]) == [USED]


def test_free_placement_any_four_joined_squares_dice_in_any_order() -> None:
    sheet = Sheet(9, 9)
    square_block = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert (
        check(sheet, square_block, shape=FREE, modules=("dock", "quarters", "corridor", "corridor"))
        == []
    )
    assert check(sheet, [(0, 0), (1, 1), (2, 2), (3, 3)], shape=FREE) == [FORM]
    assert check(sheet, square_block, shape=FREE, modules=("dock",) * 4) == [MODULE]


def test_joins_only_with_drawn_corridors_from_a_corridor_of_the_block() -> None:
    # Old: a column of four Corridors at A1-D1. New: an L at A2, B2, C2, C3 (Corridor,
    # Corridor, Quarters, Dock).
    old = placed(Sheet(9, 9), Placement(((0, 0), (1, 0), (2, 0), (3, 0)), ("corridor",) * 4))
    new = [(0, 1), (1, 1), (2, 1), (2, 2)]
    assert check(old, new, (DRAWN,), joins=(((0, 0), (0, 1)),)) == []
    assert check(old, new, (DRAWN,), joins=(((2, 0), (2, 1)),)) == []  # Corridor to Quarters
    assert check(old, new, (), joins=(((0, 0), (0, 1)),)) == [JOIN]  # not drawn in this game
    assert check(old, new, (DRAWN,), joins=(((2, 1), (2, 2)),)) == [JOIN]  # no Corridor
    assert check(old, new, (DRAWN,), joins=(((0, 1), (0, 2)),)) == [JOIN]  # A3 is empty
    assert check(old, new, (DRAWN,), joins=(((0, 1), (1, 2)),)) == [JOIN]  # no shared side
    # Between two old squares: a join is drawn with a block, never later.
    assert check(old, new, (DRAWN,), joins=(((0, 0), (1, 0)),)) == [JOIN]


def test_the_grid_file_reads_back(content: MoonDrop) -> None:
    sheet = placed(Sheet(9, 9), Placement(((0, 0), (1, 0), (2, 0), (3, 0)), ("corridor",) * 4))
    sheet = placed(sheet, Placement(((0, 1), (1, 1), (2, 1), (2, 2)), MODULES, (((0, 0), (0, 1)),)))
    sheet = placed(sheet, Placement(((3, 0), (3, 1), (3, 2), (4, 1)), ("dock",) * 4))
    text = grid_text(sheet, content.letters, "Ada")
    assert text.splitlines()[1:6] == [
        "CC.......",
        "CC.......",
        "CQD......",
        "XDD......",
        ".D.......",
    ]
    assert text.splitlines()[-1] == "joins: A1-A2"
    board = parse_grid(text, "g", 9, 9, content.letters, overwrite=True, drawn=True)
    assert board.cells == sheet.cells and board.destroyed == sheet.destroyed
    assert board.joins == sheet.joins
