"""Issue 9, case 2: kill -9 at random moments and two runs into one folder.

A killed `game` must leave the folder exactly as it was or, once the next command has
finished the write it committed, exactly the complete new game (compared byte for byte with
an undisturbed run), and the seed nowhere but in the plan.json of a complete game and the
private staging folders beside it. Two runs at once never mix their games."""

from __future__ import annotations

import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from program import sheetgen

from generator.folder.in_place import finish_before_reading

SEED_A = "kill-test-seed-aaaa-0001"
SEED_B = "kill-test-seed-bbbb-0002"
KILLS = int(os.environ.get("SHEETGEN_KILLS", "8"))  # a longer loop by hand: SHEETGEN_KILLS=40


def command(seed: str, *extra: str) -> list[str]:
    return [sheetgen(), "game", "--no-images", "--seed", seed, *extra]


def env() -> dict[str, str]:
    return dict(os.environ)


def tree(root: Path) -> dict[str, bytes]:
    if not root.exists():
        return {}
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def seed_leaks(place: Path, complete: bool) -> list[str]:
    """Files holding a seed, other than the plan.json of the complete game in place/g."""
    leaks = []
    for path in place.rglob("*"):
        if not path.is_file() or path.is_symlink() or path.relative_to(place).parts[0] == "refs":
            continue  # the reference games, made undisturbed for comparison
        data = path.read_bytes()
        if SEED_A.encode() in data or SEED_B.encode() in data:
            if not (complete and path == place / "g" / "plan.json"):
                leaks.append(str(path.relative_to(place)))
    return leaks


@pytest.mark.e2e
def test_kill_9_at_random_moments_leaves_previous_or_complete_game(
    run: Any, tmp_path: Path
) -> None:
    refs = tmp_path / "refs"
    assert run("game", "--no-images", "--seed", SEED_A, "-o", "refs/a").exit_code == 0
    started = time.monotonic()
    done = subprocess.run(
        command(SEED_B, "-o", "refs/b"), cwd=tmp_path, env=env(), capture_output=True
    )
    duration = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    complete = {SEED_A: tree(refs / "a"), SEED_B: tree(refs / "b")}
    game = tmp_path / "g"
    shutil.copytree(refs / "a", game)
    state = complete[SEED_A]
    rng = random.Random(9)
    outcomes = []
    for kill in range(KILLS):
        seed = SEED_B if kill % 2 == 0 else SEED_A
        # Most of a run is drawing; bias the kills toward its end, where files are written.
        delay = rng.uniform(0.4, 1.1) * duration
        proc = subprocess.Popen(
            command(seed, "-o", "g", "--force"),
            cwd=tmp_path,
            env=env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        running = proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if not running:
            # It finished first (the machine got faster): aim earlier from now on.
            duration *= 0.7
        committed = (tmp_path / ".g.commit").exists()
        if committed:
            assert (tmp_path / ".g.commit" / "plan.json").exists() or (game / "plan.json").exists()
            finish_before_reading(game)  # what the next command does first
        after = tree(game)
        assert after in (state, complete[seed]), f"kill {kill} after {delay:.2f}s: mixed tree"
        landed = "new" if after == complete[seed] != state else "previous"
        outcomes.append(landed if running else "finished")
        leaks = seed_leaks(tmp_path, complete=True)
        assert all(Path(p).parts[0].startswith(".g.") for p in leaks), leaks
        state = after
    # The next run cleans whatever staging folders the kills left.
    final = subprocess.run(
        command(SEED_A, "-o", "g", "--force"), cwd=tmp_path, env=env(), capture_output=True
    )
    assert final.returncode == 0, final.stderr
    assert tree(game) == complete[SEED_A]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g", "refs"]
    # How many kills hit a live run depends on the machine's load, so it is not asserted: the
    # test that crashes the write at each of its steps makes sure every moment is tried.
    print(f"kills: {outcomes}")


@pytest.mark.e2e
def test_two_concurrent_runs_into_one_folder_never_mix(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", SEED_A, "-o", "refs/a").exit_code == 0
    assert run("game", "--no-images", "--seed", SEED_B, "-o", "refs/b").exit_code == 0
    complete = {SEED_A: tree(tmp_path / "refs" / "a"), SEED_B: tree(tmp_path / "refs" / "b")}
    procs = {
        seed: subprocess.Popen(
            command(seed, "-o", "g"), cwd=tmp_path, env=env(), stderr=subprocess.PIPE, text=True
        )
        for seed in (SEED_A, SEED_B)
    }
    results = {seed: (p.wait(timeout=120), p.communicate()[1]) for seed, p in procs.items()}
    codes = sorted(code for code, _ in results.values())
    assert codes == [0, 2], results
    winner = next(seed for seed, (code, _) in results.items() if code == 0)
    loser = SEED_B if winner == SEED_A else SEED_A
    assert "holds another game" in results[loser][1]
    assert "Traceback" not in results[loser][1]
    assert tree(tmp_path / "g") == complete[winner]


@pytest.mark.e2e
def test_a_second_run_waits_for_the_first(tmp_path: Path) -> None:
    """While another run holds the folder's lock, a run waits and writes nothing; it goes on
    when the lock is released."""
    fd = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        proc = subprocess.Popen(
            command(SEED_A, "-o", "g"), cwd=tmp_path, env=env(), stderr=subprocess.PIPE, text=True
        )
        assert proc.stderr is not None
        line = proc.stderr.readline()  # printed once the game is drawn and ready to write
        while line and "Waiting for another sheetgen run" not in line:
            line = proc.stderr.readline()
        assert "Waiting for another sheetgen run" in line
        time.sleep(0.3)
        assert not (tmp_path / "g").exists() and proc.poll() is None
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    assert proc.wait(timeout=60) == 0
    assert (tmp_path / "g" / "plan.json").is_file()


def _write_in_child(
    tmp_path: Path, crash_at: int, plan: dict[str, Any], files: list[Any]
) -> tuple[int, int, int]:
    """Run write_game in a forked child that dies (os._exit: no cleanup, like kill -9) right
    after its crash_at-th file system step. Returns the number of steps taken, the step that
    wrote plan.json into the staging folder and the step that committed it ((-1, -1, -1)
    when it crashed)."""
    import generator.folder.write as output

    counter = tmp_path / "steps"
    pid = os.fork()
    if pid == 0:  # the child
        steps = 0
        marks = {"plan": 0, "commit": 0}
        try:

            def counted(func: Any) -> Any:
                def step(*args: Any, **kwargs: Any) -> Any:
                    nonlocal steps
                    result = func(*args, **kwargs)
                    steps += 1
                    if func is real_rename and str(args[1]).endswith(".g.commit"):
                        marks["commit"] = steps
                    if func is real_place and str(args[1]) == "plan.json":
                        marks["plan"] = steps
                    if steps == crash_at:
                        os._exit(9)
                    return result

                return step

            real_rename = os.rename
            real_place = output._place
            for name in ("link", "rename", "unlink", "mkdir", "chmod", "symlink"):
                setattr(output.os, name, counted(getattr(os, name)))
            output._place = counted(output._place)  # type: ignore[method-assign]
            output.write_game(tmp_path / "g", plan, files, force=True)
            counter.write_text(f"{steps} {marks['plan']} {marks['commit']}")
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status)
    if os.WEXITSTATUS(status) != 0:
        return -1, -1, -1
    total, plan_step, commit = counter.read_text().split()
    return int(total), int(plan_step), int(commit)


@pytest.mark.slow  # a writing process killed at each of dozens of steps
def test_crash_at_each_step_of_the_write_leaves_previous_or_complete_game(
    run: Any, tmp_path: Path
) -> None:
    """The random kills above mostly land while the game is drawn; this kills the writing
    itself after each of its file system steps (every one near the commit, a sample of the
    rest), deterministically. Before the commit the folder is exactly as it was; after it,
    the next command finishes the write and the folder is exactly the new game. The folder
    itself is never replaced (a host may be standing in it).

    The games are Moon Drop's: every game's folder is written by the same steps, and its
    71 files (in round folders) take a fifth of the steps of Galaxy Trucker's 406, so each
    of the crashes copies and compares a fifth as much."""
    import json

    from generator.games import OutputFile

    for seed, where in ((SEED_A, "refs/a"), (SEED_B, "refs/b")):
        made = run("game", "--pack", "moon-drop", "--no-images", "--seed", seed, "-o", where)
        assert made.exit_code == 0, made.output
    refs = tmp_path / "refs"
    complete = {SEED_A: tree(refs / "a"), SEED_B: tree(refs / "b")}
    plan = json.loads((refs / "b" / "plan.json").read_text())
    files = [
        OutputFile(name, data)
        for name, data in complete[SEED_B].items()
        if name not in ("plan.json", "manifest.json")
    ]
    game = tmp_path / "g"
    shutil.copytree(refs / "a", game)
    inode = os.stat(game).st_ino
    total, plan_step, commit = _write_in_child(tmp_path, 0, plan, files)  # 0: never crash
    assert tree(game) == complete[SEED_B] and 0 < plan_step < commit < total
    assert os.stat(game).st_ino == inode
    seed_in_staging_steps = []
    near = {*range(plan_step - 2, commit + 4), *range(total - 4, total)}
    sample = sorted({*range(1, 4), *range(1, total, 12), *near})
    for crash_at in sample:
        shutil.rmtree(game)
        shutil.copytree(refs / "a", game)
        inode = os.stat(game).st_ino
        assert _write_in_child(tmp_path, crash_at, plan, files) == (-1, -1, -1)
        leaks = seed_leaks(tmp_path, complete=True)
        if leaks:
            seed_in_staging_steps.append(crash_at)
            assert all(Path(p).parts[0].startswith(".g.") for p in leaks), leaks
        if crash_at < commit:
            assert tree(game) == complete[SEED_A], f"crash after step {crash_at}"
            assert not (tmp_path / ".g.commit").exists()
        finish_before_reading(game)  # what the next command does first
        expected = complete[SEED_A] if crash_at < commit else complete[SEED_B]
        assert tree(game) == expected, f"crash after step {crash_at}"
        assert os.stat(game).st_ino == inode
        # Whatever was left, the next run cleans it up.
        leftovers = [p for p in tmp_path.iterdir() if p.name.startswith(".g.")]
        if leftovers:
            output_root = tmp_path / "g"
            from generator.folder.write import folder_lock, recover

            with folder_lock(output_root):
                recover(output_root)
            assert not [p for p in tmp_path.iterdir() if p.name.startswith(".g.")]
    # The seed is in a private staging folder only from writing its plan.json (the last
    # file) until that file is moved into the game folder (the last move).
    assert all(plan_step <= s < total for s in seed_in_staging_steps), seed_in_staging_steps
    print(
        f"{total} steps (commit at {commit}), crashed after {len(sample)} of them; seed in "
        f"a staging folder after steps {seed_in_staging_steps}"
    )


def test_nothing_slow_between_the_seed_and_the_commit(
    run: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """A kill between writing plan.json and the commit leaves the seed in a staging folder:
    the commit comes right after it."""
    import generator.folder.write as output

    assert run("game", "--no-images", "--seed", SEED_A, "-o", "g").exit_code == 0
    events: list[str] = []

    def record(name: str, func: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            label = name
            if name == "place":
                label = f"place {args[1]}"
            events.append(label)
            return func(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(output, "_place", record("place", output._place))
    monkeypatch.setattr(output, "_switch", record("switch", output._switch))
    assert run("game", "--no-images", "--seed", SEED_B, "-o", "g", "--force").exit_code == 0
    plan_at = events.index("place plan.json")
    assert events[plan_at + 1 :] == ["switch"], events[plan_at:]
    assert json.loads((tmp_path / "g" / "plan.json").read_text())["seed"] == SEED_B
