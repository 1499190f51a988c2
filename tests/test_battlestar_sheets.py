"""The fleet tracker and the player aid: A4 and Letter pages of the right size, fonts
embedded, the same bytes every time, what they claim measured (a 50 mm bar, four dials, one
box per jump space and reserve), and the words a player looks for."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.games.battlestar import sheets
from generator.games.battlestar.content import Battlestar
from generator.kit.session import load_content
from generator.render.pdf import MM, PAPERS, Page, PageSpec, render_pdf


@pytest.fixture(scope="module")
def content() -> Battlestar:
    return load_content("battlestar")[2]


def drawn_page(content: Battlestar, paper: str, draw) -> Page:  # type: ignore[no-untyped-def]
    pages: list[Page] = []
    render_pdf(
        [PageSpec("portrait", lambda p: draw(p, content))], paper, title="t", on_page=pages.append
    )
    return pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_pdf(content: Battlestar, paper: str) -> None:
    files = sheets.all_sheets(content, paper)
    assert set(files) == {sheets.TRACKER, sheets.AID}
    for name, data in files.items():
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == tuple(
            round(v) for v in PAPERS[paper]
        )
        fonts = reader.pages[0]["/Resources"]["/Font"]
        assert fonts
        for font in fonts.values():
            font = font.get_object()
            assert "Vera" in font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"], f"{font['/BaseFont']} not embedded"
        assert sheets.all_sheets(content, paper)[name] == data  # byte-identical


def test_tracker_words(content: Battlestar) -> None:
    text = PdfReader(io.BytesIO(sheets.tracker_pdf(content, "a4"))).pages[0].extract_text()
    for word in ("Food", "Fuel", "Morale", "Population", "Jump preparation", "Auto Jump",
                 "Distance", "Vipers", "Raptors", "Nukes", "50 mm", "red: 4 or less"):  # fmt: skip
        assert word in text, word


def test_aid_words(content: Battlestar) -> None:
    text = PdfReader(io.BytesIO(sheets.aid_pdf(content, "letter"))).pages[0].extract_text()
    for word in ("Receive Skills", "Movement", "Crisis", "Prepare for jump", "Activate location",
                 "Loyalty card", "Skill checks, in order", "Destiny", "never which",
                 "action queue"):  # fmt: skip
        assert word in text, word


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tracker_measures(content: Battlestar, paper: str) -> None:
    page = drawn_page(content, paper, sheets.draw_tracker)
    bar = next(r for r in page.regions if r.kind == "scale-bar")
    assert bar.w == pytest.approx(50 * MM)
    assert page.count("dial") == 4
    assert page.count("jump") == len(content.jump_track)
    assert page.count("vipers") == 8 and page.count("raptors") == 4 and page.count("nukes") == 2
    assert page.count("distance") > content.distance_goal
    for region in page.regions:  # nothing closer than 10 mm to the paper's edge
        assert region.x >= 10 * MM - 0.01 and region.y >= 10 * MM - 0.01
        assert region.x + region.w <= page.width - 10 * MM + 0.01
        assert region.y + region.h <= page.height - 10 * MM + 0.01
    dials = [r for r in page.regions if r.kind == "dial"]
    assert len({(round(r.x), round(r.y)) for r in dials}) == 4  # four places, no overlap
    assert min(r.w for r in dials) > 45 * MM


def test_sheets_command(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from generator.cli import main

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main, ["sheets", "--pack", "battlestar", "--seed", "sheets-seed-0123456789", "-o", "out"]
    )
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out" / "sheets").iterdir())
    assert names == sorted(
        f"{n}-{p}.pdf" for n in (sheets.TRACKER, sheets.AID) for p in ("a4", "letter")
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tracker_has_six_vipers_in_reserve_at_setup(content: Battlestar, paper: str) -> None:
    """8 boxes (the box holds 8 and they can all come back), the 2 the setup places below
    Galactica crossed off, and the words say 6 (5 when Apollo launches his)."""
    page = drawn_page(content, paper, sheets.draw_tracker)
    assert page.count("vipers") == 8 and page.count("vipers-placed") == 2
    assert page.count("raptors-placed") == 0
    text = " ".join(
        PdfReader(io.BytesIO(sheets.tracker_pdf(content, paper))).pages[0].extract_text().split()
    )
    assert "8 in the box, 2 start below Galactica (crossed), so 6 at setup" in text
    assert "5 when a character launches one at setup (Apollo)" in text


def test_battlestar_sheets_keep_no_seed(tmp_path: Path) -> None:
    """The fleet tracker and player aid are the same for every game: no seed to keep."""
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(
        main, ["sheets", "--pack", "battlestar", "--paper", "a4", "-o", str(tmp_path / "s")]
    )
    assert result.exit_code == 0, result.output
    assert "Seed chosen" not in result.output and "Keep it secret" not in result.output
