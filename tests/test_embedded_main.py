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
