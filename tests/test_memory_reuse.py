"""A drawing process reuses the memory it frees (common/memory.py) and lets go of each
tile's and card's RGB picture once its palette indices are mapped: a cold drawing touches
far fewer fresh pages, and a picture needed again in RGB is drawn again, the same pixels.
(Every output file of five packs with the reuse switched off is checked in
test_speedups_identical.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.games.galaxy_trucker import images_layout
from generator.kit.session import load_content

# Draws a pack's palette and maps every tile and card a game's posts paste, nothing kept
# between runs; prints the fresh pages the process touched and what it still holds in RGB.
DRAWING = """
import json, resource, sys
from generator.kit.assemble import Drawing, drawn
from generator.games.galaxy_trucker import images_layout as L
from generator.kit.session import load_content
_, _, content = load_content("galaxy-trucker")
drawn(Drawing(0, []), False)  # where a game's drawing starts
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
palette = L.game_palette(content)
for tile in content.tiles:
    L.tile_picture(content, tile.id, 290).indices(palette)
for card in content.cards:
    L.card_picture(content, card.id, 435, 630).indices(palette)
pages = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
print(json.dumps({"pages": pages, "rgb_kept": len(L._PICTURES)}))
"""


def _draw(tmp_path: Path, reuse: str) -> dict[str, int]:
    env = dict(os.environ, SHEETGEN_CACHE="off", SHEETGEN_REUSE_MEMORY=reuse)
    done = subprocess.run(
        [sys.executable, "-c", DRAWING], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc, Linux's counts")
def test_a_cold_drawing_touches_far_fewer_fresh_pages(tmp_path: Path) -> None:
    reused = _draw(tmp_path, "on")
    system = _draw(tmp_path, "off")
    # Measured: about 60,000 pages without the reuse, 21,000 with it. Page counts of the
    # same work are steady to a few pages, so half is far from both.
    assert reused["pages"] < system["pages"] / 2, (reused, system)
    # Without the reuse every RGB picture stays (229); with it only the palette mosaic's
    # six small dice, which no post pastes at that size.
    assert system["rgb_kept"] > 200, system
    assert reused["rgb_kept"] == 6, reused


def test_a_picture_let_go_after_mapping_is_drawn_again_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    monkeypatch.delenv("SHEETGEN_REUSE_MEMORY", raising=False)
    images_layout.forget_pictures()
    _, _, content = load_content("galaxy-trucker")
    palette = images_layout.game_palette(content)
    tile = content.tiles[7]
    picture = images_layout.tile_picture(content, tile.id, 290)
    first = picture.rgb().tobytes()
    indices = picture.indices(palette)
    assert ("tile", content.pack_name, tile.id, 290, images_layout.ROW_PANEL) not in (
        images_layout._PICTURES
    )
    assert picture.rgb().tobytes() == first  # drawn again (a post turned RGB after pasting)
    again = images_layout.tile_picture(content, tile.id, 290)
    assert again.indices(palette) is indices  # mapped once per process
    monkeypatch.setenv("SHEETGEN_REUSE_MEMORY", "off")
    images_layout.forget_pictures()
    kept = images_layout.tile_picture(content, tile.id, 290)
    kept.indices(images_layout.game_palette(content))
    assert ("tile", content.pack_name, tile.id, 290, images_layout.ROW_PANEL) in (
        images_layout._PICTURES
    )
    images_layout.forget_pictures()
