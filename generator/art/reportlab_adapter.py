"""The private parts of reportlab the catch-up PDF uses, in this one module, checked against
the reportlab releases it was tested with (the project's dependency range says the same).

Why they are needed: a catch-up line of mixed fonts is set as one text object (reportlab's
public text object writes a font's leading with each font change, so the bytes and the
look of the page would change), and a palette PNG is embedded as it is, its rows the
picture's data (`drawImage` decodes every picture and compresses it again, which a month of
posts' pictures would pay for). Everything else goes through the canvas's public methods."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reportlab
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from generator.common.errors import SheetgenError

# The major releases these private parts were checked in (tests/test_reportlab_adapter.py).
TESTED_MAJORS = (5,)


def check_version(version: str) -> None:
    """A reportlab outside the tested releases is refused with a clear message, before a
    PDF is made with internals that may have changed."""
    major = version.split(".", 1)[0]
    if not major.isdigit() or int(major) not in TESTED_MAJORS:
        tested = " or ".join(f"{m}.x" for m in TESTED_MAJORS)
        raise SheetgenError(
            f"reportlab {version} is installed; sheetgen writes PDFs with reportlab {tested} "
            "(reinstall sheetgen to get a matching reportlab)"
        )


check_version(reportlab.Version)


def document(canvas: Canvas) -> Any:
    """The canvas's PDF document: a font's subsets are per document."""
    return canvas._doc  # type: ignore[attr-defined]  # private: adapted here


def escaped(canvas: Canvas, data: bytes) -> str:
    """Bytes of a font's subset as a PDF string's inside, escaped as the canvas escapes them."""
    escaped: str = canvas._escape(data)  # type: ignore[attr-defined]  # private: adapted here
    return escaped


def append_operators(canvas: Canvas, operators: str) -> None:
    """Operators added to the page being drawn, as the canvas's own methods add theirs."""
    canvas._code.append(operators)  # type: ignore[attr-defined]  # private: adapted here


def place_picture(
    canvas: Canvas, name: str, make: Callable[[], Any], box: tuple[float, float, float, float]
) -> None:
    """An image XObject drawn in `box` (x, y, width, height): made by `make` and added to the
    document the first time `name` is placed, referred to after that."""
    x, y, w, h = box
    doc = canvas._doc  # type: ignore[attr-defined]  # private: adapted here
    registered = doc.getXObjectName(name)
    if doc.idToObject.get(registered) is None:  # the same picture twice: once
        picture = make()
        canvas._setXObjects(picture)  # type: ignore[attr-defined]  # private: adapted here
        doc.Reference(picture, registered)
        doc.addForm(name, picture)
    canvas._code.append(f"q {fp_str(w, 0, 0, h, x, y)} cm /{registered} Do Q")  # type: ignore[attr-defined]  # private: adapted here
    canvas._formsinuse.append(name)  # type: ignore[attr-defined]  # private: adapted here
