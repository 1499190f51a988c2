"""Table commands for loyalty and titles: the sleeper agent deal, reveals, the Brig, a
title given by a card."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.content import TITLES
from generator.games.battlestar.loyalty import CYLON, SYMPATHIZER
from generator.games.battlestar.posts.post import TableBlock, b, item, para
from generator.games.battlestar.state import REVEAL_HAND, TableState
from generator.games.battlestar.table.common import (
    TITLE_NAMES,
    Outcome,
    TableError,
    commitments,
    message,
    not_over,
    plural,
    seat_of,
    title_lines,
)
from generator.games.battlestar.table.sequence import action_step, current_only


# --- loyalty and titles -------------------------------------------------------------------
def cmd_sleeper(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    if not state.sleeper_due():
        why = (
            "was dealt already"
            if state.sleeper_done
            else (f"needs distance {state.content.sleeper_distance} (now {state.distance})")
        )
        raise TableError(f"the sleeper agent phase {why}")
    messages = []
    for seat in sorted(state.sleeper_deal):
        cards = state.sleeper_deal[seat]
        state.player(seat).loyalty += cards
        names = "; ".join(c.name for c in cards)
        lines = [f"Sleeper agent phase: your new Loyalty card{plural(cards)}: {names}"]
        if any(c.kind == SYMPATHIZER for c in cards):
            lines.append(
                "The Sympathizer is revealed at once: say so in the thread; the moderator then "
                "resolves it (a Cylon if a resource is in the red, else to the Brig)."
            )
        messages.append(message(state, n, "sleeper", seat, lines))
    state.sleeper_done = True
    extra = [
        state.who(p.seat)
        for p in state.players
        if state.content.extra_phase(p.character) == "sleeper"
    ]
    text = "Sleeper agent phase: everyone receives one more Loyalty card by private message"
    text += f" ({', '.join(extra)}: two)." if extra else "."
    return Outcome("Sleeper agent phase", [para(b(text)), *commitments(state, messages)], messages)


def _reveal(
    state: TableState, n: int, command: str, seat: int, messages: list[PrivateMessage]
) -> list[TableBlock]:
    """The reveal's steps: discard down to 3 skill cards, to the Resurrection Ship (a viper
    back to the reserves), titles down their lines (the Quorum hand told to the new
    President); the Super Crisis card is the caller's step."""
    player = state.player(seat)
    player.revealed = True
    player.brig = False
    board = state.board
    area = board.pilot_area(seat)
    if area is not None:
        board.areas[area].vipers.remove(seat)
        state.reserves["vipers"] += 1
    board.positions[seat] = "resurrection-ship"
    blocks = [item(f"{state.who(seat)} moves to the ", b("Resurrection Ship"), ".")]
    if state.strict and player.skill_cards() > REVEAL_HAND:
        state.discard_to[seat] = REVEAL_HAND
        blocks.append(
            item(f"Discards down to {REVEAL_HAND} skill cards (holds {player.skill_cards()}).")
        )
    changes = state.pass_titles()
    blocks += title_lines(state, changes)
    messages += quorum_messages(state, n, command, changes)
    return blocks


def quorum_messages(
    state: TableState, n: int, command: str, changes: list[tuple[str, int | None, int | None]]
) -> list[PrivateMessage]:
    """A new President is told, privately, the Quorum cards they now hold (not in a log
    begun before: its thread has no such message)."""
    notes: list[PrivateMessage] = []
    if not state.strict:
        return notes
    for title, _, new in changes:
        if title == "president" and new is not None:
            quorum = [c for d, c in state.player(new).hand if d == "quorum"]
            names = ", ".join(quorum) or "none"
            notes.append(
                message(state, n, command, new, [f"You are President: the Quorum hand is {names}"])
            )
    return notes


def cmd_cylon(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if player.revealed:
        raise TableError(f"{player.name} is already a revealed Cylon")
    # A Loyalty card's reveal is an action: the current player's, in the action step (said
    # before whether they hold the card, which the moderator alone may learn).
    current_only(state, seat, "revealing a Cylon card (an action)")
    if not player.holds_cylon_card():
        raise TableError(f"{player.name} holds no You Are a Cylon card")
    action_step(state, "revealing a Cylon card")
    card = next(c for c in player.loyalty if c.kind == CYLON)
    in_brig = player.brig
    messages: list[PrivateMessage] = []
    blocks = [para(f"{state.who(seat)} reveals ", b(card.name), ": ", b("a Cylon!"))]
    blocks += _reveal(state, n, "cylon", seat, messages)
    if not state.strict:
        pass  # a log begun before: the moderator drew the Super Crisis card by hand
    elif in_brig:
        blocks.append(item("Revealed in the Brig: no Super Crisis card."))
    else:
        [drawn] = state.decks["super-crisis"].draw(state.seed, 1)
        player.hand.append(("super-crisis", drawn))
        messages.insert(0, message(state, n, "cylon", seat, [f"You drew (Super Crisis): {drawn}"]))
        blocks.append(item("Draws ", b("1 Super Crisis card"), " (sent privately)."))
    if seat == state.current_seat and state.strict:
        state.skip_crisis = True
        blocks.append(item("A reveal in one's own turn skips its Crisis step."))
    blocks += commitments(state, messages)
    return Outcome("A Cylon revealed", blocks, messages)


def cmd_sympathizer(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if not player.holds_sympathizer():
        raise TableError(f"{player.name} holds no Sympathizer card")
    red = state.red_resources()
    blocks = [para(f"{state.who(seat)} reveals ", b(state.content.sympathizer_card), ".")]
    messages: list[PrivateMessage] = []
    if red:
        blocks.append(para(f"A resource is in the red ({', '.join(red)}): ", b("a Cylon!")))
        blocks += _reveal(state, n, "sympathizer", seat, messages)
    else:
        player.brig = True
        _to_brig(state, seat)
        blocks.append(para("No resource is in the red: ", b("to the Brig.")))
        changes = state.pass_titles()
        blocks += title_lines(state, changes)
        messages += quorum_messages(state, n, "sympathizer", changes)
    player.loyalty = [c for c in player.loyalty if c.kind != "sympathizer"]
    blocks += commitments(state, messages)
    return Outcome("The Sympathizer", blocks, messages)


def _to_brig(state: TableState, seat: int) -> None:
    board = state.board
    area = board.pilot_area(seat)
    if area is not None:
        board.areas[area].vipers.remove(seat)
        state.reserves["vipers"] += 1
    board.positions[seat] = "brig"


def cmd_brig(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    release = bool(args.get("release"))
    if player.revealed:
        raise TableError(f"{player.name} is a revealed Cylon")
    if player.brig != release:
        raise TableError(f"{player.name} is {'not ' if release else ''}in the Brig")
    player.brig = not release
    if release:
        # A released Admiral does not get the title back (the rules say so). The character
        # stays at the Brig's location until it moves (free to, now).
        return Outcome("Out of the Brig", [para(f"{state.who(seat)} leaves the Brig.")])
    _to_brig(state, seat)
    blocks = [para(f"{state.who(seat)} is sent to the ", b("Brig"), ".")]
    changes = state.pass_titles()
    blocks += title_lines(state, changes)
    messages = quorum_messages(state, n, "brig", changes)
    blocks += commitments(state, messages)
    return Outcome("To the Brig", blocks, messages)


def cmd_title(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A card or location gives a title to a player (e.g. an election)."""
    not_over(state)
    title = str(args["title"])
    if title not in TITLES:
        raise TableError(f"no title {title!r} (expected one of: {', '.join(TITLES)})")
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if player.revealed or (title in state.content.lost_in_brig and player.brig):
        raise TableError(f"{player.name} may not hold the {TITLE_NAMES[title]} title now")
    old = state.titles[title]
    if old == seat:
        raise TableError(f"{player.name} is already {TITLE_NAMES[title]}")
    state.titles[title] = seat
    if title == "president":
        state.move_quorum_hand(old, seat)
    messages = quorum_messages(state, n, "title", [(title, old, seat)])
    blocks = title_lines(state, [(title, old, seat)]) + commitments(state, messages)
    return Outcome(TITLE_NAMES[title], blocks, messages)
