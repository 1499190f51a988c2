"""A page a process already drew for a paper is set again, not laid out again, when another
document holds it (a print pack holds the ship sheets and the player aid): the same bytes as
drawing it, its texts in the new document's own font subsets."""

from __future__ import annotations

import pytest

from generator.games import rules_for
from generator.pack.load import load_pack
from generator.render.pdf import Page, PageSpec, render_pdf


def _spec(text: str, calls: list[str]) -> PageSpec:
    def draw(page: Page) -> None:
        calls.append(text)
        s = page.surface
        s.rect(page.left, page.top, 200, 80, fill=(230, 230, 230), radius=6)
        s.line(page.left, 150, page.right, 150, width=0.2)  # widened to the minimum line
        s.text(page.left + 10, page.top + 40, text, size=14, font="VeraBd")
        s.polygon([(100, 300), (160, 300), (130, 350)], fill=(200, 40, 40))
        s.circle(300, 300, 20, fill=(20, 40, 200))
        s.text(page.right, 400, text.upper(), size=9, anchor="end")
        s.text(page.left + 100, 420, "é ü ß Ω", size=11, anchor="middle")
        page.mark("box", page.left, page.top, 200, 80)

    return PageSpec("portrait", draw)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_page_set_again_is_the_page_drawn_again(paper: str) -> None:
    calls: list[str] = []
    ship = _spec("Ship sheet: round 1", calls)
    aid = _spec("Player aid, quite other letters: xyzqjkv", calls)
    render_pdf([ship], paper, title="ship")
    render_pdf([aid], paper, title="aid")
    # The pack sets the aid first, so its letters take the first codes of the subsets.
    pack = render_pdf([aid, ship], paper, title="pack")
    assert calls == ["Ship sheet: round 1", "Player aid, quite other letters: xyzqjkv"]
    fresh: list[str] = []
    drawn = render_pdf(
        [
            _spec("Player aid, quite other letters: xyzqjkv", fresh),
            _spec("Ship sheet: round 1", fresh),
        ],
        paper,
        title="pack",
    )
    assert len(fresh) == 2  # new pages: drawn
    assert pack == drawn


def test_a_page_is_set_again_only_for_its_own_paper() -> None:
    calls: list[str] = []
    page = _spec("Score pad", calls)
    a4 = render_pdf([page], "a4", title="pad")
    letter = render_pdf([page], "letter", title="pad")
    assert calls == ["Score pad", "Score pad"]
    assert a4 != letter
    assert render_pdf([page], "a4", title="pad") == a4
    assert render_pdf([page], "letter", title="pad") == letter
    assert len(calls) == 2


def test_the_regions_of_a_page_set_again_are_the_drawn_ones() -> None:
    calls: list[str] = []
    spec = _spec("Regions", calls)
    seen: list[list[object]] = []
    render_pdf([spec], "a4", title="one", on_page=lambda p: seen.append(list(p.regions)))
    render_pdf([spec], "a4", title="two", on_page=lambda p: seen.append(list(p.regions)))
    assert len(calls) == 1
    assert seen[0] == seen[1] and len(seen[0]) == 1


def test_the_print_packs_are_what_drawing_every_page_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pack = load_pack("galaxy-trucker")
    rules = rules_for(pack)
    content = rules.load(pack)
    files = {f.path: f.data for f in rules.sheet_files(content, ("a4", "letter"))}
    # Every page drawn, none set again: through the canvas's own methods.
    monkeypatch.setenv("SHEETGEN_PDF_OPS", "canvas")
    drawn = {f.path: f.data for f in rules.sheet_files(content, ("a4", "letter"))}
    assert files.keys() == drawn.keys()
    assert [p for p in files if files[p] != drawn[p]] == []
