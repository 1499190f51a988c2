"""The Moon Drop pack's schema: what each YAML file may hold, as frozen pydantic models.

Shape checks live here; checks that need two files at once (every die face makes a module,
every rule the scorer needs has its written interpretation) live in `content.py`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from generator.pack.legacy_pydantic import Strict

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
Face = Annotated[int, Field(ge=1, le=6)]
# Words players read: posts and sheets quote them, so an empty one is a content error.
Text = Annotated[str, Field(min_length=1)]
Symbol = Literal["line", "triangle", "three-circles", "letter-q", "arch", "square"]
# The checks the scorer implements; a card names one of them.
CrisisRule = Literal["fire", "breach", "plague", "quake", "fungus", "sabotage"]
GoalRule = Literal["research", "mining", "efficiency", "population", "security"]
# The module types the rules speak of by name (Quarters, Corridors, ...): a pack must have them.
MODULE_IDS = ("corridor", "life-support", "hydroponics", "quarters", "dock", "research")


# --- game.yaml ---------------------------------------------------------------------------
class Grid(Strict):
    rows: Annotated[int, Field(ge=4, le=26)]
    columns: Annotated[int, Field(ge=4, le=26)]


class Deal(Strict):
    crises: Annotated[int, Field(ge=0, le=6)]
    goals: Annotated[int, Field(ge=1, le=1)]


class Schedule(Strict):
    slots: Annotated[list[Annotated[str, Field(min_length=1, max_length=30)]], Field(min_length=1)]


class GameFile(Strict):
    rules_revision: str
    grid: Grid
    rounds: Annotated[int, Field(ge=1, le=30)]
    deal: Deal
    schedule: Schedule


# --- shapes.yaml -------------------------------------------------------------------------
Cell = tuple[Annotated[int, Field(ge=0, le=3)], Annotated[int, Field(ge=0, le=3)]]


class Shape(Strict):
    id: Annotated[str, Field(pattern=r"^[A-Z]$")]
    name: Text
    description: Text  # the shape and its numbering in words, for alt text
    face: Face
    cells: Annotated[list[Cell], Field(min_length=4, max_length=4)]

    @field_validator("cells")
    @classmethod
    def _one_piece(cls, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if len(set(cells)) != len(cells):
            raise ValueError("a cell is listed twice")
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
            raise ValueError("the cells are not joined side by side (expected one piece)")
        return cells


class ShapesFile(Strict):
    shapes: Annotated[list[Shape], Field(min_length=1)]


# --- modules.yaml ------------------------------------------------------------------------
class Module(Strict):
    id: Id
    name: Text
    letter: Annotated[str, Field(pattern=r"^[A-Z]$")]
    faces: Annotated[list[Face], Field(min_length=1)]
    symbol: Symbol
    drawn: Text


class ModulesFile(Strict):
    modules: Annotated[list[Module], Field(min_length=1)]


# --- cards.yaml --------------------------------------------------------------------------
class Crisis(Strict):
    id: Id
    name: Text
    rule: CrisisRule
    safe: Text
    failed: Text


class Goal(Strict):
    id: Id
    name: Text
    rule: GoalRule
    text: Text


class CardsFile(Strict):
    crises: list[Crisis]
    goals: Annotated[list[Goal], Field(min_length=1)]


# --- rules.yaml --------------------------------------------------------------------------
class Interpretation(Strict):
    id: Id
    text: Text


class RulesFile(Strict):
    safety_check: Annotated[list[Text], Field(min_length=1)]
    # The words the rules use, for players (sheet and final post). Optional, so a game folder
    # holding an older copy of the pack still loads.
    definitions: list[Text] = Field(default_factory=list)
    interpretations: list[Interpretation]


# --- texts.yaml --------------------------------------------------------------------------
class TextsFile(Strict):
    game_name: Text
    how_to_play: Text
    round: Text
    last_round: Text
    final: Text
