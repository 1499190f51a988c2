"""Small pictograms shared by tiles and cards: crew, battery cell, goods cube, hazard sign,
coin, day marker, meteor, shot and arrows. Each draws centred on (cx, cy) within a box of
`size` units, on any `Surface`; colour is never the only thing that tells them apart."""

from __future__ import annotations

import math

from generator.art.surface import WHITE, Color, Point, Surface

INK: Color = (35, 35, 45)
CREW_BLUE: Color = (45, 85, 160)
CELL_GREEN: Color = (55, 150, 70)
HAZARD_RED: Color = (200, 40, 35)
COIN_GOLD: Color = (235, 185, 40)
ROCK: Color = (120, 95, 75)
LASER: Color = (220, 60, 40)

# Unit vectors pointing the way something travels when it comes from a side of the ship.
# Coming "from the front" it travels down the page (the front of the ship is at the top).
TRAVEL: dict[str, Point] = {
    "front": (0.0, 1.0),
    "rear": (0.0, -1.0),
    "left": (1.0, 0.0),
    "right": (-1.0, 0.0),
}


def crew(surface: Surface, cx: float, cy: float, size: float, color: Color = CREW_BLUE) -> None:
    """A standing figure: round head over rounded shoulders."""
    head = size * 0.2
    surface.circle(cx, cy - size * 0.22, head, stroke=None, fill=color)
    w = size * 0.36
    top = cy - size * 0.02
    bottom = cy + size * 0.45
    surface.polygon(
        [
            (cx - w * 0.7, top),
            (cx + w * 0.7, top),
            (cx + w, top + (bottom - top) * 0.35),
            (cx + w, bottom),
            (cx - w, bottom),
            (cx - w, top + (bottom - top) * 0.35),
        ],
        stroke=None,
        fill=color,
    )


def cell(surface: Surface, cx: float, cy: float, size: float) -> None:
    """An upright battery cell with its terminal and a plus sign."""
    w, h = size * 0.5, size * 0.8
    x, y = cx - w / 2, cy - h / 2 + size * 0.05
    surface.rect(cx - w * 0.2, y - size * 0.1, w * 0.4, size * 0.1, stroke=None, fill=INK)
    surface.rect(x, y, w, h, stroke=INK, fill=CELL_GREEN, width=max(size * 0.06, 0.3))
    bar = w * 0.5
    t = max(size * 0.07, 0.3)
    surface.rect(cx - bar / 2, cy - t / 2, bar, t, stroke=None, fill=WHITE)
    surface.rect(cx - t / 2, cy - bar / 2, t, bar, stroke=None, fill=WHITE)


def hatch(surface: Surface, x: float, y: float, side: float, color: Color, width: float) -> None:
    """Diagonal stripes across a square: the hazard pattern, visible without colour."""
    for k in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75):
        c = k * side
        surface.line(
            x + max(0.0, c - side),
            y + min(c, side),
            x + min(c, side),
            y + max(0.0, c - side),
            color=color,
            width=width,
        )


def hazard_sign(surface: Surface, cx: float, cy: float, size: float) -> None:
    """A red warning triangle with an exclamation mark."""
    h = size * 0.9
    surface.polygon(
        [(cx, cy - h / 2), (cx + size / 2, cy + h / 2), (cx - size / 2, cy + h / 2)],
        stroke=INK,
        fill=HAZARD_RED,
        width=max(size * 0.05, 0.3),
    )
    surface.text(
        cx, cy + h * 0.38, "!", size=size * 0.6, font="VeraBd", color=WHITE, anchor="middle"
    )


def cube(
    surface: Surface,
    cx: float,
    cy: float,
    size: float,
    fill: Color,
    label: str | None = None,
    ink: Color | None = None,
) -> None:
    """A cube (a good) in `fill`, with a label (its value) printed on it in `ink` (white
    unless given)."""
    ink = ink or WHITE
    s = size * 0.86
    surface.rect(
        cx - s / 2,
        cy - s / 2,
        s,
        s,
        stroke=INK,
        fill=fill,
        width=max(size * 0.06, 0.3),
        radius=s * 0.12,
    )
    if label:
        surface.text(
            cx,
            cy + s * 0.29,
            label,
            size=s * 0.8,  # the value fills the cube: it is what a player writes down
            font="VeraBd",
            color=ink,
            anchor="middle",
        )


def coin(surface: Surface, cx: float, cy: float, size: float) -> None:
    """A gold credit coin marked with a C."""
    r = size * 0.45
    surface.circle(cx, cy, r, stroke=INK, fill=COIN_GOLD, width=max(size * 0.06, 0.3))
    # The C fills the coin, so it stays readable where the coin is small.
    surface.text(cx, cy + r * 0.52, "C", size=r * 1.45, font="VeraBd", color=INK, anchor="middle")


def days(surface: Surface, cx: float, cy: float, size: float) -> None:
    """A calendar page: days lost on the flight track."""
    w, h = size * 0.8, size * 0.74
    x, y = cx - w / 2, cy - h / 2 + size * 0.04
    lw = max(size * 0.06, 0.3)
    surface.rect(x, y, w, h, stroke=INK, fill=WHITE, width=lw, radius=size * 0.06)
    surface.rect(x, y, w, h * 0.28, stroke=INK, fill=HAZARD_RED, width=lw)
    for fx in (0.3, 0.7):
        surface.line(
            x + w * fx, y - size * 0.08, x + w * fx, y + h * 0.12, color=INK, width=lw * 1.4
        )
    for row in (0.5, 0.75):
        for col in (0.25, 0.5, 0.75):
            surface.circle(x + w * col, y + h * row, size * 0.045, stroke=None, fill=INK)


def target(surface: Surface, cx: float, cy: float, size: float) -> None:
    """Crosshairs: an enemy's firepower."""
    r = size * 0.4
    lw = max(size * 0.07, 0.3)
    surface.circle(cx, cy, r, stroke=HAZARD_RED, fill=WHITE, width=lw)
    surface.circle(cx, cy, r * 0.45, stroke=HAZARD_RED, fill=None, width=lw)
    surface.line(cx - size * 0.5, cy, cx + size * 0.5, cy, color=INK, width=lw * 0.8)
    surface.line(cx, cy - size * 0.5, cx, cy + size * 0.5, color=INK, width=lw * 0.8)


def engine_flame(surface: Surface, cx: float, cy: float, size: float) -> None:
    """A nozzle with a flame below: engine strength."""
    w = size * 0.5
    top = cy - size * 0.45
    surface.polygon(
        [(cx - w * 0.35, top), (cx + w * 0.35, top), (cx + w / 2, cy), (cx - w / 2, cy)],
        stroke=INK,
        fill=(150, 150, 160),
        width=max(size * 0.05, 0.3),
    )
    surface.polygon(
        [(cx - w * 0.45, cy), (cx + w * 0.45, cy), (cx, cy + size * 0.5)],
        stroke=None,
        fill=(240, 130, 30),
    )


def arrow(
    surface: Surface, cx: float, cy: float, size: float, direction: Point, color: Color = INK
) -> None:
    """A bold arrow through (cx, cy) pointing along `direction` (a unit vector)."""
    dx, dy = direction
    px, py = -dy, dx  # perpendicular
    half = size * 0.45
    shaft = size * 0.1
    head_len = size * 0.35
    head_w = size * 0.28
    tail = (cx - dx * half, cy - dy * half)
    neck = (cx + dx * (half - head_len), cy + dy * (half - head_len))
    tip = (cx + dx * half, cy + dy * half)
    surface.polygon(
        [
            (tail[0] + px * shaft, tail[1] + py * shaft),
            (neck[0] + px * shaft, neck[1] + py * shaft),
            (neck[0] + px * head_w, neck[1] + py * head_w),
            tip,
            (neck[0] - px * head_w, neck[1] - py * head_w),
            (neck[0] - px * shaft, neck[1] - py * shaft),
            (tail[0] - px * shaft, tail[1] - py * shaft),
        ],
        stroke=None,
        fill=color,
    )


def meteor(
    surface: Surface, cx: float, cy: float, size: float, large: bool, letter: bool = True
) -> None:
    """A rock: large ones fill the box and carry an L, small ones are half as big with an S.
    `letter=False` leaves the letter off where words beside the rock say the size (a letter
    inside a small rock is too small to read in a post)."""
    r = size * (0.45 if large else 0.27)
    sides = 9
    points = [
        (
            cx + r * (1.0 if i % 2 else 0.84) * math.cos(2 * math.pi * i / sides),
            cy + r * (1.0 if i % 2 else 0.84) * math.sin(2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]
    surface.polygon(points, stroke=INK, fill=ROCK, width=max(size * 0.05, 0.3))
    if not letter:
        return
    surface.text(
        cx,
        cy + r * 0.38,
        "L" if large else "S",
        size=r * 1.05,
        font="VeraBd",
        color=WHITE,
        anchor="middle",
    )


def shot(
    surface: Surface, cx: float, cy: float, size: float, large: bool, letter: bool = True
) -> None:
    """A laser bolt: large shots are thick with an L, small ones thin with an S (`letter=False`:
    no letter, as for `meteor`)."""
    w = size * (0.36 if large else 0.18)
    h = size * 0.9
    surface.rect(
        cx - w / 2,
        cy - h / 2,
        w,
        h,
        stroke=INK,
        fill=LASER,
        width=max(size * 0.04, 0.3),
        radius=w / 2,
    )
    if not letter:
        return
    label = "L" if large else "S"
    box = size * 0.5
    surface.circle(cx, cy, box / 2, stroke=INK, fill=WHITE, width=max(size * 0.04, 0.3))
    surface.text(
        cx, cy + box * 0.25, label, size=box * 0.7, font="VeraBd", color=INK, anchor="middle"
    )


def planet(surface: Surface, cx: float, cy: float, size: float, number: int) -> None:
    """A ringed planet with its number."""
    r = size * 0.34
    surface.polygon(
        [
            (cx - size * 0.5, cy + size * 0.08),
            (cx + size * 0.5, cy - size * 0.08),
            (cx + size * 0.5, cy - size * 0.01),
            (cx - size * 0.5, cy + size * 0.15),
        ],
        stroke=None,
        fill=(150, 120, 90),
    )
    surface.circle(cx, cy, r, stroke=INK, fill=(120, 170, 210), width=max(size * 0.05, 0.3))
    surface.text(
        cx, cy + r * 0.47, str(number), size=r * 1.35, font="VeraBd", color=INK, anchor="middle"
    )
