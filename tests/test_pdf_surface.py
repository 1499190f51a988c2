"""The PDF surface writes each colour, width and dash only when it changes, saves no
graphics state per shape, and draws a run of texts as one text object, each text where the
canvas's own string methods put it."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from generator.art.pdf_surface import PdfSurface, register_fonts
from generator.art.surface import Anchor

Op = tuple[list[Any], bytes]
GREY = (90, 90, 90)
RED = (200, 0, 0)


def operations(draw: Callable[[PdfSurface], None]) -> list[Op]:
    """The content stream of one page drawn on the surface, as (operands, operator)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1)
    surface = PdfSurface(canvas, 200)
    draw(surface)
    surface.finish()
    canvas.showPage()
    canvas.save()
    pdf = PdfReader(io.BytesIO(buffer.getvalue()))
    return [(list(o), op) for o, op in ContentStream(pdf.pages[0].get_contents(), pdf).operations]


def names(ops: list[Op]) -> list[bytes]:
    return [op for _, op in ops]


def text_objects(ops: list[bytes]) -> list[list[bytes]]:
    """The operators of each text object that shows text (not the canvas's opening font)."""
    found: list[list[bytes]] = []
    for op in ops:
        if op == b"BT":
            found.append([])
        elif found and op != b"ET":
            found[-1].append(op)
    return [o for o in found if b"Tj" in o]


def test_shapes_of_one_style_set_it_once_and_save_no_state() -> None:
    def draw(s: PdfSurface) -> None:
        for i in range(5):
            s.rect(10 + i * 20, 10, 15, 15, stroke=(0, 0, 0), fill=RED, width=0.75)
            s.polygon([(10, 50), (30, 50), (20, 60 + i)], stroke=(0, 0, 0), fill=RED, width=0.75)

    ops = names(operations(draw))
    assert b"q" not in ops and b"Q" not in ops
    assert ops.count(b"rg") == 1  # the fill colour
    assert ops.count(b"RG") == 1  # the stroke colour
    assert ops.count(b"w") == 1
    assert ops.count(b"re") == 5


def test_a_change_of_style_is_written_where_it_happens() -> None:
    def draw(s: PdfSurface) -> None:
        s.rect(10, 10, 15, 15, stroke=(0, 0, 0), fill=RED, width=1.0)
        s.rect(30, 10, 15, 15, stroke=(0, 0, 0), fill=GREY, width=2.0)
        s.rect(50, 10, 15, 15, stroke=None, fill=GREY)  # no stroke: its width is not set

    ops = operations(draw)
    fills = [[round(float(v), 4) for v in o] for o, op in ops if op == b"rg"]
    assert fills == [[0.7843, 0, 0], [0.3529] * 3]
    assert [float(o[0]) for o, op in ops if op == b"w"] == [1.0, 2.0]


def test_a_dash_ends_with_its_line() -> None:
    def draw(s: PdfSurface) -> None:
        s.line(10, 10, 100, 10, dash=(3, 2))
        s.line(10, 20, 100, 20, dash=(3, 2))
        s.line(10, 30, 100, 30)
        s.rect(10, 40, 20, 20)

    ops = operations(draw)
    dashes = [[list(map(float, o[0])), float(o[1])] for o, op in ops if op == b"d"]
    assert dashes == [[[3.0, 2.0], 0.0], [[], 0.0]]  # set once, cleared once
    order = names(ops)
    strokes = [i for i, op in enumerate(order) if op == b"S"]
    cleared = [i for i, op in enumerate(order) if op == b"d"][1]
    assert strokes[1] < cleared < strokes[2]  # between the dashed lines and the plain one


def test_a_run_of_texts_is_one_text_object_and_a_shape_ends_it() -> None:
    def draw(s: PdfSurface) -> None:
        s.text(10, 20, "one", size=8)
        s.text(10, 30, "two", size=8)
        s.text(10, 40, "three", size=8, color=GREY)
        s.rect(10, 50, 20, 20, stroke=None, fill=GREY)  # the grey is already set
        s.text(10, 90, "four", size=8)

    ops = names(operations(draw))
    texts = text_objects(ops)
    assert [t.count(b"Tj") for t in texts] == [3, 1]
    assert [t.count(b"Tf") for t in texts] == [1, 1]  # the font did not change
    assert ops.count(b"rg") == 3  # black, grey (kept for the rectangle), black again
    # Drawn in the order given: the rectangle lies between the two text objects.
    last_start = len(ops) - 1 - ops[::-1].index(b"BT")
    assert ops.index(b"Tj") < ops.index(b"re") < last_start


def test_anchored_texts_start_where_the_canvas_puts_them() -> None:
    """The same start as the canvas's drawString, drawCentredString and drawRightString."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1, pageCompression=0)
    canvas.setFont("VeraBd", 7.3)
    canvas.drawString(50.5, 100, "FRONT · 2×")
    canvas.drawCentredString(50.5, 100, "FRONT · 2×")
    canvas.drawRightString(50.5, 100, "FRONT · 2×")
    canvas.showPage()
    canvas.save()
    pdf = PdfReader(io.BytesIO(buffer.getvalue()))
    stream = ContentStream(pdf.pages[0].get_contents(), pdf).operations
    expected = [o[4] for o, op in stream if op == b"Tm"]

    def draw(s: PdfSurface) -> None:
        anchors: tuple[Anchor, ...] = ("start", "middle", "end")
        for anchor in anchors:
            s.text(50.5, 100, "FRONT · 2×", size=7.3, font="VeraBd", anchor=anchor)

    assert [o[4] for o, op in operations(draw) if op == b"Tm"] == expected


def test_an_upright_rectangle_polygon_is_one_rectangle_with_the_same_corners() -> None:
    def draw(s: PdfSurface) -> None:
        s.polygon([(30, 20), (30, 10), (10, 10), (10, 20)], fill=RED)  # any corner, any way
        s.polygon([(10, 50), (30, 50), (35, 60), (10, 60)], fill=RED)  # slanted: a path

    ops = operations(draw)
    rects = [[float(v) for v in o] for o, op in ops if op == b"re"]
    assert rects == [[10.0, 180.0, 20.0, 10.0]]  # x, y from the bottom, w, h
    assert names(ops).count(b"l") == 3 and names(ops).count(b"h") == 1
