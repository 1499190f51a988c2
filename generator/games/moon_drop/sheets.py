"""The Moon Drop player sheet (A4 or US Letter), drawn on a `Surface` and saved as a PDF.

One page: the grid with row letters and column numbers, the six shapes with their numbered
cells, the module key, the Safety Check, room for the three crises (in the order they are
resolved) and the goal, a score box and a 5 cm scale bar."""

from __future__ import annotations

from generator.art.surface import BLACK, GREY, Surface
from generator.art.text import wrap
from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import ROW_NAMES
from generator.games.moon_drop.options import (
    DRAWN,
    FREE,
    MIRROR,
    OVERWRITE,
    Variations,
    described,
    mirror_shapes,
)
from generator.games.moon_drop.pictures import draw_key, draw_shape
from generator.render.pdf import PAPER_NAMES, LayoutError, Page, PageSpec, render_pdf, scale_bar

HANGING = "   "  # a wrapped line of a step starts under the step's text, not its number


def _text_block(
    s: Surface, x: float, y: float, width: float, lines: list[str], size: float
) -> float:
    """Wrapped lines from y (the top); returns the y below them."""
    indent = s.text_width(HANGING, size=size)
    for paragraph in lines:
        for i, line in enumerate(wrap(s, paragraph, width, size, first_indent=0.0)):
            y += size * 1.25
            s.text(x + (indent if i else 0.0), y, line, size=size)
    return y


# The variations on the sheet, short: the posts give them in full.
SHEET_RULES = {
    MIRROR: (
        "Mirror: copy each block turned or mirrored. Blue 6, free placement: any four squares "
        "joined side by side, the white dice in any order."
    ),
    OVERWRITE: (
        "Overwrite: a block may cover used squares. Scribble out each square it covers "
        "(destroyed: drawn left): no module, not empty, joins nothing, no way through."
    ),
    DRAWN: (
        "Drawn corridors: a Corridor joins a neighbour only across a line you draw over the "
        "side they share (left: joined, then not joined). Buildings and routes follow "
        "the joins."
    ),
}


def draw_destroyed(s: Surface, x: float, y: float, size: float) -> None:
    """A destroyed square as a player draws it: scribbled out."""
    s.rect(x, y, size, size, width=0.8)
    for i in range(1, 6):
        t = i / 6
        s.line(x + size * t, y, x, y + size * t, width=1.2)
        s.line(x + size, y + size * t, x + size * t, y + size, width=1.2)
    s.line(x + size, y, x, y + size, width=1.2)


def draw_join_sample(s: Surface, x: float, y: float, size: float) -> None:
    """Two pairs side by side: a Corridor joined to a Quarters (its line drawn across the
    side they share), and one not joined (its line stops short of the side)."""
    for i, joined in enumerate((True, False)):
        left = x + i * (2 * size + 6)
        s.rect(left, y, size, size, width=0.6)
        s.rect(left + size, y, size, size, width=0.6)
        mid = y + size / 2
        end = left + size * 1.4 if joined else left + size * 0.8
        s.line(left + size / 2, mid, end, mid, width=1.6)
        s.text(left + size * 1.55, mid + size * 0.2, "Q", size=size * 0.55, anchor="middle")


def draw_variations(s: Surface, x: float, y: float, width: float, variations: Variations) -> float:
    """The game's variations, each with its picture where it has one; returns the y below."""
    y += 10
    title = f"Variations to test in this game: {described(variations)}"
    s.text(x, y, title, size=10, font="VeraBd")
    pic = 12.0
    indent = 4 * pic + 14
    for variation in variations:
        top = y + 3
        if variation == OVERWRITE:
            draw_destroyed(s, x, top, pic)
        elif variation == DRAWN:
            draw_join_sample(s, x, top, pic)
        y = _text_block(s, x + indent, y, width - indent, [SHEET_RULES[variation]], 7.5)
        y = max(y, top + pic) + 2
    return y


def draw_sheet(page: Page, content: MoonDrop, variations: Variations = ()) -> None:
    s = page.surface
    left, top = page.left, page.top
    usable = page.inner_width
    s.text(left, top + 20, content.pack_title, size=22, font="VeraBd")
    s.text(left + 150, top + 20, "Player ______________   Game ________", size=11)
    # Rounds played, ticked off one by one, at the top right.
    box = 13.0
    rounds_x = page.right - content.rounds * (box + 3) + 3
    s.text(rounds_x - 6, top + 18, "Rounds", size=9, font="VeraBd", anchor="end")
    for i in range(content.rounds):
        bx = rounds_x + i * (box + 3)
        s.rect(bx, top + 8, box, box, width=0.6)
        s.text(bx + box / 2, top + 8 + box + 8, str(i + 1), size=6, color=GREY, anchor="middle")
    # The grid, on the left, with row letters and column numbers.
    cell = min(34.0, (usable * 0.64) / content.columns)
    gx, gy = left + 14, top + 52
    for c in range(content.columns):
        s.text(gx + (c + 0.5) * cell, gy - 4, str(c + 1), size=9, font="VeraBd", anchor="middle")
    for r in range(content.rows):
        s.text(gx - 5, gy + (r + 0.5) * cell + 3, ROW_NAMES[r], size=9, font="VeraBd", anchor="end")
    for i in range(content.rows + 1):
        s.line(gx, gy + i * cell, gx + content.columns * cell, gy + i * cell, width=0.6)
    for i in range(content.columns + 1):
        s.line(gx + i * cell, gy, gx + i * cell, gy + content.rows * cell, width=0.6)
    s.rect(gx, gy, content.columns * cell, content.rows * cell, stroke=BLACK, width=1.6)
    grid_bottom = gy + content.rows * cell
    # The shapes, right of the grid: blue die face, name, numbered cells.
    rx = gx + content.columns * cell + 18
    right_w = page.right - rx
    s.text(rx, gy - 4, "Blocks (blue die)", size=10, font="VeraBd")
    s.text(rx, gy + 7, "Lowest white die on cell 1.", size=7, color=GREY)
    mirror = MIRROR in variations
    turning = "Rotate or mirror." if mirror else "Rotate, never mirror."
    s.text(rx, gy + 16, turning, size=7, color=GREY)
    shape_cell = 13.0
    col_w = right_w / 2
    shapes = mirror_shapes(content.shapes) if mirror else content.shapes
    for i, shape in enumerate(shapes):
        sx = rx + (i % 2) * col_w
        sy = gy + 26 + (i // 2) * (shape_cell * 4 + 12)
        if shape.id == FREE:
            s.text(sx, sy + 9, f"{shape.face}: free", size=9, font="VeraBd")
            for j, words in enumerate(("any 4 squares", "side by side,", "dice any order")):
                s.text(sx + 4, sy + 21 + j * 9, words, size=7)
            continue
        s.text(sx, sy + 9, f"{shape.face}: {shape.id}", size=9, font="VeraBd")
        draw_shape(s, shape, sx + 26, sy, shape_cell)
    key_top = gy + 26 + 3 * (shape_cell * 4 + 12) + 10
    s.text(rx, key_top, "Modules (white dice)", size=10, font="VeraBd")
    draw_key_column(s, content, rx, key_top + 2, right_w)
    # Below the grid: the Safety Check and the end of the game.
    y = grid_bottom + 22
    s.text(left, y, "Safety Check", size=10, font="VeraBd")
    steps = [f"{i}. {step}" for i, step in enumerate(content.safety_check, 1)]
    y = _text_block(s, left, y, usable, steps, 8)
    if content.definitions:
        # What "adjacent", "building" and "reach" mean, so players can score on paper.
        y += 14
        s.text(left, y, "Words the rules use", size=10, font="VeraBd")
        y = _text_block(s, left, y, usable, list(content.definitions), 7.5)
    if variations:
        y = draw_variations(s, left, y + 4, usable, variations)
    y += 10 if variations else 16
    s.text(
        left,
        y,
        "End of the game: Safety Check; each Crisis in the order drawn, each "
        "followed by a Safety Check; then the Goal.",
        size=8,
    )
    y += 8
    # With variations the boxes give up a little height for their words.
    box_h = 20.0 if variations else 30.0
    for i in range(content.crises_dealt):
        s.rect(left, y, usable * 0.78, box_h, width=0.8)
        s.text(left + 4, y + 11, f"Crisis {i + 1}:", size=8, font="VeraBd")
        if variations:
            s.text(left + 60, y + 11, "crossed out:", size=7, color=GREY)
        else:
            s.text(left + 4, y + 23, "crossed out:", size=7, color=GREY)
        s.rect(left + usable * 0.8, y, usable * 0.2, box_h, width=0.8)
        s.text(left + usable * 0.8 + 4, y + 11, "order", size=7, color=GREY)
        y += box_h + 4
    s.rect(left, y, usable * 0.78, box_h, width=0.8)
    s.text(left + 4, y + 11, "Goal:", size=8, font="VeraBd")
    s.rect(left + usable * 0.8, y, usable * 0.2, box_h, width=1.6)
    s.text(left + usable * 0.8 + 4, y + 11, "SCORE", size=8, font="VeraBd")
    y += box_h + 14
    if y > page.bottom:
        # The pack's words (the Safety Check, the words the rules use) pushed the boxes and
        # the scale bar off the paper: an error at the text (`sheetgen check`), not a sheet
        # a player cannot score on.
        with_variations = f" with {', '.join(variations)}" if variations else ""
        raise LayoutError(
            f"the player sheet{with_variations} does not fit one {PAPER_NAMES[page.paper]} page"
        )
    # The scale bar every sheet carries, so players can check it printed at 100%.
    scale_bar(page, left, y)
    s.text(
        page.right,
        page.bottom,
        f"{content.pack_title} {content.pack_version} · rules: {content.rules_revision}",
        size=6,
        color=GREY,
        anchor="end",
    )


def draw_key_column(s: Surface, content: MoonDrop, x: float, y: float, width: float) -> None:
    """The module key in one column (the sheet's right margin is narrow). A module's name is
    one line: one wider than the column would run off the paper."""
    for module in content.modules:
        if 8.5 * 3.7 + s.text_width(module.name, size=8.5) > width:
            raise LayoutError("a module's name is wider than the player sheet's key column")
    draw_key(s, content, x, y, width, 8.5, columns=1)


def sheet_pdf(content: MoonDrop, paper: str, variations: Variations = ()) -> bytes:
    return render_pdf(
        [PageSpec("portrait", lambda page: draw_sheet(page, content, variations))],
        paper,
        title=f"{content.pack_title} player sheet ({PAPER_NAMES[paper]})",
    )
