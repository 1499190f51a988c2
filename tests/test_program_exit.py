"""The installed `sheetgen` (entry.main) leaves as `sys.exit` would, less the interpreter's
teardown: the same status and messages, the exit handlers run, the output flushed whole."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _program(prelude: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = (
        f"{prelude}\nimport sys\nsys.argv[0] = 'sheetgen'\nfrom generator.entry import main\nmain()"
    )
    env = dict(os.environ, SHEETGEN_CACHE="off")
    env.pop("PYTHONUNBUFFERED", None)  # standard output buffered, as in most shells
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True
    )


# An exit handler that must run, and an object whose finalizer would print at teardown.
WATCHED = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("exit handler ran\\n"))
class Watched:
    def __del__(self):
        sys.stderr.write("torn down\\n")
watched = Watched()
"""


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (["--version"], 0, ""),
        (["no-such-command"], 2, "No such command"),
        (["game", "--pack", "no-such-pack", "--seed", "s" * 16, "-o", "g"], 2, "no pack"),
    ],
)
def test_the_status_and_the_messages_are_sys_exits(
    tmp_path: Path, args: list[str], status: int, said: str
) -> None:
    done = _program(WATCHED, *args, cwd=tmp_path)
    assert done.returncode == status, done.stderr
    assert said in done.stderr
    assert done.stderr.endswith("exit handler ran\n")
    assert "torn down" not in done.stderr  # the teardown is skipped


def test_a_message_given_to_sys_exit_is_printed_with_status_1(tmp_path: Path) -> None:
    prelude = (
        "import generator.cli\n"
        "def main(**kwargs):\n"
        "    raise SystemExit('the command gave up')\n"
        "generator.cli.main = main\n"
    )
    done = _program(prelude, "plan", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "the command gave up\n")


def test_what_a_command_prints_is_flushed_whole(tmp_path: Path) -> None:
    args = ["plan", "--pack", "galaxy-trucker", "--seed", "flushed-whole-0123456789abcdef"]
    done = _program("", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # The same command, ending the ordinary way (`run`, then Python's own exit).
    code = "import sys\nsys.argv[0] = 'sheetgen'\nfrom generator.entry import run\nrun()"
    ordinary = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=tmp_path,
        env=dict(os.environ, SHEETGEN_CACHE="off"),
        capture_output=True,
        text=True,
    )
    assert len(done.stdout) > 8192  # more than one buffer's worth
    assert done.stdout == ordinary.stdout


def test_output_still_in_python_s_buffer_is_written(tmp_path: Path) -> None:
    prelude = (
        "import sys, generator.cli\n"
        "def main(**kwargs):\n"
        "    sys.stdout.write('x' * 100_000)\n"
        "    sys.stdout.write('end')  # left in the buffer: no flush\n"
        "    return 0\n"
        "generator.cli.main = main\n"
    )
    done = _program(prelude, "plan", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout == "x" * 100_000 + "end"
