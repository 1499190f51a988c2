"""The table log is the game's record: its entry numbers are checked on every replay (a
deleted or repeated line is named by file and line, exit 2), a file already sent is never
written over by a new entry, and a command killed between its log entry and its files
loses nothing: the next command writes the missing files, byte for byte what they would
have been."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from bsg_helpers import FIVE, FIVE_SEED, BsgGame


def sent_files(game: BsgGame) -> dict[str, bytes]:
    return {
        str(p.relative_to(game.folder)): p.read_bytes()
        for p in sorted(game.folder.rglob("*"))
        if p.is_file()
    }


def a_few_commands(game: BsgGame) -> None:
    game.run("setup")
    first = game.state().player(game.state().current_seat).name
    game.run("skills", first, "tactics=2", "piloting=2", "engineering=1")
    game.run("draw", "crisis")
    game.run("draw", "quorum")
    game.run("fleet", "morale=-1")


@pytest.mark.slow
def test_deleted_or_repeated_log_line_is_refused_with_its_line(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    a_few_commands(game)
    log = game.folder / "table-log.jsonl"
    good = log.read_bytes()
    lines = good.splitlines(keepends=True)
    cases = {
        "deleted": (lines[:2] + lines[3:], 3),  # line 3 gone: line 3 holds entry 3
        "repeated": (lines[:3] + lines[2:], 4),  # line 3 twice: line 4 holds entry 2
    }
    for what, (changed, line) in cases.items():
        log.write_bytes(b"".join(changed))
        before = sent_files(game)
        for command in (("draw", "crisis"), ("status",), ("reveal", "--before-end")):
            result = game.run(*command, code=2)
            assert result.output.startswith("error: "), (what, result.output)
            assert result.output.count("\n") == 1, (what, result.output)
            assert f"table-log.jsonl:{line}: entry number" in result.output, (what, result.output)
        assert sent_files(game) == before, what  # nothing written, nothing overwritten
    log.write_bytes(good)
    game.run("draw", "crisis")


def test_a_lost_last_line_never_overwrites_what_was_sent(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    a_few_commands(game)
    log = game.folder / "table-log.jsonl"
    log.write_bytes(b"".join(log.read_bytes().splitlines(keepends=True)[:-2]))  # two lost
    before = sent_files(game)
    result = game.run("draw", "crisis", code=2)
    assert result.output.count("\n") == 1 and "already exists" in result.output
    assert "public/003-draw" in result.output and "Restore the log" in result.output
    assert sent_files(game) == before
    # A file in the way of a new entry's number is refused the same way, whatever made it.
    log.write_bytes(b"".join(before["table-log.jsonl"].splitlines(keepends=True)))
    (game.folder / "private" / "005-draw").mkdir(parents=True)
    stray = game.folder / "private" / "005-draw" / "seat-1.txt"
    stray.write_text("sent by hand\n", encoding="utf-8")
    assert "already exists" in game.run("draw", "quorum", code=2).output
    assert stray.read_text(encoding="utf-8") == "sent by hand\n"


CRASH = """
import os, signal, sys
import generator.games.battlestar.game as game
real = game.write_files
def killed(folder, written, missing_only=False, **rendered):
    if not missing_only:
        os.kill(os.getpid(), signal.SIGKILL)  # after the log entry, before any file
    return real(folder, written, missing_only, **rendered)
game.write_files = killed
from generator.cli import main
main(sys.argv[1:])
"""


@pytest.mark.e2e
def test_kill_between_log_and_post_loses_nothing(tmp_path: Path) -> None:
    reference = BsgGame(tmp_path / "ref", seed=FIVE_SEED, players=FIVE, rules=2)
    crashed = BsgGame(tmp_path / "crash", seed=FIVE_SEED, players=FIVE, rules=2)
    for game in (reference, crashed):
        a_few_commands(game)
    reference.run("draw", "super-crisis", "--player", "Ann")
    reference.run("next")
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CRASH), "bsg", "draw", str(crashed.file),
         "super-crisis", "--player", "Ann"],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert len(crashed.log_bytes().splitlines()) == 6  # logged ...
    assert not list((crashed.folder / "public").glob("005-*"))  # ... but nothing written
    assert not (crashed.folder / "private" / "005-draw").exists()
    result = crashed.run("next")
    assert "written again" in result.stderr
    assert (crashed.folder / "private" / "005-draw" / "seat-3.txt").exists()
    ours, theirs = sent_files(crashed), sent_files(reference)
    assert ours.keys() == theirs.keys()
    for name in ours:
        assert ours[name] == theirs[name], name
    assert not [p for p in crashed.folder.rglob("*.tmp")]
    # A kernel lock on the folder itself: no lock file, nothing stale to clear.
    assert not os.path.exists(crashed.folder / ".table.lock")
    crashed.run("draw", "crisis")


@pytest.mark.slow  # a table played through five commands
def test_a_command_draws_its_board_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board picture checked before the entry is logged is the one written."""
    import generator.games.battlestar.posts.post as post

    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    a_few_commands(game)
    drawn: list[object] = []
    real = post.render_png

    def counted(view: object) -> bytes:
        drawn.append(view)
        return real(view)  # type: ignore[arg-type]  # the BoardView it was given

    monkeypatch.setattr(post, "render_png", counted)
    game.run("draw", "crisis")
    assert len(drawn) == 1
    assert (game.folder / "public" / "005-draw.board.png").read_bytes() == real(drawn[0])  # type: ignore[arg-type]


@pytest.mark.slow  # a table played through five commands
def test_an_old_entrys_lost_files_are_written_again(tmp_path: Path) -> None:
    """Every logged entry's files are checked (a folder listing, not a file at a time): a
    lost picture and a lost message of an early entry come back, byte for byte."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    a_few_commands(game)
    before = sent_files(game)
    lost = [p for p in before if p.startswith(("public/001-", "private/001-"))]
    assert any(p.endswith(".board.png") for p in lost) and any("private/" in p for p in lost)
    for name in lost:
        (game.folder / name).unlink()
    result = game.run("draw", "crisis")
    assert "written again" in result.stderr
    after = sent_files(game)
    before.pop("table-log.jsonl")  # the new entry is added to it
    assert {name: after[name] for name in before} == before


@pytest.mark.slow  # a table played through five commands
def test_a_replay_takes_the_board_only_of_the_entries_it_draws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry's board is taken from the table just after it, and only where its post is
    rendered: the last entry (today shows it), the new one, and an old one whose picture
    was lost (drawn again, byte for byte, beside its texts still there)."""
    import generator.games.battlestar.game as game_module

    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    a_few_commands(game)
    before = sent_files(game)
    picture = next(p for p in before if p.startswith("public/002-") and p.endswith(".png"))
    (game.folder / picture).unlink()
    taken: list[int] = []
    real = game_module.board_view

    def counted(state: object) -> object:
        taken.append(len(taken))
        return real(state)  # type: ignore[arg-type]  # the TableState it was given

    monkeypatch.setattr(game_module, "board_view", counted)
    result = game.run("draw", "crisis")
    assert "written again" in result.stderr
    assert (game.folder / picture).read_bytes() == before[picture]
    assert len(taken) == 3  # entry 2's, the last logged entry's, the new entry's


def test_a_setup_entrys_rules_edited_by_hand_is_named_by_file_and_line(tmp_path: Path) -> None:
    """The rules a log was begun under, read with `int(...)`: a list or null was a
    traceback, 99 or 2.5 some rules no sheetgen wrote."""
    import json

    game = BsgGame(tmp_path)
    game.run("setup")
    log = game.folder / "table-log.jsonl"
    head, *rest = log.read_text(encoding="utf-8").splitlines()
    for rules in ([4], "", None, 99, 0, True, 2.5):
        entry = json.loads(head)
        entry["rules"] = rules
        log.write_text("\n".join([json.dumps(entry), *rest]) + "\n", encoding="utf-8")
        result = game.run("status", code=2)
        assert "table/table-log.jsonl:1: rules: got " in result.output, rules
        assert "expected a whole number from 1 to 4" in result.output
