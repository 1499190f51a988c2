"""The table: bids, trump choices and plays replayed over the plan, each one checked.

A refused entry raises `Refused` with a texts key and values, so the message is written in
the table's language by whoever reports it. The state is rebuilt from the whole log every
time: the log is the only record, and a log that no longer fits the plan is reported."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from generator.common.errors import as_typed
from generator.games.card_race.cards import Card, parse_code, parse_id, sorted_hand
from generator.games.card_race.content import CardRace
from generator.games.card_race.judge import TrickResult, judge, may_play, suit_to_follow
from generator.games.card_race.plan import CardRacePlan, Deal
from generator.games.card_race.scoring import Line, Scored, score_round
from generator.host.names import name_key


class Refused(Exception):
    """`host`: a texts key for what only the host may read (a hand, a hidden bid), said
    apart from the refusal itself, which the thread may see. `cause`: the refusal of a later
    entry that a correction would break."""

    def __init__(
        self, key: str, host: str | None = None, cause: Refused | None = None, **values: Any
    ) -> None:
        super().__init__(key)
        self.key = key
        self.host = host
        self.cause = cause
        self.values = values


@dataclass
class Trick:
    plays: list[tuple[str, Card]]
    result: TrickResult

    @property
    def winner(self) -> str | None:
        return None if self.result.winner is None else self.plays[self.result.winner][0]


@dataclass
class RoundState:
    number: int
    plan: Deal
    seats: list[str]
    hands: dict[str, list[Card]]
    trump: str | None
    trump_open: bool  # a Navigator was turned up and the dealer has not chosen yet
    leader: str
    bids: dict[str, int] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    current: list[tuple[str, Card]] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    boosters: dict[str, int] = field(default_factory=dict)
    scored: list[Scored] = field(default_factory=list)

    @property
    def dealer(self) -> str:
        return self.plan.dealer

    @property
    def bid_order(self) -> list[str]:
        first = self.seats.index(self.plan.first)
        return [self.seats[(first + i) % len(self.seats)] for i in range(len(self.seats))]

    @property
    def bidding_done(self) -> bool:
        return len(self.bids) == len(self.seats)

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.number

    def waiting_bids(self) -> list[str]:
        return [p for p in self.bid_order if p not in self.bids]

    def next_player(self) -> str:
        start = self.seats.index(self.leader)
        return self.seats[(start + len(self.current)) % len(self.seats)]

    def lines(self) -> list[Line]:
        return [
            Line(p, self.bids[p], self.won.get(p, 0), self.boosters.get(p, 0)) for p in self.seats
        ]


@dataclass(frozen=True)
class Correction:
    """What an undo entry changed: the entry it undid (as it stood), what stands instead
    (None: nothing), the tricks judged again (round, trick, who took it before: None for
    nobody) and the rounds whose standings changed."""

    serial: int
    target: int
    before: dict[str, Any]
    after: dict[str, Any] | None
    rejudged: tuple[tuple[int, int, str | None], ...]
    rescored: tuple[int, ...]
    later: int  # entries after the target, each checked again
    # Tricks closed before and open again now (the undone card had closed them), as
    # (round, trick, who took it: None for nobody).
    reopened: tuple[tuple[int, int, str | None], ...] = ()
    # The race was over and its final totals changed: the final post is issued again.
    final_changed: bool = False


@dataclass
class TableState:
    content: CardRace
    plan: CardRacePlan
    rounds: list[RoundState] = field(default_factory=list)
    totals_after: list[dict[str, int]] = field(default_factory=list)
    # The entries that stand, by their entry number (an undone one is left out, a corrected
    # one is there as corrected): what the table is replayed from after a correction.
    kept: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    undone: dict[int, int] = field(default_factory=dict)  # entry -> the entry undoing it
    corrections: dict[int, Correction] = field(default_factory=dict)  # by the undo's number
    logged: int = 0  # the log's entries applied so far (undo entries too)

    @property
    def seats(self) -> list[str]:
        return list(self.plan.table.players)

    @property
    def variant(self) -> str:
        return str(self.plan.table.bidding)

    @property
    def over(self) -> bool:
        return len(self.totals_after) == len(self.plan.rounds)

    @property
    def current(self) -> RoundState:
        return self.rounds[-1]

    def totals(self) -> dict[str, int]:
        return self.totals_after[-1] if self.totals_after else {p: 0 for p in self.seats}


def new_table(content: CardRace, plan: CardRacePlan) -> TableState:
    state = TableState(content, plan)
    _open_round(state, 1)
    return state


def _open_round(state: TableState, number: int) -> None:
    plan_round = state.plan.rounds[number - 1]
    turn = plan_round.turn_up
    state.rounds.append(
        RoundState(
            number=number,
            plan=plan_round,
            seats=state.seats,
            hands={p: [parse_id(c) for c in ids] for p, ids in plan_round.hands.items()},
            trump=turn.trump,
            trump_open=turn.how == "choose",
            leader=plan_round.first,
        )
    )


def _player(state: TableState, name: str) -> str:
    """The seat a typed name means: the whole name, case and width aside (the game file's
    names are unique by that key, so at most one seat matches)."""
    key = name_key(name)
    for seat in state.seats:
        if name_key(seat) == key:
            return seat
    raise Refused("err_unknown_player", player=as_typed(name), players=", ".join(state.seats))


def bids_public(state: TableState, rnd: RoundState) -> bool:
    """Whether the thread may see the bids of `rnd`: always in standard bidding, once all
    are in for hidden bids, at the round's end for unknown bids."""
    if state.variant == "standard":
        return True
    if state.variant == "hidden":
        return rnd.bidding_done
    return rnd.finished


def max_bid(state: TableState, number: int) -> int:
    return max(state.content.rules.first_round_bids) if number == 1 else number


def bid(
    state: TableState, player_name: str, value: int, trump_first: bool = True
) -> dict[str, Any]:
    """`trump_first`: after a Navigator turn-up no bid is taken until the dealer has named
    trump (order of a round: deal, turn-up, trump, bids). Only entries logged before that
    ruling (without an entry number) replay without it."""
    if state.over:
        raise Refused("err_game_over")
    player = _player(state, player_name)
    rnd = state.current
    if trump_first and rnd.trump_open:
        raise Refused("err_trump_before_bids", dealer=rnd.dealer)
    if rnd.bidding_done:
        raise Refused("err_bid_phase_over", round=rnd.number)
    if player in rnd.bids:
        raise Refused("err_already_bid", player=player, round=rnd.number)
    if state.variant == "standard" and rnd.waiting_bids()[0] != player:
        raise Refused("err_not_bid_turn", expected=rnd.waiting_bids()[0], player=player)
    allowed = state.content.rules.first_round_bids if rnd.number == 1 else range(0, rnd.number + 1)
    if value not in allowed:
        # A hidden or unknown bid is the player's secret, even a mistyped one: the value
        # goes on a line for the host only.
        standard = state.variant == "standard"
        raise Refused(
            "err_bid_range" if standard else "err_bid_range_secret",
            None if standard else "err_bid_range_host",
            round=rnd.number,
            max=max_bid(state, rnd.number),
            bid=value,
            player=player,
        )
    rnd.bids[player] = value
    return {"kind": "bid", "round": rnd.number, "player": player, "bid": value}


def choose_trump(state: TableState, suit: str) -> dict[str, Any]:
    if state.over:
        raise Refused("err_game_over")
    rnd = state.current
    if not rnd.trump_open or rnd.current or rnd.tricks:
        raise Refused("err_trump_not_open")
    code = suit.strip().upper()
    if code not in state.content.suits:
        raise Refused("err_trump_suit", suit=as_typed(suit))
    rnd.trump = code
    rnd.trump_open = False
    return {"kind": "trump", "round": rnd.number, "suit": code}


def _card_in_hand(hand: list[Card], typed: Card) -> Card | None:
    for card in hand:
        if card.kind != typed.kind:
            continue
        if card.is_tech and card.number != typed.number:
            continue
        if not card.is_tech and typed.number and card.number != typed.number:
            continue
        return card
    return None


def play(state: TableState, player_name: str, card_text: str) -> dict[str, Any]:
    if state.over:
        raise Refused("err_game_over")
    player = _player(state, player_name)
    try:
        typed = parse_code(card_text)
    except ValueError:
        raise Refused("err_unknown_card", card=as_typed(card_text)) from None
    rnd = state.current
    if rnd.trump_open:
        raise Refused("err_trump_missing", dealer=rnd.dealer)
    if not rnd.bidding_done:
        raise Refused("err_bids_missing", players=", ".join(rnd.waiting_bids()))
    expected = rnd.next_player()
    if player != expected:
        raise Refused("err_not_play_turn", expected=expected, player=player)
    hand = rnd.hands[player]
    card = _card_in_hand(hand, typed)
    if card is None:
        raise Refused(
            "err_not_in_hand",
            "err_not_in_hand_host",  # the cards left are the player's hand: host only
            player=player,
            card=typed.code,
            cards=" ".join(c.code for c in sorted_hand(hand)),
        )
    so_far = [c for _, c in rnd.current]
    if not may_play(card, hand, so_far):
        follow = suit_to_follow(so_far)
        holding = [c for c in sorted_hand(hand) if c.kind == follow]
        raise Refused(
            "err_must_follow",
            "err_must_follow_host",  # which cards of the suit: the player's hand
            player=player,
            suit=follow,
            cards=" ".join(c.code for c in holding),
        )
    hand.remove(card)
    rnd.current.append((player, card))
    entry = {"kind": "play", "round": rnd.number, "player": player, "card": card.id}
    if len(rnd.current) == len(state.seats):
        _close_trick(state, rnd)
    return entry


def _close_trick(state: TableState, rnd: RoundState) -> None:
    result = judge([c for _, c in rnd.current], rnd.trump)
    trick = Trick(list(rnd.current), result)
    rnd.tricks.append(trick)
    rnd.current = []
    if result.winner is not None:
        winner = trick.plays[result.winner][0]
        rnd.won[winner] = rnd.won.get(winner, 0) + 1
        rnd.leader = winner
    else:  # Black Hole: its player leads next
        rnd.leader = trick.plays[result.reason_values["position"]][0]
    for position in result.bonus:
        player = trick.plays[position][0]
        rnd.boosters[player] = rnd.boosters.get(player, 0) + 1
    if rnd.finished:
        rnd.scored, totals = score_round(rnd.lines(), state.totals(), state.content.rules.scoring)
        state.totals_after.append(totals)
        if not state.over:
            _open_round(state, rnd.number + 1)


class BadEntry(ValueError):
    """A logged entry that is not one the table writes (a field missing or of a wrong type,
    an entry number out of order): the message says which field."""


def _whole_number(entry: dict[str, Any], key: str) -> int:
    value = entry.get(key)
    # bool is an int in Python: `true` must not count as 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadEntry(f"{key}: expected a whole number, got {json_word(value)}")
    return value


def _text(entry: dict[str, Any], key: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str):
        raise BadEntry(f"{key}: expected a text, got {json_word(value)}")
    return value


def json_word(value: Any) -> str:
    """A logged value as it reads in the log (`true`, `null`, `"x"`), shortened."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else f"{text[:39]}…"


ENTRY_KEYS = {
    "bid": {"kind", "round", "player", "bid"},
    "trump": {"kind", "round", "suit"},
    "play": {"kind", "round", "player", "card"},
    # A correction: entry `undoes` no longer stands; `instead`, when there, is what stands
    # in its place (a bid's number, a card's id, a suit's letter).
    "undo": {"kind", "round", "undoes", "instead"},
}
REQUIRED = {kind: keys - {"instead"} for kind, keys in ENTRY_KEYS.items()}


def keep(state: TableState, serial: int, entry: dict[str, Any]) -> None:
    """Note entry `serial` of the log, applied; one that is no correction now stands."""
    state.logged = serial
    if entry["kind"] != "undo":
        state.kept.append((serial, entry))


def _apply(state: TableState, entry: dict[str, Any]) -> dict[str, Any]:
    """A bid, trump or play entry applied to `state`; the entry as the table writes it."""
    kind = entry["kind"]
    if kind == "bid":
        return bid(state, _text(entry, "player"), _whole_number(entry, "bid"), "n" in entry)
    if kind == "trump":
        return choose_trump(state, _text(entry, "suit"))
    return play(state, _text(entry, "player"), _text(entry, "card"))


def _instead(before: dict[str, Any], instead: Any) -> dict[str, Any]:
    """The entry that stands in place of `before`: same kind, round and player, the value
    corrected."""
    kind = before["kind"]
    fields = {k: v for k, v in before.items() if k in ENTRY_KEYS[kind] or k == "n"}
    if kind == "bid":
        text = str(instead).strip()
        if isinstance(instead, bool) or not text.isdigit() or len(text) > 2:
            raise Refused("err_undo_instead_bid", value=instead)
        return {**fields, "bid": int(text)}
    if kind == "trump":
        return {**fields, "suit": str(instead)}
    return {**fields, "card": str(instead)}


def last_standing(state: TableState) -> int | None:
    return state.kept[-1][0] if state.kept else None


def undo(state: TableState, serial: int, target: int | None, instead: Any = None) -> dict[str, Any]:
    """Entry `serial` undoes entry `target` (the last one standing when None), with
    `instead` standing in its place if given. Every entry after it is checked and every
    trick judged again, from the deal on; a correction that a later entry no longer fits
    is refused (naming that entry), and so is one that would leave a round unfinished whose
    deal its standings post revealed. The deal is never touched: commitments stand."""
    if target is None:
        target = last_standing(state)
        if target is None:
            raise Refused("err_undo_nothing")
    standing = dict(state.kept)
    if target not in standing:
        if target in state.undone:
            raise Refused("err_undo_again", entry=target, by=state.undone[target])
        if 1 <= target < serial:
            raise Refused("err_undo_correction", entry=target)
        raise Refused("err_undo_entry", entry=target, last=serial - 1)
    before = standing[target]
    after = None if instead is None else _instead(before, instead)
    fresh = new_table(state.content, state.plan)
    for number, entry in state.kept:
        if number == target and after is None:
            continue
        if fresh.over or int(entry["round"]) != fresh.current.number:
            # An earlier round left unfinished: its deal was revealed when it ended.
            raise Refused("err_undo_revealed", round=len(fresh.totals_after) + 1)
        try:
            if number == target:
                assert after is not None
                applied = _apply(fresh, after)
                after = {**applied, **({"n": after["n"]} if "n" in after else {})}
                fresh.kept.append((number, after))
            else:
                _apply(fresh, entry)
                fresh.kept.append((number, entry))
        except Refused as exc:
            if number == target:
                raise  # the corrected value itself is refused: say why, as for a new entry
            raise Refused("err_undo_later", cause=exc, entry=number) from None
    if len(fresh.totals_after) < len(state.totals_after):
        raise Refused("err_undo_revealed", round=len(fresh.totals_after) + 1)
    rejudged = []
    for old_round, new_round in zip(state.rounds, fresh.rounds, strict=False):
        for index, (old, new) in enumerate(
            zip(old_round.tricks, new_round.tricks, strict=False), 1
        ):
            if old.plays != new.plays or old.result != new.result:
                rejudged.append((old_round.number, index, old.winner))
    reopened = [
        (old_round.number, index, old.winner)
        for old_round, new_round in zip(state.rounds, fresh.rounds, strict=False)
        for index, old in enumerate(old_round.tricks, 1)
        if index > len(new_round.tricks)
    ]
    rescored = [
        number
        for number, (old, new) in enumerate(
            zip(state.totals_after, fresh.totals_after, strict=False), 1
        )
        if old != new
    ]
    fresh.undone = dict(state.undone)
    if after is None:
        fresh.undone[target] = serial
    correction = Correction(
        serial=serial,
        target=target,
        before=before,
        after=after,
        rejudged=tuple(rejudged),
        rescored=tuple(rescored),
        later=sum(1 for number, _ in state.kept if number > target),
        reopened=tuple(reopened),
        final_changed=state.over and fresh.over and state.totals() != fresh.totals(),
    )
    fresh.corrections = {**state.corrections, serial: correction}
    fresh.logged = state.logged
    state.__dict__.update(fresh.__dict__)
    undo: dict[str, Any] = {"kind": "undo", "round": int(before["round"]), "undoes": target}
    if after is not None:
        undo["instead"] = after[{"bid": "bid", "trump": "suit", "play": "card"}[after["kind"]]]
    return undo


def apply_entry(state: TableState, entry: dict[str, Any], number: int | None = None) -> None:
    """Replay one recorded entry; Refused if it no longer fits (an edited log or plan),
    BadEntry if it is not an entry the table writes.

    `number`: the entry's place in the log (1, 2, ...), which an entry written since entry
    numbers exist carries as `n`; None for an entry of an older log, which has none (its
    place is then counted: it is what a correction names it by)."""
    kind = entry.get("kind")
    if kind not in ENTRY_KEYS:
        raise BadEntry(f"kind: expected bid, trump, play or undo, got {json_word(kind)}")
    allowed = ENTRY_KEYS[kind] | ({"n"} if number is not None else set())
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise BadEntry(f"{unknown[0]}: not a field of a {kind} entry")
    missing = sorted(REQUIRED[kind] - set(entry))
    if missing and kind == "undo":
        raise BadEntry(f"{missing[0]}: missing from an undo entry")
    if number is not None and _whole_number(entry, "n") != number:
        raise BadEntry(
            f"n: entry number {entry['n']} where entry {number} belongs "
            "(an entry was removed, repeated or moved)"
        )
    round_no = _whole_number(entry, "round")
    place = number if number is not None else state.logged + 1
    if kind == "undo":
        if number is None:
            raise BadEntry("n: an undo entry always carries its entry number")
        done = undo(state, number, _whole_number(entry, "undoes"), entry.get("instead"))
        for key in ("round", "instead"):
            if done.get(key) != entry.get(key):
                raise BadEntry(
                    f"{key}: expected {json_word(done.get(key))} for a correction of entry "
                    f"{entry['undoes']}, got {json_word(entry.get(key))}"
                )
        keep(state, number, entry)
        return
    if state.over:
        raise Refused("err_game_over")
    if round_no != state.current.number:
        raise BadEntry(f"round: expected round {state.current.number}, got {round_no}")
    _apply(state, entry)
    keep(state, place, entry)
