"""The whole `sheetgen game` process against the floor, pair by pair, by CPU time; and what
a host types every day (`--help`, `today`, `turn N`). One command: `make bench`.

    python benchmarks/run.py [--pairs 5] [--seed SEED] [--pack PACK]

- game: `sheetgen game` as a host runs it, a process of its own: the interpreter's start,
  the imports, the plan, every picture (its pool workers included), every post and sheet,
  written into a scratch folder. Its CPU time (user + system) is that of the whole process
  tree, read from getrusage(RUSAGE_CHILDREN) around it. Cold: an empty cache (a host's first
  game with a pack version); warm: the pack's sheets, palette and pictures kept by earlier
  games. Every measured game has a seed of its own, never the warm-up's, so what the cache
  holds is what a host's earlier games of the pack left there, not this very game.
- floor: Pillow encoding the game's own PNGs (every one, the SPOILER_ ones too), decoded to
  RGB beforehand, with default settings, on one core, in a process of its own; its figure
  is the CPU time of the encoding alone.
- pairs: game, floor, game, floor ...: each ratio is one game over the floor run beside it,
  so that a machine's other work, which comes and goes, weighs on both alike. Reported:
  median, min and max of the CPU ratios, and the median wall ratio (which flatters the game
  on several cores: its pool draws in parallel).
- The goal: warm <= 0.5x the floor, cold <= 0.8x (CPU, paired); `today` and `turn N`
  under 0.4 s of CPU. The load average is printed with the figures: a busy machine slows
  both, and its numbers say so.
- Beside each game: its system CPU (the kernel's work for it), and what creating the game's
  files alone costs on this machine (the same files written into a fresh folder by a bare
  loop, `files`). How much a file's creation costs is the machine's: a few microseconds on a
  laptop's disk, up to a millisecond on some virtual ones. It is reported, never taken out
  of the figure the goal is judged on."""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_GOAL = 0.5
COLD_GOAL = 0.8
HELP_GOAL = 0.1  # wall seconds
TODAY_GOAL = 0.4  # CPU seconds, as `turn N`
START = "2026-12-01"

FLOOR = """
import io, sys, time
from pathlib import Path
from PIL import Image
images = []
for path in sorted(Path(sys.argv[1]).rglob("*.png")):
    with Image.open(path) as opened:
        images.append(opened.convert("RGB"))
start = time.process_time()
for image in images:
    image.save(io.BytesIO(), "PNG")
print(time.process_time() - start, len(images))
"""


def sheetgen() -> list[str]:
    """The installed command beside this interpreter, as a host runs it."""
    installed = Path(sys.executable).parent / "sheetgen"
    return [str(installed)] if installed.is_file() else [sys.executable, "-m", "generator"]


SYSTEM: list[float] = []  # the last process tree's system CPU seconds (see run_cpu)


def run_cpu(args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """CPU seconds of a whole process tree, its wall seconds, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, env=env, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    SYSTEM[:] = [after.ru_stime - before.ru_stime]
    return cpu, wall, done.stdout


def files_cpu(folder: Path, target: Path) -> tuple[float, int]:
    """CPU seconds (this process: user + system) of writing a copy of every file of `folder`
    into the fresh folder `target` by a bare loop, and how many files: the machine's price of
    the game's files alone. The copy stays until the scratch folder goes: deleted here, its
    500 files would make the next game's files dearer (on an ext4 without a journal, as this
    machine's, a new file's inode is searched for past every one freed in the last minute:
    0.02-0.05 s more system CPU for a game, measured with perf)."""
    files = [p for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()]
    contents = [(p.relative_to(folder), p.read_bytes()) for p in files]
    before = resource.getrusage(resource.RUSAGE_SELF)
    target.mkdir()
    count = 0
    for rel, data in contents:
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as out:
            out.write(data)
        count += 1
    after = resource.getrusage(resource.RUSAGE_SELF)
    spent = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return spent, count


def game_run(pack: str, seed: str, folder: Path, cache: Path) -> tuple[float, float]:
    env = dict(os.environ, SHEETGEN_CACHE=str(cache))
    if folder.exists():
        shutil.rmtree(folder)
    args = [*sheetgen(), "game", "--pack", pack, "--seed", seed, "--start", START]
    cpu, wall, _ = run_cpu([*args, "-o", str(folder)], env)
    return cpu, wall


def floor_run(folder: Path) -> tuple[float, float, int]:
    """The encoding's CPU seconds (in its own process, one core), its wall, the PNG count."""
    done = subprocess.run(
        [sys.executable, "-c", FLOOR, str(folder)], check=True, capture_output=True, text=True
    )
    seconds, count = done.stdout.split()
    return float(seconds), float(seconds), int(count)


def paired(
    pack: str, seed: str, scratch: Path, pairs: int, warm: bool
) -> tuple[list[float], list[float], int, list[float]]:
    """The CPU and wall ratios of each pair, the PNG count, and each game's share of CPU
    that creating its files alone costs on this machine, measured right after the game (the
    price of a file's creation here changes from minute to minute, five-fold)."""
    cpu_ratios, wall_ratios, file_shares = [], [], []
    count = 0
    for number in range(pairs):
        cache = scratch / ("cache" if warm else f"cold-cache-{number}")
        folder = scratch / f"game-{'warm' if warm else 'cold'}-{number}"
        game_cpu, game_wall = game_run(
            pack, f"{seed}-{'warm' if warm else 'cold'}-{number}", folder, cache
        )
        system = SYSTEM[0]
        files_alone, files = files_cpu(folder, scratch / f"{folder.name}-files-alone")
        floor_cpu, floor_wall, count = floor_run(folder)
        cpu_ratios.append(game_cpu / floor_cpu)
        wall_ratios.append(game_wall / floor_wall)
        file_shares.append(files_alone / game_cpu)
        print(
            f"  {'warm' if warm else 'cold'} pair {number + 1}: game {game_cpu:.2f} s CPU "
            f"({system:.2f} s of it system; {game_wall:.2f} s wall), floor {floor_cpu:.2f} s: "
            f"{game_cpu / floor_cpu:.2f}x; its {files} files alone {files_alone:.2f} s"
        )
    return cpu_ratios, wall_ratios, count, file_shares


def daily(pack: str, seed: str, scratch: Path) -> None:
    """What a host types every day, on a game folder written beforehand (its cache the warm
    games'). Each is timed the first time (nothing of it kept yet: the first `today` of a
    folder, a `turn N` not asked before, `--help` after an install) and again."""
    folder = scratch / "game-warm-0"
    env = dict(os.environ, SHEETGEN_NOW="2026-12-07T08:05+00:00")
    env["SHEETGEN_CACHE"] = str(scratch / "cache")

    def helps(count: int) -> list[float]:
        walls = []
        for _ in range(count):
            start = time.perf_counter()
            subprocess.run([*sheetgen(), "--help"], env=env, check=True, capture_output=True)
            walls.append(time.perf_counter() - start)
        return walls

    first, again = helps(1)[0], statistics.median(helps(5))
    print(
        f"sheetgen --help: {first:.3f} s wall the first time, {again:.3f} s again "
        f"(median of 5); goal <= {HELP_GOAL} s"
    )

    def cpu(words: list[str]) -> float:
        return run_cpu([*sheetgen(), *words, "-o", str(folder)], env)[0]

    first = cpu(["today"])
    again = statistics.median(cpu(["today"]) for _ in range(3))
    print(
        f"sheetgen today: {first:.3f} s CPU the first time, {again:.3f} s again "
        f"(median of 3); goal <= {TODAY_GOAL} s"
    )
    fresh = statistics.median(cpu(["turn", str(n)]) for n in (9, 20, 33))
    again = statistics.median(cpu(["turn", "9"]) for _ in range(3))
    print(
        f"sheetgen turn N: {fresh:.3f} s CPU for a turn not asked before (median of turns "
        f"9, 20, 33), {again:.3f} s again (median of 3); goal <= {TODAY_GOAL} s"
    )


def summary(name: str, ratios: list[float], walls: list[float], goal: float) -> None:
    verdict = "meets" if statistics.median(ratios) <= goal else "misses"
    print(
        f"{name}: CPU {statistics.median(ratios):.2f}x the floor (median of {len(ratios)} pairs; "
        f"min {min(ratios):.2f}x, max {max(ratios):.2f}x), wall {statistics.median(walls):.2f}x; "
        f"goal <= {goal}x: {verdict} it"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="benchmark-seed-0123456789abcdef")
    parser.add_argument("--pack", default="galaxy-trucker")
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"cpus: {os.cpu_count()}, load average: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        # Bytecode and the cache, from a game of another seed than every measured one.
        game_run(args.pack, f"{args.seed}-warm-up", scratch / "warm-up", scratch / "cache")
        cold, cold_walls, _, cold_files = paired(
            args.pack, args.seed, scratch, args.pairs, warm=False
        )
        warm, warm_walls, count, warm_files = paired(
            args.pack, args.seed, scratch, args.pairs, warm=True
        )
        print(f"\n{args.pack}, {count} PNGs; floor: Pillow encoding them, 1 core, defaults")
        summary("warm (sheets cached)", warm, warm_walls, WARM_GOAL)
        summary("cold (sheets built)", cold, cold_walls, COLD_GOAL)
        print(
            "creating the game's files alone, on this machine: "
            f"{statistics.median(warm_files):.0%} of a warm game's CPU, "
            f"{statistics.median(cold_files):.0%} of a cold one's (medians; counted in both)"
        )
        daily(args.pack, args.seed, scratch)
    load = os.getloadavg()
    print(f"load average after: {load[0]:.1f}")


if __name__ == "__main__":
    main()
