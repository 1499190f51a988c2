"""The pictures of tiles and cards kept between runs (one bundle per pack and palette):
read back exactly as drawn, and anything damaged, swapped or odd in the cache is drawn
again, never trusted."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from generator.art.png_surface import picture_data, picture_from, pixels_data
from generator.common import cache_trim
from generator.folder import kept_blobs

SEED = "kept-pictures-seed-0123456789abcdef"


def test_a_kept_blob_reads_back_and_a_damaged_one_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    assert kept_blobs.read_kept(("k",)) is None
    kept_blobs.keep(("k",), b"picture bytes")
    assert kept_blobs.read_kept(("k",)) == b"picture bytes"
    assert kept_blobs.read_kept(("other",)) is None
    (blob,) = [p for p in (tmp_path / kept_blobs.BLOBS).rglob("*") if p.is_file()]
    blob.write_bytes(blob.read_bytes()[:-1] + b"X")
    assert kept_blobs.read_kept(("k",)) is None
    kept_blobs.keep(("k",), b"picture bytes")  # kept again over the damaged one
    assert kept_blobs.read_kept(("k",)) == b"picture bytes"
    assert [p.name for p in blob.parent.iterdir()] == [blob.name]  # no temporary file left


def test_a_link_or_a_pipe_where_a_blob_should_be_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    kept_blobs.keep(("k",), b"data")
    (blob,) = [p for p in (tmp_path / kept_blobs.BLOBS).rglob("*") if p.is_file()]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(blob.read_bytes())
    blob.unlink()
    blob.symlink_to(elsewhere)
    assert kept_blobs.read_kept(("k",)) is None
    blob.unlink()
    os.mkfifo(blob)
    assert kept_blobs.read_kept(("k",)) is None  # and does not wait for a writer


def test_nothing_is_kept_with_the_cache_off_or_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    kept_blobs.keep(("k",), b"data")
    assert kept_blobs.read_kept(("k",)) is None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SHEETGEN_CACHE", str(blocked))
    kept_blobs.keep(("k",), b"data")  # no error
    assert kept_blobs.read_kept(("k",)) is None
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "c"))
    kept_blobs.keep(("big",), b"x" * (kept_blobs.MAX_BLOB_BYTES + 1))
    assert kept_blobs.read_kept(("big",)) is None


def test_a_picture_reads_back_pixel_for_pixel_and_only_at_its_size() -> None:
    picture = Image.new("RGB", (7, 5), (10, 20, 30))
    picture.putpixel((3, 2), (250, 1, 128))
    data = picture_data(picture)
    back = picture_from(data, (7, 5))
    assert back is not None and back.tobytes() == picture.tobytes()
    assert picture_from(data, (5, 7)) is None
    assert picture_from(data[:-3], (7, 5)) is None
    assert picture_from(b"not a picture", (7, 5)) is None
    # A header that claims 7 x 5 over far more pixels is refused, not unpacked whole.
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    bomb = data[: data.index(b"\n") + 9] + packer.compress(b"\0" * 10_000_000) + packer.flush()
    assert picture_from(bomb, (7, 5)) is None
    # Anything after the picture's end, or a picture cut short of it, is not a picture.
    assert picture_from(data + b"\0", (7, 5)) is None
    head = data[: data.index(b"\n") + 9]
    assert picture_from(head + zlib.compress(picture.tobytes()), (7, 5)) is None  # zlib's own
    indices = Image.new("L", (4, 3), 7)
    assert pixels_data("L", (4, 3), indices.tobytes()) == picture_data(indices)
    back_l = picture_from(picture_data(indices), (4, 3), "L")
    assert back_l is not None and back_l.tobytes() == indices.tobytes()


def _game(where: Path, cache: Path, workers: str = "1") -> dict[str, str]:
    env = dict(os.environ, SHEETGEN_CACHE=str(cache), SHEETGEN_WORKERS=workers)
    args = ["game", "--pack", "galaxy-trucker", "--seed", SEED, "--start", "2026-12-01"]
    done = subprocess.run(
        [sys.executable, "-m", "generator", *args, "-o", str(where)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return {
        str(p.relative_to(where)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(where.rglob("*.png"))
    }


def _kept_files(cache: Path) -> list[Path]:
    # The blobs' files, not the marker the cache's trimming leaves in the folder.
    return [
        p
        for p in (cache / kept_blobs.BLOBS).rglob("*")
        if p.is_file() and p.name != cache_trim.MARKER
    ]


@pytest.mark.e2e
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_games_pictures_are_kept_in_one_bundle_and_read_back(
    tmp_path: Path, workers: str
) -> None:
    """Every tile and card picture of a game in one file (the palette in another), whether
    drawn in this process or by a pool's two workers (each merges what the other kept)."""
    cache = tmp_path / "cache"
    drawn = _game(tmp_path / "first", cache, workers)
    files = _kept_files(cache)
    assert len(files) == 2  # the posts' palette and the bundle of pictures
    bundle_file = max(files, key=lambda p: p.stat().st_size)
    size = bundle_file.stat().st_size
    assert size > 500_000
    assert _game(tmp_path / "second", cache, workers) == drawn
    assert bundle_file.stat().st_size == size  # nothing new to keep: not written again
    in_one = tmp_path / "one-process-cache"
    _game(tmp_path / "third", in_one, "1")
    assert max(p.stat().st_size for p in _kept_files(in_one)) == size  # the pool lost none


@pytest.mark.e2e
def test_a_damaged_bundle_is_drawn_again_and_the_posts_do_not_change(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    drawn = _game(tmp_path / "first", cache)
    bundle_file = max(_kept_files(cache), key=lambda p: p.stat().st_size)
    whole = bundle_file.read_bytes()
    for damaged in (whole[: len(whole) // 2], whole[:-1] + bytes([whole[-1] ^ 0xFF])):
        bundle_file.write_bytes(damaged)
        assert _game(tmp_path / f"again-{len(damaged)}", cache) == drawn
        assert bundle_file.read_bytes() == whole  # kept again, whole
