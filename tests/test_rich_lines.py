"""The catch-up PDF's text layout (render/rich_lines.py, render/pdf_flow.py): lines never wider
than the page, no word lost or split at a no-break space, the one-font path giving the very
lines of the general one."""

from __future__ import annotations

import io
import random

import pytest

from generator.art.pdf_surface import register_fonts, string_width
from generator.render import rich_lines
from generator.render.pdf_flow import ROOM
from generator.render.rich_lines import Line, wrap_spans

WORDS = ["a", "tile", "Skipped", "Parts", "(round", "1)", "T073", "—", "Zoë", "x" * 40, "é"]


def text_of(line: Line) -> str:
    return "".join(text for text, _ in line)


def width_of(line: Line, size: float) -> float:
    return sum(string_width(text, font, size) for text, font in line)


def random_text(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(0, 60)):
        pieces.append(rng.choice(WORDS))
        pieces.append(rng.choice([" ", " ", " ", "  ", "\n", "\u00a0"]))
    if rng.random() < 0.3:
        pieces.insert(0, " ")
    return "".join(pieces[: rng.randint(0, len(pieces))])


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    register_fonts()


def test_one_font_gives_the_lines_of_the_general_layout() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        text = random_text(rng)
        room = rng.choice([40.0, 120.0, 300.0, ROOM])
        size = rng.choice([8.0, 9.5, 17.0])
        spans = [(text, rng.choice(["Vera", "VeraBd"]))]
        assert wrap_spans(spans, room, size, string_width) == rich_lines._mixed(
            spans, room, size, string_width
        ), (text, room, size)


def test_lines_fit_and_keep_every_word_in_order() -> None:
    rng = random.Random(11)
    for _ in range(800):
        spans = [(random_text(rng), rng.choice(["Vera", "VeraBd"])) for _ in range(3)]
        room, size = rng.choice([60.0, 200.0, ROOM]), 9.5
        lines = wrap_spans(spans, room, size, string_width)
        for line in lines:
            assert width_of(line, size) <= room + 1e-6
            assert text_of(line) == text_of(line).strip(" ")  # no space starts or ends one
        words = "".join(text for text, _ in spans).replace("\n", " ").split(" ")
        laid = " ".join(text_of(line) for line in lines)
        # A word cut because it was wider than the line comes back whole without the cuts.
        assert "".join(w for w in words if w) == laid.replace(" ", "")


def test_a_name_with_no_break_spaces_stays_on_one_line() -> None:
    name = "\u05e9\u05e8\u05d4\u00a0\u05db\u05d4\u05df"
    text = " ".join(["word"] * 30 + [name] + ["word"] * 30)
    lines = wrap_spans([(text, "Vera")], 150, 9.5, string_width)
    assert sum(name in text_of(line) for line in lines) == 1


def test_a_word_wider_than_the_line_is_cut_never_sticks_out() -> None:
    seed = "digest-benchmark-seed-0123456789abcdef" * 3
    lines = wrap_spans([(f"check {seed} now", "Vera")], 100, 9.5, string_width)
    assert all(width_of(line, 9.5) <= 100 for line in lines)
    assert "".join(text_of(line) for line in lines).replace(" ", "") == f"check{seed}now"
    assert len(lines) > 3


def test_fonts_change_inside_a_word_and_a_line() -> None:
    spans = [("See ", "Vera"), ("[spoiler 3]", "VeraBd"), (": 2 hidden lines", "Vera")]
    assert wrap_spans(spans, ROOM, 9.5, string_width) == [
        (("See ", "Vera"), ("[spoiler 3]", "VeraBd"), (": 2 hidden lines", "Vera"))
    ]
    # Room for "See [spoiler" (its second word bold) and no more.
    room = string_width("See ", "Vera", 9.5) + string_width("[spoiler", "VeraBd", 9.5) + 0.5
    narrow = wrap_spans(spans, room, 9.5, string_width)
    assert [text_of(line) for line in narrow] == ["See [spoiler", "3]: 2 hidden", "lines"]
    assert narrow[0] == (("See ", "Vera"), ("[spoiler", "VeraBd"))
    assert narrow[1] == (("3]", "VeraBd"), (": 2 hidden", "Vera"))


def placed_texts(data: bytes) -> list[list[tuple[float, float, float, str]]]:
    """Per page, each text drawn: (x, baseline, font size, text)."""
    import pypdf

    pages: list[list[tuple[float, float, float, str]]] = []

    def visit(text: str, cm: list, tm: list, font: object, size: float) -> None:  # type: ignore[type-arg]
        if text.strip():
            pages[-1].append((tm[4], tm[5], size, text))

    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        pages.append([])
        page.extract_text(visitor_text=visit)
    return pages


def test_a_flow_stays_inside_the_margins_and_keeps_headings_with_what_follows() -> None:
    from generator.render.pdf_flow import BOTTOM, LEFT, TOP, Gap, Para, Style, flow_pdf

    body, heading = Style(size=9.5, leading=12.5), Style(14, 18, keep_with_next=True)
    title = Style(10.5, 12.5, keep_with_next=True)
    rng = random.Random(5)
    items: list = []  # type: ignore[type-arg]
    for number in range(120):
        items.append(Para(((f"Heading {number}", "VeraBd"),), heading))
        if number % 3 == 0:  # a heading under a heading: both stay with the text
            items.append(Para(((f"Title {number}", "VeraBd"),), title))
        words = " ".join(rng.choice(WORDS[:8]) for _ in range(rng.randint(1, 160)))
        items.append(Para(((words, "Vera"),), body))
        items.append(Gap(6))
    pages = placed_texts(flow_pdf(items, title="t"))
    assert len(pages) > 5
    for texts in pages:
        for x, y, size, _ in texts:
            assert BOTTOM - 0.01 <= y <= TOP - size + 0.01
            assert LEFT - 0.01 <= x <= LEFT + 0.01
        # A heading (14 points, 10.5 under it) is never the last text of its page.
        assert texts[-1][2] not in (14, 10.5)
    headings = [text for texts in pages for _, _, size, text in texts if size == 14]
    assert headings == [f"Heading {n}" for n in range(120)]


def test_pictures_taller_than_a_page_are_drawn_smaller_and_stay_on_the_paper() -> None:
    """A long picture (a board, a tall image a game may post) is fitted to the page: any
    PNG, palette or not."""
    import base64
    import re

    import pypdf
    from PIL import Image

    from generator.render.digest_pdf import IMAGE_WIDTH, digest_pdf
    from generator.render.html import Page, PageImage, PagePhase, PagePost, PageSection
    from generator.render.pdf_flow import BOTTOM, HEIGHT, LEFT, TOP

    def src(image: Image.Image) -> str:
        buffer = io.BytesIO()
        image.save(buffer, "PNG")
        return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()

    tall = Image.new("RGB", (200, 3000), (20, 40, 60)).quantize(8)
    wide = Image.new("RGBA", (900, 300), (200, 40, 60, 255))
    images = (PageImage(src(tall), "tall", False), PageImage(src(wide), "wide", False))
    post = PagePost("p", "A post", "Day 1", (), images=images)
    page = Page("t", [], [], [PageSection("s", "S", [PagePhase("", [post])])], "")
    reader = pypdf.PdfReader(io.BytesIO(digest_pdf(page)))
    drawn = []
    for pdf_page in reader.pages:
        content = pdf_page.get_contents().get_data().decode("latin-1")
        pattern = r"q\s+([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s+/\S+ Do\s+Q"
        drawn += [tuple(map(float, m)) for m in re.findall(pattern, content)]
    assert len(drawn) == 2
    (w1, h1, x1, y1), (w2, h2, x2, y2) = drawn
    assert abs(h1 - HEIGHT) < 0.01 and abs(w1 - HEIGHT * 200 / 3000) < 0.01
    assert abs(w2 - IMAGE_WIDTH) < 0.01 and abs(h2 - IMAGE_WIDTH / 3) < 0.01
    for x, y, h in ((x1, y1, h1), (x2, y2, h2)):
        assert abs(x - LEFT) < 0.01 and y >= BOTTOM - 0.01 and y + h <= TOP + 0.01


def test_a_huge_word_is_cut_in_one_pass() -> None:
    """A host may paste a megabyte without a space (a correction's text): the word is cut
    letter by letter once, never measured (or copied) again for each line it fills."""
    measured = 0  # letters measured, in all

    def counted(text: str, font: str, size: float) -> float:
        nonlocal measured
        measured += len(text)
        return string_width(text, font, size)

    word = "0123456789abcdef" * 1250  # 20,000 letters
    for spans in ([(word, "Vera")], [("x ", "Vera"), (word, "VeraBd"), (" y", "Vera")]):
        measured = 0
        lines = wrap_spans(spans, 200, 9.5, counted)
        assert measured < 4 * len(word)  # linear: the whole, the word, its letters
        assert all(width_of(line, 9.5) <= 200 for line in lines)
        assert "".join(text_of(line) for line in lines).replace(" ", "") == "".join(
            text for text, _ in spans
        ).replace(" ", "")
