"""The typed plan, its JSON form, and plan.json read back when a game goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.kit.session import open_game
from generator.plan.model import PlanError, first_difference, from_data, to_data

SEED = "plan-readback-seed-0001"


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_the_json_form_reads_back_to_the_same_plan(pack: str) -> None:
    game = open_game(pack, SEED, None)
    data = json.loads(json.dumps(to_data(game.plan)))
    assert from_data(game.rules.plan_type, data) == game.plan


def test_a_wrong_value_is_named_by_its_path() -> None:
    data = to_data(open_game("galaxy-trucker", SEED, None).plan)
    data["rounds"][1]["flight_turns"][0]["events"][1]["rolls"] = [[3, "six"]]
    with pytest.raises(PlanError, match=r"rounds\[1\]\.flight_turns\[0\]\.events\[1\]\.rolls"):
        from_data(GalaxyTruckerPlan, data)
    del data["rounds"][0]["ship"]
    with pytest.raises(PlanError, match=r"rounds\[0\]: missing ship"):
        from_data(GalaxyTruckerPlan, data)


def test_every_damage_is_named_by_its_path_and_what_was_expected() -> None:
    fine = to_data(open_game("galaxy-trucker", SEED, None).plan)
    damages: list[tuple[Any, str]] = [
        # Unknown keys are refused in every part of a plan, not only at its top.
        (
            lambda d: d["rounds"][0]["flight_turns"][0]["events"][0].update(luck=1, fate=2),
            "rounds[0].flight_turns[0].events[0]: unknown luck, fate",
        ),
        (lambda d: d.update(extra=True), "the plan: unknown extra"),
        (
            lambda d: d["rounds"][0].pop("stacks") and d["rounds"][0].update(stack=[]),
            "rounds[0]: unknown stack; missing stacks",
        ),
        # A whole number is never read from 1.0, true or text.
        (
            lambda d: d["rounds"][0].update(hidden_stack=1.0),
            "rounds[0].hidden_stack: expected a whole number, got 1.0",
        ),
        (
            lambda d: d["rounds"][0].update(hidden_stack=True),
            "rounds[0].hidden_stack: expected a whole number, got true",
        ),
        (
            lambda d: d["schedule"][2].update(turn="3"),
            "schedule[2].turn: expected a whole number, got '3'",
        ),
        (
            lambda d: d["rounds"][1].update(build_turns={}),
            "rounds[1].build_turns: expected a list, got dict",
        ),
        (
            lambda d: d["rounds"][1]["build_turns"][0]["sets"][0].__setitem__(0, "T001"),
            "rounds[1].build_turns[0].sets[0][0]: expected an object, got str",
        ),
        (
            lambda d: d["rounds"][2]["flight_turns"][0]["events"][0].update(rolls=[[1, 2, 3]]),
            "rounds[2].flight_turns[0].events[0].rolls[0]: expected fewer values, got 3",
        ),
        (
            lambda d: d["rounds"][2]["flight_turns"][0]["events"][0].update(rolls=[[1]]),
            "rounds[2].flight_turns[0].events[0].rolls[0]: expected more values, got 1",
        ),
        (lambda d: d.update(rhythm=[]), "rhythm: expected an object, got list"),
    ]
    for damage, said in damages:
        data = json.loads(json.dumps(fine))
        damage(data)
        with pytest.raises(PlanError) as refused:
            from_data(GalaxyTruckerPlan, data)
        assert str(refused.value) == said


def test_first_difference() -> None:
    a = {"rounds": [{"dice": [1, 2]}, {"dice": [3, 4]}]}
    b = {"rounds": [{"dice": [1, 2]}, {"dice": [3, 5]}]}
    assert first_difference(a, a) is None
    assert first_difference(a, b) == "rounds[1].dice[1]"


@pytest.fixture
def folder(run: Any, tmp_path: Path) -> Path:
    out = tmp_path / "game"
    result = run("turn", "1", "--seed", SEED, "-o", str(out), "--no-images")
    assert result.exit_code == 0, result.output
    return out


def edit_plan(folder: Path, change: Any) -> None:
    path = folder / "plan.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_going_on_with_the_recorded_plan(folder: Path, run: Any) -> None:
    result = run("turn", "12", "-o", str(folder), "--no-images")
    assert result.exit_code == 0, result.output
    assert (folder / "round-1" / "turn-12-flight.facebook.txt").is_file()


def test_a_recorded_plan_that_differs_is_an_error(folder: Path, run: Any) -> None:
    def change_a_die(data: dict[str, Any]) -> None:
        roll = next(
            e["rolls"] for t in data["rounds"][0]["flight_turns"] for e in t["events"] if e["rolls"]
        )
        roll[0][0] = 7 - roll[0][0]

    edit_plan(folder, change_a_die)
    before = (folder / "plan.json").read_bytes()
    result = run("turn", "12", "-o", str(folder), "--no-images")
    assert result.exit_code == 2
    assert "the recorded plan differs from the plan this sheetgen makes" in result.output
    assert "rounds[0].flight_turns[" in result.output and "Traceback" not in result.output
    assert not (folder / "round-1" / "turn-12-flight.facebook.txt").exists()
    assert (folder / "plan.json").read_bytes() == before
    # --force replaces the recorded plan with the one made now.
    result = run("turn", "12", "-o", str(folder), "--no-images", "--force")
    assert result.exit_code == 0, result.output
    assert (folder / "plan.json").read_bytes() != before


def test_a_plan_of_another_format_is_refused(folder: Path, run: Any) -> None:
    edit_plan(folder, lambda data: data.update(format=99))
    result = run("turn", "2", "-o", str(folder), "--no-images")
    assert result.exit_code == 2
    assert "plan format 99 (expected 1)" in result.output


def test_a_damaged_plan_is_a_clear_error(folder: Path, run: Any) -> None:
    edit_plan(folder, lambda data: data["rounds"][0].update(ship=["I"]))
    result = run("turn", "2", "-o", str(folder), "--no-images")
    assert result.exit_code == 2
    assert "plan.json: rounds[0].ship: expected text" in result.output


def _whole_numbers(data: Any, path: tuple[str | int, ...] = ()) -> Any:
    """Every whole number of a plan's JSON data, with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _whole_numbers(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _whole_numbers(value, (*path, index))
    elif type(data) is int:
        yield path, data


def test_a_truth_value_or_a_fraction_is_never_the_whole_number_it_equals() -> None:
    """Python's `==` takes true for 1, false for 0 and 1.0 for 1: a plan.json edited so
    passed for the plan written. Every whole number of a plan, given so, is a difference
    and refused by name."""
    fine = json.loads(json.dumps(to_data(open_game("galaxy-trucker", SEED, None).plan)))
    numbers = list(_whole_numbers(fine))
    assert len({path[0] for path, value in numbers if value in (0, 1)}) >= 3
    for path, value in numbers:
        for alike in ([bool(value)] if value in (0, 1) else []) + [float(value)]:
            data = json.loads(json.dumps(fine))
            parent = data
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]] = alike
            assert data == fine  # what the bug took for the same plan
            assert first_difference(data, fine) is not None
            with pytest.raises(PlanError, match="expected a whole number, got "):
                from_data(GalaxyTruckerPlan, data)
    assert first_difference({"a": None}, {}) == "a"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(format=True), "plan.json: format: expected a whole number, got true"),
        (lambda d: d.update(format=1.0), "plan.json: format: expected a whole number, got 1.0"),
        (
            lambda d: d["rounds"][0].update(round=True),
            "plan.json: rounds[0].round: expected a whole number, got true",
        ),
    ],
)
def test_a_hand_edited_truth_value_is_refused_by_every_command(
    folder: Path, run: Any, change: Any, said: str
) -> None:
    """`"format": true` read as 1: `turn` and `round` went on with the plan."""
    edit_plan(folder, change)
    before = (folder / "plan.json").read_bytes()
    for command in (["turn", "2"], ["round", "1"]):
        result = run(*command, "-o", str(folder), "--no-images")
        assert result.exit_code == 2, result.output
        assert said in result.output and "Traceback" not in result.output
    assert (folder / "plan.json").read_bytes() == before
