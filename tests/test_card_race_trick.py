"""The trick judge: `sheetgen card-race trick [--trump X] [--json] CARD...` gives the
results the rule text and the rulings demand. Positions are 1-based, in play order. The
spelling of older posts, `sheetgen trick card-race ...`, is handed on to it."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.games.card_race.cards import parse_code
from generator.games.card_race.judge import may_play
from generator.pack.load import CONTENT_DIR

# (trump, cards, winner, bonus, why)
CASES = [
    # Rule text: a trick goes to the first Navigator played ...
    ("I", "I12 N P5 N", 2, [], "the first Navigator, even against trump"),
    # ... if no Navigator, the highest trump ...
    ("P", "I3 I12 P2", 3, [], "a low trump beats the suit led"),
    ("P", "I3 P2 P11 I12", 3, [], "the highest of two trumps"),
    # ... if no trump, the highest card of the suit led.
    ("none", "W4 W11 G12", 2, [], "a higher card of another suit does not win"),
    ("I", "W4 W11 G12", 2, [], "trump named but not played"),
    # Navigator led: it wins, any card may follow, even another Navigator.
    ("I", "N I12 N", 1, [], "Navigator led"),
    # Fuel Leak led: the next card sets the suit; Fuel Leaks always lose.
    ("none", "F W3 W9 I12", 3, [], "a Fuel Leak led: the first technology card sets the suit"),
    ("none", "F F W1", 3, [], "leaks lose even to a 1"),
    # Only Fuel Leaks: the first Fuel Leak played wins.
    ("P", "F F F", 1, [], "only Fuel Leaks"),
    ("none", "F B F", 1, [2], "only leaks and a Booster: the first of them wins"),
    ("none", "B F F", 1, [1], "a Booster first among leaks wins it"),
    # Tractor Beam: the second-best card wins.
    ("P", "P12 P10 T I5", 2, [], "Tractor Beam with trumps: the second-highest trump"),
    ("P", "I5 P3 T", 1, [], "Tractor Beam with one trump: the best card of the suit led"),
    ("I", "N I12 T", 2, [], "Tractor Beam against a Navigator: the trump wins"),
    ("none", "N N T I1", 2, [], "Tractor Beam with two Navigators: the later Navigator"),
    ("none", "I5 F T", 2, [], "Tractor Beam: a Fuel Leak wins when it is second"),
    ("none", "T I5 I9", 2, [], "Tractor Beam led: the lower of the suit led"),
    ("none", "I9 W12 T I2", 4, [], "other suits rank after the suit led"),
    # Black Hole: nobody wins, no Booster pays, it beats a Tractor Beam.
    ("I", "I12 N H", None, [], "Black Hole against a Navigator"),
    ("none", "I12 T H", None, [], "Black Hole with Tractor Beam"),
    ("none", "H T I12", None, [], "Black Hole led, Tractor Beam after it"),
    ("none", "B I3 H", None, [], "Black Hole: the Booster does not pay"),
    # Booster: loses like a leak; pays if no trump card was played in the trick.
    ("none", "I3 B I9", 3, [2], "Booster without trump: pays"),
    ("P", "I3 B I9", 3, [2], "trump named but not played: pays"),
    ("P", "I3 B P1", 3, [], "Booster with a trump played: no bonus"),
    ("P", "B I3 B", 2, [1, 3], "two Boosters, no trump played: both pay"),
    ("I", "B N W2", 2, [1], "a Navigator is not a trump card: the Booster pays"),
    ("none", "B I3 I9", 3, [1], "a Booster led sets no suit"),
    ("P", "P4 T B", 3, [], "Tractor Beam makes the Booster win, but a trump was played"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("trump", "cards", "winner", "bonus", "why"), CASES)
def test_judge_json(
    run: Callable[..., Result],
    trump: str,
    cards: str,
    winner: int | None,
    bonus: list[int],
    why: str,
) -> None:
    result = run("card-race", "trick", "--trump", trump, "--json", *cards.split())
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"winner": winner, "bonus": bonus}, why


def test_judge_explains_in_english(run: Callable[..., Result]) -> None:
    result = run("card-race", "trick", "--trump", "P", "P12", "P10", "T", "I5")
    assert result.exit_code == 0
    assert result.output == (
        "Played: 1. Plasma Drive 12 (P12), 2. Plasma Drive 10 (P10), 3. Tractor Beam (T), "
        "4. Ion Drive 5 (I5)\n"
        "Trump: Plasma Drive\n"
        "Suit led: Plasma Drive\n"
        "Winner: position 2, Plasma Drive 10 (P10) — a Tractor Beam was played, so the "
        "second-best card wins (best: Plasma Drive 12 (P12)).\n"
    )


def test_judge_explains_in_german(run: Callable[..., Result]) -> None:
    result = run("card-race", "trick", "--lang", "de", "--trump", "I", "I3", "B", "P1", "H")
    assert result.exit_code == 0
    assert result.output == (
        "Gespielt: 1. Ionen-Antrieb 3 (I3), 2. Booster (B), 3. Plasma-Antrieb 1 (P1), "
        "4. Schwarzes Loch (H)\n"
        "Trumpf: Ionen-Antrieb\n"
        "Ausgespielte Farbe: Ionen-Antrieb\n"
        "Gewinner: niemand — ein Schwarzes Loch wurde gespielt: niemand gewinnt den Stich, "
        "kein Stich wird gezählt und kein Booster bringt Treibstoff. Der Spieler an Position 4 "
        "spielt als "
        "Nächstes aus.\n"
        "Booster an Position 2: ein Schwarzes Loch wurde gespielt, kein Bonus.\n"
    )


def test_only_leaks_in_words(run: Callable[..., Result]) -> None:
    result = run("card-race", "trick", "F", "F", "F")
    assert "Suit led: none (no technology card)" in result.output
    assert "Winner: position 1, Fuel Leak (F) — only Fuel Leaks and Boosters were played" in (
        result.output
    )


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["I13", "I2", "I1"], "I13 is not a card"),
        (["X", "I2", "I1"], "X is not a card"),
        (["T", "T", "I1"], "T appears 2 times; the deck has 1"),
        (["I5", "I5", "I1"], "I5 appears 2 times; the deck has 1"),
        (["N", "N", "N", "N", "N"], "N appears 5 times; the deck has 4"),
        # One card per player, 3 to 5 players (issue 24).
        (["I5"], "a trick has one card per player, 3 to 5 cards, not 1"),
        (["I5", "I6"], "a trick has one card per player, 3 to 5 cards, not 2"),
        (
            ["I5", "I6", "I7", "I8", "I9", "I10"],
            "a trick has one card per player, 3 to 5 cards, not 6",
        ),
    ],
)
def test_bad_tricks_are_refused(run: Callable[..., Result], cards: list[str], message: str) -> None:
    result = run("card-race", "trick", *cards)
    assert result.exit_code == 2
    assert message in result.output


def test_bad_trump_is_a_usage_error(run: Callable[..., Result]) -> None:
    result = run("card-race", "trick", "--trump", "X", "I1", "I2")
    assert result.exit_code == 2
    assert "Invalid value for '--trump'" in result.output


NOTE = "note: this is now `sheetgen card-race trick ...`\n"


@pytest.mark.parametrize(
    "args",
    [
        ["--trump", "P", "I3", "I12", "P2", "B"],  # as README and older posts spell it
        ["--lang", "de", "--trump", "I", "I3", "B", "P1", "H"],
        ["--json", "--trump", "P", "P12", "P10", "T", "I5"],
        ["I13", "I2"],  # refused: exit 2, the same message
        ["--trump", "X", "I1", "I2"],  # a usage error of the new command
    ],
)
def test_the_old_spelling_is_handed_on(run: Callable[..., Result], args: list[str]) -> None:
    new = run("card-race", "trick", *args)
    old = run("trick", "card-race", *args)
    assert old.exit_code == new.exit_code
    assert old.stdout == new.stdout
    assert old.stderr == NOTE + new.stderr


def test_the_new_command_takes_a_pack_folder(run: Callable[..., Result], tmp_path: Path) -> None:
    copy = tmp_path / "my-pack"
    shutil.copytree(CONTENT_DIR / "card-race", copy)
    result = run("card-race", "trick", "--pack", str(copy), "--json", "I3", "I9", "I1")
    assert result.exit_code == 0 and json.loads(result.output)["winner"] == 2
    result = run("trick", str(copy), "--json", "I3", "I9", "I1")
    assert result.exit_code == 0 and json.loads(result.stdout)["winner"] == 2
    result = run("card-race", "trick", "--pack", "moon-drop", "I3", "I9")
    assert result.exit_code == 2
    assert "the moon-drop pack is not a Galactic Card Race pack" in result.output


@pytest.mark.parametrize(
    ("pack", "message"),
    [
        ("moon-drop", "the moon-drop pack's game has no `trick` command of its own"),
        ("battlestar", "the battlestar pack's game has no `trick` command of its own"),
    ],
)
def test_the_old_spelling_for_a_game_without_a_judge(
    run: Callable[..., Result], pack: str, message: str
) -> None:
    result = run("trick", pack, "I3", "I9")
    assert result.exit_code == 2
    assert message in result.output
    assert "note:" not in result.output and "Traceback" not in result.output


def test_the_old_spelling_needs_the_pack_first(run: Callable[..., Result]) -> None:
    result = run("trick", "--trump", "P", "card-race", "I3", "I9")
    assert result.exit_code == 2
    assert "name the pack first: sheetgen trick PACK ..." in result.output


def test_trick_is_no_core_command_in_the_help(run: Callable[..., Result]) -> None:
    listed = run("--help")
    assert listed.exit_code == 0
    commands = listed.output.split("Commands:")[1]
    assert "trick" not in commands and "verify" in commands
    group = run("card-race", "--help")
    assert "trick " in group.output and "verify " in group.output


def cards(text: str) -> list:
    return [parse_code(c) for c in text.split()]


@pytest.mark.parametrize(
    ("hand", "so_far", "card", "legal"),
    [
        ("I3 P5", "I9", "P5", False),  # must follow Ion
        ("I3 P5", "I9", "I3", True),
        ("P5 G1", "I9", "P5", True),  # cannot follow: anything
        ("I3 N", "I9", "N", True),  # a Navigator may always be played
        ("I3 F", "I9", "F", True),
        ("I3 T B H", "I9", "T", True),  # special cards may always be played
        ("I3 P5", "N", "P5", True),  # Navigator led: any card
        ("I3 P5", "F", "P5", True),  # Fuel Leak led, no suit yet
        ("I3 P5", "F W2", "P5", True),  # the W2 sets Warp; no Warp in hand
        ("W3 P5", "F W2", "P5", False),  # ... with a Warp in hand it must be played
        ("W3 P5", "B W2", "P5", False),  # a Booster led sets no suit either
        ("W3 P5", "T W2", "P5", False),
    ],
)
def test_following_suit(hand: str, so_far: str, card: str, legal: bool) -> None:
    assert may_play(parse_code(card), cards(hand), cards(so_far)) is legal
