"""The catch-up page's pictures between runs and into its PDF: each picture's embedding (the
phone-sized palette PNG of host/digest.py) is kept in the host's cache, one bundle per folder
of pictures, so the next week's page reuses it; a kept piece that is not such an embedding
is never put on the page; and the PDF prints the picture the page holds, decoded once, the
same bytes as printing it from its data: URI."""

from __future__ import annotations

import base64
import io
import os
import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageDraw
from reportlab.lib.units import mm

from generator.common import cache
from generator.host import digest
from generator.render.digest_pdf import IMAGE_WIDTH, digest_pdf
from generator.render.html import Page, PageImage, PagePhase, PagePost, PageSection


def drawing(seed: int) -> Image.Image:
    """A post picture as a game writes one: 1080 wide, flat colours and lines, a palette."""
    image = Image.new("RGB", (1080, 1350), (24, 28, 48))
    draw = ImageDraw.Draw(image)
    for step in range(12):
        x, y = 60 + 80 * step, 100 + (seed * 37 + step * 91) % 1000
        draw.rectangle((x, y, x + 70, y + 140), fill=(200, 40 + 15 * step, 60), outline="white")
        draw.text((x + 8, y + 60), f"T{seed}{step}", fill=(250, 200, 60))
    return image.quantize(64)


@pytest.fixture
def pictures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Two pictures in a round's folder; this run has embedded none of them yet."""
    folder = tmp_path / "game" / "round-1"
    folder.mkdir(parents=True)
    paths = []
    for seed in (1, 2):
        path = folder / f"turn-0{seed}.png"
        drawing(seed).save(path)
        paths.append(path)
    monkeypatch.setattr(digest, "_EMBEDDED", {})
    return paths


def next_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new process starts from: what this one kept is written, nothing remembered."""
    cache.flush_all()
    cache.forget()
    monkeypatch.setattr(digest, "_EMBEDDED", {})


def pixels(picture: Image.Image | None) -> bytes:
    assert picture is not None
    return picture.convert("RGB").tobytes()


def test_the_next_page_reuses_each_embedding_the_folder_kept(
    pictures: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = [digest.embedded_image(path) for path in pictures]
    next_run(monkeypatch)

    def never(image: Image.Image) -> Image.Image:
        raise AssertionError("a kept embedding was made again")

    monkeypatch.setattr(digest, "phone_picture", never)
    again = [digest.embedded_image(path) for path in pictures]
    for made, kept in zip(first, again, strict=True):
        assert made is not None and kept is not None
        assert kept[0] == made[0]  # the same data: URI, byte for byte
        assert pixels(kept[1]) == pixels(made[1])  # and the picture the PDF prints
    assert again[0][1] is not None and again[0][1].size == (540, 675)
    # Another game made in the same folder keeps its own pictures (a bundle of its own, so
    # a folder's bundle never holds every game ever made there).
    next_run(monkeypatch)
    with pytest.raises(AssertionError, match="made again"):
        digest.embedded_image(pictures[0], "another game")


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    "forged",
    [
        "not a png",
        "markup",  # what would break out of the page's src="…" if it were pasted there
        "another size",
        "rgb",
        "cut short",
    ],
)
def test_a_kept_piece_that_is_not_the_embedding_is_made_again(
    pictures: list[Path], monkeypatch: pytest.MonkeyPatch, forged: str
) -> None:
    """The cache's checksum finds damage, not an entry written by something else: only a
    palette PNG of the picture's phone size is used, and the data: URI is always encoded from
    its bytes."""
    path = pictures[0]
    made = digest.embedded_image(path)
    assert made is not None
    real = base64.b64decode(made[0].removeprefix(digest.DATA_PNG))
    pieces = {
        "not a png": b"GIF89a" + real[6:],
        "markup": b'\x89PNG\r\n\x1a\n" onerror="alert(1)',
        "another size": png(Image.new("P", (540, 540))),
        "rgb": png(Image.new("RGB", (540, 675), (1, 2, 3))),
        "cut short": real[: len(real) // 2],
    }
    name = digest.hashlib.sha256(path.read_bytes()).hexdigest()
    next_run(monkeypatch)
    kept = cache.bundle((digest.KEPT_PICTURES, os.path.abspath(path.parent), ""))
    assert kept.get(name) == real  # what the first run kept
    kept.put(name, pieces[forged])  # its checksum agrees: written through the cache
    next_run(monkeypatch)
    again = digest.embedded_image(path)
    assert again is not None and again[0] == made[0]
    assert pixels(again[1]) == pixels(made[1])


def one_picture_page(image: PageImage) -> Page:
    post = PagePost("p", "A post", "Day 1", (), images=(image,))
    return Page("t", [], [], [PageSection("s", "S", [PagePhase("", [post])])], "")


def test_the_pdf_prints_the_picture_at_hand_as_the_one_in_its_data_uri(
    pictures: list[Path],
) -> None:
    """Handed the decoded picture, the PDF is the same bytes as decoding it from the page's
    data: URI; it holds the picture at the page's pixels (540 of a 1080-pixel drawing), drawn
    IMAGE_WIDTH wide: 125 dots an inch on paper."""
    found = digest.embedded_image(pictures[0])
    assert found is not None
    src, picture = found
    at_hand = digest_pdf(one_picture_page(PageImage(src, "turn 1", False, picture=picture)))
    decoded = digest_pdf(one_picture_page(PageImage(src, "turn 1", False)))
    assert at_hand == decoded
    (page,) = pypdf.PdfReader(io.BytesIO(at_hand)).pages
    (image,) = page.images
    assert image.image is not None and image.image.size == (540, 675)
    content = page.get_contents().get_data().decode("latin-1")
    (width,) = re.findall(r"([\d.]+) 0 0 [\d.]+ 0 0 cm\s+/\S+ Do", content)
    assert abs(float(width) - IMAGE_WIDTH) < 0.01
    assert 124 < 540 / (float(width) / mm / 25.4) < 126
