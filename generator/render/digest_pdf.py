"""The catch-up page as a PDF, for printing or for readers without a browser at hand.

Paper cannot hide anything until tapped, so every hidden part (a roll, a peeked stack, a
hidden picture) becomes a numbered reference in the post, "[spoiler 12]", and its content is
printed at the back of the document, as puzzle books print their answers. A hidden picture
is named as its button on the page names it ("[spoiler 12]: event 8, meteor 2 dice (round
1)"), in the post and at the back.

The streams are binary (no ASCII85, which reportlab encodes in pure Python here: a quarter
more bytes and most of the time), and each picture is the page's own palette PNG, its
compressed pixels copied into the PDF as they are (an indexed-colour image with the PNG's
predictors), never unpacked to RGB and compressed again: the PDF's pictures cost what the
page's cost, in bytes and in time.

The game's text is set in Vera; what players typed may hold letters Vera lacks, which are
set in DejaVu Sans, right-to-left names laid out in display order (art/typed.py), so that
the page shows and its text layer holds every name as typed."""

from __future__ import annotations

import base64
import hashlib
import io
import struct
from collections.abc import Callable
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.fonts import addMapping
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
)

from generator.art.surface import FONTS
from generator.art.typed import WIDE_FONTS, runs
from generator.common.bidi import FSI, ISOLATED, PDI
from generator.render.html import Page, PagePost, button_labels
from generator.render.post import Block, Bold, Part, Per, Secret, wholly_secret
from generator.render.text import DICE_FACES

IMAGE_WIDTH = 110 * mm


def escape(text: str) -> str:
    """Text for reportlab's paragraph markup: what xml.sax.saxutils.escape does (&, <, >),
    without importing it (it brings urllib.request, http.client and ssl with it)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _fonts() -> None:
    """Vera for the game's text, as a family, so that `<b>` sets it in its bold."""
    _family(
        {name: FONTS[name] for name in ("Vera", "VeraBd", "VeraIt")}, "Vera", "VeraBd", "VeraIt"
    )


def _wide_fonts() -> None:
    """DejaVu Sans for what Vera lacks (a name in another script), as a family: read only
    when a page holds such text (reading its two files is a tenth of a page's work)."""
    _family(WIDE_FONTS, "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans")


def _family(files: dict[str, Any], regular: str, bold: str, italic: str) -> None:
    registered = pdfmetrics.getRegisteredFontNames()
    for name, path in files.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italic)
    addMapping(regular, 1, 1, bold)


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName="Vera", fontSize=9.5, leading=12.5, alignment=TA_LEFT)
    return {
        "body": base,
        "item": ParagraphStyle("item", parent=base, leftIndent=10, bulletIndent=2),
        "small": ParagraphStyle("small", parent=base, fontSize=8, textColor="#555a70"),
        "h1": ParagraphStyle("h1", parent=base, fontName="VeraBd", fontSize=17, leading=21),
        "h2": ParagraphStyle("h2", parent=base, fontName="VeraBd", fontSize=14, leading=18),
        "h3": ParagraphStyle("h3", parent=base, fontName="VeraBd", fontSize=11.5, leading=15),
        "h4": ParagraphStyle("h4", parent=base, fontName="VeraBd", fontSize=10, spaceBefore=3),
        "title": ParagraphStyle("title", parent=base, fontName="VeraBd", fontSize=10.5),
    }


def _plain(text: str) -> str:
    """Dice faces as digits: the PDF font has no dice."""
    for value, face in enumerate(DICE_FACES, 1):
        text = text.replace(face, f"[{value}]")
    return text


def _pdf(text: str, font: str = "Vera") -> str:
    """Text as paragraph markup, escaped: dice as digits; runs of letters the style's font
    lacks in its companion (DejaVu Sans); each isolated name in display order and kept on
    one line (its spaces no-break, so a right-to-left name is never split and misordered)."""
    text = ISOLATED.sub(lambda m: FSI + m.group(1).replace(" ", "\u00a0") + PDI, _plain(text))
    out = []
    for piece, chosen in runs(text, font):
        shown = escape(piece)
        if chosen in WIDE_FONTS:
            _wide_fonts()
        out.append(shown if chosen == font else f'<font name="{chosen}">{shown}</font>')
    return "".join(out)


def _words(parts: tuple[Part, ...]) -> str:
    """Parts as plain words (a spoiler's label, its content at the back)."""
    out = []
    for part in parts:
        if isinstance(part, Per):
            out.append(part.on("html"))
        elif isinstance(part, str):
            out.append(part)
        else:
            out.append(part.text)
    return _plain("".join(out))


class _Spoilers:
    def __init__(self) -> None:
        self.items: list[tuple[int, str, list[str], list[tuple[bytes, str]]]] = []

    def add(self, where: str, lines: list[str], images: list[tuple[bytes, str]]) -> int:
        number = len(self.items) + 1
        self.items.append((number, where, lines, images))
        return number


def _markup(block: Block, title: str, spoilers: _Spoilers) -> str:
    """A block as reportlab paragraph markup; each secret becomes "[spoiler N]", named at the
    back by the words before it on its line ("Meteor 1, large, from the left")."""
    out = []
    for index, part in enumerate(block.parts):
        if isinstance(part, Secret):
            label = _words(block.parts[:index]).strip(" :-")
            if block.kind == "item" and block.capital:
                label = label[:1].upper() + label[1:]  # as the line reads
            label = label or block.context
            where = f"{title}: {label}" if label else title
            number = spoilers.add(where, [_plain(part.text)], [])
            out.append(f"<b>[spoiler {number}]</b>")
        elif isinstance(part, Bold):
            out.append(f"<b>{_pdf(part.text)}</b>")
        else:
            out.append(_pdf(_words((part,))))
    text = "".join(out).replace("\n", "<br/>")  # a pack text's line breaks
    if block.kind == "item" and block.capital:
        text = text[:1].upper() + text[1:]
    return text


def _post_flowables(
    post: PagePost,
    styles: dict[str, ParagraphStyle],
    spoilers: _Spoilers,
    labels: dict[tuple[str, int], str],
) -> list:  # type: ignore[type-arg]
    """The post's parts in order, as the HTML page shows them: paragraphs, headings, list
    items; a run of wholly hidden lines (a stack's cards) is one numbered spoiler."""
    flow: list = []  # type: ignore[type-arg]
    flow.append(Paragraph(_pdf(post.title, "VeraBd"), styles["title"]))
    flow.append(Paragraph(_pdf(post.when), styles["small"]))
    if post.kicker:
        flow.append(Paragraph(_pdf(post.kicker), styles["small"]))
    if post.headline:
        flow.append(Paragraph(f"<b>{_pdf(post.headline)}</b>", styles["body"]))
    hidden_block: list[str] = []

    def flush() -> None:
        if hidden_block:
            number = spoilers.add(post.title, list(hidden_block), [])
            count = len(hidden_block)
            what = "a hidden line" if count == 1 else f"{count} hidden lines"
            flow.append(Paragraph(f"<b>[spoiler {number}]</b>: {what}", styles["body"]))
            hidden_block.clear()

    for block in post.blocks:
        if "html" not in block.only:
            continue
        if wholly_secret(block):
            hidden_block.append(_words(block.parts))
            continue
        flush()
        text = _markup(block, post.title, spoilers)
        if block.kind == "heading":
            flow.append(Paragraph(text, styles["h4"]))
        elif block.kind == "item":
            flow.append(Paragraph(text, styles["item"], bulletText="•"))
        else:
            if block.kind == "para":
                flow.append(Spacer(1, 3))
            flow.append(Paragraph(text, styles["body"]))
    flush()
    for index, image in enumerate(post.images):
        data = _data(image.src)
        if image.hidden:
            # The page's button words, less its "Show ": "event 8, meteor 2 dice (round 1)".
            name = _plain(labels.get((post.anchor, index), "").removeprefix("Show "))
            name = name or "a hidden picture"
            number = spoilers.add(f"{post.title}: {name}", [], [(data, image.alt)])
            flow.append(
                Paragraph(
                    f"<b>[spoiler {number}]</b>: {escape(name)} (a hidden picture)",
                    styles["body"],
                )
            )
        else:
            flow.append(_image(data))
            flow.append(Paragraph(_pdf(f"Picture: {image.alt}"), styles["small"]))
    flow.append(Spacer(1, 8))
    return flow


def _data(src: str) -> bytes:
    return base64.b64decode(src.split(",", 1)[1])


def _image(data: bytes) -> Flowable:
    """A picture IMAGE_WIDTH wide: a palette PNG as it is, any other through reportlab."""
    png = _palette_png(data)
    if png is None:
        reader = ImageReader(io.BytesIO(data))
        width, height = reader.getSize()
        return Image(io.BytesIO(data), width=IMAGE_WIDTH, height=IMAGE_WIDTH * height / width)
    return _Picture(png)


class _PngImage(pdfdoc.PDFImageXObject):  # type: ignore[misc]
    """An image XObject of a palette PNG's own compressed rows and palette."""

    def __init__(self, name: str, png: _Png) -> None:
        self.name = name
        self.width, self.height = png.width, png.height
        self.bitsPerComponent = png.bits
        self.png = png
        self.mask = None

    def format(self, document: Any) -> bytes:
        png = self.png
        stream = pdfdoc.PDFStream(content=png.rows)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = png.width
        entries["Height"] = png.height
        entries["BitsPerComponent"] = png.bits
        colours = len(png.palette) // 3
        entries["ColorSpace"] = f"[/Indexed /DeviceRGB {colours - 1} <{png.palette.hex()}>]".encode(
            "ascii"
        )
        entries["Filter"] = pdfdoc.PDFName("FlateDecode")
        entries["DecodeParms"] = (
            f"<< /Predictor 15 /Colors 1 /BitsPerComponent {png.bits} /Columns {png.width} >>"
        ).encode("ascii")
        return stream.format(document)  # type: ignore[no-any-return]


class _Png:
    def __init__(self, width: int, height: int, bits: int, palette: bytes, rows: bytes) -> None:
        self.width, self.height, self.bits = width, height, bits
        self.palette, self.rows = palette, rows


def _palette_png(data: bytes) -> _Png | None:
    """The parts of a plain palette PNG (no transparency, not interlaced); None for another."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    at, header, palette, rows = 8, b"", b"", []
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            rows.append(body)
        elif kind == b"tRNS":
            return None
        elif kind == b"IEND":
            break
    if len(header) != 13 or not palette or not rows:
        return None
    width, height, bits, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if colour != 3 or interlace or bits not in (1, 2, 4, 8):
        return None
    return _Png(width, height, bits, palette, b"".join(rows))


class _Picture(Flowable):  # type: ignore[misc]
    """A palette PNG drawn IMAGE_WIDTH wide; the same picture twice is stored once."""

    def __init__(self, png: _Png) -> None:
        super().__init__()
        self.png = png
        self.width = IMAGE_WIDTH
        self.height = IMAGE_WIDTH * png.height / png.width
        self.name = "png" + hashlib.sha256(png.palette + png.rows).hexdigest()[:24]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        document = canvas._doc
        registered = document.getXObjectName(self.name)
        if document.idToObject.get(registered) is None:
            picture = _PngImage(self.name, self.png)
            canvas._setXObjects(picture)
            document.Reference(picture, registered)
            document.addForm(self.name, picture)
        canvas.saveState()
        canvas.scale(self.width, self.height)
        canvas._code.append(f"/{registered} Do")
        canvas.restoreState()
        canvas._formsinuse.append(self.name)


def digest_pdf(page: Page) -> bytes:
    """The page as a PDF. Binary streams for this document only: reportlab's switch is
    process-wide, and the sheets keep their bytes."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        return _digest_pdf(page)
    finally:
        rl_config.useA85 = before


def _digest_pdf(page: Page) -> bytes:
    _fonts()
    styles = _styles()
    spoilers = _Spoilers()
    labels = button_labels(page)
    flow: list = [Paragraph(_pdf(page.title, "VeraBd"), styles["h1"])]  # type: ignore[type-arg]
    flow += [Paragraph(_pdf(line), styles["body"]) for line in page.intro]
    flow.append(
        Paragraph(
            "On paper nothing can stay hidden until tapped: each hidden roll, stack or picture "
            "is a numbered spoiler printed at the back. Look one up only when you reach it.",
            styles["body"],
        )
    )
    inside = ", ".join(s.name for s in page.sheets if s.embedded)
    beside = ", ".join(s.file for s in page.sheets if not s.embedded)
    if inside:
        flow.append(
            Paragraph(_pdf(f"Sheets to print (in the HTML page): {inside}."), styles["small"])
        )
    if beside:
        flow.append(Paragraph(_pdf(f"In the game folder: {beside}."), styles["small"]))
    for section in page.sections:
        flow.append(Spacer(1, 6))
        flow.append(Paragraph(_pdf(section.name, "VeraBd"), styles["h2"]))
        for phase in section.phases:
            if phase.name:
                flow.append(Paragraph(_pdf(phase.name, "VeraBd"), styles["h3"]))
            for post in phase.posts:
                flow += _post_flowables(post, styles, spoilers, labels)
    if spoilers.items:
        flow.append(PageBreak())
        flow.append(Paragraph("Spoilers", styles["h2"]))
        for number, where, lines, images in spoilers.items:
            parts: list = [Paragraph(_pdf(f"{number}. {where}", "VeraBd"), styles["title"])]  # type: ignore[type-arg]
            parts += [Paragraph(_pdf(line), styles["body"]) for line in lines]
            for data, alt in images:
                parts += [_image(data), Paragraph(_pdf(alt), styles["small"])]
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
    if page.banner:
        doc.build(flow, onFirstPage=_banner(page.banner), onLaterPages=_banner(page.banner))
    else:
        doc.build(flow)
    return buffer.getvalue()


def _banner(text: str) -> Callable[[Canvas, Any], None]:
    """The host copy's warning across the top of every page, above the margin."""

    def draw(canvas: Canvas, doc: Any) -> None:
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFillColor(HexColor("#b00020"))
        canvas.rect(0, height - 11 * mm, width, 11 * mm, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont("VeraBd", 10.5)
        canvas.drawCentredString(width / 2, height - 7.2 * mm, text)
        canvas.restoreState()

    return draw
