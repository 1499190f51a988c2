"""The pack's texts in one language: `Texts(lang).get("key", **values)`.

Every text exists in English and German (the loader refuses a pack where one is missing),
so a lookup never falls back to another language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.render.text import fill


@dataclass(frozen=True)
class Texts:
    entries: dict[str, dict[str, Any]]
    lang: str

    def get(self, key: str, **values: Any) -> str:
        return fill(self.entries[key][self.lang], **values)

    def items(self, key: str) -> list[str]:
        """A list text (the rules card's sections)."""
        return list(self.entries[key][self.lang])

    def join(self, names: list[str]) -> str:
        """'A, B and C' / 'A, B und C'."""
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.get('and_word')} {names[-1]}"
