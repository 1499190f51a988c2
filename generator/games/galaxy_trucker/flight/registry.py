"""How the Galaxy Trucker flight engine flies each card kind, as explicit tables by kind
name: its resolver, and whether its events care where the crew sit.

A resolver is `(flight, state, card, rolls) -> list[Option]`: every option the player has
on that card (one when there is no choice), listed with the natural choice first. The search
(search.py) asks its engine's table (`Search.resolvers`): an expansion's engine subclasses
the search with its own table, so a base game flies as it always did. A kind whose events
care where the crew sit has its seating function in `SEATERS` (the crew may move before it)
or its name in `SEATS_KEPT` (dice read after the crew moved)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from generator.games.galaxy_trucker import card_kinds as kinds
from generator.games.galaxy_trucker.flight import resolvers_combat as combat
from generator.games.galaxy_trucker.flight import resolvers_trade as trade
from generator.games.galaxy_trucker.flight import seating
from generator.games.galaxy_trucker.flight.option import Option
from generator.games.galaxy_trucker.flight.state import Flight, State

Resolver = Callable[[Flight, State, Any, tuple[tuple[int, int], ...]], list[Option]]

RESOLVERS: Mapping[str, Resolver] = {
    kinds.AbandonedShip.name: trade.abandoned_ship,
    kinds.AbandonedStation.name: trade.abandoned_station,
    kinds.OpenSpace.name: trade.open_space,
    kinds.Planets.name: trade.planets,
    kinds.Stardust.name: trade.stardust,
    kinds.Epidemic.name: trade.epidemic,
    kinds.MeteoricSwarm.name: combat.meteoric_swarm,
    kinds.Pirates.name: combat.pirates,
    kinds.Slavers.name: combat.slavers,
    kinds.Smugglers.name: combat.smugglers,
}

# The kinds before whose events the crew may move (the player sees through them: no dice):
# how to list the seatings worth trying, and how to say why a move helps.
SEATERS: Mapping[str, tuple[seating.Seater, seating.Reason]] = {
    kinds.Epidemic.name: (seating.epidemic_seatings, seating.epidemic_reason),
}

# The kinds that care where the crew sit but roll dice read after the crew moved: crew stay.
SEATS_KEPT = frozenset({kinds.MeteoricSwarm.name, kinds.Pirates.name})

# The kinds whose events never care where the crew sit (they count crew, or none). A flight
# whose every event is in SEATERS or here is searched by crew counts alone (`crew_free`).
SEATING_FREE = frozenset(
    kind.name
    for kind in (
        kinds.AbandonedShip,
        kinds.AbandonedStation,
        kinds.OpenSpace,
        kinds.Planets,
        kinds.Stardust,
        kinds.Slavers,
        kinds.Smugglers,
    )
)
