"""How long `sheetgen balance` takes, and whether a re-run gives the same numbers.

Runs the balance check twice over the same seeds on all cores (and once more on one worker
with --check-workers), prints the wall time of each run and whether the per-seed results
agree. The target: 500 seeds within 2 minutes on a 2-core machine.

    python benchmarks/gt_balance.py [--seeds 500] [--check-workers]
"""

from __future__ import annotations

import argparse
import os

from generator.games.galaxy_trucker.flight.balance import balance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--check-workers", action="store_true")
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    first, t1 = balance("galaxy-trucker", args.seeds, workers)
    second, t2 = balance("galaxy-trucker", args.seeds, workers)
    print(f"cpus: {workers}, seeds: {args.seeds}")
    print(f"run 1: {t1:.1f} s, run 2: {t2:.1f} s (target <= 120 s)")
    print(f"same results on the re-run: {first.results == second.results}")
    if args.check_workers:
        single, t3 = balance("galaxy-trucker", args.seeds, 1)
        print(f"one worker: {t3:.1f} s; same results: {single.results == first.results}")
    print("\n".join(first.lines()))


if __name__ == "__main__":
    main()
