"""The table's append-only log (`table.jsonl` in the game folder), one JSON entry a line.

An entry is added by writing the whole new log to a temporary file in the same folder,
flushing it to disk and renaming it over the old one: a crash at any moment leaves either
the old log or the new one, never half a line. A lock on the game folder (fcntl.flock,
which the kernel releases when a run dies, even by kill -9) keeps two runs from recording
at once (the second would otherwise drop the first one's entry).

The log is a regular file in the folder, never a symlink: a link (dangling or not) would
let the table be read from, or written to, somewhere else."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.atomic_write import write_atomic
from generator.errors import SheetgenError, display_path
from generator.safe_read import UnreadableFile, read_regular_file

LOG_FILE = "table.jsonl"
MAX_LOG_BYTES = 5_000_000


def read_log(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """The entries with their line numbers; an unreadable line is an error naming it."""
    path = folder / LOG_FILE
    if not _log_present(path):
        return []
    try:
        # Regular files only, bounded: a FIFO or device in the folder must not hang the table.
        raw = read_regular_file(path, MAX_LOG_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetgenError(f"{display_path(path)}: not UTF-8 text (byte {exc.start})") from None
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SheetgenError(
                f"{display_path(path)}:{number}: not a JSON entry ({exc.msg}, column {exc.colno})"
            ) from None
        except (ValueError, RecursionError):
            # A number too long to read, or nesting too deep: no entry of ours looks so.
            raise SheetgenError(
                f"{display_path(path)}:{number}: not a JSON entry (a number of thousands of "
                "digits or nesting too deep: edited by hand?)"
            ) from None
        if not isinstance(entry, dict):
            raise SheetgenError(f"{display_path(path)}:{number}: expected a JSON object")
        entries.append((number, entry))
    return entries


def _log_present(path: Path) -> bool:
    """False when there is no log yet; an error when the name holds anything but a regular
    file (a symlink, even one to nothing, is not an empty log)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SheetgenError(f"{display_path(path)}: cannot read ({exc.strerror})") from None
    if stat.S_ISLNK(mode):
        target = os.readlink(path)
        raise SheetgenError(
            f"{display_path(path)}: is a symbolic link (to {target}), not the table's log; "
            "put the log itself in the game folder"
        )
    if not stat.S_ISREG(mode):
        raise SheetgenError(f"{display_path(path)}: not a regular file (a FIFO or device?)")
    return True


def entry_line(entry: dict[str, Any]) -> str:
    return json.dumps(entry, ensure_ascii=False, sort_keys=True)


def append_entry(folder: Path, entry: dict[str, Any], expected: int) -> None:
    """Add one entry; `expected` is the number of entries the caller replayed, so a log that
    changed meanwhile (or turned into a link) is refused, never replaced."""
    path = folder / LOG_FILE
    present = _log_present(path)
    if len(read_log(folder)) != expected:
        raise SheetgenError(f"{display_path(path)} changed while this command ran; run it again")
    try:
        old = read_regular_file(path, MAX_LOG_BYTES) if present else b""
        if old and not old.endswith(b"\n"):
            old += b"\n"
        write_atomic(path, old + (entry_line(entry) + "\n").encode("utf-8"))
    except OSError as exc:
        # A full disk or a read-only folder: nothing was recorded, the log is as it was.
        raise SheetgenError(
            f"cannot record in {display_path(path)}: {exc.strerror or exc}; nothing was recorded"
        ) from exc
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}; nothing was recorded") from None


@contextlib.contextmanager
def locked(folder: Path, message: str) -> Iterator[None]:
    """Hold the table's lock; `message` (in the table's language) if another run does.

    fcntl.flock on the game folder itself (as `sheetgen game` locks its parent): the
    kernel drops the lock with the process, however it ends, so a run killed mid-entry
    never blocks the next one, and no lock file is left to outlive it. A `table.lock` file
    left by an older version is not a lock any more."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise SheetgenError(f"{display_path(folder)}: cannot open ({exc.strerror})") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SheetgenError(message) from None
        yield
    finally:
        os.close(fd)  # closing releases the lock
