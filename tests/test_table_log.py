"""The one table log (generator/folder/table_log.py) as both table games use it: entry
numbers checked with their line, a truncated last line refused with its line, a missing
final newline tolerated, one lock for the game folder, and every command replaying the
whole log (nothing of the table kept in the host's cache)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bsg_helpers import BsgGame
from click.testing import Result
from test_card_race_table_crash import actions, start

from generator.common.errors import SheetgenError
from generator.folder.table_log import LogText, TableLog, locked
from generator.games.battlestar import game as bsg_game
from generator.games.battlestar.posts import post as bsg_posts
from generator.games.card_race import commands

Run = Callable[..., Result]
REPO = Path(__file__).resolve().parent.parent


def files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache of this test's own, so what it finds there is its own."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("SHEETGEN_CACHE", str(cache))
    yield cache


# --- the log ------------------------------------------------------------------------------
def log_of(tmp_path: Path, text: str, first: int = 1, old: bool = False) -> TableLog:
    (tmp_path / "t.jsonl").write_text(text, encoding="utf-8")
    return TableLog(tmp_path, "t.jsonl", 10_000, first=first, unnumbered_before=old)


@pytest.mark.parametrize(
    ("text", "line", "said"),
    [
        ('{"n": 1}\n{"n": 3}\n', 2, "entry number 3 where entry 2 belongs"),  # a gap
        ('{"n": 1}\n{"n": 2}\n{"n": 2}\n', 3, "entry number 2 where entry 3 belongs"),
        ('{"n": 1}\n\n{"n": 1}\n', 3, "entry number 1 where entry 2 belongs"),  # blank aside
        ('{"n": 1}\n{"n": true}\n', 2, "n: expected a whole number, got true"),
        ('{"n": 1}\n{"x": 2}\n', 2, "n: missing"),
        ('{"n": 1}\n{"n": 2, "cmd": "dr', 2, "not a JSON entry"),  # a truncated last line
        ('{"n": 1}\n[2]\n', 2, "not a JSON entry (expected an object)"),
    ],
)
def test_a_line_that_does_not_fit_is_named_with_its_line(
    tmp_path: Path, text: str, line: int, said: str
) -> None:
    with pytest.raises(SheetgenError) as caught:
        log_of(tmp_path, text).read()
    message = caught.value.format_message()
    assert f"t.jsonl:{line}: " in message
    assert said in message


def test_a_missing_final_newline_is_read_and_the_next_entry_adds_it(tmp_path: Path) -> None:
    log = log_of(tmp_path, '{"n": 0}\n{"n": 1}', first=0)
    assert [e["n"] for e in log.read().entries] == [0, 1]
    after = log.append({"n": 2}, log.read())
    assert log.path.read_bytes() == b'{"n": 0}\n{"n": 1}\n{"n": 2}\n'
    assert after.raw == log.path.read_bytes() and [x.number for x in after.lines] == [1, 2, 3]


def test_entries_of_an_older_log_may_carry_no_number_until_one_does(tmp_path: Path) -> None:
    assert len(log_of(tmp_path, '{"a": 1}\n{"a": 2}\n{"n": 3}\n', old=True).read().lines) == 3
    with pytest.raises(SheetgenError, match=r"t\.jsonl:3: n: missing"):
        log_of(tmp_path, '{"a": 1}\n{"n": 2}\n{"a": 3}\n', old=True).read()


def test_an_append_to_a_log_that_changed_meanwhile_is_refused(tmp_path: Path) -> None:
    log = log_of(tmp_path, '{"n": 1}\n')
    read = log.read()
    log.path.write_text('{"n": 1}\n{"n": 2}\n', encoding="utf-8")  # another writer's entry
    with pytest.raises(SheetgenError, match="changed while this command ran"):
        log.append({"n": 2}, read)
    assert log.path.read_text(encoding="utf-8") == '{"n": 1}\n{"n": 2}\n'


def test_a_symlinked_log_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere.jsonl").write_text('{"n": 1}\n', encoding="utf-8")
    (tmp_path / "t.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    log = TableLog(tmp_path, "t.jsonl", 10_000)
    for attempt in (log.read, lambda: log.append({"n": 2}, LogText(b'{"n": 1}\n'))):
        with pytest.raises(SheetgenError, match="symbolic link"):
            attempt()
    assert (tmp_path / "elsewhere.jsonl").read_text(encoding="utf-8") == '{"n": 1}\n'


HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(60)
"""


def test_the_lock_held_by_another_process_refuses_and_dies_with_it(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(HOLD), str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(SheetgenError, match="busy"), locked(tmp_path, "busy"):
            pass
    finally:
        holder.kill()  # kill -9: the kernel drops the lock
        holder.wait()
    with locked(tmp_path, "busy"):
        fd = os.open(tmp_path, os.O_RDONLY)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(fd)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no lock file


# --- every command replays the whole log ----------------------------------------------------
TURN = (("draw", "crisis"), ("fleet", "food=-1"), ("draw", "quorum"), ("next",))


def test_card_race_each_command_replays_every_entry_and_keeps_nothing(
    tmp_path: Path, run: Run, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = start(tmp_path, run)
    todo = actions(folder, 5)
    for action in todo[:4]:
        assert run("card-race", action[0], str(folder), *action[1:]).exit_code == 0
    replayed: list[object] = []
    real = commands.apply_entry
    monkeypatch.setattr(
        commands, "apply_entry", lambda *a, **k: replayed.append(a) or real(*a, **k)
    )
    action = todo[4]
    assert run("card-race", action[0], str(folder), *action[1:]).exit_code == 0
    assert len(replayed) == 4  # every logged entry, before the new one
    assert not (own_cache / "table-snapshots").exists()


def test_battlestar_each_command_replays_every_entry_and_keeps_nothing(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = BsgGame(tmp_path / "game", rules=2)
    game.run("setup")
    for index in range(5):
        game.run(*TURN[index % len(TURN)])
    replayed: list[str] = []
    real = bsg_game._replayed
    monkeypatch.setattr(
        bsg_game, "_replayed", lambda t, s, n, c, a: replayed.append(c) or real(t, s, n, c, a)
    )
    drawn: list[object] = []
    real_picture = bsg_posts.render_png
    monkeypatch.setattr(
        bsg_posts, "render_png", lambda board: drawn.append(board) or real_picture(board)
    )
    game.run("draw", "crisis")
    assert len(replayed) == 5
    assert not (own_cache / "table-snapshots").exists()
    # Its own post's board alone, drawn once (the picture checked is the one written): the
    # last entry's picture is there, so it is not drawn again.
    assert len(drawn) == 1


def test_card_race_a_copy_of_the_folder_gets_the_posts_it_lacks(tmp_path: Path, run: Run) -> None:
    """A copy may lack posts the original has (a crash between log and post in one of
    them): its next command writes them from its own log."""
    folder = start(tmp_path, run)
    todo = actions(folder, 3)
    for action in todo[:2]:
        assert run("card-race", action[0], str(folder), *action[1:]).exit_code == 0
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-a", str(folder), str(copy)], check=True)
    lost = next(copy.glob("round-01/table-002*.facebook.txt"))
    lost.unlink()
    action = todo[2]
    result = run("card-race", action[0], str(copy), *action[1:])
    assert result.exit_code == 0 and "note: a run stopped" in result.output
    assert lost.exists()


def test_battlestar_a_missing_final_newline_is_tolerated(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("draw", "crisis")
    log = game.folder / "table-log.jsonl"
    log.write_bytes(log.read_bytes().rstrip(b"\n"))
    game.run("next")
    lines = log.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == 4  # three whole lines


def test_battlestar_a_truncated_last_line_is_refused_with_its_line(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("draw", "crisis")
    log = game.folder / "table-log.jsonl"
    log.write_bytes(log.read_bytes() + b'{"args": {}, "cmd": "ne')
    before = files(game.folder)
    result = game.run("next", code=2)
    assert "table-log.jsonl:3: not a log entry" in result.output
    assert files(game.folder) == before


def test_table_files_get_the_users_mode(tmp_path: Path) -> None:
    """A post or page a table command writes is as readable as every other file of the game
    folder (a host uploads it as it is), not mkstemp's 0600."""
    from generator.common.atomic_write import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "post.txt", b"text")
    finally:
        os.umask(old)
    assert (tmp_path / "post.txt").stat().st_mode & 0o777 == 0o644
