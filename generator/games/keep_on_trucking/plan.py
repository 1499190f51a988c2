"""A Keep on Trucking game's plan: Galaxy Trucker's, plus what the expansion decides once
per game (the tiles set aside, the ships flown, Ship IA's compass roll)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan, TileRef
from generator.games.keep_on_trucking.rough_roads import RoughRoad


@dataclass(frozen=True)
class TruckingOptions:
    """The game file's options, recorded so a game folder goes on with them."""

    ships: tuple[str, ...]  # per round: "A" or "base"
    difficulty: str = "none"  # Rough Roads: none, hard, extreme or insane (0-3 a round)
    titles: str = "none"  # none, 3-6-9 or 4-8-12: the title reward of rounds 1/2/3


@dataclass(frozen=True)
class KeepOnTruckingPlan(GalaxyTruckerPlan):
    # Defaults only because the base plan's last field has one; the planner sets them all.
    options: TruckingOptions = TruckingOptions(ships=())
    # Set aside before the first round, for the whole game; never drawn, never posted.
    set_aside: tuple[TileRef, ...] = ()
    # Per round: the die rolled at its start for Ship IA's front (None on other ships).
    compass: tuple[int | None, ...] = ()
    # Per round: the Rough Roads cards drawn at its start, with their dice.
    rough_roads: tuple[tuple[RoughRoad, ...], ...] = ()
