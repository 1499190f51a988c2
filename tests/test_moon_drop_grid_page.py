"""Moon Drop's grid page (sheets/moon-drop-grid.html, issue 45), in headless Chromium.

The page's live check agrees with the engine's placement rule (placement.py) on 100 random
grids, under every set of variations: the same placements, legal and not, fed to the page's
script and to the engine, give the same problems, and the grids drawn give the same grid
file, which the scorer's reader reads. A whole game copied by taps at 390 px on a game
folder's own page survives reloads, and its saved grid, named in scores.csv's `grid` column,
is ranked by `sheetgen rankings` with the score the scorer gives the engine's own grid."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from phone_driver import drive_steps

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import parse_grid
from generator.games.moon_drop.grid_page import GRID_PAGE, grid_page_html
from generator.games.moon_drop.options import DRAWN, FREE, MIRROR, OVERWRITE, VARIATIONS
from generator.games.moon_drop.placement import (
    Placement,
    Sheet,
    forms,
    grid_text,
    placed,
    problems,
)
from generator.games.moon_drop.planner import make_round
from generator.games.moon_drop.scoring import score
from generator.kit.session import open_game

pytestmark = pytest.mark.browser

VARIATION_SETS = [
    (),
    (MIRROR,),
    (OVERWRITE,),
    (DRAWN,),
    (MIRROR, OVERWRITE, DRAWN),
]
TITLE = "random grid"


@pytest.fixture(scope="module")
def content() -> MoonDrop:
    return open_game("moon-drop", "1", None).content


def _sheet_json(sheet: Sheet) -> dict[str, Any]:
    return {
        "rows": sheet.rows,
        "columns": sheet.columns,
        "cells": {f"{r},{c}": m for (r, c), m in sheet.cells.items()},
        "destroyed": {f"{r},{c}": True for r, c in sheet.destroyed},
        "joins": {"|".join(f"{r},{c}" for r, c in sorted(j)): True for j in sheet.joins},
    }


def _candidate(
    rng: random.Random, sheet: Sheet, shape: str, cells: list[Any], dice: list[tuple[str, ...]]
) -> Placement:
    """A placement a player might try: mostly a turned copy somewhere near the grid, now and
    then mirrored where that is not allowed, shuffled, off the grid, or with a wrong module
    or a join drawn anywhere."""
    if shape == FREE:
        start = (rng.randrange(sheet.rows), rng.randrange(sheet.columns))
        squares = [start]
        while len(squares) < 4:
            if rng.random() < 0.1:
                squares.append((rng.randrange(-1, sheet.rows), rng.randrange(sheet.columns)))
                continue
            r, c = rng.choice(squares)
            dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if (r + dr, c + dc) not in squares:
                squares.append((r + dr, c + dc))
    else:
        form = rng.choice(forms(cells, tuple(VARIATIONS)))  # mirrored too: often illegal
        top, left = rng.randrange(-1, sheet.rows), rng.randrange(-1, sheet.columns)
        squares = [(top + r, left + c) for r, c in form]
        if rng.random() < 0.05:
            rng.shuffle(squares)
    if rng.random() < 0.03:
        squares[3] = squares[0]
    modules = [rng.choice(d) for d in dice]
    if rng.random() < 0.1:
        modules[rng.randrange(4)] = rng.choice(["corridor", "dock", "research", "quarters"])
    if shape == FREE:
        rng.shuffle(modules)
    joins = []
    if rng.random() < 0.4:
        for a in squares:
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                if rng.random() < 0.3:
                    joins.append((a, b))
    return Placement(tuple(squares), tuple(modules), tuple(joins))


def _random_grids(content: MoonDrop, count: int) -> tuple[list[dict[str, Any]], list[str]]:
    """The cases (each a placement tried on a grid as it stood) and the grids drawn."""
    rng = random.Random(45)
    cases, texts = [], []
    for n in range(count):
        variations = VARIATION_SETS[n % len(VARIATION_SETS)]
        sheet = Sheet(content.rows, content.columns)
        for number in range(1, content.rounds + 1):
            rnd = make_round(content, f"grid-{n}", number, variations)
            cells = [(b.row, b.column) for b in rnd.block]
            dice = [b.modules for b in rnd.block]
            for _ in range(60):
                tried = _candidate(rng, sheet, rnd.shape, cells, dice)
                found = problems(sheet, rnd.shape, cells, dice, tried, variations)
                cases.append(
                    {
                        "sheet": _sheet_json(sheet),
                        "shape": rnd.shape,
                        "cells": [list(c) for c in cells],
                        "dice": [list(d) for d in dice],
                        "placement": {
                            "squares": [list(s) for s in tried.squares],
                            "modules": list(tried.modules),
                            "joins": [[list(a), list(b)] for a, b in tried.joins],
                        },
                        "variations": list(variations),
                        "expected": found,
                        "after": grid_text(placed(sheet, tried), content.letters, TITLE)
                        if not found
                        else None,
                    }
                )
                if not found:
                    sheet = placed(sheet, tried)
                    break
        texts.append(grid_text(sheet, content.letters, TITLE))
        # The scorer's reader reads every grid the rule lets a player draw.
        parse_grid(
            texts[-1], "grid", content.rows, content.columns, content.letters,
            overwrite=OVERWRITE in variations, drawn=DRAWN in variations,
        )  # fmt: skip
    return cases, texts


CHECK = """
var cases = %s, g = window.moonDropGrid;
out.found = cases.map(function (c) {
  return g.problems(c.sheet, c.shape, c.cells, c.dice, c.placement, c.variations);
});
out.after = cases.map(function (c) {
  return c.expected.length ? null : g.gridText(g.placed(c.sheet, c.placement), %s);
});
return false;
"""


def test_the_page_check_agrees_with_the_engine_on_100_random_grids(
    tmp_path: Path, content: MoonDrop
) -> None:
    page = tmp_path / "moon-drop-grid.html"
    page.write_bytes(grid_page_html(content, (), "TEST"))
    cases, texts = _random_grids(content, 100)
    legal = [c for c in cases if not c["expected"]]
    codes = {code for c in cases for code in c["expected"]}
    # The random placements try every kind of problem, and most grids fill up.
    assert codes == {"off-grid", "twice", "form", "module", "used", "join"}, codes
    assert len(legal) > 550 and len(cases) > 1000
    assert any("X" in t for t in texts) and any("joins:" in t for t in texts)
    found = drive_steps(page, [CHECK % (json.dumps(cases), json.dumps(TITLE))])
    assert found["found"] == [c["expected"] for c in cases]
    assert found["after"] == [c["after"] for c in cases]


# --- a whole game on the phone ----------------------------------------------------------------
SEED = "grid-phone-3"
TAP_ROUND = """
(function (r) {
$("blue").value = String(r.blue); $("white").value = r.white;
click($("take"));
r.modules.forEach(function (m, i) {
  var b = document.querySelector('[data-choice="' + i + '"][data-module="' + m + '"]');
  if (b) click(b);
});
for (var i = 0; i < r.turns; i++) click($("turn"));
r.taps.forEach(function (s) { click(document.querySelector('[data-square="' + s + '"]')); });
out.verdicts = (out.verdicts || []).concat([$("verdict").textContent]);
click($("place"));
out.text = $("out").value;
})(%s);
"""


def _game_taps(content: MoonDrop, plan: Any) -> tuple[list[dict[str, Any]], str]:
    """Each round's taps for a legal placement of its block (turned as often as its round
    number says, square 1 on the first square in reading order that lets it go there), and
    the engine's grid file of the result."""
    sheet = Sheet(content.rows, content.columns)
    rounds = []
    for rnd in plan.rounds:
        cells = [(b.row, b.column) for b in rnd.block]
        dice = [b.modules for b in rnd.block]
        modules = tuple(d[-1] for d in dice)  # the second choice where a face offers two
        shapes = forms(cells, ())
        turns = rnd.round % len(shapes)
        form = shapes[turns]
        for r, c in sorted((r, c) for r in range(content.rows) for c in range(content.columns)):
            squares = tuple((r + fr - form[0][0], c + fc - form[0][1]) for fr, fc in form)
            tried = Placement(squares, modules)
            if not problems(sheet, rnd.shape, cells, dice, tried, ()):
                break
        else:
            raise AssertionError(f"round {rnd.round}: no room")
        sheet = placed(sheet, tried)
        rounds.append(
            {
                "blue": rnd.blue,
                "white": " ".join(str(w) for w in rnd.white),
                "modules": list(modules),
                "turns": turns,
                "taps": [f"{r},{c}"],
            }
        )
    return rounds, grid_text(sheet, content.letters, "")


def test_a_game_tapped_on_the_phone_ranks_as_the_scorer_scores_it(run: Any, tmp_path: Path) -> None:
    made = run("game", "--pack", "moon-drop", "--no-images", "--seed", SEED, "-o", "md")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "md"
    game = open_game("moon-drop", SEED, None)
    content, plan = game.content, game.plan
    rounds, expected = _game_taps(content, plan)
    # Two rounds a load: the page is reloaded after each pair, and the grid drawn is kept.
    steps = [
        "".join(TAP_ROUND % json.dumps(r) for r in rounds[i : i + 2]) + "return true;"
        for i in range(0, len(rounds), 2)
    ]
    last = 'out.kept = $("out").value; out.note = $("kept").textContent; return false;'
    found = drive_steps(folder / GRID_PAGE, [*steps, last])
    assert found["scrollWidth"] <= found["innerWidth"] == 390
    assert all(v == "The block may go there: tap Draw the block." for v in found["verdicts"])
    assert found["kept"] == found["text"]
    lines = found["text"].splitlines()
    assert lines[0].startswith("# Moon Drop")
    assert "\n".join(lines[1:]) + "\n" == expected.split("\n", 1)[1]
    assert f"{content.rounds} of {content.rounds} rounds" in found["note"]

    (folder / "grids").mkdir()
    (folder / "grids" / "ann.txt").write_text(found["text"], encoding="utf-8")
    (folder / "scores.csv").write_text("player,round,score,grid\nAnn,final,,grids/ann.txt\n")
    ranked = run("rankings", "-o", "md")
    assert ranked.exit_code == 0, ranked.output
    by_hand = tmp_path / "by-hand.txt"
    by_hand.write_text(expected, encoding="utf-8")
    account = score(content, plan, by_hand)
    points = re.search(r"^Score: (-?\d+)$", account, re.MULTILINE)
    assert points is not None
    final = (folder / "rankings" / "final.facebook.txt").read_text(encoding="utf-8")
    assert f"1. Ann: {points.group(1)}\n" in final, final


VARIATIONS_ROUNDS = """
function round(blue, white) { $("blue").value = blue; $("white").value = white; click($("take")); }
function tap(s) { click(document.querySelector('[data-square="' + s + '"]')); }
out.verdicts = [];
round("5", "4 2 3 1"); tap("0,0"); out.verdicts.push($("verdict").textContent); click($("place"));
round("6", "1 2 1 2"); ["0,2", "0,3", "0,4", "0,5"].forEach(tap);
click($("joinmode")); tap("0,1"); tap("0,2"); click($("joinmode"));
out.verdicts.push($("verdict").textContent); click($("place"));
round("1", "6 6 6 6"); click($("flip")); tap("1,0");
out.verdicts.push($("verdict").textContent); click($("place"));
out.text = $("out").value;
return true;
"""


def test_the_variations_on_the_page_by_taps(tmp_path: Path, content: MoonDrop) -> None:
    """Mirroring (the blue 5 is the 2x2 block, the 6 a free placement), a Corridor join
    drawn with the block, a block over a used square (overwriting): tapped at 390 px, the
    page's grid file is the engine's, read by the scorer's reader, and kept over a reload."""
    variations = (MIRROR, OVERWRITE, DRAWN)
    page = tmp_path / "moon-drop-grid.html"
    page.write_bytes(grid_page_html(content, variations, "TEST"))
    found = drive_steps(page, [VARIATIONS_ROUNDS, 'out.kept = $("out").value; return false;'])
    assert found["verdicts"] == ["The block may go there: tap Draw the block."] * 3
    assert found["scrollWidth"] <= found["innerWidth"] == 390
    sheet = Sheet(content.rows, content.columns)
    for squares, modules, joins in [
        (
            ((0, 0), (0, 1), (1, 0), (1, 1)),
            ("corridor", "corridor", "life-support", "quarters"),
            (),
        ),
        (((0, 2), (0, 3), (0, 4), (0, 5)), ("corridor",) * 4, (((0, 1), (0, 2)),)),
        (((1, 0), (2, 0), (3, 0), (4, 0)), ("research",) * 4, ()),
    ]:
        sheet = placed(sheet, Placement(squares, modules, joins))
    expected = grid_text(sheet, content.letters, "Moon Drop · game TEST, from the grid page")
    assert found["text"] == found["kept"] == expected
    assert "X" in expected and "joins: A2-A3" in expected
    parse_grid(
        found["text"], "grid", content.rows, content.columns, content.letters,
        overwrite=True, drawn=True,
    )  # fmt: skip
