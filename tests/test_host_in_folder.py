"""A host works inside the game folder (`cd GAME`, then every command with `-o .`): every
command that writes the folder keeps it (same inode), so the shell standing in it still
sees the game, and the next command finds it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

SEED = "host-in-folder-seed-0001"
GT_HEADER = "player,round,score,position,events,cargo,lost,pretty,aesthete,contraptionist,note\n"


@pytest.fixture
def game(run: Any, game_once: Any, tmp_path: Path) -> Path:
    result = game_once("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def test_every_command_run_from_inside_the_folder_leaves_it_standing(
    run: Any, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(game)
    inode = os.stat(game).st_ino
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-06T09:00+01:00")
    (game / "scores.csv").write_text(GT_HEADER + "Ann,1,12,-2,5,9,-4,4,,,\nBo,1,12,0,3,7,-2,4,,,\n")
    steps = [
        ("console", "-o", "."),
        ("digest", "-o", "."),
        ("rankings", "-o", "."),
        ("correct", "round-1/turn-09-flight", "--say", "Meteor 2 comes from the left.", "-o", "."),
        ("today", "-o", "."),
        ("posted", "-o", "."),
    ]
    for args in steps:
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert os.stat(".").st_ino == inode, args
        assert Path(os.getcwd()) == game and (Path(".") / "plan.json").is_file(), args
    assert (game / "corrections" / "correction-01.facebook.txt").is_file()
    assert (game / "rankings" / "round-1.facebook.txt").is_file()
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-27T09:00+01:00")
    for args in [("reveal", "-o", "."), ("today", "-o", "."), ("posted", "-o", ".")]:
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert os.stat(".").st_ino == inode, args
    assert (game / "game-end-reveal.facebook.txt").is_file()
    # Nothing is left beside the folder: no staging, no commit.
    assert sorted(p.name for p in game.parent.iterdir()) == ["g"]
    manifest = json.loads((game / "manifest.json").read_text())["files"]
    assert "console-HOST-ONLY-unposted-posts.html" in manifest
    assert "game-end-reveal.facebook.txt" in manifest


def test_a_subfolder_the_host_stands_in_stays_too(
    run: Any, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(game / "round-1")
    inode = os.stat(".").st_ino
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-06T09:00+01:00")
    assert run("correct", "9", "--say", "x", "-o", "..").exit_code in (0, 2)
    result = run("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "..")
    assert result.exit_code == 0, result.output
    assert os.stat(".").st_ino == inode
    assert Path("turn-09-flight.facebook.txt").is_file()
