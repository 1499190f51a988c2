"""schedule.ics: one calendar event per post, so the host's calendar says what to post when.

Written with the icalendar library. Times are in UTC (`...Z`), which every calendar app
shows in its own zone and which needs no VTIMEZONE block (a generated one would depend on
the machine's zone database and break byte identity). The UID of an event is the game id
and the post's file stem; DTSTAMP is the game's first posting moment: the same game always
gives the same bytes, and re-importing an updated calendar replaces events instead of
doubling them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from icalendar import Alarm, Calendar, Event

from generator.common.output_file import OutputFile
from generator.plan.model import as_data
from generator.plan.rhythm import moment
from generator.plan.schedule import when, with_eve
from generator.render.guide import posting_order
from generator.render.text import Post

CALENDAR_FILE = "schedule.ics"
PRODID = "-//sheetgen//posting schedule//EN"
EVENT_MINUTES = 10
REMINDER_MINUTES = 15


@dataclass(frozen=True)
class CalendarPost:
    """What the calendar needs of one post."""

    key: str  # the post's file stem, unique in the game
    title: str
    at: dt.datetime  # timezone-aware
    order: int  # 1, 2, ... within its slot
    files: tuple[str, ...]
    where: str  # "Day 3, morning (...)"


def schedule_ics(game_title: str, game_id: str, posts: list[CalendarPost]) -> bytes:
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", f"{game_title} {game_id}: posts")
    if not posts:
        return cal.to_ical()
    stamp = min(p.at for p in posts).astimezone(dt.UTC)
    for post in posts:
        start = post.at.astimezone(dt.UTC)
        event = Event()
        event.add("uid", f"{game_id}-{post.key.replace('/', '-')}@sheetgen")
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        event.add("dtend", start + dt.timedelta(minutes=EVENT_MINUTES))
        event.add("summary", f"{post.order}. {post.title} · {game_title} {game_id}")
        lines = [
            f"{post.where}: post {post.order} of this slot.",
            "Files (in the game folder):",
            *(f"- {name}" for name in post.files),
            "Or run: sheetgen today",
        ]
        event.add("description", "\n".join(lines))
        event.add("transp", "TRANSPARENT")
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", f"Post soon: {post.title}")
        alarm.add("trigger", dt.timedelta(minutes=-REMINDER_MINUTES))
        event.add_component(alarm)
        cal.add_component(event)
    return cal.to_ical()


def calendar_posts(plan: dict[str, Any], posts: list[Post]) -> list[CalendarPost]:
    """The game's posts in posting order, each at its slot's moment. Empty for a game with
    no start date (nothing to put in a calendar)."""
    plan = as_data(plan)
    by_turn = {s["turn"]: s for s in with_eve(plan["schedule"])}
    result: list[CalendarPost] = []
    for turn, group in groupby(posting_order(posts), key=lambda p: p.turn):
        entry = by_turn[turn]
        at = moment(entry)
        if at is None:
            return []
        for order, post in enumerate(group, 1):
            files = [*post.files(), *post.attachments, *(image.file for image in post.images)]
            result.append(CalendarPost(post.key, post.title, at, order, tuple(files), when(entry)))
    return result


def calendar_file(game_title: str, plan: dict[str, Any], posts: list[Post]) -> list[OutputFile]:
    """[schedule.ics] for a dated game, [] for an undated one."""
    plan = as_data(plan)
    entries = calendar_posts(plan, posts)
    if not entries:
        return []
    return [OutputFile(CALENDAR_FILE, schedule_ics(game_title, plan["game_id"], entries))]
