"""The pack's texts in one language: `Texts(lang).get("key", **values)`.

Every text exists in English and German (the loader refuses a pack where one is missing),
so a lookup never falls back to another language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.common.bidi import isolate
from generator.render.text import fill

# The placeholders a player's name fills.
NAME_VALUES = ("player", "dealer", "first", "expected")


@dataclass(frozen=True)
class Texts:
    entries: dict[str, dict[str, Any]]
    lang: str
    # For posts: each name filled in is isolated when it holds a right-to-left letter
    # (common/bidi.py), so the line around it keeps its order on every platform.
    isolate_names: bool = False

    def get(self, key: str, **values: Any) -> str:
        if self.isolate_names:
            for name in NAME_VALUES:
                if isinstance(values.get(name), str):
                    values[name] = isolate(values[name])
        return fill(self.entries[key][self.lang], **values)

    def names(self, names: list[str]) -> str:
        """'A, B, C' for a post: each name isolated as `get` isolates one."""
        return ", ".join(isolate(n) if self.isolate_names else n for n in names)

    def items(self, key: str) -> list[str]:
        """A list text (the rules card's sections)."""
        return list(self.entries[key][self.lang])

    def join(self, names: list[str]) -> str:
        """'A, B and C' / 'A, B und C'."""
        if self.isolate_names:
            names = [isolate(n) for n in names]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.get('and_word')} {names[-1]}"
