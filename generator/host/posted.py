"""What the host has posted: `sheetgen posted` marks slots (by turn; the evening before day 1
is turn 0) in `posted.jsonl` of the game folder, one line a command, appended; never in
plan.json beside the seed. `today` reads it: a slot due and not marked is a missed slot and
comes back first, until it is marked. A folder with no record is not tracked: `today` then
knows only the clock.

The record starts with the host's first mark: the slots before the first turn it marks,
already due then, were posted before the host began to record (a host who starts with
`posted 1` on day 1 has posted the evening before's print pack; it is never asked for again
as missed)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from generator.common import json_text
from generator.common.append import append_line
from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file

POSTED_FILE = "posted.jsonl"
MAX_POSTED_BYTES = 10_000_000


@dataclass(frozen=True)
class Posted:
    turns: frozenset[int]
    tracked: bool  # the host has marked something: unmarked due slots are missed
    # Corrections marked posted, by number (host/corrections.py).
    corrections: frozenset[int] = frozenset()
    # The record's start: the lowest turn the first mark named, and when it was made.
    began: tuple[int, dt.datetime] | None = None
    # Turns the host unmarked (`--undo`) and has not marked again: never taken as posted.
    unmarked: frozenset[int] = frozenset()

    def before_the_record(self, turn: int, at: dt.datetime | None) -> bool:
        """A slot posted before the host began to record: before the first mark's lowest
        turn and already due when that mark was made (unless the host unmarked it)."""
        if self.began is None or at is None or turn in self.unmarked:
            return False
        first, when = self.began
        return turn < first and at <= when

    def counts_as_posted(self, turn: int, at: dt.datetime | None) -> bool:
        return turn in self.turns or self.before_the_record(turn, at)


def read_posted(root: Path) -> Posted:
    """The turns marked posted (an `undo` line unmarks). A line cut short by a killed run, or
    anything not ours, is passed by."""
    path = root / POSTED_FILE
    if not path.exists() and not path.is_symlink():
        return Posted(frozenset(), False)
    try:
        data = read_regular_file(path, MAX_POSTED_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    turns: set[int] = set()
    corrections: set[int] = set()
    began: tuple[int, dt.datetime] | None = None
    unmarked: set[int] = set()
    # `sheetgen send`'s lines about single messages (host/send.py) are no mark: a folder
    # holding only those has not begun its record.
    sends_only = True
    for raw in data.split(b"\n"):
        try:
            line = json_text.loads(raw)
        except (ValueError, RecursionError):
            continue
        if isinstance(line, dict) and "send" in line and "turns" not in line:
            continue
        sends_only = False
        if not isinstance(line, dict) or not isinstance(line.get("turns"), list):
            continue
        for field, into in (("turns", turns), ("corrections", corrections)):
            values = line.get(field)
            if not isinstance(values, list):
                continue
            marked = {t for t in values if isinstance(t, int) and not isinstance(t, bool)}
            undo = line.get("undo") is True
            if undo:
                into -= marked
            else:
                into |= marked
            if field == "turns":
                unmarked = (unmarked | marked) if undo else (unmarked - marked)
                if marked and began is None and not undo:
                    began = _start_of_record(min(marked), line.get("at"))
    tracked = not sends_only or not data.strip()
    return Posted(frozenset(turns), tracked, frozenset(corrections), began, frozenset(unmarked))


def _start_of_record(turn: int, at: object) -> tuple[int, dt.datetime] | None:
    try:
        moment = dt.datetime.fromisoformat(str(at))
    except ValueError:
        return None
    return (turn, moment) if moment.tzinfo is not None else None


def mark_posted(
    root: Path,
    turns: list[int],
    at: dt.datetime,
    undo: bool = False,
    corrections: list[int] | None = None,
) -> None:
    """Append one line: these turns (and corrections) are posted (or, `undo`, not posted
    after all)."""
    line: dict[str, object] = {"turns": sorted(set(turns)), "at": at.isoformat(timespec="minutes")}
    if corrections:
        line["corrections"] = sorted(set(corrections))
    if undo:
        line["undo"] = True
    try:
        append_line(root / POSTED_FILE, json.dumps(line, sort_keys=True).encode() + b"\n")
    except OSError as exc:
        raise SheetgenError(
            f"cannot record in {display_path(root / POSTED_FILE)}: {exc.strerror or exc}"
        ) from None
