"""Battlestar's table log, `table-log.jsonl` in the game folder: the one table log of
generator/folder/table_log.py (writing, entry numbers, the lock) with this game's name, size and
entry shape. The setup is entry 0 (line 1), every table command after it entry n (line
n + 1); each entry names its command (`cmd`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.common.errors import SheetgenError, display_path
from generator.folder.table_log import LogText, TableLog
from generator.folder.table_log import locked as folder_locked

LOG_FILE = "table-log.jsonl"
MAX_LOG_BYTES = 20_000_000


def _shape(entry: dict[str, Any]) -> str | None:
    if not isinstance(entry.get("cmd"), str):
        return "not a log entry (no command: edited by hand?)"
    return None


def table_log(folder: Path) -> TableLog:
    return TableLog(
        folder, LOG_FILE, MAX_LOG_BYTES, first=0, check=_shape, bad_line="not a log entry"
    )


def log_path(folder: Path) -> Path:
    return folder / LOG_FILE


def read_log(folder: Path) -> LogText:
    return table_log(folder).read()


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One command at a time per game folder (the folder is made first: setup may be the
    command that creates it)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SheetgenError(f"cannot create {display_path(folder)}: {exc.strerror}") from exc
    busy = f"another sheetgen bsg command is running on {display_path(folder)}; try again"
    with folder_locked(folder, busy):
        yield
