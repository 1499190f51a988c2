"""Pictures of Keep on Trucking's tiles, in Galaxy Trucker's tile style (drawn on the same
Frame and surface interface, so PDF and PNG share them).

- Plating: a dark riveted band along the whole side, where a connector would have its pipes;
  it reads as a wall, not a connector, in colour and in black and white.
- Fancy wiring: a ring in the partner's colour inside the panel's edge, so a booster's
  partner shows at a glance.
- Catapult: three bold yellow arrows on its arrow sides; stasis chamber: 4 lying sleepers."""

from __future__ import annotations

from generator.art import icons
from generator.art.icons import INK
from generator.art.surface import WHITE, Color, Surface
from generator.games.galaxy_trucker.art import tiles as gt_art
from generator.games.galaxy_trucker.art.tiles import PANEL, Frame
from generator.games.galaxy_trucker.model import TileType

PLATE: Color = (55, 58, 70)
RIVET: Color = (185, 188, 200)
ARROW_YELLOW: Color = (245, 190, 20)
FLAME: Color = (235, 95, 25)

# The colour of each partner's wiring (the rulebook's "colored wiring").
WIRE: dict[str, Color] = {
    "cannon": (150, 70, 200),
    "engine": (230, 120, 30),
    "shield": gt_art.SHIELD_GREEN,
    "battery": (215, 165, 0),
    "hold": (50, 105, 200),
    "cabin": (205, 50, 110),
}


def plating(surface: Surface, f: Frame, side: str, value: str) -> None:
    """A plated side: a solid band the length of the side, with rivets."""
    lw = f.s * 0.012
    surface.polygon(f.quad(side, 0.06, 0.94, 0.02, 0.13), stroke=INK, fill=PLATE, width=lw)
    for t in (0.17, 0.39, 0.61, 0.83):
        x, y = f.at(side, t, 0.075)
        surface.circle(x, y, f.s * 0.022, stroke=None, fill=RIVET)


# The wiring ring, in fractions of the tile: its line's middle this far inside the panel's
# top and sides, its width, and the room it leaves above the label's capitals.
WIRING_INSET = 0.016
WIRING_WIDTH = 0.028
WIRING_LABEL_GAP = 0.02
# The ring's bottom line, clear above a one-line label at full size (every wired kind's).
WIRING_BOTTOM = (
    1
    - PANEL
    - gt_art.LABEL_BASELINE
    - gt_art.LABEL_SIZE * gt_art.LABEL_CAP
    - WIRING_LABEL_GAP
    - WIRING_WIDTH / 2
)


def wiring(surface: Surface, f: Frame, partner: str) -> None:
    """The partner-coloured ring inside the panel's edge, around the pictogram and above
    the label: a label inside the ring ("FURNACE", "CATAPULT") touched its sides and sat on
    its bottom line, and had no room to keep its 28 px within them."""
    colour = WIRE[partner]
    inset = PANEL + WIRING_INSET
    x, y = f.px(inset, inset)
    width = f.s * (1 - 2 * inset)
    height = f.s * (WIRING_BOTTOM - inset)
    surface.rect(
        x, y, width, height, stroke=colour, fill=None, width=f.s * WIRING_WIDTH, radius=f.s * 0.025
    )


def _bolt(surface: Surface, cx: float, cy: float, size: float, colour: Color) -> None:
    """A lightning bolt: the booster's boost."""
    s = size
    pts = [
        (cx + 0.1 * s, cy - 0.5 * s),
        (cx - 0.3 * s, cy + 0.08 * s),
        (cx - 0.02 * s, cy + 0.08 * s),
        (cx - 0.12 * s, cy + 0.5 * s),
        (cx + 0.3 * s, cy - 0.1 * s),
        (cx + 0.02 * s, cy - 0.1 * s),
    ]
    surface.polygon(pts, stroke=INK, fill=colour, width=size * 0.05)


def booster(surface: Surface, f: Frame, tt: TileType) -> None:
    partner = tt.boosts or "cannon"
    cx, cy = f.px(0.5, 0.44)
    # The partner's sign on the left, the bolt on the right.
    if partner == "cannon":
        icons.target(surface, *f.px(0.39, 0.44), f.s * 0.15)
    elif partner == "engine":
        icons.engine_flame(surface, *f.px(0.39, 0.44), f.s * 0.16)
    else:
        x0, y0 = f.px(0.31, 0.35)
        w, h = f.s * 0.16, f.s * 0.19
        surface.polygon(
            [
                (x0, y0),
                (x0 + w, y0),
                (x0 + w, y0 + h * 0.55),
                (x0 + w / 2, y0 + h),
                (x0, y0 + h * 0.55),
            ],
            stroke=INK,
            fill=gt_art.SHIELD_GREEN,
            width=f.s * 0.012,
        )
    _bolt(surface, *f.px(0.62, 0.44), f.s * 0.2, WIRE[partner])
    del cx, cy


def furnace(surface: Surface, f: Frame, tt: TileType) -> None:
    x, y = f.px(0.34, 0.42)
    surface.rect(x, y, f.s * 0.32, f.s * 0.14, stroke=INK, fill=gt_art.METAL, width=f.s * 0.012)
    cx, cy = f.px(0.5, 0.36)
    r = f.s * 0.08
    surface.polygon(
        [
            (cx - r, cy + r * 0.7),
            (cx - r * 0.6, cy - r * 0.5),
            (cx - r * 0.2, cy),
            (cx, cy - r * 1.2),
            (cx + r * 0.3, cy - r * 0.1),
            (cx + r * 0.6, cy - r * 0.6),
            (cx + r, cy + r * 0.7),
        ],
        stroke=INK,
        fill=FLAME,
        width=f.s * 0.01,
    )


def catapult(surface: Surface, f: Frame, tt: TileType) -> None:
    cx, cy = f.px(0.5, 0.47)
    surface.circle(cx, cy, f.s * 0.07, stroke=INK, fill=gt_art.METAL, width=f.s * 0.012)
    vectors = {"n": (0.0, -1.0), "s": (0.0, 1.0), "e": (1.0, 0.0), "w": (-1.0, 0.0)}
    for side in tt.arrows or ():
        dx, dy = vectors[side]
        ax, ay = cx + dx * f.s * 0.15, cy + dy * f.s * 0.15
        # A dark outline under the yellow arrow keeps it readable on a light panel.
        icons.arrow(surface, ax, ay, f.s * 0.2, (dx, dy), INK)
        icons.arrow(surface, ax, ay, f.s * 0.16, (dx, dy), ARROW_YELLOW)


def stasis(surface: Surface, f: Frame, tt: TileType) -> None:
    """4 sleepers lying down in two bunks."""
    count = tt.sleepers or 4
    rows = (0.36, 0.52)
    per_row = (count + 1) // 2
    for r, fy in enumerate(rows):
        n = per_row if r == 0 else count - per_row
        for k in range(n):
            fx = 0.35 + (0.3 * (k + 0.5) / max(n, 1))
            x, y = f.px(fx, fy)
            w, h = f.s * 0.13, f.s * 0.06
            surface.rect(
                x - w / 2,
                y - h / 2,
                w,
                h,
                stroke=INK,
                fill=icons.CREW_BLUE,
                width=f.s * 0.008,
                radius=h / 2,
            )
            surface.circle(x - w / 2 + h / 2, y, h * 0.45, stroke=None, fill=WHITE)


def cannon_engine(surface: Surface, f: Frame, tt: TileType) -> None:
    icons.target(surface, *f.px(0.38, 0.44), f.s * 0.14)
    x, y = f.px(0.52, 0.37)
    surface.rect(x, y, f.s * 0.16, f.s * 0.15, stroke=INK, fill=gt_art.METAL, width=f.s * 0.012)
    icons.engine_flame(surface, *f.px(0.6, 0.56), f.s * 0.08)


def hold_battery(surface: Surface, f: Frame, tt: TileType) -> None:
    box = f.s * 0.1
    lw = f.s * 0.012
    for fx in (0.33, 0.45):
        x, y = f.px(fx, 0.4)
        surface.rect(x - box / 2, y - box / 2, box, box, stroke=INK, fill=WHITE, width=lw)
    for fx in (0.57, 0.68):
        icons.cell(surface, *f.px(fx, 0.4), f.s * 0.12)
