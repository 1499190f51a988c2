"""Table commands for cards: draw from a deck, receive skills, play or discard."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.posts import b, para
from generator.games.battlestar.state import (
    Card,
    TableState,
    skill_deck,
)
from generator.games.battlestar.table_common import (
    DECK_NAMES,
    PRIVATE_DECKS,
    PUBLIC_DECKS,
    Outcome,
    TableError,
    card_name,
    commitments,
    counted,
    discard,
    listed,
    message,
    not_over,
    seat_of,
    take_from_hand,
)


# --- cards --------------------------------------------------------------------------------
def cmd_draw(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Draw from a pack deck: Crisis cards go on the table in the open; Super Crisis,
    Quorum and Destination cards go to a player's hand by private message."""
    not_over(state)
    deck = str(args["deck"])
    count = int(args.get("count", 1))  # 0 is refused below, never read as 1
    if deck not in DECK_NAMES:
        raise TableError(f"no deck {deck!r} (expected one of: {', '.join(DECK_NAMES)}, or skills)")
    if not 1 <= count <= 10:
        raise TableError(f"draw {count} {DECK_NAMES[deck]} cards: expected a count of 1-10")
    name = DECK_NAMES[deck]
    seat = None if deck in PUBLIC_DECKS else _deck_holder(state, deck, args.get("player"))
    cards = state.decks[deck].draw(state.seed, count)
    plural = "s" if count > 1 else ""
    if seat is None:
        state.table_cards += [(deck, c) for c in cards]
        return Outcome(
            f"{name} card{plural}",
            [para(f"{state.who(state.current_seat)} draws: ", *(listed(cards)))],
        )
    state.player(seat).hand += [(deck, c) for c in cards]
    note = message(state, n, "draw", seat, [f"You drew ({name}): {', '.join(cards)}"])
    return Outcome(
        f"{name} card{plural}",
        [
            para(
                f"{state.who(seat)} draws ", b(f"{count} {name} card{plural}"), " (sent privately)."
            ),
            *commitments(state, [note]),
        ],
        [note],
    )


def _deck_holder(state: TableState, deck: str, player: Any) -> int:
    if player:
        return seat_of(state, player)
    title = PRIVATE_DECKS.get(deck)
    holder = state.holder(title) if title else None
    if holder is None:
        raise TableError(f"say who draws the {DECK_NAMES[deck]} card (--player)")
    return holder


def cmd_skills(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Skill cards for a player: the types and counts given, or their whole skill set when
    it has no multi-skill (a multi-skill needs the player's choice)."""
    not_over(state)
    seat = seat_of(state, args["player"])
    content = state.content
    # In the order given: the drawn cards reach the hand, and the message, in that order.
    wanted = dict(counted(args.get("types"), "skill types"))
    if not wanted:
        character = content.character(state.player(seat).character)
        multi = [e for e in character.skills if len(e.types) > 1]
        if multi:
            choices = " or ".join("/".join(e.types) for e in multi)
            raise TableError(
                f"{character.name} has a multi-skill ({choices}): give the types, e.g. "
                "politics=2 tactics=1"
            )
        for entry in character.skills:
            wanted[entry.types[0]] = wanted.get(entry.types[0], 0) + entry.count
    for type_id, count in wanted.items():
        if type_id not in content.skill_type_ids():
            raise TableError(
                f"unknown skill type {type_id!r} (expected one of: "
                f"{', '.join(content.skill_type_ids())})"
            )
        if not 1 <= count <= 10:
            raise TableError(f"{type_id}={count}: expected 1-10 cards")
    drawn: list[Card] = []
    for type_id, count in wanted.items():
        deck = skill_deck(type_id)
        drawn += [(deck, c) for c in state.decks[deck].draw(state.seed, count)]
    state.player(seat).hand += drawn
    names = ", ".join(card_name(state, c) for c in drawn)
    note = message(state, n, "skills", seat, [f"You drew: {names}"])
    counts = ", ".join(f"{count} {content.skill_name(t)}" for t, count in wanted.items())
    return Outcome(
        "Skill cards",
        [
            para(f"{state.who(seat)} draws ", b(counts), " (sent privately)."),
            *commitments(state, [note]),
        ],
        [note],
    )


def cmd_play(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A player plays or discards cards from their hand: they are shown and discarded."""
    not_over(state)
    seat = seat_of(state, args["player"])
    refs = [str(r) for r in args.get("cards") or []]
    if not refs:
        raise TableError("name the cards to play or discard")
    cards = take_from_hand(state, seat, refs, skill_only=False)
    discard(state, cards)
    verb = "discards" if args.get("discard") else "plays"
    return Outcome(
        "Cards played" if verb == "plays" else "Cards discarded",
        [para(f"{state.who(seat)} {verb}: ", *listed([card_name(state, c) for c in cards]))],
    )
