"""The tiny drawing interface every picture is written against.

Coordinates are in the surface's own units with the origin at the TOP-LEFT and y growing
downwards (as on a screen); the PDF backend flips them. Text is placed by its baseline.
Colours are RGB tuples 0-255. Fonts are the Vera TTFs that ship with reportlab, used by both
backends, so a PDF and a PNG look the same on every machine."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol

import reportlab

Color = tuple[int, int, int]
Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]
FontName = Literal["Vera", "VeraBd", "VeraIt", "VeraBI"]

BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)
GREY: Color = (128, 128, 128)
LIGHT_GREY: Color = (220, 220, 220)

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
FONTS: dict[str, Path] = {
    name: FONT_DIR / f"{name}.ttf" for name in ("Vera", "VeraBd", "VeraIt", "VeraBI")
}


class Surface(Protocol):
    """Something to draw on. Widths are line widths in the surface's units."""

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        color: Color = BLACK,
        width: float = 1.0,
        dash: tuple[float, float] | None = None,
    ) -> None: ...

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
        radius: float = 0.0,
    ) -> None: ...

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None: ...

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None: ...

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        font: FontName = "Vera",
        color: Color = BLACK,
        anchor: Anchor = "start",
    ) -> None: ...

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float: ...
