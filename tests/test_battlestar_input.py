"""Bad input to a Battlestar game gets one clear line and exit 2: a draw of 0 or fewer
cards, and player names that hold control or bidi characters or that are another seat's
name in other case or width (generator/host/names.py decides both)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bsg_helpers import FOUR, BsgGame


@pytest.mark.parametrize("count", ["0", "-1", "-7", "11"])
def test_draw_zero_or_negative_is_refused(tmp_path: Path, count: str) -> None:
    game = BsgGame(tmp_path)
    game.run("setup")
    before = game.log_bytes()
    for deck in ("crisis", "quorum"):
        out = game.run("draw", deck, count, code=2).output
        assert out.startswith("error: draw ") and out.count("\n") == 1, out
        assert f"draw {count} " in out and "expected a count of 1-10" in out
    out = game.run("prep", count, code=2).output
    assert out.startswith("error: ") and out.count("\n") == 1, out
    assert game.log_bytes() == before
    assert not list((game.folder / "public").glob("001-*"))


def named(*names: str) -> list[tuple[str, str | None, list[str] | None]]:
    return [
        (name, character, skills) for name, (_, character, skills) in zip(names, FOUR, strict=True)
    ]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Ann\u202eevil", "bidi control character U+202E"),
        ("Ann\u2066x", "bidi control character U+2066"),
        ("Ann\u200f", "bidi control character U+200F"),
        ("Ann\u0085", "control character U+0085"),
        ("Ann\u009b1m", "control character U+009B"),
    ],
)
def test_control_and_bidi_names_are_refused(tmp_path: Path, name: str, words: str) -> None:
    game = BsgGame(tmp_path, players=named("alice", name, "Carol", "dave"))
    out = game.run("setup", code=2).output
    assert "game.yaml" in out and "players[1].name" in out and words in out, out
    assert not game.folder.exists()


@pytest.mark.parametrize(
    ("first", "second"),
    [("Straße", "STRASSE"), ("Ann", "ＡＮＮ"), ("Bob", "bob"), ("Ann Lee", "ann  lee")],
)
def test_names_the_same_but_for_case_or_width_are_duplicates(
    tmp_path: Path, first: str, second: str
) -> None:
    game = BsgGame(tmp_path, players=named(first, "Carol", second, "dave"))
    out = game.run("setup", code=2).output
    assert "players[2].name" in out and "the same name as seat 1" in out, out
    assert not game.folder.exists()


def test_players_are_found_by_their_name_key(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, players=named("Straße", "bob_b", "Carol", "dave"))
    game.run("setup")
    game.run("brig", "STRASSE")
    assert game.state().player(0).brig
