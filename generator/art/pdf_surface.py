"""The reportlab backend of `Surface`: draws on a canvas in points, origin top-left.

Every shape and text is one bracket of its own (`q` … `Q`: its colours and width never
leak into the next). Inside the bracket, the surface writes the very operators reportlab's
canvas methods write (`saveState`, `setStrokeColorRGB`, `rect`, `drawString` …), formatted
by reportlab's own `fp_str`, and appends them to the page's code itself: the canvas's
methods copy and restore a state of 23 attributes per bracket and build a path object per
shape, most of a sheet's drawing time, for state the bracket throws away. The canvas
remains the owner of the document: fonts, their subsets and the page go through it.
`SHEETGEN_PDF_OPS=canvas` draws through the canvas's methods instead (the bytes are the
same; tests/test_speedups_identical.py compares every file)."""

from __future__ import annotations

import functools
import os
from typing import Any, NamedTuple

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from generator.art.pdf_streams import compress_streams_once
from generator.art.surface import BLACK, FONTS, Anchor, Color, FontName, Point


def register_fonts() -> None:
    """Embed the Vera TTFs (subsetted) in every PDF; idempotent. Every PDF is made after
    this, so it also has reportlab compress each stream once per process (pdf_streams.py)."""
    compress_streams_once()
    for name, path in FONTS.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))


def _rgb(color: Color) -> tuple[float, float, float]:
    return (color[0] / 255, color[1] / 255, color[2] / 255)


@functools.cache
def _stroke_op(color: Color) -> str:
    """`setStrokeColorRGB`'s operator for a colour (a sheet uses a handful, thousands of
    times)."""
    return f"{fp_str(_rgb(color))} RG"


@functools.cache
def _fill_op(color: Color) -> str:
    return f"{fp_str(_rgb(color))} rg"


@functools.cache
def string_width(text: str, font: str, size: float) -> float:
    """reportlab's width of a text (the same float: its own function), kept per text: a
    sheet measures the same words for its layout, its wrapping and its drawing."""
    return pdfmetrics.stringWidth(text, font, size)


def subset_parts(face: Any, text: str, doc: Any) -> list[tuple[int, bytes]]:
    """The text in the font's subsets, as `splitString` cuts it (the sheets' text and the
    catch-up PDF's lines go through this). A line whose letters all
    have their codes in the first subset already (most lines after the first page) is
    looked up at once; any other goes through `splitString`, which gives new letters their
    codes one at a time."""
    state = getattr(face, "state", {}).get(doc)
    assigned = getattr(state, "assignments", None)
    if assigned is not None:
        try:
            # splitString sets a no-break space as a space: the same code.
            codes = [assigned[code] for code in map(ord, text.replace("\u00a0", " "))]
        except KeyError:
            pass
        else:
            if codes and max(codes) < 256:
                return [(0, bytes(codes))]
    return face.splitString(text, doc)  # type: ignore[no-any-return]


def canvas_methods() -> bool:
    """Whether shapes and text go through the canvas's own methods (the slower way, kept
    to check that both give the same bytes)."""
    return os.environ.get("SHEETGEN_PDF_OPS", "").strip().lower() == "canvas"


def page_surface(canvas: Canvas, page_height: float) -> PdfSurface:
    """The surface of the canvas's page being drawn."""
    kind = CanvasMethodsSurface if canvas_methods() else PdfSurface
    return kind(canvas, page_height)


class PdfSurface:
    """Wraps a reportlab canvas whose page is `page_height` points tall."""

    metrics = "pdf"  # its text widths are the PDF fonts' (art/text.py keeps wraps by it)

    def __init__(self, canvas: Canvas, page_height: float) -> None:
        register_fonts()
        self.canvas = canvas
        self.page_height = page_height
        # While a page is recorded (`record`): where each text's operators went in the
        # page's code, and what drew them (a text's operators depend on the document).
        self.texts: list[RecordedText] | None = None

    def _y(self, y: float) -> float:
        return self.page_height - y

    def _begin(self, stroke: Color | None, fill: Color | None, width: float) -> list[str]:
        """The page's code with a bracket opened and its style set: what `saveState`,
        `setStrokeColorRGB`, `setLineWidth` and `setFillColorRGB` append."""
        code: list[str] = self.canvas._code
        code.append("q")
        if stroke is not None:
            code.append(_stroke_op(stroke))
            code.append(f"{fp_str(width)} w")
        if fill is not None:
            code.append(_fill_op(fill))
        return code

    def _paint(self, stroke: Color | None, fill: Color | None) -> str:
        return PATH_OPS[stroke is not None, fill is not None, self.canvas._fillMode]

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
        code = self._begin(color, None, width)
        if dash:
            self.canvas.setDash(list(dash))  # rare: its checks and format, as reportlab does
        code.append(f"n {fp_str(x1, self._y(y1))} m {fp_str(x2, self._y(y2))} l S")
        code.append("Q")

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
        code = self._begin(stroke, fill, width)
        if radius:
            PDFPathObject(code=code).roundRect(x, self._y(y + h), w, h, radius)
            code.append(self._paint(stroke, fill))
        else:
            code.append(f"n {fp_str(x, self._y(y + h), w, h)} re {self._paint(stroke, fill)}")
        code.append("Q")

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        code = self._begin(stroke, fill, width)
        top = self.page_height
        # A path object's code, packed onto one line as `drawPath` packs it.
        path = ["n", f"{fp_str(points[0][0], top - points[0][1])} m"]
        path += [f"{fp_str(px, top - py)} l" for px, py in points[1:]]
        path.append("h")
        code.append(" ".join(path))
        code.append(self._paint(stroke, fill))
        code.append("Q")

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
        code = self._begin(stroke, fill, width)
        # `Canvas.circle`'s corners and sizes, computed as it computes them.
        x_cen, y_cen = cx, self._y(cy)
        x1, x2, y1, y2 = x_cen - r, x_cen + r, y_cen - r, y_cen + r
        PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
        code.append(self._paint(stroke, fill))
        code.append("Q")

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
        canvas = self.canvas
        code: list[str] = canvas._code
        if self.texts is not None:
            drawn = (x, y, text, size, font, color, anchor)
            self.texts.append(RecordedText(len(code), len(code) + 4, drawn))
        code.append("q")
        code.append(_fill_op(color))
        # `drawString`, `drawCentredString` and `drawRightString`: a text object at the
        # start of the text, one line in the font's subsets, as PDFTextObject writes it.
        if anchor == "middle":
            x = x - 0.5 * string_width(text, font, size)
        elif anchor == "end":
            x = x - string_width(text, font, size)
        face: Any = pdfmetrics.getFont(font)
        doc = canvas._doc
        shown: list[str] = []
        current, head = -1, ""
        for subset, part in subset_parts(face, text, doc):
            if subset != current:
                head = head or f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
                shown.append(f"{face.getSubsetInternalName(subset, doc)} {head}")
                current = subset
            shown.append(f"({canvas._escape(part)}) Tj")
        tm = f"1 0 0 1 {fp_str(x, self._y(y))} Tm"
        code.append(" ".join(("BT", tm, f"{' '.join(shown)} T*", "ET")))
        code.append("Q")

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return string_width(text, font, size)

    # --- a page drawn again in another document ----------------------------------------
    def record(self) -> int:
        """Start recording the page's drawing; returns where it starts in the page's code."""
        self.texts = []
        return len(self.canvas._code)

    def recorded(self, start: int) -> RecordedPage:
        """What the page drew since `record`: its operators, and its texts to set again."""
        texts = [RecordedText(t.start - start, t.end - start, t.drawn) for t in self.texts or []]
        self.texts = None
        return RecordedPage(self.canvas._code[start:], texts, self.page_height)

    def replay(self, page: RecordedPage) -> None:
        """The page drawn again, in this canvas's document: every shape's operators as
        they were (they depend on the page's size alone), every text set again in this
        document's font subsets, in the same order (a subset's codes are given in the
        order its letters are first set)."""
        if page.page_height != self.page_height:
            raise ValueError("a page is replayed on a page of another size")
        code: list[str] = self.canvas._code
        at = 0
        for start, end, (x, y, text, size, font, color, anchor) in page.texts:
            code.extend(page.code[at:start])
            self.text(x, y, text, size=size, font=font, color=color, anchor=anchor)
            at = end
        code.extend(page.code[at:])


class RecordedText(NamedTuple):
    start: int  # where its operators are in the page's code (4 entries: q, colour, text, Q)
    end: int
    drawn: tuple[float, float, str, float, FontName, Color, Anchor]


class RecordedPage(NamedTuple):
    code: list[str]
    texts: list[RecordedText]
    page_height: float


class CanvasMethodsSurface(PdfSurface):
    """The same drawing through the canvas's own methods (SHEETGEN_PDF_OPS=canvas)."""

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
        return pdfmetrics.stringWidth(text, font, size)
