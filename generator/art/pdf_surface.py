"""The reportlab backend of `Surface`: draws on a canvas in points, origin top-left, through
the canvas's own methods."""

from __future__ import annotations

import functools

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.art.surface import BLACK, FONTS, Anchor, Color, FontName, Point


def register_fonts() -> None:
    """Embed the Vera TTFs (subsetted) in every PDF; idempotent."""
    for name, path in FONTS.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))


def _rgb(color: Color) -> tuple[float, float, float]:
    return (color[0] / 255, color[1] / 255, color[2] / 255)


@functools.cache
def string_width(text: str, font: str, size: float) -> float:
    """reportlab's width of a text (the same float: its own function), kept per text: a
    sheet measures the same words for its layout, its wrapping and its drawing."""
    return pdfmetrics.stringWidth(text, font, size)


class PdfSurface:
    """Wraps a reportlab canvas whose page is `page_height` points tall. Every shape and text
    is drawn in a saved state of its own, so its colours and width never leak into the
    next."""

    metrics = "pdf"  # its text widths are the PDF fonts' (art/text.py keeps wraps by it)

    def __init__(self, canvas: Canvas, page_height: float) -> None:
        register_fonts()
        self.canvas = canvas
        self.page_height = page_height

    def _y(self, y: float) -> float:
        return self.page_height - y

    def _style(self, stroke: Color | None, fill: Color | None, width: float) -> tuple[int, int]:
        c = self.canvas
        if stroke is not None:
            c.setStrokeColorRGB(*_rgb(stroke))
            c.setLineWidth(width)
        if fill is not None:
            c.setFillColorRGB(*_rgb(fill))
        return (1 if stroke is not None else 0, 1 if fill is not None else 0)

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
    ) -> None:
        c = self.canvas
        c.saveState()
        self._style(color, None, width)
        if dash:
            c.setDash(list(dash))
        c.line(x1, self._y(y1), x2, self._y(y2))
        c.restoreState()

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
    ) -> None:
        c = self.canvas
        c.saveState()
        do_stroke, do_fill = self._style(stroke, fill, width)
        if radius:
            c.roundRect(x, self._y(y + h), w, h, radius, stroke=do_stroke, fill=do_fill)
        else:
            c.rect(x, self._y(y + h), w, h, stroke=do_stroke, fill=do_fill)
        c.restoreState()

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        c = self.canvas
        c.saveState()
        do_stroke, do_fill = self._style(stroke, fill, width)
        path = c.beginPath()
        path.moveTo(points[0][0], self._y(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(px, self._y(py))
        path.close()
        c.drawPath(path, stroke=do_stroke, fill=do_fill)
        c.restoreState()

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        c = self.canvas
        c.saveState()
        do_stroke, do_fill = self._style(stroke, fill, width)
        c.circle(cx, self._y(cy), r, stroke=do_stroke, fill=do_fill)
        c.restoreState()

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
    ) -> None:
        c = self.canvas
        c.saveState()
        c.setFillColorRGB(*_rgb(color))
        c.setFont(font, size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[
            anchor
        ]
        draw(x, self._y(y), text)
        c.restoreState()

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return string_width(text, font, size)
