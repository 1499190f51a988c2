"""The CPU time of the catch-up page of a whole month against that of the whole game it
shows: `sheetgen digest` should cost no more than the `sheetgen game` that wrote the folder.

    python benchmarks/digest_cpu.py [--reps 3] [--seed SEED] [--pack galaxy-trucker]

Each pair is one fresh game folder: `sheetgen game` with its pictures (every post, sheet and
picture of the game), then `sheetgen digest --fragment` of it (its three files) with the
clock after the last post (all 51 turns of a Galaxy Trucker game due), run back to back as
`python -m generator ...` from this checkout (a machine's other work, which comes and goes,
weighs on both alike). A figure
is the CPU time (user + system) of the whole process and its workers, read from
getrusage(RUSAGE_CHILDREN). A warm-up pair, not counted, compiles the modules and fills the
sheet cache (as for every game after a host's first with a pack version). The page's sizes
are reported too: digest.html is to stay at most 2 MB."""

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


def pair(pack: str, seed: str, scratch: Path, number: int) -> tuple[float, float, Path]:
    """CPU seconds of the whole game and of its whole month's page, and the folder."""
    folder = scratch / f"game-{number}"
    game = ["game", "--pack", pack, "--seed", f"{seed}-{number}", "--start", START]
    game += ["-o", str(folder)]
    made = child_cpu(game, scratch)
    page = child_cpu(["digest", "-o", str(folder), "--fragment"], scratch)
    return made, page, folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--pack", default="galaxy-trucker")
    parser.add_argument("--seed", default="digest-benchmark-seed-0123456789abcdef")
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    games: list[float] = []
    pages: list[float] = []
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        # Warm-up (bytecode and the cache), of a seed of its own as every measured game.
        pair(args.pack, args.seed, scratch, 0)
        for number in range(1, args.reps + 1):
            made, page, folder = pair(args.pack, args.seed, scratch, number)
            games.append(made)
            pages.append(page)
            print(f"  pair {number}: game {made:.2f} s, digest {page:.2f} s ({page / made:.2f}x)")
        sizes = {p.name: p.stat().st_size for p in sorted(folder.glob("digest*"))}
    print(f"\n{args.pack}: CPU seconds of the whole game and of its whole month's digest")
    for what, pick in (("median", statistics.median), ("best", min)):
        a, b = pick(games), pick(pages)
        print(f"  {what:6s}: game {a:.2f} s, digest {b:.2f} s ({b / a:.2f}x; target <= 1)")
    for file, size in sizes.items():
        verdict = f" (limit {LIMIT:,})" if file.endswith(".html") else ""
        print(f"  {file}: {size:,} bytes{verdict}")


if __name__ == "__main__":
    main()
