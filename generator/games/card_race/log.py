"""Galactic Card Race's table log, `table.jsonl` in the game folder: the one table log of
generator/folder/table_log.py (writing, entry numbers, the lock) with this game's name and size.

Entries number from 1 (`n`); a table recorded before entry numbers existed has entries
without one, accepted until the first numbered entry. An entry's fields are checked as it
is replayed (table.apply_entry), against the deal."""

from __future__ import annotations

from pathlib import Path

from generator.folder.table_log import Describe, LogText, TableLog, locked

__all__ = ["LOG_FILE", "MAX_LOG_BYTES", "LogText", "locked", "read_log", "table_log"]

LOG_FILE = "table.jsonl"
MAX_LOG_BYTES = 5_000_000


def table_log(folder: Path, describe: Describe | None = None) -> TableLog:
    """`describe` says an entry's problem in the table's language."""
    # MAX_LOG_BYTES is read here, at each call, so a test can lower it.
    return TableLog(
        folder, LOG_FILE, MAX_LOG_BYTES, first=1, unnumbered_before=True, describe=describe
    )


def read_log(folder: Path, describe: Describe | None = None) -> LogText:
    return table_log(folder, describe).read()
