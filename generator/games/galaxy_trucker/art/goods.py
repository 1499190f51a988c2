"""Galaxy Trucker's goods colours (goods.yaml names) on the game-free cube pictogram:
`cube(..., "red", ...)` draws a red good. The cube also carries its value, so print in
black and white and colour-blind readers lose nothing."""

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
UNNAMED_FILL: Color = (200, 200, 200)  # a good of no colour ("any")


def cube(
    surface: Surface, cx: float, cy: float, size: float, colour: str, label: str | None = None
) -> None:
    """The cube of the good named `colour` (any other name: a grey good of no colour)."""
    fill = GOODS_COLOURS.get(colour, UNNAMED_FILL)
    icons.cube(surface, cx, cy, size, fill, label, GOODS_INK.get(colour))
