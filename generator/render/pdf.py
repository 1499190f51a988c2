"""Print-and-play PDF helpers shared by every game: paper sizes, safe margins, a scale bar,
write-in boxes, wrapped text and a simple column flow.

Everything is drawn through `Surface` (points, origin top-left), so a game's sheet code
never touches reportlab. A document is a list of `PageSpec`s rendered for one paper; a
print pack is simply the concatenation of several documents' page lists. Pages are laid
out for their paper (the geometry comes from `Page`), never scaled from another paper.

Print conventions enforced here: vector only, Vera fonts embedded, every line at least
`MIN_LINE` wide, nothing essential closer than `SAFE_MARGIN` to the paper edge (pages
record the regions they draw so tests can check that), byte-identical output for the
same input (`invariant=1`)."""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from generator.art.pdf_surface import PdfSurface, register_fonts, string_width
from generator.art.surface import BLACK, WHITE, Color, FontName, Surface
from generator.art.text import Measure, wrap
from generator.common.errors import LayoutError as LayoutError
from generator.common.errors import SheetgenError

MM = 72 / 25.4
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
# Home printers leave 3-6 mm unprinted; 10 mm keeps every box on paper, 12 mm adds slack.
SAFE_MARGIN = 10 * MM
MARGIN = 12 * MM
MIN_LINE = 0.5  # points: thinner lines vanish on cheap printers
LINE = 0.75
THICK = 1.5
INK_GREY: Color = (90, 90, 90)
SHADE: Color = (232, 232, 232)
HATCH: Color = (150, 150, 150)

Orientation = Literal["portrait", "landscape"]


def mm(value: float) -> float:
    return value * MM


@dataclass(frozen=True)
class Region:
    """A named area a page drew (a box, a grid cell...), in points from the top-left."""

    kind: str
    x: float
    y: float
    w: float
    h: float


@dataclass
class Page:
    """One page being drawn: its surface and geometry, and the regions drawn on it."""

    surface: Surface
    paper: str
    orientation: Orientation
    width: float
    height: float
    margin: float = MARGIN
    regions: list[Region] = field(default_factory=list)

    @property
    def left(self) -> float:
        return self.margin

    @property
    def top(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def bottom(self) -> float:
        return self.height - self.margin

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    def mark(self, kind: str, x: float, y: float, w: float, h: float) -> None:
        self.regions.append(Region(kind, x, y, w, h))

    def count(self, kind: str) -> int:
        return sum(1 for r in self.regions if r.kind == kind)


@dataclass(frozen=True)
class PageSpec:
    """A page to render: its orientation and the function that draws it."""

    orientation: Orientation
    draw: Callable[[Page], None]


def page_size(paper: str, orientation: Orientation) -> tuple[float, float]:
    if paper not in PAPERS:
        raise SheetgenError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPERS)})")
    w, h = PAPERS[paper]
    return (h, w) if orientation == "landscape" else (w, h)


def render_pdf(
    pages: Sequence[PageSpec],
    paper: str,
    *,
    title: str,
    subject: str = "",
    on_page: Callable[[Page], None] | None = None,
) -> bytes:
    """Render the pages for one paper; the same input always gives the same bytes."""
    register_fonts()
    buffer = io.BytesIO()
    # The initial font would otherwise be Helvetica, listed (unembedded) on every page.
    canvas = Canvas(
        buffer,
        pagesize=page_size(paper, "portrait"),
        invariant=1,
        initialFontName="Vera",  # type: ignore[arg-type]  # a name; the stubs say a number
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("sheetgen")
    canvas.setAuthor("sheetgen")
    for spec in pages:
        width, height = page_size(paper, spec.orientation)
        canvas.setPageSize((width, height))
        # Art scaled down for a legend would otherwise print hairlines that vanish.
        surface = PdfSurface(canvas, height, min_line=MIN_LINE)
        page = Page(surface, paper, spec.orientation, width, height)
        spec.draw(page)
        if on_page is not None:
            on_page(page)
        surface.finish()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --- text ---------------------------------------------------------------------------------
class TextMeasure:
    """Measures text with the embedded fonts' metrics, without a canvas."""

    metrics = "pdf"

    def __init__(self) -> None:
        register_fonts()

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return string_width(text, font, size)


def text_height(lines: int, size: float, leading: float = 1.25) -> float:
    return lines * size * leading


def _lead_width(measure: Measure, lead: str, size: float) -> float:
    return measure.text_width(lead + " ", size=size, font="VeraBd") if lead else 0.0


def paragraph(
    surface: Surface,
    x: float,
    y: float,
    width: float,
    text: str,
    *,
    size: float,
    font: FontName = "Vera",
    color: Color = BLACK,
    leading: float = 1.25,
    lead: str = "",
) -> float:
    """Draw wrapped text whose first line's top is at `y`, optionally opening with a bold
    `lead`; returns the y below the last line."""
    indent = _lead_width(surface, lead, size)
    lines = wrap(surface, text, width, size, font, indent)
    for i, line in enumerate(lines):
        baseline = y + size * 0.9 + i * size * leading
        if i == 0 and lead:
            surface.text(x, baseline, lead, size=size, font="VeraBd", color=color)
        surface.text(
            x + (indent if i == 0 else 0.0), baseline, line, size=size, font=font, color=color
        )
    return y + text_height(len(lines), size, leading)


def paragraph_height(
    measure: Measure,
    width: float,
    text: str,
    *,
    size: float,
    font: FontName = "Vera",
    leading: float = 1.25,
    lead: str = "",
) -> float:
    indent = _lead_width(measure, lead, size)
    return text_height(len(wrap(measure, text, width, size, font, indent)), size, leading)


def fit_size(surface: Measure, text: str, width: float, size: float, font: FontName) -> float:
    """The largest size up to `size` at which `text` fits in `width` on one line."""
    natural = surface.text_width(text, size=size, font=font)
    return size if natural <= width else size * width / natural


# --- boxes --------------------------------------------------------------------------------
def box(
    surface: Surface,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    label: str = "",
    label_size: float = 5.5,
    width: float = LINE,
    fill: Color | None = WHITE,
) -> None:
    """A write-in box, with an optional small label in its top-left corner."""
    surface.rect(x, y, w, h, stroke=BLACK, fill=fill, width=max(width, MIN_LINE))
    if label:
        surface.text(
            x + 1.2, y + label_size + 0.8, label, size=label_size, font="VeraBd", color=INK_GREY
        )


def box_grid_height(
    width: float, count: int, *, size: float, gap: float, height: float | None = None
) -> float:
    height = size if height is None else height
    per_row = max(1, int((width + gap) // (size + gap)))
    rows = math.ceil(count / per_row)
    return rows * height + (rows - 1) * gap


def box_grid(
    page: Page,
    kind: str,
    x: float,
    y: float,
    width: float,
    count: int,
    *,
    size: float,
    gap: float,
    height: float | None = None,
    labels: Sequence[str] | None = None,
    label_size: float = 5.5,
) -> float:
    """`count` boxes (each recorded as a `kind` region) in rows filling `width`, left to
    right; returns the total height used."""
    box_h = size if height is None else height
    per_row = max(1, int((width + gap) // (size + gap)))
    for i in range(count):
        bx = x + (i % per_row) * (size + gap)
        by = y + (i // per_row) * (box_h + gap)
        label = labels[i] if labels else ""
        box(page.surface, bx, by, size, box_h, label=label, label_size=label_size)
        page.mark(kind, bx, by, size, box_h)
    return box_grid_height(width, count, size=size, gap=gap, height=height)


def hatch(
    surface: Surface, x: float, y: float, w: float, h: float, *, spacing: float = 2.5 * MM
) -> None:
    """Diagonal hatching clipped to a rectangle: marks an area as unusable without colour."""
    surface.rect(x, y, w, h, stroke=None, fill=SHADE)
    # Lines u + v = k in local coordinates, each clipped to the rectangle.
    k = spacing / 2
    while k < w + h:
        u1, u2 = max(0.0, k - h), min(w, k)
        surface.line(x + u1, y + k - u1, x + u2, y + k - u2, color=HATCH, width=MIN_LINE)
        k += spacing
    surface.rect(x, y, w, h, stroke=HATCH, fill=None, width=MIN_LINE)


def scale_bar(page: Page, x: float, y: float, *, length_mm: float = 50, size: float = 7) -> float:
    """A bar exactly `length_mm` long in 10 mm segments, with 'print at 100 %'; its top is at
    `y`. Returns its total width (bar and caption)."""
    surface = page.surface
    length = mm(length_mm)
    bar_h = mm(2.2)
    segments = max(1, round(length_mm / 10))
    step = length / segments
    for i in range(segments):
        fill = BLACK if i % 2 == 0 else WHITE
        surface.rect(x + i * step, y, step, bar_h, stroke=BLACK, fill=fill, width=MIN_LINE)
    surface.text(x, y + bar_h + size + 0.5, "0", size=size - 1)
    surface.text(
        x + length, y + bar_h + size + 0.5, f"{length_mm:g} mm", size=size - 1, anchor="middle"
    )
    caption = f"Print at 100 % (no fit to page): this bar measures {length_mm:g} mm."
    surface.text(x + length + mm(6), y + bar_h, caption, size=size, font="VeraBd")
    page.mark("scale-bar", x, y, length, bar_h)
    return length + mm(6) + surface.text_width(caption, size=size, font="VeraBd")


# --- layout -------------------------------------------------------------------------------
@dataclass
class Column:
    """A rectangle filled from the top down."""

    x: float
    y: float
    w: float
    bottom: float

    def fits(self, height: float) -> bool:
        return self.y + height <= self.bottom + 0.01

    def take(self, height: float, gap: float) -> float:
        top = self.y
        self.y += height + gap
        return top


@dataclass(frozen=True)
class LayoutBlock:
    """Something a flow places: its height for a width, and how to draw it there."""

    name: str
    min_width: float
    height: Callable[[Measure, float], float]
    draw: Callable[[Page, float, float, float], None]


@dataclass(frozen=True)
class Placement:
    block: LayoutBlock
    column: int
    x: float
    y: float
    w: float


def flow(
    measure: Measure, blocks: Sequence[LayoutBlock], columns: Sequence[Column], gap: float
) -> list[Placement] | None:
    """Place blocks in order, moving on to the next column when one is full (columns may
    lie on several pages). Returns the placements, or None when the blocks do not fit."""
    placed: list[Placement] = []
    cols = [Column(c.x, c.y, c.w, c.bottom) for c in columns]
    index = 0
    for block in blocks:
        while index < len(cols):
            col = cols[index]
            if col.w >= block.min_width:
                height = block.height(measure, col.w)
                if col.fits(height):
                    placed.append(Placement(block, index, col.x, col.take(height, gap), col.w))
                    break
            index += 1
        else:
            return None
    return placed


def assign(
    measure: Measure, blocks: list[LayoutBlock], columns: list[Column], gap: float, *, strip: bool
) -> list[Placement] | None:
    """The first way, in reading order, to share the blocks among the columns so that each
    column holds its blocks (in their given order). With `strip`, the last column is a
    full-width band on top of the others that pushes them down by its height.

    "First in reading order" is the first of every choice of a column per block, the last
    block's choice varying fastest. They are tried depth first, block by block, and a choice
    of the first blocks that overfills a column is given up with every way to go on from it:
    a column's fill and the strip's push only grow as blocks are added (each block adds its
    height and the gap, never less than nothing), so none of them could fit. The first
    choice found is the one trying every choice in turn finds (a legend of 9 blocks in 4
    columns: 262,144 choices), with the same sums in the same order."""
    last = len(columns) - 1
    heights = [
        [b.height(measure, c.w) if c.w >= b.min_width else None for c in columns] for b in blocks
    ]
    if any(h is not None and h + gap < 0 for row in heights for h in row):
        return _assign_trying_all(blocks, columns, gap, strip, heights)

    every_column = range(len(columns))

    def overfilled(used: list[float], grown: int) -> bool:
        """Whether a column overflows once column `grown` took a block: only that one can,
        unless it is the strip, whose push moves every other column down."""
        shift = used[-1] if strip else 0.0
        return not all(
            columns[c].y + (0.0 if strip and c == last else shift) + used[c] - gap
            <= columns[c].bottom + 0.01
            for c in (every_column if strip and grown == last else (grown,))
            if used[c]
        )

    choice: list[int] = []

    def extend(used: list[float]) -> bool:
        i = len(choice)
        if i == len(blocks):
            return True
        for c in range(len(columns)):
            height = heights[i][c]
            if height is None:
                continue
            grown = used.copy()
            grown[c] += height + gap
            if overfilled(grown, c):
                continue
            choice.append(c)
            if extend(grown):
                return True
            choice.pop()
        return False

    if not extend([0.0] * len(columns)):
        return None
    return _placements(blocks, columns, gap, strip, heights, choice)


def _fitted(heights: list[list[float | None]], block: int, column: int) -> float:
    """The height of a block in a column a choice puts it in (only where it fits)."""
    height = heights[block][column]
    if height is None:
        raise ValueError(f"block {block} does not fit column {column}")
    return height


def _placements(
    blocks: list[LayoutBlock],
    columns: list[Column],
    gap: float,
    strip: bool,
    heights: list[list[float | None]],
    choice: Sequence[int],
) -> list[Placement]:
    used = [0.0] * len(columns)
    for i, c in enumerate(choice):
        used[c] += _fitted(heights, i, c) + gap
    shift = used[-1] if strip else 0.0
    ys = [
        col.y + (0.0 if strip and c == len(columns) - 1 else shift) for c, col in enumerate(columns)
    ]
    placed = []
    for i, c in enumerate(choice):
        placed.append(Placement(blocks[i], c, columns[c].x, ys[c], columns[c].w))
        ys[c] += _fitted(heights, i, c) + gap
    return placed


def _assign_trying_all(
    blocks: list[LayoutBlock],
    columns: list[Column],
    gap: float,
    strip: bool,
    heights: list[list[float | None]],
) -> list[Placement] | None:
    """`assign` by trying every choice in reading order (where a block could shrink a
    column's fill, and so nothing can be given up early)."""
    for choice in itertools.product(range(len(columns)), repeat=len(blocks)):
        if any(heights[i][c] is None for i, c in enumerate(choice)):
            continue
        used = [0.0] * len(columns)
        for i, c in enumerate(choice):
            used[c] += _fitted(heights, i, c) + gap
        shift = used[-1] if strip else 0.0
        fits = all(
            columns[c].y + (0.0 if strip and c == len(columns) - 1 else shift) + used[c] - gap
            <= columns[c].bottom + 0.01
            for c in range(len(columns))
            if used[c]
        )
        if fits:
            return _placements(blocks, columns, gap, strip, heights, choice)
    return None
