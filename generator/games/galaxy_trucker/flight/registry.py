"""The one place card kinds meet their flight behaviour: card kind name -> resolver.

A resolver is `(flight, state, card, rolls) -> list[Option]`: every option the player has
on that card (one when there is no choice), listed with the natural choice first. When card
kinds become registered objects, each kind object takes its resolver from here; an
expansion adds kinds by calling `register`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.games.galaxy_trucker.flight import resolvers_combat as combat
from generator.games.galaxy_trucker.flight import resolvers_trade as trade
from generator.games.galaxy_trucker.flight.option import Option
from generator.games.galaxy_trucker.flight.state import Flight, State

Resolver = Callable[[Flight, State, Any, tuple[tuple[int, int], ...]], list[Option]]

RESOLVERS: dict[str, Resolver] = {}


def register(kind: str, resolver: Resolver) -> None:
    if kind in RESOLVERS:
        raise ValueError(f"card kind {kind!r} already has a resolver")
    RESOLVERS[kind] = resolver


for _kind, _resolver in (
    ("abandoned-ship", trade.abandoned_ship),
    ("abandoned-station", trade.abandoned_station),
    ("open-space", trade.open_space),
    ("planets", trade.planets),
    ("stardust", trade.stardust),
    ("epidemic", trade.epidemic),
    ("meteoric-swarm", combat.meteoric_swarm),
    ("pirates", combat.pirates),
    ("slavers", combat.slavers),
    ("smugglers", combat.smugglers),
):
    register(_kind, _resolver)


def resolver(kind: str) -> Resolver:
    return RESOLVERS[kind]
