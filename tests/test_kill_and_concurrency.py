"""Issue 9, case 2: kill -9 at random moments and two runs into one folder.

A killed `game` must leave the folder exactly as it was or exactly the complete new game
(compared byte for byte with an undisturbed run), and the seed nowhere but in the plan.json
of a complete game. Two runs at once never mix their games."""

from __future__ import annotations

import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

SEED_A = "kill-test-seed-aaaa-0001"
SEED_B = "kill-test-seed-bbbb-0002"
KILLS = int(os.environ.get("SHEETGEN_KILLS", "8"))  # a longer loop by hand: SHEETGEN_KILLS=40


def command(seed: str, *extra: str) -> list[str]:
    # -S skips site.py; the package and its libraries come from PYTHONPATH (see env()).
    return [sys.executable, "-S", "-m", "generator", "game", "--no-images", "--seed", seed, *extra]


def env() -> dict[str, str]:
    paths = [str(Path(__file__).resolve().parent.parent)]
    paths += [p for p in sys.path if p.endswith("site-packages")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


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
        after = tree(game)
        assert after in (state, complete[seed]), f"kill {kill} after {delay:.2f}s: mixed tree"
        landed = "new" if after == complete[seed] != state else "previous"
        outcomes.append(landed if running else "finished")
        assert not seed_leaks(tmp_path, complete=True), seed_leaks(tmp_path, complete=True)
        state = after
    # The next run cleans whatever staging folders the kills left.
    final = subprocess.run(
        command(SEED_A, "-o", "g", "--force"), cwd=tmp_path, env=env(), capture_output=True
    )
    assert final.returncode == 0, final.stderr
    assert tree(game) == complete[SEED_A]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g", "refs"]
    print(f"kills: {outcomes}")
    assert outcomes.count("finished") <= KILLS // 2, outcomes  # most kills hit a live run


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
) -> tuple[int, int]:
    """Run write_game in a forked child that dies (os._exit: no cleanup, like kill -9) right
    after its crash_at-th file system step. Returns the number of steps taken and the step
    that switched the folders ((-1, -1) when it crashed)."""
    import generator.folder.write as output

    counter = tmp_path / "steps"
    pid = os.fork()
    if pid == 0:  # the child
        steps = 0
        switched = 0
        try:

            def counted(func: Any) -> Any:
                def step(*args: Any, **kwargs: Any) -> Any:
                    nonlocal steps, switched
                    result = func(*args, **kwargs)
                    steps += 1
                    if func is real_exchange:
                        switched = steps
                    if steps == crash_at:
                        os._exit(9)
                    return result

                return step

            for name in ("link", "rename", "unlink", "mkdir", "chmod", "symlink"):
                setattr(output.os, name, counted(getattr(os, name)))
            real_exchange = output._exchange
            output._place = counted(output._place)  # type: ignore[method-assign]
            output._exchange = counted(output._exchange)  # type: ignore[method-assign]
            output.write_game(tmp_path / "g", plan, files, force=True)
            counter.write_text(f"{steps} {switched}")
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status)
    if os.WEXITSTATUS(status) != 0:
        return -1, -1
    total, switched = counter.read_text().split()
    return int(total), int(switched)


def test_crash_at_each_step_of_the_write_leaves_previous_or_complete_game(
    run: Any, tmp_path: Path
) -> None:
    """The random kills above mostly land while the game is drawn; this kills the writing
    itself after each of its file system steps (every one near the switch, a sample of the
    rest), deterministically."""
    import json

    from generator.games import OutputFile

    assert run("game", "--no-images", "--seed", SEED_A, "-o", "refs/a").exit_code == 0
    assert run("game", "--no-images", "--seed", SEED_B, "-o", "refs/b").exit_code == 0
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
    total, switch = _write_in_child(tmp_path, 0, plan, files)  # 0: never crash, count
    assert tree(game) == complete[SEED_B] and 0 < switch < total
    seed_in_staging_steps = []
    near_switch = range(max(1, switch - 4), min(total, switch + 4) + 1)
    sample = sorted({*range(1, 4), *range(1, total, 60), *near_switch, total - 1})
    for crash_at in sample:
        shutil.rmtree(game)
        shutil.copytree(refs / "a", game)
        assert _write_in_child(tmp_path, crash_at, plan, files) == (-1, -1)
        after = tree(game)
        assert after in (complete[SEED_A], complete[SEED_B]), f"crash after step {crash_at}"
        leaks = seed_leaks(tmp_path, complete=True)
        if leaks:
            seed_in_staging_steps.append(crash_at)
            assert all(Path(p).parts[0].startswith(".g.") for p in leaks), leaks
        # Whatever was left, the next run cleans it up.
        leftovers = [p for p in tmp_path.iterdir() if p.name.startswith(".g.")]
        if leftovers:
            output_root = tmp_path / "g"
            from generator.folder.write import folder_lock, recover

            with folder_lock(output_root):
                recover(output_root)
            assert not [p for p in tmp_path.iterdir() if p.name.startswith(".g.")]
    # The seed reaches a staging folder only between writing plan.json (the last file) and
    # the switch, and the old tree's between the switch and removing its plan.json first.
    assert set(seed_in_staging_steps) <= {switch - 1, switch}, seed_in_staging_steps
    print(
        f"{total} steps (switch at {switch}), crashed after {len(sample)} of them; seed in "
        f"a staging folder after steps {seed_in_staging_steps}"
    )


def test_nothing_slow_between_the_seed_and_the_switch(
    run: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """A kill between writing plan.json and the switch leaves the seed in a staging folder,
    so that gap must be a few system calls long. Finding the C library by name runs
    `ldconfig -p` (milliseconds); it happens before the seed is written, and not at all
    where the program's own symbols have renameat2 (glibc)."""
    import ctypes.util

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

    output._renameat2.cache_clear()
    monkeypatch.setattr(output, "_renameat2", record("lookup", output._renameat2))
    monkeypatch.setattr(output, "_place", record("place", output._place))
    monkeypatch.setattr(output, "_exchange", record("exchange", output._exchange))
    monkeypatch.setattr(
        ctypes.util, "find_library", record("find_library", ctypes.util.find_library)
    )
    assert run("game", "--no-images", "--seed", SEED_B, "-o", "g", "--force").exit_code == 0
    plan_at = events.index("place plan.json")
    assert events[plan_at + 1 :] == ["exchange"], events[plan_at:]
    assert "lookup" in events[:plan_at]
    assert "find_library" not in events  # glibc: renameat2 is among the program's symbols
    assert json.loads((tmp_path / "g" / "plan.json").read_text())["seed"] == SEED_B
