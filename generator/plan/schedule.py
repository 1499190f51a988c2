"""Turn numbers to days, slots and dates: turns run 1..N across the game, one per slot."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from zoneinfo import ZoneInfo

from generator.plan.model import Slot


def make_schedule(turns: int, slots: list[str], start: dt.date | None) -> tuple[Slot, ...]:
    per_day = len(slots)
    schedule = []
    for turn in range(1, turns + 1):
        day = (turn - 1) // per_day + 1
        date = start + dt.timedelta(days=day - 1) if start else None
        schedule.append(
            Slot(
                turn=turn,
                day=day,
                slot=slots[(turn - 1) % per_day],
                date=date.isoformat() if date else None,
            )
        )
    return tuple(schedule)


EVE_SLOT = "before day 1"


def with_eve(schedule: Sequence[Slot]) -> list[Slot]:
    """The schedule with turn 0 in front: the day before day 1, when players get the sheets
    to print. It goes out at the first slot's time on the eve of day 1's date."""
    if not schedule or schedule[0].turn == 0:
        return list(schedule)
    first = schedule[0]
    eve = Slot(turn=0, day=0, slot=EVE_SLOT, date=None)
    if first.date:
        date = dt.date.fromisoformat(first.date) - dt.timedelta(days=1)
        eve = dataclasses.replace(eve, date=date.isoformat())
    if first.at and first.time and first.timezone:
        at = dt.datetime.fromisoformat(first.at) - dt.timedelta(days=1)
        # The same wall-clock time the day before (a DST change moves the offset, not 08:00).
        zone = ZoneInfo(first.timezone)
        local = at.astimezone(zone).replace(hour=int(first.time[:2]), minute=int(first.time[3:]))
        eve = dataclasses.replace(
            eve, time=first.time, timezone=first.timezone, at=local.isoformat()
        )
    return [eve, *schedule]


class Moment(str):
    """Words that say when (`when`), knowing the game's time zone: a post's Discord text
    writes each moment in them for every reader's own zone (render/discord_times.py)."""

    zone: str | None

    def __new__(cls, text: str, zone: str | None) -> Moment:
        made = super().__new__(cls, text)
        made.zone = zone
        return made

    def __reduce__(self) -> tuple[type[Moment], tuple[str, str | None]]:
        return (Moment, (str(self), self.zone))


def when(entry: Slot) -> Moment:
    """'Day 3, morning (Thu 3 Dec 2026, 08:00 CET)' for a schedule entry."""
    zone = entry.timezone if entry.at else None
    if entry.day == 0:
        text = "The day before day 1"
        return Moment(f"{text} ({date_text(entry)})" if entry.date else text, zone)
    text = f"Day {entry.day}, {entry.slot}"
    if entry.date:
        text += f" ({date_text(entry)})"
    return Moment(text, zone)


def date_text(entry: Slot) -> str:
    """'Thu 3 Dec 2026, 08:00 CET' (the time once the game has a posting rhythm)."""
    assert entry.date is not None  # a dated entry's words
    date = dt.date.fromisoformat(entry.date)
    text = f"{date:%a} {date.day} {date:%b %Y}"
    if entry.at and entry.timezone:
        moment = dt.datetime.fromisoformat(entry.at).astimezone(ZoneInfo(entry.timezone))
        text += f", {moment:%H:%M} {moment.tzname()}"
    return text
