"""The schema of Keep on Trucking's own file, expansion.yaml (the rest of the pack is Galaxy
Trucker's files, extended by id)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from generator.games.galaxy_trucker.model import Id
from generator.pack.validation import Strict

Edge = Literal["top", "right", "bottom", "left"]


class Technology(Strict, frozen=True, kw_only=True):
    name: str
    rule: str  # taught the first time it matters in a game
    brief: str  # the reminder after that


class ExpansionFile(Strict, frozen=True, kw_only=True):
    set_aside: Annotated[int, Meta(ge=0, le=999)]
    ships_a: dict[Annotated[int, Meta(ge=1, le=9)], Id]
    compass: dict[Annotated[int, Meta(ge=1, le=6)], Edge]
    technology: dict[Id, Technology]
    card_technology: dict[Id, list[Id]]
    end_of_building: str
    end_of_flight: str
    ship_rules: dict[Id, str]
    # Ship IA's ruling on rows and columns (the printed ones, whichever edge is the front),
    # printed once on its sheet beside the dice compass, example last.
    printed_lines: Annotated[list[str], Meta(min_length=1, max_length=6)]
    cyan_note: str
    cyan_abilities: dict[str, str]
