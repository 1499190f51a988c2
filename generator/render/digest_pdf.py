"""The catch-up page as a PDF, for printing or for readers without a browser at hand.

Paper cannot hide anything until tapped, so every hidden part (a roll, a peeked stack, a
hidden picture) becomes a numbered reference in the post, "[spoiler 12]", and its content is
printed at the back of the document, as puzzle books print their answers."""

from __future__ import annotations

import base64
import io
import re
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
)

from generator.art.surface import FONTS
from generator.render.html import SPOILER, Page, PagePost
from generator.render.text import DICE_FACES

IMAGE_WIDTH = 110 * mm
MARKS = re.compile(r"\*\*|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)|`")
ESCAPES = re.compile(r"\\([\\*_`~|>#\[\]()-])")


def _fonts() -> None:
    for name in ("Vera", "VeraBd", "VeraIt"):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS[name])))


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName="Vera", fontSize=9.5, leading=12.5, alignment=TA_LEFT)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8, textColor="#555a70"),
        "h1": ParagraphStyle("h1", parent=base, fontName="VeraBd", fontSize=17, leading=21),
        "h2": ParagraphStyle("h2", parent=base, fontName="VeraBd", fontSize=14, leading=18),
        "h3": ParagraphStyle("h3", parent=base, fontName="VeraBd", fontSize=11.5, leading=15),
        "title": ParagraphStyle("title", parent=base, fontName="VeraBd", fontSize=10.5),
    }


def _plain(text: str) -> str:
    """Markdown marks off, dice faces as digits (the PDF font has no dice)."""
    for value, face in enumerate(DICE_FACES, 1):
        text = text.replace(face, f"[{value}]")
    text = MARKS.sub("", text)
    return ESCAPES.sub(r"\1", text)


class _Spoilers:
    def __init__(self) -> None:
        self.items: list[tuple[int, str, list[str], list[tuple[bytes, str]]]] = []

    def add(self, where: str, lines: list[str], images: list[tuple[bytes, str]]) -> int:
        number = len(self.items) + 1
        self.items.append((number, where, lines, images))
        return number


def _post_flowables(post: PagePost, styles: dict[str, ParagraphStyle], spoilers: _Spoilers) -> list:  # type: ignore[type-arg]
    flow: list = []  # type: ignore[type-arg]
    flow.append(Paragraph(escape(_plain(post.title)), styles["title"]))
    flow.append(Paragraph(escape(post.when), styles["small"]))
    hidden_block: list[str] = []

    def flush() -> None:
        if hidden_block:
            number = spoilers.add(post.title, list(hidden_block), [])
            flow.append(
                Paragraph(f"[spoiler {number}: {len(hidden_block)} hidden lines]", styles["body"])
            )
            hidden_block.clear()

    for raw in post.markdown.splitlines():
        line = raw.rstrip()
        whole = SPOILER.fullmatch(line.strip())
        if whole and line.strip():
            hidden_block.append(_plain(whole.group(1)))
            continue
        flush()
        if not line.strip():
            flow.append(Spacer(1, 3))
            continue
        if line.startswith("-# "):
            flow.append(Paragraph(escape(_plain(line[3:])), styles["small"]))
            continue
        line = re.sub(r"^#{1,3} ", "", line)
        line = re.sub(r"^> ", "    ", line)
        line = re.sub(r"^- ", "• ", line)

        def hide(match: re.Match[str], line: str = line) -> str:
            # Name the spoiler by what precedes it on its line ("Meteor 1, large ...").
            label = _plain(line[: match.start()]).strip(" •:-")
            where = f"{post.title}: {label}" if label else post.title
            number = spoilers.add(where, [_plain(match.group(1))], [])
            return f"\x00{number}\x00"

        text = escape(_plain(SPOILER.sub(hide, line)))
        text = re.sub("\x00(\\d+)\x00", r"<b>[spoiler \1]</b>", text)
        flow.append(Paragraph(text, styles["body"]))
    flush()
    for image in post.images:
        data = _data(image.src)
        if image.hidden:
            number = spoilers.add(post.title, [], [(data, image.alt)])
            flow.append(Paragraph(f"[spoiler {number}: a hidden picture]", styles["body"]))
        else:
            flow.append(_image(data))
            flow.append(Paragraph(escape(f"Picture: {_plain(image.alt)}"), styles["small"]))
    flow.append(Spacer(1, 8))
    return flow


def _data(src: str) -> bytes:
    return base64.b64decode(src.split(",", 1)[1])


def _image(data: bytes) -> Image:
    reader = ImageReader(io.BytesIO(data))
    width, height = reader.getSize()
    return Image(io.BytesIO(data), width=IMAGE_WIDTH, height=IMAGE_WIDTH * height / width)


def digest_pdf(page: Page) -> bytes:
    _fonts()
    styles = _styles()
    spoilers = _Spoilers()
    flow: list = [Paragraph(escape(page.title), styles["h1"])]  # type: ignore[type-arg]
    flow += [Paragraph(escape(line), styles["body"]) for line in page.intro]
    flow.append(
        Paragraph(
            "On paper nothing can stay hidden until tapped: each hidden roll, stack or picture "
            "is a numbered spoiler printed at the back. Look one up only when you reach it.",
            styles["body"],
        )
    )
    if page.sheets:
        names = ", ".join(s.name for s in page.sheets)
        flow.append(
            Paragraph(escape(f"Sheets to print (in the HTML page): {names}."), styles["small"])
        )
    for section in page.sections:
        flow.append(Spacer(1, 6))
        flow.append(Paragraph(escape(section.name), styles["h2"]))
        for phase in section.phases:
            if phase.name:
                flow.append(Paragraph(escape(phase.name), styles["h3"]))
            for post in phase.posts:
                flow += _post_flowables(post, styles, spoilers)
    if spoilers.items:
        flow.append(PageBreak())
        flow.append(Paragraph("Spoilers", styles["h2"]))
        for number, where, lines, images in spoilers.items:
            parts: list = [Paragraph(escape(f"{number}. {_plain(where)}"), styles["title"])]  # type: ignore[type-arg]
            parts += [Paragraph(escape(line), styles["body"]) for line in lines]
            for data, alt in images:
                parts += [_image(data), Paragraph(escape(_plain(alt)), styles["small"])]
            flow.append(KeepTogether(parts))
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=page.title,
        author="sheetgen",
        invariant=1,
    )
    doc.build(flow)
    return buffer.getvalue()
