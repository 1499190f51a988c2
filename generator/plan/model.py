"""The plan as typed data, and its one JSON form.

Every game's plan is a frozen dataclass that starts with the fields of `PlanHeader` (the
same for every game) and adds what its planner decides; nested parts are dataclasses and
tuples too. `to_data` turns a plan into JSON data (fields in declaration order, so the
file reads top-down) and `from_data` reads it back (pydantic validates the dataclasses
themselves), naming the path of the first value that is wrong. `format` is the version
of this JSON form: a plan written in another format is refused with a clear error, never
misread."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from generator.common.errors import SheetgenError, abridge

if TYPE_CHECKING:
    # Read only when a plan is read (from_data): writing one needs no pydantic.
    from pydantic import ConfigDict, TypeAdapter
    from pydantic_core import ErrorDetails

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
    # pydantic reads plan.json into these dataclasses (from_data): a key no field names is
    # an error. The parts of a plan (dataclasses without a setting of their own) follow it.
    __pydantic_config__: ClassVar[ConfigDict] = {"extra": "forbid"}

    def header(self) -> PlanHeader:
        return PlanHeader(**{f.name: getattr(self, f.name) for f in dataclasses.fields(PlanHeader)})


@dataclass(frozen=True)
class Plan(PlanHeader):
    """A game's plan: the header, the game's own decisions, and the calendar (last)."""

    if TYPE_CHECKING:
        # Each game's plan declares its calendar as its last field (after its own).
        schedule: tuple[Slot, ...]

    def turn_slot(self, turn: int) -> Slot:
        return self.schedule[turn - 1]


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


def as_data(plan: Any) -> dict[str, Any]:
    """A plan in its JSON form, whether given typed or already as data (plan.json's)."""
    return plan if isinstance(plan, dict) else to_data(plan)


def _where(path: tuple[str | int, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "the plan"


def from_data(tp: type[T], data: Any) -> T:
    """Read JSON data as `tp` (pydantic, strictly: a number is never read from text, nor
    a whole number from 1.0 or true); PlanError names the first value that does not fit."""
    from pydantic import ValidationError

    try:
        # As JSON (which a plan is): pydantic's strict JSON mode reads an array as a tuple.
        found: T = _adapter(tp).validate_json(json.dumps(data), strict=True)
        return found
    except ValidationError as exc:
        raise PlanError(_first_problem(exc.errors())) from None


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(tp: type) -> TypeAdapter[Any]:
    """The reader of a plan type, made once (its schema is built from every part's fields)."""
    from pydantic import TypeAdapter

    found = _ADAPTERS.get(tp)
    if found is None:
        found = _ADAPTERS[tp] = TypeAdapter(tp)
    return found


def _first_problem(errors: list[ErrorDetails]) -> str:
    """What is wrong with the first value pydantic refused, said as a host reads it: for a
    key unknown or missing, every key unknown or missing in that same object."""
    first = errors[0]
    loc, kind, given = tuple(first["loc"]), first["type"], first.get("input")
    if kind in ("missing", "unexpected_keyword_argument") and loc and isinstance(loc[-1], str):
        parent = loc[:-1]
        named = {"unexpected_keyword_argument": "unknown", "missing": "missing"}
        words = []
        for key, word in named.items():
            keys = [
                str(e["loc"][-1]) for e in errors if e["type"] == key and e["loc"][:-1] == parent
            ]
            if keys:
                words.append(f"{word} {', '.join(keys)}")
        return f"{_where(parent)}: {'; '.join(words)}"
    count = len(given) if isinstance(given, list) else 0
    if kind == "missing":  # a value short in a list of fixed length
        return f"{_where(loc[:-1])}: expected more values, got {count}"
    shown, of_type = abridge(repr(given), 60), type(given).__name__
    expected = {
        "int_type": f"a whole number, got {shown}",
        "string_type": f"text, got {shown}",
        "dataclass_type": f"an object, got {of_type}",
        "dict_type": f"an object, got {of_type}",
        "tuple_type": f"a list, got {of_type}",
        "too_long": f"fewer values, got {count}",
    }.get(kind)
    if expected is None:
        message = first["msg"]
        return f"{_where(loc)}: {message[:1].lower()}{message[1:]}"
    return f"{_where(loc)}: expected {expected}"


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
