"""The Moon Drop pack's schema: what each YAML file may hold, as frozen msgspec Structs.

Shape checks live here; checks that need two files at once (every die face makes a module,
every rule the scorer needs has its written interpretation) live in `content.py`."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from generator.pack.validation import FieldError, Strict

Id = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9-]*\Z", max_length=40)]
Face = Annotated[int, Meta(ge=1, le=6)]
# Words players read: posts and sheets quote them, so an empty one is a content error.
Text = Annotated[str, Meta(min_length=1)]
Symbol = Literal["line", "triangle", "three-circles", "letter-q", "arch", "square"]
# The checks the scorer implements; a card names one of them.
CrisisRule = Literal["fire", "breach", "plague", "quake", "fungus", "sabotage"]
GoalRule = Literal["research", "mining", "efficiency", "population", "security"]
# The module types the rules speak of by name (Quarters, Corridors, ...): a pack must have them.
MODULE_IDS = ("corridor", "life-support", "hydroponics", "quarters", "dock", "research")


# --- game.yaml ---------------------------------------------------------------------------
class Grid(Strict, frozen=True, kw_only=True):
    rows: Annotated[int, Meta(ge=4, le=26)]
    columns: Annotated[int, Meta(ge=4, le=26)]


class Deal(Strict, frozen=True, kw_only=True):
    crises: Annotated[int, Meta(ge=0, le=6)]
    goals: Annotated[int, Meta(ge=1, le=1)]


class Schedule(Strict, frozen=True, kw_only=True):
    slots: Annotated[list[Annotated[str, Meta(min_length=1, max_length=30)]], Meta(min_length=1)]


class GameFile(Strict, frozen=True, kw_only=True):
    rules_revision: str
    grid: Grid
    rounds: Annotated[int, Meta(ge=1, le=30)]
    deal: Deal
    schedule: Schedule


# --- shapes.yaml -------------------------------------------------------------------------
Cell = tuple[Annotated[int, Meta(ge=0, le=3)], Annotated[int, Meta(ge=0, le=3)]]


class Shape(Strict, frozen=True, kw_only=True):
    id: Annotated[str, Meta(pattern=r"^[A-Z]\Z")]
    name: Text
    description: Text  # the shape and its numbering in words, for alt text
    face: Face
    cells: Annotated[list[Cell], Meta(min_length=4, max_length=4)]

    def __post_init__(self) -> None:
        cells = self.cells
        if len(set(cells)) != len(cells):
            raise FieldError("cells", "a cell is listed twice")
        seen = {cells[0]}
        grew = True
        while grew:
            grew = False
            for r, c in cells:
                if (r, c) not in seen and any(
                    (r + dr, c + dc) in seen for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                ):
                    seen.add((r, c))
                    grew = True
        if len(seen) != len(cells):
            raise FieldError("cells", "the cells are not joined side by side (expected one piece)")


class ShapesFile(Strict, frozen=True, kw_only=True):
    shapes: Annotated[list[Shape], Meta(min_length=1)]


# --- modules.yaml ------------------------------------------------------------------------
class Module(Strict, frozen=True, kw_only=True):
    id: Id
    name: Text
    letter: Annotated[str, Meta(pattern=r"^[A-Z]\Z")]
    faces: Annotated[list[Face], Meta(min_length=1)]
    symbol: Symbol
    drawn: Text


class ModulesFile(Strict, frozen=True, kw_only=True):
    modules: Annotated[list[Module], Meta(min_length=1)]


# --- cards.yaml --------------------------------------------------------------------------
class Crisis(Strict, frozen=True, kw_only=True):
    id: Id
    name: Text
    rule: CrisisRule
    safe: Text
    failed: Text


class Goal(Strict, frozen=True, kw_only=True):
    id: Id
    name: Text
    rule: GoalRule
    text: Text


class CardsFile(Strict, frozen=True, kw_only=True):
    crises: list[Crisis]
    goals: Annotated[list[Goal], Meta(min_length=1)]


# --- rules.yaml --------------------------------------------------------------------------
class Interpretation(Strict, frozen=True, kw_only=True):
    id: Id
    text: Text


class RulesFile(Strict, frozen=True, kw_only=True):
    safety_check: Annotated[list[Text], Meta(min_length=1)]
    # The words the rules use, for players (sheet and final post). Optional, so a game folder
    # holding an older copy of the pack still loads.
    definitions: list[Text] = field(default_factory=list)
    interpretations: list[Interpretation]


# --- texts.yaml --------------------------------------------------------------------------
class TextsFile(Strict, frozen=True, kw_only=True):
    game_name: Text
    how_to_play: Text
    round: Text
    last_round: Text
    final: Text
