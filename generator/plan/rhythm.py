"""The host's posting rhythm: clock times per slot, a time zone, dates to skip, rest days.

The rhythm turns game days (1..N) into calendar dates and clock times. It is pure
arithmetic on dates and never touches a random stream, so changing it cannot change what a
post shows, only when it goes out. A change that takes effect `from` a date leaves every post
before that date where it was: a host may move the afternoon post or add a holiday
mid-game without moving anything already published."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence
from typing import Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import msgspec
from msgspec import Meta, field

from generator.common.errors import SheetgenError
from generator.pack.document import PathKey, format_path
from generator.pack.validation import FieldError, Strict
from generator.plan.clock import DEFAULT_TIMEZONE as DEFAULT_TIMEZONE
from generator.plan.clock import moment as moment
from generator.plan.model import Slot

DEFAULT_TIMES = ("08:00", "17:00")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MAX_SKIP_DATES = 1000
# A rhythm that skips every day would search for a posting day forever.
MAX_SEARCH_DAYS = 3660
_TIME = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
BASE_TIMES: PathKey = ("times",)


class RhythmError(SheetgenError):
    """A rhythm this game cannot post to. `field`: where in `rhythm:` the fault is written
    (`("times",)`, `("changes", 1, "times")`, `()` for the whole), so a game file's error can
    name its line; `detail`: what is wrong."""

    def __init__(self, field: PathKey, detail: str) -> None:
        self.field = field
        self.detail = detail
        super().__init__(f"{format_path(('rhythm', *field))}: {detail}")


def _check_time(value: str) -> str:
    if not _TIME.match(value):
        raise ValueError(f'expected a time "HH:MM" on the 24-hour clock (got {value!r})')
    return value


def _check_times(times: dict[str, str]) -> None:
    for time in times.values():
        try:
            _check_time(time)
        except ValueError as exc:
            raise FieldError("times", str(exc)) from None


def _check_zone(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_+\-]+(/[A-Za-z0-9_+\-]+)*", value) or len(value) > 64:
        raise ValueError(f"{value!r} is not a time zone name (expected e.g. Europe/Amsterdam)")
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        near = sorted(z for z in available_timezones() if value.lower() in z.lower())[:3]
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise ValueError(
            f"unknown time zone {value!r} (expected an IANA name such as Europe/Amsterdam){hint}"
        ) from None
    return value


def _check_weekdays(value: Any) -> list[str]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise ValueError("expected a weekday name or a list of them")
    days = []
    for item in items:
        name = str(item).strip().lower()
        if name == "none":
            continue
        if name not in WEEKDAYS:
            raise ValueError(f"{item!r} is not a weekday (expected one of {', '.join(WEEKDAYS)})")
        days.append(name)
    if len(set(days)) == len(WEEKDAYS):
        raise ValueError("every weekday is a rest day: the game would never post")
    return sorted(set(days), key=WEEKDAYS.index)


def _check_fields(model: Rhythm | RhythmChange) -> None:
    """The times, zone and rest days of a rhythm or a change: rest days in their one form (a
    weekday or a list of them, as a list in the week's order)."""
    _check_times(model.times)
    if model.timezone is not None:
        try:
            _check_zone(model.timezone)
        except ValueError as exc:
            raise FieldError("timezone", str(exc)) from None
    if model.rest_days is not None:
        try:
            days = _check_weekdays(model.rest_days)
        except ValueError as exc:
            raise FieldError("rest_days", str(exc)) from None
        msgspec.structs.force_setattr(model, "rest_days", days)


Times = Annotated[dict[str, str], Meta(max_length=12)]


class RhythmChange(Strict, frozen=True, kw_only=True):
    """From a date on, other times, another zone or other rest days."""

    from_: dt.date = field(name="from")
    times: Times = field(default_factory=dict)
    timezone: str | None = None
    # A weekday or a list of them; a list once checked (__post_init__).
    rest_days: str | list[str] | None = None

    def __post_init__(self) -> None:
        _check_fields(self)


class Rhythm(Strict, frozen=True, kw_only=True):
    """`rhythm:` in a game file. Every field is optional."""

    timezone: str = DEFAULT_TIMEZONE
    times: Times = field(default_factory=dict)
    skip: Annotated[list[dt.date], Meta(max_length=MAX_SKIP_DATES)] = field(default_factory=list)
    # A weekday or a list of them; a list once checked (__post_init__).
    rest_days: str | list[str] = field(default_factory=list)
    changes: Annotated[list[RhythmChange], Meta(max_length=100)] = field(default_factory=list)

    def __post_init__(self) -> None:
        _check_fields(self)
        dates = [c.from_ for c in self.changes]
        if dates != sorted(dates) or len(set(dates)) != len(dates):
            raise FieldError("changes", "changes must be in date order, one per date")

    def record(self) -> dict[str, Any]:
        """The rhythm as plan.json keeps it (read back with `recorded`)."""
        record: dict[str, Any] = msgspec.to_builtins(self)
        return record


def recorded(record: Any) -> Rhythm:
    """A rhythm as plan.json keeps it, validated (a ValueError says what is wrong). Most
    games post to the default rhythm, whose record needs no validating: it is the default's
    own (tests/test_rhythm.py holds it to a validated one)."""
    if record == _DEFAULT_RECORD:
        return Rhythm()
    return msgspec.convert(record, Rhythm, strict=False)


_DEFAULT_RECORD = Rhythm().record()


def slot_times(
    slots: list[str], times: dict[str, str], field: PathKey = BASE_TIMES
) -> dict[str, str]:
    """The clock time of every slot: the given ones, else 08:00 for the first slot and 17:00
    for the second. A third slot needs its time given. `field`: where these times are
    written (the base's, or a change's that brought them)."""
    unknown = sorted(set(times) - set(slots))
    if unknown:
        raise RhythmError(
            field, f"{unknown[0]!r} is not a slot of this game (slots: {', '.join(slots)})"
        )
    result = {}
    for index, slot in enumerate(slots):
        if slot in times:
            result[slot] = times[slot]
        elif index < len(DEFAULT_TIMES):
            result[slot] = DEFAULT_TIMES[index]
        else:
            raise RhythmError(field, f"give a time for the slot {slot!r}")
    order = [result[s] for s in slots]
    if order != sorted(order) or len(set(order)) != len(order):
        raise RhythmError(
            field,
            "the slots must be in the order of the day "
            f"({', '.join(f'{s} {result[s]}' for s in slots)})",
        )
    return result


class _Effective:
    """The rhythm in force on each date: the base with every change up to that date."""

    def __init__(self, rhythm: Rhythm, slots: list[str]) -> None:
        self.skip = set(rhythm.skip)
        self.periods: list[tuple[dt.date | None, str, dict[str, str], set[int]]] = []
        # Per period, where each slot's time is written (the base's times, or the change
        # that last set it): an error about a post's time names that line of a game file.
        self.written: list[dict[str, PathKey]] = []
        zone, times, rest = rhythm.timezone, dict(rhythm.times), rhythm.rest_days
        written = dict.fromkeys(slots, BASE_TIMES)
        self.periods.append((None, zone, slot_times(slots, times), _weekday_numbers(rest)))
        self.written.append(written)
        for index, change in enumerate(rhythm.changes):
            zone = change.timezone or zone
            times.update(change.times)
            field: PathKey = ("changes", index, "times")
            written = {**written, **dict.fromkeys(change.times, field)}
            rest = change.rest_days if change.rest_days is not None else rest
            self.periods.append(
                (
                    change.from_,
                    zone,
                    slot_times(slots, times, field if change.times else BASE_TIMES),
                    _weekday_numbers(rest),
                )
            )
            self.written.append(written)

    def on(self, date: dt.date) -> tuple[str, dict[str, str], set[int]]:
        chosen = self.periods[self._period(date)]
        return chosen[1], chosen[2], chosen[3]

    def written_at(self, date: dt.date, slot: str) -> PathKey:
        """Where the time of `slot` in force on `date` is written."""
        return self.written[self._period(date)].get(slot, BASE_TIMES)

    def _period(self, date: dt.date) -> int:
        chosen = 0
        for index, period in enumerate(self.periods[1:], 1):
            if period[0] is not None and period[0] <= date:
                chosen = index
        return chosen

    def posts_on(self, date: dt.date) -> bool:
        _, _, rest = self.on(date)
        return date not in self.skip and date.weekday() not in rest


def why_no_posts(rhythm: Rhythm, date: dt.date, slots: list[str]) -> str | None:
    """Why the rhythm posts nothing on `date` ("it is a skipped date", "Sunday is a rest
    day"), or None when it is a posting date."""
    effective = _Effective(rhythm, slots)
    if date in effective.skip:
        return "it is a skipped date"
    _, _, rest = effective.on(date)
    if date.weekday() in rest:
        return f"{WEEKDAYS[date.weekday()].capitalize()} is a rest day"
    return None


def next_posting_date(rhythm: Rhythm, after: dt.date, slots: list[str]) -> dt.date:
    """The first date after `after` the rhythm posts on (a rest day or a skipped date is
    passed over), within ten years."""
    effective = _Effective(rhythm, slots)
    date = after
    for _ in range(MAX_SEARCH_DAYS):
        date = _next_day(date, 1)
        if effective.posts_on(date):
            return date
    raise SheetgenError("rhythm: no posting day in ten years (check skip and rest_days)")


def _weekday_numbers(names: str | list[str]) -> set[int]:
    # A list once the rhythm is checked; one name is a list of one all the same.
    return {WEEKDAYS.index(n) for n in ([names] if isinstance(names, str) else names)}


def game_dates(start: dt.date, days: int, rhythm: Rhythm, slots: list[str]) -> list[dt.date]:
    """The calendar date of each game day: day 1 on the first posting date from `start`,
    each later day on the next posting date."""
    effective = _Effective(rhythm, slots)
    dates: list[dt.date] = []
    date = start
    for _ in range(days):
        searched = 0
        while not effective.posts_on(date):
            date = _next_day(date, days)
            searched += 1
            if searched > MAX_SEARCH_DAYS:
                raise SheetgenError(
                    "rhythm: no posting day in ten years (check skip and rest_days)"
                )
        dates.append(date)
        date = _next_day(date, days)
    return dates


def _next_day(date: dt.date, days: int) -> dt.date:
    try:
        return date + dt.timedelta(days=1)
    except OverflowError:
        raise SheetgenError(
            f"rhythm: the game's {days} posting days would run past the year 9999 with its "
            "rest days and skipped dates (expected an earlier start)"
        ) from None


def apply_rhythm(
    schedule: Sequence[Slot], start: dt.date, rhythm: Rhythm, slots: list[str]
) -> tuple[Slot, ...]:
    """The schedule with each turn's date, local time and moment (ISO 8601 with offset)."""
    effective = _Effective(rhythm, slots)
    days = max((s.day for s in schedule), default=0)
    dates = game_dates(start, days, rhythm, slots)
    timed = []
    for entry in schedule:
        date = dates[entry.day - 1]
        zone, times, _ = effective.on(date)
        clock = dt.time.fromisoformat(times[entry.slot])
        moment = dt.datetime.combine(date, clock, tzinfo=ZoneInfo(zone))
        _refuse_missing_time(moment, entry.slot, effective.written_at(date, entry.slot))
        timed.append(
            dataclasses.replace(
                entry,
                date=date.isoformat(),
                time=times[entry.slot],
                timezone=zone,
                at=moment.isoformat(),
            )
        )
    return tuple(timed)


def _refuse_missing_time(moment: dt.datetime, slot: str, field: PathKey) -> None:
    """A clock time that the zone skips (02:30 on the night the clocks go forward) does not
    exist: Python would quietly post it an hour later, so the host chooses instead."""
    there = moment.astimezone(dt.UTC).astimezone(moment.tzinfo)
    if there.replace(tzinfo=None) != moment.replace(tzinfo=None):
        raise RhythmError(
            field,
            f"the {slot} post at {moment:%H:%M} on {moment.date().isoformat()} does not "
            f"exist in {moment.tzinfo} (the clocks go forward that night; expected another "
            "time, or a change of times from that date)",
        )


def moved_past_posts(old: Sequence[Slot], new: Sequence[Slot], now: dt.datetime) -> list[Slot]:
    """Entries of the old schedule already due by `now` that the new schedule moves: a
    rhythm edited in place instead of under `changes:` with a `from:` date."""
    moved = []
    later = {e.turn: e for e in new}
    for entry in old:
        was = moment(entry)
        if was is None or was > now:
            continue
        if entry.turn in later and later[entry.turn].at != entry.at:
            moved.append(entry)
    return moved
