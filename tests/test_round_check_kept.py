"""The round check page keeps the game start post on the phone, per game (issue 45): in
headless Chromium at 390 px, the start post pasted once is still there after a reload (a
round's reveal pasted then gives MATCH with nothing else pasted), a different game's start
post pasted over it replaces it, and another game's page (same browser, same storage) opens
without this game's post and keeps its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phone_driver import drive_steps

from generator.games import Scope
from generator.kit.session import open_game

pytestmark = pytest.mark.browser

PASTE = """var text = %s;
$("start").value = text; $("start").dispatchEvent(new Event("input", {bubbles: true}));"""
KEPT_KEYS = """Object.keys(localStorage).filter(function (k) {
  return k.indexOf("sheetgen-round-check-start") === 0; }).sort()"""


def _game_page(folder: Path, seed: str) -> tuple[Path, str, str, str]:
    """A Moon Drop game's own round check page in its folder; its game id, its game start
    post and round 1's post (Facebook's text)."""
    game = open_game("moon-drop", seed, None)
    posts = game.rules.posts(game.content, game.plan, Scope("game"), images=False)
    page = game.rules.check_page(game.content, game.plan.game_id)
    path = folder / game.plan.game_id / page.path
    path.parent.mkdir(parents=True)
    path.write_bytes(page.data)
    start = next(p for p in posts if p.key == "game-start").facebook or ""
    reveal = next(p for p in posts if p.key == "round-1/round-1").facebook or ""
    return path, game.plan.game_id, start, reveal


def test_the_start_post_is_kept_per_game(tmp_path: Path) -> None:
    page_a, id_a, start_a, reveal_a = _game_page(tmp_path, "round-check-kept-a")
    page_b, id_b, start_b, _ = _game_page(tmp_path, "round-check-kept-b")
    assert id_a != id_b and id_a in start_a and id_b in start_b
    found = drive_steps(
        page_a,
        [
            # Game A's page: its start post pasted once.
            PASTE % json.dumps(start_a) + "return true;",
            # After a reload it is there: round 1's reveal alone gives MATCH.
            f"""out.keptA = $("start").value;
            $("reveal").value = {json.dumps(reveal_a)};
            return window.roundCheck.check().then(function (r) {{
              out.resultA = r.result; out.verdictA = $("verdict").textContent;
              {PASTE % json.dumps(start_b)}
              return true;
            }});""",
            # Game B's start post pasted over it replaced it (kept across a reload); game
            # A's is pasted back, then game B's page is opened in the same browser.
            f"""out.replacedA = $("start").value;
            {PASTE % json.dumps(start_a)}
            return "B";""",
            # Game B's page does not show game A's post; it keeps its own.
            f"""out.openedB = $("start").value;
            {PASTE % json.dumps(start_b)}
            return true;""",
            """out.keptB = $("start").value; return "A";""",
            f"""out.backA = $("start").value; out.keys = {KEPT_KEYS}; return false;""",
        ],
        others={"A": page_a, "B": page_b},
    )
    assert found["keptA"] == start_a
    assert found["resultA"] == "MATCH"
    assert found["verdictA"] == "MATCH: round 1 is the one committed to"
    assert found["replacedA"] == start_b
    assert found["openedB"] == ""
    assert found["keptB"] == start_b
    assert found["backA"] == start_a
    assert found["keys"] == sorted(
        [f"sheetgen-round-check-start|{id_a}", f"sheetgen-round-check-start|{id_b}"]
    )
    assert found["scrollWidth"] <= found["innerWidth"] == 390
