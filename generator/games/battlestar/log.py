"""The table's append-only log: one JSON object a line, the setup first.

A new entry is written by copying the log with the line added to a temporary file in the
same folder, syncing it and renaming it over the log: a crash at any point leaves either
the old log or the new one, never half a line. A lock file keeps two commands from
writing at once: a kernel lock (flock), so a command that is killed leaves no stale lock.
Line k of the log holds entry number k - 1; a log whose numbers do not run so is refused."""

from __future__ import annotations

import contextlib
import fcntl
import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.atomic_write import write_atomic as replace_file
from generator.errors import SheetgenError, display_path
from generator.safe_read import UnreadableFile, read_regular_file

LOG_FILE = "table-log.jsonl"
LOCK_FILE = ".table.lock"
MAX_LOG_BYTES = 20_000_000


def log_path(folder: Path) -> Path:
    return folder / LOG_FILE


def _regular_or_missing(path: Path) -> bool:
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(mode):
        raise SheetgenError(f"{display_path(path)} is not a regular file (a link or a device?)")
    return True


def read_log(folder: Path) -> list[dict[str, Any]]:
    path = log_path(folder)
    if not _regular_or_missing(path):
        return []
    try:
        # Bounded and regular files only, even if the file changed since the check above.
        raw = read_regular_file(path, MAX_LOG_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    entries = []
    for number, line in enumerate(raw.decode("utf-8", errors="replace").splitlines(), 1):
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict) or not isinstance(entry.get("cmd"), str):
            raise SheetgenError(f"{display_path(path)}:{number}: not a log entry (edited by hand?)")
        # Line k holds entry k - 1: a deleted or repeated line shows here, before anything
        # replays it or a new entry reuses a number whose post was already sent.
        n = entry.get("n")
        if type(n) is not int or n != number - 1:
            raise SheetgenError(
                f"{display_path(path)}:{number}: entry number {n!r} where {number - 1} belongs "
                "(a line deleted, repeated or moved?); restore the log"
            )
        entries.append(entry)
    return entries


def encode(entry: dict[str, Any]) -> bytes:
    return (json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file by temp file and rename: readers see the old or the new file, whole."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SheetgenError(f"cannot create {display_path(path.parent)}: {exc.strerror}") from exc
    if path.is_symlink():
        raise SheetgenError(
            f"{display_path(path)} is a symbolic link; refusing to write through it"
        )
    try:
        replace_file(path, data)
    except OSError as exc:
        # A full disk or a read-only folder: the user's machine, not a bug.
        raise SheetgenError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc


def append_entry(folder: Path, entry: dict[str, Any], expected: int) -> None:
    """Add one entry; `expected` is the number of entries the caller replayed, so a log that
    changed meanwhile is refused rather than overwritten."""
    path = log_path(folder)
    old = path.read_bytes() if _regular_or_missing(path) else b""
    if old.count(b"\n") != expected:
        raise SheetgenError(f"{display_path(path)} changed while this command ran; run it again")
    write_atomic(path, old + encode(entry))


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One command at a time per game folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SheetgenError(f"cannot create {display_path(folder)}: {exc.strerror}") from exc
    lock = folder / LOCK_FILE
    if lock.is_symlink():
        raise SheetgenError(f"{display_path(lock)} is a symbolic link")
    with open(lock, "a+b") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SheetgenError(
                f"another sheetgen bsg command is running on {display_path(folder)}; try again"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
