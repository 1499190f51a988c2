"""The catch-up PDF's layout (render/digest_pdf.py, set by reportlab's platypus): text inside
the margins, a heading never last on its page, a word wider than the page cut instead of
sticking out, a name with no-break spaces never split, pictures taller than a page fitted
to it, and the same page giving the same bytes."""

from __future__ import annotations

import base64
import io
import random
import re

import pypdf
from PIL import Image
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth

from generator.art.pdf_surface import register_fonts
from generator.render.digest_pdf import HEIGHT, IMAGE_WIDTH, MARGIN, PADDING, digest_pdf
from generator.render.html import Page, PageImage, PagePhase, PagePost, PageSection
from generator.render.post import item, para

LEFT = MARGIN + PADDING
RIGHT = A4[0] - MARGIN - PADDING
TOP = A4[1] - MARGIN - PADDING
BOTTOM = MARGIN + PADDING
WORDS = ["a", "tile", "Skipped", "Parts", "(round", "1)", "T073", "—", "Zoë", "é"]

Placed = tuple[float, float, float, str]  # (x, baseline, font size, text)


def placed_texts(data: bytes) -> list[list[Placed]]:
    """Per page, each text drawn (the banner and the page's own texts alike)."""
    pages: list[list[Placed]] = []

    def visit(text: str, cm: list, tm: list, font: object, size: float) -> None:  # type: ignore[type-arg]
        if text.strip():
            pages[-1].append((cm[4] + tm[4], cm[5] + tm[5], size, text.strip()))

    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        pages.append([])
        page.extract_text(visitor_text=visit)
    return pages


def one_post_page(*blocks: object, images: tuple[PageImage, ...] = ()) -> Page:
    post = PagePost("p", "A post", "Day 1", tuple(blocks), images=images)  # type: ignore[arg-type]
    return Page("t", [], [], [PageSection("s", "S", [PagePhase("", [post])])], "")


def test_text_stays_inside_the_margins_and_headings_stay_with_what_follows() -> None:
    rng = random.Random(5)
    sections = []
    for number in range(40):
        phases = []
        for phase in range(2):
            posts = []
            for post in range(2):
                words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 160)))
                blocks = (para(words), item(f"Item {number}.{phase}.{post}"))
                title = f"Title {number}.{phase}.{post}"
                posts.append(PagePost(f"p{number}{phase}{post}", title, "Day 1", blocks))
            phases.append(PagePhase(f"Phase {number}.{phase}", posts))
        sections.append(PageSection(f"s{number}", f"Section {number}", phases))
    data = digest_pdf(Page("Page", ["An intro."], [], sections, ""))
    assert data == digest_pdf(Page("Page", ["An intro."], [], sections, ""))
    pages = placed_texts(data)
    assert len(pages) > 5
    for texts in pages:
        for x, y, size, _ in texts:
            # The first line's letters start below the frame's top (platypus sets it by
            # the font's ascent), the last line's baseline above its foot.
            assert BOTTOM - 0.01 <= y <= TOP - getAscent("Vera", size) + 0.01
            assert LEFT - 0.01 <= x <= RIGHT
        # A section (14 points), a phase (11.5) or a post's title (10.5) is never the last
        # text of its page.
        assert texts[-1][2] not in (14, 11.5, 10.5), texts[-1]
    sections_seen = [text for texts in pages for _, _, size, text in texts if size == 14]
    assert sections_seen == [f"Section {n}" for n in range(40)]


def test_a_word_wider_than_the_page_is_cut_and_never_sticks_out() -> None:
    register_fonts()
    seed = "digest-benchmark-seed-0123456789abcdef" * 4
    pages = placed_texts(digest_pdf(one_post_page(para(f"check {seed} now"))))
    lines = [(x, size, text) for texts in pages for x, _, size, text in texts if size == 9.5]
    body = [line for line in lines if "digest" in line[2] or line[2].startswith("0123")]
    assert len(body) >= 2
    for x, size, text in body:
        assert x + stringWidth(text, "Vera", size) <= RIGHT + 0.01
    assert "".join(text for _, _, text in lines).replace(" ", "") == f"check{seed}now"


def test_a_name_with_no_break_spaces_stays_on_one_line() -> None:
    name = "Sara\u00a0Cohen\u00a0Levi"
    text = " ".join(["word"] * 30 + [name] + ["word"] * 30)
    pages = placed_texts(digest_pdf(one_post_page(para(text))))
    lines = [text.replace("\u00a0", " ") for texts in pages for _, _, _, text in texts]
    assert sum("Sara Cohen Levi" in line for line in lines) == 1


def test_pictures_taller_than_a_page_are_drawn_smaller_and_stay_on_the_paper() -> None:
    """A long picture (a board, a tall image a game may post) is fitted to the page: any
    PNG, palette or not; the same picture twice is stored once."""

    def src(image: Image.Image) -> str:
        buffer = io.BytesIO()
        image.save(buffer, "PNG")
        return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()

    tall = Image.new("RGB", (200, 3000), (20, 40, 60)).quantize(8)
    wide = Image.new("RGBA", (900, 300), (200, 40, 60, 255))
    images = (
        PageImage(src(tall), "tall", False),
        PageImage(src(wide), "wide", False),
        PageImage(src(wide), "wide again", False),
    )
    reader = pypdf.PdfReader(io.BytesIO(digest_pdf(one_post_page(images=images))))
    drawn, names = [], set()
    for pdf_page in reader.pages:
        content = pdf_page.get_contents().get_data().decode("latin-1")
        # Moved to the picture's corner, then scaled to its size.
        pattern = r"1 0 0 1 ([\d.]+) ([\d.]+) cm\s+q\s+([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+/(\S+) Do"
        for x, y, w, h, name in re.findall(pattern, content):
            drawn.append((float(w), float(h), float(x), float(y)))
            names.add(name)
    assert len(drawn) == 3 and len(names) == 2
    (w1, h1, x1, y1), (w2, h2, x2, y2), _ = drawn
    assert abs(h1 - HEIGHT) < 0.01 and abs(w1 - HEIGHT * 200 / 3000) < 0.01
    assert abs(w2 - IMAGE_WIDTH) < 0.01 and abs(h2 - IMAGE_WIDTH / 3) < 0.01
    for x, y, h in ((x1, y1, h1), (x2, y2, h2)):
        assert abs(x - LEFT) < 0.01 and y >= BOTTOM - 0.01 and y + h <= TOP + 0.01
