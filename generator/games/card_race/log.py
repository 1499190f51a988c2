"""The table's append-only log (`table.jsonl` in the game folder), one JSON entry a line.

An entry is added by writing the whole new log to a temporary file in the same folder,
flushing it to disk and renaming it over the old one: a crash at any moment leaves either
the old log or the new one, never half a line. A lock file keeps two runs from recording
at once (the second would otherwise drop the first one's entry)."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.atomic_write import write_atomic
from generator.errors import SheetgenError, display_path
from generator.safe_read import UnreadableFile, read_regular_file

LOG_FILE = "table.jsonl"
LOCK_FILE = "table.lock"
MAX_LOG_BYTES = 5_000_000


def read_log(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """The entries with their line numbers; an unreadable line is an error naming it."""
    path = folder / LOG_FILE
    if not path.exists():
        return []
    if path.is_symlink():
        raise SheetgenError(f"{display_path(path)}: not a regular file")
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
        except ValueError as exc:
            raise SheetgenError(
                f"{display_path(path)}:{number}: not a JSON entry ({exc})"
            ) from None
        if not isinstance(entry, dict):
            raise SheetgenError(f"{display_path(path)}:{number}: expected a JSON object")
        entries.append((number, entry))
    return entries


def entry_line(entry: dict[str, Any]) -> str:
    return json.dumps(entry, ensure_ascii=False, sort_keys=True)


def append_entry(folder: Path, entry: dict[str, Any]) -> None:
    path = folder / LOG_FILE
    try:
        old = path.read_bytes() if path.is_file() else b""
        if old and not old.endswith(b"\n"):
            old += b"\n"
        write_atomic(path, old + (entry_line(entry) + "\n").encode("utf-8"))
    except OSError as exc:
        # A full disk or a read-only folder: nothing was recorded, the log is as it was.
        raise SheetgenError(
            f"cannot record in {display_path(path)}: {exc.strerror or exc}; nothing was recorded"
        ) from exc


@contextlib.contextmanager
def locked(folder: Path, message: str) -> Iterator[None]:
    """Hold the table's lock file; `message` (in the table's language) if someone else does."""
    lock = folder / LOCK_FILE
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        raise SheetgenError(message) from None
    try:
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        yield
    finally:
        with contextlib.suppress(OSError):
            lock.unlink()
