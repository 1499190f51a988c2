"""Where the shipped card kinds get their flight behaviour: each kind object's `resolver`.

A resolver is `(flight, state, card, rolls) -> list[Option]`: every option the player has
on that card (one when there is no choice), listed with the natural choice first. The
engine asks the card's kind in the flown pack's registry (`content.kinds.card(card)
.resolve(...)`); an expansion's kind sets its `resolver` on its own class, or calls `attach`
with its kind class. The resolver lives on the kind's class, not in a registry, so every
game whose registry holds the kind flies it the same way. A kind whose events
care where the crew sit puts its seating function in `seating.SEATERS` (the crew may move
before it) or its name in `seating.SEATS_KEPT` (dice read after the crew moved)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.games.galaxy_trucker import card_kinds as kinds
from generator.games.galaxy_trucker.flight import resolvers_combat as combat
from generator.games.galaxy_trucker.flight import resolvers_trade as trade
from generator.games.galaxy_trucker.flight import seating
from generator.games.galaxy_trucker.flight.option import Option
from generator.games.galaxy_trucker.flight.state import Flight, State
from generator.games.galaxy_trucker.kinds import CardKind

Resolver = Callable[[Flight, State, Any, tuple[tuple[int, int], ...]], list[Option]]


def attach(kind: type[CardKind], resolver: Resolver) -> None:
    """Give the kind `kind` its resolver (once)."""
    if vars(kind).get("resolver") is not None:
        raise ValueError(f"card kind {kind.name!r} already has a resolver")
    kind.resolver = resolver


for _kind, _resolver in (
    (kinds.AbandonedShip, trade.abandoned_ship),
    (kinds.AbandonedStation, trade.abandoned_station),
    (kinds.OpenSpace, trade.open_space),
    (kinds.Planets, trade.planets),
    (kinds.Stardust, trade.stardust),
    (kinds.Epidemic, trade.epidemic),
    (kinds.MeteoricSwarm, combat.meteoric_swarm),
    (kinds.Pirates, combat.pirates),
    (kinds.Slavers, combat.slavers),
    (kinds.Smugglers, combat.smugglers),
):
    attach(_kind, _resolver)

# The kinds before whose events the crew may move (the player sees through them: no dice).
seating.SEATERS[kinds.Epidemic.name] = (seating.epidemic_seatings, seating.epidemic_reason)

# The kinds that care where the crew sit but roll dice read after the crew moved: crew stay.
for _kind in (kinds.MeteoricSwarm, kinds.Pirates):
    seating.SEATS_KEPT.add(_kind.name)

# The kinds whose events never care where the crew sit.
for _kind in (
    kinds.AbandonedShip,
    kinds.AbandonedStation,
    kinds.OpenSpace,
    kinds.Planets,
    kinds.Stardust,
    kinds.Slavers,
    kinds.Smugglers,
):
    seating.SEATING_FREE.add(_kind.name)
