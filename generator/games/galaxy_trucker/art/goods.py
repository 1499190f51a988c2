"""Galaxy Trucker's goods colours (goods.yaml names), registered with the game-free cube
pictogram so `icons.cube(..., "red", ...)` draws a red good. The cube also carries its
value, so print in black and white and colour-blind readers lose nothing."""

from __future__ import annotations

from generator.art import icons
from generator.art.surface import BLACK, Color, Surface

GOODS_COLOURS: dict[str, Color] = {
    "red": (215, 45, 40),
    "yellow": (245, 205, 50),
    "green": (70, 165, 75),
    "blue": (60, 110, 205),
}
GOODS_INK: dict[str, Color] = {"yellow": BLACK}  # the value on a light cube

icons.name_colours(GOODS_COLOURS, GOODS_INK)


def cube(
    surface: Surface, cx: float, cy: float, size: float, colour: str, label: str | None = None
) -> None:
    """The cube of the good named `colour` (any other name: a grey good of no colour)."""
    icons.cube(surface, cx, cy, size, colour, label)
