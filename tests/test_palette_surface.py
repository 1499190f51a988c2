"""A post drawn straight in the palette (generator/art/palette_surface.py) is the same PNG
bytes as the same steps drawn in RGB and mapped after (`PngSurface.png`), whichever way it
goes: all in the palette, or turned back to RGB part way (an outline, text over a picture,
over two colours or over other text, text off the edge)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from generator.art.palette_surface import PaletteSurface
from generator.art.png_surface import PngSurface, make_palette

BACKGROUND = (24, 30, 50)
PANEL = (38, 46, 72)
TEXT = (245, 245, 240)
ACCENT = (250, 200, 70)


class Checker:
    """A picture of blue and orange squares with soft edges, pasted whole."""

    def __init__(self, size: int) -> None:
        image = Image.new("RGB", (size, size), (40, 90, 200))
        for x in range(0, size, 20):
            for y in range(0, size, 20):
                if (x + y) // 20 % 2:
                    image.paste((230, 120, 40), (x, y, x + 20, y + 20))
        self.image = image.resize((size, size), Image.Resampling.BILINEAR, reducing_gap=None)
        self.image = self.image.rotate(7, resample=Image.Resampling.BICUBIC, fillcolor=PANEL)

    def rgb(self) -> Image.Image:
        return self.image

    def indices(self, palette: Image.Image) -> Image.Image:
        mapped = self.image.quantize(palette=palette, dither=Image.Dither.NONE)
        return Image.frombytes("L", mapped.size, mapped.tobytes())


def palette() -> Image.Image:
    """A palette from a sample of the colours drawn here, as a game's is made."""
    sample = PngSurface.blank(400, 300, BACKGROUND)
    sample.rect(10, 10, 200, 100, stroke=None, fill=PANEL, radius=18)
    sample.image.paste(Checker(120).rgb(), (220, 20))
    for k, colour in enumerate((TEXT, ACCENT)):
        sample.text(20, 150 + 40 * k, "Round 1 · Turn 12", size=30, color=colour)
    sample.rect(20, 240, 300, 40, stroke=(20, 20, 20), fill=(150, 35, 30), width=3)
    return make_palette(sample.image)


Steps = Callable[[Any], None]


def frame(s: Any) -> None:
    s.text(
        540, 96, "Round 2 · Build turn 3 of 11", size=52, font="VeraBd", color=TEXT, anchor="middle"
    )
    s.text(
        540, 152, "Turn 14 of 51 · Day 8, morning", size=32, color=(175, 185, 205), anchor="middle"
    )
    s.rect(60, 200, 960, 420, stroke=None, fill=PANEL, radius=18)
    s.text(200, 240, "A1 · T012", size=34, font="VeraBd", color=ACCENT, anchor="middle")
    s.paste(Checker(290), (60, 260))
    s.text(
        540,
        1000,
        "Galaxy Trucker · Game 1DCD-49F5",
        size=28,
        color=(175, 185, 205),
        anchor="middle",
    )


CASES: dict[str, Steps] = {
    "in the palette throughout": frame,
    "an outline part way": lambda s: (
        frame(s),
        s.rect(100, 700, 500, 120, stroke=(20, 20, 20), fill=(150, 35, 30), width=3, radius=18),
        s.text(120, 760, "Meteoric Swarm", size=40, font="VeraBd", color=(255, 255, 255)),
    ),
    "every step after turning": lambda s: (
        frame(s),
        s.rect(100, 700, 300, 100, stroke=(20, 20, 20), fill=None, width=3),
        s.rect(420, 700, 300, 100, stroke=None, fill=PANEL, radius=12),
        s.text(440, 760, "after", size=40, color=TEXT),
        s.paste(Checker(100), (800, 700)),
        s.text(300, 900, "one\ntwo", size=40, color=TEXT),
        s.text(800, 720, "on it", size=30, color=ACCENT),
    ),
    "text over a picture": lambda s: (frame(s), s.text(200, 400, "over it", size=40, color=TEXT)),
    "text over two colours": lambda s: (frame(s), s.text(40, 210, "edge", size=40, color=TEXT)),
    "text over other text": lambda s: (
        frame(s),
        s.text(540, 100, "again", size=52, color=ACCENT, anchor="middle"),
    ),
    "text off the edges": lambda s: (
        frame(s),
        s.text(-20, 30, "Left and top", size=60, color=TEXT),
        s.text(1060, 1075, "Right", size=60, color=ACCENT),
    ),
    "two lines": lambda s: (frame(s), s.text(300, 800, "one\ntwo", size=40, color=TEXT)),
    "lines, shapes and typed names": lambda s: (
        frame(s),
        s.line(100, 700, 900, 720, color=ACCENT, width=3),
        s.circle(300, 850, 40, stroke=None, fill=ACCENT),
        s.polygon([(500, 800), (560, 900), (440, 900)], stroke=TEXT, fill=PANEL),
        s.typed_text(600, 950, "Zoë · \u0645\u0631\u064a\u0645", size=36, color=TEXT),
        s.text(700, 1040, "after them", size=30, color=ACCENT),
    ),
}


# Whether each case turns back to RGB part way (the others may go either way).
TURNS = {
    "in the palette throughout": False,
    "an outline part way": True,
    "every step after turning": True,
    "text over a picture": True,
    "text over two colours": True,
    "text over other text": True,
    "two lines": True,
    "lines, shapes and typed names": True,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_same_bytes_as_drawing_in_rgb(case: str) -> None:
    colours = palette()
    rgb = PngSurface.blank(1080, 1080, BACKGROUND)
    straight = PaletteSurface(1080, 1080, BACKGROUND, colours)
    for surface in (rgb, straight):
        CASES[case](surface)
    assert straight.png() == rgb.png(colours)
    if case in TURNS:
        assert (straight.rgb is not None) == TURNS[case], case


def test_text_off_the_edge_over_flat_colour_stays_in_the_palette() -> None:
    colours = palette()
    rgb = PngSurface.blank(600, 400, BACKGROUND)
    straight = PaletteSurface(600, 400, BACKGROUND, colours)
    for surface in (rgb, straight):
        surface.text(-25, 20, "Partly outside", size=60, color=TEXT)
        surface.text(590, 395, "Corner", size=60, color=ACCENT)
        surface.text(2000, 2000, "Wholly outside", size=60, color=ACCENT)
    assert straight.rgb is None
    assert straight.png() == rgb.png(colours)
