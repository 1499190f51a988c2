"""Keep on Trucking's bot, balance run and verdict on a handful of seeds (the 200-seed runs
per difficulty are measured with `sheetgen balance --pack keep-on-trucking`, not here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.games.galaxy_trucker.flight.shipfile import parse_ship, write_ship
from generator.games.keep_on_trucking.flight import balance as bal
from generator.games.keep_on_trucking.flight.bot import build
from generator.games.keep_on_trucking.flight.engine import front_edge
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE, opposite_edge
from generator.games.keep_on_trucking.flight.legality import clashes
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.kit.session import load_content, plan_header

PACK = "keep-on-trucking"
SEEDS = ["kot-bot-1", "kot-bot-2", "kot-bot-3"]


@pytest.fixture(scope="module")
def loaded() -> tuple[Any, Any, Any]:
    return load_content(PACK)


def make_plan(loaded: tuple[Any, Any, Any], seed: str, **options: Any) -> KeepOnTruckingPlan:
    pack, rules, content = loaded
    plan: KeepOnTruckingPlan = rules.make_plan(
        content, plan_header(pack, seed, None), None, options=options
    )
    return plan


@pytest.mark.parametrize("seed", SEEDS)
def test_bot_builds_legal_a_ships_facing_the_compass(loaded: Any, seed: str) -> None:
    content = loaded[2]
    plan = make_plan(loaded, seed, ships="A")
    for number, rplan in enumerate(plan.rounds, start=1):
        edge = front_edge(content, plan, number) or "top"
        built = build(content, rplan, content.rounds[number - 1], EDGE_SIDE[edge])
        rear = EDGE_SIDE[opposite_edge(edge)]
        assert not clashes(built.ship, rear)
        engines = [p for p in built.ship.parts.values() if p.does.engine]
        assert all(p.facing("engine") == rear for p in engines)
        board = content.boards[rplan.ship]
        again = parse_ship(write_ship(built.ship_file(), board), "bot.txt", content, board, rplan)
        assert again.skipped == built.skipped


def test_balance_is_the_same_twice_and_whatever_the_worker_count(loaded: Any) -> None:
    seeds = ["kot-balance-1", "kot-balance-2", "kot-balance-3", "kot-balance-4"]
    options = {"ships": "A", "difficulty": "insane"}
    one = bal.run(PACK, seeds, 1, options)
    again = bal.run(PACK, seeds, 1, options)
    two = bal.run(PACK, seeds, 2, options)
    assert one == again == two
    assert all(len(r) == 3 for r in one)


def test_balance_command_takes_a_difficulty(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main,
        ["balance", "--pack", PACK, "--seeds", "2", "--workers", "1", "--difficulty", "hard"],
    )
    assert result.exit_code == 0, result.output
    assert "Balance (Keep on Trucking, ships base, difficulty hard)" in result.output
    assert "Round 3: bot score" in result.output
    # A game without options refuses them, clearly.
    result = CliRunner().invoke(
        main, ["balance", "--pack", "galaxy-trucker", "--seeds", "1", "--difficulty", "hard"]
    )
    assert result.exit_code == 2 and "takes no game options" in result.output


def test_verdict_reads_the_reference_of_the_games_options(loaded: Any) -> None:
    content = loaded[2]
    plan = make_plan(loaded, "kot-verdict-1", ships="A", difficulty="extreme")
    line, _extreme = bal.verdict_line(content, plan)
    if bal.reference_path("A", "extreme").exists():
        assert line.startswith("Balance (A ships, extreme): round 1 ")
        assert line.count("round ") == 3
    else:
        assert "no reference run" in line
    other = make_plan(loaded, "kot-verdict-1", ships=["A", "base", "A"])
    line, extreme = bal.verdict_line(content, other)
    assert "no reference run for this pack with ships A,base,A" in line and not extreme
