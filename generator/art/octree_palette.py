"""The palette Pillow's fast octree quantizer (`Image.quantize(256, FASTOCTREE)`) finds for an
RGB picture, found from the picture's colour counts (`Image.getcolors`).

Why: a game's palette comes from a mosaic of its pictures, 5-9 million pixels. Pillow's
quantizer copies them all, counts them, then maps every one of them onto the palette it found
(a picture nobody looks at), with three buffers of the mosaic's size: 0.065 s (Galaxy
Trucker) to 0.10 s (Keep on Trucking) and 40 MB of fresh memory. Counting the mosaic's
colours takes 0.013-0.021 s, and the palette depends on the counts alone: the quantizer puts
each pixel into one of 16x16x16 buckets (the top four bits of each channel) and sums each
bucket's count and channels; every later step looks at those sums only. The steps below are
Pillow's (src/libImaging/QuantOctree.c), each one exactly: its sort keeps equal counts in
bucket order (glibc's qsort is a stable merge sort; Python's sort is stable everywhere, so
a palette found here does not depend on the C library) and it averages in single floats.
"""

from __future__ import annotations

import struct

from PIL import Image

# Each bucket: its pixel count and the sums of its red, green and blue values.
Bucket = tuple[int, int, int, int]

_FLOAT = struct.Struct("f")
COARSE_BUCKETS = 64  # 4x4x4, the top two bits of each channel
FINE_BUCKETS = 4096  # 16x16x16, the top four bits
# More distinct colours than this and the counting costs what the quantizer does.
MAX_COLOURS = 1 << 16


def _single(value: float) -> float:
    """`value` as C's `float` holds it."""
    return _FLOAT.unpack(_FLOAT.pack(value))[0]


def _average(count: int, total: int) -> int:
    """Pillow's average of a channel: `(int)(sum / (float)count)`, in single precision (a
    quotient of two singles computed in double and rounded to single is the single one)."""
    if count == 0:
        return 0
    value = int(_single(_single(total) / _single(count)))
    return 0 if value < 0 else 255 if value > 255 else value


def _colour(bucket: Bucket) -> tuple[int, int, int]:
    count, red, green, blue = bucket
    return _average(count, red), _average(count, green), _average(count, blue)


def _coarse_of(red: int, green: int, blue: int) -> int:
    return (red >> 6) << 4 | (green >> 6) << 2 | blue >> 6


def fine_buckets(colours: list[tuple[int, tuple[int, int, int]]]) -> list[Bucket]:
    """The quantizer's fine cube from `getcolors` counts of an RGB picture."""
    counts = [0] * FINE_BUCKETS
    reds = [0] * FINE_BUCKETS
    greens = [0] * FINE_BUCKETS
    blues = [0] * FINE_BUCKETS
    for count, (red, green, blue) in colours:
        index = (red >> 4) << 8 | (green >> 4) << 4 | blue >> 4
        counts[index] += count
        reds[index] += count * red
        greens[index] += count * green
        blues[index] += count * blue
    return list(zip(counts, reds, greens, blues, strict=True))


def octree_palette(fine: list[Bucket], colours: int = 256) -> bytes:
    """The palette (R, G, B per entry, `colours` entries) Pillow's FASTOCTREE quantizer
    makes from the fine cube `fine`."""
    coarse = [[0, 0, 0, 0] for _ in range(COARSE_BUCKETS)]
    for index, (count, red, green, blue) in enumerate(fine):
        if count:
            # Fine index bits rrrr gggg bbbb: the top two of each channel.
            into = coarse[(index >> 10) << 4 | ((index >> 6) & 3) << 2 | (index >> 2) & 3]
            into[0] += count
            into[1] += red
            into[2] += green
            into[3] += blue

    def used() -> int:
        return sum(1 for bucket in coarse if bucket[0] > 0)

    def subtract(buckets: list[Bucket]) -> None:
        """Take the fine buckets chosen for the palette out of their coarse ones."""
        for bucket in buckets:
            if bucket[0] == 0:
                continue
            into = coarse[_coarse_of(*_colour(bucket))]
            for channel in range(4):
                into[channel] -= bucket[channel]

    coarse_count = min(used(), colours)
    fine_count = colours - coarse_count
    by_count = sorted(fine, key=lambda bucket: -bucket[0])  # stable, as glibc's qsort
    subtract(by_count[:fine_count])
    # A coarse bucket emptied by the subtraction frees a place for one more fine colour.
    while coarse_count > used():
        done = fine_count
        coarse_count = used()
        fine_count = colours - coarse_count
        subtract(by_count[done:fine_count])
    left: list[Bucket] = [(count, red, green, blue) for count, red, green, blue in coarse]
    coarse_by_count = sorted(left, key=lambda bucket: -bucket[0])
    chosen = [*coarse_by_count[:coarse_count], *by_count[:fine_count]]
    return bytes(channel for bucket in chosen for channel in _colour(bucket))


def palette_of(picture: Image.Image) -> bytes | None:
    """`picture.quantize(256, method=FASTOCTREE)`'s palette (768 bytes) for an RGB picture,
    or None when it has too many colours to count them cheaply."""
    if picture.mode != "RGB":
        return None
    counted = picture.getcolors(MAX_COLOURS)
    if counted is None:
        return None
    return octree_palette(fine_buckets(counted))  # type: ignore[arg-type]
