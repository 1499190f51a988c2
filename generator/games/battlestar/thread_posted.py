"""What the moderator has posted of a Battlestar thread (a log begun under rules 3 or later):
`sheetgen bsg posted GAME_FILE [POST]` marks the posts that are ready as posted, and the
private messages written so far as sent, in `thread-posted.jsonl` of the game folder (one
line a mark, appended). `today` shows every post ready since the last one marked, in order,
each after the private messages of its entries; a moderator who batches a turn's posts finds
them all there. A private message goes out at once (a player may need the cards to play on),
so the messages of the post still being written are shown too.

The thread's posts in order are the setup's, then the phase posts (table/phases.py). A mark
names a post, every post before it counting as posted too, and the latest entry whose
messages are sent."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.common import json_text
from generator.common.append import append_line
from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.game import Table, Written, phase_written, setup_written

POSTED_FILE = "thread-posted.jsonl"
MAX_POSTED_BYTES = 10_000_000


@dataclass(frozen=True)
class ThreadPost:
    """One post of the thread with the private messages its entries sent."""

    written: Written  # the post
    ready: bool  # nothing joins it any more: it can be posted
    sends: tuple[tuple[int, PrivateMessage], ...] = ()  # its entries' messages, by entry

    @property
    def key(self) -> str:
        return self.written.post.key


def thread_posts(table: Table) -> list[ThreadPost]:
    """The setup's post, then each phase post, with its entries' private messages."""
    assert table.phases is not None
    setup = setup_written(table)
    posts = [ThreadPost(setup, True, tuple((0, m) for m in setup.messages))]
    sent = {int(e["n"]): w.messages for e, w in zip(table.entries[1:], table.written, strict=True)}
    for phase, written in zip(table.phases.posts, phase_written(table), strict=True):
        sends = tuple((n, m) for n in phase.entries for m in sent.get(n, []))
        posts.append(ThreadPost(written, phase.closed, sends))
    return posts


@dataclass(frozen=True)
class Marks:
    posted: tuple[str, ...]  # the posts named, in the order marked
    sent: int  # the latest entry whose private messages are sent (-1: none)


def read_marks(folder: Path) -> Marks:
    """The marks so far (a line cut short by a killed run is passed by)."""
    path = folder / POSTED_FILE
    if not path.exists() and not path.is_symlink():
        return Marks((), -1)
    try:
        data = read_regular_file(path, MAX_POSTED_BYTES, within=folder)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    posted: list[str] = []
    sent = -1
    for raw in data.split(b"\n"):
        try:
            line = json_text.loads(raw)
        except (ValueError, RecursionError):
            continue
        if not isinstance(line, dict):
            continue
        if isinstance(line.get("posted"), str):
            posted.append(line["posted"])
        if isinstance(line.get("sent"), int) and not isinstance(line["sent"], bool):
            sent = max(sent, line["sent"])
    return Marks(tuple(posted), sent)


def unposted(table: Table) -> tuple[list[ThreadPost], ThreadPost | None]:
    """The posts ready and not marked posted, in order; and the post still being written
    (its phase goes on), if it is not marked."""
    posts = thread_posts(table)
    keys = [p.key for p in posts]
    marked = [keys.index(k) for k in read_marks(table.folder).posted if k in keys]
    start = max(marked) + 1 if marked else 0
    due = [p for p in posts[start:] if p.ready]
    growing = posts[-1] if len(posts) > start and not posts[-1].ready else None
    return due, growing


def mark_posted(table: Table, through: str | None) -> list[str]:
    """Mark the ready posts as posted, and every private message written so far as sent;
    with `through` (a post's key or file stem), the posts up to it and its entries'
    messages. The keys newly marked."""
    due, growing = unposted(table)
    sent = int(table.entries[-1]["n"]) if table.entries else 0
    if through is not None:
        key = through.removesuffix("/").split(".", 1)[0]
        key = key if key.startswith("public/") else f"public/{key}"
        keys = [p.key for p in due]
        if key not in keys:
            raise SheetgenError(_not_waiting(table, key, keys, growing))
        due = due[: keys.index(key) + 1]
        sent = max((n for n, _ in due[-1].sends), default=_last_entry(table, due[-1]))
    mark: dict[str, object] = {"sent": sent}
    if due:
        mark["posted"] = due[-1].key
    path = table.folder / POSTED_FILE
    if path.is_symlink():
        raise SheetgenError(f"{display_path(path)} is a symbolic link; refusing to write")
    line = json.dumps(mark, ensure_ascii=False, sort_keys=True) + "\n"
    try:
        append_line(path, line.encode("utf-8"))
    except OSError as exc:
        raise SheetgenError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
    return [p.key for p in due]


def _last_entry(table: Table, post: ThreadPost) -> int:
    assert table.phases is not None
    found = [p.last for p in table.phases.posts if p.key == post.key]
    return found[0] if found else 0


def _not_waiting(table: Table, key: str, keys: list[str], growing: ThreadPost | None) -> str:
    if growing is not None and growing.key == key:
        return (
            f"{key} is not ready: its phase goes on (the next entries of the phase still "
            "join it); post it once the table moves on"
        )
    if key in (p.key for p in thread_posts(table)):
        return f"{key} is marked posted already (so is every post before the last marked)"
    waiting = ", ".join(keys) or "none"
    return f"{key}: no post of this game's thread (waiting to be posted: {waiting})"
