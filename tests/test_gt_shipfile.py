"""The Galaxy Trucker ship file: each bad file in tests/cases/ships/invalid states on its
first line (`# expect: ...`) the one error it must produce; the CLI reports it with exit 2
and no traceback. A good file reads back the tiles, rotations and Skipped Parts it holds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.common.errors import display_path
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.shipfile import ShipFileError, read_ship, write_ship
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.kit.session import open_game

CASES = Path(__file__).parent / "cases" / "ships"
INVALID = sorted((CASES / "invalid").glob("*.txt"))
SEED = "42"


@pytest.fixture(scope="module")
def game() -> tuple[GalaxyTrucker, GalaxyTruckerPlan]:
    g = open_game("galaxy-trucker", SEED, None)
    assert isinstance(g.plan, GalaxyTruckerPlan)
    return g.content, g.plan


def expected(path: Path) -> str:
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    assert first.startswith("# expect: "), path
    return first.removeprefix("# expect: ")


def test_there_are_at_least_twelve_bad_ship_files() -> None:
    assert len(INVALID) >= 12


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_bad_ship_file_gives_its_error(path: Path, game: tuple[GalaxyTrucker, dict]) -> None:
    content, plan = game
    board = content.boards[plan.rounds[0].ship]
    with pytest.raises(ShipFileError) as caught:
        read_ship(path, content, board, plan.rounds[0])
    message = caught.value.format_message()
    shown = display_path(path)
    assert message.splitlines() == [f"{shown}: {expected(path)}"]


@pytest.mark.parametrize("path", INVALID[:3], ids=[p.stem for p in INVALID[:3]])
def test_cli_reports_bad_ship_with_exit_2(path: Path) -> None:
    result = CliRunner().invoke(
        main, ["score", "galaxy-trucker", str(path), "--seed", SEED, "--round", "1"]
    )
    assert result.exit_code == 2
    assert expected(path) in result.output
    assert "Traceback" not in result.output


def test_good_ship_reads_back(game: tuple[GalaxyTrucker, dict]) -> None:
    content, plan = game
    board = content.boards["I"]
    ship_file = read_ship(CASES / "seed-42-round-1.txt", content, board, plan.rounds[0])
    assert ship_file.skipped == 0
    assert {c: (p.tile_id, p.rotation) for c, p in ship_file.placements.items()} == {
        (6, 7): ("T014", 180),
        (7, 8): ("T039", 0),
        (8, 7): ("T092", 0),
    }
    # Written out and read again, the ship is the same.
    again = CASES.parent / "tmp-roundtrip.txt"
    try:
        again.write_text(write_ship(ship_file, board), encoding="utf-8")
        back = read_ship(again, content, board, plan.rounds[0])
    finally:
        again.unlink(missing_ok=True)
    assert {c: (p.tile_id, p.rotation) for c, p in back.placements.items()} == {
        c: (p.tile_id, p.rotation) for c, p in ship_file.placements.items()
    }


def test_special_files_and_missing_files_are_refused(
    tmp_path: Path, game: tuple[GalaxyTrucker, dict]
) -> None:
    content, plan = game
    board = content.boards["I"]
    with pytest.raises(ShipFileError, match="no such ship file"):
        read_ship(tmp_path / "nope.txt", content, board, plan.rounds[0])
    with pytest.raises(ShipFileError, match="not a regular file"):
        read_ship(tmp_path, content, board, plan.rounds[0])
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ShipFileError, match="not a regular file"):
        read_ship(fifo, content, board, plan.rounds[0])
    huge = tmp_path / "huge.txt"
    huge.write_text("." * 70_000, encoding="utf-8")
    with pytest.raises(ShipFileError, match="larger than"):
        read_ship(huge, content, board, plan.rounds[0])


def test_round_is_required_for_galaxy_trucker_and_refused_for_moon_drop(tmp_path: Path) -> None:
    ship = CASES / "seed-42-round-1.txt"
    result = CliRunner().invoke(main, ["score", "galaxy-trucker", str(ship), "--seed", SEED])
    assert result.exit_code == 2
    assert "--round N" in result.output
    result = CliRunner().invoke(
        main, ["score", "galaxy-trucker", str(ship), "--seed", SEED, "--round", "7"]
    )
    assert result.exit_code == 2
    assert "not a round of this game" in result.output
    grid = next((Path(__file__).parent / "cases" / "moon-drop" / "grids").glob("*"))
    result = CliRunner().invoke(
        main, ["score", "moon-drop", str(grid), "--seed", "1", "--round", "1"]
    )
    assert result.exit_code == 2
    assert "expected no --round" in result.output
