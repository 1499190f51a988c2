"""Times a whole-game render against a floor: PNG-encoding as many images of the same size,
blank but noisy, with Pillow and the same save options. Prints both and their ratio.

    python benchmarks/run.py [--seed SEED] [--pack PACK]

The floor is what any renderer of that many feed-sized PNGs pays just to encode them; the
target is a whole game within 1.5x of it on a 2-core machine."""

from __future__ import annotations

import argparse
import io
import os
import time

from PIL import Image

from generator.art.png_surface import PNG_OPTIONS
from generator.games import RenderOptions, Scope
from generator.games.galaxy_trucker.images_layout import HEIGHT, WIDTH
from generator.session import open_game

NOISE_SIGMA = 12  # light grain on a flat grey: "blank but noisy"


def noisy_image() -> Image.Image:
    """A flat image with Gaussian grain; Pillow's noise is seeded per call, so each image
    differs, which keeps the encoder from gaining anything across images."""
    channels = [Image.effect_noise((WIDTH, HEIGHT), NOISE_SIGMA) for _ in range(3)]
    return Image.merge("RGB", channels)


def floor_seconds(count: int) -> float:
    images = [noisy_image() for _ in range(count)]
    start = time.perf_counter()
    for image in images:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", **PNG_OPTIONS)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="benchmark-seed-0001")
    parser.add_argument("--pack", default="galaxy-trucker")
    args = parser.parse_args()

    game = open_game(args.pack, args.seed, None)
    start = time.perf_counter()
    files = game.rules.outputs(game.content, game.plan, Scope("game"), RenderOptions())
    render = time.perf_counter() - start

    # SPOILER_ copies are the same bytes written twice, not encoded twice.
    encoded = [f for f in files if f.path.endswith(".png") and "/SPOILER_" not in f.path]
    floor = floor_seconds(len(encoded))
    print(f"cpus: {os.cpu_count()}, files: {len(files)}, PNGs encoded: {len(encoded)}")
    print(f"whole-game render: {render:.2f} s")
    print(f"floor (encode {len(encoded)} noisy {WIDTH}x{HEIGHT} PNGs): {floor:.2f} s")
    print(f"ratio: {render / floor:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
