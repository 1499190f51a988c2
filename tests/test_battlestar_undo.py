"""Corrections at a Battlestar table (issue 42): `bsg undo` undoes the last entry that
stands, alone or with what it should have been, in a correction post on every platform that
says what changed and what stands; the log keeps every entry, the dice and cards go back
(never re-rolled), the undone message stays committed and revealed; a log edited by hand is
refused, naming the entry."""

from __future__ import annotations

import json
from pathlib import Path

from bsg_helpers import FIVE, FIVE_DRAWS, FIVE_SEED, BsgGame


def started(tmp_path: Path) -> BsgGame:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    game.run("skills", "Ann", *FIVE_DRAWS["kara-thrace"])
    return game


def test_undo_the_last_entry_says_what_changed_and_what_stands(tmp_path: Path) -> None:
    game = started(tmp_path)
    game.run("fleet", "fuel=-1")
    out = game.run("undo").stdout
    assert "Correction: entry 2 (Fleet) is undone" in out
    assert "Fuel: 7 → 8" in out and "What stands: every other entry" in out
    assert game.state().resources["fuel"] == 8
    for suffix in ("facebook.txt", "discord.md", "bgg.txt", "html"):
        text = (game.folder / f"{game.post_with(3)}.{suffix}").read_text(encoding="utf-8")
        assert "is undone" in text and "What changed" in text, suffix
    # With what it should have been: one entry, one post.
    game.run("fleet", "morale=-1")
    out = game.run("undo", "fleet", "morale=-2").stdout
    assert "Correction: entry 4 (Fleet) is undone" in out and "In its place: fleet" in out
    assert "Morale: 10 → 8" in out  # the table before the undone entry, then the right one
    assert game.state().resources["morale"] == 8
    # What it should have been is refused as the command would be: nothing logged.
    before = game.log_bytes()
    assert "dial stops" in game.run("undo", "fleet", "food=+20", code=2).output
    assert game.log_bytes() == before


def test_an_undone_roll_comes_again_and_its_message_is_revealed(tmp_path: Path) -> None:
    game = started(tmp_path)
    first = game.run("roll", "a Crisis card").stdout
    game.run("undo")
    again = game.run("roll", "a Crisis card").stdout
    die = [line for line in first.splitlines() if line.startswith("Die roll")]
    assert die and die == [line for line in again.splitlines() if line.startswith("Die roll")]
    # Undo the Receive Skills draw too: its message was sent; it stays committed.
    game.run("undo")  # the roll
    out = game.run("undo").stdout  # the skills
    assert "001-skills/seat-3" in out and "revealed at the end" in out
    assert not game.state().skills_received
    game.run("skills", "Ann", *FIVE_DRAWS["kara-thrace"])
    game.run("end", "humans", "--reason", "test over")
    ids = [m["id"] for m in json.loads(game.run("reveal", "--json").stdout)["messages"]]
    assert "001-skills/seat-3" in ids and any(
        i.endswith("-skills/seat-3") and i != "001-skills/seat-3" for i in ids
    )


def test_nothing_to_undo_and_a_hand_edited_log(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    assert "nothing to undo" in game.run("undo", code=2).output
    game.run("skills", "Ann", *FIVE_DRAWS["kara-thrace"])
    game.run("fleet", "fuel=-1")
    game.run("fleet", "food=-1")
    log = game.folder / "table-log.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace('["fuel", -1]', '["fuel", -3]')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = game.run("fleet", "morale=-1", code=2).output
    assert "table-log.jsonl:3: entry 2 (fleet)" in out and "edited by hand" in out
    assert "Traceback" not in out


def test_sheetgen_correct_takes_a_battlestar_game_file(tmp_path: Path) -> None:
    """`sheetgen correct ENTRY --say TEXT --game FILE`: a correction in words, posted in every
    flavour as an entry of its own; the table unchanged."""
    from click.testing import CliRunner

    from generator.cli import main

    game = started(tmp_path)
    game.run("roll", "Crisis 12")
    state = game.state()
    result = CliRunner().invoke(
        main,
        ["correct", "2", "--say", "The roll was for Crisis 21, not 12.", "--game", str(game.file)],
    )
    assert result.exit_code == 0, result.output
    assert "Correction to entry 2: The roll was for Crisis 21, not 12." in result.stdout
    for suffix in ("facebook.txt", "discord.md", "bgg.txt", "html"):
        assert (game.folder / f"{game.post_with(3)}.{suffix}").is_file()
    assert game.state().resources == state.resources
    bad = CliRunner().invoke(main, ["correct", "9", "--say", "x", "--game", str(game.file)])
    assert bad.exit_code == 2 and "expected a logged entry" in bad.output
