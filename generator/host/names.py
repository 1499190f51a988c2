"""Player names as typed: what a name may hold, and when two names are the same person.

Every game takes names from a host's file (scores.csv, a table's game file). A name shows in
posts on three platforms, in PNGs and PDFs, so characters that change how the *rest* of a
line reads are refused, by the rule for every text a host types (common/host_text.py):
control characters (C0, DEL, C1, line and paragraph separators) and bidi embeddings,
overrides and isolates (a name could flip the score after it). A name in a right-to-left
script needs none of them: the renderers isolate each name themselves.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from generator.common.host_text import refused_character

MAX_NAME_CHARS = 60


def name_problem(name: str) -> str | None:
    """Why a name cannot be used (one phrase), or None when it is fine as typed."""
    if not name.strip():
        return "an empty name (expected at least one visible character)"
    if len(name) > MAX_NAME_CHARS:
        return f"a name of {len(name)} characters (expected at most {MAX_NAME_CHARS})"
    # The rule for every text a host types (common/host_text.py), on one line.
    refused = refused_character(name, lines=False, place=" in the name")
    if refused is not None:
        return refused
    if name != name.strip():
        return "spaces before or after the name (expected the name alone)"
    return None


def name_key(name: str) -> str:
    """The key two names share when they are the same person: case, width and spacing aside.

    NFKC folds width variants; casefold folds case the Unicode way ('Straße' and 'STRASSE'
    both become 'strasse'); runs of spaces count as one.
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def clashes(names: Iterable[str]) -> list[tuple[int, int]]:
    """Pairs (earlier, later) of 0-based positions whose names share a key."""
    first: dict[str, int] = {}
    found: list[tuple[int, int]] = []
    for index, name in enumerate(names):
        key = name_key(name)
        if key in first:
            found.append((first[key], index))
        else:
            first[key] = index
    return found
