"""Keep on Trucking's card kinds get their flight resolvers here (on this game's own kind
classes, keep_on_trucking/kinds.py, never on Galaxy Trucker's)."""

from __future__ import annotations

from generator.games.galaxy_trucker.flight.registry import attach
from generator.games.keep_on_trucking import card_kinds
from generator.games.keep_on_trucking.flight.cards import RESOLVERS, resolver
from generator.games.keep_on_trucking.kinds import BASE_CARDS

for _kind in (*BASE_CARDS, *card_kinds.KINDS):
    if "resolver" not in vars(_kind):
        attach(_kind, resolver(RESOLVERS[_kind.name]))
