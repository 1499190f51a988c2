"""A document that flows down its pages: paragraphs of mixed fonts, gaps, pictures, page
breaks and groups kept on one page, set on A4 with a canvas and nothing more.

The catch-up page's PDF is this (render/digest_pdf.py says what goes in it). It once went
through reportlab's platypus, whose paragraph markup is parsed, wrapped and drawn in Python,
a fragment at a time, and whose import compiles a dozen large regular expressions: a third
of a month's catch-up page, for what a page of plain posts needs. Here a paragraph is laid
out a word at a time (render/rich_lines.py) with the embedded fonts' widths, kept per text
(art/pdf_surface.py `string_width`), and a line is one text object in the fonts' subsets, as
the sheets write theirs. The same page gives the same bytes."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.art.pdf_surface import register_fonts, string_width
from generator.art.reportlab_adapter import append_operators, document, escaped
from generator.art.surface import Color
from generator.render.rich_lines import Line, Span, wrap_spans

A4 = (210 * mm, 297 * mm)
MARGIN = 15 * mm
PADDING = 6  # points inside the margin, as a platypus frame keeps: the page looks as it did
LEFT = MARGIN + PADDING
TOP = A4[1] - MARGIN - PADDING
BOTTOM = MARGIN + PADDING
ROOM = A4[0] - 2 * (MARGIN + PADDING)  # the width a line may take
HEIGHT = TOP - BOTTOM  # a page's height for the flow


@dataclass(frozen=True)
class Style:
    size: float
    leading: float
    colour: Color = (0, 0, 0)
    indent: float = 0.0  # every line's, from the left
    space_before: float = 0.0  # none at the top of a page
    keep_with_next: bool = False  # a heading: never last on its page


@dataclass(frozen=True)
class Para:
    spans: tuple[Span, ...]
    style: Style
    bullet: Span | None = None  # drawn left of the first line, in the space of the indent
    bullet_indent: float = 0.0


@dataclass(frozen=True)
class Gap:
    height: float


@dataclass(frozen=True)
class Picture:
    """A picture `width` points wide, drawn by `draw(canvas, x, y, width, height)` (its lower
    left corner at x, y)."""

    width: float
    height: float
    draw: Callable[[Canvas, float, float, float, float], None]


@dataclass(frozen=True)
class PageBreak:
    pass


@dataclass(frozen=True)
class Together:
    """Items kept on one page when they fit on one (a spoiler at the back with its picture)."""

    items: tuple[Para | Gap | Picture, ...]


Item = Para | Gap | Picture | PageBreak | Together


@dataclass
class _Flow:
    canvas: Canvas
    on_page: Callable[[Canvas], None] | None
    y: float = TOP
    started: bool = False  # whether the page being filled holds anything yet
    pages: int = 0
    lines: dict[int, list[Line]] = field(default_factory=dict)

    def page(self) -> None:
        """A new page (the first one too), its banner drawn first."""
        if self.pages:
            self.canvas.showPage()
        self.pages += 1
        self.y, self.started = TOP, False
        if self.on_page is not None:
            self.on_page(self.canvas)

    def wrapped(self, para: Para) -> list[Line]:
        found = self.lines.get(id(para))
        if found is None:
            room = ROOM - para.style.indent
            found = self.lines[id(para)] = wrap_spans(
                para.spans, room, para.style.size, string_width
            )
        return found


def _height(flow: _Flow, item: Para | Gap | Picture) -> float:
    if isinstance(item, Para):
        return item.style.space_before + item.style.leading * len(flow.wrapped(item))
    return item.height


def _least(flow: _Flow, item: Item | None) -> float:
    """What of `item` must fit on a page beside the heading above it."""
    if isinstance(item, Para):
        # `_para` sets no fewer than two lines on a page, and the last two together: a
        # paragraph of up to three lines goes whole.
        count = len(flow.wrapped(item))
        return item.style.space_before + item.style.leading * (count if count <= 3 else 2)
    if isinstance(item, Picture | Gap):
        return item.height
    if isinstance(item, Together):
        return sum(_height(flow, part) for part in item.items)
    return 0.0


def _line(canvas: Canvas, x: float, baseline: float, line: Line, style: Style) -> None:
    """One line as one text object: a font's subset chosen before each of its runs, as
    reportlab's text objects write them."""
    doc = document(canvas)
    shown: list[str] = [f"1 0 0 1 {fp_str(x, baseline)} Tm"]
    for text, font in line:
        face: Any = pdfmetrics.getFont(font)
        for subset, part in face.splitString(text, doc):
            internal = face.getSubsetInternalName(subset, doc)
            shown.append(f"{internal} {fp_str(style.size)} Tf ({escaped(canvas, part)}) Tj")
    red, green, blue = (channel / 255 for channel in style.colour)
    append_operators(canvas, f"q {fp_str(red, green, blue)} rg BT {' '.join(shown)} ET Q")


def _para(flow: _Flow, para: Para, after: float) -> None:
    """The paragraph's lines down the page, split where the page ends, never leaving its
    first line alone at the foot of a page or its last alone at the top of the next; a
    heading goes whole to the next page unless what follows it fits beside it."""
    style = para.style
    lines = flow.wrapped(para)
    at = 0
    while at < len(lines):
        before = style.space_before if flow.started and at == 0 else 0.0
        fits = int((flow.y - before - BOTTOM) / style.leading + 1e-9)
        rest = len(lines) - at
        need = rest * style.leading
        if style.keep_with_next:
            need += after
        if flow.started and flow.y - before - need < BOTTOM - 1e-9:
            take = min(fits, rest - 2)
            if style.keep_with_next or take < 2:
                flow.page()
                continue
        else:
            take = rest if flow.started else min(rest, max(1, fits))
        flow.y -= before
        _lines(flow, para, lines[at : at + take], first=at == 0)
        at += take
        if at < len(lines):
            flow.page()


def _lines(flow: _Flow, para: Para, lines: list[Line], first: bool) -> None:
    style = para.style
    x = LEFT + style.indent
    for index, line in enumerate(lines):
        baseline = flow.y - style.size
        if first and index == 0 and para.bullet is not None:
            _line(flow.canvas, LEFT + para.bullet_indent, baseline, (para.bullet,), style)
        if line:
            _line(flow.canvas, x, baseline, line, style)
        flow.y -= style.leading
        flow.started = True


def _place(flow: _Flow, item: Item, after: float) -> None:
    """Sets `item` down the page; `after`: the height of what must follow it on its page
    when it is a heading (`_afters`)."""
    if isinstance(item, PageBreak):
        if flow.started:
            flow.page()
    elif isinstance(item, Gap):
        if flow.started:
            flow.y -= item.height
    elif isinstance(item, Picture):
        if flow.started and flow.y - item.height < BOTTOM:
            flow.page()
        flow.y -= item.height
        item.draw(flow.canvas, LEFT, flow.y, item.width, item.height)
        flow.started = True
    elif isinstance(item, Together):
        whole = sum(_height(flow, part) for part in item.items)
        if flow.started and flow.y - whole < BOTTOM and whole <= HEIGHT:
            flow.page()
        for part, least in zip(item.items, _afters(flow, item.items, after), strict=True):
            _place(flow, part, least)
    else:
        _para(flow, item, after)


def _afters(flow: _Flow, items: Sequence[Item], last: float = 0.0) -> list[float]:
    """For each item, the height that must follow it on its page: the least of the next
    item, and of the one after that when the next is a heading too (a section's name, its
    phase's and a post's title stay with the post's first lines)."""
    afters = [0.0] * len(items)
    following = last
    for index in range(len(items) - 1, -1, -1):
        afters[index] = following
        item = items[index]
        keeps = isinstance(item, Para) and item.style.keep_with_next
        following = _least(flow, item) + (following if keeps else 0.0)
    return afters


def flow_pdf(
    items: Sequence[Item],
    *,
    title: str,
    on_page: Callable[[Canvas], None] | None = None,
) -> bytes:
    """The items set on A4 pages, top to bottom; `on_page` draws on each page first."""
    register_fonts()
    buffer = io.BytesIO()
    # The initial font would otherwise be Helvetica, listed (unembedded) on every page.
    canvas = Canvas(
        buffer,
        pagesize=A4,
        invariant=1,
        initialFontName="Vera",  # type: ignore[arg-type]  # a name; the stubs say a number
    )
    canvas.setTitle(title)
    canvas.setAuthor("sheetgen")
    canvas.setCreator("sheetgen")
    flow = _Flow(canvas, on_page)
    flow.page()
    for item, after in zip(items, _afters(flow, items), strict=True):
        _place(flow, item, after)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
