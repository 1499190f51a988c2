"""The host's cache kept to a size: what sheetgen keeps between runs (the sheets, the pictures,
the daily commands' memo, the table snapshots; common/memo.py says where) is all made again
when missing, so the entries used longest ago go first once the cache outgrows its budget,
and what a killed run left half-written is swept.

- The budget is SHEETGEN_CACHE_MAX_MB (default 500 MB); entries are removed, oldest use
  first, until the cache holds at most four fifths of it.
- An entry's last use is its time stamp: writing sets it and every hit sets it again
  (`touch`), so a pack's pictures in use every day are never the ones to go.
- A run that kept something looks at the cache when it ends, at most once a day (the stamp
  file `.trimmed`), so a command does not walk the cache every time it answers.
- A staging folder or temporary file older than an hour is a killed run's: removed.
- Links are removed as links, never followed; trimming never fails a run, and a run that
  reads an entry while another removes it finds it absent and makes it again."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import stat
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BUDGET_MB = 500
KEEP_SHARE = 0.8  # trimmed down to this share of the budget, so it is not trimmed every day
STAMP = ".trimmed"
ONCE_EVERY = 24 * 3600.0  # seconds between two looks at the cache
STALE = 3600.0  # a staging folder or temporary file this old belongs to a killed run
TOUCH_AGAIN = 3600.0  # an entry's time is set again by a hit this long after the last
# Where the entries live under the cache's root: each one a file or a folder of files.
FOLDERS = ("blobs", "files", "memo", "table-snapshots")

_written: set[Path] = set()  # the caches this run kept something in


@dataclass(frozen=True)
class Entry:
    path: Path
    used: float  # the newest time stamp in it
    size: int  # bytes
    folder: bool
    staging: bool  # a temporary file or staging folder: kept only while it may be in use
    # A folder's own temporary files (a table snapshot being written) and their times.
    leftovers: tuple[tuple[Path, float], ...] = ()


def budget_bytes() -> int:
    """SHEETGEN_CACHE_MAX_MB in bytes; the default for a value that is not a whole number."""
    raw = os.environ.get("SHEETGEN_CACHE_MAX_MB", "").strip()
    megabytes = int(raw) if raw.isdigit() else DEFAULT_BUDGET_MB
    return megabytes * 1_000_000


def touch(path: Path) -> None:
    """An entry was used: it goes last. A use within the hour is the same use to the
    trimming, so its time is not written again: a game reads some 200 pictures, and setting
    a file's time is a write to the disk where reading its time is not."""
    with contextlib.suppress(OSError):
        if time.time() - os.lstat(path).st_mtime < TOUCH_AGAIN:
            return
        os.utime(path, follow_symlinks=False)


def kept_something(root: Path) -> None:
    """This run wrote to the cache at `root`: look at its size when the run ends (at most
    once a day)."""
    if not _written:
        atexit.register(_at_exit)
    _written.add(root)


def _at_exit() -> None:
    for root in sorted(_written):
        try:
            trim_if_due(root)
        except Exception:  # after the command has answered: never a traceback
            continue


def trim_if_due(root: Path, now: float | None = None) -> list[Path]:
    """`trim` when the cache was last looked at a day ago or more; what it removed."""
    now = time.time() if now is None else now
    stamp = root / STAMP
    try:
        if now - os.stat(stamp, follow_symlinks=False).st_mtime < ONCE_EVERY:
            return []
    except FileNotFoundError:
        pass
    except OSError:
        return []
    try:
        if stamp.is_symlink():
            stamp.unlink()
        stamp.touch()
        os.utime(stamp, (now, now), follow_symlinks=False)
    except OSError:
        return []  # a cache that cannot be written is not trimmed either
    return trim(root, budget_bytes(), now)


def trim(root: Path, budget: int, now: float | None = None) -> list[Path]:
    """Removes the killed runs' leftovers, then the entries used longest ago until the cache
    holds at most KEEP_SHARE of `budget` bytes; returns what it removed."""
    now = time.time() if now is None else now
    entries = [e for name in FOLDERS for e in _entries(root / name)]
    removed = []
    for entry in entries:
        if entry.staging and now - entry.used > STALE:
            _remove(entry)
            removed.append(entry.path)
        for path, written in entry.leftovers:
            if now - written > STALE:
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
    live = [e for e in entries if not e.staging]
    total = sum(e.size for e in live)
    if total <= budget:
        return removed
    for entry in sorted(live, key=lambda e: (e.used, str(e.path))):
        if total <= budget * KEEP_SHARE:
            break
        _remove(entry)
        removed.append(entry.path)
        total -= entry.size
    return removed


def _entries(folder: Path) -> list[Entry]:
    """The entries of one of the cache's folders: the blobs sit one level down (by the first
    two letters of their name), the others right in it."""
    found: list[Entry] = []
    for item in _scan(folder):
        if folder.name == "blobs" and item.is_dir(follow_symlinks=False):
            found += [e for sub in _scan(Path(item.path)) if (e := _entry(sub)) is not None]
        elif (entry := _entry(item)) is not None:
            found.append(entry)
    return found


def _scan(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as items:
            return list(items)
    except OSError:
        return []


def _entry(item: os.DirEntry[str]) -> Entry | None:
    try:
        info = item.stat(follow_symlinks=False)
    except OSError:
        return None
    staging = _temporary(item.name)
    if not stat.S_ISDIR(info.st_mode):
        return Entry(Path(item.path), info.st_mtime, info.st_size, False, staging)
    used, size, leftovers = info.st_mtime, 0, []
    for folder, dirs, names in os.walk(item.path):  # never into a link: os.walk's default
        for name in [*names, *dirs]:
            path = os.path.join(folder, name)
            try:
                inner = os.stat(path, follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(inner.st_mode) and _temporary(name) and not staging:
                leftovers.append((Path(path), inner.st_mtime))
                continue
            used = max(used, inner.st_mtime)
            if not stat.S_ISDIR(inner.st_mode):
                size += inner.st_size
    return Entry(Path(item.path), used, size, True, staging, tuple(leftovers))


def _temporary(name: str) -> bool:
    """A staging folder of the sheet cache, or a file being written (common/atomic_write)."""
    return name.startswith(".") and (name.startswith(".entry-") or name.endswith(".tmp"))


def _remove(entry: Entry) -> None:
    with contextlib.suppress(OSError):
        if entry.folder and not entry.path.is_symlink():
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            entry.path.unlink()
