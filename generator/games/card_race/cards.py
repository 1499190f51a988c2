"""Cards: codes, the deck, names in words, sorting and the parsing of what hosts type.

A card in a plan or a log has a unique id: a technology card is its suit letter and number
(`I12`); identical cards are numbered (`N1`-`N4`, `F1`-`F4`, `B1`, `B2`); the single ones
are `T` and `H`. Players and the trick judge type `N`, `F` or `B` for any of them."""

from __future__ import annotations

import re
from dataclasses import dataclass

TECH = re.compile(r"^([IPWG])(\d{1,2})$")
OTHER = re.compile(r"^([NFTBH])(\d?)$")
SPECIAL_KINDS = ("T", "B", "H")
# Sort order of a hand: Navigators first, technologies by suit then number, then the rest.
KIND_ORDER = {"N": 0, "I": 1, "P": 2, "W": 3, "G": 4, "F": 5, "T": 6, "B": 7, "H": 8}


@dataclass(frozen=True)
class Card:
    kind: str  # I, P, W, G for technology cards; N, F, T, B, H for the others
    number: int  # 1-12 for technology cards; the copy number (1..) for the others

    @property
    def is_tech(self) -> bool:
        return self.kind in "IPWG"

    @property
    def is_special(self) -> bool:
        return self.kind in SPECIAL_KINDS

    @property
    def is_leak_like(self) -> bool:
        """Fuel Leaks and Boosters lose to every other card."""
        return self.kind in "FB"

    @property
    def free(self) -> bool:
        """May be played at any time, even when the player could follow suit."""
        return not self.is_tech

    @property
    def code(self) -> str:
        """What players type: `I12`, `N`, `T`."""
        return f"{self.kind}{self.number}" if self.is_tech else self.kind

    @property
    def id(self) -> str:
        """Unique within the deck: `I12`, `N3`, `T`."""
        if self.is_tech or self.kind in ("T", "H"):
            return self.code
        return f"{self.kind}{self.number}"

    def sort_key(self) -> tuple[int, int]:
        return (KIND_ORDER[self.kind], self.number)


def parse_id(text: str) -> Card:
    """A card id as stored in a plan or log (`I12`, `N3`, `T`); ValueError if not one.
    The single cards (`T`, `H`) get copy number 1, as in the deck."""
    card = parse_code(text)
    if card.kind in ("T", "H") and card.number == 0:
        return Card(card.kind, 1)
    return card


def parse_code(text: str) -> Card:
    """What someone typed: `I12`, `i12`, `N`, `N3`. Raises ValueError with no message."""
    raw = text.strip().upper()
    if m := TECH.match(raw):
        number = int(m.group(2))
        if not 1 <= number <= 12 or m.group(2).startswith("0"):
            raise ValueError(text)
        return Card(m.group(1), number)
    if m := OTHER.match(raw):
        return Card(m.group(1), int(m.group(2)) if m.group(2) else 0)
    raise ValueError(text)


def build_deck(suits: list[str], low: int, high: int, others: dict[str, int]) -> list[Card]:
    """The deck in its canonical order (the order shuffles start from)."""
    deck = [Card(s, n) for s in suits for n in range(low, high + 1)]
    for kind, count in others.items():
        deck += [Card(kind, i) for i in range(1, count + 1)]
    return deck


def sorted_hand(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)
