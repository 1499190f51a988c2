"""The pictures the console and the catch-up pages embed are made once and kept together per
folder (host/digest.py `embed_image`, folder/kept_bundle.py): a later run embeds the very
same text without making it again, and a damaged bundle is made again, never trusted."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from generator.folder import kept_bundle
from generator.host import digest


def _picture(path: Path, colour: tuple[int, int, int]) -> None:
    image = Image.new("RGB", (1080, 600), (24, 30, 50))
    ImageDraw.Draw(image).rectangle([100, 100, 700, 400], fill=colour)
    image.quantize(64).save(path, "PNG")


def _new_run() -> None:
    kept_bundle.flush_all()
    kept_bundle.forget()


def test_a_picture_is_embedded_once_and_read_back_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "game" / "round-1"
    folder.mkdir(parents=True)
    for name, colour in (("a.png", (200, 40, 40)), ("b.png", (40, 200, 40))):
        _picture(folder / name, colour)
    made: list[str] = []
    real = digest.embed_picture

    def counted(image: Image.Image) -> str:
        made.append("x")
        return real(image)

    monkeypatch.setattr(digest, "embed_picture", counted)
    _new_run()
    first = [digest.embed_image(folder / n) for n in ("a.png", "b.png")]
    assert len(made) == 2 and first[0] != first[1]
    with Image.open(folder / "a.png") as opened:
        assert first[0] == real(opened)
    _new_run()
    assert [digest.embed_image(folder / n) for n in ("a.png", "b.png")] == first
    assert len(made) == 2  # read back, not made again
    bundles = [p for p in (tmp_path / "cache").rglob("*") if p.is_file() and ".lock" not in p.name]
    (bundle,) = [p for p in bundles if p.read_bytes().startswith(kept_bundle.MAGIC)]
    bundle.write_bytes(bundle.read_bytes()[:-5] + b"XXXXX")  # damaged
    _new_run()
    assert digest.embed_image(folder / "a.png") == first[0]
    assert len(made) == 3  # made again
    _new_run()


def test_with_the_cache_off_a_picture_is_made_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    _picture(tmp_path / "a.png", (10, 10, 200))
    _new_run()
    once = digest.embed_image(tmp_path / "a.png")
    _new_run()
    assert digest.embed_image(tmp_path / "a.png") == once
    assert digest.embed_image(tmp_path / "missing.png") is None
