"""A die face: a rounded square with the pips of `value` (1-6) in the usual places."""

from __future__ import annotations

from generator.art.icons import INK
from generator.art.surface import WHITE, Color, Surface

# Pip positions on a 3x3 grid (column, row), as on real dice.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_die(
    surface: Surface,
    value: int,
    x: float,
    y: float,
    size: float,
    *,
    body: Color = WHITE,
    pips: Color = INK,
) -> None:
    """Draw the face showing `value` in the square (x, y, size, size); `body` and `pips`
    colour a die that must stand out from the others (a blue die)."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1-6, not {value}")
    surface.rect(x, y, size, size, stroke=INK, fill=body, width=size * 0.05, radius=size * 0.16)
    step = size * 0.28
    r = size * 0.09
    for col, row in PIPS[value]:
        surface.circle(
            x + size / 2 + (col - 1) * step,
            y + size / 2 + (row - 1) * step,
            r,
            stroke=None,
            fill=pips,
        )
