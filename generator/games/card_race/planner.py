"""The plan of a Galactic Card Race game: every random choice, made once from the seed.

First dealer, and per round the shuffled deck, the hands and the turn-up. Each round has a
commitment (SHA-256 over the round's deck and a salt from the seed) published in the round
post: once the host reveals the seed, anyone can recompute the deal and check their hands."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import TYPE_CHECKING, Any

from generator.games.card_race.cards import Card
from generator.games.card_race.content import CardRace
from generator.games.card_race.model import Table
from generator.plan.rng import Stream

if TYPE_CHECKING:
    from generator.games.card_race.plan import CardRacePlan
    from generator.pack.load import Pack

ROUND_COMMITMENT_VERSION = "sheetgen-card-race-round-v1"


def rounds_for(content: CardRace, table: Table) -> int:
    if table.rounds is not None:
        return table.rounds
    return content.round_range(len(table.players), table.specials)[2]


def round_commitment(number: int, salt: str, deck: list[str]) -> str:
    text = f"{ROUND_COMMITMENT_VERSION}\n{number}\n{salt}\n{' '.join(deck)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def turn_up(rest: list[Card]) -> dict[str, Any]:
    """The rulings: special cards are set aside and the next card turned; a Fuel Leak means
    no trump; a Navigator means the dealer chooses. If only special cards remain (possible in
    the last rounds of 3 or 4 players) there is no trump, as after a Fuel Leak."""
    set_aside: list[str] = []
    for card in rest:
        if card.is_special:
            set_aside.append(card.id)
            continue
        if card.kind == "F":
            trump, how = None, "leak"
        elif card.kind == "N":
            trump, how = None, "choose"
        else:
            trump, how = card.kind, "suit"
        return {"card": card.id, "set_aside": set_aside, "trump": trump, "how": how}
    return {"card": None, "set_aside": set_aside, "trump": None, "how": "exhausted"}


# A new game's salts: 128 random bits, 32 hex digits. Games dealt before drew 63 bits shown
# as 32 hex digits (their leading zeros looked broken to a player checking them); a running
# game keeps its plan, so its salts and commitments never change (`salt_bits` absent).
SALT_BITS = 128
OLD_SALT_BITS = 63


def round_salt(seed: str, number: int, bits: int = SALT_BITS) -> str:
    stream = Stream(seed, "card-race", f"round-{number}", "salt")
    if bits == OLD_SALT_BITS:
        return f"{stream.below(1 << 63):032x}"
    high, low = stream.below(1 << 64), stream.below(1 << 64)
    return f"{high << 64 | low:032x}"


def deal_round(
    content: CardRace,
    table: Table,
    seed: str,
    number: int,
    dealer: int,
    salt_bits: int = SALT_BITS,
) -> dict[str, Any]:
    players = table.players
    count = len(players)
    order = Stream(seed, "card-race", f"round-{number}", "deck").shuffled(
        content.deck(table.specials)
    )
    hands: dict[str, list[str]] = {p: [] for p in players}
    # One card at a time, starting with the player left of the dealer.
    for i in range(number * count):
        seat = (dealer + 1 + i) % count
        hands[players[seat]].append(order[i].id)
    salt = round_salt(seed, number, salt_bits)
    deck_ids = [c.id for c in order]
    return {
        "round": number,
        "dealer": players[dealer],
        "first": players[(dealer + 1) % count],
        "deck": deck_ids,
        "hands": hands,
        "turn_up": turn_up(order[number * count :]),
        "salt": salt,
        "commitment": round_commitment(number, salt, deck_ids),
    }


def make_plan(
    content: CardRace,
    table: Table,
    seed: str,
    start: dt.date | None,
    salt_bits: int = SALT_BITS,
) -> dict[str, Any]:
    """The deal. `salt_bits`: 63 only to deal again a game dealt before salts had 128 bits."""
    count = len(table.players)
    rounds = rounds_for(content, table)
    first_dealer = Stream(seed, "card-race", "first-dealer").below(count)
    dates = (
        [
            (start + dt.timedelta(days=(r - 1) * table.days_per_round)).isoformat()
            for r in range(1, rounds + 1)
        ]
        if start
        else [None] * rounds
    )
    plan: dict[str, Any] = {"salt_bits": salt_bits} if salt_bits != OLD_SALT_BITS else {}
    return {
        **plan,
        "table": {
            "players": list(table.players),
            "rounds": rounds,
            "bidding": table.bidding,
            "specials": table.specials,
            "lang": table.lang,
            "days_per_round": table.days_per_round,
        },
        "first_dealer": table.players[first_dealer],
        "rounds": [
            {
                **deal_round(content, table, seed, r, (first_dealer + r - 1) % count, salt_bits),
                "date": dates[r - 1],
            }
            for r in range(1, rounds + 1)
        ],
    }


def check_recorded_deal(
    pack: Pack, content: CardRace, plan: dict[str, Any], shown: str
) -> CardRacePlan:
    """plan.json's deal as the table's commands read it, typed. One edited by hand (a table
    that is no mapping, a hand moved, a round's salt changed) would be a traceback or a
    table no seed dealt. So the plan must read as a Card Race plan and, of this content,
    be the deal its seed makes for its table (dealing takes milliseconds). A plan of other
    content is for `card-race new` to refuse (`_keep_the_log_with_its_deal`)."""
    from generator.games.card_race.plan import CardRacePlan
    from generator.kit.session import plan_header
    from generator.pack.document import Document
    from generator.pack.validation import validate
    from generator.plan.model import PlanError, first_difference, read_plan, same_data, to_data

    typed = read_plan(CardRacePlan, plan, shown)
    if typed.content_digest != pack.digest:
        return typed
    if typed.salt_bits not in (None, SALT_BITS):
        raise PlanError(f"{shown}: salt_bits: got {typed.salt_bits} (expected {SALT_BITS})")
    table, problems = validate(Document(shown, to_data(typed.table)), Table)
    if table is None:  # a table no game file sets (a language, a player count)
        raise PlanError(f"{shown}: table.{problems[0].field}: {problems[0].message}")
    start = dt.date.fromisoformat(typed.start) if typed.start is not None else None
    made = to_data(plan_header(pack, typed.seed, start))
    made.update(make_plan(content, table, typed.seed, start, typed.salt_bits or OLD_SALT_BITS))
    if not same_data(made, plan):
        raise PlanError(
            f"{shown}: not the deal its seed makes for its table (first at "
            f"{first_difference(plan, made)}): it was edited by hand, or dealt by another "
            "version of sheetgen; go on with that version, or put back the plan.json the game "
            "wrote"
        )
    return typed
