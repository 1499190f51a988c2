"""Keep on Trucking's pictures: every new kind draws on both backends; plating is its own
side (not pipes); wiring takes the partner's colour; catapult arrows and sleepers show; the
sheets for all six ships carry the expansion's boxes, in A4 and Letter."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.art.icons import CREW_BLUE
from generator.art.pdf_surface import PdfSurface
from generator.art.png_surface import PngSurface
from generator.games.galaxy_trucker.art.tiles import draw_tile
from generator.games.galaxy_trucker.model import Sides, Tile
from generator.games.keep_on_trucking.art import ARROW_YELLOW, PLATE, WIRE
from generator.games.keep_on_trucking.sheets.files import TruckingShipSheet, base_view, sheet_files
from generator.kit.session import load_content
from generator.render.pdf import Page, render_pdf

SIZE = 160


@pytest.fixture(scope="module")
def content() -> Any:
    return load_content("keep-on-trucking")[2]


def picture(content: Any, tile: Tile) -> Any:
    surface = PngSurface.blank(SIZE, SIZE)
    draw_tile(surface, content, tile, 0, 0, SIZE)
    return surface.image.convert("RGB")


def colours(image: Any) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(SIZE * SIZE)}


def _drawn_pixels(image: Any) -> int:
    """How many pixels differ from the blank (white) canvas the tile was drawn on."""
    blank = Image.new("RGB", image.size, "white")
    mask = ImageChops.difference(image, blank).convert("L").point(lambda v: 255 if v else 0)
    return int(sum(mask.histogram()[255:]))


def _pdf_page_operators(content: Any, tile: Tile | None, tmp_path: Path) -> int:
    """The drawing operators on a page holding only this tile (None: an empty page)."""
    path = tmp_path / "tile.pdf"
    canvas = Canvas(str(path), pagesize=(100, 100), invariant=1, pageCompression=0)
    if tile is not None:
        draw_tile(PdfSurface(canvas, 100), content, tile, 10, 10, 80)
    canvas.showPage()
    canvas.save()
    stream = PdfReader(str(path)).pages[0].get_contents()
    data = stream.get_data() if stream is not None else b""
    return len(re.findall(rb"\b(?:re|l|c|m|f|S|B|Tj)\b", data))


def test_every_new_type_draws_on_png_and_pdf(content: Any, tmp_path: Path) -> None:
    ours: dict[str, Tile] = {}
    for tile in content.tiles:
        if tile.ours:
            ours.setdefault(tile.type, tile)
    assert len(ours) >= 12
    empty = _pdf_page_operators(content, None, tmp_path)
    for kind, tile in ours.items():
        # A drawn tile covers a good part of its square (the frame alone would not).
        assert _drawn_pixels(picture(content, tile)) > SIZE * SIZE // 10, kind
        assert _pdf_page_operators(content, tile, tmp_path) > empty + 10, kind


def test_plating_is_a_band_not_pipes(content: Any) -> None:
    base = next(t for t in content.tiles if t.id == "K001")  # plated top and right
    assert base.sides.n == "plating"
    as_smooth = msgspec.structs.replace(
        base, sides=Sides(n="smooth", e="plating", s="universal", w="single")
    )
    as_single = msgspec.structs.replace(
        base, sides=Sides(n="single", e="plating", s="universal", w="single")
    )
    plated, smooth, single = (picture(content, t) for t in (base, as_smooth, as_single))
    # The top edge strip: the plate colour only where the side is plated.
    strip = (int(SIZE * 0.15), 0, int(SIZE * 0.8), int(SIZE * 0.13))
    assert PLATE in colours(plated.crop(strip))
    assert PLATE not in colours(smooth.crop(strip))
    assert PLATE not in colours(single.crop(strip))
    # And the plate spans the side, where a single connector's pipe takes only its middle.
    left_part = (int(SIZE * 0.1), int(SIZE * 0.03), int(SIZE * 0.3), int(SIZE * 0.1))
    assert PLATE in colours(plated.crop(left_part))
    assert PLATE not in colours(single.crop(left_part))


@pytest.mark.parametrize(
    ("type_id", "partner"),
    [
        ("cannon-booster", "cannon"),
        ("engine-booster", "engine"),
        ("shield-booster", "shield"),
        ("reactor-furnace", "battery"),
        ("catapult", "hold"),
        ("stasis-chamber", "cabin"),
    ],
)
def test_wiring_is_coloured_by_partner(content: Any, type_id: str, partner: str) -> None:
    tile = next(t for t in content.tiles if t.type == type_id)
    found = colours(picture(content, tile))
    # Its partner's wiring colour, and no other partner's: a booster's partner shows at
    # a glance.
    assert [p for p in WIRE if WIRE[p] in found] == [partner]


def test_catapult_arrows_and_sleepers(content: Any) -> None:
    catapult = next(t for t in content.tiles if t.type == "catapult")
    assert content.tile_type(catapult).arrows == ["n", "e", "w"]
    image = picture(content, catapult)

    # Arrows on the top, left and right of the panel's centre, none below it.
    def yellow(box: tuple[int, int, int, int]) -> bool:
        return ARROW_YELLOW in colours(image.crop(box))

    s = SIZE
    assert yellow((int(s * 0.42), int(s * 0.24), int(s * 0.58), int(s * 0.4)))  # up
    assert yellow((int(s * 0.6), int(s * 0.4), int(s * 0.76), int(s * 0.55)))  # right
    assert yellow((int(s * 0.24), int(s * 0.4), int(s * 0.4), int(s * 0.55)))  # left
    assert not yellow((int(s * 0.42), int(s * 0.56), int(s * 0.58), int(s * 0.7)))  # none down
    chamber = next(t for t in content.tiles if t.type == "stasis-chamber")
    assert CREW_BLUE in colours(picture(content, chamber))


# --- sheets ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def files(content: Any) -> dict[str, bytes]:
    return {f.path: f.data for f in sheet_files(content, ("a4", "letter"))}


def test_six_ships_in_a4_and_letter(files: dict[str, bytes]) -> None:
    ships = {
        f"sheets/ship-{n}-{p}.pdf"
        for n in ("1", "2", "3", "1A", "2A", "3A")
        for p in ("a4", "letter")
    }
    assert ships <= set(files)
    for name in ships:
        pages = PdfReader(io.BytesIO(files[name])).pages
        assert len(pages) == 1
        text = " ".join(pages[0].extract_text().split())
        assert "Cyan alien ability" in text and "Sleepers" in text
        assert "Aesthete" in text and "Contraptionist" in text  # the title counts
    aid = PdfReader(io.BytesIO(files["sheets/player-aid-a4.pdf"]))
    tech = " ".join(aid.pages[2].extract_text().split())
    for word in (
        "Plated sides",
        "Cannon booster",
        "Catapult",
        "Stasis chamber",
        "Lawyer",
        "Diplomat",
    ):
        assert word in tech
    # Part 2's page: the five new cards, both title counts and Rough Roads.
    adventures = " ".join(aid.pages[3].extract_text().split())
    for word in ("Junkyard:", "Wide-Open Space:", "Meteor Vortex:", "Antitrust Check:", "Bad Day:"):
        assert word in adventures
    assert "Aesthete count:" in adventures and "Contraptionist count:" in adventures
    assert "Rough Roads" in adventures


def drawn(content: Any, round_number: int, ship: str, paper: str) -> Page:
    rnd = msgspec.structs.replace(content.rounds[round_number - 1], ship=ship)
    sheet = TruckingShipSheet(base_view(content), rnd, round_number == 3)
    pages: list[Page] = []
    render_pdf([sheet.page(paper)], paper, title="t", on_page=pages.append)
    return pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("number", "ship"), [(1, "IA"), (2, "IIA"), (3, "IIIA"), (3, "III")])
def test_ship_sheet_boxes(content: Any, paper: str, number: int, ship: str) -> None:
    page = drawn(content, number, ship, paper)
    board = content.boards[ship]
    assert page.count("cell") == board.cell_count
    assert page.count("cyan-ability") == 1
    assert page.count("sleeper") == 12
    assert page.count(f"hits-{board.hits}") == (0 if board.hits == "plain" else 1)
    if board.hits == "wrap":
        assert page.count("wrap-row") == 1 + 6
    if board.hits == "labels":
        assert page.count("compass") == 2
    # Everything inside the 10 mm safe margin.
    for region in page.regions:
        assert region.x >= 28 and region.y >= 28
        assert region.x + region.w <= page.width - 28 + 0.5
        assert region.y + region.h <= page.height - 28 + 0.5


def test_print_pack_pages_match_the_round_start_posts(files: dict[str, bytes]) -> None:
    """Ships I-III on pages 1-3, IA-IIIA on 4-6: the page the round start post names."""
    from generator.games.keep_on_trucking.posts.technology import TruckingPostWriter
    from generator.kit.session import open_game

    pages = PdfReader(io.BytesIO(files["sheets/print-pack-a4.pdf"])).pages
    assert len(pages) == 6 + 4  # six ships, then the player aid's four pages
    for choice in ("A", "base"):
        game = open_game("keep-on-trucking", "print-pack-seed-01", None, options={"ships": choice})
        writer = TruckingPostWriter(game.content, game.plan)
        for rnd in game.plan.rounds:
            text = writer.round_start(rnd).facebook or ""
            page = int(text.split("sheet (page ")[1].split(" ")[0])
            sheet = " ".join(pages[page - 1].extract_text().split())
            assert re.search(rf"Round {rnd.round} · Ship {rnd.ship}(?![A-Z])", sheet), page
