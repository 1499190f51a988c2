"""iCalendar text (RFC 5545) for the few properties sheetgen's calendar has, written here
rather than by the icalendar library: that library's import and its objects were a twentieth
of a game's work, and how it folds lines has changed between its releases, so the calendar's
bytes depended on which release a host had installed. These are the bytes icalendar 7
writes for the same calendar (tests/test_ics_text.py compares them); icalendar still reads a
folder's earlier calendar (render/calendar_ics.py).

- A component is BEGIN, its properties in the order given, its components, END.
- TEXT values are escaped as icalendar escapes them (a literal `\\N` is read as a line
  break first, as it does); an X- property's value is not (icalendar's "unknown" type).
- A content line longer than 74 octets is folded before the character that would reach
  75, never between a backslash and the character it escapes; each further line starts
  with a space. Lines end in CRLF."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

FOLD_AT = 75  # octets a line reaches before it is folded (RFC 5545 3.1: at most 75)
ESCAPE_PREFIXES = "\\^"  # never left at a line's end: the escape would be cut in two


@dataclass(frozen=True)
class Component:
    """BEGIN:<name>, its (name, value) lines already as iCalendar values, its components."""

    name: str
    lines: Sequence[tuple[str, str]]
    components: Sequence[Component] = field(default=())


def text(value: str) -> str:
    """A TEXT value (RFC 5545 3.3.11), escaped."""
    return (
        value.replace(r"\N", "\n")
        .replace("\\", "\\\\")
        .replace(";", r"\;")
        .replace(",", r"\,")
        .replace("\r\n", r"\n")
        .replace("\n", r"\n")
        .replace("\r", r"\n")
    )


def unknown(value: str) -> str:
    """The value of a property of no known type (an X- property such as X-WR-CALNAME), as
    icalendar writes one: unescaped. A line break, which it refuses, is written as `\\n`."""
    return value.replace("\r\n", r"\n").replace("\n", r"\n").replace("\r", r"\n")


def utc_time(moment: dt.datetime) -> str:
    """A DATE-TIME in UTC, `20261205T080000Z` (RFC 5545 3.3.5, form 2)."""
    at = moment.astimezone(dt.UTC)
    return f"{at.year:04d}{at.month:02d}{at.day:02d}T{at.hour:02d}{at.minute:02d}{at.second:02d}Z"


def duration(span: dt.timedelta) -> str:
    """A DURATION (RFC 5545 3.3.6) as icalendar writes one: `-PT15M`, `P1DT2H`, `P0D`."""
    sign = ""
    if span.days < 0:
        sign, span = "-", -span
    time = ""
    if span.seconds:
        hours, minutes, seconds = span.seconds // 3600, span.seconds % 3600 // 60, span.seconds % 60
        time = "T" + (f"{hours}H" if hours else "")
        time += f"{minutes}M" if minutes or (hours and seconds) else ""
        time += f"{seconds}S" if seconds else ""
    if span.days == 0 and time:
        return f"{sign}P{time}"
    return f"{sign}P{span.days}D{time}"


def fold(line: str) -> str:
    """One content line folded to lines of fewer than 75 octets (after a continuation
    line's leading space)."""
    if len(line) < FOLD_AT and line.isascii():
        return line
    pieces: list[str] = []
    current: list[str] = []
    count = 0
    for char in line:
        size = len(char.encode("utf-8"))
        if current and count + size >= FOLD_AT:
            if len(current) > 1 and current[-1] in ESCAPE_PREFIXES:
                carried = current.pop()
                pieces.append("".join(current))
                current, count = [carried], len(carried.encode("utf-8"))
            else:
                pieces.append("".join(current))
                current, count = [], 0
        current.append(char)
        count += size
    if current:
        pieces.append("".join(current))
    return "\r\n ".join(pieces)


def _lines(component: Component, out: list[str]) -> None:
    out.append(f"BEGIN:{component.name}")
    out.extend(fold(f"{name}:{value}") for name, value in component.lines)
    for inner in component.components:
        _lines(inner, out)
    out.append(f"END:{component.name}")


def to_ical(component: Component) -> bytes:
    """The component as an iCalendar file's bytes."""
    out: list[str] = []
    _lines(component, out)
    return ("\r\n".join(out) + "\r\n").encode("utf-8")
