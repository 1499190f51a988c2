"""A polygon with a wide outline drawn with the kept mask (generator/art/png_surface.py) gives
Pillow's own pixels: hundreds of random polygons, one after another on pictures of two
sizes (each leaving the kept mask clean for the next), with and without a fill."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from generator.art import png_surface
from generator.art.png_surface import PngSurface


def test_wide_outlines_are_pillows_own_pixels() -> None:
    assert png_surface.wide_outlines_keep_a_mask()
    rng = random.Random(20261202)
    for size in ((120, 90), (64, 64)):
        ours = PngSurface.blank(*size, (230, 230, 225))
        theirs = Image.new("RGB", size, (230, 230, 225))
        draw = ImageDraw.Draw(theirs)
        for _ in range(300):
            points = [
                (rng.uniform(-10, size[0] + 10), rng.uniform(-10, size[1] + 10))
                for _ in range(rng.randint(3, 7))
            ]
            fill = rng.choice([None, (rng.randrange(256), 40, 90)])
            stroke = (rng.randrange(256), rng.randrange(256), 0)
            width = rng.uniform(1.6, 9)
            ours.polygon(points, stroke=stroke, fill=fill, width=width)
            draw.polygon(points, fill=fill, outline=stroke, width=max(1, round(width)))
            assert ours.image.tobytes() == theirs.tobytes()
        mask, _, _ = png_surface._mask(size)
        assert mask.getbbox() is None  # left clean after every polygon
