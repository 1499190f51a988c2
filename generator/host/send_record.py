"""What `sheetgen send` has sent: its lines in `posted.jsonl` (host/send.py writes them), read
also by `today` and the console so that a post sent by webhook is never pasted again."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from generator.common import json_text
from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.posted import MAX_POSTED_BYTES, POSTED_FILE

PLATFORM = "discord"
SENDING, SENT, NOT_SENT = "sending", "sent", "not-sent"


@dataclass(frozen=True)
class SendRecord:
    """What earlier runs sent: the last state of each message, and its id."""

    states: dict[str, str]
    ids: dict[str, str]
    began: dict[str, str]  # when each message was last set out ("2026-12-01T08:00+00:00")
    what: dict[str, str]

    def unsettled(self) -> list[str]:
        return [ident for ident, state in self.states.items() if state == SENDING]


def read_send_lines(root: Path) -> list[dict[str, object]]:
    """The record's lines of `send` (a line cut short by a killed run is passed by)."""
    path = root / POSTED_FILE
    if not path.exists() and not path.is_symlink():
        return []
    try:
        data = read_regular_file(path, MAX_POSTED_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    lines = []
    for raw in data.split(b"\n"):
        try:
            line = json_text.loads(raw)
        except (ValueError, RecursionError):
            continue
        if isinstance(line, dict) and line.get("send") == PLATFORM:
            lines.append(line)
    return lines


def read_send_record(root: Path) -> SendRecord:
    states: dict[str, str] = {}
    ids: dict[str, str] = {}
    began: dict[str, str] = {}
    what: dict[str, str] = {}
    for line in read_send_lines(root):
        ident, state = line.get("message"), line.get("state")
        if not isinstance(ident, str) or state not in (SENDING, SENT, NOT_SENT):
            continue
        states[ident] = state
        if state == SENDING:
            began[ident] = str(line.get("at", ""))
            what[ident] = str(line.get("what", ident))
        if state == SENT and isinstance(line.get("id"), str):
            ids[ident] = str(line["id"])
    return SendRecord(states, ids, began, what)


def record_line(root: Path, fields: dict[str, object]) -> None:
    """One line of the record, written through to the disk before the run goes on: the line
    saying a message is being sent must outlive the machine if the send does."""
    data = json.dumps({"send": PLATFORM, **fields}, sort_keys=True, ensure_ascii=False)
    path = root / POSTED_FILE
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o666)
        try:
            size = os.fstat(fd).st_size
            prefix = b"\n" if size and os.pread(fd, 1, size - 1) != b"\n" else b""
            os.write(fd, prefix + data.encode() + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise SheetgenError(
            f"cannot record in {display_path(path)}: {exc.strerror or exc}; nothing more was sent"
        ) from None
