"""The planned post images drawn to PNG files: in order, by a small worker pool when there
are enough of them to repay starting it (the drawing itself is images_layout's)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from multiprocessing import get_context
from typing import Any

from generator.games import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.images import PlannedImage
from generator.games.galaxy_trucker.images_layout import game_palette, render_png
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.kit.assemble import Drawing

WORKERS = 2
# Below this many images a worker pool costs more to start than it saves.
POOL_MIN = 6
# SHEETGEN_WORKERS=1 draws in this process (the files are the same: a test checks it).
WORKERS_VARIABLE = "SHEETGEN_WORKERS"


def workers() -> int:
    text = os.environ.get(WORKERS_VARIABLE, "").strip()
    return int(text) if text.isdigit() and 1 <= int(text) <= 64 else WORKERS


_WORKER: dict[str, Any] = {}


def _init_worker(content: GalaxyTrucker, plan: GalaxyTruckerPlan) -> None:
    _WORKER["content"] = content
    _WORKER["plan"] = plan


def _render_one(image: PlannedImage) -> bytes:
    return render_png(_WORKER["content"], _WORKER["plan"], image)


def _rendered(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, images: list[PlannedImage]
) -> Iterator[bytes]:
    """The PNG bytes of each image, in the order given."""
    _init_worker(content, plan)
    # Made before the workers start, so they share it rather than each making it.
    game_palette(content)
    count = workers()
    if len(images) < POOL_MIN or count == 1:
        yield from (_render_one(image) for image in images)
        return
    # fork shares the loaded content with the workers for free; elsewhere it is pickled once.
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    with get_context(method).Pool(count, _init_worker, (content, plan)) as pool:
        # imap keeps the input order, so the result never depends on worker timing.
        yield from pool.imap(_render_one, images, chunksize=1)


def render_images(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, images: list[PlannedImage]
) -> Drawing:
    """The PNG files of `images` (hidden ones are already named SPOILER_, for Discord), each
    drawn once, in order."""
    unique = list({image.file: image for image in images}.values())
    results = _rendered(content, plan, unique)
    files = (OutputFile(image.file, data) for image, data in zip(unique, results, strict=True))
    return Drawing(len(unique), files)
