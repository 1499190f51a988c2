"""Who wins a trick, and which Boosters pay: the rule text and the team's rulings.

Without special cards: the first Navigator; else the highest trump; else the highest card of
the suit led (the first technology card's suit); a trick of only Fuel Leaks and Boosters
goes to the first of them. A Black Hole: nobody wins, no Booster pays, it beats a Tractor
Beam. A Tractor Beam: the other cards are ranked and the second of them wins."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.games.card_race.cards import Card


@dataclass(frozen=True)
class Booster:
    position: int  # 0-based, play order
    paid: bool
    why: str  # booster_paid / booster_not_paid / booster_black_hole


@dataclass(frozen=True)
class TrickResult:
    winner: int | None  # 0-based position in play order; None after a Black Hole
    reason: str  # a texts key
    reason_values: dict[str, Any] = field(default_factory=dict)
    boosters: tuple[Booster, ...] = ()
    led: str | None = None

    @property
    def bonus(self) -> list[int]:
        return [b.position for b in self.boosters if b.paid]


def led_suit(cards: list[Card]) -> str | None:
    """The suit of the first technology card: a Fuel Leak or special card sets none."""
    return next((c.kind for c in cards if c.is_tech), None)


def suit_to_follow(cards: list[Card]) -> str | None:
    """After a Navigator lead any card may be played; otherwise the led suit, once set."""
    if not cards or cards[0].kind == "N":
        return None
    return led_suit(cards)


def may_play(card: Card, hand: list[Card], so_far: list[Card]) -> bool:
    follow = suit_to_follow(so_far)
    if card.free or follow is None or card.kind == follow:
        return True
    return not any(c.kind == follow for c in hand)


def ranking(cards: list[Card], trump: str | None) -> list[int]:
    """Positions of the trick's cards best first, Tractor Beam and Black Hole left out:
    Navigators in play order, trumps high to low, the suit led high to low, other technology
    cards in play order, then Fuel Leaks and Boosters in play order."""
    led = led_suit(cards)
    indexed = list(enumerate(cards))

    def group(kind_test: Any, by_number: bool) -> list[int]:
        chosen = [(i, c) for i, c in indexed if kind_test(c)]
        if by_number:
            chosen.sort(key=lambda ic: -ic[1].number)
        return [i for i, _ in chosen]

    order = group(lambda c: c.kind == "N", False)
    order += group(lambda c: c.is_tech and c.kind == trump, True)
    order += group(lambda c: c.is_tech and c.kind == led and c.kind != trump, True)
    order += group(lambda c: c.is_tech and c.kind not in (trump, led), False)
    order += group(lambda c: c.is_leak_like, False)
    return order


def _boosters(cards: list[Card], trump: str | None, black_hole: bool) -> tuple[Booster, ...]:
    trump_played = trump is not None and any(c.kind == trump for c in cards)
    result = []
    for i, card in enumerate(cards):
        if card.kind != "B":
            continue
        if black_hole:
            result.append(Booster(i, False, "booster_black_hole"))
        elif trump_played:
            result.append(Booster(i, False, "booster_not_paid"))
        else:
            result.append(Booster(i, True, "booster_paid"))
    return tuple(result)


def judge(cards: list[Card], trump: str | None) -> TrickResult:
    if not cards:
        raise ValueError("a trick needs at least one card")
    led = led_suit(cards)
    kinds = [c.kind for c in cards]
    if "H" in kinds:
        hole = kinds.index("H")
        return TrickResult(
            None, "reason_black_hole", {"position": hole}, _boosters(cards, trump, True), led
        )
    boosters = _boosters(cards, trump, False)
    order = ranking(cards, trump)
    if "T" in kinds and order:
        if len(order) == 1:
            return TrickResult(order[0], "reason_tractor_single", {}, boosters, led)
        return TrickResult(order[1], "reason_tractor", {"best": order[0]}, boosters, led)
    if not order:  # a lone Tractor Beam: nothing to pass the trick to
        return TrickResult(0, "reason_tractor_single", {}, boosters, led)
    best = order[0]
    card = cards[best]
    if card.kind == "N":
        reason = "reason_navigator_led" if best == 0 else "reason_navigator"
    elif card.is_tech and card.kind == trump:
        reason = "reason_trump"
    elif card.is_tech:
        reason = "reason_led"
    else:
        reason = "reason_leaks"
    return TrickResult(best, reason, {}, boosters, led)
