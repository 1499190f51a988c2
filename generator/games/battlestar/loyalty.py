"""The Loyalty deck: built for the player count and the characters in play, dealt once at
setup (one card each, the setup-extra character two), then the Sympathizer (for the
player counts that use it) is shuffled into the rest, which the sleeper agent phase deals
(one card each, the sleeper-extra character two). The deck is used up exactly."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.games.battlestar.content import Battlestar
from generator.plan.rng import Stream

CYLON = "cylon"
NOT_CYLON = "not-cylon"
SYMPATHIZER = "sympathizer"


@dataclass(frozen=True)
class LoyaltyCard:
    kind: str  # CYLON, NOT_CYLON or SYMPATHIZER
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name}


@dataclass(frozen=True)
class LoyaltyDeal:
    """Each seat's cards in both deals, and what the deck held."""

    setup: dict[int, list[LoyaltyCard]]
    sleeper: dict[int, list[LoyaltyCard]]
    deck_size: int
    cylons_in_deck: int
    sympathizer: bool


def deal_counts(content: Battlestar, characters: Mapping[int, str], phase: str) -> dict[int, int]:
    return {
        seat: 2 if content.extra_phase(character) == phase else 1
        for seat, character in characters.items()
    }


def build_deck(content: Battlestar, seed: str, characters: Mapping[int, str]) -> list[LoyaltyCard]:
    """The deck before the first deal, shuffled: the table's Cylon cards (chosen at random
    from the pack's; the rest are removed unseen) and the Not a Cylon cards, one more for
    each extra-card character in play. The Sympathizer waits for the second deal."""
    row = content.loyalty_rows[len(characters)]
    extras = sum(1 for c in characters.values() if content.extra_phase(c) is not None)
    cylons = Stream(seed, "bsg", "loyalty", "cylon-cards").sample(content.cylon_cards, row.cylon)
    cards = [LoyaltyCard(CYLON, name) for name in cylons]
    cards += [LoyaltyCard(NOT_CYLON, content.not_cylon_card)] * (row.not_cylon + extras)
    return Stream(seed, "bsg", "loyalty", "deck").shuffled(cards)


def _deal(
    deck: list[LoyaltyCard], order: list[int], counts: dict[int, int]
) -> dict[int, list[LoyaltyCard]]:
    hands: dict[int, list[LoyaltyCard]] = {}
    for seat in order:
        hands[seat] = [deck.pop(0) for _ in range(counts[seat])]
    return hands


def deal_loyalty(
    content: Battlestar, seed: str, characters: Mapping[int, str], order: list[int]
) -> LoyaltyDeal:
    """Both deals, in dealing order (the choice order). Raises if the deck does not come out
    exact, which the pack's checks rule out."""
    row = content.loyalty_rows[len(characters)]
    deck = build_deck(content, seed, characters)
    size = len(deck) + (1 if row.sympathizer else 0)
    setup = _deal(deck, order, deal_counts(content, characters, "setup"))
    if row.sympathizer:
        deck.append(LoyaltyCard(SYMPATHIZER, content.sympathizer_card))
        deck = Stream(seed, "bsg", "loyalty", "sympathizer").shuffled(deck)
    sleeper = _deal(deck, order, deal_counts(content, characters, "sleeper"))
    if deck:
        raise AssertionError(f"{len(deck)} Loyalty cards left after the sleeper deal")
    return LoyaltyDeal(setup, sleeper, size, row.cylon, row.sympathizer)
