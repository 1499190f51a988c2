"""The ship builder keeps the ship on the phone (issue 45): in headless Chromium at 390 px, a
ship built by taps is still there after a reload, each ship board keeps its own ship, each
game keeps its own ships (another game's page of the same pack opens empty), and the ship is
never wiped without asking (Clear and reading a ship file over it ask first; a No keeps
every tile)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phone_driver import drive_steps
from test_ship_builder import TITLE, _game, _taps

from generator.games import rules_for
from generator.games.galaxy_trucker import GalaxyTruckerRules
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight import bot
from generator.games.galaxy_trucker.flight.shipfile import ShipFile, write_ship
from generator.games.galaxy_trucker.ship_builder import builder_html
from generator.pack.load import load_pack

pytestmark = pytest.mark.browser

# Taps the job's tiles onto the board as a finger does (code, Take, Turn, a square).
BUILD = """
var job = %s;
click(document.querySelector('[data-board="' + job.board + '"]'));
job.taps.forEach(function (t) {
  $("code").value = t.code; click($("take"));
  for (var i = 0; i < t.rotation / 90; i++) click($("turn"));
  click(document.querySelector('[data-cell="' + t.row + "," + t.column + '"]'));
});
$("skipped").value = String(job.skipped);
$("skipped").dispatchEvent(new Event("input", {bubbles: true}));
out.built = $("out").value;
return true;
"""


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return _game("42")[0]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, content: GalaxyTrucker) -> Path:
    path = tmp_path_factory.mktemp("kept") / "ship-builder.html"
    path.write_bytes(builder_html(content, ["I", "II", "III"], "449B-A7EC"))
    return path


def _game_page(folder: Path, seed: str) -> tuple[Path, str]:
    """A game's own builder page, as `sheetgen game` writes it into the game's folder."""
    content, plan = _game(seed)
    rules = rules_for(load_pack("galaxy-trucker"))
    assert isinstance(rules, GalaxyTruckerRules)
    (made,) = rules.builder_files(content, plan.game_id)
    path = folder / plan.game_id / made.path
    path.parent.mkdir(parents=True)
    path.write_bytes(made.data)
    return path, plan.game_id


def _bot_ship(board_id: str) -> ShipFile:
    """The balance bot's ship for seed 1's round on that board."""
    content, plan = _game("1")
    number, rplan = next((i, r) for i, r in enumerate(plan.rounds) if r.ship == board_id)
    return bot.build(content, rplan, content.rounds[number]).ship_file("kept")


def test_a_reload_keeps_the_ship_and_clear_asks(page: Path, content: GalaxyTrucker) -> None:
    board_id, ship = "II", _bot_ship("II")
    board = content.boards[board_id]
    expected = write_ship(ship, board, TITLE.format(board.name))
    job = {"board": board_id, "taps": _taps(ship), "skipped": ship.skipped}
    found = drive_steps(
        page,
        [
            BUILD % json.dumps(job),
            # After the reload: the same ship on the same board, kept; Ship I has its own
            # (empty) ship and coming back to Ship II finds it again.
            """out.reloaded = $("out").value;
            out.kept = $("kept").textContent;
            click(document.querySelector('[data-board="I"]')); out.other = $("out").value;
            click(document.querySelector('[data-board="II"]')); out.back = $("out").value;
            click($("clear")); out.afterNo = $("out").value;
            return true;""",
            """out.stillThere = $("out").value;
            answer(true); click($("clear")); out.afterYes = $("out").value;
            return true;""",
            """out.afterYesReloaded = $("out").value; return false;""",
        ],
    )
    assert found["built"] == expected
    assert found["reloaded"] == expected
    assert "Ship II: " in found["kept"]
    assert found["other"].startswith("# Ship I,") and "@" not in found["other"]
    assert found["back"] == expected
    # Clear asked twice: the No kept every tile (also across the next reload), the Yes wiped it.
    assert (
        found["asked"]
        == [f"Clear your Ship II ({len(ship.placements)} tiles)? It cannot be undone."] * 2
    )
    assert found["afterNo"] == expected and found["stillThere"] == expected
    assert "@" not in found["afterYes"] and "@" not in found["afterYesReloaded"]
    assert found["afterYesReloaded"].startswith("# Ship II,")
    assert found["scrollWidth"] <= found["innerWidth"] == 390


def test_reading_a_ship_file_over_a_ship_asks_first(page: Path, content: GalaxyTrucker) -> None:
    first = _bot_ship("I")
    board = content.boards["I"]
    mine = write_ship(first, board, TITLE.format(board.name))
    other = "# another\nskipped: 0\n" + "\n".join(
        ". . start . ." if r == 2 else ". . . . ." for r in range(5)
    )
    job = {"board": "I", "taps": _taps(first), "skipped": first.skipped}
    found = drive_steps(
        page,
        [
            BUILD % json.dumps(job),
            f"""$("in").value = {json.dumps(other)}; click($("read")); out.afterNo = $("out").value;
            return true;""",
            f"""out.reloaded = $("out").value;
            answer(true); $("in").value = {json.dumps(other)}; click($("read"));
            out.afterYes = $("out").value; return false;""",
        ],
    )
    assert found["asked"][0].startswith("Replace the ") and len(found["asked"]) == 2
    assert found["afterNo"] == mine and found["reloaded"] == mine
    assert "@" not in found["afterYes"]


def test_each_game_keeps_its_own_ships(tmp_path: Path, content: GalaxyTrucker) -> None:
    """Two games of the same pack, each its folder's page, in one browser (the pages share
    its storage): game B's page opens on an empty ship, not on game A's; each page keeps its
    own game's ship across a reload and across visits to the other."""
    page_a, id_a = _game_page(tmp_path, "42")
    page_b, id_b = _game_page(tmp_path, "7")
    assert id_a != id_b
    ship_a, ship_b = _bot_ship("II"), _bot_ship("I")
    expected_a = write_ship(ship_a, content.boards["II"], TITLE.format(content.boards["II"].name))
    expected_b = write_ship(ship_b, content.boards["I"], TITLE.format(content.boards["I"].name))
    job_a = {"board": "II", "taps": _taps(ship_a), "skipped": ship_a.skipped}
    job_b = {"board": "I", "taps": _taps(ship_b), "skipped": ship_b.skipped}
    found = drive_steps(
        page_a,
        [
            # Game A: a ship on Ship II; then game B's page, in the same browser.
            (BUILD % json.dumps(job_a)).replace("return true;", 'return "B";'),
            # Game B opens on its first board, empty; its Ship II is empty too.
            """out.openedB = $("out").value; out.keptB = $("kept").textContent;
            click(document.querySelector('[data-board="II"]')); out.shipIIB = $("out").value;
            return true;""",
            # After a reload game B is on Ship II still (its own last board), empty; it
            # builds its own ship on Ship I.
            """out.reloadedB = $("out").value;
            """
            + (BUILD % json.dumps(job_b)).replace("out.built", "out.builtB"),
            """out.keptShipB = $("out").value; return "A";""",
            # Back in game A: its Ship II as built, untouched by game B.
            """out.backA = $("out").value; out.keptA = $("kept").textContent; return false;""",
        ],
        others={"A": page_a, "B": page_b},
    )
    assert found["built"] == expected_a
    assert found["openedB"].startswith("# Ship I,") and "@" not in found["openedB"]
    assert f"game {id_b} (Ship I: 0 tiles)" in found["keptB"]
    assert found["shipIIB"].startswith("# Ship II,") and "@" not in found["shipIIB"]
    assert found["reloadedB"] == found["shipIIB"]
    assert found["builtB"] == found["keptShipB"] == expected_b
    assert found["backA"] == expected_a
    assert f"game {id_a} (Ship II: {len(ship_a.placements)} tiles)" in found["keptA"]
    assert found["asked"] == []
    assert found["scrollWidth"] <= found["innerWidth"] == 390
