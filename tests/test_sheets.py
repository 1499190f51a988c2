"""The print-and-play PDFs: paper sizes, embedded fonts, readable text, every box the rules
need (counted per round), the safe margin, line widths, and byte-identical re-runs."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.games import OutputFile, RenderOptions, Scope, rules_for
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Board, StartCell, Tile
from generator.games.galaxy_trucker.sheets.aid import (
    aid_blocks,
    aid_pages,
    event_blocks,
    generic_text,
)
from generator.games.galaxy_trucker.sheets.files import sheet_files
from generator.games.galaxy_trucker.sheets.pad import pad_pages, pad_rows
from generator.games.galaxy_trucker.sheets.ship import ShipSheet, event_count, skipped_boxes
from generator.kit.session import open_game
from generator.pack.load import load_pack
from generator.render.pdf import SAFE_MARGIN, LayoutError, Page, mm, render_pdf

PAPERS = {"a4": (595, 842), "letter": (612, 792)}
NAMES = ("ship-1", "ship-2", "ship-3", "player-aid", "score-pad", "print-pack")


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    pack = load_pack("galaxy-trucker")
    return rules_for(pack).load(pack)


@pytest.fixture(scope="module")
def files(content: GalaxyTrucker) -> dict[str, bytes]:
    return {f.path: f.data for f in sheet_files(content, ("a4", "letter"))}


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(data).pages)


def flat(text: str) -> str:
    """Wrapped lines joined: phrases are checked whatever the column width."""
    return " ".join(text.split())


_PAGES: dict[tuple[int, str], Page] = {}


def ship_page(content: GalaxyTrucker, round_number: int, paper: str) -> Page:
    """The drawn page with its recorded regions (laid out once per test run)."""
    if (round_number, paper) not in _PAGES:
        rnd = content.rounds[round_number - 1]
        sheet = ShipSheet(content, rnd, round_number == len(content.rounds))
        pages: list[Page] = []
        render_pdf([sheet.page(paper)], paper, title="t", on_page=pages.append)
        _PAGES[round_number, paper] = pages[0]
    return _PAGES[round_number, paper]


def test_every_file_for_every_paper(files: dict[str, bytes]) -> None:
    expected = {f"sheets/{name}-{paper}.pdf" for name in NAMES for paper in PAPERS}
    assert set(files) == expected


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", NAMES)
def test_page_size_and_embedded_fonts(files: dict[str, bytes], name: str, paper: str) -> None:
    pdf = reader(files[f"sheets/{name}-{paper}.pdf"])
    for page in pdf.pages:
        box = page.mediabox
        size = (round(float(box.width)), round(float(box.height)))
        assert size in (PAPERS[paper], PAPERS[paper][::-1])
        assert not page.get("/Rotate")
        fonts = page["/Resources"]["/Font"]
        assert fonts, "a page without text"
        for font in fonts.values():
            font = font.get_object()
            assert "Vera" in font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"], f"{font['/BaseFont']} not embedded"
        # Vector only: no raster images anywhere.
        xobjects = page["/Resources"].get("/XObject", {})
        assert all(x.get_object()["/Subtype"] != "/Image" for x in xobjects.values())


@pytest.mark.parametrize("paper", PAPERS)
def test_page_counts(files: dict[str, bytes], paper: str) -> None:
    count = {name: len(reader(files[f"sheets/{name}-{paper}.pdf"]).pages) for name in NAMES}
    assert count["ship-1"] == count["ship-2"] == count["ship-3"] == 1
    assert 1 <= count["player-aid"] <= 2
    assert count["print-pack"] == 3 + count["player-aid"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("number", [1, 2, 3])
def test_ship_sheet_text(
    files: dict[str, bytes], content: GalaxyTrucker, paper: str, number: int
) -> None:
    rnd = content.rounds[number - 1]
    lines = text_of(files[f"sheets/ship-{number}-{paper}.pdf"])
    text = flat(lines)
    assert f"Round {number} · Ship {rnd.ship}" in text
    assert content.texts.game_name in text
    assert f"pack {content.pack_name} {content.pack_version}" in text
    assert "Skipped Parts" in text and f"{skipped_boxes(rnd)} boxes" in text
    assert f"stacks 1-{rnd.peekable_stacks} ({rnd.stack_size} cards)" in text
    assert "Starting Position" in text and "Skipped Parts × −2" in text
    assert f"at most {rnd.lost_component_boxes} boxes, each −2" in text
    assert f"{rnd.pretty_ship} − exposed connectors" in text
    for word in ("Events", "Cargo", "Lost Components", "Pretty Ship", f"Round {number} score"):
        assert word in text
    assert "H human" in text and "L laser alien" in text and "E engine alien" in text
    assert "Barrels and exhausts count as smooth" in text
    assert "this bar measures 50 mm" in text and "Print at 100 %" in text
    # One numbered Event box per flight card, and no more.
    events = sorted(int(n) for n in re.findall(r"Event (\d+)\b", lines))
    assert events == list(range(1, event_count(rnd) + 1))
    # Row and column numbers of the board, as the 2d6 rolls name them.
    board = content.boards[rnd.ship]
    for n in set(board.rows) | set(board.columns):
        assert re.search(rf"^{n}$", lines, re.M)
    assert ("Game total" in text) == (number == len(content.rounds))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("number", [1, 2, 3])
def test_ship_sheet_boxes(content: GalaxyTrucker, paper: str, number: int) -> None:
    rnd = content.rounds[number - 1]
    board = content.boards[rnd.ship]
    page = ship_page(content, number, paper)
    assert page.count("skipped") == rnd.build_turns * rnd.sets_per_turn + rnd.peekable_stacks
    assert page.count("skipped") == (27, 36, 45)[number - 1]
    assert page.count("lost") == rnd.lost_component_boxes
    assert page.count("event") == (8, 12, 16)[number - 1] == rnd.stacks * rnd.stack_size
    # Starting Position, Events, Cargo, Lost Components, Pretty Ship, round score.
    assert page.count("score") == 6
    assert page.count("game-total") == (len(content.rounds) + 1 if number == 3 else 0)
    assert page.count("cell") == board.cell_count
    rows = max(board.rows) - min(board.rows) + 1
    cols = max(board.columns) - min(board.columns) + 1
    assert page.count("outside") == rows * cols - board.cell_count
    assert page.count("start") == 1 and page.count("player") == 1
    assert page.count("legend-tile") >= 10
    cells = [r for r in page.regions if r.kind == "cell"]
    assert min(min(r.w, r.h) for r in cells) >= mm(20) - 0.01
    assert all(abs(r.w - r.h) < 0.01 for r in cells)
    # The starting cabin sits on the board's start cell: row and column from the grid.
    grid = next(r for r in page.regions if r.kind == "grid")
    start = next(r for r in page.regions if r.kind == "start")
    cell = cells[0].w
    assert round((start.x - grid.x - mm(5)) / cell) == board.start.column - min(board.columns)
    assert round((start.y - grid.y - mm(5)) / cell) == board.start.row - min(board.rows)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("number", [1, 2, 3])
def test_nothing_essential_near_the_edge(content: GalaxyTrucker, paper: str, number: int) -> None:
    page = ship_page(content, number, paper)
    assert page.regions
    for r in page.regions:
        assert r.x >= SAFE_MARGIN - 0.01 and r.y >= SAFE_MARGIN - 0.01, r
        assert r.x + r.w <= page.width - SAFE_MARGIN + 0.01, r
        assert r.y + r.h <= page.height - SAFE_MARGIN + 0.01, r
    # Nothing overlaps a box a player writes in.
    boxes = [r for r in page.regions if r.kind in ("skipped", "lost", "event", "score")]
    others = [r for r in page.regions if r.kind not in ("grid",)]
    for a in boxes:
        for b in others:
            if a is b:
                continue
            overlap_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
            overlap_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
            assert overlap_x <= 0.01 or overlap_y <= 0.01, (a, b)


@pytest.mark.parametrize("paper", PAPERS)
def test_aid_and_pad_keep_the_safe_margin(content: GalaxyTrucker, paper: str) -> None:
    pages: list[Page] = []
    render_pdf(
        aid_pages(content, paper) + pad_pages(content, paper),
        paper,
        title="t",
        on_page=pages.append,
    )
    assert sum(p.count("aid-tile") for p in pages) == len(content.tile_types) + 4
    for page in pages:
        assert page.count("scale-bar") == 1
        for r in page.regions:
            assert r.x >= SAFE_MARGIN - 0.01 and r.x + r.w <= page.width - SAFE_MARGIN + 0.01
            assert r.y >= SAFE_MARGIN - 0.01 and r.y + r.h <= page.height - SAFE_MARGIN + 0.01


@pytest.mark.parametrize("paper", PAPERS)
def test_print_pack_is_the_ships_then_the_aid(files: dict[str, bytes], paper: str) -> None:
    pack = reader(files[f"sheets/print-pack-{paper}.pdf"]).pages
    parts = [f"sheets/{n}-{paper}.pdf" for n in ("ship-1", "ship-2", "ship-3", "player-aid")]
    expected = [page for part in parts for page in reader(files[part]).pages]
    assert [p.extract_text() for p in pack] == [p.extract_text() for p in expected]
    assert [p.mediabox for p in pack] == [p.mediabox for p in expected]


def drawn_rects(data: bytes, page_number: int = 0) -> list[tuple[float, float, float, float]]:
    """Every rectangle the page's content stream draws, in page points (x, y, w, h), with the
    transformation matrices applied: what the printer will put on paper."""
    pdf = reader(data)
    stream = ContentStream(pdf.pages[page_number].get_contents(), pdf)
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    saved: list[tuple[float, ...]] = []
    rects = []
    for operands, op in stream.operations:
        if op == b"q":
            saved.append(ctm)
        elif op == b"Q":
            ctm = saved.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                   e * A + f * C + E, e * B + f * D + F)  # fmt: skip
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            rects.append((A * x + C * y + E, B * x + D * y + F, A * w + C * h, B * w + D * h))
    return rects


def measured_bar(data: bytes, page_number: int = 0) -> float:
    """The length of the drawn scale bar: the longest run of touching segments of one
    height, read from the PDF's own drawing operators (not from what the layout claims)."""
    segments = sorted(
        (x, w) for x, y, w, h in drawn_rects(data, page_number) if abs(abs(h) - mm(2.2)) < 0.05
    )
    best = run = 0.0
    end = None
    for x, w in segments:
        run = run + w if end is not None and abs(x - end) < 0.05 else w
        end = x + w
        best = max(best, run)
    return best


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["ship-1", "ship-3", "player-aid", "score-pad"])
def test_scale_bar_measures_50_mm(files: dict[str, bytes], name: str, paper: str) -> None:
    data = files[f"sheets/{name}-{paper}.pdf"]
    for number in range(len(reader(data).pages)):
        length = measured_bar(data, number)
        assert abs(length - mm(50)) < 0.01, (name, paper, number, length / mm(1))


def test_the_bar_measurement_can_fail() -> None:
    """A bar drawn 48 mm long is measured as 48 mm, not taken on trust."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595, 842), invariant=1)
    canvas.translate(10, 10)
    canvas.scale(0.96, 1)
    for i in range(5):
        canvas.rect(100 + i * mm(10), 100, mm(10), mm(2.2), stroke=1, fill=i % 2 == 0)
    canvas.save()
    assert abs(measured_bar(buffer.getvalue()) - mm(48)) < 0.01


@pytest.mark.parametrize(
    "name", ["ship-1-a4", "ship-3-letter", "score-pad-a4", "player-aid-letter"]
)
def test_no_line_thinner_than_half_a_point(files: dict[str, bytes], name: str) -> None:
    for page in reader(files[f"sheets/{name}.pdf"]).pages:
        stream = page.get_contents().get_data().decode("latin-1")
        widths = [float(w) for w in re.findall(r"(?<![\w.])(\d*\.?\d+) w\b", stream)]
        assert widths, "no line widths found"
        assert min(widths) >= 0.5


@pytest.mark.parametrize("paper", PAPERS)
def test_player_aid(files: dict[str, bytes], content: GalaxyTrucker, paper: str) -> None:
    text = flat(text_of(files[f"sheets/player-aid-{paper}.pdf"]))
    for card in content.texts.cards.values():
        assert f"{card.name}:" in text
    for tile_type in content.tile_types.values():
        assert tile_type.name in text
    for good in content.goods.values():
        assert f"{good.name} {good.value}" in text
    for word in ("smooth", "single", "double", "universal", "Round score = Position + Events"):
        assert word in text
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize("paper", PAPERS)
def test_player_aid_carries_the_rulings(files: dict[str, bytes], paper: str) -> None:
    """Every ruling a careful group would argue about, read back from the printed aid."""
    text = flat(text_of(files[f"sheets/player-aid-{paper}.pdf"]))
    out = (
        "out of the round: sell your cargo at half price (rounded up) and score 0 for every "
        "remaining event and for the Pretty Ship"
    )
    for phrase in (
        "A large one is stopped only by a cannon facing it",
        "in that row or in the row on either side of it",
        "A double cannon costs 1 battery per shot",
        "directly connected",
        "This can take your last human",
        "Record your engine strength (you do not move)",
        "passing marks nothing",
        "Cannon barrels and engine exhausts count as smooth",
        "unshielded it destroys the component it hits",
        "lose all of them and then 1 battery for each good still missing",
        "Between events you may move crew",
        "A shield need not sit on the outside of your ship",
        "only while loading may you rearrange",
        "covers the top and the right",
        out,
    ):
        assert phrase.lower() in text.lower(), phrase
    # Every early end says the same consequence, in the same words.
    assert text.count(out) >= 4
    assert "round N" not in text and "comment" not in text.lower()


def test_generic_card_texts_fill_every_placeholder(content: GalaxyTrucker) -> None:
    for card in content.texts.cards.values():
        assert "{" not in generic_text(card.resolve)
    assert aid_blocks(content) and len(event_blocks(content)) >= len(content.texts.cards)


@pytest.mark.parametrize("paper", PAPERS)
def test_score_pad(files: dict[str, bytes], content: GalaxyTrucker, paper: str) -> None:
    text = text_of(files[f"sheets/score-pad-{paper}.pdf"])
    for rnd in content.rounds:
        assert f"Round {rnd.round} · Ship {rnd.ship}" in text
    for word in ("Player", "Position", "Events", "Cargo", "Lost", "Pretty", "Total", "Rank"):
        assert word in text
    pages: list[Page] = []
    render_pdf(pad_pages(content, paper), paper, title="t", on_page=pages.append)
    rows = pad_rows(content, paper)
    assert rows >= 18
    assert [p.count("pad-row") for p in pages] == [rows] * len(pages)
    # Rows are numbered on across pages.
    assert re.search(rf"^{2 * rows}$", text, re.M)


def test_sheets_are_byte_identical_on_rerun(
    content: GalaxyTrucker, files: dict[str, bytes]
) -> None:
    again = {f.path: f.data for f in sheet_files(content, ("a4",))}
    for path, data in again.items():
        assert data == files[path], path


def test_scopes(content: GalaxyTrucker) -> None:
    game = open_game("galaxy-trucker", "sheet-test-seed-0001", None)
    rules, plan = game.rules, game.plan
    options = RenderOptions(papers=("letter",), images=False)
    sheets = rules.outputs(content, plan, Scope("sheets"), options)
    # The ship builder page goes with the sheets (the same for every paper).
    expected = [f"sheets/{n}-letter.pdf" for n in NAMES]
    expected += ["sheets/ship-builder.html", "sheets/round-check.html"]
    assert sorted(f.path for f in sheets) == sorted(expected)
    everything = rules.outputs(content, plan, Scope("game"), options)
    by_path: dict[str, OutputFile] = {f.path: f for f in everything}
    for f in sheets:
        assert by_path[f.path].data == f.data
    # The printed sheets do not depend on the seed; the phone pages carry the game's id
    # (they keep a player's ship and start post per game) and nothing else of it.
    other_game = open_game("galaxy-trucker", "another-seed-for-sheets", None).plan
    others = rules.outputs(content, other_game, Scope("sheets"), options)
    for mine, theirs in zip(sheets, others, strict=True):
        if mine.path.endswith(".pdf"):
            assert mine.data == theirs.data, mine.path
        else:
            ids = (plan.game_id.encode(), other_game.game_id.encode())
            assert ids[0] in mine.data and ids[1] in theirs.data, mine.path
            assert mine.data.replace(*ids) == theirs.data, mine.path
    assert not [
        f
        for f in rules.outputs(content, plan, Scope("turn", 1), options)
        if f.path.startswith("sheets/")
    ]


def test_a_board_too_wide_is_a_clear_error(content: GalaxyTrucker) -> None:
    lines = list(range(2, 13))  # 11 x 11 cells of 20 mm fit on no side of the paper
    wide = Board(
        name="Ship X",
        cells={r: lines for r in lines},
        start=StartCell(row=7, column=7, tile="start"),
    )
    boards = {**content.boards, "III": wide}
    bigger = dataclasses.replace(content, boards=boards)
    with pytest.raises(LayoutError, match=r"round 3: ship III .* do not fit on a4 paper"):
        ShipSheet(bigger, bigger.rounds[2], True).page("a4")


def test_a_ship_sheet_finds_its_legend_tiles_once(
    content: GalaxyTrucker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The layout asks the legend's height for every column and cell size it tries: the
    tiles it pictures are looked up once per sheet, not once per question."""
    from generator.games.galaxy_trucker.sheets import ship

    calls: list[bool] = []
    real = ship.sample_tiles

    def counted(c: GalaxyTrucker, *, merge_sizes: bool = False) -> list[tuple[str, Tile]]:
        calls.append(merge_sizes)
        return real(c, merge_sizes=merge_sizes)

    monkeypatch.setattr(ship, "sample_tiles", counted)
    sheet = ShipSheet(content, content.rounds[0], False)
    for paper in PAPERS:  # laid out and drawn on each paper
        render_pdf([sheet.page(paper)], paper, title="t")
    assert calls == [True]
