"""The pictures the console and the catch-up pages embed are made once and kept together per
folder (host/digest.py `embed_image`, folder/kept_bundle.py): a later run embeds the very
same text without making it again, and a damaged bundle is made again, never trusted."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from PIL import Image

from generator.folder import kept_bundle
from generator.host import digest


def _png(path: Path, colour: tuple[int, int, int]) -> Path:
    picture = Image.new("RGB", (1080, 200), colour)
    picture.paste((250, 250, 250), (100, 50, 600, 120))
    picture.save(path, "PNG")
    return path


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
        _png(folder / name, colour)
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
    _png(tmp_path / "a.png", (10, 10, 200))
    _new_run()
    once = digest.embed_image(tmp_path / "a.png")
    _new_run()
    assert digest.embed_image(tmp_path / "a.png") == once
    assert digest.embed_image(tmp_path / "missing.png") is None


def test_a_picture_is_embedded_once_by_its_bytes_and_read_back_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    first = _png(tmp_path / "a.png", (24, 30, 50))
    made = digest.embed_image(first)
    assert made is not None and made.startswith(digest.DATA_PNG)
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    kept_bundle.forget()
    assert digest.embed_image(first) == made  # made, and kept
    _new_run()
    copy = tmp_path / "copy.png"
    copy.write_bytes(first.read_bytes())

    def refuse(_picture: object) -> str:
        raise AssertionError("embedded again")

    with monkeypatch.context() as patched:
        patched.setattr(digest, "embed_picture", refuse)
        # The same bytes under another name in the folder: read back from the cache.
        assert digest.embed_image(copy) == made
    other = _png(tmp_path / "other.png", (60, 30, 50))
    assert digest.embed_image(other) not in (None, made)  # other bytes: its own
    _new_run()


def test_a_kept_embedding_that_is_not_a_picture_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    kept_bundle.forget()
    path = _png(tmp_path / "a.png", (24, 30, 50))
    made = digest.embed_image(path)
    assert made is not None
    name = hashlib.sha256(path.read_bytes()).hexdigest()
    key = ("embedded-pictures", os.path.abspath(tmp_path))

    def next_run() -> kept_bundle.Bundle:
        _new_run()
        return kept_bundle.bundle(key)

    assert next_run().get(name) == made.encode("ascii")
    # A whole bundle, its hash right, whose piece for the picture is no picture.
    kept_bundle.bundle(key).put(name, b"<script>alert(1)</script>")
    next_run()
    assert digest.embed_image(path) == made
    assert next_run().get(name) == made.encode("ascii")  # and kept right again
