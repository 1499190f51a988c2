"""The typed view of a plan's shared part (plan/shared.py): made from a game's typed plan or
read from plan.json, the same view; a hand-edited shared part refused with the file and
the value; and a warm `today` reads it without the game's modules."""

from __future__ import annotations

import ast
import datetime as dt
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import Result

from generator.kit.session import open_game
from generator.plan.model import PlanError, to_data
from generator.plan.rhythm import Rhythm
from generator.plan.shared import SharedPlan, read_shared, shared_of

ROOT = Path(__file__).resolve().parent.parent
RHYTHM = {"timezone": "Europe/Amsterdam", "skip": ["2026-12-03"], "rest_days": ["sunday"]}


@pytest.mark.parametrize(
    ("pack", "start", "options"),
    [
        ("galaxy-trucker", dt.date(2026, 12, 1), None),
        ("galaxy-trucker", None, None),
        ("keep-on-trucking", dt.date(2026, 12, 1), {"ships": ["A", "base", "A"]}),
        ("moon-drop", dt.date(2026, 12, 1), None),
    ],
)
def test_the_view_of_a_typed_plan_is_the_view_read_from_its_plan_json(
    pack: str, start: dt.date | None, options: dict[str, Any] | None
) -> None:
    rhythm = msgspec.convert(RHYTHM, Rhythm) if start else None
    game = open_game(pack, "shared-view-seed", start, rhythm, options)
    made = shared_of(game.plan)
    data = json.loads(json.dumps(to_data(game.plan)))
    assert made == read_shared(data, "plan.json")
    assert made.schedule == game.plan.schedule  # type: ignore[attr-defined]
    assert made.game_id == game.plan.game_id and made.seed == game.plan.seed
    assert made.rhythm == data.get("rhythm") and made.options == data.get("options")
    assert (made.timezone == "Europe/Amsterdam") == (start is not None)
    if options:  # a game's own options type, in the form plan.json records (the reveal's)
        assert made.options is not None and made.options["ships"] == ["A", "base", "A"]


def test_a_table_games_plan_has_no_schedule() -> None:
    game = open_game("card-race", "shared-view-seed", None)
    assert shared_of(game.plan).schedule == ()
    assert read_shared(to_data(game.plan), "plan.json").schedule == ()


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    game = open_game("galaxy-trucker", "shared-view-seed", dt.date(2026, 12, 1))
    data: dict[str, Any] = json.loads(json.dumps(to_data(game.plan)))
    return data


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda d: d["schedule"][3].update(day="4"), "schedule[3].day: expected a whole number"),
        (lambda d: d["schedule"][0].update(turn=True), "schedule[0].turn: expected a whole"),
        (lambda d: d["schedule"][2].pop("slot"), "schedule[2]: missing slot"),
        (lambda d: d["schedule"][1].update(moon=1), "schedule[1]: unknown moon"),
        (lambda d: d["schedule"].__setitem__(5, [1]), "schedule[5]: expected an object"),
        (lambda d: d.update(schedule={"1": {}}), "schedule: expected a list"),
        (lambda d: d.update(rhythm=[]), "rhythm: expected an object"),
        (lambda d: d.update(options="ships=A"), "options: expected an object"),
        (lambda d: d.update(game_id=7), "game_id: expected text, got 7"),
        (lambda d: d.update(start=20261201), "start: expected text, got 20261201"),
        (lambda d: d.pop("commitment"), "missing commitment"),
        (lambda d: d.update(format=2), "plan format 2 (expected 1)"),
    ],
)
def test_a_hand_edited_shared_part_is_refused_with_its_place(
    recorded: dict[str, Any], edit: Callable[[dict[str, Any]], Any], said: str
) -> None:
    data = json.loads(json.dumps(recorded))
    edit(data)
    with pytest.raises(PlanError) as refused:
        read_shared(data, "g/plan.json")
    assert str(refused.value).startswith("g/plan.json: ")
    assert said in str(refused.value)


def test_a_warm_today_reads_the_plan_without_the_games_modules(
    game_once: Callable[..., Result], tmp_path: Path
) -> None:
    """`today` with its outline kept reads plan.json's shared part alone: neither the
    game's rules nor the pack's validation are imported."""
    made = game_once("game", "--pack", "galaxy-trucker", "--seed", "s1", "--start", "2026-12-01")
    assert made.exit_code == 0
    env = dict(os.environ, SHEETGEN_NOW="2026-12-07T08:05+00:00")
    env["SHEETGEN_CACHE"] = str(tmp_path / "cache")
    (folder,) = [p for p in (tmp_path / "output").iterdir() if (p / "plan.json").is_file()]
    heavy = ("generator.games.galaxy_trucker", "generator.pack.validation")
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['sheetgen', 'today', '-o', {str(folder)!r}]\n"
        "try:\n"
        "    runpy.run_module('generator', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)\n"
    )
    loaded = []
    for _ in range(2):  # the first works the outline out (the game's modules); the second not
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT
        )
        assert "Day 7" in done.stdout or "day 7" in done.stdout, done.stdout + done.stderr
        loaded.append(ast.literal_eval(done.stderr.strip().splitlines()[-1]))
    assert "generator.games.galaxy_trucker" in loaded[0]
    assert loaded[1] == []


def test_the_view_is_a_plan_header_with_the_calendar_after_it() -> None:
    """The view's fields: the header's, then the schedule, rhythm and options each game's
    plan declares under those names (what shared_of takes from it)."""
    import dataclasses

    from generator.plan.model import PlanHeader

    names = [f.name for f in dataclasses.fields(SharedPlan)]
    header = [f.name for f in dataclasses.fields(PlanHeader)]
    assert names == [*header, "schedule", "rhythm", "options"]


def test_a_dated_game_whose_plan_declares_no_rhythm_is_told_so() -> None:
    """A game (a plugin's) whose plan has a schedule but no `rhythm` field: a clear error
    naming what its plan lacks, not a traceback."""
    from dataclasses import dataclass, fields

    from generator.common.errors import SheetgenError
    from generator.kit.session import load_content, plan_game
    from generator.plan.model import Plan, PlanHeader, Slot
    from generator.plan.schedule import make_schedule

    @dataclass(frozen=True)
    class BarePlan(Plan):
        schedule: tuple[Slot, ...]

    pack, rules, content = load_content("galaxy-trucker")

    class Bare(type(rules)):  # type: ignore[misc]
        plan_type = BarePlan

        def make_plan(self, content: Any, header: PlanHeader, start: Any, options: Any = None):  # type: ignore[no-untyped-def]
            given = {f.name: getattr(header, f.name) for f in fields(PlanHeader)}
            return BarePlan(**given, schedule=make_schedule(4, ["morning"], start))

    with pytest.raises(SheetgenError, match=r"\(BarePlan\) declares no `rhythm`"):
        plan_game(pack, Bare(), content, "bare-seed", dt.date(2026, 12, 1))
    undated = plan_game(pack, Bare(), content, "bare-seed", None)
    assert len(shared_of(undated.plan).schedule) == 4
