"""Tile and dice pictures: drawn on both backends, and the picture follows the tile's data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from generator.art.dice import PIPS, draw_die
from generator.art.pdf_surface import PdfSurface
from generator.art.png_surface import PngSurface
from generator.games.galaxy_trucker.art.tiles import draw_tile
from generator.games.galaxy_trucker.content import KINDS, GalaxyTrucker
from generator.games.galaxy_trucker.model import Sides, Tile, TileType
from generator.kit.session import load_content


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return load_content("galaxy-trucker")[2]


def label_of(tile_type: TileType) -> str:
    return KINDS.tile(tile_type.kind).label(tile_type)


def one_of_each(content: GalaxyTrucker) -> list[Tile]:
    seen: dict[str, Tile] = {}
    for tile in content.tiles:
        seen.setdefault(tile.type, tile)
    return [content.starting_cabin, *seen.values()]


def render(content: GalaxyTrucker, tile: Tile, size: int = 120) -> PngSurface:
    surface = PngSurface.blank(size, size)
    draw_tile(surface, content, tile, 0, 0, size)
    return surface


def test_every_tile_type_draws_on_png_and_pdf(content: GalaxyTrucker, tmp_path: Path) -> None:
    tiles = one_of_each(content)
    assert {content.tile_type(t).kind for t in tiles} >= {
        "cabin",
        "cannon",
        "engine",
        "battery",
        "cargo",
        "shield",
        "structural",
        "life-support",
        "starting-cabin",
    }
    canvas = Canvas(str(tmp_path / "t.pdf"), pagesize=(600, 600), invariant=1)
    pdf = PdfSurface(canvas, 600)
    for i, tile in enumerate(tiles):
        draw_tile(pdf, content, tile, 10 + (i % 9) * 62, 10 + (i // 9) * 62, 57)
        image = render(content, tile).image
        # Something is drawn (a white canvas has a bounding box too, so compare with one),
        # and the drawing spans most of the tile.
        blank = PngSurface.blank(*image.size).image
        box = ImageChops.difference(image, blank).getbbox()
        assert box is not None and box[2] - box[0] > 0.8 * image.width, tile.id
    canvas.save()
    assert (tmp_path / "t.pdf").stat().st_size > 1000


def drawn_texts(content: GalaxyTrucker, tile: Tile, size: int = 290) -> dict[str, float]:
    """The texts a tile's picture draws, each with its size as a fraction of the tile."""
    texts: dict[str, float] = {}

    class Recording(PngSurface):
        def text(self, x: float, y: float, text: str, *args: object, **kw: Any) -> None:
            texts[text] = kw["size"] / size
            super().text(x, y, text, *args, **kw)  # type: ignore[arg-type]

    surface = Recording(PngSurface.blank(size, size).image)
    draw_tile(surface, content, tile, 0, 0, size)
    return texts


def test_labels_tell_types_apart(content: GalaxyTrucker) -> None:
    labels = {label_of(content.tile_type(t)) for t in one_of_each(content)}
    assert {"CABIN", "CANNON", "ENGINE", "CARGO", "HAZARD", "SHIELD"} <= labels
    assert {"BROWN", "PURPLE", "BATTERY", "START"} <= labels
    # A double says which it is in the word and that it is double in a "2×" on its body,
    # larger than the word; a single has no "2×". (Both once read "DOUBLE"; then "2× CANNON"
    # shrank to 22 px to fit the panel.)
    tiles = {t.type: t for t in one_of_each(content)}
    for double, single, word in (
        ("double-cannon", "cannon", "CANNON"),
        ("double-engine", "engine", "ENGINE"),
    ):
        double_texts = drawn_texts(content, tiles[double])
        single_texts = drawn_texts(content, tiles[single])
        assert set(double_texts) == {word, "2\u00d7"}, double
        assert set(single_texts) == {word}, single
        assert double_texts["2\u00d7"] > double_texts[word] >= 28 / 290


def with_side(tile: Tile, side: str, value: str) -> Tile:
    sides = msgspec.structs.asdict(tile.sides)
    sides[side] = value
    return msgspec.structs.replace(tile, sides=Sides(**sides))


@pytest.mark.parametrize("side", ["e", "w"])
def test_connector_marks_count(content: GalaxyTrucker, side: str) -> None:
    """single, double and universal draw 1, 2 and 3 pipes; smooth draws none."""
    structural = next(t for t in content.tiles if t.type == "structural")
    size = 200
    counts = {}
    for value in ("smooth", "single", "double", "universal"):
        image = render(content, with_side(structural, side, value), size).image.convert("L")
        # Walk along the side, a few pixels in from the edge, counting dark pipe runs.
        x = size - 12 if side == "e" else 12
        runs, inside = 0, False
        for y in range(size // 8, size - size // 8):
            dark = image.getpixel((x, y)) < 128
            runs += dark and not inside
            inside = dark
        counts[value] = runs
    assert counts == {"smooth": 0, "single": 1, "double": 2, "universal": 3}


def test_hazard_hold_differs_from_plain_hold_beyond_colour(content: GalaxyTrucker) -> None:
    plain = content.tile_types["cargo-2"]
    hazard = content.tile_types["hazard-2"]
    assert label_of(plain) != label_of(hazard)
    tile = next(t for t in content.tiles if t.type == "cargo-2")
    a = render(content, tile).image.convert("L")
    b = render(content, msgspec.structs.replace(tile, type="hazard-2")).image.convert("L")
    assert ImageChops.difference(a, b).getbbox() is not None  # even in grey, they differ


@pytest.mark.parametrize("value", sorted(PIPS))
def test_die_shows_its_pips(value: int) -> None:
    size = 90
    surface = PngSurface.blank(size, size, (128, 128, 128))
    draw_die(surface, value, 0, 0, size)
    image = surface.image.convert("L")
    step, half = size * 0.28, size / 2
    dark = {
        (col, row)
        for col in range(3)
        for row in range(3)
        if image.getpixel((round(half + (col - 1) * step), round(half + (row - 1) * step))) < 80
    }
    assert dark == set(PIPS[value])


def test_die_rejects_bad_values() -> None:
    with pytest.raises(ValueError):
        draw_die(PngSurface.blank(10, 10), 7, 0, 0, 10)


def test_every_keep_on_trucking_label_keeps_clear_of_its_wiring_ring() -> None:
    """ "FURNACE" touched its tile's yellow wiring ring and "CATAPULT" crossed its blue one;
    every wired tile's label sat on the ring's bottom line. The ring now runs above the
    label: each label of every Keep on Trucking kind is clear of it, below it by a gap, and
    inside its panel."""
    from generator.games.galaxy_trucker.art.tiles import PANEL
    from generator.games.keep_on_trucking.art import WIRE

    capitals = 0.73  # VeraBd's capital letters' height, of its size

    content = load_content("keep-on-trucking")[2]
    size = 290
    kinds: dict[tuple[str, str], Tile] = {}
    for tile in content.tiles:
        tile_type = content.tile_type(tile)
        kinds.setdefault(
            (tile_type.kind, content.kinds.tile(tile_type.kind).label(tile_type)), tile
        )
    assert {"FURNACE", "CATAPULT", "STASIS", "BOOST"} <= {label for _, label in kinds}
    texts: list[tuple[float, float, str, float]] = []
    rings: list[tuple[float, float, float, float, float]] = []

    class Recording(PngSurface):
        def text(self, x: float, y: float, text: str, *args: object, **kw: Any) -> None:
            texts.append((x, y, text, kw["size"]))
            super().text(x, y, text, *args, **kw)  # type: ignore[arg-type]

        def rect(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
            if kw.get("stroke") in WIRE.values():
                rings.append((x, y, w, h, kw["width"]))
            super().rect(x, y, w, h, **kw)

    wired = 0
    for (kind, label), tile in sorted(kinds.items()):
        texts.clear()
        rings.clear()
        surface = Recording(PngSurface.blank(size, size).image)
        draw_tile(surface, content, tile, 0, 0, size)
        lines = [t for t in texts if t[2] in label.split("\n")]
        assert len(lines) == len(label.split("\n")), kind
        for x, y, text, text_size in lines:
            half = surface.text_width(text, size=text_size, font="VeraBd") / 2
            assert PANEL * size < x - half and x + half < (1 - PANEL) * size, (kind, text)
            for _, ring_y, _, ring_h, ring_w in rings:
                # The ring's bottom line (its outer edge) above the label's capitals.
                gap = (y - capitals * text_size) - (ring_y + ring_h + ring_w / 2)
                assert gap >= 0.015 * size, (kind, text, gap)
        wired += bool(rings)
    assert wired >= 6  # three boosters, the furnace, the catapult and the stasis chamber
