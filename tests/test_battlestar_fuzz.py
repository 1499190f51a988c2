"""Any sequence of table commands, sensible or not, either applies or is refused with a
clear error (never a crash), and the table stays whole: every card is somewhere exactly
once, dials stay on the dial, no revealed Cylon holds a title."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.common.errors import SheetgenError
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.gamefile import GameSpec
from generator.games.battlestar.setup import set_up
from generator.games.battlestar.state import TableState
from generator.games.battlestar.table.commands import COMMANDS
from generator.kit.session import load_content

CONTENT: Battlestar = load_content("battlestar")[2]
NAMES = ("alice", "bob_b", "Carol", "dave")
CHARACTERS = ("laura-roslin", "william-adama", "kara-thrace", "galen-tyrol")
TYPES = ("politics", "leadership", "tactics", "piloting", "engineering")
player = st.sampled_from([*NAMES, "nobody"])
card = st.one_of(
    st.builds(lambda t, v: f"{t}:{v}", st.sampled_from(TYPES), st.integers(0, 6)),
    st.sampled_from(["Quorum 1", "Destination 3", "Crisis 2", "nonsense"]),
)
small = st.integers(-3, 12)
FLEET = ["food", "fuel", "morale", "population", "vipers", "raptors", "nukes"]
command = st.one_of(
    st.tuples(st.just("draw"), st.fixed_dictionaries({
        "deck": st.sampled_from(["crisis", "super-crisis", "quorum", "destination", "bad"]),
        "count": st.integers(0, 12), "player": st.one_of(st.none(), player)})),
    st.tuples(st.just("skills"), st.fixed_dictionaries({
        "player": player,
        "types": st.dictionaries(st.sampled_from([*TYPES, "x"]), small, max_size=2)})),
    st.tuples(st.just("play"), st.fixed_dictionaries({
        "player": player, "cards": st.lists(card, max_size=2), "discard": st.booleans()})),
    st.tuples(st.just("check-open"), st.fixed_dictionaries({
        "types": st.lists(st.sampled_from(TYPES), min_size=0, max_size=2),
        "difficulty": st.integers(-1, 40), "partial": st.one_of(st.none(), small),
        "name": st.sampled_from(["Crisis 1", "x", "[b]"])})),
    st.tuples(st.just("check-add"), st.fixed_dictionaries({
        "player": player, "cards": st.lists(card, max_size=3)})),
    st.tuples(st.just("check-resolve"), st.just({})),
    st.tuples(st.just("fleet"), st.fixed_dictionaries({"changes": st.dictionaries(
        st.sampled_from([*FLEET, "x"]), st.integers(-20, 20), max_size=3)})),
    st.tuples(st.just("prep"), st.fixed_dictionaries({"steps": st.integers(0, 7)})),
    st.tuples(st.just("jump"), st.fixed_dictionaries({
        "distance": st.integers(-1, 11), "destination": st.one_of(st.none(), card)})),
    st.tuples(st.sampled_from(["sleeper", "next"]), st.just({})),
    st.tuples(st.sampled_from(["cylon", "sympathizer"]), st.fixed_dictionaries({"player": player})),
    st.tuples(st.just("brig"), st.fixed_dictionaries({"player": player, "release": st.booleans()})),
    st.tuples(st.just("title"), st.fixed_dictionaries({
        "title": st.sampled_from(["president", "admiral", "king"]), "player": player})),
)  # fmt: skip


def fresh_state() -> TableState:
    spec = GameSpec(
        path=Path("game.yaml"),
        seed="fuzz-seed-0123456789",
        pack="battlestar",
        difficulty="standard",
        output=None,
        names=NAMES,
        characters=CHARACTERS,
        setup_skills=(None,) * 4,
        document=None,  # type: ignore[arg-type]
    )
    return set_up(CONTENT, spec, "FUZZ-0001")[0]


START = fresh_state()


def where_cards_are(state: TableState) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for name, deck in state.decks.items():
        found.update((name, c) for c in deck.pile + deck.discard)
    for p in state.players:
        found.update(p.hand)
    found.update(state.table_cards)
    found.update(("destination", c) for c in state.destinations)
    found.update((f"skill:{c.partition(':')[0]}", c) for c in state.destiny)
    if state.check is not None:
        for cards in state.check.added.values():
            found.update((f"skill:{c.partition(':')[0]}", c) for c in cards)
    return found


ALL_CARDS = where_cards_are(START)


def check_whole(state: TableState) -> None:
    assert where_cards_are(state) == ALL_CARDS
    for resource in CONTENT.resources:
        assert 0 <= state.resources[resource.id] <= CONTENT.dial_max
    for seat in state.titles.values():
        assert seat is None or not state.player(seat).revealed
    assert 0 <= state.jump < len(CONTENT.jump_track)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, max_size=30))
def test_any_command_sequence(commands: list[tuple[str, dict[str, Any]]]) -> None:
    state = copy.deepcopy(START, memo={id(CONTENT): CONTENT})
    for n, (name, args) in enumerate(commands, 1):
        trial = copy.deepcopy(state, memo={id(CONTENT): CONTENT})
        try:
            COMMANDS[name](trial, n, args)
        except SheetgenError:
            continue
        state = trial
        check_whole(state)


def test_the_start_holds_every_card() -> None:
    expected = sum(len(CONTENT.decks[d]) for d in CONTENT.decks)
    expected += sum(len(CONTENT.skill_cards(t)) for t in CONTENT.skill_type_ids())
    assert sum(ALL_CARDS.values()) == expected


# Sequences a moderator might really type: players and cards are picked from the table as
# it stands when the command runs, so checks, plays and reveals go through too.
sensible = st.tuples(
    st.sampled_from([
        "draw", "skills", "play", "check-open", "check-add", "check-add", "check-add",
        "check-add", "check-resolve", "check-resolve", "fleet", "prep", "jump", "sleeper",
        "cylon", "sympathizer", "brig", "release", "title", "next", "next",
    ]),
    st.integers(0, 1000),
    st.lists(st.integers(0, 50), max_size=3),
)  # fmt: skip


def concrete(state: TableState, name: str, pick: int, picks: list[int]) -> tuple[str, dict]:
    players = state.players
    who = players[pick % len(players)]
    skill = [c for d, c in who.hand if d.startswith("skill:")]
    any_card = [c for _, c in who.hand]
    if name == "draw":
        return name, {"deck": ["crisis", "quorum", "destination"][pick % 3], "count": 1 + pick % 2}
    if name == "skills":
        return name, {"player": who.name, "types": {TYPES[pick % 5]: 1 + pick % 3}}
    if name == "play":
        return name, {"player": who.name, "cards": [any_card[i % len(any_card)] for i in picks]
                      if any_card else [], "discard": bool(pick % 2)}  # fmt: skip
    if name == "check-open":
        return name, {"types": [TYPES[pick % 5]], "difficulty": pick % 15, "partial": None}
    if name == "check-add":
        if state.check is not None and state.check.next_seat() is not None and pick % 4:
            who = players[state.check.next_seat()]  # type: ignore[index]
            skill = [c for d, c in who.hand if d.startswith("skill:")]
        chosen = sorted({i % len(skill) for i in picks}) if skill else []
        return name, {"player": who.name, "cards": [skill[i] for i in chosen]}
    if name == "fleet":
        return name, {"changes": {FLEET[pick % 7]: pick % 5 - 2}}
    if name == "prep":
        return name, {"steps": 1 + pick % 3}
    if name == "jump":
        admiral = state.holder("admiral")
        held = [c for d, c in players[admiral].hand if d == "destination"] if admiral else []
        return name, {"distance": 1 + pick % 4, "destination": held[0] if held else None}
    if name == "cylon":
        cylons = [p for p in players if p.holds_cylon_card() and not p.revealed]
        return name, {"player": (cylons[0] if cylons and pick % 3 == 0 else who).name}
    if name == "sympathizer":
        holders = [p for p in players if p.holds_sympathizer()]
        return name, {"player": (holders[0] if holders else who).name}
    if name in ("brig", "release"):
        return "brig", {"player": who.name, "release": name == "release"}
    if name == "title":
        return name, {"title": ["president", "admiral"][pick % 2], "player": who.name}
    return name, {}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(sensible, min_size=5, max_size=60))
def test_sensible_command_sequences(ops: list[tuple[str, int, list[int]]]) -> None:
    state = copy.deepcopy(START, memo={id(CONTENT): CONTENT})
    for n, (name, pick, picks) in enumerate(ops, 1):
        command, args = concrete(state, name, pick, picks)
        trial = copy.deepcopy(state, memo={id(CONTENT): CONTENT})
        try:
            outcome = COMMANDS[command](trial, n, args)
        except SheetgenError:
            continue
        state = trial
        check_whole(state)
        if command in ("check-add", "check-resolve"):  # never a card in a check's post
            text = " ".join(s.text for block in outcome.blocks for s in block.spans)
            for key in args.get("cards", []):
                assert CONTENT.skill_card_name(key) not in text
