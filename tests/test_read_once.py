"""A command reads the game folder once: `sheetgen turn` of a running game opens its plan.json
once to decide what to do and once more under the folder's lock (in case another run wrote
in between), its pack copy once and its manifest once; the pack is loaded and the game
planned once."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.games.galaxy_trucker import RULES as GALAXY_TRUCKER

SEED = "read-once-seed-0123456789"


def _opens_under(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every file under `folder` opened for reading from now on, by its relative name."""
    seen: Counter[str] = Counter()
    real_open = os.open
    inside = str(folder.resolve())

    def counting_open(path: object, flags: int, *args: object, **kwargs: object) -> int:
        text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else ""
        full = os.path.abspath(text)
        if full.startswith(inside + os.sep) and not flags & (os.O_WRONLY | os.O_RDWR):
            seen[os.path.relpath(full, inside)] += 1
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", counting_open)
    return seen


@pytest.mark.parametrize("command", [["turn", "3"], ["round", "2"]], ids=["turn", "round"])
def test_a_command_on_a_running_game_reads_its_folder_once(
    command: list[str],
    run: Callable[..., Result],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = run("game", "--seed", SEED, "--start", "2026-12-07", "-o", "g", "--no-images")
    assert made.exit_code == 0, made.output
    plans = Counter[str]()
    real_make_plan = GALAXY_TRUCKER.make_plan

    def counting_make_plan(*args: object, **kwargs: object) -> object:
        plans["made"] += 1
        return real_make_plan(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(GALAXY_TRUCKER, "make_plan", counting_make_plan)
    opened = _opens_under(tmp_path / "g", monkeypatch)

    result = run(*command, "-o", "g", "--no-images")

    assert result.exit_code == 0, result.output
    assert opened["plan.json"] == 2  # the decision, and the check under the lock
    assert opened["manifest.json"] == 1
    pack_files = {name: n for name, n in opened.items() if name.startswith("pack" + os.sep)}
    assert pack_files and set(pack_files.values()) == {1}, pack_files
    assert plans["made"] == 1
