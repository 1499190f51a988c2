"""A bundle of kept pieces (folder/kept_bundle.py): read back by another run exactly as
kept, merged when two writers add to it, and anything damaged, linked, odd or too big is
read as empty, never trusted and never fatal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.folder import kept_bundle
from generator.folder.kept_blobs import blob_path

KEY = ("post-picture-indices", "pack-digest", "palette")


@pytest.fixture(autouse=True)
def _fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    kept_bundle.forget()


def _file() -> Path:
    path = blob_path(("bundle", *KEY))
    assert path is not None
    return path


@pytest.mark.e2e
def test_pieces_kept_by_one_run_are_read_by_the_next() -> None:
    first = kept_bundle.bundle(KEY)
    assert first.get("tile\0T001") is None
    first.put("tile\0T001", b"indices one")
    first.put("card\0C7", b"")
    assert first.get("tile\0T001") == b"indices one"  # before it is written, too
    kept_bundle.flush_all()
    code = (
        "from generator.folder import kept_bundle as k;"
        f"b = k.bundle({KEY!r});"
        "print(b.get('tile\\0T001'), b.get('card\\0C7'), b.get('other'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["b'indices", "one'", "b''", "None"], done.stderr


def test_two_writers_keep_both_their_pieces() -> None:
    one, other = kept_bundle.Bundle(KEY), kept_bundle.Bundle(KEY)
    one.put("a", b"1")
    other.put("b", b"22")
    one.flush()
    other.flush()  # read what `one` wrote, then added its own
    kept_bundle.forget()
    again = kept_bundle.bundle(KEY)
    assert (again.get("a"), again.get("b")) == (b"1", b"22")
    assert [p.name for p in _file().parent.iterdir()] == [_file().name]  # no temporary left


@pytest.mark.parametrize("damage", ["cut short", "a byte changed", "not a bundle", "empty"])
def test_a_damaged_bundle_reads_as_empty_and_is_kept_again_whole(damage: str) -> None:
    kept = kept_bundle.bundle(KEY)
    kept.put("a", b"piece")
    kept.flush()
    whole = _file().read_bytes()
    damaged = {
        "cut short": whole[:-3],
        "a byte changed": whole[:-1] + bytes([whole[-1] ^ 1]),
        "not a bundle": b"<script>alert(1)</script>",
        "empty": b"",
    }[damage]
    _file().write_bytes(damaged)
    kept_bundle.forget()
    assert kept_bundle.bundle(KEY).get("a") is None
    kept_bundle.bundle(KEY).put("a", b"piece")
    kept_bundle.flush_all()
    assert _file().read_bytes() == whole


def test_a_link_or_a_pipe_where_the_bundle_should_be_is_not_read(tmp_path: Path) -> None:
    kept = kept_bundle.bundle(KEY)
    kept.put("a", b"piece")
    kept.flush()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(_file().read_bytes())
    _file().unlink()
    _file().symlink_to(elsewhere)
    kept_bundle.forget()
    assert kept_bundle.bundle(KEY).get("a") is None
    _file().unlink()
    os.mkfifo(_file())
    kept_bundle.forget()
    assert kept_bundle.bundle(KEY).get("a") is None  # and does not wait for a writer
    assert elsewhere.read_bytes().endswith(b"piece")  # never written through the link


def test_nothing_is_kept_with_the_cache_off_unwritable_or_too_big(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    kept_bundle.bundle(KEY).put("a", b"piece")
    kept_bundle.flush_all()  # no error
    kept_bundle.forget()
    assert kept_bundle.bundle(KEY).get("a") is None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SHEETGEN_CACHE", str(blocked))
    kept_bundle.forget()
    kept_bundle.bundle(KEY).put("a", b"piece")
    kept_bundle.flush_all()  # no error
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "c"))
    monkeypatch.setattr(kept_bundle, "MAX_BUNDLE_BYTES", 100)
    kept_bundle.forget()
    kept_bundle.bundle(KEY).put("big", b"x" * 200)
    kept_bundle.flush_all()
    assert not _file().exists()


def test_a_link_in_the_bundles_folder_place_is_never_written_through(tmp_path: Path) -> None:
    folder = _file().parent
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder.parent.mkdir(parents=True)
    folder.symlink_to(elsewhere)
    kept_bundle.bundle(KEY).put("a", b"piece")
    kept_bundle.flush_all()  # no error
    assert list(elsewhere.iterdir()) == []
