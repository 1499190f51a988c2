"""A sixth game that sheetgen's core has never heard of: Card Flip (tests/toy_game/), one card
turned up per turn, three turns. Installed as a plugin (a `sheetgen.games` entry point), it
runs `game`, `turn`, `today`, `digest` and the posting guide through the core unchanged."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import program
import pytest

TESTS = Path(__file__).resolve().parent
PACK = TESTS / "toy_game" / "pack"
SEED = "card-flip-seed-0123456789abcdef"


@pytest.fixture
def plugin(tmp_path: Path) -> dict[str, str]:
    """The environment of a machine where the toy game is installed beside sheetgen: its
    distribution's entry point, and its module on the path."""
    info = tmp_path / "site" / "card_flip-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: card-flip\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[sheetgen.games]\ncard_flip = toy_game\n")
    paths = [str(tmp_path / "site"), str(TESTS), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def sheetgen(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [program.sheetgen(), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


@pytest.mark.e2e
def test_a_game_the_core_never_heard_of_runs_through_it(
    plugin: dict[str, str], tmp_path: Path
) -> None:
    made = sheetgen(plugin, tmp_path, "game", "--pack", str(PACK), "--seed", SEED, "--start",
                    "2026-12-01", "-o", "flip")  # fmt: skip
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "flip"
    plan = json.loads((folder / "plan.json").read_text())
    flips = plan["flips"]
    assert len(flips) == 3 and len(set(flips)) == 3
    for turn, card in enumerate(flips, 1):
        assert f"The card: {card}." in (folder / f"turn-{turn}.facebook.txt").read_text()
    guide = (folder / "posting-guide.md").read_text()
    assert guide.index("turn-1.facebook.txt") < guide.index("turn-3.facebook.txt")
    assert (folder / "schedule.ics").read_text().count("BEGIN:VEVENT") == 3

    turn = sheetgen(plugin, tmp_path, "turn", "2", "-o", "flip")
    assert turn.returncode == 0, turn.stderr
    assert f"The card: {flips[1]}." in turn.stdout

    today = sheetgen(plugin, tmp_path, "today", "-o", "flip", "--at", "2026-12-02 09:00")
    assert today.returncode == 0, today.stderr
    assert "Post now: Day 2, morning" in today.stdout and f"The card: {flips[1]}." in today.stdout

    env = {**plugin, "SHEETGEN_NOW": "2026-12-02T09:00+00:00"}
    page = sheetgen(env, tmp_path, "digest", "-o", "flip")
    assert page.returncode == 0, page.stderr
    html = (folder / "digest.html").read_text()
    assert f"The card: {flips[0]}." in html and f"The card: {flips[1]}." in html
    assert f"The card: {flips[2]}." not in html  # turn 3 is not due yet


@pytest.mark.e2e
def test_without_the_plugin_the_pack_names_an_unknown_game(tmp_path: Path) -> None:
    result = sheetgen(dict(os.environ), tmp_path, "check", str(PACK))
    assert result.returncode == 2
    assert "no rules module 'card_flip'" in result.stderr
