"""Checking a round's deal after it ended: `sheetgen card-race verify --round N ...`.

The round post and every private hand carry the round's commitment, SHA-256 over the
round number, a salt and the shuffled deck. The round's standings post reveals the salt
and the deck (posts.py `reveal_lines`); with them anyone recomputes the commitment and,
given the seat order and the dealer, the cards each captain was dealt (one card at a time,
starting left of the dealer, as the planner deals). Each round's salt and deck come from
streams of their own (`round-N/salt`, `round-N/deck`, SHA-256 keyed by the secret seed), so
a revealed round tells nothing about a later one."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from generator.common.errors import SheetgenError
from generator.games.card_race.cards import Card, parse_code, parse_id
from generator.games.card_race.content import CardRace
from generator.games.card_race.planner import round_commitment, turn_up
from generator.games.card_race.texts import Texts
from generator.host.names import name_problem

SALT = re.compile(r"^[0-9a-f]{32}$")
# The full commitment, or at least the first 16 hex digits a private hand message prints.
COMMITMENT = re.compile(r"^[0-9a-f]{16,64}$")
MAX_ROUND = 99
SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class RoundClaim:
    """What the player typed, unparsed (every field as given on the command line)."""

    round: int | None
    salt: str | None
    deck: str | None
    commitment: str
    players: str | None = None
    dealer: str | None = None
    player: str | None = None
    hand: str | None = None


@dataclass(frozen=True)
class Verdict:
    text: str
    ok: bool


def _items(text: str) -> list[str]:
    return [item for item in SEPARATORS.split(text.strip()) if item]


def _deck_ids(content: CardRace, text: str, t: Texts) -> list[str]:
    """The revealed deck as card ids (`N3`, not `N`: the commitment names each copy)."""
    known = {c.id for c in content.deck(True)}
    ids = []
    for item in _items(text):
        try:
            card = parse_id(item)
        except ValueError:
            card = None
        if card is None or card.id not in known or item.strip().upper() != card.id:
            raise SheetgenError(t.get("verify_err_deck_card", card=item))
        ids.append(card.id)
    return ids


def _not_a_deck(content: CardRace, ids: list[str]) -> str | None:
    """What keeps `ids` from being one whole deck (with or without special cards)."""
    have = Counter(ids)
    best = None
    for specials in (True, False):
        want = Counter(c.id for c in content.deck(specials))
        twice = sorted(i for i, n in have.items() if n > 1)
        missing = sorted(want - have)
        extra = sorted(set(have) - set(want))
        problems = [*(f"{i} ×{have[i]}" for i in twice), *(f"-{i}" for i in missing)]
        problems += [f"+{i}" for i in extra]
        if not problems:
            return None
        if best is None or len(problems) < len(best):
            best = problems
    assert best is not None
    return ", ".join(best[:12]) + (" …" if len(best) > 12 else "")


def _hand_codes(text: str, t: Texts) -> list[Card]:
    cards = []
    for item in _items(text):
        try:
            card = parse_code(item)
        except ValueError:
            raise SheetgenError(t.get("verify_err_hand_card", card=item)) from None
        cards.append(card)
    return cards


def _seats(claim: RoundClaim, t: Texts) -> tuple[list[str], int]:
    if not claim.players or not claim.dealer:
        raise SheetgenError(t.get("verify_err_seats"))
    players = _items(claim.players)
    bad_name = any(name_problem(p) is not None for p in players)
    if bad_name or len(set(players)) != len(players) or not 2 <= len(players) <= 8:
        # Escaped: a bidi or control character must not act on the message it is shown in.
        shown = repr(claim.players)[1:-1] if bad_name else claim.players
        raise SheetgenError(t.get("verify_err_players", players=shown))
    if claim.dealer not in players:
        raise SheetgenError(
            t.get("verify_err_unknown", player=claim.dealer, players=", ".join(players))
        )
    return players, players.index(claim.dealer)


def verify_round(content: CardRace, claim: RoundClaim, lang: str) -> Verdict:
    """OK/MISMATCH for the commitment, and for the hand when one is named. Input that cannot
    be checked (a card that does not exist, a salt that is no salt) is a SheetgenError."""
    t = content.lang(lang)
    number = claim.round
    if number is None or claim.salt is None or claim.deck is None:
        raise SheetgenError(t.get("verify_err_needs"))
    if not 1 <= number <= MAX_ROUND:
        raise SheetgenError(t.get("verify_err_round", round=number))
    salt = claim.salt.strip().lower()
    if not SALT.match(salt):
        raise SheetgenError(t.get("verify_err_salt", salt=claim.salt))
    expected = claim.commitment.strip().lower()
    if not COMMITMENT.match(expected):
        raise SheetgenError(t.get("verify_err_commitment", commitment=claim.commitment))
    ids = _deck_ids(content, claim.deck, t)
    actual = round_commitment(number, salt, ids)
    lines: list[str] = []
    ok = actual.startswith(expected)
    if ok:
        key = "verify_ok" if len(expected) == len(actual) else "verify_ok_prefix"
        lines.append(t.get(key, round=number, commitment=actual, digits=len(expected)))
    else:
        lines.append(t.get("verify_mismatch", round=number, actual=actual, expected=expected))
    broken = _not_a_deck(content, ids)
    if broken is not None:
        ok = False
        lines.append(t.get("verify_not_a_deck", cards=len(ids), problems=broken))
    if claim.player is not None or claim.hand is not None:
        verdict = _hand_check(content, claim, ids, number, lang)
        lines += verdict.text.splitlines()
        ok = ok and verdict.ok
    return Verdict("\n".join(lines) + "\n", ok)


def _hand_check(
    content: CardRace, claim: RoundClaim, ids: list[str], number: int, lang: str
) -> Verdict:
    t = content.lang(lang)
    players, dealer = _seats(claim, t)
    if claim.player is None:
        raise SheetgenError(t.get("verify_err_player"))
    if claim.player not in players:
        raise SheetgenError(
            t.get("verify_err_unknown", player=claim.player, players=", ".join(players))
        )
    count = len(players)
    if number * count >= len(ids):
        raise SheetgenError(t.get("verify_err_too_few", round=number, cards=len(ids)))
    offset = (players.index(claim.player) - dealer - 1) % count
    positions = [offset + j * count for j in range(number)]
    dealt = [parse_id(ids[p]) for p in positions]
    # As a hand message shows them: `N` for any Navigator, whichever copy was dealt.
    shown = ", ".join(c.code for c in dealt)
    where = ", ".join(str(p + 1) for p in positions)
    up = turn_up([parse_id(i) for i in ids[number * count :]])
    lines = []
    if claim.hand is None:
        lines.append(t.get("verify_dealt", player=claim.player, cards=shown, positions=where))
        ok = True
    else:
        hand = _hand_codes(claim.hand, t)
        if len(hand) != number:
            raise SheetgenError(
                t.get("verify_err_hand_size", round=number, count=len(hand), hand=claim.hand)
            )
        ok = Counter(c.code for c in hand) == Counter(c.code for c in dealt)
        key = "verify_hand_ok" if ok else "verify_hand_mismatch"
        given = ", ".join(c.code for c in hand)
        lines.append(t.get(key, player=claim.player, cards=shown, hand=given, positions=where))
    if up["card"] is None:
        lines.append(t.get("verify_turn_up_none"))
    else:
        card = parse_id(up["card"])
        name = f"{content.card_name(card, lang)} ({card.code})"
        lines.append(t.get("verify_turn_up", card=name))
    return Verdict("\n".join(lines), ok)
