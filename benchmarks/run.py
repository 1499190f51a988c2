"""Times a whole Galaxy Trucker game against a floor, side by side in one run, and the
command line's start-up. One command: `make bench`.

    python benchmarks/run.py [--seed SEED] [--pack PACK] [--help-runs N]

- whole game: load the pack, plan, draw and encode every image, write every post and
  sheet into a scratch folder (what `sheetgen game` does, minus the interpreter start).
  Run twice: cold (no sheet cache) and warm (the pack's sheets already built once, as for
  every game after a host's first with that pack version).
- floor: Pillow encoding as many RGB PNGs of the same sizes, on one core, with default
  settings, of plain line drawings like the real posts (flat colours, lines and boxes).
  The images are drawn before the clock starts: the floor is the encoding alone.
- ratio: whole game / floor; the target is at most 0.75 (warm).
- `sheetgen --help`: the median wall time of N runs of the installed command."""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw

from generator.games import RenderOptions, Scope
from generator.kit.build import build, folder_plan
from generator.kit.session import open_game
from generator.plan.rng import Stream

TARGET = 0.75
HELP_TARGET = 0.25


def line_drawing(size: tuple[int, int], number: int) -> Image.Image:
    """A flat picture of boxes, lines and rings on a plain background."""
    stream = Stream("benchmark", "floor", number)
    image = Image.new("RGB", size, (250, 249, 245))
    draw = ImageDraw.Draw(image)
    w, h = size
    palette = [(35, 35, 45), (45, 85, 160), (200, 40, 35), (55, 150, 70), (235, 185, 40)]
    for _ in range(40):
        x, y = stream.below(w - 200), stream.below(h - 200)
        colour = palette[stream.below(len(palette))]
        shape = stream.below(3)
        if shape == 0:
            draw.rectangle(
                [x, y, x + 60 + stream.below(140), y + 60 + stream.below(140)],
                outline=colour,
                width=4,
            )
        elif shape == 1:
            draw.line([x, y, x + stream.below(200), y + stream.below(200)], fill=colour, width=5)
        else:
            r = 20 + stream.below(60)
            draw.ellipse([x, y, x + 2 * r, y + 2 * r], outline=colour, width=4)
    return image


def floor_seconds(sizes: list[tuple[int, int]]) -> float:
    images = [line_drawing(size, n) for n, size in enumerate(sizes)]
    start = time.perf_counter()
    for image in images:
        image.save(io.BytesIO(), "PNG")
    return time.perf_counter() - start


def whole_game(pack: str, seed: str, cache: Path) -> tuple[float, list[Path]]:
    os.environ["SHEETGEN_CACHE"] = str(cache)
    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        game = open_game(pack, seed, None)
        found = folder_plan(Path(scratch) / "game")
        written = build(game, found, Scope("game"), RenderOptions(), False)
        seconds = time.perf_counter() - start
        # Every picture is encoded once (hidden ones are written only as their SPOILER_ file).
        sizes = [Image.open(p).size for p in written if p.suffix == ".png"]
    return seconds, sizes  # type: ignore[return-value]


def help_seconds(runs: int) -> float:
    command = Path(sys.executable).parent / "sheetgen"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(command), "--help"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="benchmark-seed-0001")
    parser.add_argument("--pack", default="galaxy-trucker")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--help-runs", type=int, default=7)
    args = parser.parse_args()

    # Other work on a shared machine comes and goes: the game and the floor are measured in
    # turns, several times, and each is reported by its best (least disturbed) run.
    games: list[float] = []
    floors: list[float] = []
    with tempfile.TemporaryDirectory() as cache:
        cold, sizes = whole_game(args.pack, args.seed, Path(cache))
        for _ in range(args.rounds):
            warm, _ = whole_game(args.pack, args.seed, Path(cache))
            games.append(warm)
            floors.append(floor_seconds(sizes))  # type: ignore[arg-type]
    game, floor = min(games), min(floors)
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}, PNGs: {len(sizes)}")
    print(f"whole game, cold (sheets built): {cold:.2f} s")
    print(
        f"whole game, warm (sheets reused): {game:.2f} s best of {args.rounds}"
        f" (median {statistics.median(games):.2f} s)"
    )
    print(
        f"floor (Pillow, 1 core, defaults, {len(sizes)} line-drawing PNGs): {floor:.2f} s"
        f" best of {args.rounds} (median {statistics.median(floors):.2f} s)"
    )
    median = statistics.median(games) / statistics.median(floors)
    print(
        f"ratio: {game / floor:.2f}x best, {median:.2f}x median (target <= {TARGET}x);"
        f" cold {cold / floor:.2f}x"
    )
    print(
        f"sheetgen --help: {help_seconds(args.help_runs):.3f} s median of {args.help_runs}"
        f" (target <= {HELP_TARGET} s)"
    )


if __name__ == "__main__":
    main()
