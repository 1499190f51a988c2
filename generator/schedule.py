"""Turn numbers to days, slots and dates: turns run 1..N across the game, one per slot."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo


def make_schedule(turns: int, slots: list[str], start: dt.date | None) -> list[dict[str, Any]]:
    per_day = len(slots)
    schedule = []
    for turn in range(1, turns + 1):
        day = (turn - 1) // per_day + 1
        date = start + dt.timedelta(days=day - 1) if start else None
        schedule.append(
            {
                "turn": turn,
                "day": day,
                "slot": slots[(turn - 1) % per_day],
                "date": date.isoformat() if date else None,
            }
        )
    return schedule


def when(entry: dict[str, Any]) -> str:
    """'Day 3, morning (Thu 3 Dec 2026, 08:00 CET)' for a schedule entry."""
    text = f"Day {entry['day']}, {entry['slot']}"
    if entry.get("date"):
        text += f" ({date_text(entry)})"
    return text


def date_text(entry: dict[str, Any]) -> str:
    """'Thu 3 Dec 2026, 08:00 CET' (the time once the game has a posting rhythm)."""
    date = dt.date.fromisoformat(entry["date"])
    text = f"{date:%a} {date.day} {date:%b %Y}"
    if entry.get("at"):
        moment = dt.datetime.fromisoformat(entry["at"]).astimezone(ZoneInfo(entry["timezone"]))
        text += f", {moment:%H:%M} {moment.tzname()}"
    return text
