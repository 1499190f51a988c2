"""A Galaxy Trucker game's plan as typed data (its JSON form: generator/plan/model.py).

Tiles and cards are referred to by id, with their type (and a card's level) beside it so
plan.json reads on its own; dice are recorded as the two faces of each roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.plan.model import Plan, Slot


@dataclass(frozen=True)
class TileRef:
    id: str
    type: str


@dataclass(frozen=True)
class CardRef:
    id: str
    type: str  # the card's kind
    level: int


@dataclass(frozen=True)
class Event:
    card: CardRef
    rolls: tuple[tuple[int, int], ...]  # one 2d6 roll per hit of the card


@dataclass(frozen=True)
class BuildTurn:
    turn: int
    sets: tuple[tuple[TileRef, ...], ...]


@dataclass(frozen=True)
class FlightTurn:
    turn: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class RoundPlan:
    round: int
    ship: str
    build_turns: tuple[BuildTurn, ...]
    stacks: tuple[tuple[CardRef, ...], ...]
    hidden_stack: int  # the stack (1-based) nobody may peek at
    flight_turns: tuple[FlightTurn, ...]

    @property
    def events_per_turn(self) -> int:
        return len(self.flight_turns[0].events)

    def event_number(self, flight_index: int, offset: int) -> int:
        """Events are numbered through the round: turn 2's first event is 3 with 2 a turn."""
        return flight_index * self.events_per_turn + offset + 1


@dataclass(frozen=True)
class GalaxyTruckerPlan(Plan):
    rounds: tuple[RoundPlan, ...]
    schedule: tuple[Slot, ...]
    rhythm: dict[str, Any] | None = None  # the posting rhythm of a dated game (rhythm.py)
