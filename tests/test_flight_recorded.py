"""The bots and flight engines of Galaxy Trucker and Keep on Trucking give the results they
gave when these were recorded, seed for seed: every round's score, the card that put the
ship out and whether the search was cut off by its budget, and a digest of everything the
bot and the search decided (the bot's log of each set, then the whole account of the
flight: every option, its score and the choice). The engines are made faster now and then
(memos, shortcuts); this says none of that changed a result. Recorded with the code before
the speed-ups of issue 25 (the balance budget, as `sheetgen balance` and a game's verdict fly).

A deliberate change of the bot or the engine changes these: record them again with
`python tests/test_flight_recorded.py` and say why in the commit."""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import pytest

from generator.kit.session import load_content, plan_header

# Seeds with cut-off searches, ships put out, epidemics, all three boards.
GT_SEEDS = [
    "balance-1",
    "balance-2",
    "balance-3",
    "balance-7",
    "balance-19",
    "balance-42",
    "balance-77",
    "balance-150",
    "balance-333",
    "balance-500",
    "42",
    "2020",
]
KOT_SEEDS = ["balance-1", "balance-5", "kot-bot-2"]
KOT_OPTIONS = ({"ships": "A", "difficulty": "none"}, {"ships": "A", "difficulty": "insane"})


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]


def galaxy_trucker(loaded: Any, seed: str) -> dict[str, Any]:
    from generator.games.galaxy_trucker.flight.account import account_lines
    from generator.games.galaxy_trucker.flight.balance import BALANCE_BUDGET, play_seed
    from generator.games.galaxy_trucker.flight.bot import build
    from generator.games.galaxy_trucker.flight.engine import fly_round

    pack, rules, content = loaded
    plays = [[p.score, p.out_card, p.exhaustive] for p in play_seed(content, seed)]
    plan = rules.make_plan(content, plan_header(pack, seed, None), None)
    seen = []
    for number, rplan in enumerate(plan.rounds, start=1):
        built = build(content, rplan, content.rounds[number - 1])
        result = fly_round(content, plan.rounds, number, built.ship, built.skipped, BALANCE_BUDGET)
        seen.append([built.log, account_lines(content, plan, result)])
    return {"plays": plays, "decisions": digest(seen)}


def keep_on_trucking(loaded: Any, seed: str, options: dict[str, str]) -> dict[str, Any]:
    from generator.games.galaxy_trucker.flight.balance import BALANCE_BUDGET
    from generator.games.keep_on_trucking.flight.account import account_lines
    from generator.games.keep_on_trucking.flight.balance import BOT_ABILITY, play_plan
    from generator.games.keep_on_trucking.flight.bot import build
    from generator.games.keep_on_trucking.flight.engine import fly_round, front_edge
    from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE

    pack, rules, content = loaded
    header = plan_header(pack, seed, None)
    plan = rules.make_plan(content, header, None, options=dict(options))
    plays = [[p.score, p.out_card, p.exhaustive] for p in play_plan(content, plan)]
    seen = []
    for number, rplan in enumerate(plan.rounds, start=1):
        edge = front_edge(content, plan, number)
        built = build(content, rplan, content.rounds[number - 1], EDGE_SIDE[edge or "top"])
        result = fly_round(
            content, plan, number, built.ship, built.skipped, BALANCE_BUDGET, ability=BOT_ABILITY
        )
        seen.append([built.log, account_lines(content, plan, result)])
    return {"plays": plays, "decisions": digest(seen)}


RECORDED: dict[str, dict[str, Any]] = {
    "galaxy-trucker balance-1": {
        "plays": [[14, None, True], [-6, None, True], [-25, "slavers", False]],
        "decisions": "462fe69ab4b6bcec",
    },
    "galaxy-trucker balance-2": {
        "plays": [[-3, None, True], [18, None, False], [-14, "slavers", True]],
        "decisions": "f7ae8f45d4682867",
    },
    "galaxy-trucker balance-3": {
        "plays": [[-9, None, True], [12, None, False], [-19, "open-space", True]],
        "decisions": "412b514b8a781aa2",
    },
    "galaxy-trucker balance-7": {
        "plays": [[-7, None, True], [1, None, True], [-24, None, True]],
        "decisions": "c177582d4ace067b",
    },
    "galaxy-trucker balance-19": {
        "plays": [[0, None, True], [1, None, True], [-4, None, True]],
        "decisions": "1f809c6a9c034023",
    },
    "galaxy-trucker balance-42": {
        "plays": [[4, "slavers", True], [-17, "open-space", True], [31, None, False]],
        "decisions": "d04ce738f0a47243",
    },
    "galaxy-trucker balance-77": {
        "plays": [[1, None, True], [-15, None, True], [9, "slavers", True]],
        "decisions": "c2cf84fed88b5506",
    },
    "galaxy-trucker balance-150": {
        "plays": [[-5, None, True], [1, None, True], [-5, "slavers", True]],
        "decisions": "eb2ad9e3db1b963f",
    },
    "galaxy-trucker balance-333": {
        "plays": [[1, None, True], [-1, None, True], [-34, "slavers", False]],
        "decisions": "64dfd6e78d2d7a8b",
    },
    "galaxy-trucker balance-500": {
        "plays": [[12, None, True], [16, None, True], [-8, None, True]],
        "decisions": "047b31ae0aac0ad4",
    },
    "galaxy-trucker 42": {
        "plays": [[1, None, True], [3, None, True], [25, None, False]],
        "decisions": "a653e18a5c25dd1c",
    },
    "galaxy-trucker 2020": {
        "plays": [[9, None, True], [-13, None, False], [-14, None, False]],
        "decisions": "4f7edd1d1e212de8",
    },
    "keep-on-trucking none balance-1": {
        "plays": [[-5, "meteoric-swarm", True], [-10, None, True], [4, "slavers", True]],
        "decisions": "755121908d902fd1",
    },
    "keep-on-trucking none balance-5": {
        "plays": [[-1, None, True], [14, "slavers", False], [25, "slavers", True]],
        "decisions": "0602902ce7461139",
    },
    "keep-on-trucking none kot-bot-2": {
        "plays": [[-6, None, True], [2, None, True], [-2, "slavers", True]],
        "decisions": "789d89749cc96da7",
    },
    "keep-on-trucking insane balance-1": {
        "plays": [[-2, "planets", True], [-2, "open-space", True], [4, "slavers", True]],
        "decisions": "c6c2661b1066fe5f",
    },
    "keep-on-trucking insane balance-5": {
        "plays": [[-3, None, True], [14, "slavers", False], [25, "slavers", True]],
        "decisions": "1bfd93e07518d9fb",
    },
    "keep-on-trucking insane kot-bot-2": {
        "plays": [[-1, "planets", True], [-12, "open-space", True], [-8, "slavers", True]],
        "decisions": "f0938e213cf7ec0f",
    },
}


@pytest.fixture(scope="module")
def gt_loaded() -> Any:
    return load_content("galaxy-trucker")


@pytest.fixture(scope="module")
def kot_loaded() -> Any:
    return load_content("keep-on-trucking")


@pytest.mark.parametrize("seed", GT_SEEDS)
def test_galaxy_trucker_bot_and_search_as_recorded(gt_loaded: Any, seed: str) -> None:
    assert galaxy_trucker(gt_loaded, seed) == RECORDED[f"galaxy-trucker {seed}"]


@pytest.mark.parametrize("options", KOT_OPTIONS, ids=lambda o: o["difficulty"])
@pytest.mark.parametrize("seed", KOT_SEEDS)
def test_keep_on_trucking_bot_and_search_as_recorded(
    kot_loaded: Any, seed: str, options: dict[str, str]
) -> None:
    key = f"keep-on-trucking {options['difficulty']} {seed}"
    assert keep_on_trucking(kot_loaded, seed, options) == RECORDED[key]


def record() -> dict[str, dict[str, Any]]:
    gt = load_content("galaxy-trucker")
    kot = load_content("keep-on-trucking")
    found = {f"galaxy-trucker {seed}": galaxy_trucker(gt, seed) for seed in GT_SEEDS}
    for options in KOT_OPTIONS:
        for seed in KOT_SEEDS:
            found[f"keep-on-trucking {options['difficulty']} {seed}"] = keep_on_trucking(
                kot, seed, options
            )
    return found


if __name__ == "__main__":
    # Prints RECORDED's new value, to paste above.
    json.dump(record(), sys.stdout, indent=4)
    print()
