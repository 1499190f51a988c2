"""How much CPU `sheetgen balance` takes, and whether a re-run gives the same numbers.

Runs the whole command, `python -m generator balance --seeds 500` from this checkout, as a
host types it: start-up, loading the pack, both pool workers and the report. The figure is
the CPU time (user + system) of that process and its workers, read from
getrusage(RUSAGE_CHILDREN) (workers are waited for when the pool closes, so they count),
beside its wall time and the machine's load. The goal: at most 40 s of CPU for 500 seeds.
Then the balance runs again in this process (RUSAGE_SELF + RUSAGE_CHILDREN, its workers
included) and its report must be the command's, line for line; --check-workers adds a run
on one worker, which must agree too.

    python benchmarks/gt_balance.py [--seeds 500] [--check-workers]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.games.galaxy_trucker.flight.balance import balance

ROOT = Path(__file__).resolve().parent.parent
GOAL_CPU_PER_500 = 40.0


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def whole_command(seeds: int) -> tuple[float, float, list[str]]:
    """CPU and wall seconds of the whole `balance` command, and its report's lines."""
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        # Compiled once, as an installed sheetgen is (a warm-up run writes the bytecode).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        command = [sys.executable, "-m", "generator", "balance", "--seeds"]
        subprocess.run([*command, "1"], env=env, check=True, capture_output=True)
        before, began = cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run(
            [*command, str(seeds)], env=env, check=True, capture_output=True, text=True
        )
        wall = time.perf_counter() - began
        return cpu(resource.RUSAGE_CHILDREN) - before, wall, done.stdout.splitlines()


def in_process(seeds: int, workers: int) -> tuple[float, float, list[str]]:
    before = cpu(resource.RUSAGE_SELF) + cpu(resource.RUSAGE_CHILDREN)
    summary, wall = balance("galaxy-trucker", seeds, workers)
    used = cpu(resource.RUSAGE_SELF) + cpu(resource.RUSAGE_CHILDREN) - before
    return used, wall, summary.lines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--check-workers", action="store_true")
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    goal = GOAL_CPU_PER_500 * args.seeds / 500
    print(f"cpus: {workers}, seeds: {args.seeds}, load average: {os.getloadavg()[0]:.1f}")
    used, wall, report = whole_command(args.seeds)
    verdict = "met" if used <= goal else "NOT met"
    print(
        f"sheetgen balance --seeds {args.seeds}: {used:.1f} s CPU, workers included "
        f"(goal <= {goal:.0f} s: {verdict}; {1000 * used / args.seeds:.0f} ms a seed), "
        f"{wall:.1f} s wall"
    )
    again, wall2, lines = in_process(args.seeds, workers)
    # The report's first two lines say how it ran (workers, seconds); the rest are results.
    print(f"re-run in this process: {again:.1f} s CPU, {wall2:.1f} s wall")
    print(f"same results on the re-run: {lines == report[2:]}")
    if args.check_workers:
        single, wall3, one = in_process(args.seeds, 1)
        print(f"one worker: {single:.1f} s CPU, {wall3:.1f} s wall; same results: {one == lines}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
