"""Every text of every Galaxy Trucker and Keep on Trucking sheet stays inside the block the
layout gave it (a block's box: its column's width and the height the layout counted for
it) and inside the paper's safe margin, on both papers.

A text that ran past its column printed over the next column's text or off a home
printer's printable area (a title's note on letter paper did both). Moon Drop and Card
Race draw their sheets without the block layout; their texts are not laid out in blocks.

The texts are recorded as the sheets are drawn, with the widths the surface measures for
them; the blocks' boxes as the layout placed them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from generator.art.pdf_surface import PdfSurface
from generator.games.galaxy_trucker.sheets import aid as gt_aid
from generator.games.galaxy_trucker.sheets import files as gt_files
from generator.games.galaxy_trucker.sheets import ship as gt_ship
from generator.games.keep_on_trucking.sheets import columns as kot_columns
from generator.games.keep_on_trucking.sheets import files as kot_files
from generator.kit.session import load_content
from generator.render import pdf
from generator.render.pdf import SAFE_MARGIN, Placement, TextMeasure

SLACK = 0.05  # points: rounding of the sums that place a text
ASCENT = 0.76  # Vera's ascent, in font sizes: a text's top above its baseline
DESCENT = 0.24


@dataclasses.dataclass(frozen=True)
class Drawn:
    text: str
    left: float
    right: float
    top: float
    bottom: float
    block: tuple[str, float, float, float, float] | None  # name, x, y, w, h
    page: int


class Recorder:
    """The texts drawn, each with the block being drawn at the time (if any)."""

    def __init__(self) -> None:
        self.texts: list[Drawn] = []
        self.block: tuple[str, float, float, float, float] | None = None
        self.page = 0
        self.sizes: dict[int, tuple[float, float]] = {}

    def placements(self, placed: list[Placement] | None) -> list[Placement] | None:
        """The layout's placements, each block's drawing telling the recorder its box."""
        if placed is None:
            return None
        measure = TextMeasure()
        wrapped = []
        for p in placed:
            box = (p.block.name, p.x, p.y, p.w, p.block.height(measure, p.w))
            wrapped.append(
                dataclasses.replace(p, block=dataclasses.replace(p.block, draw=self._in(box, p)))
            )
        return wrapped

    def _in(self, box: tuple[str, float, float, float, float], p: Placement) -> Callable[..., None]:
        draw = p.block.draw

        def drawing(page: Any, x: float, y: float, w: float) -> None:
            self.block = box
            self.sizes[self.page] = (page.width, page.height)
            try:
                draw(page, x, y, w)
            finally:
                self.block = None

        return drawing


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    rec = Recorder()
    text = PdfSurface.text

    def recording_text(self: PdfSurface, x: float, y: float, s: str, **kw: Any) -> None:
        width = self.text_width(s, size=kw["size"], font=kw.get("font", "Vera"))
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[kw.get("anchor", "start")]
        left = x - shift * width
        size = kw["size"]
        rec.texts.append(
            Drawn(s, left, left + width, y - ASCENT * size, y + DESCENT * size, rec.block, rec.page)
        )
        text(self, x, y, s, **kw)

    monkeypatch.setattr(PdfSurface, "text", recording_text)
    for module in (gt_ship, kot_files):
        real_assign = module.assign
        monkeypatch.setattr(
            module,
            "assign",
            lambda *a, _real=real_assign, **k: rec.placements(_real(*a, **k)),
        )
    for module in (gt_aid, kot_columns):
        real_flow = module.flow
        monkeypatch.setattr(
            module, "flow", lambda *a, _real=real_flow, **k: rec.placements(_real(*a, **k))
        )
    real_render = pdf.render_pdf

    def render(pages: Any, paper: str, **kw: Any) -> bytes:
        def counted(spec: Any) -> Any:
            def draw(page: Any) -> None:
                rec.page += 1
                rec.sizes[rec.page] = (page.width, page.height)
                spec.draw(page)

            return dataclasses.replace(spec, draw=draw)

        return real_render([counted(s) for s in pages], paper, **kw)

    for module in (gt_files, kot_files, gt_ship, gt_aid):
        if hasattr(module, "render_pdf"):
            monkeypatch.setattr(module, "render_pdf", render)
    yield rec


def outside(rec: Recorder) -> list[str]:
    """Every text past its block's box or the paper's safe margin, with how far (points)."""
    found = []
    for t in rec.texts:
        width, height = rec.sizes[t.page]
        page_over = max(
            SAFE_MARGIN - t.left,
            t.right - (width - SAFE_MARGIN),
            SAFE_MARGIN - t.top,
            t.bottom - (height - SAFE_MARGIN),
        )
        if page_over > SLACK:
            found.append(f"{t.text!r}: {page_over:.1f} pt into the page margin")
        if t.block is None:
            continue
        name, x, y, w, h = t.block
        over = max(x - t.left, t.right - (x + w), y - t.top, t.bottom - (y + h))
        if over > SLACK:
            found.append(f"{name}: {t.text!r} {over:.1f} pt past its block")
    return found


GAMES = {"galaxy-trucker": gt_files, "keep-on-trucking": kot_files}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_text_stays_in_its_block_and_the_margin(
    recorder: Recorder, game: str, paper: str
) -> None:
    content = load_content(game)[2]
    files = GAMES[game].sheet_files(content, (paper,))
    assert files
    blocks = {t.block[0] for t in recorder.texts if t.block}
    assert {"skipped", "lost", "score", "legend"} <= blocks  # the ship sheets were seen
    found = outside(recorder)
    assert not found, "\n".join(found)
