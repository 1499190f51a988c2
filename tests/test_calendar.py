"""schedule.ics: one event per post, at the post's moment, one reminder per slot, readable
by a real iCalendar parser, the same bytes every time (revisions: test_calendar_revisions)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import msgspec
import pytest
from icalendar import Calendar

from generator.games import Scope
from generator.kit.session import open_game
from generator.plan.rhythm import Rhythm
from generator.plan.schedule import with_eve
from generator.plan.shared import shared_of
from generator.render.calendar_ics import calendar_posts

SEED = "calendar-test-seed-0123456789abcdef"


def write_game(run: Any, tmp_path: Path, pack: str, game_file: str, out: str = "out") -> Path:
    (tmp_path / "g.yaml").write_text(f"pack: {pack}\nseed: {SEED}\n{game_file}output: {out}\n")
    result = run("game", "--no-images", "--game", "g.yaml")
    assert result.exit_code == 0, result.output
    return tmp_path / out


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_one_event_per_post_at_its_moment(run: Any, tmp_path: Path, pack: str) -> None:
    rhythm = "rhythm:\n  timezone: Europe/Amsterdam\n  skip: [2026-12-03]\n"
    root = write_game(run, tmp_path, pack, f"start: 2026-12-01\n{rhythm}")
    data = (root / "schedule.ics").read_bytes()
    cal = Calendar.from_ical(data)
    every_event = list(cal.walk("VEVENT"))
    # The host's tasks of the month (rankings, catch-up pages, the reveal) have their own
    # events (tests/test_month.py); here the posts'.
    events = [e for e in every_event if "-task-" not in str(e["UID"])]
    game = open_game(
        pack,
        SEED,
        dt.date(2026, 12, 1),
        msgspec.convert({"timezone": "Europe/Amsterdam", "skip": ["2026-12-03"]}, Rhythm),
    )
    posts = game.rules.posts(game.content, game.plan, Scope("game"))
    assert len(events) == len(posts) == len(calendar_posts(shared_of(game.plan), posts))
    assert len({str(e["UID"]) for e in events}) == len(events)
    by_key = {p.key.replace("/", "-"): p for p in posts}
    schedule = with_eve(shared_of(game.plan).schedule)  # turn 0: the day before day 1
    moments = {s.turn: dt.datetime.fromisoformat(str(s.at)) for s in schedule}
    for event in events:
        key = str(event["UID"]).split("@")[0].split("-", 2)[2]
        post = by_key[key]
        start = event.decoded("DTSTART")
        assert start == moments[post.turn] and start.tzinfo is not None
        assert start.date() != dt.date(2026, 12, 3)
        assert post.title in str(event["SUMMARY"])
    # One reminder per slot, on its first post, 15 minutes before: day 1 of Galaxy Trucker
    # has several posts at 08:00, and one alarm for each rang them all at once.
    slots: dict[int, list[Any]] = {}
    for event in events:
        key = str(event["UID"]).split("@")[0].split("-", 2)[2]
        slots.setdefault(by_key[key].turn, []).append(event)
    assert len(slots) == len({p.turn for p in posts})
    tasks = game.rules.host_tasks(game.content, game.plan)
    assert len(every_event) - len(events) == len(tasks) > 0
    # One more reminder: for the tasks after the last post (the final rankings first).
    assert len(list(cal.walk("VALARM"))) == len(slots) + 1
    assert max(len(group) for group in slots.values()) > 1
    for group in slots.values():
        assert len({e.decoded("DTSTART") for e in group}) == 1
        alarmed = [e for e in group if list(e.walk("VALARM"))]
        assert len(alarmed) == 1 and str(alarmed[0]["SUMMARY"]).startswith("1. ")
        (alarm,) = alarmed[0].walk("VALARM")
        assert alarm.decoded("TRIGGER") == dt.timedelta(minutes=-15)
    # Day 1's posts go out at 08:00 in Amsterdam (07:00 UTC in winter); the before-day-1
    # post, where the game has one, at the same time the day before.
    starts = sorted({e.decoded("DTSTART") for e in events})
    assert dt.datetime(2026, 12, 1, 7, 0, tzinfo=dt.UTC) in starts
    assert starts[0] in (
        dt.datetime(2026, 11, 30, 7, 0, tzinfo=dt.UTC),
        dt.datetime(2026, 12, 1, 7, 0, tzinfo=dt.UTC),
    )
    assert b"\r\n" in data and data.startswith(b"BEGIN:VCALENDAR")
    # Byte identity: the same game writes the same calendar again.
    again = write_game(run, tmp_path, pack, f"start: 2026-12-01\n{rhythm}", "again")
    assert (again / "schedule.ics").read_bytes() == data


def test_an_undated_game_has_no_calendar(run: Any, tmp_path: Path) -> None:
    root = write_game(run, tmp_path, "moon-drop", "")
    assert (root / "posting-guide.md").is_file()
    assert not (root / "schedule.ics").exists()
