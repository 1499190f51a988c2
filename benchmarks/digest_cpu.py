"""The CPU time of the catch-up page of a whole month against that of the whole game it
shows: `sheetgen digest` should cost no more than the `sheetgen game` that wrote the folder.

    python benchmarks/digest_cpu.py [--reps 3] [--seed SEED] [--pack galaxy-trucker]

Each rep is two fresh game folders, each `sheetgen game` with its pictures (every post,
sheet and picture of the game), of seeds of their own:
- all at once: `sheetgen digest --fragment` of the first folder (its three files) with the
  clock after the last post (all 51 turns of a Galaxy Trucker game due), no page made of it
  before: every picture is embedded for the first time;
- as a host makes it: on the second folder, first the weekly catch-up pages the posting
  guide asks for (`--until "day 6"`, 12, 18, 24; not counted), then the month's last page,
  which embeds only the pictures the weekly pages did not hold (the others are kept).
Everything runs back to back as `python -m generator ...` from this checkout (a machine's
other work, which comes and goes, weighs on all alike). A figure is the CPU time (user +
system) of the whole process and its workers, read from getrusage(RUSAGE_CHILDREN). A
warm-up game, not counted, compiles the modules and fills the sheet cache (as for every
game after a host's first with a pack version). The page's sizes are reported too:
digest.html is to stay at most 2 MB."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AFTER_THE_GAME = "2027-06-01T00:00+00:00"  # after the last post of a game started below
START = "2026-12-01"
LIMIT = 2_000_000
WEEKS = ("day 6", "day 12", "day 18", "day 24")


def child_cpu(args: list[str], scratch: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SHEETGEN_NOW=AFTER_THE_GAME)
    env["SHEETGEN_CACHE"] = str(scratch / "cache")
    # Compiled once, as an installed sheetgen is: the bytecode stays in the scratch folder.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "generator", *args], env=env, check=True, capture_output=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def game(pack: str, seed: str, scratch: Path, name: str) -> tuple[float, Path]:
    folder = scratch / name
    args = ["game", "--pack", pack, "--seed", seed, "--start", START, "-o", str(folder)]
    return child_cpu(args, scratch), folder


def page(folder: Path, scratch: Path, until: str | None = None) -> float:
    args = ["digest", "-o", str(folder), "--fragment"]
    return child_cpu([*args, "--until", until] if until else args, scratch)


def summary(label: str, games: list[float], pages: list[float]) -> None:
    """Pair by pair (each page against the game that wrote its folder, run beside it)."""
    ratios = [page / game for game, page in zip(games, pages, strict=True)]
    median = statistics.median(ratios)
    verdict = "meets" if median <= 1 else "misses"
    print(
        f"  {label}: digest / game {median:.2f}x (median of {len(ratios)} pairs; min "
        f"{min(ratios):.2f}x, max {max(ratios):.2f}x); goal <= 1x: {verdict} it"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--pack", default="galaxy-trucker")
    parser.add_argument("--seed", default="digest-benchmark-seed-0123456789abcdef")
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    at_once: tuple[list[float], list[float]] = ([], [])
    as_host: tuple[list[float], list[float]] = ([], [])
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        game(args.pack, f"{args.seed}-warm-up", scratch, "warm-up")
        for number in range(1, args.reps + 1):
            made, folder = game(args.pack, f"{args.seed}-{number}", scratch, f"once-{number}")
            at_once[0].append(made)
            at_once[1].append(page(folder, scratch))
            made, weekly = game(args.pack, f"{args.seed}-weekly-{number}", scratch, f"w-{number}")
            for week in WEEKS:
                page(weekly, scratch, week)
            as_host[0].append(made)
            as_host[1].append(page(weekly, scratch))
            print(
                f"  rep {number}: game {at_once[0][-1]:.2f} s, digest all at once "
                f"{at_once[1][-1]:.2f} s; game {made:.2f} s, last page after the weekly "
                f"ones {as_host[1][-1]:.2f} s"
            )
        sizes = {p.name: p.stat().st_size for p in sorted(folder.glob("digest*"))}
    print(f"\n{args.pack}: CPU seconds of the whole game and of its whole month's digest")
    summary("all at once", *at_once)
    summary("as a host makes it", *as_host)
    for file, size in sizes.items():
        verdict = f" (limit {LIMIT:,})" if file.endswith(".html") else ""
        print(f"  {file}: {size:,} bytes{verdict}")


if __name__ == "__main__":
    main()
