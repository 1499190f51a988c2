"""Points in a game's time, as a host types them: `--at "2026-12-07 08:00"`, `--until
2026-12-13`, `day 7`. Dates and clock times are read in the game's own time zone."""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from generator.common.errors import SheetgenError
from generator.plan import model
from generator.plan.clock import DEFAULT_TIMEZONE, moment
from generator.plan.schedule import with_eve

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

_DAY = re.compile(r"^day\s+(\d{1,4})(?:\s+([a-z-]+))?$", re.IGNORECASE)


@dataclass(frozen=True)
class Slot:
    """One posting slot of a game: its turn, day, name and moment (None when undated)."""

    turn: int
    day: int
    name: str
    at: dt.datetime | None
    entry: model.Slot


def game_slots(plan: SharedPlan) -> list[Slot]:
    return [Slot(s.turn, s.day, s.slot, moment(s), s) for s in with_eve(plan.schedule)]


def game_zone(plan: SharedPlan) -> ZoneInfo:
    return ZoneInfo(plan.timezone or DEFAULT_TIMEZONE)


def parse_at(text: str, plan: SharedPlan, end_of_day: bool = False) -> dt.datetime:
    """'YYYY-MM-DD HH:MM' or 'YYYY-MM-DD' (its start, or its end with end_of_day) in the
    game's time zone."""
    text = text.strip()
    zone = game_zone(plan)
    try:
        if len(text) == 10:
            date = dt.date.fromisoformat(text)
            clock = dt.time(23, 59, 59) if end_of_day else dt.time(0, 0)
            return dt.datetime.combine(date, clock, tzinfo=zone)
        parsed = dt.datetime.strptime(text, "%Y-%m-%d %H:%M")
    except ValueError:
        raise SheetgenError(
            f"{text!r} is not a date and time (expected YYYY-MM-DD HH:MM or YYYY-MM-DD)"
        ) from None
    return parsed.replace(tzinfo=zone)


def parse_day(words: tuple[str, ...], plan: SharedPlan) -> tuple[int, str | None] | None:
    """`day 7` or `day 7 afternoon` -> (7, 'afternoon'); None when no words are given."""
    if not words:
        return None
    match = _DAY.match(" ".join(words))
    slots = [s for s in game_slots(plan) if s.day >= 1]
    days = max(s.day for s in slots)
    names = list(dict.fromkeys(s.name for s in slots))
    if not match:
        raise SheetgenError(
            f"{' '.join(words)!r}: expected `day N` or `day N SLOT` (N 1-{days}; slots: "
            f"{', '.join(names)})"
        )
    day, name = int(match.group(1)), match.group(2)
    if not 1 <= day <= days:
        raise SheetgenError(f"day {day} is not a day of this game (1-{days})")
    if name is not None and name.lower() not in names:
        raise SheetgenError(f"{name!r} is not a slot of this game ({', '.join(names)})")
    return day, name.lower() if name else None


# A host rehearsing a month (and the tests) can say what "now" is for every command that
# asks the clock: an ISO date and time with its UTC offset, e.g. 2026-12-07T08:00+01:00.
NOW_VARIABLE = "SHEETGEN_NOW"


def now() -> dt.datetime:
    text = os.environ.get(NOW_VARIABLE)
    if not text:
        return dt.datetime.now(dt.UTC)
    try:
        moment = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise SheetgenError(
            f"{NOW_VARIABLE}={text!r} is not a moment (expected an ISO date and time with "
            "its offset, e.g. 2026-12-07T08:00+01:00)"
        )
    return moment
