"""`sheetgen card-race status FOLDER --json`: where the table stands, for a bot or a page.

Only what the thread may know: bids as far as the variant shows them (a hidden bid only
once all are in, an unknown one at the round's end; before that only who has bid), every
card played (at a table everyone sees them), never a hand."""

from __future__ import annotations

from typing import Any

from generator.games.card_race.scoring import places
from generator.games.card_race.table.replay import RoundState, TableState, Trick, bids_public


def _cards(plays: list[tuple[str, Any]]) -> list[dict[str, str]]:
    return [{"player": player, "card": card.code} for player, card in plays]


def _trick(trick: Trick, number: int) -> dict[str, Any]:
    return {
        "number": number,
        "cards": _cards(trick.plays),
        "winner": trick.winner,  # null: a Black Hole, nobody took it
        "boosters_paid": [trick.plays[i][0] for i in trick.result.bonus],
    }


def _turn(state: TableState, rnd: RoundState) -> dict[str, Any] | None:
    """Who the table waits for and to do what."""
    if state.over:
        return None
    if rnd.trump_open:
        return {"action": "trump", "players": [rnd.dealer]}
    if not rnd.bidding_done:
        waiting = rnd.waiting_bids()
        if state.variant == "standard":
            waiting = waiting[:1]
        return {"action": "bid", "players": waiting}
    return {"action": "play", "players": [rnd.next_player()]}


def status_data(state: TableState, entries: int) -> dict[str, Any]:
    rnd = state.rounds[-1]
    totals = state.totals()
    public = bids_public(state, rnd)
    last = rnd.tricks[-1] if rnd.tricks else None
    return {
        "game_id": state.plan.game_id,
        "entries": entries,
        "over": state.over,
        "round": rnd.number,
        "rounds": len(state.plan.rounds),
        "cards_each": rnd.number,
        "dealer": rnd.dealer,
        "seats": state.seats,
        "bidding": state.variant,
        "trump": None if rnd.trump_open else rnd.trump,  # a suit letter; null: no trump
        "trump_to_name": rnd.dealer if rnd.trump_open else None,
        "bids": {p: rnd.bids[p] for p in rnd.bid_order if p in rnd.bids} if public else None,
        "have_bid": [p for p in rnd.bid_order if p in rnd.bids],
        "trick": None
        if state.over or not rnd.bidding_done
        else {
            "number": len(rnd.tricks) + 1,
            "of": rnd.number,
            "led_by": rnd.leader,
            "cards": _cards(rnd.current),
        },
        "last_trick": None if last is None else _trick(last, len(rnd.tricks)),
        "tricks_taken": {p: rnd.won.get(p, 0) for p in state.seats},
        "turn": _turn(state, rnd),
        "totals": totals,
        "positions": places(totals),
    }
