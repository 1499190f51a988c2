"""A deck on the moderator's table: a draw pile in seeded order and a discard pile.

Drawing from an empty pile shuffles the discard pile into a new pile (the rules: "whenever
a deck of cards runs out, the current player shuffles the appropriate discard pile"); each
reshuffle has its own named stream, so a game replayed from its log draws the same cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.common.errors import SheetgenError
from generator.plan.rng import Stream


class DeckEmpty(SheetgenError):
    """Nothing left to draw, not even in the discard pile."""


@dataclass
class Deck:
    name: str
    pile: list[str]
    discard: list[str] = field(default_factory=list)
    reshuffles: int = 0

    @classmethod
    def shuffled(cls, seed: str, name: str, cards: list[str]) -> Deck:
        return cls(name, Stream(seed, "bsg", "deck", name, "start").shuffled(cards))

    def draw(self, seed: str, count: int) -> list[str]:
        if count > len(self.pile) + len(self.discard):
            name = self.name.removeprefix("skill:")
            raise DeckEmpty(
                f"the {name} deck has {len(self.pile)} cards and {len(self.discard)} in its "
                f"discard pile: cannot draw {count}"
            )
        drawn: list[str] = []
        for _ in range(count):
            if not self.pile:
                self.reshuffle(seed)
            drawn.append(self.pile.pop(0))
        return drawn

    def reshuffle(self, seed: str) -> None:
        self.reshuffles += 1
        stream = Stream(seed, "bsg", "deck", self.name, "reshuffle", self.reshuffles)
        self.pile = stream.shuffled(self.discard)
        self.discard = []

    def to_bottom(self, cards: list[str]) -> None:
        self.pile.extend(cards)
