"""Table commands for loyalty and titles: the sleeper agent deal, reveals, the Brig, a
title given by a card."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.content import TITLES
from generator.games.battlestar.loyalty import SYMPATHIZER
from generator.games.battlestar.posts import TableBlock, b, para
from generator.games.battlestar.state import TableState
from generator.games.battlestar.table_common import (
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


def _reveal(state: TableState, seat: int) -> list[TableBlock]:
    player = state.player(seat)
    player.revealed = True
    player.brig = False
    return title_lines(state, state.pass_titles())


def cmd_cylon(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if player.revealed:
        raise TableError(f"{player.name} is already a revealed Cylon")
    if not player.holds_cylon_card():
        raise TableError(f"{player.name} holds no You Are a Cylon card")
    blocks = [para(f"{state.who(seat)} reveals a Loyalty card: ", b("a Cylon!"))]
    blocks += _reveal(state, seat)
    return Outcome("A Cylon revealed", blocks)


def cmd_sympathizer(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if not player.holds_sympathizer():
        raise TableError(f"{player.name} holds no Sympathizer card")
    red = state.red_resources()
    blocks = [para(f"{state.who(seat)} reveals ", b(state.content.sympathizer_card), ".")]
    if red:
        blocks.append(para(f"A resource is in the red ({', '.join(red)}): ", b("a Cylon!")))
        blocks += _reveal(state, seat)
    else:
        player.brig = True
        blocks.append(para("No resource is in the red: ", b("to the Brig.")))
        blocks += title_lines(state, state.pass_titles())
    player.loyalty = [c for c in player.loyalty if c.kind != "sympathizer"]
    return Outcome("The Sympathizer", blocks)


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
        # A released Admiral does not get the title back (the rules say so).
        return Outcome("Out of the Brig", [para(f"{state.who(seat)} leaves the Brig.")])
    blocks = [para(f"{state.who(seat)} is sent to the ", b("Brig"), ".")]
    blocks += title_lines(state, state.pass_titles())
    return Outcome("To the Brig", blocks)


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
    return Outcome(TITLE_NAMES[title], title_lines(state, [(title, old, seat)]))
