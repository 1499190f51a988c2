"""Named, independent random streams from one seed.

Each purpose gets its own stream, seeded from SHA-256 of the seed and the purpose's name, so
adding a new random choice never shifts an existing one. The numbers come from a SHA-256
counter, not from Python's `random`, whose `shuffle`/`choice`/`randint` may change between
Python versions: a game started today must render the same after an upgrade."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Stream:
    """A deterministic stream of uniform numbers for one named purpose."""

    def __init__(self, seed: str, *names: str | int) -> None:
        label = "/".join([seed, *(str(n) for n in names)])
        self._key = hashlib.sha256(label.encode("utf-8")).digest()
        self._counter = 0
        self._buffer: list[int] = []

    def _next_word(self) -> int:
        """The next 64-bit unsigned integer of the stream."""
        if not self._buffer:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer = [int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8)]
        return self._buffer.pop(0)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list: Fisher-Yates over the stream."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items, in the order drawn."""
        if k > len(items):
            raise ValueError(f"cannot draw {k} from {len(items)}")
        return self.shuffled(items)[:k]
