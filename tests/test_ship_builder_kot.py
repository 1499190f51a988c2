"""Keep on Trucking's ship builder page (every ship board, the expansion's tiles and check),
in headless Chromium: its verdict names the same removals as the expansion's end-of-building
check (the engines' rule against the round's rear, Ship IA's compass; fancy wiring) on
bot-built ships of the A ships and the base ships, and on each of them spoiled; a ship
tapped onto an A board exports as the engine writes it."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from ship_builder_driver import drive
from test_ship_builder import TITLE, _spoiled, _taps

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.ship import CONNECTORS, FITS, fits, opposite
from generator.games.galaxy_trucker.flight.shipfile import (
    Placement,
    ShipFile,
    ShipFileError,
    parse_ship,
    write_ship,
)
from generator.games.keep_on_trucking.flight.bot import build
from generator.games.keep_on_trucking.flight.engine import front_edge
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE
from generator.games.keep_on_trucking.flight.legality import check
from generator.games.keep_on_trucking.ship_builder import trucking_builder_file
from generator.kit.session import open_game

SEEDS = [str(n) for n in range(1, 21)]  # 20 seeds x 3 rounds, A ships and base ships


def _game(seed: str, ships: str) -> tuple[GalaxyTrucker, Any]:
    g = open_game("keep-on-trucking", seed, None, options={"ships": ships})
    return g.content, g.plan


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return _game("1", "A")[0]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, content: GalaxyTrucker) -> Path:
    path = tmp_path_factory.mktemp("kot-builder") / "ship-builder.html"
    path.write_bytes(trucking_builder_file(content, "449B-A7EC").data)
    return path


def _bot_ships() -> list[tuple[str, int, ShipFile]]:
    """(board, rear, ship) for each round of each seed."""
    found = []
    for ships in ("A", "base"):
        for seed in SEEDS[: 14 if ships == "A" else 6]:
            content, plan = _game(seed, ships)
            for number, rplan in enumerate(plan.rounds, start=1):
                front = EDGE_SIDE[front_edge(content, plan, number) or "top"]
                built = build(content, rplan, content.rounds[number - 1], front)
                name = f"{ships} seed {seed} round {number}"
                found.append((rplan.ship, opposite(front), built.ship_file(name)))
    return found


@pytest.mark.browser
def test_the_page_verdict_agrees_with_the_expansion_check(
    page: Path, content: GalaxyTrucker
) -> None:
    rng = random.Random(26)
    ships = []
    for board_id, rear, ship in _bot_ships():
        ships.append((board_id, rear, ship))
        ships.append((board_id, rear, _spoiled(content, board_id, ship, rng)))
    # Ship I and Ship IA are both 5 x 5: the page is told which ship, as a player picks it.
    jobs = [[write_ship(s, content.boards[b]), rear, b] for b, rear, s in ships]
    found = drive(page, {"verdicts": jobs})
    assert len(found["verdicts"]) == len(ships) == 120
    reasons = set()
    boards = set()
    for (board_id, rear, ship), verdict in zip(ships, found["verdicts"], strict=True):
        assert verdict["errors"] == [], ship.name
        assert verdict["board"] == board_id, ship.name
        _, removed = check(ship.ship(content, content.boards[board_id]), rear)
        expected = [[list(r.cell), r.label, r.reason] for r in removed]
        assert [[r["cell"], r["label"], r["reason"]] for r in verdict["removed"]] == expected, (
            ship.name
        )
        reasons.update(re.sub(r"\b[TK]\d+\b", "X", r[2]) for r in expected)
        boards.add(board_id)
    assert boards == {"I", "II", "III", "IA", "IIA", "IIIA"}
    joined = " | ".join(sorted(reasons))
    for rule in ("edge; its exhaust faces", "in front of the barrel", "meets the", "not connected"):
        assert rule in joined, rule
    assert "fancy wiring" in joined


@pytest.mark.browser
def test_a_ship_tapped_onto_an_a_board_exports_as_the_engine_writes_it(
    page: Path, content: GalaxyTrucker
) -> None:
    board_id, _, ship = next(s for s in _bot_ships() if s[0] == "IIA")
    found = drive(page, {"board": board_id, "skipped": ship.skipped, "taps": _taps(ship)})
    board = content.boards[board_id]
    assert found["text"] == write_ship(ship, board, TITLE.format(board.name))
    assert found["verdict"] == "Every tile is placed legally."


# K005 (plated front, right and rear, universal left) joined to the starting cabin at row 7,
# column 8; T001 above the cabin; the tile at row 6, column 8 sits on K005's plated front.
PLATED = {
    # T002 turned 270: its smooth rear on the plating. Legal (the rulebook: plating sits
    # next to smooth or plating).
    "plating beside smooth": ("T002", 270, []),
    # K001 turned 90: its plated rear on the plating. Legal.
    "plating beside plating": ("K001", 90, []),
    # T005 turned 270: its single connector on the plating. Illegal: plating never meets a
    # connector.
    "plating beside a connector": (
        "T005",
        270,
        ["the single side of T005 meets the plating side of K005"],
    ),
}


@pytest.mark.parametrize("case", sorted(PLATED))
@pytest.mark.browser
def test_plating_fits_smooth_and_plating_in_the_engine_and_on_the_page(
    page: Path, content: GalaxyTrucker, case: str
) -> None:
    tile, rotation, reasons = PLATED[case]
    placements = {
        (6, 7): Placement("T001", 0, 0, 0),
        (6, 8): Placement(tile, rotation, 0, 0),
        (7, 8): Placement("K005", 0, 0, 0),
    }
    ship = ShipFile(case, 0, placements)
    for board_id in ("I", "IA"):
        board = content.boards[board_id]
        _, removed = check(ship.ship(content, board))
        assert [r.reason for r in removed] == reasons, (board_id, case)
        found = drive(page, {"verdicts": [[write_ship(ship, board), 2, board_id]]})
        verdict = found["verdicts"][0]
        assert verdict["errors"] == []
        assert [r["reason"] for r in verdict["removed"]] == reasons, (board_id, case)


def test_the_page_reads_the_engines_side_rule() -> None:
    # One rule: the page's data carries flight/ship.py's table, which is symmetric.
    assert all(a in FITS[b] for a, others in FITS.items() for b in others)
    assert fits("plating", "smooth") and fits("smooth", "plating") and fits("plating", "plating")
    assert not any(fits("plating", c) or fits(c, "plating") for c in CONNECTORS)
    content = _game("1", "A")[0]
    html = trucking_builder_file(content, "449B-A7EC").data.decode()
    assert '"fits":{"double":["double","universal"],"plating":["smooth","plating"]' in html
    assert 'if (a === "smooth"' not in html


def _labelled(text: str, labels: list[str], columns: list[str] | None = None) -> str:
    """A ship file's grid lines, each after a row label (in the order given)."""
    head, grid = [], []
    for line in text.splitlines():
        (grid if grid or not (line.startswith("#") or ":" in line) else head).append(line)
    if columns is not None:
        head.append("columns: " + " ".join(columns))
    return "\n".join([*head, *(f"{lab}: {row}" for lab, row in zip(labels, grid, strict=True))])


@pytest.mark.browser
def test_ship_ia_files_name_rows_by_their_printed_labels(
    page: Path, content: GalaxyTrucker
) -> None:
    """Ship IA's rows and columns are the printed ones, whatever edge the compass made the
    front: a file may label them (`8-9:`, `columns: 2-4 5-6 7 8-9 10-12`) and reads as the
    same ship; a file written from the sheet turned upside down (its rows and columns as the
    player then sees them) is refused at its line by the scorer and by the page."""
    seed, number = "1", 1
    game_content, plan = _game(seed, "A")
    rplan = next(r for r in plan.rounds if r.ship == "IA")
    board = content.boards["IA"]
    front = EDGE_SIDE[front_edge(game_content, plan, plan.rounds.index(rplan) + 1) or "top"]
    built = build(game_content, rplan, game_content.rounds[number - 1], front).ship_file("IA")
    plain = write_ship(built, board)
    printed = ["2-4", "5-6", "7", "8-9", "10-12"]
    good = _labelled(plain, printed, printed)
    read = parse_ship(good, "ia.txt", game_content, board, rplan).placements
    assert {c: (p.tile_id, p.rotation) for c, p in read.items()} == {
        c: (p.tile_id, p.rotation) for c, p in built.placements.items()
    }
    # Turned upside down: the player reads the printed bottom row first, labelled 10-12.
    grid = [ln for ln in plain.splitlines() if not ln.startswith(("#", "skipped"))]
    turned = "skipped: 0\n" + "\n".join(
        f"{lab}: {' '.join(reversed(row.split()))}"
        for lab, row in zip(reversed(printed), reversed(grid), strict=True)
    )
    with pytest.raises(ShipFileError) as caught:
        parse_ship(turned, "ia.txt", game_content, board, rplan)
    message = caught.value.format_message()
    assert message.splitlines()[0] == (
        "ia.txt: line 2, column 1: row 10-12 is written where the printed row 2-4 belongs "
        "(expected the rows top to bottom as printed on the sheet, whatever edge is the front)"
    )
    unknown = good.replace("\n7: ", "\n11: ")
    with pytest.raises(ShipFileError) as caught:
        parse_ship(unknown, "ia.txt", game_content, board, rplan)
    assert "row label '11' does not exist on Ship IA (its printed rows, top to bottom: 2-4, " in (
        caught.value.format_message()
    )
    found = drive(page, {"verdicts": [[good, 2, "IA"], [turned, 2, "IA"], [unknown, 2, "IA"]]})
    ok, upside, bad = found["verdicts"]
    assert ok["errors"] == [] and ok["board"] == "IA"
    assert upside["errors"][0] == (
        "line 2: row 10-12 is written where the printed row 2-4 belongs (expected the rows top "
        "to bottom as printed: 2-4, 5-6, 7, 8-9, 10-12)"
    )
    assert any("row label 11 does not exist on Ship IA" in e for e in bad["errors"])
