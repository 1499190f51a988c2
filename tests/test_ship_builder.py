"""The ship builder page (sheets/ship-builder.html) and the tile codes of the build posts.

In headless Chromium (tests/ship_builder_driver.py taps the page as a finger does): building
a ship by taps gives the ship file the engine writes for it, byte for byte, and the page's
end-of-building verdict names the same tiles, in the same order, for the same reasons as
the flight engine's check, on bot-built ships and on the same ships spoiled by moves and
turns. Without a browser: every build post and picture names each tile by its code, the
page holds the pack's public data and its game's id only (the same page for every seed but
for that id), and the page is named in the before-day-1 post."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from headless import measure
from ship_builder_driver import drive, driven_copy

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight import bot, legality
from generator.games.galaxy_trucker.flight.ship import board_cells, start_cell
from generator.games.galaxy_trucker.flight.shipfile import (
    Placement,
    ShipFile,
    parse_ship,
    write_ship,
)
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.games.galaxy_trucker.posts import BUILDER_FILE, PostWriter
from generator.games.galaxy_trucker.ship_builder import builder_html
from generator.kit.session import open_game

SHIPS = Path(__file__).parent / "cases" / "ships"
SEEDS = [str(n) for n in range(1, 35)]  # 34 seeds x 3 rounds = 102 bot-built ships
TITLE = "{}, from the ship builder"  # the page's first line


def _game(seed: str) -> tuple[GalaxyTrucker, GalaxyTruckerPlan]:
    g = open_game("galaxy-trucker", seed, None)
    assert isinstance(g.plan, GalaxyTruckerPlan)
    return g.content, g.plan


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return _game("42")[0]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, content: GalaxyTrucker) -> Path:
    path = tmp_path_factory.mktemp("builder") / "ship-builder.html"
    path.write_bytes(builder_html(content, ["I", "II", "III"], "449B-A7EC"))
    return path


def _bot_ships() -> list[tuple[str, ShipFile]]:
    ships = []
    for seed in SEEDS:
        content, plan = _game(seed)
        for rplan in plan.rounds:
            built = bot.build(content, rplan, content.rounds[rplan.round - 1])
            ships.append((rplan.ship, built.ship_file(f"seed {seed} round {rplan.round}")))
    return ships


def _spoiled(content: GalaxyTrucker, board_id: str, ship: ShipFile, rng: random.Random) -> ShipFile:
    """The ship with one to three tiles turned, moved to an empty cell or left out: the
    errors a player makes (a turned engine, a cannon against a tile, tiles left hanging)."""
    board = content.boards[board_id]
    placements = dict(ship.placements)
    for _ in range(rng.randint(1, 3)):
        cell = rng.choice(sorted(placements))
        placed = placements[cell]
        roll = rng.random()
        if roll < 0.2:
            del placements[cell]
        elif roll < 0.6:
            turned = (placed.rotation + rng.choice((90, 180, 270))) % 360
            placements[cell] = Placement(placed.tile_id, turned, 0, 0)
        else:
            free = [c for c in board_cells(board) if c not in placements and c != start_cell(board)]
            # Now and then far from every tile: it hangs on nothing.
            alone = [c for c in free if not any(n in placements for n in _around(c))]
            if alone and rng.random() < 0.3:
                free = alone
            if free:
                del placements[cell]
                placements[rng.choice(free)] = placed
    return ShipFile(ship.name, ship.skipped, placements)


def _around(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]


def _engine_removals(content: GalaxyTrucker, board_id: str, ship: ShipFile) -> list[list[Any]]:
    _, removed = legality.check(ship.ship(content, content.boards[board_id]))
    return [[list(r.cell), r.label, r.reason] for r in removed]


# --- without a browser -------------------------------------------------------------------
def test_every_build_post_and_picture_names_each_tile_by_its_code() -> None:
    content, plan = _game("42")
    writer = PostWriter(content, plan)
    for rnd in plan.rounds:
        for index, build in enumerate(rnd.build_turns):
            post = writer.build_post(rnd, index)
            text = post.discord
            alt = post.images[0].alt
            for s, tiles in enumerate(build.sets):
                for i, tile in enumerate(tiles, 1):
                    label = f"{'ABC'[s]}{i} {tile.id} "
                    assert label in alt, (rnd.round, index, label)
                    assert label in text, (rnd.round, index, label)


def test_the_page_is_the_same_for_every_seed_but_its_game_id_and_holds_no_plan(
    tmp_path: Path,
) -> None:
    """Public data only: the page comes from the pack and the game's id (which keys the
    ships it keeps), so two seeds give pages that differ in that id alone, and it carries
    neither the commitment nor a plan's tile order."""
    pages = []
    for seed in ("42", "7"):
        content, plan = _game(seed)
        html = builder_html(content, ["I", "II", "III"], plan.game_id)
        assert f'"gameId":"{plan.game_id}"'.encode() in html
        pages.append(html.replace(plan.game_id.encode(), b"GAME"))
        assert plan.commitment.encode() not in html
    assert pages[0] == pages[1]
    # Offline: nothing to fetch (no address, no external script, style, font or picture).
    assert not re.search(rb"https?:|<link|src=|@import|url\(|fetch\(|XMLHttpRequest", pages[0])


def test_the_before_day_one_post_names_and_attaches_the_page() -> None:
    content, plan = _game("42")
    post = PostWriter(content, plan).before_day_one()
    assert BUILDER_FILE in post.attachments
    assert "ship-builder.html" in post.discord and "T035" in post.discord


# --- in headless Chromium ----------------------------------------------------------------
def _taps(ship: ShipFile) -> list[dict[str, Any]]:
    return [
        {"code": p.tile_id, "rotation": p.rotation, "row": cell[0], "column": cell[1]}
        for cell, p in sorted(ship.placements.items())
    ]


@pytest.mark.browser
def test_building_by_taps_gives_the_reference_ship_file(page: Path, content: GalaxyTrucker) -> None:
    """The hand-written round-1 ship of seed 42 (tests/cases/ships), built by taps, exports
    the same ship as the engine reads from the file, written as the engine writes it; the
    engine reads the export back to the same tiles; the page reads it back unchanged."""
    _, plan = _game("42")
    board = content.boards["I"]
    path = SHIPS / "seed-42-round-1.txt"
    reference = parse_ship(path.read_text(), "ref", content, board, plan.rounds[0])
    found = drive(page, {"board": "I", "skipped": reference.skipped, "taps": _taps(reference)})
    assert found["text"] == write_ship(reference, board, TITLE.format(board.name))
    again = parse_ship(found["text"], "page", content, board, plan.rounds[0])
    assert {c: (p.tile_id, p.rotation) for c, p in again.placements.items()} == {
        c: (p.tile_id, p.rotation) for c, p in reference.placements.items()
    }
    assert found["verdict"] == "Every tile is placed legally."
    assert found["flagged"] == []
    back = drive(page, {"read": found["text"]})
    assert back["readBack"] == found["text"] and back["readErrors"] == ""


@pytest.mark.browser
@pytest.mark.parametrize("board_id", ["I", "II", "III"])
def test_bot_ships_built_by_taps_export_as_the_engine_writes_them(
    page: Path, content: GalaxyTrucker, board_id: str
) -> None:
    ship = next(s for b, s in _bot_ships()[:3] if b == board_id)
    found = drive(page, {"board": board_id, "skipped": ship.skipped, "taps": _taps(ship)})
    board = content.boards[board_id]
    assert found["text"] == write_ship(ship, board, TITLE.format(board.name))
    assert found["verdict"] == "Every tile is placed legally."
    # The built ship fits a 390 px phone: nothing wider than the screen, in a frame that wide.
    copy = driven_copy(page, {"board": board_id, "taps": _taps(ship)}, page.with_name("b.html"))
    figures = measure(copy, width=390)
    assert figures["innerWidth"] == 390
    assert figures["scrollWidth"] <= 390


@pytest.mark.browser
def test_a_tapped_illegal_ship_is_flagged_as_the_engine_removes_it(
    page: Path, content: GalaxyTrucker
) -> None:
    """A cannon against a tile, an engine turned sideways: the page marks those squares and
    lists the engine's removals, word for word."""
    taps = [
        {"code": "T014", "rotation": 180, "row": 6, "column": 7},
        {"code": "T039", "rotation": 0, "row": 7, "column": 8},
        {"code": "T092", "rotation": 0, "row": 8, "column": 7},
        {"code": "T133", "rotation": 0, "row": 6, "column": 8},
        {"code": "T090", "rotation": 90, "row": 8, "column": 8},
    ]
    found = drive(page, {"board": "I", "taps": taps})
    placements = {(t["row"], t["column"]): Placement(t["code"], t["rotation"], 0, 0) for t in taps}
    ship = ShipFile("taps", 0, placements)
    expected = _engine_removals(content, "I", ship)
    assert len(expected) == 2
    assert found["problems"] == [
        f"{label} at row {cell[0]}, column {cell[1]}: {reason}" for cell, label, reason in expected
    ]
    assert sorted(found["flagged"]) == sorted(f"{c[0]},{c[1]}" for c, _, _ in expected)


@pytest.mark.browser
def test_the_page_verdict_agrees_with_the_engine_on_bot_ships(
    page: Path, content: GalaxyTrucker
) -> None:
    """102 bot-built ships (34 seeds, rounds 1-3) and each of them spoiled by one to three
    moves or turns: the page removes the same tiles, in the same order, for the same
    reasons as the engine's end-of-building check."""
    rng = random.Random(26)
    ships = []
    for board_id, ship in _bot_ships():
        ships.append((board_id, ship))
        ships.append((board_id, _spoiled(content, board_id, ship, rng)))
    texts = [write_ship(s, content.boards[b]) for b, s in ships]
    found = drive(page, {"verdicts": [[t, 2] for t in texts]})
    assert len(found["verdicts"]) == len(ships) == 204
    reasons = set()
    for (board_id, ship), verdict in zip(ships, found["verdicts"], strict=True):
        assert verdict["errors"] == [], ship.name
        assert verdict["board"] == board_id
        expected = _engine_removals(content, board_id, ship)
        page_says = [[r["cell"], r["label"], r["reason"]] for r in verdict["removed"]]
        assert page_says == expected, ship.name
        reasons.update(re.sub(r"\bT\d+\b", "X", r[2]) for r in expected)
    # The spoiled ships break every rule the check knows, so each is compared at least once.
    joined = " | ".join(sorted(reasons))
    for rule in ("must face the rear", "in front of the barrel", "behind the exhaust", "meets the"):
        assert rule in joined, rule
    assert "not connected to the starting cabin" in joined
    legal = sum(1 for v in found["verdicts"] if not v["removed"])
    assert 102 <= legal < 204  # every bot ship is legal; most spoiled ones are not


@pytest.mark.browser
def test_a_page_export_is_ranked_and_its_account_written(
    run: Any, tmp_path: Path, page: Path
) -> None:
    """The round-1 ship of seed 42, tapped in from the posts' codes (T092 and T039 from turn
    1, T014 from turn 2), exported by the page, put in the game folder and named in the
    `ship` column: `rankings` scores it with the engine (-6, as the hand count in
    test_gt_flight.test_real_seed_ship_account: the broken ship loses a part) and writes
    the account beside it for the host to send the player."""
    assert run("game", "--no-images", "--seed", "42", "-o", "g42").exit_code == 0
    root = tmp_path / "g42"
    taps = [
        {"code": "t092", "rotation": 0, "row": 8, "column": 7},  # lower case, as typed
        {"code": "T039", "rotation": 0, "row": 7, "column": 8},
        {"code": "T014", "rotation": 180, "row": 6, "column": 7},
    ]
    found = drive(page, {"board": "I", "taps": taps})
    (root / "ships").mkdir()
    (root / "ships" / "ann.txt").write_text(found["text"])
    (root / "scores.csv").write_text("player,round,score,ship\nAnn,1,,ships/ann.txt\n")
    result = run("rankings", "-o", "g42")
    assert result.exit_code == 0, result.output
    assert "1. Ann: -6\n" in result.stdout
    account = (root / "ships" / "ann.account.txt").read_text()
    assert re.search(r"^  Round 1 score +-6$", account, re.MULTILINE)
    assert (root / "ships" / "ann.txt").read_text() == found["text"]
