"""The catch-up page as a PDF, for printing or for readers without a browser at hand.

Paper cannot hide anything until tapped, so every hidden part (a roll, a peeked stack, a
hidden picture) becomes a numbered reference in the post, "[spoiler 12]", and its content is
printed at the back of the document, as puzzle books print their answers. A hidden picture
is named as its button on the page names it ("[spoiler 12]: event 8, meteor 2 dice (round
1)"), in the post and at the back.

The document is set by reportlab's platypus on A4: paragraphs of mixed fonts, headings kept
with what follows them, no paragraph leaving one line alone at a page's foot or top, a word
wider than the page cut instead of sticking out, spoilers kept with their pictures. The
game's text is set in Vera; what players typed may hold letters Vera lacks, which are set in
DejaVu Sans, right-to-left names laid out in display order (art/typed.py), so that the page
shows and its text layer holds every name as typed. Its streams are ASCII85 as reportlab
writes them by default (in C with its optional accelerator, 0.26 s in Python for a month's
pictures without it): turning that off is a setting of the whole process."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
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

from generator.art.pdf_surface import register_fonts
from generator.art.typed import WIDE_FONTS, runs
from generator.common.bidi import FSI, ISOLATED, PDI
from generator.render.html import Page, PagePost, button_labels, page_posts
from generator.render.page_words import page_words
from generator.render.post import Block, Bold, Part, Per, Secret, wholly_secret
from generator.render.text import DICE_FACES

MARGIN = 15 * mm
PADDING = 6  # points a platypus frame keeps inside the margin, on each side
HEIGHT = A4[1] - 2 * (MARGIN + PADDING)  # the height a page gives what flows down it
IMAGE_WIDTH = 110 * mm
REGULAR, BOLD = "Vera", "VeraBd"
GREY = HexColor("#555a70")

Span = tuple[str, str]  # (text, font name)

# No paragraph leaves its first line alone at a page's foot (orphan) or its last alone at
# the top of the next (widow); a heading is never the last thing on its page.
BODY = ParagraphStyle(
    "body", fontName=REGULAR, fontSize=9.5, leading=12.5, allowWidows=0, allowOrphans=0
)
ITEM = ParagraphStyle("item", parent=BODY, leftIndent=10, bulletIndent=2, bulletFontName=REGULAR)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, textColor=GREY)
WHEN = ParagraphStyle("when", parent=SMALL, keepWithNext=1)  # a post's date: with its text
H1 = ParagraphStyle("h1", parent=BODY, fontName=BOLD, fontSize=17, leading=21, keepWithNext=1)
H2 = ParagraphStyle("h2", parent=BODY, fontName=BOLD, fontSize=14, leading=18, keepWithNext=1)
H3 = ParagraphStyle("h3", parent=BODY, fontName=BOLD, fontSize=11.5, leading=15, keepWithNext=1)
H4 = ParagraphStyle("h4", parent=BODY, fontName=BOLD, fontSize=10, spaceBefore=3, keepWithNext=1)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=10.5, keepWithNext=1)


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


def _escaped(text: str) -> str:
    """Text for platypus's paragraph markup: &, < and > escaped, a line break kept."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "<br/>")


def _paragraph(spans: list[Span], style: ParagraphStyle, bullet: str | None = None) -> Paragraph:
    """The spans as one paragraph: each run in a font other than the style's in a <font>."""
    markup = "".join(
        _escaped(text) if font == style.fontName else f'<font face="{font}">{_escaped(text)}</font>'
        for text, font in spans
    )
    return Paragraph(markup, style, bulletText=bullet)


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
) -> list[Flowable]:
    """The post's parts in order, as the HTML page shows them: paragraphs, headings, list
    items; a run of wholly hidden lines (a stack's cards) is one numbered spoiler."""
    flow: list[Flowable] = [_paragraph(_spans(post.title, BOLD), TITLE)]
    flow.append(_paragraph(_spans(post.when), WHEN))
    if post.kicker:
        flow.append(_paragraph(_spans(post.kicker), WHEN))
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
            flow.append(_paragraph(spans, ITEM, bullet="\u2022"))
        else:
            if block.kind == "para":
                flow.append(Spacer(1, 3))
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
    flow.append(Spacer(1, 8))
    return flow


def _data(src: str) -> bytes:
    return base64.b64decode(src.split(",", 1)[1])


def _picture(data: bytes) -> Image:
    """A picture IMAGE_WIDTH wide (the same picture twice is stored once: reportlab keeps
    one image per content)."""
    width, height = ImageReader(io.BytesIO(data)).getSize()
    return Image(io.BytesIO(data), *_fitted(width, height), hAlign="LEFT")


def _fitted(width: int, height: int) -> tuple[float, float]:
    """A picture's size on the page: IMAGE_WIDTH wide, or narrower for one taller than a
    page (a long board), so that it never runs off the paper."""
    shown = IMAGE_WIDTH * height / width
    if shown <= HEIGHT:
        return IMAGE_WIDTH, shown
    return IMAGE_WIDTH * HEIGHT / shown, HEIGHT


def digest_pdf(page: Page) -> bytes:
    """The page as a PDF, its streams encoded as reportlab encodes every document's (the
    sheets' too): its setting for that is process-wide, which a library never changes."""
    return _digest_pdf(page)


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
    register_fonts()
    flow: list[Flowable] = [_paragraph(_spans(page.title, BOLD), H1)]
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
        flow.append(Spacer(1, 6))
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
            parts: list[Flowable] = [heading]
            parts += [_paragraph(_spans(line), BODY) for line in lines]
            for data, alt in images:
                parts += [_picture(data), _paragraph(_spans(alt), SMALL)]
            flow.append(KeepTogether(parts))
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=page.title,
        author="sheetgen",
        creator="sheetgen",
        invariant=1,
        # The initial font would otherwise be Helvetica, listed (unembedded) on every page.
        initialFontName=REGULAR,
    )
    if page.banner:
        banner = _banner(page.banner)
        doc.build(flow, onFirstPage=banner, onLaterPages=banner)
    else:
        doc.build(flow)
    return buffer.getvalue()


def _banner(text: str) -> Callable[[Canvas, Any], None]:
    """The host copy's warning across the top of every page, above the margin."""

    def draw(canvas: Canvas, doc: Any) -> None:
        width, height = A4
        canvas.saveState()
        canvas.setFillColorRGB(0xB0 / 255, 0, 0x20 / 255)
        canvas.rect(0, height - 11 * mm, width, 11 * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont("VeraBd", 10.5)
        canvas.drawCentredString(width / 2, height - 7.2 * mm, text)
        canvas.restoreState()

    return draw
