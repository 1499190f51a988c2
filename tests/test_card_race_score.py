"""`sheetgen score card-race FILE`: the rule text's scoring examples, the floor at 0 at each
round's end, Booster bonuses, race positions with shared places, and bad tables."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.games.card_race.model import Scoring
from generator.games.card_race.scoring import Line, places, round_points

SCORING = Scoring(bid_met=400, per_trick=200, per_trick_off=200, booster=200, floor=0)


def test_the_rule_text_examples() -> None:
    # "Bid 3, win 3 = 400 + (200x3) = 1,000 fuel"; "Bid 2, win 4 = -200 x 2 = -400 fuel"
    assert round_points(Line("A", 3, 3, 0), SCORING) == (1000, 0)
    assert round_points(Line("A", 2, 4, 0), SCORING) == (-400, 0)
    assert round_points(Line("A", 0, 0, 0), SCORING) == (400, 0)
    assert round_points(Line("A", 1, 0, 2), SCORING) == (-200, 400)


def test_ties_share_a_place() -> None:
    assert places({"A": 600, "B": 600, "C": 400, "D": 0}) == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert places({"A": 0, "B": 0, "C": 0}) == {"A": 1, "B": 1, "C": 1}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scores.txt"
    path.write_text(text, encoding="utf-8")
    return path


GAME = """\
round player bid tricks boosters
1 Ada  1 0 0
1 Ben  0 0 0
1 Cleo 1 1 0
2 Ada  1 0 1
2 Ben  0 1 0
2 Cleo 2 1 0
3 Ada  0 0 0
3 Ben  2 2 1
3 Cleo 0 0 0
"""
# Round 1: Ada -200 -> floored to 0; Ben +400; Cleo +600.
# Round 2: Ada -200 + 200 (Booster) = 0; Ben -200 -> 200; Cleo -200 -> 400.
# Round 3: Ada +400 -> 400; Ben 400 + 200x2 + 200 = 1000 -> 1200; Cleo +400 -> 800.


def test_json_totals_and_positions(tmp_path: Path, run: Callable[..., Result]) -> None:
    result = run("score", "card-race", str(write(tmp_path, GAME)), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "totals": {"Ada": 400, "Ben": 1200, "Cleo": 800},
        "positions": {"Ada": 3, "Ben": 1, "Cleo": 2},
    }


def test_the_floor_applies_at_each_round_end(tmp_path: Path, run: Callable[..., Result]) -> None:
    # Without the floor after round 1 Ada would end at -200 + 0 + 400 = 200, not 400.
    result = run("score", "card-race", str(write(tmp_path, GAME)))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Standings after round 1" in out
    assert (
        "Ada: bid 1, took 0: off by 1, -200 × 1 = -200; total 0 - 200 = -200 (below 0: set to 0)"
        in out
    )
    assert (
        "Ada: bid 1, took 0: off by 1, -200 × 1 = -200; Boosters 1 × 200 = +200; total 0 + 0 = 0"
        in out
    )
    assert (
        "Ben: bid 2, took 2: correct, 400 + 200 × 2 = 800; Boosters 1 × 200 = +200; "
        "total 200 + 1000 = 1200" in out
    )
    standings = out.split("Standings after round 3")[1]
    assert (
        standings.index("1. Ben (teal): 1200 fuel")
        < standings.index("2. Cleo (magenta): 800 fuel")
        < standings.index("3. Ada (orange): 400 fuel")
    )


def test_shared_places_in_the_standings(tmp_path: Path, run: Callable[..., Result]) -> None:
    text = "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n1 C 1 1 0\n"
    result = run("score", "card-race", str(write(tmp_path, text)))
    assert "1. C (magenta): 600 fuel\n  2. A (orange): 400 fuel\n  2. B (teal): 400 fuel" in (
        result.output
    )
    result = run("score", "card-race", str(write(tmp_path, text)), "--json")
    assert json.loads(result.output)["positions"] == {"A": 2, "B": 2, "C": 1}


def test_german_account(tmp_path: Path, run: Callable[..., Result]) -> None:
    result = run("score", "card-race", str(write(tmp_path, GAME)), "--lang", "de")
    assert "Stand nach Runde 2" in result.output
    assert "Ben: Gebot 2, genommen 2: richtig, 400 + 200 × 2 = 800" in result.output
    assert "1. Ben (türkis): 1200 Treibstoff" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round player bid\n1 A 0\n", "scores.txt:1: expected the header"),
        ("round player bid tricks boosters\n1 A 0 0\n", "scores.txt:2: expected 5 columns"),
        ("round player bid tricks boosters\n1 A x 0 0\n", "scores.txt:2: bid: expected a whole"),
        ("round player bid tricks boosters\n1 A -1 0 0\n", "scores.txt:2: bid: expected a whole"),
        ("round player bid tricks boosters\n2 A 0 0 0\n", "scores.txt:2: round: the table starts"),
        (
            "round player bid tricks boosters\n1 A 2 0 0\n",
            "scores.txt:2: bid: 2 is more than the 1 trick of round 1",
        ),
        ("round player bid tricks boosters\n1 A 0 0 3\n", "scores.txt:2: boosters: 3, but A"),
        (
            "round player bid tricks boosters\n1 A 0 0 0\n1 A 1 0 0\n",
            "scores.txt:3: player: A already has a line in round 1",
        ),
        (
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n1 C 0 0 0\n2 A 0 0 0\n",
            "scores.txt:5: round 2: no line for B, C",
        ),
        (
            "round player bid tricks boosters\n1 A 0 1 0\n1 B 0 1 0\n",
            "scores.txt:3: tricks: 2 tricks taken in round 1 so far, but it has 1",
        ),
        (
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n1 C 0 0 0\n3 A 0 0 0\n",
            "scores.txt:5: round: expected round 1 or 2, got 3",
        ),
        # Impossible sheets a real game cannot give (issue 24), each refused with its line.
        (  # three Booster bonuses in one round: the deck has two Boosters
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n1 C 0 0 0\n"
            "2 A 0 0 1\n2 B 0 0 1\n2 C 0 0 1\n",
            "scores.txt:7: boosters: 3 Booster bonuses in round 2 so far, but the deck has 2",
        ),
        (  # two bonuses for one player in round 1: one card each
            "round player bid tricks boosters\n1 A 0 0 2\n",
            "scores.txt:2: boosters: 2, but A held 1 card in round 1",
        ),
        (  # six players
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n1 C 0 0 0\n"
            "1 D 0 0 0\n1 E 0 0 0\n1 F 0 0 0\n",
            "scores.txt:7: player: F would be player 6; the game is for 3 to 5",
        ),
        (  # two players, the sheet ends after round 1
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n",
            "scores.txt:3: round 1 ends here with 2 players (A, B); the game is for 3 to 5",
        ),
        (  # two players, round 2 begins
            "round player bid tricks boosters\n1 A 0 0 0\n1 B 0 0 0\n2 A 0 0 0\n",
            "scores.txt:4: round 2 begins with 2 players (A, B); the game is for 3 to 5",
        ),
        (  # 20 rounds for 3 players: the most is 19
            "round player bid tricks boosters\n"
            + "".join(f"{r} {p} 0 0 0\n" for r in range(1, 21) for p in "ABC"),
            "scores.txt:59: round: 20, but 3 players play at most 19 rounds",
        ),
    ],
)
def test_bad_tables(tmp_path: Path, run: Callable[..., Result], text: str, message: str) -> None:
    result = run("score", "card-race", str(write(tmp_path, text)))
    assert result.exit_code == 2
    assert message in result.output


def test_moon_drop_still_needs_its_seed(tmp_path: Path, run: Callable[..., Result]) -> None:
    result = run("score", "moon-drop", str(write(tmp_path, "x")))
    assert result.exit_code == 2
    assert "Missing option '--seed'" in result.output
