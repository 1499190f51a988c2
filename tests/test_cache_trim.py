"""The host's cache stays within its budget (generator/common/cache_trim.py): the entries used
longest ago go first, a hit counts as a use, a killed run's leftovers are swept, links are
never followed, and a real game's run trims the cache it wrote to when it ends."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.common import cache_trim
from generator.folder import kept_blobs

ROOT = Path(__file__).resolve().parents[1]
DAY = 24 * 3600


def hexname(word: str, length: int = 40) -> str:
    """A name as the cache gives its entries: hex digits (from `word`, for telling apart)."""
    return hashlib.sha256(word.encode()).hexdigest()[:length]


def memo_name(word: str) -> str:
    return f"today-outline.{hexname(word)}"


def blob_name(word: str) -> str:
    digest = hexname(word)
    return f"{digest[:2]}/{digest[2:]}"


def snap_name(word: str) -> str:
    return f"{hexname(word, 64)}.snap"


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
    oldest = entry_file(tmp_path / "blobs" / blob_name("oldest"), 300, 30, now)
    old_sheets = sheet_entry(tmp_path / "files" / hexname("old-sheets"), 300, 20, now)
    memo = entry_file(tmp_path / "memo" / memo_name("a-day"), 300, 10, now)
    newest = entry_file(tmp_path / "blobs" / blob_name("newest"), 300, 1, now)
    snapshots = tmp_path / "table-snapshots" / hexname("game")
    entry_file(snapshots / snap_name("1"), 300, 0.5, now)
    removed = cache_trim.trim(tmp_path, 1200, now)  # 1,510 bytes: down to 960 or less
    assert removed == [oldest, old_sheets]
    assert not oldest.exists() and not old_sheets.exists()
    assert memo.exists() and newest.exists() and (snapshots / snap_name("1")).exists()
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
    stale_staging = sheet_entry(tmp_path / "files/.entry-abc123_z", 50, 1, now)
    fresh_staging = sheet_entry(tmp_path / "files/.entry-def456_y", 50, 0, now)
    stale_digest = hexname("stale")
    stale_temp = tmp_path / "blobs" / stale_digest[:2] / f".{stale_digest[2:]}.x8y9ab_c.tmp"
    entry_file(stale_temp, 50, 1, now)
    fresh_temp = entry_file(tmp_path / "memo" / f".{memo_name('fresh')}.a1b2cd3e.tmp", 50, 0, now)
    kept = entry_file(tmp_path / "memo" / memo_name("kept"), 50, 5, now)
    snapshots = tmp_path / "table-snapshots" / hexname("a-game")
    snapshot = entry_file(snapshots / snap_name("3"), 50, 2, now)
    stale_snapshot_temp = entry_file(snapshots / f".{snap_name('4')}.k2j4abcd.tmp", 50, 1, now)
    fresh_snapshot_temp = entry_file(snapshots / f".{snap_name('5')}.m5n6abcd.tmp", 50, 0, now)
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
    link = cache / "files" / hexname("linked-entry")
    link.symlink_to(outside / "precious", target_is_directory=True)
    (cache / "blobs").mkdir()
    (cache / "blobs" / "ab").symlink_to(outside, target_is_directory=True)
    big = entry_file(cache / "memo" / memo_name("big"), 5000, 3, now)
    os.utime(link, (now - 90 * DAY, now - 90 * DAY), follow_symlinks=False)
    cache_trim.trim(cache, 100, now)
    assert (outside / "precious" / "file").read_bytes() == b"keep me"
    assert not big.exists()


def test_the_cache_is_looked_at_once_a_day(tmp_path: Path) -> None:
    now = time.time()
    os.environ["SHEETGEN_CACHE_MAX_MB"] = "0"
    try:
        first = entry_file(tmp_path / "memo" / memo_name("first"), 100, 2, now)
        assert cache_trim.trim_if_due(tmp_path, now) == [first]
        second = entry_file(tmp_path / "memo" / memo_name("second"), 100, 2, now)
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


@pytest.mark.e2e
def test_a_game_trims_the_cache_it_wrote_to_when_it_ends(tmp_path: Path) -> None:
    """A cache of 2 MB holding an old entry of 1.5 MB: a game without pictures keeps its
    sheets (0.9 MB) in it, and the run ends with the old entry gone and the sheets kept."""
    cache = tmp_path / "cache"
    old = entry_file(cache / "memo" / memo_name("an-old-entry"), 1_500_000, 30, time.time())
    # The host's own file where the sheets are kept (a folder an earlier run marked as the
    # cache's): the oldest there, and never the cache's.
    video = entry_file(cache / "files" / "holiday-video.mp4", 1_000_000, 2000, time.time())
    (cache / "files" / cache_trim.MARKER).write_bytes(cache_trim.MARKER_TEXT)
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
    assert video.stat().st_size == 1_000_000
    assert 500_000 < size_of(cache) - 1_000_000 <= 1_600_000
    assert (cache / cache_trim.STAMP).is_file()
    # The game's own sheets are among what was kept: the next run reuses them.
    assert any((cache / "files").iterdir())


# What the trim must never touch: SHEETGEN_CACHE may name a folder of the user's own.


def test_a_users_own_file_in_a_folder_named_files_is_kept(tmp_path: Path) -> None:
    """SHEETGEN_CACHE=D with the host's holiday video in D/files, dated 2021: the oldest
    and biggest thing there, and not the cache's. The folder is not marked as the cache's
    either: nothing in it is trimmed."""
    now = time.time()
    video = tmp_path / "files" / "holiday-video.mp4"
    video.parent.mkdir()
    with video.open("wb") as out:
        out.truncate(600_000_000)  # sparse: 600 MB to the trim, nothing on the disk
    os.utime(video, (1_612_000_000, 1_612_000_000))  # February 2021
    sheets = sheet_entry(tmp_path / "files" / hexname("sheets"), 300, 40, now)
    memo = entry_file(tmp_path / "memo" / memo_name("old"), 300, 40, now)
    removed = cache_trim.trim(tmp_path, 100, now)
    assert video.stat().st_size == 600_000_000
    assert removed == [memo]  # the memo folder holds only the cache's: marked and trimmed
    assert sheets.exists()
    assert not (tmp_path / "files" / cache_trim.MARKER).exists()
    assert (tmp_path / "memo" / cache_trim.MARKER).read_bytes() == cache_trim.MARKER_TEXT


def test_in_a_marked_folder_only_what_the_cache_names_goes(tmp_path: Path) -> None:
    """A folder the cache marked, where the user later put files: the cache's entries go,
    a file of any other name stays, and so does a link named as an entry (and its target);
    an entry folder holding a foreign file loses only the cache's files."""
    now = time.time()
    old = sheet_entry(tmp_path / "files" / hexname("old"), 300, 30, now)
    assert cache_trim.trim(tmp_path, 10**9, now) == []  # marks the folder
    assert (tmp_path / "files" / cache_trim.MARKER).is_file()
    notes = entry_file(tmp_path / "files" / "notes.txt", 300, 60, now)
    precious = entry_file(tmp_path / "precious.doc", 300, 60, now)
    link = tmp_path / "files" / hexname("link")
    link.symlink_to(precious)
    mixed = sheet_entry(tmp_path / "files" / hexname("mixed"), 300, 50, now)
    foreign = entry_file(mixed / "data" / "my-photo.jpg", 300, 50, now)
    removed = cache_trim.trim(tmp_path, 10, now)
    assert removed == [old]
    assert not old.exists()
    assert notes.read_bytes() == b"x" * 300 and precious.read_bytes() == b"x" * 300
    assert link.is_symlink()
    assert foreign.read_bytes() == b"x" * 300
    assert not (mixed / "index.json").exists() and not (mixed / "data" / "0").exists()


def test_a_linked_memo_folder_leads_nowhere(tmp_path: Path) -> None:
    """memo/ a link to the host's folder, which even holds files named as memo entries:
    the trim does not go there, and the target keeps every file."""
    now = time.time()
    target = tmp_path / "documents"
    named_like_memo = entry_file(target / memo_name("letter"), 500, 90, now)
    own = entry_file(target / "letter.odt", 500, 90, now)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "memo").symlink_to(target, target_is_directory=True)
    snapshots = tmp_path / "snapshots-elsewhere"
    snap = entry_file(snapshots / hexname("g") / snap_name("1"), 500, 90, now)
    (cache / "table-snapshots").symlink_to(snapshots, target_is_directory=True)
    assert cache_trim.trim(cache, 0, now) == []
    assert named_like_memo.exists() and own.exists() and snap.exists()
    assert not (target / cache_trim.MARKER).exists()


def test_the_stamp_is_never_written_through_a_link(tmp_path: Path) -> None:
    now = time.time()
    diary = entry_file(tmp_path / "diary.txt", 10, 400, now)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / cache_trim.STAMP).symlink_to(diary)
    before = diary.stat().st_mtime
    cache_trim.trim_if_due(cache, now)
    assert diary.stat().st_mtime == before
    assert (cache / cache_trim.STAMP).is_file() and not (cache / cache_trim.STAMP).is_symlink()


def test_an_empty_folder_is_not_marked_as_the_caches(tmp_path: Path) -> None:
    """SHEETGEN_CACHE=$HOME with an empty ~/files of the user's: backup tools skip a marked
    folder, so it is marked only once it holds the cache's files (and nothing else)."""
    (tmp_path / "files").mkdir()
    assert cache_trim.trim(tmp_path, 0, time.time()) == []
    assert not (tmp_path / "files" / cache_trim.MARKER).exists()


def test_a_linked_cache_folder_is_never_written_or_read_through(tmp_path: Path) -> None:
    """files/, blobs/ and memo/ replaced by links to the host's folders: what they keep is
    made as if the cache were off, and nothing lands in (or is read from) those folders."""
    from generator.common import memo
    from generator.folder import cache
    from generator.games import OutputFile

    os.environ["SHEETGEN_CACHE"] = str(tmp_path / "cache")  # conftest restores it
    memo.enable()
    documents = tmp_path / "documents"
    documents.mkdir()
    (tmp_path / "cache").mkdir()
    for name in ("files", "blobs", "memo"):
        (tmp_path / "cache" / name).symlink_to(documents, target_is_directory=True)
    calls: list[int] = []

    def build() -> list[OutputFile]:
        calls.append(1)
        return [OutputFile("sheets/a.pdf", b"%PDF")]

    try:
        for _ in range(2):
            assert cache.reuse(("k",), build)[0].data == b"%PDF"
            kept_blobs.keep(("a", "picture"), b"p")
            assert kept_blobs.read_kept(("a", "picture")) is None
            memo.keep("today-outline", ["k"], {"said": 1})
            assert memo.recall("today-outline", ["k"]) is None
    finally:
        memo.enable(False)
    assert calls == [1, 1] and list(documents.iterdir()) == []
