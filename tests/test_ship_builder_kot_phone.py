"""A Keep on Trucking ship built on the game folder's own ship builder page at 390 px in
headless Chromium (issue 45): the exported ship file, named in scores.csv's `ship` column,
is ranked by `sheetgen rankings` with exactly the account and score the expansion's flight
engine gives the same ship written by the engine; a reload keeps the ship and its rear."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from phone_driver import drive_steps
from test_ship_builder import _taps

from generator.games.galaxy_trucker import ship_score
from generator.games.galaxy_trucker.flight.ship import opposite
from generator.games.galaxy_trucker.flight.shipfile import write_ship
from generator.games.galaxy_trucker.posts import BUILDER_FILE
from generator.games.keep_on_trucking.flight.account import score_ship
from generator.games.keep_on_trucking.flight.bot import build
from generator.games.keep_on_trucking.flight.engine import front_edge
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE
from generator.kit.session import open_game

pytestmark = pytest.mark.browser

SEED = "phone-1"
BUILD = """
var job = %s;
click(document.querySelector('[data-board="' + job.board + '"]'));
$("rear").value = String(job.rear); $("rear").dispatchEvent(new Event("change"));
job.taps.forEach(function (t) {
  $("code").value = t.code; click($("take"));
  for (var i = 0; i < t.rotation / 90; i++) click($("turn"));
  click(document.querySelector('[data-cell="' + t.row + "," + t.column + '"]'));
});
$("skipped").value = String(job.skipped);
$("skipped").dispatchEvent(new Event("input", {bubbles: true}));
out.text = $("out").value; out.verdict = $("verdict").textContent;
return true;
"""
AFTER_RELOAD = """out.reloaded = $("out").value; out.rear = $("rear").value;
out.board = document.querySelector("#boards .on").dataset.board; return false;"""


def test_a_ship_built_on_the_phone_ranks_as_the_engine_scores_it(run: Any, tmp_path: Path) -> None:
    made = run(
        "game", "--pack", "keep-on-trucking", "--no-images", "--seed", SEED, "-o", "kot",
        "--option", "ships=A",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    folder = tmp_path / "kot"
    page = folder / BUILDER_FILE
    game = open_game("keep-on-trucking", SEED, None, options={"ships": "A"})
    content, plan = game.content, game.plan
    # The folder's page is this game's: its id keys the ships it keeps.
    assert f'"gameId":"{game.plan.game_id}"' in page.read_text(encoding="utf-8")
    rplan = plan.rounds[0]
    front = EDGE_SIDE[front_edge(content, plan, 1) or "top"]
    ship = build(content, rplan, content.rounds[0], front).ship_file("Ann")
    job = {
        "board": rplan.ship,
        "rear": opposite(front),
        "taps": _taps(ship),
        "skipped": ship.skipped,
    }
    found = drive_steps(page, [BUILD % json.dumps(job), AFTER_RELOAD])
    assert found["scrollWidth"] <= found["innerWidth"] == 390
    assert found["verdict"] == "Every tile is placed legally."
    # The reload keeps the ship, its board and the rear picked for the compass.
    assert found["reloaded"] == found["text"]
    assert (found["board"], found["rear"]) == (rplan.ship, str(opposite(front)))

    (folder / "ships").mkdir()
    (folder / "ships" / "ann.txt").write_text(found["text"], encoding="utf-8")
    header = "player,round,score,aesthete,contraptionist,ability,ship,note\n"
    (folder / "scores.csv").write_text(header + "Ann,1,,,,,ships/ann.txt,\n")
    ranked = run("rankings", "-o", "kot")
    assert ranked.exit_code == 0, ranked.output
    account = (folder / "ships" / "ann.account.txt").read_text(encoding="utf-8")

    # By hand: the engine's own file of the same ship, scored by the flight engine.
    by_hand = tmp_path / "by-hand" / "ann.txt"
    by_hand.parent.mkdir()
    by_hand.write_text(write_ship(ship, content.boards[rplan.ship]), encoding="utf-8")
    assert account == score_ship(content, plan, by_hand, 1)
    score, _ = ship_score(account)
    post = (folder / "rankings" / "round-1.facebook.txt").read_text(encoding="utf-8")
    assert f"Ann {score}" in post or f"Ann: {score}" in post or f"Ann ({score})" in post, post
