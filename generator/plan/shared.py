"""The part of a plan every scheduled game shares, typed: the header, the schedule and the
posting rhythm (and the game options, which the reveal's check command repeats).

The core's calendar code (the host's month, moments, the posting guide, the calendar, the
month's posts, `today`, `digest`, the console, the reveal) reads a plan through this view
alone, by attribute: never the game's own part, never the plan's JSON form. It is made
from a game's typed plan (`shared_of`), or read from plan.json's data (`read_shared`) by
the commands that answer without loading the game's modules (a warm `today`), as strictly
as a whole plan is read (msgspec, model.from_data)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from generator.plan.model import PlanError, PlanHeader, Slot, check_format, from_data, to_data


@dataclass(frozen=True)
class SharedPlan(PlanHeader):
    """A plan's header, its calendar and its options: what the core reads of any game."""

    schedule: tuple[Slot, ...] = ()  # empty for a game that posts on no schedule (a table)
    # The posting rhythm of a dated game, as plan.json records it (rhythm.recorded reads it):
    # its schema (plan/rhythm.py) is loaded only by the commands that need a rest day's reason.
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


def read_shared(data: Any, shown: str) -> SharedPlan:
    """plan.json's shared part as the typed view, read as strictly as a whole plan is
    (model.from_data); PlanError (with the file name `shown`) names the first value that is
    not what a plan holds there. The game's own keys are left to the game's types
    (model.read_plan)."""
    data = check_format(data, shown)
    shared = {k: v for k, v in data.items() if k in HEADER_FIELDS or k in SHARED_FIELDS}
    try:
        return from_data(SharedPlan, shared)
    except PlanError as exc:
        raise PlanError(f"{shown}: {exc}") from None
