"""Moon Drop's pictures, drawn once against `Surface`: module symbols, dice, blocks and shapes
(for the PDF sheet and the PNG post images alike), and the post images themselves."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from generator.art.dice import draw_die
from generator.art.png_surface import PngSurface
from generator.art.surface import BLACK, GREY, LIGHT_GREY, WHITE, Color, FontName, Surface
from generator.art.text import wrap
from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.model import Shape
from generator.games.moon_drop.options import FREE
from generator.games.moon_drop.plan import BlockCell, MoonDropPlan
from generator.games.moon_drop.posts import OPENING_IMAGE

BLUE: Color = (30, 80, 190)
PALE_BLUE: Color = (225, 235, 250)
IMAGE_W = 1080
IMAGE_H = 1350
DIRECTIONS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


# --- module symbols ------------------------------------------------------------------------
# Each module symbol of shapes.yaml/modules.yaml is one picture in this registry: a module
# with a new symbol adds one function here, and nothing else branches on the symbol.
SymbolPicture = Callable[[Surface, float, float, float, float, float, tuple[str, ...], Color], None]


def _line(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    s.circle(cx, cy, size * 0.05, stroke=None, fill=color)
    for side in joins:
        dr, dc = DIRECTIONS[side]
        s.line(cx, cy, cx + dc * size / 2, cy + dr * size / 2, color=color, width=w * 1.4)


def _triangle(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    s.polygon(
        [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)],
        stroke=color,
        width=w,
    )


def _three_circles(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    small = r * 0.42
    for ox, oy in ((0, -0.5), (-0.55, 0.45), (0.55, 0.45)):
        s.circle(cx + ox * r, cy + oy * r, small, stroke=color, width=w)


def _letter_q(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    text_size = size * 0.62
    s.text(
        cx, cy + text_size * 0.36, "Q", size=text_size, font="VeraBd", color=color, anchor="middle"
    )


def _arch(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    base = cy + r * 0.8
    top = cy - r * 0.2
    points = [(cx - r, base), (cx - r, top)]
    points += [
        (cx - r * math.cos(math.pi * i / 12), top - r * 0.7 * math.sin(math.pi * i / 12))
        for i in range(1, 12)
    ]
    points += [(cx + r, top), (cx + r, base)]
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        s.line(x1, y1, x2, y2, color=color, width=w)


def _square(
    s: Surface,
    cx: float,
    cy: float,
    size: float,
    r: float,
    w: float,
    joins: tuple[str, ...],
    color: Color,
) -> None:
    s.rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, stroke=color, width=w)


SYMBOLS: dict[str, SymbolPicture] = {
    "line": _line,
    "triangle": _triangle,
    "three-circles": _three_circles,
    "letter-q": _letter_q,
    "arch": _arch,
    "square": _square,
}


def draw_symbol(
    s: Surface,
    symbol: str,
    cx: float,
    cy: float,
    size: float,
    *,
    joins: tuple[str, ...] = ("e",),
    color: Color = BLACK,
) -> None:
    """One module's symbol centred on (cx, cy) in a square of side `size`. A corridor is a
    line from the centre towards each side in `joins` (the squares it is joined onto)."""
    SYMBOLS[symbol](s, cx, cy, size, size * 0.32, max(size * 0.06, 0.6), joins, color)


def draw_cell_symbols(
    s: Surface,
    content: MoonDrop,
    modules: Sequence[str],
    cx: float,
    cy: float,
    size: float,
    joins: tuple[str, ...],
    reach: float,
) -> None:
    """One or, for a shared die face, two symbols side by side with a slash between."""
    symbols = [content.module(m).symbol for m in modules]
    if symbols == ["line"]:
        # A corridor's line runs to the edge of its square, into the squares it joins.
        draw_symbol(s, "line", cx, cy, reach * 2, joins=joins)
        return
    if len(symbols) == 1:
        draw_symbol(s, symbols[0], cx, cy, size, joins=joins)
        return
    part = size / len(symbols)
    for i, symbol in enumerate(symbols):
        draw_symbol(s, symbol, cx - size / 2 + part * (i + 0.5), cy, part * 1.1, joins=joins)
    for i in range(1, len(symbols)):
        x = cx - size / 2 + part * i
        s.line(
            x + size * 0.04,
            cy - size * 0.2,
            x - size * 0.04,
            cy + size * 0.2,
            width=max(size * 0.03, 0.5),
        )


# --- blocks and shapes -----------------------------------------------------------------
def joins_of(cells: list[tuple[int, int]], index: int) -> tuple[str, ...]:
    """The sides of cell `index` that touch another cell of the same block."""
    r, c = cells[index]
    return tuple(d for d, (dr, dc) in DIRECTIONS.items() if (r + dr, c + dc) in cells)


def block_size(cells: list[tuple[int, int]]) -> tuple[int, int]:
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def draw_shape(
    s: Surface, shape: Shape, x: float, y: float, cell: float, *, fill: Color | None = None
) -> None:
    """A shape's squares with their numbers 1-4, top-left at (x, y)."""
    for number, (r, c) in enumerate(shape.cells, start=1):
        s.rect(
            x + c * cell,
            y + r * cell,
            cell,
            cell,
            stroke=BLACK,
            fill=fill,
            width=max(cell * 0.05, 0.6),
        )
        size = cell * 0.55
        s.text(
            x + (c + 0.5) * cell,
            y + (r + 0.5) * cell + size * 0.36,
            str(number),
            size=size,
            font="VeraBd",
            anchor="middle",
        )


def draw_block(
    s: Surface, content: MoonDrop, block: tuple[BlockCell, ...], x: float, y: float, cell: float
) -> None:
    """A rolled block: each square with its number (top-left), module symbol and die face."""
    cells = [(c.row, c.column) for c in block]
    for index, item in enumerate(block):
        left = x + item.column * cell
        top = y + item.row * cell
        s.rect(left, top, cell, cell, stroke=BLACK, fill=WHITE, width=max(cell * 0.03, 1))
        label = cell * 0.2
        s.circle(left + label * 0.95, top + label * 0.95, label * 0.7, stroke=None, fill=LIGHT_GREY)
        s.text(
            left + label * 0.95,
            top + label * 0.95 + label * 0.36,
            str(item.cell),
            size=label,
            font="VeraBd",
            anchor="middle",
        )
        draw_cell_symbols(
            s,
            content,
            item.modules,
            left + cell / 2,
            top + cell / 2,
            cell * 0.62,
            joins_of(cells, index),
            cell / 2,
        )
        draw_die(s, item.face, left + cell - label * 1.45, top + cell - label * 1.45, label * 1.2)


# --- post images ---------------------------------------------------------------------------
def draw_key(
    s: Surface,
    content: MoonDrop,
    x: float,
    y: float,
    width: float,
    size: float,
    columns: int = 2,
) -> None:
    """The module key: die faces, symbol, name."""
    col_w = width / columns
    row_h = size * 1.9
    for i, module in enumerate(content.modules):
        left = x + (i % columns) * col_w
        top = y + (i // columns) * row_h
        faces = "/".join(str(f) for f in module.faces)
        s.text(left, top + size * 0.35 + row_h / 2, faces, size=size, font="VeraBd")
        draw_symbol(s, module.symbol, left + size * 2.6, top + row_h / 2, size * 1.4)
        s.text(left + size * 3.7, top + size * 0.35 + row_h / 2, module.name, size=size)


def round_picture(s: Surface, content: MoonDrop, plan: MoonDropPlan, number: int) -> None:
    rnd = plan.rounds[number - 1]
    shape = content.shape(rnd.shape)
    rounds = len(plan.rounds)
    margin = IMAGE_W * 0.1
    s.rect(0, 0, IMAGE_W, IMAGE_H, stroke=None, fill=WHITE)
    s.text(
        IMAGE_W / 2,
        130,
        f"Moon Drop · Round {number} of {rounds}",
        size=56,
        font="VeraBd",
        anchor="middle",
    )
    s.text(IMAGE_W / 2, 180, f"Game {plan.game_id}", size=30, color=GREY, anchor="middle")
    # The dice: the blue one, then the white ones low to high with the cell each goes on.
    die = 120
    gap = 36
    total = die * 5 + gap * 4 + 40
    left = (IMAGE_W - total) / 2
    top = 240
    draw_die(s, rnd.blue, left, top, die, body=BLUE, pips=WHITE)
    free = rnd.shape == FREE
    label = "free" if free else f"{shape.id} block"
    s.text(left + die / 2, top + die + 44, label, size=32, font="VeraBd", anchor="middle")
    for i, cell in enumerate(rnd.block):
        dx = left + 40 + (die + gap) * (i + 1)
        draw_die(s, cell.face, dx, top, die)
        s.text(dx + die / 2, top + die + 44, f"cell {cell.cell}", size=32, anchor="middle")
    # The block, as large as fits. A free placement has no shape: its dice apart, in a row.
    block = tuple(replace(c, column=2 * c.column) for c in rnd.block) if free else rnd.block
    rows, cols = block_size([(c.row, c.column) for c in block])
    area_top, area_bottom = 470, 1090
    cell_size = min((area_bottom - area_top) / rows, (IMAGE_W - 2 * margin) / cols, 220)
    bx = (IMAGE_W - cols * cell_size) / 2
    by = area_top + (area_bottom - area_top - rows * cell_size) / 2
    draw_block(s, content, block, bx, by, cell_size)
    # The key of the modules in this block.
    draw_key(s, content, margin, 1110, IMAGE_W - 2 * margin, 28)


def opening_picture(s: Surface, content: MoonDrop, plan: MoonDropPlan) -> None:
    margin = IMAGE_W * 0.1
    width = IMAGE_W - 2 * margin
    s.rect(0, 0, IMAGE_W, IMAGE_H, stroke=None, fill=WHITE)
    s.text(IMAGE_W / 2, 120, "Moon Drop", size=60, font="VeraBd", anchor="middle")
    s.text(
        IMAGE_W / 2,
        170,
        f"Game {plan.game_id} · the cards dealt",
        size=30,
        color=GREY,
        anchor="middle",
    )
    y = 215.0
    cards: list[tuple[str, list[tuple[str, str]], Color]] = []
    for crisis_id in plan.deal.crises:
        crisis = content.crisis(crisis_id)
        cards.append(
            (
                f"Crisis: {crisis.name}",
                [("Safe if: ", crisis.safe), ("If failed: ", crisis.failed)],
                WHITE,
            )
        )
    goal = content.goal(plan.deal.goal)
    cards.append((f"Goal: {goal.name}", [("", goal.text)], PALE_BLUE))
    for title, parts, fill in cards:
        lines: list[tuple[str, FontName, float]] = [(title, "VeraBd", 36)]
        for label, text in parts:
            for line in wrap(s, label + text, width - 50, 28):
                lines.append((line, "Vera", 28))
        height = 30 + sum(size * 1.3 for _, _, size in lines)
        s.rect(margin, y, width, height, stroke=BLACK, fill=fill, width=3, radius=18)
        ty = y + 20
        for text, font, size in lines:
            ty += size * 1.3
            s.text(margin + 25, ty - size * 0.3, text, size=size, font=font)
        y += height + 24
    rounds = len(plan.rounds)
    note = (
        f"After round {rounds}: a Safety Check, then the crises in an order drawn at random, "
        "each followed by a Safety Check, then the Goal."
    )
    for line in wrap(s, note, width, 28):
        y += 28 * 1.3
        s.text(margin, y, line, size=28, color=GREY)


ROUND_FILE = re.compile(r"^round-(\d+)/round-\1-block\.png$")


def post_image(content: MoonDrop, plan: MoonDropPlan, file: str) -> bytes:
    """The PNG for a post image named by posts.py."""
    surface = PngSurface.blank(IMAGE_W, IMAGE_H)
    if file == OPENING_IMAGE:
        opening_picture(surface, content, plan)
    else:
        match = ROUND_FILE.match(file)
        if match is None:
            raise ValueError(f"no picture for {file!r}")
        round_picture(surface, content, plan, int(match.group(1)))
    return surface.png()
