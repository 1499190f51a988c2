"""The calendar sheetgen writes itself (render/ics_text.py) is, byte for byte, the one the
icalendar library writes for the same events: for hand-made posts whose titles hold what
iCalendar escapes or folds (commas, semicolons, backslashes, line breaks, names in other
scripts, emoji, a backslash where a line folds), and for a game's whole calendar."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from icalendar import Alarm, Calendar, Event

from generator.render import ics_text
from generator.render.calendar_ics import (
    EVENT_MINUTES,
    PRODID,
    REMINDER_MINUTES,
    CalendarPost,
    event_description,
    event_uid,
    issued_events,
    schedule_ics,
)


def icalendar_calendar(game_title: str, game_id: str, posts: list[CalendarPost]) -> bytes:
    """The same calendar built with the icalendar library (how sheetgen wrote it before)."""
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
        event.add("uid", event_uid(game_id, post.key))
        event.add("dtstamp", stamp)
        event.add("sequence", 0)
        event.add("dtstart", start)
        event.add("dtend", start + dt.timedelta(minutes=EVENT_MINUTES))
        event.add("summary", f"{post.order}. {post.title} · {game_title} {game_id}")
        event.add("description", event_description(post))
        event.add("transp", "TRANSPARENT")
        if post.rings:
            alarm = Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("description", f"Post soon: {post.title}")
            alarm.add("trigger", dt.timedelta(minutes=-REMINDER_MINUTES))
            event.add_component(alarm)
        cal.add_component(event)
    return cal.to_ical()


AT = dt.datetime(2026, 12, 5, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
TITLES = [
    "Turn 9: flight",
    "Commas, semicolons; and a back\\slash",
    "A literal \\N and \\n, a line\nbreak, a CR\r and CRLF\r\nend",
    "Ключевой ход — 第九回合 · ترتيب · 🚀🚀🚀 with emoji at the fold " * 2,
    "x" * 60 + "\\,\\;" + "y" * 80,
    "é" * 100,
    "a" * 73 + "\\" + "b" * 10,
    "a" * 72 + "\\n" + "b" * 10,
    # An escape at every place a line can fold at, in the summary and the description.
    *("a" * k + "\\;" + "b" * 20 for k in range(50, 80)),
]


@pytest.mark.parametrize("title", TITLES)
def test_hand_made_posts_have_icalendars_bytes(title: str) -> None:
    posts = [
        CalendarPost("round-1/turn-09", title, AT, 1, ("a.txt", f"{title}.png"), f"Day ({title})"),
        CalendarPost("task-x", title, AT, 2, (), "Day 5", steps=(title, "Step, two"), remind=True),
        CalendarPost("late", "Late", AT + dt.timedelta(days=3, seconds=7), 1, (), "Day 8"),
    ]
    # A game's name with a line break is one icalendar refuses to write (see below).
    game = f"Game {title}"[:90].replace("\r", " ").replace("\n", " ")
    assert schedule_ics(game, "AB12-CD34", posts) == icalendar_calendar(game, "AB12-CD34", posts)


def test_a_line_break_in_the_games_name_still_gives_a_calendar() -> None:
    """icalendar would stop on it (an unescaped line break in X-WR-CALNAME); ours writes it
    as `\\n`, and the calendar reads back."""
    data = schedule_ics("Two\nlines", "AB12-CD34", [CalendarPost("a", "A", AT, 1, (), "Day 1")])
    assert b"X-WR-CALNAME:Two\\nlines AB12-CD34: posts\r\n" in data
    assert list(issued_events(data)) == ["AB12-CD34-a@sheetgen"]


def test_an_empty_calendar_has_icalendars_bytes() -> None:
    assert schedule_ics("Moon Drop", "AB12-CD34", []) == icalendar_calendar(
        "Moon Drop", "AB12-CD34", []
    )


@pytest.mark.parametrize(
    "span",
    [
        dt.timedelta(minutes=-15),
        dt.timedelta(hours=-1),
        dt.timedelta(hours=1, seconds=5),
        dt.timedelta(days=2, minutes=3),
        dt.timedelta(days=-1, hours=-2),
        dt.timedelta(0),
        dt.timedelta(seconds=59),
    ],
)
def test_durations_are_written_as_icalendar_writes_them(span: dt.timedelta) -> None:
    from icalendar import vDuration

    assert ics_text.duration(span) == vDuration(span).to_ical().decode()


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_a_games_calendar_has_icalendars_bytes_and_reads_back(
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
    written = (out / "schedule.ics").read_bytes()
    assert written == icalendar_calendar(title, game_id, posts)
    assert len(issued_events(written)) == len(posts)
