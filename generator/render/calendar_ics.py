"""schedule.ics: one calendar event per post, so the host's calendar says what to post when.

Written and read back with the icalendar library (imported only by a command that writes
or reads a calendar). Times are in UTC (`...Z`), which every calendar app shows in its own
zone and which needs no VTIMEZONE block (a generated one would depend on the machine's
zone database and break byte identity). The UID of an event is the game id and the post's
file stem, so re-importing an updated calendar replaces events instead of doubling them.
One reminder per slot, on its first post: a slot's posts go out together, and one alarm is
enough to say so.

By RFC 5546 2.1.5 a calendar app replaces an event it holds only with a later revision of
it: a higher SEQUENCE (RFC 5545 3.8.7.4), or the same with a later DTSTAMP. The first
calendar a folder gets has every event at SEQUENCE 0, stamped with the game's first
posting moment. A later calendar is `revise`d against the one the folder held: an event
whose time, title or files changed gets the next SEQUENCE and a new DTSTAMP; an unchanged
one keeps both, so the same calendar history always gives the same bytes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING, Any

from generator.common.output_file import OutputFile
from generator.plan.month import HostTask
from generator.plan.rhythm import moment
from generator.plan.schedule import when, with_eve
from generator.render.calendar_name import CALENDAR_FILE as CALENDAR_FILE
from generator.render.guide import posting_order
from generator.render.host_tasks import task_heading, task_steps
from generator.render.text import Post

if TYPE_CHECKING:
    import icalendar  # a read calendar's events are its components (Calendar.walk)

    from generator.plan.shared import SharedPlan

PRODID = "-//sheetgen//posting schedule//EN"
EVENT_MINUTES = 10
REMINDER_MINUTES = 15
# RFC 5545 3.3.8: an INTEGER is a signed 32-bit value; SEQUENCE counts up from 0.
MAX_SEQUENCE = 2**31 - 1
# A revision is stamped after the event's previous stamp (see `revise`).
STAMP_STEP = dt.timedelta(seconds=1)


@dataclass(frozen=True)
class CalendarPost:
    """What the calendar needs of one post."""

    key: str  # the post's file stem, unique in the game
    title: str
    at: dt.datetime  # timezone-aware
    order: int  # 1, 2, ... within its slot
    files: tuple[str, ...]
    where: str  # "Day 3, morning (...)"
    # A host task of the month (plan/month.py): its steps instead of a post's files.
    steps: tuple[str, ...] = ()
    remind: bool | None = None  # None: the slot's first post rings

    @property
    def rings(self) -> bool:
        return self.order == 1 if self.remind is None else self.remind


def event_uid(game_id: str, key: str) -> str:
    return f"{game_id}-{key.replace('/', '-')}@sheetgen"


def event_description(post: CalendarPost) -> str:
    """What an event says: when, and the post's files or the task's steps."""
    if post.steps:
        lines = [f"{post.where}:", *(f"- {step}" for step in post.steps)]
    else:
        lines = [
            f"{post.where}: post {post.order} of this slot.",
            "Files (in the game folder):",
            *(f"- {name}" for name in post.files),
        ]
    lines.append("Or run: sheetgen today")
    return "\n".join(lines)


def calendar_name(game_title: str, game_id: str) -> str:
    """X-WR-CALNAME, the name a calendar app gives the imported calendar: on one line (an
    X- property's value is written unescaped, so a line break would end the line)."""
    name = f"{game_title} {game_id}: posts"
    return " ".join(name.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def schedule_ics(game_title: str, game_id: str, posts: list[CalendarPost]) -> bytes:
    """The calendar's first issue: every event at SEQUENCE 0, stamped with the first posting
    moment (a moment of the game, never the clock, so the bytes are the same every run).

    Each value is given as the icalendar property it becomes (vText, vDDDTypes, vInt): what
    `add` would infer from a plain value, found once here instead of for each of the
    thousand values of a month's calendar; the values every event shares are made once."""
    from icalendar import Alarm, Calendar, Event, vDDDTypes, vInt, vText

    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", calendar_name(game_title, game_id))
    if not posts:
        return bytes(cal.to_ical())
    stamp = vDDDTypes(min(p.at for p in posts).astimezone(dt.UTC))
    first_issue = vInt(0)
    transparent = vText("TRANSPARENT")
    display = vText("DISPLAY")
    before = vDDDTypes(dt.timedelta(minutes=-REMINDER_MINUTES))
    length = dt.timedelta(minutes=EVENT_MINUTES)
    for post in posts:
        start = post.at.astimezone(dt.UTC)
        event = Event()
        event.add("uid", vText(event_uid(game_id, post.key)))
        event.add("dtstamp", stamp)
        event.add("sequence", first_issue)
        event.add("dtstart", vDDDTypes(start))
        event.add("dtend", vDDDTypes(start + length))
        event.add("summary", vText(f"{post.order}. {post.title} · {game_title} {game_id}"))
        event.add("description", vText(event_description(post)))
        event.add("transp", transparent)
        if post.rings:
            # The slot's posts share one moment: a reminder on each would ring them all at
            # once (six on day 1 of Galaxy Trucker).
            alarm = Alarm()
            alarm.add("action", display)
            alarm.add("description", vText(f"Post soon: {post.title}"))
            alarm.add("trigger", before)
            event.add_component(alarm)
        cal.add_component(event)
    return bytes(cal.to_ical())


def calendar_posts(
    plan: SharedPlan, posts: list[Post], tasks: Sequence[HostTask] = ()
) -> list[CalendarPost]:
    """The game's posts in posting order, each at its slot's moment, each host task after
    its slot's posts (or at its own time after the last post). Empty for a game with no
    start date (nothing to put in a calendar)."""
    by_turn = {s.turn: s for s in with_eve(plan.schedule)}
    result: list[CalendarPost] = []
    for turn, group in groupby(posting_order(posts), key=lambda p: p.turn):
        entry = by_turn[turn]
        at = moment(entry)
        if at is None:
            return []
        order = 0
        for order, post in enumerate(group, 1):
            files = [*post.file_names(), *post.attachments, *(image.file for image in post.images)]
            result.append(CalendarPost(post.key, post.title, at, order, tuple(files), when(entry)))
        for task in (t for t in tasks if t.after_turn == turn and not t.after_the_end):
            order += 1
            result.append(_task_event(task, at, order, when(entry), remind=False))
    final = [t for t in tasks if t.after_the_end and t.at is not None]
    for order, task in enumerate(final, 1):
        assert task.at is not None
        # The first task after the end rings once for all of them (they share a moment).
        result.append(_task_event(task, task.at, order, task.when, remind=order == 1))
    return result


def _task_event(
    task: HostTask, at: dt.datetime, order: int, where: str, remind: bool
) -> CalendarPost:
    return CalendarPost(
        f"task-{task.key}",
        task_heading(task),
        at,
        order,
        (),
        where,
        steps=tuple(task_steps(task)),
        remind=remind,
    )


def calendar_file(
    game_title: str, plan: SharedPlan, posts: list[Post], tasks: Sequence[HostTask] = ()
) -> list[OutputFile]:
    """[schedule.ics] for a dated game, [] for an undated one."""
    entries = calendar_posts(plan, posts, tasks)
    if not entries:
        return []
    return [OutputFile(CALENDAR_FILE, schedule_ics(game_title, plan.game_id, entries))]


# --- revisions -----------------------------------------------------------------------------


class UnreadableCalendar(ValueError):
    """A calendar in a game folder that is not one sheetgen can go on from (in words)."""


# What a host's calendar app shows of an event: a change to any of these is a revision.
# The reminder is left out: sheetgen changing its reminders is no change of the game's.
SHOWN = ("DTSTART", "DTEND", "SUMMARY", "DESCRIPTION")


@dataclass(frozen=True)
class Issued:
    """One event as a calendar already given out has it."""

    sequence: int
    stamp: dt.datetime  # UTC
    start: dt.datetime  # UTC
    shown: tuple[Any, ...]  # the SHOWN values, decoded


@dataclass(frozen=True)
class Revised:
    """A calendar revised against the one before it, and the UIDs of the events it changed."""

    data: bytes
    changed: tuple[str, ...]


def issued_events(data: bytes) -> dict[str, Issued]:
    """The events of a calendar a folder holds, by UID. UnreadableCalendar when it is not an
    iCalendar object whose every event has a UID, a whole SEQUENCE and UTC times: a host
    may have edited the file, and a damaged one must not decide the next revision."""
    from icalendar import Calendar

    try:
        cal = Calendar.from_ical(data)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise UnreadableCalendar(f"not an iCalendar file ({str(exc)[:60]})") from None
    found: dict[str, Issued] = {}
    for event in cal.walk("VEVENT"):
        uid = str(event.get("UID", ""))
        if not uid:
            raise UnreadableCalendar("an event has no UID")
        if uid in found:
            raise UnreadableCalendar(f"two events have the UID {uid}")
        found[uid] = _issued(event, uid)
    return found


def _issued(event: icalendar.Component, uid: str) -> Issued:
    # icalendar keeps a value it cannot read as text (vBroken); each is checked for its type.
    sequence = _decoded(event, "SEQUENCE", uid, 0)
    if isinstance(sequence, bool) or not isinstance(sequence, int):
        raise UnreadableCalendar(f"{uid}: SEQUENCE is not a whole number")
    if not 0 <= sequence < MAX_SEQUENCE:
        # Negative, or too large to be raised once more within RFC 5545's range.
        raise UnreadableCalendar(f"{uid}: SEQUENCE {sequence} is out of range")
    stamp = _utc(_decoded(event, "DTSTAMP", uid, None), uid, "DTSTAMP")
    start = _utc(_decoded(event, "DTSTART", uid, None), uid, "DTSTART")
    shown = tuple(_shown(event, name, uid) for name in SHOWN)
    return Issued(sequence, stamp, start, shown)


def _decoded(event: icalendar.Component, name: str, uid: str, default: Any) -> Any:
    if name not in event:
        return default
    try:
        return event.decoded(name)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise UnreadableCalendar(f"{uid}: {name} cannot be read ({exc})") from None


def _utc(value: Any, uid: str, name: str) -> dt.datetime:
    """A date-time in UTC (RFC 5545 3.8.7.2: DTSTAMP MUST be; sheetgen writes DTSTART so)."""
    if (
        not isinstance(value, dt.datetime)
        or value.tzinfo is None
        or value.utcoffset() != dt.timedelta(0)
    ):
        raise UnreadableCalendar(f"{uid}: {name} is not a date and time in UTC")
    return value.astimezone(dt.UTC)


def _shown(event: icalendar.Component, name: str, uid: str) -> Any:
    value = _decoded(event, name, uid, None)
    if isinstance(value, dt.datetime):
        return _utc(value, uid, name)
    return None if value is None else str(value)


def revise(fresh: bytes, before: Mapping[str, Issued]) -> Revised:
    """`fresh` (a first issue from `schedule_ics`) as the next revision of `before`.

    An event the calendar before had, showing the same, keeps its SEQUENCE and DTSTAMP. One
    that shows a new time, title or file list gets the next SEQUENCE and, as DTSTAMP, the
    moment of the change: the first moment this calendar differs from the one before (the
    earlier of the old and new start of every changed event: the first post a rhythm change
    `from:` a date moves, a skipped date's first post). That is data of the two calendars,
    never the clock, so the same history gives the same bytes. A stamp never goes back: one
    second after the event's previous stamp when that is later (a change that reaches
    further back than the one before it). An event new to this calendar keeps SEQUENCE 0."""
    if not before:
        return Revised(fresh, ())
    from icalendar import Calendar

    cal = Calendar.from_ical(fresh)
    events = [(str(e["UID"]), e) for e in cal.walk("VEVENT")]
    now = {uid: _issued(event, uid) for uid, event in events}
    carried = [uid for uid, _ in events if uid in before]
    changed = tuple(uid for uid in carried if now[uid].shown != before[uid].shown)
    if not changed and all(
        (now[uid].sequence, now[uid].stamp) == (before[uid].sequence, before[uid].stamp)
        for uid in carried
    ):
        return Revised(fresh, ())  # the first issue again, byte for byte
    change = min((min(before[uid].start, now[uid].start) for uid in changed), default=None)
    for uid, event in events:
        prior = before.get(uid)
        if prior is None:
            continue
        if uid in changed and change is not None:
            sequence, stamp = prior.sequence + 1, max(change, prior.stamp + STAMP_STEP)
        else:
            sequence, stamp = prior.sequence, prior.stamp
        _set(event, "sequence", sequence)
        _set(event, "dtstamp", stamp)
    return Revised(cal.to_ical(), changed)


def _set(event: icalendar.Component, name: str, value: Any) -> None:
    # icalendar writes an event's properties in RFC order whatever the order they were
    # added in, so a replaced value stays where the first issue had it.
    event.pop(name.upper(), None)
    event.add(name, value)
