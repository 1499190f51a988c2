"""Issue 19, item 8 (Card Race): a table that survives what happens to a host's machine.

A run killed at any moment (kill -9) never blocks the next command: the lock is a flock the
kernel drops with the process. A run killed between logging an entry and writing its post
loses nothing: the next command writes the missing post, byte for byte what an
uninterrupted run writes. Names equal after casefold (Ada/ADA, Straße/STRASSE) or ending in
a newline are refused when the game is checked, so every seat can bid. Entry numbers are
checked on replay, and a logged entry's files are never written over."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from card_race_helpers import next_legal_action, table_plan_of
from click.testing import Result
from program import sheetgen

from generator.folder.write import folder_record
from generator.games.card_race import commands
from generator.games.card_race.table.replay import new_table
from generator.kit.session import load_content

SEED = "public-cards-0087-xxxxxxxxxx"  # round 1 turns up a Navigator
REPO = Path(__file__).resolve().parent.parent


def write_game_file(
    where: Path, players: str = "[Ada, Ben, Cleo]", bidding: str = "standard"
) -> Path:
    game_file = where / "game.yaml"
    game_file.write_text(
        f"pack: card-race\nseed: {SEED}\nplayers: {players}\nrounds: 7\n"
        f"bidding: {bidding}\nlang: en\npaper: a4\n",
        encoding="utf-8",
    )
    return game_file


def start(where: Path, run: Callable[..., Result], bidding: str = "standard") -> Path:
    folder = where / "game"
    game_file = write_game_file(where, bidding=bidding)
    result = run("card-race", "new", str(game_file), "-o", str(folder), "--no-images")
    assert result.exit_code == 0, result.output
    return folder


def actions(folder: Path, count: int) -> list[list[str]]:
    """The first `count` table commands of a game, legal ones, as a host would type them."""
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    return [next_legal_action(state) for _ in range(count)]


def logged(folder: Path) -> int:
    log = folder / "table.jsonl"
    return len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0


def posts(folder: Path) -> dict[str, bytes]:
    """The table's posts (not the log, manifest or lock) by name."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.glob("round-*/*"))
        if p.is_file() and not p.name.startswith(("round.", "."))
    } | {p.name: p.read_bytes() for p in folder.glob("final.*")}


def cli(folder: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sheetgen(), "card-race", args[0], str(folder), *args[1:]],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.mark.e2e
def test_kill_9_at_random_moments_blocks_nothing_and_loses_no_post(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """Real processes killed with SIGKILL at random moments of their run (a fixed random
    sequence, a bounded number of kills); after each, the next command works, and at the end
    every logged entry has exactly the posts an uninterrupted table has."""
    (tmp_path / "calm").mkdir()
    (tmp_path / "killed").mkdir()
    calm = start(tmp_path / "calm", run)
    folder = start(tmp_path / "killed", run)
    todo = actions(folder, 6)
    for action in todo:
        assert run("card-race", action[0], str(calm), *action[1:]).exit_code == 0
    rng = random.Random(19)
    kills, mid_run, done = 0, 0, 0
    duration = 0.0
    while done < len(todo):
        before = logged(folder)
        began = time.monotonic()
        proc = cli(folder, *todo[done])
        # The first command is timed, then each one is killed at a random moment of its run
        # (a bounded number of times). Whether a kill lands mid-run depends on the machine's
        # load, so the test asserts only what must hold either way; the moment between an
        # entry logged and its posts written is tested deterministically below.
        if duration and kills < 7:
            try:  # a command that ends before its moment is timed, not killed
                proc.wait(timeout=rng.uniform(0.2, 0.95) * duration)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
            kills += 1
        _, err = proc.communicate(timeout=30)
        if proc.returncode == -signal.SIGKILL:
            mid_run += 1
        else:
            # A command that ran to its end after a kill worked: no lock left behind, no
            # replay problem.
            assert proc.returncode == 0, err.decode()
            # The quickest whole run so far: a command after the first reads the pack back
            # from the host's cache and runs quicker, so kills timed by the first alone
            # would often come after the command had ended.
            took = time.monotonic() - began
            duration = min(duration, took) if duration else took
        if logged(folder) > before:
            done += 1
    assert kills >= 4, (kills, mid_run)
    # The next command after the last kill works and writes whatever a kill left unwritten.
    assert run("card-race", "status", str(folder)).exit_code == 0
    extra = actions(folder, len(todo) + 1)[-1]
    assert run("card-race", extra[0], str(folder), *extra[1:]).exit_code == 0
    assert run("card-race", extra[0], str(calm), *extra[1:]).exit_code == 0
    assert posts(folder) == posts(calm)
    assert (folder / "table.jsonl").read_bytes() == (calm / "table.jsonl").read_bytes()
    # A kill mid-write leaves a temporary file; the next command clears it.
    assert not [p for p in folder.rglob("*.tmp")]


class Killed(BaseException):
    """Stands for the end of a process at that very point (nothing after it runs)."""


def test_a_post_lost_between_log_and_post_is_written_by_the_next_command(
    tmp_path: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "calm").mkdir()
    (tmp_path / "killed").mkdir()
    calm = start(tmp_path / "calm", run)
    folder = start(tmp_path / "killed", run)
    todo = actions(folder, 3)
    for action in todo:
        assert run("card-race", action[0], str(calm), *action[1:]).exit_code == 0
    assert run("card-race", todo[0][0], str(folder), *todo[0][1:]).exit_code == 0

    def killed(*args: object) -> None:
        raise Killed

    monkeypatch.setattr(commands, "_write", killed)
    with pytest.raises(Killed):
        run("card-race", todo[1][0], str(folder), *todo[1][1:])
    monkeypatch.undo()
    assert logged(folder) == 2  # the entry is logged, its post is not written
    assert not (folder / "round-01" / "table-002.facebook.txt").exists()
    # What a kill inside a write leaves (the temporary copy), and a host's own file.
    left = [folder / ".table.jsonl.ab12cd34.tmp", folder / "round-01/.table-002.html.x_9y8z7w.tmp"]
    for path in left:
        path.write_text("half")
    own = folder / ".notes.txt.ab12cd34.tmp"
    own.write_text("mine")
    # The host types the stopped command again: refused (it is logged), but its post is
    # written now and the host is told to post it.
    again = run("card-race", todo[1][0], str(folder), *todo[1][1:])
    assert again.exit_code == 2 and "round-01/table-002.facebook.txt" in again.output
    assert posts(folder) == {k: v for k, v in posts(calm).items() if "table-003" not in k}
    result = run("card-race", todo[2][0], str(folder), *todo[2][1:])
    assert result.exit_code == 0, result.output
    assert not any(p.exists() for p in left) and own.read_text() == "mine"
    assert "note: a run stopped" in again.output and "note:" not in result.output
    assert posts(folder) == posts(calm)
    listed = folder_record(folder)
    assert "round-01/table-002.facebook.txt" in listed["table"]


def test_a_lock_file_left_by_a_killed_run_does_not_block(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start(tmp_path, run)
    (folder / "table.lock").write_text("99999999")  # a run that died holding the old lock
    todo = actions(folder, 1)[0]
    result = run("card-race", todo[0], str(folder), *todo[1:])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("players", "shown"),
    [
        ("[Ada, Ben, ADA]", "'Ada' and 'ADA'"),
        ("[Straße, Ben, STRASSE]", "'Straße' and 'STRASSE'"),
        ('["Ada", "Ben", "Cleo\\n"]', "'Cleo\\n'"),
    ],
)
def test_names_equal_after_casefold_or_ending_in_a_newline_are_refused(
    tmp_path: Path, run: Callable[..., Result], players: str, shown: str
) -> None:
    game_file = write_game_file(tmp_path, players)
    for args in (
        ("check", "card-race", "--game", str(game_file)),
        ("card-race", "new", str(game_file), "-o", str(tmp_path / "g"), "--no-images"),
    ):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert "game.yaml:3: players" in result.output
        assert shown in result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "g").exists()


def test_a_seat_is_found_by_its_whole_name_case_aside(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start(tmp_path, run)
    run("card-race", "trump", str(folder), "P")
    for typed in ("Ad", "Ada Ben", "Adaa"):
        result = run("card-race", "bid", str(folder), typed, "0")
        assert result.exit_code == 2 and "is not at this table" in result.output
    assert run("card-race", "bid", str(folder), "ADA", "0").exit_code == 0
    assert '"player": "Ada"' in (folder / "table.jsonl").read_text(encoding="utf-8")


def test_entry_numbers_are_checked_on_replay(tmp_path: Path, run: Callable[..., Result]) -> None:
    """Hidden bids may come in any order, so two swapped lines still replay as a game:
    only their entry numbers show the log was edited."""
    folder = start(tmp_path, run, bidding="hidden")
    for action in actions(folder, 3):
        assert run("card-race", action[0], str(folder), *action[1:]).exit_code == 0
    log = folder / "table.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["n"] for x in lines] == [1, 2, 3]
    log.write_text("\n".join([lines[0], lines[2], lines[1]]) + "\n", encoding="utf-8")
    result = run("card-race", "status", str(folder))
    assert result.exit_code == 2
    assert "table.jsonl:2: " in result.output
    assert "entry number 3 where entry 2 belongs" in result.output
    assert "Traceback" not in result.output


def test_a_logged_entry_s_files_are_never_written_over(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """A log cut short (or replaced) must not let the next entry reuse the number, and so
    the files, of an entry that was logged and posted."""
    folder = start(tmp_path, run)
    todo = actions(folder, 3)
    for action in todo[:2]:
        assert run("card-race", action[0], str(folder), *action[1:]).exit_code == 0
    before = posts(folder)
    log = folder / "table.jsonl"
    log.write_text(log.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    # The cut entry, typed again (or another in its place): its number is taken.
    result = run("card-race", todo[1][0], str(folder), *todo[1][1:])
    assert result.exit_code == 2, result.output
    assert "round-01/table-002." in result.output and "already exists" in result.output
    assert "Nothing was recorded" in result.output
    assert posts(folder) == before
    assert logged(folder) == 1
    os.unlink(log)  # no log at all: entry 1's post is not written over either
    result = run("card-race", todo[0][0], str(folder), *todo[0][1:])
    assert result.exit_code == 2 and "table-001" in result.output
    assert posts(folder) == before


def test_a_log_from_before_entry_numbers_goes_on(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """A table recorded by an older version (no entry numbers; bids taken before the
    dealer's trump) still replays; the entries added now carry their numbers, and a later
    entry without one is refused."""
    folder = start(tmp_path, run)
    plan = json.loads((folder / "plan.json").read_text(encoding="utf-8"))
    r1 = plan["rounds"][0]
    first = r1["first"]
    old = [
        {"bid": 0, "kind": "bid", "player": first, "round": 1},
        {"kind": "trump", "round": 1, "suit": "P"},
    ]
    log = folder / "table.jsonl"
    log.write_text("".join(json.dumps(x, sort_keys=True) + "\n" for x in old), encoding="utf-8")
    assert run("card-race", "status", str(folder)).exit_code == 0
    seats = plan["table"]["players"]
    second = seats[(seats.index(first) + 1) % 3]
    result = run("card-race", "bid", str(folder), second, "0")
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["n"] == 3
    assert (folder / "round-01" / "table-003.facebook.txt").is_file()
    log.write_text(log.read_text(encoding="utf-8") + json.dumps(old[0]) + "\n")
    result = run("card-race", "status", str(folder))
    assert result.exit_code == 2
    assert "table.jsonl:4: " in result.output and "n: missing" in result.output
