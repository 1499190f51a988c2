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

The document flows down A4 pages through render/pdf_flow.py (paragraphs of mixed fonts,
pictures, spoilers kept with their pictures). The game's text is set in Vera; what players
typed may hold letters Vera lacks, which are set in DejaVu Sans, right-to-left names laid
out in display order (art/typed.py), so that the page shows and its text layer holds
every name as typed."""

from __future__ import annotations

import base64
import hashlib
import io
import struct
from collections.abc import Callable
from typing import Any

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.art.reportlab_adapter import place_picture
from generator.art.typed import WIDE_FONTS, runs
from generator.common.bidi import FSI, ISOLATED, PDI
from generator.render.html import Page, PagePost, button_labels, page_posts
from generator.render.page_words import page_words
from generator.render.pdf_flow import (
    A4,
    HEIGHT,
    Gap,
    Item,
    PageBreak,
    Para,
    Picture,
    Style,
    Together,
    flow_pdf,
)
from generator.render.post import Block, Bold, Part, Per, Secret, wholly_secret
from generator.render.rich_lines import Span
from generator.render.text import DICE_FACES

IMAGE_WIDTH = 110 * mm
REGULAR, BOLD = "Vera", "VeraBd"
GREY = (0x55, 0x5A, 0x70)

BODY = Style(size=9.5, leading=12.5)
ITEM = Style(size=9.5, leading=12.5, indent=10)
SMALL = Style(size=8, leading=12.5, colour=GREY)
H1 = Style(size=17, leading=21, keep_with_next=True)
H2 = Style(size=14, leading=18, keep_with_next=True)
H3 = Style(size=11.5, leading=15, keep_with_next=True)
H4 = Style(size=10, leading=12.5, space_before=3, keep_with_next=True)
TITLE = Style(size=10.5, leading=12.5, keep_with_next=True)
BULLET_INDENT = 2


def _wide_fonts() -> None:
    """DejaVu Sans for what Vera lacks (a name in another script): read only when a page
    holds such text (reading its two files is a tenth of a page's work)."""
    registered = pdfmetrics.getRegisteredFontNames()
    for name, path in WIDE_FONTS.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def _plain(text: str) -> str:
    """Dice faces as digits: the PDF font has no dice."""
    for value, face in enumerate(DICE_FACES, 1):
        text = text.replace(face, f"[{value}]")
    return text


def _spans(text: str, font: str = REGULAR) -> list[Span]:
    """Text as runs of fonts: dice as digits; runs of letters the font lacks in its companion
    (DejaVu Sans); each isolated name in display order and kept on one line (its spaces
    no-break, so a right-to-left name is never split and misordered)."""
    text = ISOLATED.sub(lambda m: FSI + m.group(1).replace(" ", "\u00a0") + PDI, _plain(text))
    found = runs(text, font)
    if any(chosen in WIDE_FONTS for _, chosen in found):
        _wide_fonts()
    return found


def _paragraph(spans: list[Span], style: Style) -> Para:
    return Para(tuple(spans), style)


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


def _reference(number: int, what: str) -> list[Span]:
    """ "[spoiler 12]: what it is", the reference in bold."""
    return [(f"[spoiler {number}]", BOLD), *_spans(f": {what}")]


def _capital(spans: list[Span]) -> list[Span]:
    """The first letter as a capital, as the line reads."""
    for index, (text, font) in enumerate(spans):
        if text:
            return [*spans[:index], (text[:1].upper() + text[1:], font), *spans[index + 1 :]]
    return spans


def _block_spans(block: Block, title: str, spoilers: _Spoilers, font: str) -> list[Span]:
    """A block's text in `font` (bold parts bold); each secret becomes "[spoiler N]", named at
    the back by the words before it on its line ("Meteor 1, large, from the left")."""
    out: list[Span] = []
    for index, part in enumerate(block.parts):
        if isinstance(part, Secret):
            label = _words(block.parts[:index]).strip(" :-")
            if block.kind == "item" and block.capital:
                label = label[:1].upper() + label[1:]  # as the line reads
            label = label or block.context
            where = f"{title}: {label}" if label else title
            number = spoilers.add(where, [_plain(part.text)], [])
            out.append((f"[spoiler {number}]", BOLD))
        elif isinstance(part, Bold):
            out += _spans(part.text, BOLD)
        else:
            out += _spans(_words((part,)), font)
    if block.kind == "item" and block.capital:
        out = _capital(out)
    return out


def _post_items(
    post: PagePost, spoilers: _Spoilers, labels: dict[tuple[str, int], str]
) -> list[Item]:
    """The post's parts in order, as the HTML page shows them: paragraphs, headings, list
    items; a run of wholly hidden lines (a stack's cards) is one numbered spoiler."""
    flow: list[Item] = [_paragraph(_spans(post.title, BOLD), TITLE)]
    flow.append(_paragraph(_spans(post.when), SMALL))
    if post.kicker:
        flow.append(_paragraph(_spans(post.kicker), SMALL))
    if post.headline:
        flow.append(_paragraph(_spans(post.headline, BOLD), BODY))
    hidden_block: list[str] = []

    def flush() -> None:
        if hidden_block:
            number = spoilers.add(post.title, list(hidden_block), [])
            count = len(hidden_block)
            what = "a hidden line" if count == 1 else f"{count} hidden lines"
            flow.append(_paragraph(_reference(number, what), BODY))
            hidden_block.clear()

    for block in post.blocks:
        if "html" not in block.only:
            continue
        if wholly_secret(block):
            hidden_block.append(_words(block.parts))
            continue
        flush()
        if block.kind == "heading":
            flow.append(_paragraph(_block_spans(block, post.title, spoilers, BOLD), H4))
        elif block.kind == "item":
            spans = _block_spans(block, post.title, spoilers, REGULAR)
            flow.append(Para(tuple(spans), ITEM, ("\u2022", REGULAR), BULLET_INDENT))
        else:
            if block.kind == "para":
                flow.append(Gap(3))
            flow.append(_paragraph(_block_spans(block, post.title, spoilers, REGULAR), BODY))
    flush()
    for index, image in enumerate(post.images):
        data = _data(image.src)
        if image.hidden:
            # The page's button words, less its "Show ": "event 8, meteor 2 dice (round 1)".
            name = _plain(labels.get((post.anchor, index), "").removeprefix("Show "))
            name = name or "a hidden picture"
            number = spoilers.add(f"{post.title}: {name}", [], [(data, image.alt)])
            flow.append(_paragraph(_reference(number, f"{name} (a hidden picture)"), BODY))
        else:
            flow.append(_picture(data))
            flow.append(_paragraph(_spans(f"Picture: {image.alt}"), SMALL))
    flow.append(Gap(8))
    return flow


def _data(src: str) -> bytes:
    return base64.b64decode(src.split(",", 1)[1])


def _picture(data: bytes) -> Picture:
    """A picture IMAGE_WIDTH wide: a palette PNG as it is, any other through reportlab."""
    png = _palette_png(data)
    if png is None:
        from reportlab.lib.utils import ImageReader

        reader = ImageReader(io.BytesIO(data))
        width, height = reader.getSize()

        def draw_any(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
            canvas.drawImage(reader, x, y, w, h)

        return Picture(*_fitted(width, height), draw_any)
    name = "png" + hashlib.sha256(png.palette + png.rows).hexdigest()[:24]

    def draw(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        place_picture(canvas, name, lambda: _PngImage(name, png), (x, y, w, h))

    return Picture(*_fitted(png.width, png.height), draw)


def _fitted(width: int, height: int) -> tuple[float, float]:
    """A picture's size on the page: IMAGE_WIDTH wide, or narrower for one taller than a
    page (a long board), so that it never runs off the paper."""
    shown = IMAGE_WIDTH * height / width
    if shown <= HEIGHT:
        return IMAGE_WIDTH, shown
    return IMAGE_WIDTH * HEIGHT / shown, HEIGHT


class _PngImage(pdfdoc.PDFImageXObject):
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
        return stream.format(document)


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


def digest_pdf(page: Page) -> bytes:
    """The page as a PDF. Binary streams for this document only: reportlab's switch is
    process-wide, and the sheets keep their bytes."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        return _digest_pdf(page)
    finally:
        rl_config.useA85 = before


def _hides_anything(page: Page) -> bool:
    """Whether any post of the page has a hidden picture or a secret in its text."""
    return any(image.hidden for post in page_posts(page) for image in post.images) or any(
        isinstance(part, Secret)
        for post in page_posts(page)
        for block in post.blocks
        for part in block.parts
    )


def _digest_pdf(page: Page) -> bytes:
    spoilers = _Spoilers()
    labels = button_labels(page)
    flow: list[Item] = [_paragraph(_spans(page.title, BOLD), H1)]
    flow += [_paragraph(_spans(line), BODY) for line in page.intro]
    words = page_words(page.lang)
    if _hides_anything(page):  # a page with nothing hidden has no spoilers to explain
        flow.append(_paragraph(_spans(words.pdf_hidden_note), BODY))
    inside = ", ".join(s.name for s in page.sheets if s.embedded)
    beside = ", ".join(s.file for s in page.sheets if not s.embedded)
    if inside:
        flow.append(_paragraph(_spans(words.pdf_sheets_inside.format(names=inside)), SMALL))
    if beside:
        flow.append(_paragraph(_spans(words.pdf_sheets_beside.format(names=beside)), SMALL))
    for section in page.sections:
        flow.append(Gap(6))
        flow.append(_paragraph(_spans(section.name, BOLD), H2))
        for phase in section.phases:
            if phase.name:
                flow.append(_paragraph(_spans(phase.name, BOLD), H3))
            for post in phase.posts:
                flow += _post_items(post, spoilers, labels)
    if spoilers.items:
        flow.append(PageBreak())
        flow.append(_paragraph(_spans(words.spoilers, BOLD), H2))
        for number, where, lines, images in spoilers.items:
            heading = _paragraph(_spans(f"{number}. {where}", BOLD), TITLE)
            parts: list[Para | Gap | Picture] = [heading]
            parts += [_paragraph(_spans(line), BODY) for line in lines]
            for data, alt in images:
                parts += [_picture(data), _paragraph(_spans(alt), SMALL)]
            flow.append(Together(tuple(parts)))
    return flow_pdf(flow, title=page.title, on_page=_banner(page.banner) if page.banner else None)


def _banner(text: str) -> Callable[[Canvas], None]:
    """The host copy's warning across the top of every page, above the margin."""

    def draw(canvas: Canvas) -> None:
        width, height = A4
        canvas.saveState()
        canvas.setFillColorRGB(0xB0 / 255, 0, 0x20 / 255)
        canvas.rect(0, height - 11 * mm, width, 11 * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont("VeraBd", 10.5)
        canvas.drawCentredString(width / 2, height - 7.2 * mm, text)
        canvas.restoreState()

    return draw
