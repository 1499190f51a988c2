"""schedule.ics as a calendar app reads it: parsed again with the icalendar library, every
event has the post's title and files, its moment in UTC, ten minutes long, a reminder on
the slot's first post, and nothing depends on a time zone of the machine (no VTIMEZONE,
no floating times). Titles hold what iCalendar escapes or folds: commas, semicolons,
backslashes, line breaks, names in other scripts, emoji."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from icalendar import Calendar

from generator.render.calendar_ics import (
    EVENT_MINUTES,
    REMINDER_MINUTES,
    CalendarPost,
    event_description,
    event_uid,
    issued_events,
    schedule_ics,
)

AT = dt.datetime(2026, 12, 5, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
TITLES = [
    "Turn 9: flight",
    "Commas, semicolons; and a back\\slash",
    "A line\nbreak and a CRLF\r\nend",
    "Ключевой ход — 第九回合 · ترتيب · 🚀🚀🚀 with emoji at the fold " * 2,
    "x" * 60 + "\\,\\;" + "y" * 80,
    "é" * 100,
    "a" * 73 + "\\" + "b" * 10,
    # An escape at every place a line can fold at, in the summary and the description.
    *("a" * k + "\\;" + "b" * 20 for k in range(50, 80)),
]


def as_read(text: str) -> str:
    """A text as iCalendar gives it back: every line break a newline."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def check_calendar(data: bytes, game_title: str, game_id: str, posts: list[CalendarPost]) -> None:
    assert all(len(line) <= 75 for line in data.split(b"\r\n"))  # RFC 5545 3.1, in octets
    cal = Calendar.from_ical(data)
    assert not cal.walk("VTIMEZONE")
    events = cal.walk("VEVENT")
    assert len(events) == len(posts)
    for event, post in zip(events, posts, strict=True):
        assert str(event["UID"]) == event_uid(game_id, post.key)
        expected = f"{post.order}. {post.title} · {game_title} {game_id}"
        assert str(event["SUMMARY"]) == as_read(expected)
        assert str(event["DESCRIPTION"]) == as_read(event_description(post))
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        assert start.utcoffset() == dt.timedelta(0) and start == post.at
        assert end - start == dt.timedelta(minutes=EVENT_MINUTES)
        assert event.decoded("SEQUENCE") == 0
        assert event.decoded("DTSTAMP") == min(p.at for p in posts)
        alarms = event.walk("VALARM")
        assert len(alarms) == (1 if post.rings else 0)
        for alarm in alarms:
            assert alarm.decoded("TRIGGER") == dt.timedelta(minutes=-REMINDER_MINUTES)
            assert str(alarm["DESCRIPTION"]) == as_read(f"Post soon: {post.title}")
    assert list(issued_events(data)) == [event_uid(game_id, post.key) for post in posts]


@pytest.mark.parametrize("title", TITLES)
def test_hand_made_posts_read_back_as_written(title: str) -> None:
    posts = [
        CalendarPost("round-1/turn-09", title, AT, 1, ("a.txt", f"{title}.png"), f"Day ({title})"),
        CalendarPost("task-x", title, AT, 2, (), "Day 5", steps=(title, "Step, two"), remind=True),
        CalendarPost("late", "Late", AT + dt.timedelta(days=3, seconds=7), 1, (), "Day 8"),
    ]
    game = f"Game {title}"[:90].replace("\r", " ").replace("\n", " ")
    check_calendar(schedule_ics(game, "AB12-CD34", posts), game, "AB12-CD34", posts)


def test_a_line_break_in_the_games_name_still_gives_a_calendar() -> None:
    """An X- property's value is written unescaped: the calendar's name goes on one line."""
    data = schedule_ics(
        "Two\nlines\r\nand\rmore", "AB12-CD34", [CalendarPost("a", "A", AT, 1, (), "Day 1")]
    )
    cal = Calendar.from_ical(data)
    assert str(cal["X-WR-CALNAME"]) == "Two lines and more AB12-CD34: posts"
    assert list(issued_events(data)) == ["AB12-CD34-a@sheetgen"]


def test_an_empty_calendar_is_a_calendar_without_events() -> None:
    cal = Calendar.from_ical(schedule_ics("Moon Drop", "AB12-CD34", []))
    assert cal.walk("VEVENT") == []
    assert str(cal["VERSION"]) == "2.0"


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_a_games_calendar_reads_back_event_by_event(
    pack: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The events a whole game gives its calendar (host tasks of the month included)."""
    from click.testing import CliRunner

    from generator.cli import main
    from generator.render import calendar_ics

    asked: list[tuple[str, str, list[CalendarPost]]] = []

    def recorded(game_title: str, game_id: str, posts: list[CalendarPost]) -> bytes:
        asked.append((game_title, game_id, posts))
        return schedule_ics(game_title, game_id, posts)

    monkeypatch.setattr(calendar_ics, "schedule_ics", recorded)
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "game"
    args = ["game", "--pack", pack, "--seed", "ics-text-check-seed-0042", "--no-images"]
    result = CliRunner().invoke(main, [*args, "--start", "2026-12-01", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (title, game_id, posts), *_ = asked
    assert len(posts) >= 10
    check_calendar((out / "schedule.ics").read_bytes(), title, game_id, posts)
