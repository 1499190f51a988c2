"""The log of corrections to published posts, `corrections.jsonl` in a game folder: one
JSON line per correction, appended whole (host/corrections.py writes it; the posting guide,
`today`, the console and the catch-up page read it)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file

CORRECTIONS_FILE = "corrections.jsonl"
CORRECTIONS_DIR = "corrections"
MAX_LOG_BYTES = 5_000_000
# A correction's number is its line in the log; so many is far beyond a month's mistakes.
MAX_CORRECTIONS = 99


@dataclass(frozen=True)
class Correction:
    number: int  # 1, 2, ... in the order they were made
    key: str  # the corrected post's file stem
    title: str  # the corrected post's title
    turn: int
    text: str  # the host's words, as typed
    at: dt.datetime  # when it was made

    @property
    def stem(self) -> str:
        return f"{CORRECTIONS_DIR}/correction-{self.number:02d}"


def read_corrections(root: Path) -> list[Correction]:
    """The log's corrections in order. A line cut short by a killed run, or anything not
    ours, is passed by."""
    path = root / CORRECTIONS_FILE
    if not path.exists() and not path.is_symlink():
        return []
    try:
        data = read_regular_file(path, MAX_LOG_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    found: list[Correction] = []
    for raw in data.split(b"\n"):
        try:
            line = json.loads(raw)
            at = dt.datetime.fromisoformat(line["at"])
            fields = (line["key"], line["title"], line["text"])
            turn = line["turn"]
        except (ValueError, KeyError, TypeError, RecursionError):
            continue
        if not all(isinstance(f, str) for f in fields) or not isinstance(turn, int):
            continue
        if at.tzinfo is None or len(found) >= MAX_CORRECTIONS:
            continue
        found.append(Correction(len(found) + 1, fields[0], fields[1], turn, fields[2], at))
    return found
