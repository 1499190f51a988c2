"""The picture of a component tile, drawn unrotated in a square.

Layout, in fractions of the tile's size: a frame; on each side its connector as pipes
(single 1, double 2, universal 3, smooth none), the cannon's barrel at the front (top) or the
engine's exhaust at the rear (bottom); a central panel with the tile's pictogram and a short
bold label. Counts are drawn as that many things (cells, holds, barrels, nozzles), so the
picture reads without colour and at a ninth of a post or 20 mm on paper."""

from __future__ import annotations

import math
from collections.abc import Callable

from generator.art import icons
from generator.art.icons import INK
from generator.art.surface import WHITE, Color, Point, Surface
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import SIDES, Tile, TileType

FRAME_FILL: Color = (236, 236, 230)
PIPE: Color = (70, 75, 90)
PIPE_END: Color = (170, 175, 190)
METAL: Color = (110, 115, 130)

PANEL = 0.21  # the panel's inset from each edge
PIPE_DEPTH = 0.15
PIPE_WIDTH = 0.07
PIPE_SPOTS = {"single": (0.5,), "double": (0.38, 0.62), "universal": (0.3, 0.5, 0.7)}

PANEL_FILL: dict[str, Color] = {
    "cabin": (205, 222, 245),
    "starting-cabin": (250, 225, 150),
    "cannon": (225, 210, 240),
    "engine": (245, 220, 195),
    "battery": (205, 235, 205),
    "cargo": (215, 225, 235),
    "hazard": (250, 210, 205),
    "shield": (200, 240, 230),
    "structural": (215, 215, 215),
}
ALIEN: dict[str, tuple[Color, str]] = {
    "brown": ((140, 90, 45), "B"),
    "purple": ((135, 60, 170), "P"),
}
SHIELD_GREEN: Color = (30, 150, 120)


class _Frame:
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


def _connector(surface: Surface, f: _Frame, side: str, kind: str) -> None:
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


def _barrels(surface: Surface, f: _Frame, count: int) -> None:
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


def _nozzles(surface: Surface, f: _Frame, count: int) -> None:
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


def _label(surface: Surface, f: _Frame, text: str) -> None:
    size = f.s * 0.1
    room = f.s * (1 - 2 * PANEL) * 0.92
    width = surface.text_width(text, size=size, font="VeraBd")
    if width > room:
        size *= room / width
    cx, base = f.px(0.5, 1 - PANEL - 0.035)
    surface.text(cx, base, text, size=size, font="VeraBd", color=INK, anchor="middle")


def _row(count: int, left: float, right: float) -> list[float]:
    step = (right - left) / count
    return [left + step * (i + 0.5) for i in range(count)]


# --- the panel's pictogram per kind; (cx, cy) is the middle of the picture area -----------
def _cabin(surface: Surface, f: _Frame, tt: TileType) -> None:
    cy = f.px(0, 0.46)[1]
    for fx in (0.4, 0.6):
        icons.crew(surface, f.px(fx, 0)[0], cy, f.s * 0.2)
    if tt.kind == "starting-cabin":
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


def _cannon(surface: Surface, f: _Frame, tt: TileType) -> None:
    x, y = f.px(0.32, 0.36)
    surface.rect(
        x, y, f.s * 0.36, f.s * 0.24, stroke=INK, fill=METAL, width=f.s * 0.014, radius=f.s * 0.04
    )
    cx, cy = f.px(0.5, 0.48)
    icons.target(surface, cx, cy, f.s * 0.16)


def _engine(surface: Surface, f: _Frame, tt: TileType) -> None:
    x, y = f.px(0.3, 0.3)
    surface.rect(
        x, y, f.s * 0.4, f.s * 0.3, stroke=INK, fill=METAL, width=f.s * 0.014, radius=f.s * 0.05
    )
    for fy in (0.38, 0.45, 0.52):
        x1, yy = f.px(0.36, fy)
        x2, _ = f.px(0.64, fy)
        surface.line(x1, yy, x2, yy, color=WHITE, width=f.s * 0.018)


def _battery(surface: Surface, f: _Frame, tt: TileType) -> None:
    count = tt.cells or 0
    cy = f.px(0, 0.47)[1]
    for fx in _row(count, 0.26, 0.74):
        icons.cell(surface, f.px(fx, 0)[0], cy, f.s * min(0.22, 0.5 / max(count, 1)))


def _cargo(surface: Surface, f: _Frame, tt: TileType) -> None:
    count = tt.slots or 0
    box = f.s * min(0.17, 0.4 / max(count, 1))
    cy = f.px(0, 0.48 if tt.hazardous else 0.45)[1]
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
        icons.hazard_sign(surface, cx, sy, f.s * 0.12)


def _shield(surface: Surface, f: _Frame, tt: TileType) -> None:
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


def _structural(surface: Surface, f: _Frame, tt: TileType) -> None:
    lw = f.s * 0.025
    a, b = f.px(0.32, 0.3), f.px(0.68, 0.62)
    surface.rect(a[0], a[1], b[0] - a[0], b[1] - a[1], stroke=METAL, fill=None, width=lw)
    surface.line(a[0], a[1], b[0], b[1], color=METAL, width=lw)
    surface.line(a[0], b[1], b[0], a[1], color=METAL, width=lw)


def _life_support(surface: Surface, f: _Frame, tt: TileType) -> None:
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


PICTURES: dict[str, Callable[[Surface, _Frame, TileType], None]] = {
    "cabin": _cabin,
    "starting-cabin": _cabin,
    "cannon": _cannon,
    "engine": _engine,
    "battery": _battery,
    "cargo": _cargo,
    "shield": _shield,
    "structural": _structural,
    "life-support": _life_support,
}


def tile_label(tt: TileType) -> str:
    """The short word printed on the tile."""
    if tt.kind in ("cannon", "engine"):
        # "DOUBLE" alone reads the same on a cannon and an engine at phone size: say which.
        return tt.kind.upper() if tt.strength == 1 else f"2× {tt.kind.upper()}"
    if tt.kind == "cargo":
        return "HAZARD" if tt.hazardous else "CARGO"
    if tt.kind == "life-support":
        return (tt.alien or "").upper()
    return {"starting-cabin": "START", "structural": "STRUCT."}.get(tt.kind, tt.kind.upper())


def panel_fill(tt: TileType) -> Color:
    if tt.kind == "life-support":
        colour = ALIEN.get(tt.alien or "", ((200, 200, 200), ""))[0]
        return (  # a pale tint of the alien's colour
            255 - (255 - colour[0]) // 4,
            255 - (255 - colour[1]) // 4,
            255 - (255 - colour[2]) // 4,
        )
    if tt.kind == "cargo" and tt.hazardous:
        return PANEL_FILL["hazard"]
    return PANEL_FILL[tt.kind]


def draw_tile(
    surface: Surface, content: GalaxyTrucker, tile: Tile, x: float, y: float, size: float
) -> None:
    """Draw `tile` unrotated in the square (x, y, size, size)."""
    tt = content.tile_type(tile)
    f = _Frame(x, y, size)
    surface.rect(
        x, y, size, size, stroke=INK, fill=FRAME_FILL, width=size * 0.025, radius=size * 0.04
    )
    for side, value in zip(SIDES, tile.sides.as_tuple(), strict=True):
        _connector(surface, f, side, value)
    if tt.kind == "engine":
        _nozzles(surface, f, tt.strength or 1)
    px, py = f.px(PANEL, PANEL)
    surface.rect(
        px,
        py,
        size * (1 - 2 * PANEL),
        size * (1 - 2 * PANEL),
        stroke=INK,
        fill=panel_fill(tt),
        width=size * 0.014,
        radius=size * 0.035,
    )
    if tt.kind == "cannon":
        # Over the panel's edge, so barrel and panel read as one piece.
        _barrels(surface, f, tt.strength or 1)
    PICTURES[tt.kind](surface, f, tt)
    _label(surface, f, tile_label(tt))
