"""The plan as typed data, and its one JSON form.

Every game's plan is a frozen dataclass that starts with the fields of `PlanHeader` (the
same for every game) and adds what its planner decides; nested parts are dataclasses and
tuples too. `to_data` turns a plan into JSON data (fields in declaration order, so the
file reads top-down) and `from_data` reads it back, checking every value's type and naming
the path of the first one that is wrong. `format` is the version of this JSON form: a plan
written in another format is refused with a clear error, never misread."""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any, TypeVar

from generator.common.errors import SheetgenError

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

    def turn_slot(self, turn: int) -> Slot:
        schedule: tuple[Slot, ...] = self.schedule  # type: ignore[attr-defined]
        return schedule[turn - 1]


@dataclass(frozen=True)
class DataPlan(PlanHeader):
    """The plan of a game whose planner still gives JSON data rather than dataclasses: the
    typed header, and the game's own part as data, read by key (`plan["rounds"]`). Its JSON
    form is the same flat object as a typed plan's; only the header is checked on reading."""

    data: dict[str, Any]

    @classmethod
    def make(cls, header: PlanHeader, data: dict[str, Any]) -> DataPlan:
        return cls(**vars(header), data=data)

    def __getitem__(self, key: str) -> Any:
        if key in HEADER_FIELDS:
            return getattr(self, key)
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return key in HEADER_FIELDS or key in self.data


HEADER_FIELDS = tuple(f.name for f in dataclasses.fields(PlanHeader))


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
    if isinstance(value, DataPlan):
        return {**{name: getattr(value, name) for name in HEADER_FIELDS}, **value.data}
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


def as_data(plan: Any) -> dict[str, Any]:
    """A plan in its JSON form, whether given typed or already as data (plan.json's)."""
    return plan if isinstance(plan, dict) else to_data(plan)


def _where(path: tuple[str | int, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "the plan"


# Per dataclass: its fields' types, its field names and those without a default. A plan has
# some 2,000 parts of a dozen classes; resolving the type hints again for each was most of
# reading one.
_READING: dict[type, tuple[dict[str, Any], tuple[str, ...], tuple[str, ...]]] = {}


def _reading(tp: type) -> tuple[dict[str, Any], tuple[str, ...], tuple[str, ...]]:
    found = _READING.get(tp)
    if found is None:
        fields = dataclasses.fields(tp)
        required = tuple(
            f.name
            for f in fields
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        )
        found = (typing.get_type_hints(tp), tuple(f.name for f in fields), required)
        _READING[tp] = found
    return found


def from_data(tp: type[T], data: Any, path: tuple[str | int, ...] = ()) -> T:
    """Read JSON data as `tp`; PlanError names the first value that does not fit."""
    return _read(tp, data, path)  # type: ignore[no-any-return]


def _read(tp: Any, data: Any, path: tuple[str | int, ...]) -> Any:
    origin = typing.get_origin(tp)
    if tp is DataPlan:
        if not isinstance(data, dict):
            raise PlanError(f"{_where(path)}: expected an object, got {type(data).__name__}")
        header = _read(PlanHeader, {k: data.get(k) for k in HEADER_FIELDS}, path)
        return DataPlan.make(header, {k: v for k, v in data.items() if k not in HEADER_FIELDS})
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise PlanError(f"{_where(path)}: expected an object, got {type(data).__name__}")
        hints, names, required = _reading(tp)
        unknown = sorted(set(data) - set(names))
        missing = [name for name in required if name not in data]
        if unknown or missing:
            what = "; ".join(
                part
                for part in (
                    f"unknown {', '.join(unknown)}" if unknown else "",
                    f"missing {', '.join(missing)}" if missing else "",
                )
                if part
            )
            raise PlanError(f"{_where(path)}: {what}")
        return tp(**{n: _read(hints[n], data[n], (*path, n)) for n in names if n in data})
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise PlanError(f"{_where(path)}: expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, (*path, i)) for i, item in enumerate(data))
        if len(args) != len(data):
            raise PlanError(f"{_where(path)}: expected {len(args)} values, got {len(data)}")
        return tuple(
            _read(a, item, (*path, i)) for i, (a, item) in enumerate(zip(args, data, strict=True))
        )
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        return _read(others[0], data, path)
    if tp is Any or origin is dict:
        if origin is dict and not isinstance(data, dict):
            raise PlanError(f"{_where(path)}: expected an object, got {type(data).__name__}")
        return data  # JSON kept as it is (a posting rhythm's record)
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise PlanError(f"{_where(path)}: expected a whole number, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise PlanError(f"{_where(path)}: expected text, got {data!r}")
        return data
    raise TypeError(f"plan type {tp!r} is not supported")  # a programming error, not input


def first_difference(a: Any, b: Any, path: tuple[str | int, ...] = ()) -> str | None:
    """Where two plans (as JSON data) first differ, as a path; None if they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
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
    return None if a == b else _where(path)


def read_plan(tp: type[T], data: Any, shown: str) -> T:
    """A recorded plan (plan.json's data) as `tp`; the file name in every error."""
    if not isinstance(data, dict):
        raise PlanError(f"{shown}: not a sheetgen plan (expected a JSON object)")
    if data.get("format") != PLAN_FORMAT:
        raise PlanError(
            f"{shown}: plan format {data.get('format')!r} (expected {PLAN_FORMAT}): it was "
            "written by another version of sheetgen; go on with that version, or start anew"
        )
    try:
        return from_data(tp, data)
    except PlanError as exc:
        raise PlanError(f"{shown}: {exc}") from None
