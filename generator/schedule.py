"""Turn numbers to days, slots and dates: turns run 1..N across the game, one per slot."""

from __future__ import annotations

import datetime as dt

from generator.plan import Slot


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


def when(entry: Slot) -> str:
    """'Day 3, morning (Thu 3 Dec 2026)' for a schedule entry."""
    return entry.when()
