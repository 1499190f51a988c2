"""A whole month's catch-up page: one Galaxy Trucker game with its pictures and every post
due (issue 21, item 7). It stays at most 2 MB, names each hidden picture on its button (and
in the PDF's spoilers), carries the print packs and links the other sheets, and comes as a
fragment for a blog article too, which a browser shows as it shows the page."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from headless import measure, screenshot
from PIL import Image
from pypdf import PdfReader

from generator.cli import main

SEED = "digest-month-seed-0123456789abcdef"
TRUCKING_SEED = "kot-size-check-seed-11"  # 66 rolls: the most of the seeds tried
AFTER_THE_GAME = "2027-06-01T00:00+00:00"
LIMIT = 2_000_000
PHONE = 390


@pytest.fixture(autouse=True, scope="module")
def after_the_game() -> Any:
    patch = pytest.MonkeyPatch()
    patch.setenv("SHEETGEN_NOW", AFTER_THE_GAME)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def month(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game with its pictures, and its page with every post due (and the fragment)."""
    root = tmp_path_factory.mktemp("month") / "game"
    runner = CliRunner()
    made = runner.invoke(main, ["game", "--seed", SEED, "--start", "2026-12-01", "-o", str(root)])
    assert made.exit_code == 0, made.output
    page = runner.invoke(main, ["digest", "-o", str(root), "--fragment"])
    assert page.exit_code == 0, page.output
    return root


def summaries(html: str) -> list[str]:
    return re.findall(r"<summary>(.*?)</summary>", html)


def picture_buttons(html: str) -> list[str]:
    """The words of every button that reveals a picture."""
    found = re.findall(r'<summary>([^<]*)</summary><div class="hidden"><img ', html)
    return [f.replace("&amp;", "&") for f in found]


def test_a_whole_month_is_at_most_2_mb(month: Path) -> None:
    html = (month / "digest.html").read_text()
    assert html.count("<article ") > 60 and 'id="game-end"' in html  # all 51 turns are due
    for name in ("digest.html", "digest-fragment.html"):
        size = (month / name).stat().st_size
        assert size <= LIMIT, (name, size)
    # The PDF twin is smaller than the page of 4.7 MB it was.
    assert (month / "digest.pdf").stat().st_size <= LIMIT


def test_pictures_are_phone_sized_palette_pngs(month: Path) -> None:
    import base64

    html = (month / "digest.html").read_text()
    sources = re.findall(r'<img src="data:image/png;base64,([^"]+)"', html)
    assert len(sources) > 50
    for source in sources:
        with Image.open(io.BytesIO(base64.b64decode(source))) as picture:
            assert picture.mode == "P" and picture.width <= 720
            assert picture.width == 540  # the 1080-pixel drawings, halved


def test_each_roll_is_in_words_and_no_dice_picture(month: Path) -> None:
    """The page follows the Facebook posts: a roll is words behind its own spoiler, never
    also a picture (29 pictures of this month's rolls were a sixth of the page's bytes)."""
    from generator.host.digest import game_posts
    from generator.host.game_folder import open_folder

    html = (month / "digest.html").read_text()
    assert 'alt="Dice for ' not in html and "dice (round" not in html
    posts = game_posts(open_folder(month))
    rolls = [im for p in posts for im in p.images if im.alt.startswith("Dice for ")]
    assert len(rolls) > 20 and not any(im.on_page for im in rolls)
    for roll in rolls:  # "... (column): 3 and 6, total 9." -> "⚂ ⚅ = 9" behind "Show"
        a, b, total = (int(n) for n in re.findall(r": (\d) and (\d), total (\d+)", roll.alt)[0])
        shown = f"{chr(0x267F + a)} {chr(0x267F + b)} = {total}"
        assert f'<span class="hidden">{shown}' in html, roll.alt


def test_each_hidden_picture_button_names_its_picture(month: Path) -> None:
    from generator.host.digest import game_posts
    from generator.host.game_folder import open_folder

    html = (month / "digest.html").read_text()
    buttons = picture_buttons(html)
    posts = game_posts(open_folder(month))
    hidden = [im for p in posts for im in p.images if im.hidden and im.on_page]
    assert len(buttons) == len(hidden) == 9  # the peekable stacks: 3 a round
    assert len(set(buttons)) == len(buttons)  # two hidden pictures never share a label
    assert "Show the hidden picture" not in html
    assert buttons == [f"Show {im.title}" for im in hidden]
    assert "Show the Stack 2 cards (round 1)" in buttons
    assert "Show the Stack 2 cards (round 2)" in buttons
    for button in buttons:
        named = r"Show the Stack \d cards \(round \d\)"
        assert re.fullmatch(named, button), button
    # The button tells which picture, never what it shows: no total, no card.
    for image in hidden:
        secret = image.alt.partition(":")[2]
        assert secret and secret not in image.title


def test_the_pdf_names_each_hidden_picture(month: Path) -> None:
    reader = PdfReader(io.BytesIO((month / "digest.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    body, _, back = text.partition("\nSpoilers\n")
    assert "a hidden picture" not in body.replace("(a hidden picture)", "")
    named = r"\[spoiler \d+\]: the Stack 2 cards \(round 1\) \(a hidden picture\)"
    assert re.search(named, body)
    assert "dice (round" not in text  # a roll is words, numbered as every other spoiler
    assert re.search(r"\n\d+\. Round 1, Stack 2\b.*: the Stack 2 cards \(round 1\)\n", back)


@pytest.fixture(scope="module")
def trucking_month(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Keep on Trucking game on the A ships (each roll also says where it lands; more
    tiles and larger print packs than Galaxy Trucker's) with many rolls, and its page."""
    root = tmp_path_factory.mktemp("trucking") / "game"
    runner = CliRunner()
    args = ["--pack", "keep-on-trucking", "--seed", TRUCKING_SEED, "--option", "ships=A"]
    made = runner.invoke(main, ["game", *args, "--start", "2026-12-01", "-o", str(root)])
    assert made.exit_code == 0, made.output
    page = runner.invoke(main, ["digest", "-o", str(root), "--fragment"])
    assert page.exit_code == 0, page.output
    return root


def test_a_keep_on_trucking_month_is_at_most_2_mb(trucking_month: Path) -> None:
    html = (trucking_month / "digest.html").read_text()
    assert 'id="game-end"' in html
    # 66 rolls, each where it lands in words: as pictures they made the page 2.5 MB.
    assert len(re.findall(r"<span class=\"hidden\">[^<]* = \d+ - [^<]* Ship I+A</span>", html)) > 50
    for name in ("digest.html", "digest-fragment.html", "digest.pdf"):
        size = (trucking_month / name).stat().st_size
        assert size <= LIMIT, (name, size)


def test_the_print_packs_inside_the_other_sheets_beside(month: Path) -> None:
    html = (month / "digest.html").read_text()
    inside = re.findall(r'<a download="([^"]+)" href="data:application/pdf;base64,', html)
    assert inside == ["print-pack-a4.pdf", "print-pack-letter.pdf"]
    beside = re.findall(r'<li><a href="(sheets/[^"]+)">', html)
    assert "sheets/score-pad-a4.pdf" in beside and "sheets/ship-1-letter.pdf" in beside
    for link in beside:
        assert (month / link).is_file(), link  # the files beside the page
    reader = PdfReader(io.BytesIO((month / "digest.pdf").read_bytes()))
    first = reader.pages[0].extract_text()
    assert "Print pack (A4)" in first and "sheets/score-pad-a4.pdf" in first


def test_the_fragment_has_no_page_shell(month: Path) -> None:
    page = (month / "digest.html").read_text()
    fragment = (month / "digest-fragment.html").read_text()
    for shell in ("<!DOCTYPE", "<html", "<head", "<body", "</body>", "</html>", "<meta"):
        assert not re.search(rf"{shell}[\s>]", fragment, re.IGNORECASE), shell
    assert fragment.startswith('<div class="sheetgen-digest" lang="en">')
    assert fragment.rstrip().endswith("</div>")
    # Every rule of its styles is scoped to its own element.
    style = re.search(r"<style>(.*?)</style>", fragment, re.DOTALL)
    assert style and fragment.count("<style>") == 1
    for rule in style.group(1).split("}"):
        selectors = rule.partition("{")[0].strip()
        for selector in filter(None, (s.strip() for s in selectors.split(","))):
            assert selector.startswith(".sheetgen-digest"), selector
    # The same content: every post, picture and button of the page.
    body = page[page.index("<header>") : page.index("</main>")]
    assert body in fragment


BLOG = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{margin:0;font:18px Georgia,serif;background:#fffbe8}} article{{border:3px solid red}}
.post{{padding:0 8px}}</style></head>
<body><div class="post"><h1>Our trucking blog</h1><p>This week's catch-up:</p>
{fragment}
<p>Comments below.</p></div></body></html>
"""


@pytest.mark.browser
def test_the_fragment_renders_in_a_blog_article(month: Path, tmp_path: Path) -> None:
    fragment = (month / "digest-fragment.html").read_text()
    blog = tmp_path / "blog.html"
    blog.write_text(BLOG.format(fragment=fragment), encoding="utf-8")
    figures = measure(blog, width=PHONE, height=800)
    assert figures["innerWidth"] == PHONE and figures["scrollWidth"] <= PHONE, figures
    assert figures["images"] > 50 and figures["imagesLoaded"] == figures["images"]
    assert figures["openAtStart"] == 0 and figures["hiddenShownAtStart"] == 0
    assert figures["firstOpenAfterClick"] and figures["othersOpenAfterClick"] == 0
    assert figures["scrollWidthAllOpen"] <= PHONE
    shot = screenshot(blog, tmp_path / "blog.png", width=PHONE, height=900)
    with Image.open(shot) as image:
        assert image.size == (PHONE, 900)
        assert sum(1 for n in image.convert("L").histogram() if n) > 16


@pytest.mark.browser
def test_the_month_page_in_a_phone_browser(month: Path) -> None:
    figures = measure(month / "digest.html", width=PHONE, height=800)
    assert figures["scrollWidth"] <= PHONE and figures["scrollWidthAllOpen"] <= PHONE, figures
    assert figures["imagesLoaded"] == figures["images"] > 50
    assert figures["openAtStart"] == 0 and figures["hiddenShownAtStart"] == 0


def test_same_month_same_bytes(month: Path) -> None:
    names = ("digest.html", "digest.pdf", "digest-fragment.html")
    before = {n: (month / n).read_bytes() for n in names}
    again = CliRunner().invoke(main, ["digest", "-o", str(month), "--fragment"])
    assert again.exit_code == 0, again.output
    for name, data in before.items():
        assert (month / name).read_bytes() == data, name
