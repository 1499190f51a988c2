"""The reportlab backend of `Surface`: draws on a canvas in points, origin top-left, through
the canvas's own methods."""

from __future__ import annotations

import functools

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

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


def _upright_box(points: list[Point]) -> tuple[float, float, float, float] | None:
    """(x, y, w, h) of a polygon that is an upright rectangle (a tile's pipes and plates
    are), else None. A closed outline of the same four corners fills and strokes the same
    whichever corner it starts from and whichever way round it goes."""
    if len(points) != 4:
        return None
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    if not (
        (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)
        or (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)
    ):
        return None
    left, top = min(x0, x2), min(y0, y2)
    return (left, top, max(x0, x2) - left, max(y0, y2) - top)


# Where a text's start lies from its anchor, in text widths.
_ANCHOR_SHIFT: dict[str, float] = {"start": 0.0, "middle": 0.5, "end": 1.0}


class PdfSurface:
    """Wraps a reportlab canvas whose page is `page_height` points tall.

    Every shape says its own colours and width, and the surface sets on the canvas only
    those that differ from what the canvas already has (the PDF's graphics state), so a
    page of thousands of shapes needs neither a saved state per shape nor the same colour
    set again and again. Texts drawn one after another share one text object; a shape
    closes it, so what is drawn later still lies on top. `finish` closes the last one
    before the page ends."""

    metrics = "pdf"  # its text widths are the PDF fonts' (art/text.py keeps wraps by it)

    def __init__(self, canvas: Canvas, page_height: float, *, min_line: float = 0.0) -> None:
        register_fonts()
        self.canvas = canvas
        self.page_height = page_height
        self.min_line = min_line  # every stroke is at least this wide
        # What the page's graphics state holds; None: not set on this page yet.
        self._stroke: Color | None = None
        self._fill: Color | None = None
        self._width: float | None = None
        self._dash: tuple[float, float] | None = None
        self._text: PDFTextObject | None = None  # the open run of texts
        self._font: tuple[str, float] | None = None  # the open run's font and size

    def _y(self, y: float) -> float:
        return self.page_height - y

    def finish(self) -> None:
        """Draw what is still open (a run of texts): call before the page ends."""
        if self._text is not None:
            self.canvas.drawText(self._text)
            self._text = None
            self._font = None

    def _style(
        self,
        stroke: Color | None,
        fill: Color | None,
        width: float,
        dash: tuple[float, float] | None = None,
    ) -> tuple[int, int]:
        self.finish()
        c = self.canvas
        if stroke is not None:
            if stroke != self._stroke:
                c.setStrokeColorRGB(*_rgb(stroke))
                self._stroke = stroke
            width = max(self.min_line, width)
            if width != self._width:
                c.setLineWidth(width)
                self._width = width
            if dash != self._dash:
                c.setDash(list(dash) if dash else [])
                self._dash = dash
        if fill is not None and fill != self._fill:
            c.setFillColorRGB(*_rgb(fill))
            self._fill = fill
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
        self._style(color, None, width, dash or None)
        self.canvas.line(x1, self._y(y1), x2, self._y(y2))

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
        do_stroke, do_fill = self._style(stroke, fill, width)
        if radius:
            self.canvas.roundRect(x, self._y(y + h), w, h, radius, stroke=do_stroke, fill=do_fill)
        else:
            self.canvas.rect(x, self._y(y + h), w, h, stroke=do_stroke, fill=do_fill)

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        do_stroke, do_fill = self._style(stroke, fill, width)
        box = _upright_box(points)
        if box is not None:
            # The same four corners as a rectangle: one operator instead of a path.
            x, y, w, h = box
            self.canvas.rect(x, self._y(y + h), w, h, stroke=do_stroke, fill=do_fill)
            return
        path = self.canvas.beginPath()
        path.moveTo(points[0][0], self._y(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(px, self._y(py))
        path.close()
        self.canvas.drawPath(path, stroke=do_stroke, fill=do_fill)

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
        do_stroke, do_fill = self._style(stroke, fill, width)
        self.canvas.circle(cx, self._y(cy), r, stroke=do_stroke, fill=do_fill)

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
        shift = _ANCHOR_SHIFT[anchor]
        # Where the canvas's drawString, drawCentredString and drawRightString start it.
        start = x - shift * string_width(text, font, size) if shift else x
        run = self._text
        if run is None:
            run = self._text = self.canvas.beginText(start, self._y(y))
        else:
            run.setTextOrigin(start, self._y(y))
        if (font, size) != self._font:
            run.setFont(font, size)
            self._font = (font, size)
        if color != self._fill:
            # A colour set in a text object is the page's fill colour from then on.
            run.setFillColorRGB(*_rgb(color))
            self._fill = color
        run.textLine(text)

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return string_width(text, font, size)
