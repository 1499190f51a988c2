"""The benchmarks that call sheetgen's own modules still run: each one, in its smallest
setting, in a process of its own, ends without an error. (They are no test's business to
time: this checks only that a change inside the code did not leave `make bench` broken, as
a plan read as data once broke the table benchmark.) The benchmarks that run only the
`sheetgen` program (run.py, gt_balance.py, digest_cpu.py) meet the program's own tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SMALLEST = {
    "table_commands.py": ["--reps", "1", "--rounds", "7", "--bsg-entries", "12"],
    "battlestar_table.py": ["--entries", "20"],
    "game_phases.py": ["--runs", "1"],
    "moon_drop_score.py": ["3", "1"],
}


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(SMALLEST))
def test_a_benchmark_runs_to_its_end(script: str) -> None:
    # Each test's own cache (conftest) reaches the benchmark through the environment.
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *SMALLEST[script]],
        cwd=ROOT,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    assert "Traceback" not in result.stderr
