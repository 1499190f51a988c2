"""The private parts of reportlab the catch-up PDF uses (art/reportlab_adapter.py) are still
there and still behave as the adapter expects, in the installed reportlab; a reportlab
outside the tested releases is refused with a clear message."""

from __future__ import annotations

import io

import pytest
import reportlab
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.art import reportlab_adapter as adapter
from generator.art.pdf_surface import register_fonts
from generator.common.errors import SheetgenError


def test_the_installed_reportlab_is_a_tested_one() -> None:
    adapter.check_version(reportlab.Version)


@pytest.mark.parametrize("version", ["3.6.13", "6.0.0", "x.y"])
def test_another_reportlab_is_refused_by_name(version: str) -> None:
    with pytest.raises(SheetgenError, match=f"reportlab {version} is installed"):
        adapter.check_version(version)


def test_operators_and_a_subset_text_reach_the_page() -> None:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=0)
    face = pdfmetrics.getFont("Vera")
    doc = adapter.document(canvas)
    (subset, part), *_ = face.splitString("a(b)", doc)
    name = face.getSubsetInternalName(subset, doc)
    adapter.append_operators(canvas, f"BT {name} 10 Tf ({adapter.escaped(canvas, part)}) Tj ET")
    canvas.showPage()
    canvas.save()
    data = buffer.getvalue()
    assert b"\\(" in data and b"\\)" in data  # the parentheses escaped in the string
    assert f"{name} 10 Tf".encode() in data


class Dot(pdfdoc.PDFImageXObject):  # type: ignore[misc]
    """A one-pixel grey image XObject, its stream written as the catch-up PDF writes its
    palette pictures'."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.width = self.height = 1
        self.mask = None

    def format(self, document: object) -> bytes:
        stream = pdfdoc.PDFStream(content=b"\x80")
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = entries["Height"] = 1
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName("DeviceGray")
        return stream.format(document)  # type: ignore[no-any-return]


def test_a_picture_placed_twice_is_embedded_once() -> None:
    made: list[str] = []

    def make() -> Dot:
        made.append("dot")
        return Dot("dot")

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=0)
    adapter.place_picture(canvas, "dot", make, (10, 10, 5, 5))
    adapter.place_picture(canvas, "dot", make, (20, 20, 5, 5))
    canvas.showPage()
    canvas.save()
    data = buffer.getvalue()
    assert made == ["dot"]
    assert data.count(b"/Subtype /Image") == 1 and data.count(b" Do Q") == 2
