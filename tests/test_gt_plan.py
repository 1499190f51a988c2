"""The rulings of DESIGN.md hold for any seed, ints and strings alike."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.kit.session import load_content, open_game
from generator.plan.model import to_data

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_SEEDS = ["2020", "42", "Wageningen board gamers, October"]

seeds = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.text(min_size=1, max_size=40)
    .map(str.strip)
    .filter(bool)
    .filter(lambda s: all(ord(c) >= 32 for c in s)),
)


@cache
def content() -> Any:
    return load_content("galaxy-trucker")[2]


def plan_for(seed: str) -> dict[str, Any]:
    """The plan in its JSON form, as plan.json holds it."""
    return to_data(open_game("galaxy-trucker", seed, None).plan)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seeds)
def test_counts_and_rulings_hold_for_any_seed(seed: str) -> None:
    gt = content()
    plan = plan_for(seed)
    assert plan["seed"] == seed
    assert [r["round"] for r in plan["rounds"]] == [1, 2, 3]
    assert [r["ship"] for r in plan["rounds"]] == ["I", "II", "III"]
    assert [len(r["build_turns"]) for r in plan["rounds"]] == [8, 11, 14]
    assert [len(r["flight_turns"]) for r in plan["rounds"]] == [4, 6, 8]

    turns = []
    for rnd, mix, size in zip(
        plan["rounds"], ({1: 2}, {2: 2, 1: 1}, {3: 2, 2: 1, 1: 1}), (2, 3, 4), strict=True
    ):
        # Build turns: 3 sets of 3 tiles, all distinct within the round (no replacement).
        tiles = []
        for build in rnd["build_turns"]:
            assert len(build["sets"]) == 3 and all(len(s) == 3 for s in build["sets"])
            tiles += [t["id"] for s in build["sets"] for t in s]
            turns.append(build["turn"])
        assert len(tiles) == len(set(tiles)) == len(rnd["build_turns"]) * 9
        assert "start" not in tiles  # the starting cabin is printed, never drawn
        for t in (t for b in rnd["build_turns"] for s in b["sets"] for t in s):
            assert gt.tiles_by_id[t["id"]].type == t["type"]

        # Stacks: 4 of 2/3/4 cards with the original level mix; the last one hidden.
        assert len(rnd["stacks"]) == 4 and rnd["hidden_stack"] == 4
        for stack in rnd["stacks"]:
            assert len(stack) == size
            assert Counter(c["level"] for c in stack) == Counter(mix)
        stack_ids = [c["id"] for s in rnd["stacks"] for c in s]
        assert len(stack_ids) == len(set(stack_ids))

        # The flight is exactly the 4 stacks' cards, 2 per turn, with a roll per meteor/shot.
        flight = [e for f in rnd["flight_turns"] for e in f["events"]]
        assert all(len(f["events"]) == 2 for f in rnd["flight_turns"])
        assert sorted(e["card"]["id"] for e in flight) == sorted(stack_ids)
        for event in flight:
            card = gt.cards_by_id[event["card"]["id"]]
            assert card.kind not in ("combat-zone", "sabotage")
            expected = len(getattr(card, "meteors", None) or getattr(card, "shots", None) or [])
            assert len(event["rolls"]) == expected
            assert all(len(r) == 2 and all(1 <= d <= 6 for d in r) for r in event["rolls"])
        turns += [f["turn"] for f in rnd["flight_turns"]]

    assert turns == list(range(1, 52))
    schedule = plan["schedule"]
    assert [s["turn"] for s in schedule] == list(range(1, 52))
    assert schedule[-1]["day"] == 26
    assert [s["slot"] for s in schedule[:3]] == ["morning", "afternoon", "morning"]
    json.dumps(plan)  # the plan is plain JSON


def test_int_and_string_seed_are_the_same_game(run: Any) -> None:
    result_int = run("plan", "--seed", "42")
    result_str = run("plan", "--seed", " 42 ")
    assert json.loads(result_int.stdout) == json.loads(result_str.stdout)


def test_different_seeds_give_different_games() -> None:
    assert plan_for("alpha-seed-1")["rounds"] != plan_for("alpha-seed-2")["rounds"]


def test_start_date_fills_the_schedule() -> None:
    import datetime as dt

    plan = open_game("galaxy-trucker", "x" * 20, dt.date(2026, 12, 1)).plan
    assert plan.start == "2026-12-01"
    assert plan.schedule[0].date == "2026-12-01"
    assert plan.schedule[1].date == "2026-12-01"
    assert plan.schedule[2].date == "2026-12-02"
    assert plan.schedule[-1].date == "2026-12-26"


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_golden_plans(seed: str, update_golden: bool) -> None:
    """A change here changes running games: it must be deliberate (pytest --update-golden)."""
    name = "plan-" + "".join(c if c.isalnum() else "_" for c in seed) + ".json"
    path = GOLDEN / name
    plan = plan_for(seed)
    # The digest, commitment and game id change with any edit of the pack (even a comment);
    # the golden file guards the random choices, which depend on the seed and the decks only.
    for key in ("content_digest", "commitment", "game_id"):
        plan[key] = "<depends on the pack's exact bytes>"
    actual = json.dumps(plan, indent=2, ensure_ascii=False) + "\n"
    if update_golden:
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path}; run pytest --update-golden"
    assert actual == path.read_text(encoding="utf-8")
