"""The palette found from colour counts (art/octree_palette.py) is the very palette Pillow's
fast octree quantizer finds, byte for byte: for soft-edged drawings like a game's mosaic, for
noise, for pictures of few colours (where coarse buckets empty and fine colours take their
places), for equal counts (the order the quantizer's sort keeps), for sums too large for a
single-precision float to hold exactly, and through `make_palette` with and without its
switch. A picture of too many colours is left to the quantizer."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from generator.art import octree_palette
from generator.art.octree_palette import palette_of
from generator.art.png_surface import PALETTE_SWITCH, make_palette


def quantizer(picture: Image.Image) -> bytes:
    found = picture.quantize(256, method=Image.Quantize.FASTOCTREE).getpalette("RGB")
    assert found is not None
    return bytes(found)


def entries(palette: bytes) -> list[tuple[int, ...]]:
    return [tuple(palette[i : i + 3]) for i in range(0, len(palette), 3)]


def noise(rng: random.Random, width: int, height: int) -> Image.Image:
    return Image.frombytes("RGB", (width, height), rng.randbytes(width * height * 3))


def few_colours(rng: random.Random, width: int, height: int, colours: int) -> Image.Image:
    chosen = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(colours)]
    picture = Image.new("RGB", (width, height))
    picture.putdata([rng.choice(chosen) for _ in range(width * height)])
    return picture


def drawing(rng: random.Random, width: int, height: int) -> Image.Image:
    """Flat shapes drawn at twice the size and reduced, as a game's pictures are."""
    background = tuple(rng.randrange(256) for _ in range(3))
    picture = Image.new("RGB", (width * 2, height * 2), background)
    draw = ImageDraw.Draw(picture)
    for _ in range(12):
        x, y = rng.randrange(width * 2), rng.randrange(height * 2)
        box = [x, y, x + rng.randrange(4, width + 5), y + rng.randrange(4, height + 5)]
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.rounded_rectangle(box, radius=rng.randrange(1, 9), fill=colour)
        else:
            draw.ellipse(box, fill=colour, outline=(0, 0, 0), width=2)
    return picture.reduce(2)


@pytest.mark.parametrize("seed", range(40))
def test_the_quantizers_palette_for_every_kind_of_picture(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(1, 90), rng.randint(1, 90)
    pictures = [
        noise(rng, width, height),
        few_colours(rng, width, height, rng.randint(1, 300)),
        drawing(rng, width, height),
    ]
    for picture in pictures:
        assert palette_of(picture) == quantizer(picture)


def test_coarse_buckets_emptied_give_their_places_to_fine_colours() -> None:
    # 70 colours, each alone in its coarse bucket's corner: every fine bucket fits in the
    # palette, so the subtraction empties coarse buckets and the loop hands their places on.
    colours = [(r * 64 + 5, g * 64 + 9, b * 64 + 3) for r in range(4) for g in range(4)
               for b in range(4)] + [(250, 250, 250), (1, 2, 3), (130, 20, 240)] * 2  # fmt: skip
    picture = Image.new("RGB", (len(colours), 3))
    picture.putdata(colours * 3)
    assert palette_of(picture) == quantizer(picture)


def test_equal_counts_keep_the_quantizers_order() -> None:
    # 400 colours in different fine buckets, each on exactly four pixels: the palette's 192
    # fine places go to equal counts, chosen by bucket order.
    rng = random.Random(7)
    buckets = rng.sample(range(4096), 400)
    colours = [((b >> 8) * 16 + 3, ((b >> 4) & 15) * 16 + 7, (b & 15) * 16 + 11) for b in buckets]
    picture = Image.new("RGB", (400, 4))
    picture.putdata(colours * 4)
    assert palette_of(picture) == quantizer(picture)


def test_sums_beyond_a_single_float_average_as_the_quantizer_does() -> None:
    # 600,009 white pixels: the red sum, 153,002,295, is 7 past a multiple of 16, the step
    # of single floats there, so it is held as 153,002,288; divided by the count that is
    # 255 - 1.17e-5, nearest single 255 - 1.53e-5, truncated to 254. Exact division says 255.
    picture = Image.new("RGB", (1000, 601), (255, 255, 255))
    picture.paste((20, 40, 60), (0, 600, 991, 601))
    counted = palette_of(picture)
    assert counted == quantizer(picture)
    assert counted is not None and (254, 254, 254) in entries(counted)


def test_the_quotient_is_a_single_float_before_it_is_truncated() -> None:
    # 600,014 white pixels and one (254, 254, 254): the red sum 153,003,569 is a single
    # float exactly; the quotient, 255 - 1.7e-6, is nearer 255 than any other single, so
    # the quantizer's average is 255 where truncating the exact quotient says 254.
    picture = Image.new("RGB", (1000, 601), (255, 255, 255))
    picture.paste((20, 40, 60), (0, 600, 985, 601))
    picture.putpixel((999, 599), (254, 254, 254))
    counted = palette_of(picture)
    assert counted == quantizer(picture)
    assert counted is not None and (255, 255, 255) in entries(counted)


def test_a_picture_of_too_many_colours_is_left_to_the_quantizer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    picture = noise(random.Random(3), 300, 300)  # about 90,000 colours
    assert palette_of(picture) is None
    assert make_palette(picture).getpalette("RGB") == list(quantizer(picture))
    monkeypatch.setattr(octree_palette, "MAX_COLOURS", 1 << 17)
    assert palette_of(picture) == quantizer(picture)


def test_make_palette_is_the_quantizers_with_its_switch_on_and_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    picture = drawing(random.Random(11), 200, 160)
    counted = make_palette(picture)
    assert counted.size == (1, 1)  # found from the counts, no quantized mosaic made
    monkeypatch.setenv(PALETTE_SWITCH, "off")
    quantized = make_palette(picture)
    assert quantized.size == picture.size
    assert counted.getpalette("RGB") == quantized.getpalette("RGB")
    # Either maps a picture onto the same indices.
    mapped = [picture.quantize(palette=p, dither=Image.Dither.NONE) for p in (counted, quantized)]
    assert mapped[0].tobytes() == mapped[1].tobytes()
