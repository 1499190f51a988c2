"""Pack-only files (sheets) built once and reused; the fast YAML parser reads the same."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.folder import cache
from generator.games import OutputFile
from generator.pack import yamlio
from generator.pack.load import CONTENT_DIR


def counting_builder(calls: list[int], data: bytes = b"%PDF sheet") -> object:
    def build() -> list[OutputFile]:
        calls.append(1)
        return [OutputFile("sheets/ship-1-a4.pdf", data), OutputFile("sheets/aid.pdf", b"aid")]

    return build


def test_built_once_then_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    calls: list[int] = []
    first = cache.reuse(("sheets", "digest-1", "a4"), counting_builder(calls))  # type: ignore[arg-type]
    again = cache.reuse(("sheets", "digest-1", "a4"), counting_builder(calls))  # type: ignore[arg-type]
    assert calls == [1] and again == first
    # Another pack version (digest) or paper is another entry.
    cache.reuse(("sheets", "digest-2", "a4"), counting_builder(calls))  # type: ignore[arg-type]
    assert calls == [1, 1]


def test_a_damaged_entry_is_built_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    calls: list[int] = []
    good = cache.reuse(("k",), counting_builder(calls))  # type: ignore[arg-type]
    stored = next(tmp_path.rglob("data/0"))
    stored.write_bytes(b"tampered")
    assert cache.reuse(("k",), counting_builder(calls)) == good  # type: ignore[arg-type]
    assert calls == [1, 1]


def test_the_cache_can_be_off_or_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    cache.reuse(("k",), counting_builder(calls))  # type: ignore[arg-type]
    cache.reuse(("k",), counting_builder(calls))  # type: ignore[arg-type]
    assert calls == [1, 1]
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SHEETGEN_CACHE", str(blocked))
    assert cache.reuse(("k",), counting_builder(calls))[0].data == b"%PDF sheet"  # type: ignore[arg-type]


def test_cached_sheets_are_the_built_sheets(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from generator.games import RenderOptions, Scope
    from generator.kit.session import open_game

    game = open_game("galaxy-trucker", "cache-test-seed-0001", None)
    options = RenderOptions(papers=("a4",), images=False)
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    built = game.rules.outputs(game.content, game.plan, Scope("sheets"), options)
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    game.rules.outputs(game.content, game.plan, Scope("sheets"), options)
    reused = game.rules.outputs(game.content, game.plan, Scope("sheets"), options)
    # Three ship sheets, the aid, the score pad, the print pack and the ship builder page.
    assert reused == built and len(built) == 7


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_the_fast_parser_reads_what_the_python_parser_reads(
    pack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if yamlio.FAST_LOADER is None:
        pytest.skip("PyYAML without libyaml")
    for path in sorted((CONTENT_DIR / pack).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        fast, _ = yamlio.parse_text(text, path.name)
        monkeypatch.setattr(yamlio, "FAST_LOADER", None)
        slow, _ = yamlio.parse_text(text, path.name)
        monkeypatch.undo()
        assert fast is not None and slow is not None
        assert (fast.data, fast.lines) == (slow.data, slow.lines), path.name


def test_an_entry_of_pipes_and_endless_files_is_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheet cache's index.json a FIFO (reading it would wait for ever), its data/0 a
    link to /dev/zero (it never ends) or to a file outside the cache: each reads as no
    entry, and the sheets are built again."""
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    calls: list[int] = []
    good = cache.reuse(("k",), counting_builder(calls))  # type: ignore[arg-type]
    entry = next((tmp_path / "cache").rglob("index.json")).parent
    index = (entry / "index.json").read_bytes()
    secret = tmp_path / "secret"
    secret.write_bytes(b"%PDF sheet")  # what data/0 holds: only its place is wrong
    for bad in ("fifo", "/dev/zero", str(secret)):
        (entry / "index.json").unlink()
        (entry / "data" / "0").unlink()
        if bad == "fifo":
            os.mkfifo(entry / "index.json")
            (entry / "data" / "0").write_bytes(b"%PDF sheet")
        else:
            (entry / "index.json").write_bytes(index)
            (entry / "data" / "0").symlink_to(bad)
        assert cache.reuse(("k",), counting_builder(calls)) == good  # type: ignore[arg-type]
    assert calls == [1, 1, 1, 1]
