"""The options a Keep on Trucking game file may set (its game's own schema; the core knows
none of them): the A ships, Rough Roads and the titles. What each value means is checked by
the planner (`read_options`), with the expected values listed."""

from __future__ import annotations

from generator.pack.validation import Strict


class TruckingFileOptions(Strict, frozen=True, kw_only=True):
    # `ships: A` flies the A boards every round; a list gives one value per round (A or base).
    ships: str | list[str] | None = None
    # Rough Roads: none, hard, extreme or insane (0-3 cards a round).
    difficulty: str | None = None
    # none, 3-6-9 or 4-8-12: the Aesthete and Contraptionist rewards.
    titles: str | None = None
