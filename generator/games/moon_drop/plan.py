"""A Moon Drop game's plan as typed data (its JSON form: generator/plan/model.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.plan.model import Plan, Slot


@dataclass(frozen=True)
class Deal:
    crises: tuple[str, ...]  # the face-up crisis cards, by id
    goal: str


@dataclass(frozen=True)
class BlockCell:
    """One square of a round's block: its number (lowest white die on 1), where it sits
    in the shape, the die face and the modules that face makes."""

    cell: int
    row: int
    column: int
    face: int
    modules: tuple[str, ...]


@dataclass(frozen=True)
class RoundPlan:
    round: int
    turn: int
    blue: int
    white: tuple[int, ...]  # as rolled
    shape: str
    block: tuple[BlockCell, ...]


@dataclass(frozen=True)
class End:
    crisis_order: tuple[str, ...]


@dataclass(frozen=True)
class MoonDropPlan(Plan):
    rules_revision: str
    deal: Deal
    rounds: tuple[RoundPlan, ...]
    end: End
    schedule: tuple[Slot, ...]
    # The game file's options: {"variations": [...]} (options.py); unset without them.
    options: dict[str, Any] | None = None
    rhythm: dict[str, Any] | None = None  # the posting rhythm of a dated game (rhythm.py)
