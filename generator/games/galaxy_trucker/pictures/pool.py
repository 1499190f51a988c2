"""The planned post images drawn to PNG files: in order, in this process or, for far more
pictures than a game has, by a small worker pool (the drawing itself is layout.py's)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from generator.common.cache import flush_all
from generator.games import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.pictures.layout import DRAW, Drawer, game_palette, render_png
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.kit.assemble import Drawing

WORKERS = 2
# Measured on a whole game (93 pictures, a 2-core machine): two workers took 0.5-0.9 s more
# CPU than one process (each worker draws again the tile and card pictures, and renders
# again the texts, the other one already made) and saved at most 1 s of a 5 s run on an
# idle machine, none on a busy one. So unless told, the pool draws only when there is far
# more work than a game's, where the time a host waits starts to matter.
POOL_MIN = 400
# SHEETGEN_WORKERS=1 draws in this process, =N in a pool of N whatever the amount of work
# (the files are the same either way: a test checks it).
WORKERS_VARIABLE = "SHEETGEN_WORKERS"


def workers(count: int) -> int:
    """How many processes draw `count` pictures (1: this one)."""
    text = os.environ.get(WORKERS_VARIABLE, "").strip()
    if text.isdigit() and 1 <= int(text) <= 64:
        return int(text) if count > 1 else 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return min(WORKERS, cores or 1) if count >= POOL_MIN else 1


_WORKER: dict[str, Any] = {}


def _init_worker(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, draw: Mapping[str, Drawer]
) -> None:
    _WORKER["content"] = content
    _WORKER["plan"] = plan
    _WORKER["draw"] = draw


def _init_pool_worker(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, draw: Mapping[str, Drawer]
) -> None:
    _init_worker(content, plan, draw)
    # A worker leaves through multiprocessing's own exit, which runs no atexit: the pictures
    # it made are kept when the pool closes it (pool.close, then join: never terminate).
    from multiprocessing.util import Finalize

    Finalize(None, flush_all, exitpriority=10)


def _render_one(image: PlannedImage) -> bytes:
    return render_png(_WORKER["content"], _WORKER["plan"], image, _WORKER["draw"])


def _rendered(
    content: GalaxyTrucker,
    plan: GalaxyTruckerPlan,
    images: list[PlannedImage],
    draw: Mapping[str, Drawer],
) -> Iterator[bytes]:
    """The PNG bytes of each image, in the order given."""
    _init_worker(content, plan, draw)
    # Made before the workers start, so they share it rather than each making it.
    game_palette(content)
    count = workers(len(images))
    if count == 1:
        yield from (_render_one(image) for image in images)
        flush_all()  # the tile and card pictures this game made, kept for the next one
        return
    # fork shares the loaded content with the workers for free; elsewhere it is pickled once.
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    from multiprocessing import get_context  # here: a game drawn in-process never needs it

    pool = get_context(method).Pool(count, _init_pool_worker, (content, plan, dict(draw)))
    try:
        # imap keeps the input order, so the result never depends on worker timing.
        yield from pool.imap(_render_one, images, chunksize=1)
        pool.close()  # the workers end their own way, keeping what they made
        pool.join()
    finally:
        pool.terminate()


def render_images(
    content: GalaxyTrucker,
    plan: GalaxyTruckerPlan,
    images: list[PlannedImage],
    draw: Mapping[str, Drawer] = DRAW,
) -> Drawing:
    """The PNG files of `images` (hidden ones are already named SPOILER_, for Discord), each
    drawn once, in order; `draw`: the drawing of each kind of picture the game has."""
    unique = list({image.file: image for image in images}.values())
    results = _rendered(content, plan, unique, draw)
    files = (OutputFile(image.file, data) for image, data in zip(unique, results, strict=True))
    return Drawing(len(unique), files)
