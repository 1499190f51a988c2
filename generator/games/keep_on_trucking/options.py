"""The options a Keep on Trucking game file may set (its game's own schema; the core knows
none of them): the A ships, Rough Roads and the titles. A value that is none of those
allowed is a file:line problem here; how many `ships` a game needs (one per round) is
checked by the planner (`read_options`), which also checks the options given on the command
line (`--option`)."""

from __future__ import annotations

from typing import Literal

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.pack.validation import FieldError, Strict, validation_context

# The same values as planner.SHIP_CHOICES, rough_roads.DIFFICULTIES and
# scoring.TITLE_CHOICES (tests/test_keep_on_trucking_adventures.py holds them together).
Ship = Literal["A", "base"]
Difficulty = Literal["none", "hard", "extreme", "insane"]
Titles = Literal["none", "3-6-9", "4-8-12"]


class TruckingFileOptions(Strict, frozen=True, kw_only=True):
    # `ships: A` flies the A boards every round; a list gives one value per round (A or base).
    ships: Ship | list[Ship] | None = None
    # Rough Roads: none, hard, extreme or insane (0-3 cards a round).
    difficulty: Difficulty | None = None
    # none, 3-6-9 or 4-8-12: the Aesthete and Contraptionist rewards.
    titles: Titles | None = None

    def __post_init__(self) -> None:
        # One value per round, when the game file's check knows the pack's rounds (the
        # planner checks it again for --option).
        content = validation_context().get("content")
        if not isinstance(content, GalaxyTrucker) or not isinstance(self.ships, list):
            return
        if len(self.ships) != len(content.rounds):
            raise FieldError(
                "ships",
                f"expected A or base, or a list of {len(content.rounds)} of them, one per "
                f"round (got {len(self.ships)})",
            )
