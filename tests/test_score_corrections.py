"""A mistyped score is corrected, not refused: a scores.csv line with `correction` in its
note replaces the player's earlier line for that round, and every rankings post from then
on says what changed. A correction with nothing to replace, or a second plain line, is a
located problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_rankings import GT_HEADER, SEED

from generator.host.rankings import ScoreSpec, read_scores


@pytest.fixture
def folder(run: Callable[..., Result], game_once: Callable[..., Result], tmp_path: Path) -> Path:
    result = game_once("game", "--no-images", "--seed", SEED, "-o", "game")
    assert result.exit_code == 0, result.output
    return tmp_path / "game"


def test_a_correction_line_replaces_the_score_and_the_rankings_say_so(
    run: Callable[..., Result], folder: Path
) -> None:
    scores = folder / "scores.csv"
    scores.write_text(
        GT_HEADER
        + "Ann,1,10,,,,,,,,\nBo,1,8,,,,,,,,\n"
        + "Ann,2,5,,,,,,,,\nBo,2,5,,,,,,,,\n"
        + "ann,1,7,,,,,,,,correction: misread her sheet\n"
    )
    result = run("rankings", "-o", "game")
    assert result.exit_code == 0, result.output
    round_1 = (folder / "rankings" / "round-1.facebook.txt").read_text(encoding="utf-8")
    round_2 = (folder / "rankings" / "round-2.facebook.txt").read_text(encoding="utf-8")
    assert "1. Bo: 8\n2. Ann: 7\n" in round_1  # the corrected score decides the places
    for text in (round_1, round_2):
        assert "Corrected: Ann's score for round 1 is 7 (was 10)." in text
    assert "1. Bo: 13 (8 + 5)\n2. Ann: 12 (7 + 5)\n" in round_2  # rounds in order


def test_a_second_correction_keeps_the_first_score_it_replaced(tmp_path: Path) -> None:
    path = tmp_path / "scores.csv"
    path.write_text(
        "player,round,score,note\nAnn,1,10,\nAnn,1,7,correction\nAnn,1,9,Correction again\n"
    )
    (entry,) = read_scores(path, ScoreSpec(rounds=("1",)))
    assert (entry.score, entry.was, entry.corrects, entry.line) == (9, 10, 3, 4)


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ("Ann,1,7,,,,,,,,correction\n", "scores.csv:2: note: a correction, but Ann has no earlier"),
        (
            "Ann,1,5,,,,,,,,\nAnn,1,6,,,,,,,,\n",
            "scores.csv:3: player: Ann already has a score for round 1 on line 2 (to replace it",
        ),
    ],
)
def test_what_is_no_correction_is_a_located_problem(
    run: Callable[..., Result], folder: Path, lines: str, expected: str
) -> None:
    (folder / "scores.csv").write_text(GT_HEADER + lines)
    result = run("rankings", "-o", "game")
    assert result.exit_code == 2 and expected in result.output, result.output
    assert "Traceback" not in result.output
