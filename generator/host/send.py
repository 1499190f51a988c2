"""`sheetgen send`: the posts `today` asks for now, sent to Discord by webhook, in order, each
message recorded in `posted.jsonl`.

What is sent is what `today` tells a host to paste on Discord at that moment, and nothing
else: the same agenda (host/today.py: the missed slots of a tracked folder, then today's
slot due, the corrections in their places), the same files read the same way
(`read_written`) and the same batches of pictures (`Post.discord_attachments`). The slots'
tasks (rankings, a catch-up page) stay the host's.

Never twice: before each message a line says it is being sent (written through to the
disk), and after Discord answers a line says it was, with the message's id; when a slot's
messages are all out, the slot is marked posted as `sheetgen posted` marks it. A run killed
between the two lines leaves a message nobody can vouch for: the next run sends nothing and
says which message it was and how to tell Discord's side, until the host says
(`--was-sent` / `--was-not-sent`). A message Discord surely did not take (a refusal, a rate
limit) is recorded as not sent, and the next run tries it again."""

from __future__ import annotations

import datetime as dt
import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.folder.corrections_log import Correction
from generator.host.discord_webhook import Attachment, Message, SendFailed, check_message
from generator.host.game_folder import GameFolder
from generator.host.post_steps import read_written
from generator.host.posted import mark_posted
from generator.host.send_record import (
    NOT_SENT,
    SENDING,
    SENT,
    SendRecord,
    read_send_record,
    record_line,
)
from generator.host.today import Agenda, SlotWork
from generator.plan.schedule import when
from generator.render.text import Post


@dataclass(frozen=True)
class Outgoing:
    """One message of a run: `ident` names it in the record, the same in every run."""

    ident: str  # "turn 5 · round-1/turn-05-build · 1"
    what: str  # for the host: "Turn 5: build, message 1 of 2 (round-1/turn-05-build.discord.md)"
    message: Message
    turn: int | None  # the slot it belongs to (None for a correction)
    correction: int | None = None


@dataclass(frozen=True)
class Batch:
    """A slot's (or a correction's) messages: marked posted when all are out."""

    heading: str
    messages: tuple[Outgoing, ...]
    turn: int | None
    correction: int | None = None


def post_messages(
    root: Path, post: Post, prefix: str, mentions: tuple[str, ...] = ()
) -> list[Outgoing]:
    """A post's messages as `today` lists them for Discord: each text file a message, the
    first batch of files with the last text, each further batch a message with no text."""
    names = post.discord_files()
    texts = [read_written(root, name).rstrip("\n") for name in names]
    batches = post.discord_attachments()
    hidden = {im.file for im in post.images if im.hidden}
    files = [[_attachment(root, file, alt, file in hidden) for file, alt in b] for b in batches]
    bodies: list[tuple[str, list[Attachment], str]] = []
    for index, (name, text) in enumerate(zip(names, texts, strict=True)):
        attached = files[0] if index == len(names) - 1 and files else []
        bodies.append((text, attached, name))
    bodies += [("", batch, "files only") for batch in files[1:]]
    count = len(bodies)
    out = []
    for number, (text, attached, source) in enumerate(bodies, 1):
        part = f", message {number} of {count}" if count > 1 else ""
        out.append(
            Outgoing(
                f"{prefix} · {post.key} · {number}",
                f"{post.title}{part} ({source})",
                Message(text, tuple(attached), mentions),
                None,
            )
        )
    return out


def _attachment(root: Path, file: str, alt: str | None, hidden: bool) -> Attachment:
    name = file.rpartition("/")[2]
    if hidden and not name.startswith("SPOILER_"):
        name = f"SPOILER_{name}"  # Discord blurs it until clicked
    return Attachment(root / file, name, alt)


def run_batches(game: GameFolder, work: list[SlotWork], day: Agenda) -> list[Batch]:
    """The agenda's slots and corrections as `today` orders them: corrections to posts
    already out first, then each slot's posts followed by the corrections to them."""
    batches = [_correction_batch(game, c) for c in day.corrections_first(work)]
    for index in day.shown():
        item = work[index]
        messages: list[Outgoing] = []
        for post in item.posts:
            messages += post_messages(game.root, post, f"turn {item.slot.turn}")
        turn = item.slot.turn
        messages = [_in_turn(m, turn) for m in messages]
        batches.append(Batch(f"{when(item.slot.entry)} · turn {turn}", tuple(messages), turn))
        batches += [_correction_batch(game, c) for c in day.corrections_after(work, index)]
    return batches


def _in_turn(message: Outgoing, turn: int) -> Outgoing:
    return Outgoing(message.ident, message.what, message.message, turn)


def _correction_batch(game: GameFolder, correction: Correction) -> Batch:
    # The correction post's renderer is loaded only for a game that has corrections.
    from generator.host.corrections import correction_post

    post = correction_post(game, correction)
    number = correction.number
    if not (game.root / f"{post.key}.discord.md").is_file():
        raise SheetgenError(
            f"correction {number}: its files are not written (a run was cut short): "
            f"`sheetgen correct -o {display_path(game.root)}` writes them from the log; "
            "nothing was sent"
        )
    messages = tuple(
        Outgoing(m.ident, m.what, m.message, None, number)
        for m in post_messages(game.root, post, f"correction {number}")
    )
    return Batch(f"Correction {number}", messages, None, number)


def check_batches(batches: list[Batch]) -> None:
    for batch in batches:
        for out in batch.messages:
            check_message(out.message, out.what)


def unsettled_error(root: Path, record: SendRecord) -> SheetgenError:
    ident = record.unsettled()[0]
    folder = display_path(root)
    return SheetgenError(
        f"a run stopped while sending “{record.what.get(ident, ident)}” "
        f"(at {record.began.get(ident, '?')}): Discord may or may not have it, and nothing "
        "here can tell. Nothing was sent now.\n"
        "Look in the Discord channel (or thread) for that message, then say:\n"
        f"  it is there:      `sheetgen send --was-sent -o {folder}`\n"
        f"  it is not there:  `sheetgen send --was-not-sent -o {folder}` (the next run sends it)"
    )


def settle(root: Path, sent: bool, at: dt.datetime) -> list[str]:
    """The host's word on the messages a stopped run left unsettled; their descriptions."""
    record = read_send_record(root)
    open_ones = record.unsettled()
    for ident in open_ones:
        fields: dict[str, object] = {"message": ident, "state": SENT if sent else NOT_SENT}
        fields |= {"at": at.isoformat(timespec="minutes"), "by": "host"}
        record_line(root, fields)
    return [record.what.get(i, i) for i in open_ones]


@contextmanager
def one_run_at_a_time(root: Path) -> Iterator[bool]:
    """True when this run holds the folder's send lock (a lock on the folder itself, so
    nothing is written for it and a killed run leaves none behind); False when another run
    (a timer firing during a long send) is sending."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


Report = Callable[[str], None]


@dataclass
class RunResult:
    sent: int = 0
    skipped: int = 0  # sent by an earlier run
    failure: SendFailed | None = None


def send_batches(
    root: Path,
    batches: list[Batch],
    send: Callable[[Message], str],
    clock: Callable[[], dt.datetime],
    report: Report,
    mark: bool = True,
) -> RunResult:
    """Each message in order: the intent recorded, sent, the answer recorded; a batch whose
    messages are all out is marked posted (unless not `mark`: the host posts the same slot
    elsewhere by hand and marks it then). Stops at the first failure."""
    record = read_send_record(root)
    result = RunResult()
    for batch in batches:
        report(f"{batch.heading}:")
        for out in batch.messages:
            if record.states.get(out.ident) == SENT:
                result.skipped += 1
                continue
            stamp = clock().isoformat(timespec="seconds")
            record_line(
                root, {"message": out.ident, "state": SENDING, "at": stamp, "what": out.what}
            )
            try:
                ident = send(out.message)
            except SendFailed as failure:
                if failure.known:
                    record_line(
                        root,
                        {
                            "message": out.ident,
                            "state": NOT_SENT,
                            "at": stamp,
                            "why": failure.reason,
                        },
                    )
                result.failure = failure
                report(f"  NOT SENT: {out.what}")
                return result
            record_line(root, {"message": out.ident, "state": SENT, "at": stamp, "id": ident})
            record.states[out.ident] = SENT
            record.ids[out.ident] = ident
            result.sent += 1
            files = len(out.message.attachments)
            report(
                f"  sent: {out.what}"
                + (f" + {files} file{'s' if files != 1 else ''}" if files else "")
                + f" (message {ident})"
            )
        moment = clock()
        if mark and batch.turn is not None:
            mark_posted(root, [batch.turn], moment)
        if mark and batch.correction is not None:
            mark_posted(root, [], moment, corrections=[batch.correction])
    return result


def dry_run_lines(batches: list[Batch], record: SendRecord, where: str) -> list[str]:
    lines = []
    for batch in batches:
        lines.append(f"{batch.heading}:")
        for out in batch.messages:
            if record.states.get(out.ident) == SENT:
                lines.append(f"  (already sent: {out.what})")
                continue
            lines.append(f"  message to {where}: {out.what}")
            if out.message.content:
                lines += [f"  │ {line}" for line in out.message.content.splitlines()]
            for a in out.message.attachments:
                alt = f" — description: {a.description}" if a.description else ""
                lines.append(f"  + file {a.name}{alt}")
            users = out.message.mention_users
            lines.append(f"  pings: {', '.join(f'<@{u}>' for u in users) if users else 'nobody'}")
    return lines
