"""A font that keeps the masks of the texts it rendered draws exactly what Pillow's own font
draws, at every fractional start, and survives being copied to a worker."""

from __future__ import annotations

import pickle

from PIL import Image, ImageDraw, ImageFont

from generator.art.png_surface import MaskKeepingFont, load_font
from generator.art.surface import FONTS


def _drawn(font: ImageFont.FreeTypeFont, twice: bool) -> bytes:
    image = Image.new("RGB", (400, 160), (24, 30, 50))
    draw = ImageDraw.Draw(image)
    for _ in range(2 if twice else 1):
        for k, (x, y) in enumerate([(10, 40), (10.25, 80.5), (200.75, 120.4), (10, 40)]):
            colour = [(245, 245, 240), (250, 200, 70)][k % 2]
            draw.text((x, y), "A1 · T048 Zoë", fill=colour, font=font, anchor="ls")
        draw.text((300, 40), "2×", fill=(1, 2, 3), font=font, anchor="ms", stroke_width=2)
    return image.tobytes()


def test_kept_masks_draw_what_pillow_draws() -> None:
    plain = ImageFont.truetype(str(FONTS["VeraBd"]), 34)
    keeping = MaskKeepingFont(str(FONTS["VeraBd"]), 34)
    assert _drawn(keeping, twice=True) == _drawn(plain, twice=True)
    assert len(keeping._masks) == 3  # three starts kept; the stroked text is not


def test_a_font_copied_to_a_worker_keeps_working() -> None:
    font = load_font("Vera", 20)
    copy = pickle.loads(pickle.dumps(font))
    assert isinstance(copy, MaskKeepingFont) and copy.size == 20
    assert copy.getmask2("abc", "L")[1] == font.getmask2("abc", "L")[1]


def test_kept_lengths_are_pillow_s() -> None:
    plain = ImageFont.truetype(str(FONTS["Vera"]), 28)
    keeping = MaskKeepingFont(str(FONTS["Vera"]), 28)
    texts = ["AV Wa", "A1 · T048", "Zoë", "", "AV Wa"]
    assert [keeping.getlength(t) for t in texts] == [plain.getlength(t) for t in texts]
    assert len(keeping._lengths) == 4  # each text measured once
    # A measure with layout options is Pillow's every time, never kept.
    assert keeping.getlength("AV", features=["-kern"]) == plain.getlength("AV", features=["-kern"])
    assert len(keeping._lengths) == 4
    copied = pickle.loads(pickle.dumps(keeping))
    assert copied.getlength("AV Wa") == plain.getlength("AV Wa")
