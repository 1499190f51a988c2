"""Counts in the texts a user reads, in the right number: "1 player", "2 players", never
"1 players" or "player(s)"."""

from __future__ import annotations


def noun(count: int, one: str, many: str | None = None) -> str:
    """The word for `count` things: `one` for exactly 1, else `many` (default: one + "s")."""
    return one if count == 1 else (many if many is not None else one + "s")


def counted(count: int, one: str, many: str | None = None) -> str:
    """`count` and its word: counted(1, "row") == "1 row", counted(3, "entry", "entries")."""
    return f"{count} {noun(count, one, many)}"
