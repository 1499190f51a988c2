"""The picture of a component tile, drawn unrotated in a square.

Layout, in fractions of the tile's size: a frame; on each side its connector as pipes
(single 1, double 2, universal 3, smooth none), the cannon's barrel at the front (top) or the
engine's exhaust at the rear (bottom); a central panel with the tile's pictogram and a short
bold label. Counts are drawn as that many things (cells, holds, barrels, nozzles), so the
picture reads without colour and at a ninth of a post or 20 mm on paper."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from generator.art import icons
from generator.art.icons import INK
from generator.art.surface import WHITE, Color, Point, Surface
from generator.games.galaxy_trucker.model import SIDES, Tile, TileType

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.content import GalaxyTrucker

FRAME_FILL: Color = (236, 236, 230)
PIPE: Color = (70, 75, 90)
PIPE_END: Color = (170, 175, 190)
METAL: Color = (110, 115, 130)

PANEL = 0.21  # the panel's inset from each edge
PIPE_DEPTH = 0.15
PIPE_WIDTH = 0.07
PIPE_SPOTS = {"single": (0.5,), "double": (0.38, 0.62), "universal": (0.3, 0.5, 0.7)}

ALIEN: dict[str, tuple[Color, str]] = {
    "brown": ((140, 90, 45), "B"),
    "purple": ((135, 60, 170), "P"),
    "cyan": ((0, 150, 170), "C"),
}
SHIELD_GREEN: Color = (30, 150, 120)


class Frame:
    """Maps side-relative positions to the surface: `at(side, t, d)` is the point a fraction
    `t` along `side` (left to right, top to bottom) and `d` in from its edge."""

    def __init__(self, x: float, y: float, size: float) -> None:
        self.x, self.y, self.s = x, y, size

    def at(self, side: str, t: float, d: float) -> Point:
        x, y, s = self.x, self.y, self.s
        if side == "n":
            return (x + t * s, y + d * s)
        if side == "s":
            return (x + t * s, y + s - d * s)
        if side == "w":
            return (x + d * s, y + t * s)
        return (x + s - d * s, y + t * s)

    def quad(self, side: str, t0: float, t1: float, d0: float, d1: float) -> list[Point]:
        return [
            self.at(side, t0, d0),
            self.at(side, t1, d0),
            self.at(side, t1, d1),
            self.at(side, t0, d1),
        ]

    def px(self, fx: float, fy: float) -> Point:
        return (self.x + fx * self.s, self.y + fy * self.s)


def _connector(surface: Surface, f: Frame, side: str, kind: str) -> None:
    spots = PIPE_SPOTS.get(kind, ())
    if not spots:
        return
    lw = f.s * 0.012
    half = PIPE_WIDTH / 2
    # A plate the pipes sit on, then each pipe running out to the edge with a light end.
    plate = (spots[0] - half - 0.03, spots[-1] + half + 0.03)
    surface.polygon(
        f.quad(side, plate[0], plate[1], PIPE_DEPTH, PANEL), stroke=INK, fill=PIPE, width=lw
    )
    for t in spots:
        surface.polygon(
            f.quad(side, t - half, t + half, 0.015, PIPE_DEPTH), stroke=INK, fill=PIPE, width=lw
        )
        surface.polygon(f.quad(side, t - half, t + half, 0.015, 0.05), stroke=None, fill=PIPE_END)


# Side kinds drawn by something other than pipes (an expansion's plating): the game's
# registry holds them (kinds.Kinds.sides).
SidePainter = Callable[[Surface, "Frame", str, str], None]


def barrels(surface: Surface, f: Frame, count: int) -> None:
    """Cannon barrels from the panel out to the front edge."""
    lw = f.s * 0.014
    spots = (0.5,) if count == 1 else (0.39, 0.61)
    for t in spots:
        surface.polygon(
            f.quad("n", t - 0.055, t + 0.055, 0.0, PANEL + 0.08), stroke=INK, fill=METAL, width=lw
        )
        surface.polygon(
            f.quad("n", t - 0.075, t + 0.075, 0.0, 0.05), stroke=INK, fill=INK, width=lw
        )


def nozzles(surface: Surface, f: Frame, count: int) -> None:
    """Engine nozzles flaring out towards the rear edge, with a flame."""
    lw = f.s * 0.014
    spots = (0.5,) if count == 1 else (0.36, 0.64)
    for t in spots:
        surface.polygon(
            [
                f.at("s", t - 0.06, PANEL + 0.02),
                f.at("s", t + 0.06, PANEL + 0.02),
                f.at("s", t + 0.12, 0.05),
                f.at("s", t - 0.12, 0.05),
            ],
            stroke=INK,
            fill=METAL,
            width=lw,
        )
        surface.polygon(
            [f.at("s", t - 0.09, 0.05), f.at("s", t + 0.09, 0.05), f.at("s", t, 0.0)],
            stroke=None,
            fill=(240, 130, 30),
        )


LABEL_SIZE = 0.1  # of the tile: 28 px on the 280 px tiles of a post image
LABEL_ROOM = 0.94  # of the panel's width: the label never crosses the panel's edge
LABEL_LEADING = 1.05  # between the two lines of a two-line label ("HOLD +", "BATTERY")
LABEL_BASELINE = 0.035  # of the tile: the label's (last) baseline above the panel's bottom
LABEL_CAP = 0.73  # the height of VeraBd's capitals, of its size: a label's top above its baseline


def _label(surface: Surface, f: Frame, text: str) -> None:
    """The label along the panel's bottom; a label too long for one line at full size says
    where it breaks ("\n"), since shrinking it would take it below 28 px in a post."""
    lines = text.split("\n")
    size = f.s * LABEL_SIZE
    room = f.s * (1 - 2 * PANEL) * LABEL_ROOM
    width = max(surface.text_width(line, size=size, font="VeraBd") for line in lines)
    if width > room:
        size *= room / width
    cx, base = f.px(0.5, 1 - PANEL - LABEL_BASELINE)
    for k, line in enumerate(reversed(lines)):
        y = base - k * size * LABEL_LEADING
        surface.text(cx, y, line, size=size, font="VeraBd", color=INK, anchor="middle")


def double_mark(surface: Surface, f: Frame, cx: float, cy: float) -> None:
    """A big "2×" in white on a double cannon's or engine's body: the word under it says
    which, this says double, both large enough to read on a phone (a 2× inside the label
    had to shrink to 22 px to fit the panel)."""
    surface.text(
        cx,
        cy + f.s * 0.055,
        "2\u00d7",
        size=f.s * 0.15,
        font="VeraBd",
        color=WHITE,
        anchor="middle",
    )


def _row(count: int, left: float, right: float) -> list[float]:
    step = (right - left) / count
    return [left + step * (i + 0.5) for i in range(count)]


# --- pictograms for the panel; each tile kind (tile_kinds.py) names its own -----------------
def cabin(surface: Surface, f: Frame, tt: TileType) -> None:
    cy = f.px(0, 0.46)[1]
    for fx in (0.4, 0.6):
        icons.crew(surface, f.px(fx, 0)[0], cy, f.s * 0.2)


def starting_cabin(surface: Surface, f: Frame, tt: TileType) -> None:
    cabin(surface, f, tt)
    # A star marks the cabin every ship starts from.
    cx, sy = f.px(0.5, 0.3)
    r = f.s * 0.05
    pts = [
        (
            cx + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
            sy - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]
    surface.polygon(pts, stroke=None, fill=INK)


def cannon(surface: Surface, f: Frame, tt: TileType) -> None:
    double = (tt.strength or 1) > 1
    # A double's body is wider, to hold its "2×" beside the crosshairs.
    left, width = (0.25, 0.5) if double else (0.32, 0.36)
    x, y = f.px(left, 0.36)
    surface.rect(
        x, y, f.s * width, f.s * 0.24, stroke=INK, fill=METAL, width=f.s * 0.014, radius=f.s * 0.04
    )
    if double:
        double_mark(surface, f, *f.px(0.385, 0.48))
        icons.target(surface, *f.px(0.62, 0.48), f.s * 0.16)
    else:
        icons.target(surface, *f.px(0.5, 0.48), f.s * 0.16)


def engine(surface: Surface, f: Frame, tt: TileType) -> None:
    double = (tt.strength or 1) > 1
    left, width = (0.25, 0.5) if double else (0.3, 0.4)
    x, y = f.px(left, 0.3)
    surface.rect(
        x, y, f.s * width, f.s * 0.3, stroke=INK, fill=METAL, width=f.s * 0.014, radius=f.s * 0.05
    )
    # The cooling fins; a double's sit to the right of its "2×".
    fins = (0.53, 0.69) if double else (0.36, 0.64)
    if double:
        double_mark(surface, f, *f.px(0.385, 0.45))
    for fy in (0.38, 0.45, 0.52):
        x1, yy = f.px(fins[0], fy)
        x2, _ = f.px(fins[1], fy)
        surface.line(x1, yy, x2, yy, color=WHITE, width=f.s * 0.018)


def battery(surface: Surface, f: Frame, tt: TileType) -> None:
    count = tt.cells or 0
    cy = f.px(0, 0.47)[1]
    for fx in _row(count, 0.26, 0.74):
        icons.cell(surface, f.px(fx, 0)[0], cy, f.s * min(0.22, 0.5 / max(count, 1)))


def cargo(surface: Surface, f: Frame, tt: TileType) -> None:
    count = tt.slots or 0
    box = f.s * min(0.17, 0.4 / max(count, 1))
    cy = f.px(0, 0.5 if tt.hazardous else 0.45)[1]  # below the hazard sign
    lw = f.s * 0.014
    for fx in _row(count, 0.26, 0.74):
        cx = f.px(fx, 0)[0]
        x, y = cx - box / 2, cy - box / 2
        if tt.hazardous:
            surface.rect(x, y, box, box, stroke=None, fill=(255, 235, 232))
            icons.hatch(surface, x, y, box, icons.HAZARD_RED, lw)
            surface.rect(x, y, box, box, stroke=icons.HAZARD_RED, fill=None, width=lw * 1.6)
        else:
            surface.rect(x, y, box, box, stroke=INK, fill=WHITE, width=lw)
    if tt.hazardous:
        cx, sy = f.px(0.5, 0.31)
        icons.hazard_sign(surface, cx, sy, f.s * 0.17)


def shield(surface: Surface, f: Frame, tt: TileType) -> None:
    # The two covered sides (n and e unrotated): a thick bar along each, joined at the corner,
    # and an arc-like emblem pointing at that corner.
    t = f.s * 0.045
    x0, y0 = f.px(PANEL, PANEL)
    x1, _ = f.px(1 - PANEL, PANEL)
    _, y1 = f.px(0, 1 - PANEL)
    surface.rect(x0, y0, x1 - x0, t, stroke=None, fill=SHIELD_GREEN)
    surface.rect(x1 - t, y0, t, y1 - y0, stroke=None, fill=SHIELD_GREEN)
    cx, cy = f.px(0.47, 0.47)
    w, h = f.s * 0.2, f.s * 0.24
    surface.polygon(
        [
            (cx - w / 2, cy - h / 2),
            (cx + w / 2, cy - h / 2),
            (cx + w / 2, cy),
            (cx, cy + h / 2),
            (cx - w / 2, cy),
        ],
        stroke=INK,
        fill=SHIELD_GREEN,
        width=f.s * 0.014,
    )
    icons.arrow(surface, *f.px(0.65, 0.35), f.s * 0.12, (0.7071, -0.7071), INK)


def structural(surface: Surface, f: Frame, tt: TileType) -> None:
    lw = f.s * 0.025
    a, b = f.px(0.32, 0.3), f.px(0.68, 0.62)
    surface.rect(a[0], a[1], b[0] - a[0], b[1] - a[1], stroke=METAL, fill=None, width=lw)
    surface.line(a[0], a[1], b[0], b[1], color=METAL, width=lw)
    surface.line(a[0], b[1], b[0], a[1], color=METAL, width=lw)


def life_support(surface: Surface, f: Frame, tt: TileType) -> None:
    colour, letter = ALIEN.get(tt.alien or "", ((100, 100, 100), "?"))
    cx, cy = f.px(0.5, 0.45)
    r = f.s * 0.13
    for side in (-1, 1):  # antennae
        surface.line(
            cx + side * r * 0.4,
            cy - r * 0.8,
            cx + side * r * 0.8,
            cy - r * 1.5,
            color=INK,
            width=f.s * 0.015,
        )
        surface.circle(cx + side * r * 0.8, cy - r * 1.5, f.s * 0.02, stroke=None, fill=INK)
    surface.circle(cx, cy, r, stroke=INK, fill=colour, width=f.s * 0.014)
    surface.text(
        cx, cy + r * 0.4, letter, size=r * 1.15, font="VeraBd", color=WHITE, anchor="middle"
    )


def tint(colour: Color) -> Color:
    """A pale tint of a colour, for a panel behind a pictogram of that colour."""
    return (
        255 - (255 - colour[0]) // 4,
        255 - (255 - colour[1]) // 4,
        255 - (255 - colour[2]) // 4,
    )


def draw_tile(
    surface: Surface, content: GalaxyTrucker, tile: Tile, x: float, y: float, size: float
) -> None:
    """Draw `tile` unrotated in the square (x, y, size, size)."""
    tile_frame(surface, x, y, size)
    tile_inside(surface, content, tile, x, y, size)


def tile_frame(surface: Surface, x: float, y: float, size: float) -> None:
    """What every tile starts with, whatever it is: its frame (a picture of many tiles draws
    it once and starts each tile from a copy)."""
    surface.rect(
        x, y, size, size, stroke=INK, fill=FRAME_FILL, width=size * 0.025, radius=size * 0.04
    )


def tile_inside(
    surface: Surface, content: GalaxyTrucker, tile: Tile, x: float, y: float, size: float
) -> None:
    """Everything of `tile` drawn over its frame (`tile_frame`)."""
    tt = content.tile_type(tile)
    kind = content.kinds.tile(tt.kind)
    f = Frame(x, y, size)
    for side, value in zip(SIDES, tile.sides.as_tuple(), strict=True):
        content.kinds.sides.get(value, _connector)(surface, f, side, value)
    kind.under_panel(surface, f, tt)
    px, py = f.px(PANEL, PANEL)
    surface.rect(
        px,
        py,
        size * (1 - 2 * PANEL),
        size * (1 - 2 * PANEL),
        stroke=INK,
        fill=kind.panel_fill(tt),
        width=size * 0.014,
        radius=size * 0.035,
    )
    kind.over_panel(surface, f, tt)
    kind.picture(surface, f, tt)
    _label(surface, f, kind.label(tt))
