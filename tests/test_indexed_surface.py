"""A post picture composed in the palette's indices (art/indexed_surface.py) is the picture
drawn in RGB and mapped onto the palette after (`encode_png`), byte for byte, for every
step a post takes; text over a pasted picture may differ on the text's own pixels only."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from generator.art.indexed_surface import IndexedSurface, palette_map
from generator.art.png_surface import PngSurface, encode_png, make_palette

BACKGROUND = (24, 30, 50)
PANEL = (38, 46, 72)
ACCENT = (250, 200, 70)
TEXT = (245, 245, 240)
RED = (150, 35, 30)
CREAM = (251, 246, 236)


def _picture_rgb() -> Image.Image:
    """A small picture with smooth edges (drawn at twice its size and halved, as a post's
    tiles and cards are)."""
    big = PngSurface.blank(120, 80, PANEL)
    big.circle(60, 40, 30, stroke=ACCENT, fill=RED, width=5)
    big.polygon([(5, 5), (50, 12), (20, 70)], stroke=TEXT, fill=(40, 160, 90), width=4)
    big.text(8, 75, "Ab 7", size=30, font="VeraBd", color=CREAM)
    return big.image.reduce(2)


class _Picture:
    def __init__(self) -> None:
        self.image = _picture_rgb()

    def rgb(self) -> Image.Image:
        return self.image

    def indices(self, palette: Image.Image) -> Image.Image:
        return palette_map(palette).mapped(self.image)


@functools.cache
def _palette() -> Image.Image:
    """A game palette from a sample holding the picture and text on the flat colours."""
    sample = PngSurface.blank(400, 200, BACKGROUND)
    sample.image.paste(_picture_rgb(), (0, 0))
    for k, colour in enumerate((TEXT, ACCENT, CREAM)):
        sample.rect(100, 60 * k, 300, 60, stroke=None, fill=(PANEL, RED, BACKGROUND)[k])
        sample.text(110, 60 * k + 45, "Round 1 · Turn", size=28, color=colour)
    return make_palette(sample.image)


def _scene(surface: Any, picture: _Picture) -> None:
    """Every step a post's frame takes, and text across the edges between flat colours, at
    fractional positions, partly off the picture and over other flat shapes."""
    surface.rect(20.5, 30, 300, 120, stroke=None, fill=PANEL, radius=18)
    surface.rect(40, 200, 260, 90, stroke=(0, 0, 0), fill=CREAM, width=3, radius=12)
    surface.rect(42, 245, 256, 45, stroke=None, fill=RED)
    surface.line(10, 300, 330, 330, color=ACCENT, width=3)
    surface.line(10, 340, 330, 340, color=TEXT, width=2, dash=(9, 5))
    surface.polygon([(250, 20), (330, 60), (280, 120)], stroke=ACCENT, fill=RED, width=4)
    surface.circle(60, 380, 25.5, stroke=TEXT, fill=None, width=2)
    surface.paste(picture, (200, 340))
    surface.text(170.3, 80.6, "Round 2 · Build turn 3", size=34, font="VeraBd",
                 color=ACCENT, anchor="middle")  # fmt: skip
    surface.text(50, 250, "Half on the red, half not", size=29, color=TEXT)
    surface.text(330, 128, "on the panel's edge", size=28, color=TEXT, anchor="end")
    surface.text(-7.5, 20.25, "off the left and top", size=30, color=TEXT)
    surface.typed_text(30, 180, "Ana \u2068\u05d3\u05e0\u05d4\u2069", size=30, color=TEXT)
    surface.text(170, 460, "below it all", size=40, color=ACCENT, anchor="middle")
    surface.text(120.7, 395.3, "two lines\nof text", size=28, color=ACCENT)
    surface.text(333.3, 172.9, "at the right edge", size=30, color=TEXT)


def _both(scene: Callable[[Any, _Picture], None]) -> tuple[bytes, bytes]:
    palette, picture = _palette(), _Picture()
    rgb = PngSurface.blank(340, 480, BACKGROUND)
    indexed = IndexedSurface(340, 480, BACKGROUND, palette)
    scene(rgb, picture)
    scene(indexed, picture)
    return encode_png(rgb.image, palette), indexed.png()


def test_a_post_composed_in_the_palette_is_the_post_drawn_in_rgb_and_mapped() -> None:
    drawn, composed = _both(_scene)
    assert composed == drawn


def test_text_over_a_picture_changes_no_pixel_beside_the_text() -> None:
    def over(surface: Any, picture: _Picture) -> None:
        surface.paste(picture, (40, 40))
        surface.text(50, 80, "over the picture", size=30, color=TEXT)

    drawn, composed = _both(over)
    rgb_made, indexed_made = (Image.open(io.BytesIO(d)) for d in (drawn, composed))
    changed = ImageChops.difference(rgb_made.convert("RGB"), indexed_made.convert("RGB"))
    box = changed.getbbox()
    assert box is None or (box[0] >= 40 and box[1] >= 45 and box[2] <= 300 and box[3] <= 95)


def test_every_colour_a_pixel_may_stand_for_maps_back_onto_its_index() -> None:
    """Under text, an index stands for a colour that maps onto it again: the pixels text
    leaves alone keep their index. Some of a palette's own colours map onto a neighbour."""
    mapping = palette_map(_palette())
    # One colour of each of the small cubes Pillow maps by: every index a picture may hold.
    levels = bytes(range(0, 256, 4))
    grid = bytes(c for r in levels for g in levels for b in levels for c in (r, g, b))
    held = set(mapping.mapped(Image.frombytes("RGB", (64, 64 * 64), grid)).tobytes())
    count = len(mapping.data) // 3
    own = mapping.mapped(Image.frombytes("RGB", (count, 1), mapping.data[: 3 * count]))
    stand_for = Image.frombytes("RGB", (count, 1), mapping.round_trip)
    back = mapping.mapped(stand_for).tobytes()
    assert [i for i in sorted(held) if back[i] != i] == []
    # What the test is for: some index a picture holds is not where its own colour maps.
    assert [i for i in sorted(held) if own.tobytes()[i] != i]


def test_the_same_text_over_other_pixels_is_drawn_again() -> None:
    """A text drawn again is pasted as first mapped only over the same indices standing for
    the same colours: over another fill, at another fraction of a pixel or in another
    colour it is drawn anew, as the RGB picture draws it."""

    def again(surface: Any, picture: _Picture) -> None:
        surface.rect(20, 20, 300, 40, stroke=None, fill=PANEL)
        surface.rect(20, 60, 300, 40, stroke=None, fill=RED)
        for x, y, colour in [
            (170, 50, TEXT),  # on the panel
            (170, 90, TEXT),  # on the red
            (170.5, 140, TEXT),  # on the background, then at other fractions of a pixel
            (170, 180.5, TEXT),
            (170, 220, TEXT),
            (170, 260, ACCENT),  # in another colour
        ]:
            surface.text(x, y, "Card 1 · Event 3", size=30, color=colour, anchor="middle")
        surface.rect(20, 330, 300, 60, stroke=None, fill=CREAM)
        surface.text(170, 370, "Card 1 · Event 3", size=30, color=TEXT, anchor="middle")

    drawn, composed = _both(again)
    assert composed == drawn


def test_a_text_is_rendered_once_and_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """One line of text is placed by the mask Pillow renders to draw it (no separate
    measuring), and the same text over the same pixels in a later post is the patch mapped
    the first time (a footer, a card's label)."""
    rendered: list[str] = []
    measured: list[str] = []
    drawn: list[str] = []
    render, measure, draw = (
        ImageFont.FreeTypeFont.getmask2,
        ImageFont.FreeTypeFont.getbbox,
        ImageDraw.ImageDraw.text,
    )

    def counted(log: list[str], real: Callable[..., Any]) -> Callable[..., Any]:
        def inner(this: Any, *args: Any, **kwargs: Any) -> Any:
            log.append(str(args[1] if log is drawn else args[0]))
            return real(this, *args, **kwargs)

        return inner

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", counted(rendered, render))
    monkeypatch.setattr(ImageFont.FreeTypeFont, "getbbox", counted(measured, measure))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", counted(drawn, draw))
    words = "Galaxy Trucker · Game 7Q3F-K2PX"  # a text no other test draws
    for _ in range(3):
        post = IndexedSurface(400, 120, BACKGROUND, _palette())
        post.text(200.5, 90, words, size=28, color=TEXT, anchor="middle")
    assert (rendered, measured, drawn) == ([words], [], [words])


def test_text_over_one_colour_is_mapped_from_its_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text over one flat colour (a panel, the background: every text of the games' posts)
    is not drawn in RGB and mapped back: each pixel's index follows from the mask's
    coverage there, one table per colour under it and colour of text."""
    converted: list[str] = []
    convert = Image.Image.convert

    def noted(this: Image.Image, mode: str | None = None, *args: Any, **kwargs: Any) -> Any:
        converted.append(str(mode))
        return convert(this, mode, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "convert", noted)
    post = IndexedSurface(400, 200, BACKGROUND, _palette())
    post.rect(10, 10, 380, 80, stroke=None, fill=PANEL)
    post.text(200.25, 60, "Stack 2 · 3 cards", size=30, color=TEXT, anchor="middle")
    post.text(200, 150.5, "Stack 3 · 1 card", size=28, color=ACCENT, anchor="middle")
    assert converted == []
