"""The deal, from the seed: for 300 seeds and 3, 4 and 5 players at the most rounds the
rulings allow, hands are disjoint and as large as the round number, the turn-up is never a
special card, and each round's commitment can be recomputed from the revealed seed."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from generator.games.card_race.cards import parse_id
from generator.games.card_race.content import CardRace
from generator.games.card_race.model import Table
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.planner import make_plan, round_commitment
from generator.kit.session import load_content, open_game
from generator.plan.model import from_data, to_data

SEEDS = [f"deal-check-{n:03d}" for n in range(300)]
NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eva"]


@pytest.fixture(scope="module")
def content() -> CardRace:
    return load_content("card-race")[2]


def table(players: int, specials: bool = True, rounds: int | None = None) -> Table:
    return Table(players=NAMES[:players], rounds=rounds, specials=specials)


@pytest.mark.parametrize(
    ("players", "specials"), [(3, True), (4, True), (5, True), (3, False), (4, False), (5, False)]
)
def test_three_hundred_deals(content: CardRace, players: int, specials: bool) -> None:
    most = content.max_rounds(players, specials)
    assert most == {True: [19, 14, 11], False: [18, 13, 11]}[specials][players - 3]
    deck = {c.id for c in content.deck(specials)}
    set_aside_seen = 0
    for seed in SEEDS:
        plan = make_plan(content, table(players, specials, most), seed, None)
        assert len(plan["rounds"]) == most
        seats = NAMES[:players]
        first = seats.index(plan["first_dealer"])
        for r, plan_round in enumerate(plan["rounds"], 1):
            assert plan_round["dealer"] == seats[(first + r - 1) % players]  # passes left
            assert plan_round["first"] == seats[(first + r) % players]
            hands = plan_round["hands"]
            dealt = [c for p in seats for c in hands[p]]
            assert all(len(hands[p]) == r for p in seats)
            assert len(set(dealt)) == len(dealt) == r * players  # disjoint
            assert set(plan_round["deck"]) == deck and len(plan_round["deck"]) == len(deck)
            turn = plan_round["turn_up"]
            out = set(dealt) | set(turn["set_aside"]) | {turn["card"]}
            assert len(out) == len(dealt) + len(turn["set_aside"]) + 1
            if turn["card"] is not None:
                card = parse_id(turn["card"])
                assert not card.is_special
                expected = {"N": "choose", "F": "leak"}.get(card.kind, "suit")
                assert turn["how"] == expected
                assert turn["trump"] == (card.kind if expected == "suit" else None)
            else:  # only special cards were left after the deal
                assert turn["how"] == "exhausted" and turn["trump"] is None
            assert all(parse_id(c).is_special for c in turn["set_aside"])
            assert specials or not turn["set_aside"]
            set_aside_seen += len(turn["set_aside"])
            # The next undealt cards, in deck order, are the set-aside ones then the turn-up.
            rest = plan_round["deck"][r * players :]
            shown = [*turn["set_aside"], *([turn["card"]] if turn["card"] else [])]
            assert rest[: len(shown)] == shown
    assert set_aside_seen > 0 or not specials


def test_a_plan_is_the_same_for_the_same_seed(content: CardRace) -> None:
    first = make_plan(content, table(4), "same-seed-twice-0001", dt.date(2026, 12, 7))
    again = make_plan(content, table(4), "same-seed-twice-0001", dt.date(2026, 12, 7))
    other = make_plan(content, table(4), "same-seed-twice-0002", dt.date(2026, 12, 7))
    assert first == again
    assert first["rounds"][0]["deck"] != other["rounds"][0]["deck"]
    assert [r["date"] for r in first["rounds"][:3]] == ["2026-12-07", "2026-12-09", "2026-12-11"]


def test_the_round_commitment_checks_the_deal(content: CardRace) -> None:
    plan = make_plan(content, table(3), "commitment-check-seed-01", None)
    plan_round = plan["rounds"][4]
    assert plan_round["commitment"] == round_commitment(5, plan_round["salt"], plan_round["deck"])
    swapped = list(plan_round["deck"])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert plan_round["commitment"] != round_commitment(5, plan_round["salt"], swapped)


def test_the_default_table_plans_through_the_core() -> None:
    game = open_game("card-race", "core-pipeline-seed-000001", None)
    assert isinstance(game.plan, CardRacePlan) and game.plan.pack == "card-race"
    assert game.plan.table.players == ("Ada", "Ben", "Cleo", "Dev")
    assert len(game.plan.rounds) == 12  # the default for 4 players
    # Its JSON form reads back as the same typed plan.
    assert from_data(CardRacePlan, json.loads(json.dumps(to_data(game.plan)))) == game.plan


GOLDEN = Path(__file__).parent / "golden" / "card-race-deal.json"


def test_golden_deal(content: CardRace, update_golden: bool) -> None:
    """A change here changes the hands of running games: refresh only on purpose
    (`pytest --update-golden`) and review the diff."""
    deal = make_plan(content, table(3, rounds=7), "card-race-golden-seed-01", None)
    if update_golden:
        GOLDEN.write_text(json.dumps(deal, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert deal == json.loads(GOLDEN.read_text(encoding="utf-8"))
