"""What every table command shares: its error, its outcome, naming players and cards,
private messages, and the guards that refuse a command the table is not ready for."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.common.bidi import isolate
from generator.common.errors import SheetgenError
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.posts.post import Span, TableBlock, b, item, para
from generator.games.battlestar.state import (
    Card,
    TableState,
)
from generator.host.names import name_key

PUBLIC_DECKS = ("crisis",)
PRIVATE_DECKS = {"super-crisis": None, "quorum": "president", "destination": "admiral"}
DECK_NAMES = {
    "crisis": "Crisis",
    "super-crisis": "Super Crisis",
    "quorum": "Quorum",
    "destination": "Destination",
}
TITLE_NAMES = {"president": "President", "admiral": "Admiral"}
FREE_TEXT = re.compile(r"^[^\[\]<>*_|`\\\x00-\x1f]{1,120}$")


class TableError(SheetgenError):
    """A command that does not fit the table as it stands."""


@dataclass
class Outcome:
    what: str  # the post's title after the turn number
    blocks: list[TableBlock]
    messages: list[PrivateMessage] = field(default_factory=list)


# --- helpers ------------------------------------------------------------------------------
def free_text(value: Any, what: str) -> str:
    text = str(value).strip()
    if not FREE_TEXT.match(text):
        raise TableError(
            f"{what} {text!r}: expected 1-120 characters without [ ] < > * _ | ` \\ (they "
            "would turn into forum markup)"
        )
    return text


def counted(value: Any, what: str) -> list[tuple[str, int]]:
    """NAME=COUNT arguments in the order the moderator typed them. The log keeps them as a
    list of [name, count] pairs; a log written before that kept a JSON object, whose keys
    the log sorted (so the typed order of those entries is lost: see game.replay)."""
    if not value:
        return []
    pairs = value.items() if isinstance(value, dict) else value
    result: dict[str, int] = {}
    try:
        for key, count in pairs:
            result[str(key)] = result.get(str(key), 0) + int(count)
    except (TypeError, ValueError):
        raise TableError(f"{what}: expected NAME=NUMBER pairs") from None
    return list(result.items())


def seat_of(state: TableState, name: Any) -> int:
    for player in state.players:
        if name_key(player.name) == name_key(str(name)):
            return player.seat
    names = ", ".join(p.name for p in state.players)
    raise TableError(f"no player {name!r} (expected one of: {names})")


def message(state: TableState, n: int, command: str, seat: int, lines: list[str]) -> PrivateMessage:
    player = state.player(seat)
    head = (
        f"Battlestar Galactica · Game {state.game_id} · Turn {state.turn} · private message for "
        f"{player.name} (seat {seat + 1})"
    )
    hand = hand_text(state, seat)
    text = "\n".join([head, "", *lines, f"Your hand now: {hand}", ""])
    return PrivateMessage(f"{n:03d}-{command}/seat-{seat + 1}", seat, player.name, text)


def card_name(state: TableState, card: Card) -> str:
    deck, name = card
    return state.content.skill_card_name(name) if deck.startswith("skill:") else name


def hand_text(state: TableState, seat: int) -> str:
    hand = state.player(seat).hand
    return ", ".join(card_name(state, c) for c in hand) or "empty"


def commitments(state: TableState, messages: list[PrivateMessage]) -> list[TableBlock]:
    return [
        item(
            f"Commitment of {isolate(m.player)} ({m.id}): {m.commitment(state.seed)}"
            if m.is_record
            else f"Commitment of the message to {isolate(m.player)} ({m.id}): "
            f"{m.commitment(state.seed)}"
        )
        for m in messages
    ]


def title_lines(
    state: TableState, changes: list[tuple[str, int | None, int | None]]
) -> list[TableBlock]:
    blocks = []
    for title, old, new in changes:
        before = state.who(old) if old is not None else "nobody"
        after = state.who(new) if new is not None else "nobody (no one in the line may hold it)"
        blocks.append(para(f"{TITLE_NAMES[title]}: {before} → ", b(after)))
    return blocks


def take_from_hand(state: TableState, seat: int, refs: list[str], skill_only: bool) -> list[Card]:
    """Remove the named cards from a hand (all or none). A skill card is named by its type
    and value ('politics:3'), another card by its name."""
    hand = list(state.player(seat).hand)
    taken: list[Card] = []
    for ref in refs:
        wanted = str(ref).strip().casefold()
        match = next(
            (
                c
                for c in hand
                if c[1].casefold() == wanted and (c[0].startswith("skill:") or not skill_only)
            ),
            None,
        )
        if match is None:
            # Never the hand itself: an error line may be pasted into the thread.
            raise TableError(
                f"{state.player(seat).name} holds no {ref!r} (name skill cards as type:value, "
                "e.g. politics:3; `sheetgen bsg status` shows the hands, for the moderator only)"
            )
        hand.remove(match)
        taken.append(match)
    state.player(seat).hand = hand
    return taken


def discard(state: TableState, cards: list[Card]) -> None:
    for deck, name in cards:
        state.decks[deck].discard.append(name)


def not_over(state: TableState) -> None:
    if state.over:
        raise TableError(f"the game is over ({state.winner} win): nothing more to do")


def no_sleeper_due(state: TableState) -> None:
    if state.sleeper_due():
        raise TableError("the sleeper agent phase is due: deal it first (bsg sleeper)")


def no_open_check(state: TableState) -> None:
    if state.check is not None:
        raise TableError(f"the skill check {state.check.name!r} is open: resolve it first")


def plural(items: list[Any]) -> str:
    return "s" if len(items) != 1 else ""


def cards_text(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def listed(cards: list[str]) -> list[Span]:
    spans: list[Span] = []
    for i, card in enumerate(cards):
        if i:
            spans.append(Span(", "))
        spans.append(b(card))
    return spans
