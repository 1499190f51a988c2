"""Which game a folder's host records are for: "the same game as drawn", one notion for the
ImageIDs a host gave (bgg_images.py) and the corrections a host made (corrections_log.py).

The game id alone is not enough: it is made from the pack, the seed and the content digest
(every file of the pack: an edited card is another id), but a picture also shows its date
(the turn line: 'Day 3, morning (Thu 3 Dec 2026, 08:00 CET)') and a correction names a post
and its time, and Keep on Trucking's options (its ships, its difficulty) change what is
drawn and posted under the same id. So the folder's identity (folder/write.py
IDENTITY_KEYS: pack, seed, content, start) and the game's options; not the posting rhythm,
which a running game may change and keep its records (the same game written again)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DRAWN_FROM = ("pack", "seed", "content_digest", "start", "options")
_LINE = re.compile(r"game (\S+) check ([0-9a-f]{8})")


@dataclass(frozen=True)
class GameMark:
    """The game a record is for: its id, for the host to read, and a check of what it is
    drawn from (a hash: the seed is never written beside it)."""

    game_id: str
    check: str

    def line(self) -> str:
        return f"game {self.game_id} check {self.check}"


def mark_named(text: str) -> GameMark | None:
    """The mark a `game ID check XXXXXXXX` line names (spaces as typed), None when it is
    not one."""
    found = _LINE.fullmatch(" ".join(text.split()))
    return GameMark(found[1], found[2]) if found is not None else None


# The game of records found where the folder held no game it could read (a plan.json lost
# or damaged, replaced with --force): no game any plan makes.
NO_GAME = GameMark("unknown", "00000000")


def game_mark(plan: Mapping[str, Any]) -> GameMark:
    """The mark of a game, from its plan (plan.json's data)."""
    drawn_from = {key: plan.get(key) for key in DRAWN_FROM}
    text = json.dumps(drawn_from, sort_keys=True, ensure_ascii=False, default=str)
    return GameMark(str(plan.get("game_id")), hashlib.sha256(text.encode("utf-8")).hexdigest()[:8])


def holder_mark(holder: Mapping[str, Any] | None) -> GameMark:
    """The mark of the game a folder held (its plan), NO_GAME when it held none it could read."""
    return game_mark(holder) if holder is not None else NO_GAME


def same_drawn_game(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None) -> bool:
    """Two plans of the same game as drawn (a rhythm changed, the game written again)."""
    return a is not None and b is not None and game_mark(a) == game_mark(b)
