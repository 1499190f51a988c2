"""A Keep on Trucking game's plan: Galaxy Trucker's, plus what the expansion decides once
per game (the tiles set aside, the ships flown, Ship IA's compass roll)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan, TileRef


@dataclass(frozen=True)
class TruckingOptions:
    """The game file's options, recorded so a game folder goes on with them."""

    ships: tuple[str, ...]  # per round: "A" or "base"


@dataclass(frozen=True)
class KeepOnTruckingPlan(GalaxyTruckerPlan):
    # Defaults only because the base plan's last field has one; the planner sets all three.
    options: TruckingOptions = TruckingOptions(ships=())
    # Set aside before the first round, for the whole game; never drawn, never posted.
    set_aside: tuple[TileRef, ...] = ()
    # Per round: the die rolled at its start for Ship IA's front (None on other ships).
    compass: tuple[int | None, ...] = ()
