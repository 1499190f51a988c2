"""A picture kept between runs (art/png_surface.py `picture_data`) reads back the same,
and nothing but a whole picture of the size and kind asked for reads as one."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from generator.art.png_surface import indices_from, picture_data, picture_from


def test_kept_indices_read_back_as_they_lie(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile's or card's palette indices are read where they lie in the inflated bytes,
    not copied into a new picture cleared first (a later game reads a hundred of them)."""
    picture = Image.frombytes("P", (37, 11), bytes(range(256)) + bytes(range(151)))
    data = picture_data(picture)
    made: list[tuple[int, int]] = []
    new = Image.new

    def noted(mode: str, size: tuple[int, int], *args: Any) -> Image.Image:
        made.append(size)
        return new(mode, size, *args)

    monkeypatch.setattr(Image, "new", noted)
    back = indices_from(data, (37, 11))
    assert back is not None and back.mode == "P" and back.tobytes() == picture.tobytes()
    assert [size for size in made if size != (0, 0)] == []


def test_only_a_whole_picture_of_its_size_and_kind_reads_back() -> None:
    picture = Image.frombytes("P", (37, 11), bytes(range(256)) + bytes(range(151)))
    data = picture_data(picture)
    assert indices_from(data, (11, 37)) is None
    assert indices_from(data[:-3], (37, 11)) is None
    assert indices_from(data + b"\0", (37, 11)) is None
    assert picture_from(data, (37, 11)) is None  # indices are not RGB pixels
    rgb = Image.new("RGB", (5, 3), (1, 2, 3))
    back = picture_from(picture_data(rgb), (5, 3))
    assert back is not None and back.tobytes() == rgb.tobytes()
