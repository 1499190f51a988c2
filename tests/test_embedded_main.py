"""A program that calls the `sheetgen` console script's function (entry.main) is not ended
by it: main ends as `sys.exit` ends, with a SystemExit the caller may catch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CALLER = """
import sys
from generator.entry import main
sys.argv = ["sheetgen", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    print("sheetgen ended with", exc.code)
print("the caller goes on")
"""


def _call(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SHEETGEN_CACHE="off")
    return subprocess.run(
        [sys.executable, "-c", CALLER, *args], cwd=tmp_path, env=env, capture_output=True, text=True
    )


@pytest.mark.e2e
def test_the_caller_goes_on_after_a_command(tmp_path: Path) -> None:
    done = _call(tmp_path, "--version")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-2:] == ["sheetgen ended with 0", "the caller goes on"]
    assert "sheetgen" in lines[0]  # the version was printed before


@pytest.mark.e2e
def test_the_caller_sees_a_failed_commands_status(tmp_path: Path) -> None:
    done = _call(tmp_path, "no-such-command")
    assert done.stdout.splitlines() == ["sheetgen ended with 2", "the caller goes on"]
    assert "No such command" in done.stderr


# A Ctrl-C at a chosen moment, no timing: at the command's first file opened for writing.
INTERRUPTED_CALLER = """
import os, signal, sys
from generator.entry import main

def on_open(event, args):
    if event == "open" and len(args) > 2 and (args[2] & (os.O_WRONLY | os.O_RDWR)):
        if not opened:
            opened.append(args[0])
            os.kill(os.getpid(), signal.SIGINT)

opened = []
sys.addaudithook(on_open)
sys.argv = ["sheetgen", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    print("sheetgen ended with", exc.code, file=sys.stderr)
print("the caller goes on", file=sys.stderr)
"""


@pytest.mark.e2e
def test_a_ctrl_c_during_the_command_ends_the_command_not_the_caller(tmp_path: Path) -> None:
    env = dict(os.environ, SHEETGEN_CACHE="off")
    args = ["game", "--no-images", "--seed", "embedded-caller-seed-0123456789", "-o", "g"]
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_CALLER, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-3:] == [
        "interrupted",
        "sheetgen ended with 130",
        "the caller goes on",
    ]
    assert not (tmp_path / "g").exists()  # nothing half-written


def test_a_caller_gets_its_own_ctrl_c_handler_and_hooks_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A test or a program calling the console script's function in its own process: what
    the command set for the whole process (Ctrl-C's handler, the unraisable hook, the
    collector's pace) is put back when it ends, so its own Ctrl-C is not ended outright."""
    import gc
    import signal

    from generator.entry import main

    def own_handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    def own_hook(unraisable: object) -> None:
        pass

    monkeypatch.setattr(sys, "argv", ["a-caller", "--version"])
    monkeypatch.setattr(sys, "unraisablehook", own_hook)
    previous = signal.signal(signal.SIGINT, own_handler)
    thresholds = gc.get_threshold()
    try:
        with pytest.raises(SystemExit) as ended:
            main()
        assert ended.value.code == 0
        assert signal.getsignal(signal.SIGINT) is own_handler
        assert sys.unraisablehook is own_hook
        assert gc.get_threshold() == thresholds
    finally:
        signal.signal(signal.SIGINT, previous)


def test_only_the_program_leaves_its_objects_to_the_process_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run as the `sheetgen` program, a command freezes what it made before the interpreter
    ends (the collector's passes at exit would walk all of it for nothing); called by another
    program, it leaves the caller's collector alone."""
    import gc
    import signal

    import generator
    from generator.entry import main

    monkeypatch.setattr(sys, "argv", ["a-caller", "--version"])
    frozen = gc.get_freeze_count()
    with pytest.raises(SystemExit):
        main()
    assert gc.get_freeze_count() == frozen

    monkeypatch.setattr(generator, "launched_as_program", lambda: True)
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    previous = signal.getsignal(signal.SIGINT)
    thresholds = gc.get_threshold()
    try:
        with pytest.raises(SystemExit):
            main()
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGINT, previous)
        gc.set_threshold(*thresholds)
