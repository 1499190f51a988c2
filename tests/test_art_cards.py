"""Card faces: every card of the pack draws on both backends, and what is drawn follows the
card's numbers (a changed parameter changes the picture)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from generator.art.pdf_surface import PdfSurface
from generator.art.png_surface import PngSurface
from generator.games.galaxy_trucker.art.cards import draw_card
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Card
from generator.kit.session import load_content


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return load_content("galaxy-trucker")[2]


def face(content: GalaxyTrucker, card: Card, w: int = 300, h: int = 420) -> PngSurface:
    surface = PngSurface.blank(w, h)
    draw_card(surface, content, card, 0, 0, w, h)
    return surface


def test_every_card_draws_on_png_and_pdf(content: GalaxyTrucker, tmp_path: Path) -> None:
    # Every kind of the base game's registry, and only those, is in its pack.
    assert {c.kind for c in content.cards} == set(content.kinds.cards)
    canvas = Canvas(str(tmp_path / "cards.pdf"), pagesize=(600, 800), invariant=1)
    pdf = PdfSurface(canvas, 800)
    for card in content.cards:
        draw_card(pdf, content, card, 20, 20, 180, 250)
        canvas.showPage()
        for w, h in ((300, 420), (435, 480), (435, 630)):
            # Compared with a blank canvas (a white image has a bounding box too): the card's
            # frame fills the box it was given.
            image = face(content, card, w, h).image
            box = ImageChops.difference(image, PngSurface.blank(w, h).image).getbbox()
            assert box is not None and box[2] - box[0] >= w - 2 and box[3] - box[1] >= h - 2
    canvas.save()


@pytest.mark.parametrize(
    ("card_id", "change"),
    [
        ("abandoned-ship-1a", {"credits": 9}),
        ("abandoned-ship-1a", {"level": 3}),
        ("planets-1b", {"days": 5}),
        ("smugglers-1a", {"goods": ["red", "yellow", "blue"]}),
        ("slavers-1a", {"strength": 9}),
    ],
)
def test_numbers_reach_the_picture(
    content: GalaxyTrucker, card_id: str, change: dict[str, object]
) -> None:
    card = content.cards_by_id[card_id]
    a = face(content, card).image
    b = face(content, msgspec.structs.replace(card, **change)).image
    assert ImageChops.difference(a, b).getbbox() is not None


def test_meteor_direction_reaches_the_picture(content: GalaxyTrucker) -> None:
    card = content.cards_by_id["meteoric-swarm-1a"]
    meteors = [msgspec.structs.replace(m, direction="rear") for m in card.meteors]
    turned = msgspec.structs.replace(card, meteors=meteors)
    diff = ImageChops.difference(face(content, card).image, face(content, turned).image)
    assert diff.getbbox() is not None
