"""Where one whole `sheetgen game`'s CPU goes, phase by phase: one process, drawing in it
(SHEETGEN_WORKERS=1), the pack's sheets and pictures already kept (a warm-up game of another
seed first, not counted, unless --cold).

    python benchmarks/game_phases.py [--runs 3] [--seed SEED] [--pack galaxy-trucker] [--cold]

Each phase is the CPU time (user + system, this process) spent inside one function of the
game, outermost call only; phases nest (drawing holds the encoding), so they do not add up
to the total. "start-up and imports" is from the interpreter's start to the command's first
line. A figure is the median of --runs processes; the load average is printed beside."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "2026-12-01"

# (label, module, attribute path): what each phase times.
PHASES = [
    ("pack load and validation", "generator.kit.session", "load_content"),
    ("plan (open in folder)", "generator.kit.build", "open_in_folder"),
    ("balance verdict (bot)", "generator.games.galaxy_trucker", "GalaxyTruckerRules.verdict"),
    ("posts (every flavour)", "generator.games.galaxy_trucker", "GalaxyTruckerRules.posts"),
    ("drawing the pictures", "generator.games.galaxy_trucker.pictures.layout", "render_png"),
    ("  of which the PNG", "generator.art.indexed_surface", "IndexedSurface.png"),
    (
        "  of which the game palette",
        "generator.games.galaxy_trucker.pictures.layout",
        "game_palette",
    ),
    ("guide and calendar", "generator.kit.assemble", "schedule_files"),
    ("writing the folder", "generator.folder.write", "write_game"),
    ("everything after the plan", "generator.kit.build", "build"),
]

CHILD = r"""
import importlib, json, sys, time
import generator.entry, generator.cli, generator.kit.build, generator.kit.assemble
import generator.folder.write, generator.games.galaxy_trucker.pictures.pool
PHASES = json.loads(sys.argv[1])
spent = {label: 0.0 for label, _, _ in PHASES}
def timed(label, fn):
    depth = [0]
    def inner(*args, **kwargs):
        depth[0] += 1
        begun = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                spent[label] += time.process_time() - begun
    return inner
for label, module, path in PHASES:
    owner = importlib.import_module(module)
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    original = getattr(owner, name)
    wrapped = timed(label, original)
    setattr(owner, name, wrapped)
    if not outer:  # the function as imported by name into other modules
        for other in list(sys.modules.values()):
            ours = getattr(other, "__name__", "").startswith("generator")
            if ours and getattr(other, name, None) is original:
                setattr(other, name, wrapped)
imports = time.process_time()
sys.argv = ["sheetgen", *sys.argv[2:]]
try:
    generator.entry.run()
except SystemExit:
    pass
print(json.dumps({"start-up and imports": imports, **spent, "total": time.process_time()}))
"""


def one(args: list[str], env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, __import__("json").dumps(PHASES), *args],
        env=env, cwd=ROOT, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return __import__("json").loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="phases-seed-0123456789abcdef")
    parser.add_argument("--pack", default="galaxy-trucker")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cold", action="store_true")
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        env = dict(os.environ, SHEETGEN_WORKERS="1", SHEETGEN_CACHE=str(scratch / "cache"))
        game = ["game", "--pack", args.pack, "--start", START]
        if not args.cold:
            warm_up = [*game, "--seed", f"{args.seed}-warm-up", "-o", str(scratch / "w")]
            subprocess.run([sys.executable, "-m", "generator", *warm_up], env=env, check=True,
                           capture_output=True, cwd=ROOT)  # fmt: skip
        runs = []
        for number in range(args.runs):
            if args.cold:
                env["SHEETGEN_CACHE"] = str(scratch / f"cache-{number}")
            runs.append(one([*game, "--seed", args.seed, "-o", str(scratch / f"g{number}")], env))
    print(f"{args.pack}, {'cold' if args.cold else 'warm'}, median of {args.runs} runs (CPU s):")
    for label in runs[0]:
        print(f"  {label:32s} {statistics.median(run[label] for run in runs):6.3f}")


if __name__ == "__main__":
    main()
