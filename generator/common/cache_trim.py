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

What it may remove, and nothing else: SHEETGEN_CACHE may name a folder that holds the
user's own files too (even a `files/` of theirs), and a folder of the cache may have been
replaced by a link to somewhere precious.
- Only regular files named as the cache names what it writes (a sheet entry's `index.json`
  and `data/0`, a blob's 38 hex digits, a memo's `kind.` and 40, a snapshot's 64 and
  `.snap`, their temporary files) and the folders these leave empty. A file of any other
  name, a link, a pipe is never removed, whatever its age.
- Only in a folder of the cache (`files`, `memo`, `blobs`, `table-snapshots`) that is
  marked as the cache's with a CACHEDIR.TAG (which backup tools also honour). A folder
  without one is marked by the trim when it holds the cache's files and nothing else (a
  cache of an earlier version, or a folder just made); one holding anything else is the
  user's: never trimmed, nor marked.
- Never through a link: every folder below the cache's root is opened relative to its
  parent with O_NOFOLLOW, and files are removed relative to the folder opened, so a folder
  swapped for a link while the trim runs leads nowhere.
- Trimming never fails a run, and a run that reads an entry while another removes it finds
  it absent and makes it again."""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BUDGET_MB = 500
KEEP_SHARE = 0.8  # trimmed down to this share of the budget, so it is not trimmed every day
STAMP = ".trimmed"
ONCE_EVERY = 24 * 3600.0  # seconds between two looks at the cache
STALE = 3600.0  # a staging folder or temporary file this old belongs to a killed run
TOUCH_AGAIN = 3600.0  # an entry's time is set again by a hit this long after the last
# Where the entries live under the cache's root: each one a file or a folder of files.
# Nothing writes `table-snapshots` any more (table games replay their log); it stays here so
# a cache an earlier version filled sheds its snapshots as they age.
FOLDERS = ("blobs", "files", "memo", "table-snapshots")
MARKER = "CACHEDIR.TAG"
# https://bford.info/cachedir/: the signature line first; the rest says whose it is.
MARKER_TEXT = (
    b"Signature: 8a477f597d28d172789f06886806bc55\n"
    b"# This folder holds files sheetgen keeps between runs and makes again when missing.\n"
    b"# For information about cache directory tags see https://bford.info/cachedir/\n"
)

# The names the cache gives what it writes (common/memo.py, folder/cache.py, kept_blobs.py,
# kept_bundle.py, table_snapshot.py). A temporary file (common/atomic_write.py) is
# `.NAME.XXXXXXXX.tmp`, a sheet entry's staging folder `.entry-XXXXXXXX` (tempfile's).
_RANDOM = r"[a-z0-9_]{8}"
_HEX40 = r"[0-9a-f]{40}"
_MEMO = rf"[a-z][a-z0-9-]{{0,39}}\.{_HEX40}"
_BLOB = r"[0-9a-f]{38}"
_SNAP = r"[0-9a-f]{64}\.snap"
_STAGING = re.compile(rf"\.entry-{_RANDOM}")


def _named(pattern: str) -> re.Pattern[str]:
    """A name the cache writes, or its temporary file's."""
    return re.compile(rf"(?P<temp>\.)?{pattern}(?(temp)\.{_RANDOM}\.tmp)")


_MEMO_FILE = _named(_MEMO)
_BLOB_FILE = _named(_BLOB)
_SNAP_FILE = _named(_SNAP)
_BLOB_FOLDER = re.compile(r"[0-9a-f]{2}")
_ENTRY_FOLDER = re.compile(_HEX40)  # a sheet entry's, or a game's snapshots
_DIGITS = re.compile(r"[0-9]{1,6}")

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


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW


@contextlib.contextmanager
def _opened(name: str | Path, at: int | None = None) -> Iterator[int]:
    """A folder opened for reading: below the root (`at` given) never through a link."""
    flags = _DIRECTORY if at is not None else os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    fd = os.open(name, flags, dir_fd=at)
    try:
        yield fd
    finally:
        os.close(fd)


def trim_if_due(root: Path, now: float | None = None) -> list[Path]:
    """`trim` when the cache was last looked at a day ago or more; what it removed."""
    now = time.time() if now is None else now
    try:
        with _opened(root) as root_fd:
            try:
                last = os.stat(STAMP, dir_fd=root_fd, follow_symlinks=False)
                if stat.S_ISREG(last.st_mode) and now - last.st_mtime < ONCE_EVERY:
                    return []
            except FileNotFoundError:
                pass
            _stamp(root_fd, now)
    except OSError:
        return []  # a cache that cannot be written is not trimmed either
    return trim(root, budget_bytes(), now)


def _stamp(root_fd: int, now: float) -> None:
    """Set the stamp's time, never through a link in its place."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | _NOFOLLOW
    try:
        fd = os.open(STAMP, flags, 0o644, dir_fd=root_fd)
    except OSError:
        # A link or something else stands in its place: removed (a link as a link).
        os.unlink(STAMP, dir_fd=root_fd)
        fd = os.open(STAMP, flags | os.O_EXCL, 0o644, dir_fd=root_fd)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("the stamp is not a file")
        os.utime(fd, (now, now))
    finally:
        os.close(fd)


def trim(root: Path, budget: int, now: float | None = None) -> list[Path]:
    """Removes the killed runs' leftovers, then the entries used longest ago until the cache
    holds at most KEEP_SHARE of `budget` bytes; returns what it removed."""
    now = time.time() if now is None else now
    try:
        with _opened(root) as root_fd:
            return _trim(root, root_fd, budget, now)
    except OSError:
        return []


def _trim(root: Path, root_fd: int, budget: int, now: float) -> list[Path]:
    entries = [e for name in FOLDERS for e in _entries(root, root_fd, name)]
    removed = []
    for entry in entries:
        if entry.staging and now - entry.used > STALE and _remove(root, root_fd, entry):
            removed.append(entry.path)
        for path, written in entry.leftovers:
            if now - written > STALE and _remove_file(root, root_fd, path):
                removed.append(path)
    live = [e for e in entries if not e.staging]
    total = sum(e.size for e in live)
    if total <= budget:
        return removed
    for entry in sorted(live, key=lambda e: (e.used, str(e.path))):
        if total <= budget * KEEP_SHARE:
            break
        if _remove(root, root_fd, entry):
            removed.append(entry.path)
        total -= entry.size  # what could not go is not tried again
    return removed


def _scan(fd: int) -> list[os.DirEntry[int]]:
    try:
        with os.scandir(fd) as items:
            return list(items)
    except OSError:
        return []


def _lstat(item: os.DirEntry[int]) -> os.stat_result | None:
    try:
        return item.stat(follow_symlinks=False)
    except OSError:
        return None


def _ours(folder_fd: int) -> bool:
    """The folder belongs to this user (a cache on a shared disk may hold another's)."""
    return not hasattr(os, "geteuid") or os.fstat(folder_fd).st_uid == os.geteuid()


def _marked(name: str, folder_fd: int) -> bool:
    """The folder is the cache's: it bears the trim's marker, or is given it now when
    everything in it is named as the cache names its files."""
    try:
        fd = os.open(MARKER, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW, dir_fd=folder_fd)
    except FileNotFoundError:
        fd = None
    except OSError:
        return False  # a link or a pipe in the marker's place: not the cache's doing
    if fd is not None:
        try:
            opened = os.fstat(fd)
            return stat.S_ISREG(opened.st_mode) and os.read(fd, 4096) == MARKER_TEXT
        finally:
            os.close(fd)
    items = _scan(folder_fd)
    if not items:
        return False  # an empty folder is not yet the cache's (it may be the user's)
    for item in items:
        if not _cache_name(name, item.name):
            return False
        if name == "blobs" and item.is_dir(follow_symlinks=False):
            with contextlib.suppress(OSError), _opened(item.name, folder_fd) as sub_fd:
                if any(not _BLOB_FILE.fullmatch(i.name) for i in _scan(sub_fd)):
                    return False
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
    try:
        fd = os.open(MARKER, flags, 0o644, dir_fd=folder_fd)
        try:
            os.write(fd, MARKER_TEXT)
        finally:
            os.close(fd)
    except OSError:
        return False
    return True


def _cache_name(folder: str, name: str) -> bool:
    """`name` right in the cache's `folder` is one the cache gives what it writes there."""
    if folder == "memo":
        return _MEMO_FILE.fullmatch(name) is not None
    if folder == "blobs":
        return _BLOB_FOLDER.fullmatch(name) is not None
    if folder == "files":
        return _ENTRY_FOLDER.fullmatch(name) is not None or _STAGING.fullmatch(name) is not None
    return _ENTRY_FOLDER.fullmatch(name) is not None  # table-snapshots


def _entries(root: Path, root_fd: int, name: str) -> list[Entry]:
    """The entries of one of the cache's folders: the blobs sit one level down (by the first
    two letters of their name), the others right in it."""
    try:
        with _opened(name, root_fd) as folder_fd:
            if not _ours(folder_fd) or not _marked(name, folder_fd):
                return []
            found: list[Entry] = []
            for item in _scan(folder_fd):
                if not _cache_name(name, item.name):
                    continue
                path = root / name / item.name
                if name != "blobs":
                    if (entry := _entry(path, item, folder_fd, name)) is not None:
                        found.append(entry)
                    continue
                with contextlib.suppress(OSError), _opened(item.name, folder_fd) as sub_fd:
                    for blob in _scan(sub_fd):
                        if _BLOB_FILE.fullmatch(blob.name):
                            entry = _entry(path / blob.name, blob, sub_fd, name)
                            if entry is not None:
                                found.append(entry)
            return found
    except OSError:
        return []  # missing, a link, not a folder: nothing of the cache's to trim there


def _entry(path: Path, item: os.DirEntry[int], parent_fd: int, folder: str) -> Entry | None:
    info = _lstat(item)
    if info is None:
        return None
    staging = item.name.startswith(".")
    if stat.S_ISREG(info.st_mode):
        if folder in ("memo", "blobs"):
            return Entry(path, info.st_mtime, info.st_size, False, staging)
        return None
    if not stat.S_ISDIR(info.st_mode) or folder not in ("files", "table-snapshots"):
        return None
    used, size = info.st_mtime, 0
    leftovers: list[tuple[Path, float]] = []
    try:
        with _opened(item.name, parent_fd) as fd:
            for name, inner in _own_files(fd, folder):
                if name[-1].startswith(".") and not staging:
                    leftovers.append((path.joinpath(*name), inner.st_mtime))
                    continue
                used, size = max(used, inner.st_mtime), size + inner.st_size
    except OSError:
        return None
    return Entry(path, used, size, True, staging, tuple(leftovers))


def _own_files(fd: int, folder: str) -> Iterator[tuple[tuple[str, ...], os.stat_result]]:
    """The regular files in an entry folder of the cache's `folder` named as the cache names
    them (relative names), each with its lstat; a sheet entry's `data/` too."""
    for item in _scan(fd):
        info = _lstat(item)
        if info is None:
            continue
        if folder == "table-snapshots":
            if stat.S_ISREG(info.st_mode) and _SNAP_FILE.fullmatch(item.name):
                yield (item.name,), info
        elif item.name == "index.json" and stat.S_ISREG(info.st_mode):
            yield (item.name,), info
        elif item.name == "data" and stat.S_ISDIR(info.st_mode):
            with contextlib.suppress(OSError), _opened("data", fd) as data_fd:
                for data in _scan(data_fd):
                    inner = _lstat(data)
                    if inner and stat.S_ISREG(inner.st_mode) and _DIGITS.fullmatch(data.name):
                        yield ("data", data.name), inner


@contextlib.contextmanager
def _parent(root: Path, root_fd: int, path: Path) -> Iterator[int]:
    """The folder holding `path` (under `root`), opened link by link, never through one."""
    parts = path.relative_to(root).parts[:-1]
    with contextlib.ExitStack() as stack:
        fd = root_fd
        for part in parts:
            fd = stack.enter_context(_opened(part, fd))
        yield fd


def _remove_file(root: Path, root_fd: int, path: Path) -> bool:
    """Remove the regular file `path`; a link or anything else in its place stays."""
    try:
        with _parent(root, root_fd, path) as fd:
            if not stat.S_ISREG(os.stat(path.name, dir_fd=fd, follow_symlinks=False).st_mode):
                return False
            os.unlink(path.name, dir_fd=fd)
            return True
    except OSError:
        return False


def _remove(root: Path, root_fd: int, entry: Entry) -> bool:
    """Remove an entry: its own files, then its folders once empty (a folder still holding
    anything else stays, with that)."""
    if not entry.folder:
        return _remove_file(root, root_fd, entry.path)
    folder = entry.path.relative_to(root).parts[0]
    try:
        with _parent(root, root_fd, entry.path) as parent_fd:
            with _opened(entry.path.name, parent_fd) as fd:
                for name, _ in list(_own_files(fd, folder)):
                    with contextlib.suppress(OSError):
                        if len(name) == 1:
                            os.unlink(name[0], dir_fd=fd)
                        else:
                            with _opened(name[0], fd) as inner_fd:
                                os.unlink(name[1], dir_fd=inner_fd)
                with contextlib.suppress(OSError):
                    os.rmdir("data", dir_fd=fd)
            os.rmdir(entry.path.name, dir_fd=parent_fd)
            return True
    except OSError:
        return False
