"""The host's cache stays within its budget (generator/common/cache_trim.py): the entries used
longest ago go first, a hit counts as a use, a killed run's leftovers are swept, links are
never followed, and a real game's run trims the cache it wrote to when it ends."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from generator.common import cache_trim
from generator.folder import kept_blobs

ROOT = Path(__file__).resolve().parents[1]
DAY = 24 * 3600


def entry_file(path: Path, size: int, age_days: float, now: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    os.utime(path, (now - age_days * DAY, now - age_days * DAY))
    return path


def sheet_entry(path: Path, size: int, age_days: float, now: float) -> Path:
    """A sheet-cache entry: a folder of data files and an index."""
    entry_file(path / "data" / "0", size, age_days, now)
    entry_file(path / "index.json", 10, age_days, now)
    for folder in (path / "data", path):
        os.utime(folder, (now - age_days * DAY, now - age_days * DAY))
    return path


def test_the_entries_used_longest_ago_go_first_down_to_four_fifths(tmp_path: Path) -> None:
    now = time.time()
    oldest = entry_file(tmp_path / "blobs/ab/oldest", 300, 30, now)
    old_sheets = sheet_entry(tmp_path / "files/old-sheets", 300, 20, now)
    memo = entry_file(tmp_path / "memo/a-day", 300, 10, now)
    newest = entry_file(tmp_path / "blobs/cd/newest", 300, 1, now)
    snapshots = tmp_path / "table-snapshots/game"
    entry_file(snapshots / "1.snap", 300, 0.5, now)
    removed = cache_trim.trim(tmp_path, 1200, now)  # 1,510 bytes: down to 960 or less
    assert removed == [oldest, old_sheets]
    assert not oldest.exists() and not old_sheets.exists()
    assert memo.exists() and newest.exists() and (snapshots / "1.snap").exists()
    # Within the budget: nothing more goes.
    assert cache_trim.trim(tmp_path, 1200, now) == []


def test_a_hit_counts_as_a_use(tmp_path: Path) -> None:
    os.environ["SHEETGEN_CACHE"] = str(tmp_path)  # conftest restores it after the test
    kept_blobs.keep(("a", "picture"), b"p" * 400)
    kept_blobs.keep(("another", "picture"), b"q" * 400)
    read = kept_blobs.blob_path(("a", "picture"))
    unread = kept_blobs.blob_path(("another", "picture"))
    assert read is not None and unread is not None
    now = time.time()
    os.utime(read, (now - 60 * DAY, now - 60 * DAY))  # written longest ago ...
    os.utime(unread, (now - 50 * DAY, now - 50 * DAY))
    assert kept_blobs.read_kept(("a", "picture")) == b"p" * 400  # ... but read just now
    cache_trim.trim(tmp_path, 700)  # 864 bytes: one of the two goes
    assert kept_blobs.read_kept(("a", "picture")) == b"p" * 400
    assert kept_blobs.read_kept(("another", "picture")) is None


def test_a_killed_runs_leftovers_are_swept_once_stale(tmp_path: Path) -> None:
    now = time.time()
    stale_staging = sheet_entry(tmp_path / "files/.entry-abc123", 50, 1, now)
    fresh_staging = sheet_entry(tmp_path / "files/.entry-def456", 50, 0, now)
    stale_temp = entry_file(tmp_path / "blobs/ab/.cd1234.x8y9.tmp", 50, 1, now)
    fresh_temp = entry_file(tmp_path / "memo/.ef5678.a1b2.tmp", 50, 0, now)
    kept = entry_file(tmp_path / "memo/kept", 50, 5, now)
    snapshots = tmp_path / "table-snapshots/a-game"
    snapshot = entry_file(snapshots / "3-abc.snap", 50, 2, now)
    stale_snapshot_temp = entry_file(snapshots / ".3-abd.snap.k2j4.tmp", 50, 1, now)
    fresh_snapshot_temp = entry_file(snapshots / ".3-abe.snap.m5n6.tmp", 50, 0, now)
    removed = cache_trim.trim(tmp_path, 10**9, now)  # far within the budget
    assert sorted(removed) == sorted([stale_staging, stale_temp, stale_snapshot_temp])
    assert fresh_staging.exists() and fresh_temp.exists() and kept.exists()
    assert snapshot.exists() and fresh_snapshot_temp.exists()


def test_links_are_removed_as_links_never_followed(tmp_path: Path) -> None:
    now = time.time()
    outside = tmp_path / "outside"
    (outside / "precious").mkdir(parents=True)
    (outside / "precious" / "file").write_bytes(b"keep me")
    cache = tmp_path / "cache"
    (cache / "files").mkdir(parents=True)
    link = cache / "files" / "linked-entry"
    link.symlink_to(outside / "precious", target_is_directory=True)
    (cache / "blobs").mkdir()
    (cache / "blobs" / "ab").symlink_to(outside, target_is_directory=True)
    entry_file(cache / "memo" / "big", 5000, 3, now)
    os.utime(link, (now - 90 * DAY, now - 90 * DAY), follow_symlinks=False)
    cache_trim.trim(cache, 100, now)
    assert (outside / "precious" / "file").read_bytes() == b"keep me"
    assert not (cache / "memo" / "big").exists()


def test_the_cache_is_looked_at_once_a_day(tmp_path: Path) -> None:
    now = time.time()
    os.environ["SHEETGEN_CACHE_MAX_MB"] = "0"
    try:
        first = entry_file(tmp_path / "memo/first", 100, 2, now)
        assert cache_trim.trim_if_due(tmp_path, now) == [first]
        second = entry_file(tmp_path / "memo/second", 100, 2, now)
        assert cache_trim.trim_if_due(tmp_path, now + 3600) == []  # looked at an hour ago
        assert second.exists()
        assert cache_trim.trim_if_due(tmp_path, now + DAY + 1) == [second]
    finally:
        del os.environ["SHEETGEN_CACHE_MAX_MB"]


def test_the_budget_reads_whole_megabytes_else_the_default() -> None:
    for raw, expected in (("", 500), ("12", 12), ("-3", 500), ("1e9", 500), (" 7 ", 7)):
        os.environ["SHEETGEN_CACHE_MAX_MB"] = raw
        try:
            assert cache_trim.budget_bytes() == expected * 1_000_000
        finally:
            del os.environ["SHEETGEN_CACHE_MAX_MB"]


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_a_game_trims_the_cache_it_wrote_to_when_it_ends(tmp_path: Path) -> None:
    """A cache of 2 MB holding an old entry of 1.5 MB: a game without pictures keeps its
    sheets (0.9 MB) in it, and the run ends with the old entry gone and the sheets kept."""
    cache = tmp_path / "cache"
    old = entry_file(cache / "memo" / "an-old-entry", 1_500_000, 30, time.time())
    env = dict(os.environ, SHEETGEN_CACHE=str(cache), SHEETGEN_CACHE_MAX_MB="2")
    args = [sys.executable, "-m", "generator", "game", "--seed", "cache-trim-seed-0123456789"]
    done = subprocess.run(
        [*args, "--no-images", "-o", str(tmp_path / "game")],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert not old.exists()
    assert 500_000 < size_of(cache) <= 1_600_000
    assert (cache / cache_trim.STAMP).is_file()
    # The game's own sheets are among what was kept: the next run reuses them.
    assert any((cache / "files").iterdir())
