"""The part of a plan every scheduled game shares, typed: the header, the schedule and the
posting rhythm (and the game options, which the reveal's check command repeats).

The core's calendar code (the host's month, moments, the posting guide, the calendar, the
month's posts, `today`, `digest`, the console, the reveal) reads a plan through this view
alone, by attribute: never the game's own part, never the plan's JSON form. It is made
from a game's typed plan (`shared_of`), or read from plan.json's data (`read_shared`) by
the commands that answer without loading the game's modules (a warm `today`): checked by
hand, without msgspec, since those commands must stay light."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from generator.common.errors import abridge
from generator.plan.model import PlanError, PlanHeader, Slot, check_format, to_data


@dataclass(frozen=True)
class SharedPlan(PlanHeader):
    """A plan's header, its calendar and its options: what the core reads of any game."""

    schedule: tuple[Slot, ...] = ()  # empty for a game that posts on no schedule (a table)
    # The posting rhythm of a dated game, as plan.json records it (rhythm.recorded reads it):
    # its schema (msgspec) is loaded only by the commands that need a rest day's reason.
    rhythm: dict[str, Any] | None = None
    # The game file's options as plan.json records them (`--option KEY=VALUE` of the reveal).
    options: dict[str, Any] | None = None

    @property
    def timezone(self) -> str | None:
        """The time zone the posting rhythm names (a change from a date may name another for
        later posts; each entry of the schedule has its own)."""
        name = self.rhythm.get("timezone") if self.rhythm is not None else None
        return name if isinstance(name, str) else None


# The fields of a game's plan that are also the shared view's (each game declares them).
SHARED_FIELDS = ("schedule", "rhythm", "options")
HEADER_FIELDS = tuple(f.name for f in dataclasses.fields(PlanHeader))


def shared_of(plan: PlanHeader) -> SharedPlan:
    """The shared part of a game's typed plan (a table game's plan: no schedule)."""
    if isinstance(plan, SharedPlan):
        return plan
    own = {
        f.name: getattr(plan, f.name)
        for f in dataclasses.fields(plan)
        if f.name in SHARED_FIELDS or f.name in HEADER_FIELDS
    }
    options = own.get("options")
    if options is not None:
        # A game's options are its own type (Keep on Trucking's TruckingOptions): the shared
        # view holds the form plan.json records, which is what the reveal prints.
        own["options"] = to_data(options)
    return SharedPlan(**own)


# What each key holds: the header's and a schedule entry's (Slot's) fields.
_TEXT = (str,)
_TEXT_OR_NONE = (str, type(None))
_HEADER_TYPES: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(HEADER_FIELDS, _TEXT),
    "format": (int,),
    "start": _TEXT_OR_NONE,
}
_SLOT_TYPES: dict[str, tuple[type, ...]] = {
    "turn": (int,),
    "day": (int,),
    "slot": _TEXT,
    **dict.fromkeys(("date", "time", "timezone", "at"), _TEXT_OR_NONE),
}
_SLOT_REQUIRED = ("turn", "day", "slot", "date")
_WORDS = {int: "a whole number", str: "text", type(None): "null"}


def _checked(value: Any, types: tuple[type, ...], where: str) -> Any:
    # bool is an int to Python, never to a plan (msgspec's strict reading says the same).
    if isinstance(value, bool) or not isinstance(value, types):
        what = " or ".join(_WORDS[t] for t in types)
        raise PlanError(f"{where}: expected {what}, got {abridge(repr(value), 60)}")
    return value


def _slot(entry: Any, where: str) -> Slot:
    if not isinstance(entry, dict):
        raise PlanError(f"{where}: expected an object, got {type(entry).__name__}")
    unknown = [str(k) for k in entry if k not in _SLOT_TYPES]
    missing = [k for k in _SLOT_REQUIRED if k not in entry]
    if unknown or missing:
        words = [f"unknown {', '.join(unknown)}"] if unknown else []
        words += [f"missing {', '.join(missing)}"] if missing else []
        raise PlanError(f"{where}: {'; '.join(words)}")
    return Slot(**{k: _checked(v, _SLOT_TYPES[k], f"{where}.{k}") for k, v in entry.items()})


def read_shared(data: Any, shown: str) -> SharedPlan:
    """plan.json's shared part as the typed view; PlanError (with the file name `shown`)
    names the first value that is not what a plan holds there. The game's own keys are
    left to the game's types (model.read_plan)."""
    data = check_format(data, shown)
    missing = [name for name in HEADER_FIELDS if name not in data]
    if missing:
        raise PlanError(f"{shown}: missing {', '.join(missing)}")
    header = {k: _checked(data[k], _HEADER_TYPES[k], f"{shown}: {k}") for k in HEADER_FIELDS}
    schedule = data.get("schedule", [])
    if not isinstance(schedule, list):
        raise PlanError(f"{shown}: schedule: expected a list, got {type(schedule).__name__}")
    slots = tuple(_slot(e, f"{shown}: schedule[{i}]") for i, e in enumerate(schedule))
    found: dict[str, dict[str, Any] | None] = {}
    for name in ("rhythm", "options"):
        value = data.get(name)
        if value is not None and not isinstance(value, dict):
            raise PlanError(f"{shown}: {name}: expected an object, got {type(value).__name__}")
        found[name] = value
    return SharedPlan(**header, schedule=slots, rhythm=found["rhythm"], options=found["options"])
