"""The plan as typed data, and its one JSON form.

Every game's plan is a frozen dataclass that starts with the fields of `PlanHeader` (the
same for every game) and adds what its planner decides; nested parts are dataclasses and
tuples too. `to_data` turns a plan into JSON data (fields in declaration order, so the
file reads top-down) and `from_data` reads it back (msgspec reads the dataclasses
themselves), naming the path of the first value that is wrong. `format` is the version
of this JSON form: a plan written in another format is refused with a clear error, never
misread."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from generator.common.errors import SheetgenError, abridge

PLAN_FORMAT = 1

T = TypeVar("T")


class PlanError(SheetgenError):
    """A recorded plan that cannot be read, or that is not the plan of its game."""


@dataclass(frozen=True)
class Slot:
    """One turn's place in the calendar: turn 5 is day 3, morning (and a date if known);
    with a posting rhythm (rhythm.py) also the local time, its zone and the moment."""

    turn: int
    day: int
    slot: str
    date: str | None
    time: str | None = None
    timezone: str | None = None
    at: str | None = None


@dataclass(frozen=True)
class PlanHeader:
    """What identifies a game; the first fields of every game's plan."""

    format: int
    pack: str
    pack_version: str
    content_digest: str
    seed: str
    commitment: str
    game_id: str
    start: str | None

    def header(self) -> PlanHeader:
        return PlanHeader(**{f.name: getattr(self, f.name) for f in dataclasses.fields(PlanHeader)})


@dataclass(frozen=True)
class Plan(PlanHeader):
    """A game's plan: the header, the game's own decisions, and the calendar (last)."""

    if TYPE_CHECKING:
        # Each game's plan declares its calendar as its last field (after its own).
        schedule: tuple[Slot, ...]


# Each dataclass's fields, looked up once: a game's plan has some 25,000 parts, and a command
# turns it to data several times (asking dataclasses for each part's fields cost more than
# the copying).
_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
_PLAIN = (str, int, float, bool, type(None))


def _fields_of(cls: type) -> tuple[tuple[str, bool], ...] | None:
    """(name, left out when None) for each field of a dataclass; None for other types. An
    optional field left at None is not written: plans without it read as before."""
    found = _FIELDS.get(cls)
    if found is None and dataclasses.is_dataclass(cls):
        found = _FIELDS[cls] = tuple((f.name, f.default is None) for f in dataclasses.fields(cls))
    return found


def to_data(value: Any) -> Any:
    """JSON data for a plan or any part of it."""
    cls = type(value)
    if cls in _PLAIN:
        return value
    fields = _fields_of(cls)
    if fields is not None:
        data = {}
        for name, optional in fields:
            item = getattr(value, name)
            if item is None and optional:
                continue
            data[name] = to_data(item)
        return data
    if isinstance(value, dict):
        return {k: to_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_data(item) for item in value]
    return value


def _where(path: tuple[str | int, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "the plan"


def from_data(tp: type[T], data: Any) -> T:
    """Read JSON data as `tp` (msgspec, strictly: a number is never read from text, nor a
    whole number from 1.0 or true); PlanError names the first value that does not fit, or
    the keys no field names in the first part that has such keys."""
    import msgspec

    try:
        found: T = msgspec.convert(data, tp, strict=True)
    except msgspec.ValidationError as exc:
        raise PlanError(_problem(tp, data, str(exc))) from None
    # msgspec reads a dataclass past keys it does not name: a plan's are refused here.
    unknown = _first_unknown(found, data, ())
    if unknown is not None:
        raise PlanError(unknown)
    return found


def _first_unknown(value: Any, data: Any, path: tuple[str | int, ...]) -> str | None:
    """The first part of `data` (read as `value`) with keys its dataclass does not name."""
    fields = _fields_of(type(value))
    if fields is not None and isinstance(data, dict):
        names = [name for name, _ in fields]
        unknown = [str(key) for key in data if key not in names]
        if unknown:
            return f"{_where(path)}: unknown {', '.join(unknown)}"
        for name in names:
            found = _first_unknown(getattr(value, name), data.get(name), (*path, name))
            if found is not None:
                return found
    elif isinstance(value, dict) and isinstance(data, dict):
        for key, item, given in zip(value, value.values(), data.values(), strict=False):
            found = _first_unknown(item, given, (*path, key))
            if found is not None:
                return found
    elif isinstance(value, list | tuple) and isinstance(data, list):
        for index, (item, given) in enumerate(zip(value, data, strict=False)):
            found = _first_unknown(item, given, (*path, index))
            if found is not None:
                return found
    return None


_MISSING = re.compile(r"Object missing required field `(.*)`$")
_TYPE = re.compile(r"Expected `([^`]*)`, got `[^`]*`$")
_LENGTH = re.compile(r"Expected `array` of length (\d+), got (\d+)$")
_WORDS = {"int": "a whole number", "str": "text", "float": "a number", "bool": "true or false"}


def _problem(tp: Any, data: Any, error: str) -> str:
    """msgspec's refusal said as a host reads it: for a key missing, every key missing or
    unknown in that same object."""
    from generator.pack.validation import error_location

    message, path = error_location(error)
    given = _get(data, path)
    if found := _MISSING.match(message):
        parent = _type_at(tp, path)
        names = [f.name for f in dataclasses.fields(parent)] if _is_dataclass(parent) else []
        required = [
            f.name
            for f in (dataclasses.fields(parent) if _is_dataclass(parent) else ())
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        ]
        words = []
        unknown = [str(k) for k in given if k not in names] if isinstance(given, dict) else []
        if unknown:
            words.append(f"unknown {', '.join(unknown)}")
        missing = [n for n in required if not isinstance(given, dict) or n not in given]
        words.append(f"missing {', '.join(missing or [found[1]])}")
        return f"{_where(path)}: {'; '.join(words)}"
    if found := _LENGTH.match(message):
        more = int(found[1]) > int(found[2])
        return f"{_where(path)}: expected {'more' if more else 'fewer'} values, got {found[2]}"
    if found := _TYPE.match(message):
        wanted = [t for t in found[1].split(" | ") if t != "null"]
        if wanted and wanted[0] in ("object", "array"):
            what = "an object" if wanted[0] == "object" else "a list"
            got = "null" if given is None else type(given).__name__  # JSON's word, not NoneType
            return f"{_where(path)}: expected {what}, got {got}"
        what = " or ".join(_WORDS.get(t, t) for t in wanted)
        # plan.json's own word for a truth value (`true`), not Python's (`True`).
        got = str(given).lower() if isinstance(given, bool) else abridge(repr(given), 60)
        return f"{_where(path)}: expected {what}, got {got}"
    return f"{_where(path)}: {message[:1].lower()}{message[1:]}"


def _is_dataclass(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _bare(tp: Any) -> Any:
    """The type without `| None`."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


def _type_at(tp: Any, path: tuple[str | int, ...]) -> Any:
    """The plan type's part at `path` (None where it has none)."""
    for part in path:
        tp = _bare(tp)
        args = typing.get_args(tp)
        origin = typing.get_origin(tp)
        if _is_dataclass(tp):
            tp = typing.get_type_hints(tp).get(str(part))
        elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            tp = args[0]
        elif origin is tuple and isinstance(part, int) and part < len(args):
            tp = args[part]
        elif origin is list and args:
            tp = args[0]
        elif origin is dict and len(args) == 2:
            tp = args[1]
        else:
            return None
    return _bare(tp)


def _get(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def same_data(a: Any, b: Any) -> bool:
    """Two plans (as JSON data) alike value for value and type for type: Python's `==`
    takes `true` for 1 and 1.0 for 1, so a hand-edited `"format": true` would pass for the
    plan written."""
    return first_difference(a, b) is None


def first_difference(a: Any, b: Any, path: tuple[str | int, ...] = ()) -> str | None:
    """Where two plans (as JSON data) first differ, as a path; None if they are equal (of
    the same JSON type too: `true` is not 1, 1.0 is not 1, a key set to null is no key
    missing)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if (key in a) != (key in b):
                return _where((*path, key))
            found = first_difference(a.get(key), b.get(key), (*path, key))
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, (*path, i))
            if found:
                return found
        return None if len(a) == len(b) else _where(path)
    return None if type(a) is type(b) and a == b else _where(path)


def check_format(data: Any, shown: str) -> dict[str, Any]:
    """plan.json's data, refused unless it is a plan in this version's format."""
    if not isinstance(data, dict):
        raise PlanError(f"{shown}: not a sheetgen plan (expected a JSON object)")
    found = data.get("format")
    # Any value that is no whole number (`true`, 1.0, "1") is refused by `from_data` below,
    # saying what was expected.
    if found is None or (type(found) is int and found != PLAN_FORMAT):
        raise PlanError(
            f"{shown}: plan format {data.get('format')!r} (expected {PLAN_FORMAT}): it was "
            "written by another version of sheetgen; go on with that version, or start anew"
        )
    return data


def read_plan(tp: type[T], data: Any, shown: str) -> T:
    """A recorded plan (plan.json's data) as `tp`; the file name in every error."""
    check_format(data, shown)
    try:
        return from_data(tp, data)
    except PlanError as exc:
        raise PlanError(f"{shown}: {exc}") from None
