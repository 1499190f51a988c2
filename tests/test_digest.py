"""The catch-up page: what it holds (posts so far, hidden parts behind spoilers, pictures
inside it), and how a real browser shows it on a phone-wide screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from headless import measure, screenshot
from PIL import Image
from pypdf import PdfReader

from generator.render.text import roll_text

SEED = "digest-test-seed-0123456789abcdef"


@pytest.fixture(scope="module")
def gt_round_one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 of a dated game, with its pictures, and its catch-up page up to the first
    flight turn (day 5, morning: turns 1-9)."""
    from click.testing import CliRunner

    from generator.cli import main

    root = tmp_path_factory.mktemp("digest") / "game"
    runner = CliRunner()
    made = runner.invoke(
        main, ["round", "1", "--seed", SEED, "--start", "2026-12-01", "-o", str(root)]
    )
    assert made.exit_code == 0, made.output
    page = runner.invoke(main, ["digest", "-o", str(root), "--until", "2026-12-05 08:00"])
    assert page.exit_code == 0, page.output
    return root


def spoiler_free(html: str) -> str:
    """The page with every spoiler's hidden content cut out."""
    return re.sub(r'<(span|div) class="hidden">.*?</\1></details>', "", html, flags=re.DOTALL)


def test_the_page_holds_the_posts_so_far_and_nothing_later(gt_round_one: Path) -> None:
    html = (gt_round_one / "digest.html").read_text()
    plan = json.loads((gt_round_one / "plan.json").read_text())
    assert "<strong>Turn 9: flight</strong>" in html and "<strong>Turn 8: build</strong>" in html
    assert "Turn 10: flight" not in html
    assert html.index("Turn 1: build") < html.index("Turn 8: build") < html.index("Turn 9: flight")
    assert "<h2>Round 1</h2>" in html and "<h3>Building</h3>" in html
    assert "<h3>Flying</h3>" in html and "<h3>Scoring</h3>" not in html  # not yet posted
    # Every roll of turn 9 is on the page, and only inside a spoiler.
    rolls = [
        roll_text(faces)
        for event in plan["rounds"][0]["flight_turns"][0]["events"]
        for faces in event["rolls"]
    ]
    public = spoiler_free(html)
    for roll in rolls:
        assert roll in html
        assert roll not in public
    # The stacks' cards likewise: the first card of stack 1, by name, only in a spoiler.
    stack_block = re.search(r"<strong>Round 1, Stack 1\b.*?</article>", html, re.DOTALL)
    assert stack_block and '<details class="spoiler block"><summary>Show 2 hidden lines' in (
        stack_block.group(0)
    )


def test_the_page_travels_alone(gt_round_one: Path) -> None:
    html = (gt_round_one / "digest.html").read_text()
    sources = re.findall(r'src="([^"]*)"', html)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "http://" not in html and "https://" not in html
    assert "<script" not in html  # spoilers are <details>: no JavaScript needed
    assert 'name="viewport"' in html


def test_the_pdf_twin_puts_spoilers_at_the_back(gt_round_one: Path) -> None:
    reader = PdfReader(io.BytesIO((gt_round_one / "digest.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Turn 9: flight" in text and "Turn 10: flight" not in text
    body, _, back = text.partition("\nSpoilers\n")
    assert back, "no spoiler section at the back"
    assert "[spoiler 1" in body


def test_same_folder_same_bytes(gt_round_one: Path, run: Any) -> None:
    before = {n: (gt_round_one / n).read_bytes() for n in ("digest.html", "digest.pdf")}
    result = run("digest", "-o", str(gt_round_one), "--until", "day 5 morning")
    assert result.exit_code == 0, result.output
    for name, data in before.items():
        assert (gt_round_one / name).read_bytes() == data, name


@pytest.mark.parametrize(
    ("until", "message"),
    [
        ("next week", "is not a date and time"),
        ("day 99", "day 99 is not a day of this game (1-26)"),
        ("day 3 evening", "'evening' is not a slot of this game"),
    ],
)
def test_bad_until(gt_round_one: Path, run: Any, until: str, message: str) -> None:
    result = run("digest", "-o", str(gt_round_one), "--until", until)
    assert result.exit_code == 2 and message in result.output


def test_undated_game_needs_a_day(run: Any, tmp_path: Path) -> None:
    assert run("game", "--pack", "moon-drop", "--seed", SEED, "-o", "md").exit_code == 0
    result = run("digest", "-o", "md")
    assert result.exit_code == 2 and "--until 'day N'" in result.output
    assert run("digest", "-o", "md", "--until", "day 3").exit_code == 0
    html = (tmp_path / "md" / "digest.html").read_text()
    assert "Round 3 of 7" in html and "Round 4 of 7" not in html
    assert "Sheets to print" in html and 'download="moon-drop-a4.pdf"' in html


# --- in a real browser -------------------------------------------------------------------


def test_browser_harness_sees_overflow(tmp_path: Path) -> None:
    """The measurement can fail: a page wider than the phone is caught."""
    page = tmp_path / "wide.html"
    page.write_text('<!DOCTYPE html><html><body><div style="width:600px">x</div></body></html>')
    figures = measure(page)
    assert figures["innerWidth"] == 360 and figures["scrollWidth"] > 360


def test_galaxy_trucker_page_in_a_browser(gt_round_one: Path, tmp_path: Path) -> None:
    figures = measure(gt_round_one / "digest.html")
    assert figures["innerWidth"] == 360
    assert figures["scrollWidth"] <= 360, figures  # no horizontal scroll on a phone
    assert figures["images"] > 0 and figures["imagesLoaded"] == figures["images"]
    assert figures["details"] > 0
    assert figures["openAtStart"] == 0 and figures["hiddenShownAtStart"] == 0
    assert figures["firstOpenAfterClick"] and figures["firstShownAfterClick"]
    assert figures["othersOpenAfterClick"] == 0  # one tap reveals one spoiler
    assert figures["scrollWidthAllOpen"] <= 360  # revealed parts fit the phone too
    shot = screenshot(gt_round_one / "digest.html", tmp_path / "phone.png", height=1200)
    with Image.open(shot) as image:
        assert image.size == (360, 1200)
        assert sum(1 for n in image.convert("L").histogram() if n) > 16  # the page drew something


def test_moon_drop_page_in_a_browser(run: Any, tmp_path: Path) -> None:
    made = run("game", "--pack", "moon-drop", "--seed", SEED, "--start", "2026-12-07", "-o", "md")
    assert made.exit_code == 0
    (tmp_path / "md" / "scores.csv").write_text("player,round,score\nAnn,final,7\nBo,final,4\n")
    assert run("rankings", "-o", "md").exit_code == 0
    assert run("digest", "-o", "md", "--all").exit_code == 0
    figures = measure(tmp_path / "md" / "digest.html")
    assert figures["innerWidth"] == 360 and figures["scrollWidth"] <= 360, figures
    html = (tmp_path / "md" / "digest.html").read_text()
    # The opening, one per round, and the final rankings the host wrote.
    assert figures["images"] == html.count("<img ") == 9
    assert figures["imagesLoaded"] == 9
    assert html.index("<h2>Round 7</h2>") < html.index("<h2>Final rankings</h2>")
    assert "<strong>1.</strong> Ann: 7" in html
