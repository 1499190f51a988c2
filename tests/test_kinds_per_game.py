"""Kinds belong to the game a pack is loaded with, never to what the process imported.

A Galaxy Trucker pack naming a Keep on Trucking kind (a `bad-day` card, a `cannon-booster`
tile type) gets the same error before and after every game module is imported, and the
allowed kinds it lists are Galaxy Trucker's alone. The first load runs in a fresh process,
so no other test has imported Keep on Trucking yet."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.games.galaxy_trucker.content import KINDS as GT_KINDS
from generator.games.keep_on_trucking.kinds import KINDS as KOT_KINDS
from generator.kit.session import load_content
from generator.pack.load import CONTENT_DIR

ROOT = Path(__file__).resolve().parent.parent
GT_CARD_KINDS = (
    "abandoned-ship, abandoned-station, open-space, planets, stardust, epidemic, "
    "meteoric-swarm, pirates, slavers, smugglers"
)
GT_TILE_KINDS = (
    "starting-cabin, cabin, cannon, engine, battery, cargo, shield, structural, life-support"
)
KOT_ONLY_CARDS = ("junkyard", "wide-open-space", "meteor-vortex", "antitrust-check", "bad-day")
KOT_ONLY_TILES = (
    "cannon-booster",
    "engine-booster",
    "shield-booster",
    "reactor-furnace",
    "catapult",
    "stasis-chamber",
    "cannon-engine",
    "hold-battery",
)

# Loads the pack, imports every module under generator.games, loads it again; prints the
# problems of both loads as JSON (run in a fresh interpreter: nothing imported before).
SCRIPT = """
import importlib, json, pkgutil, sys
import generator.games
from generator.common.errors import ContentError
from generator.kit.session import load_content

def problems():
    try:
        load_content(sys.argv[1])
    except ContentError as exc:
        return [str(p) for p in exc.problems]
    return []

before = problems()
for module in pkgutil.walk_packages(generator.games.__path__, "generator.games."):
    importlib.import_module(module.name)
print(json.dumps({"before": before, "after": problems()}))
"""


def _loads(pack: Path) -> dict[str, list[str]]:
    """The problems of loading `pack` before and after importing every game module."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(pack)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


def _pack_copy(tmp_path: Path) -> Path:
    pack = tmp_path / "galaxy-trucker"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", pack)
    return pack


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.slow
def test_a_galaxy_trucker_pack_refuses_a_keep_on_trucking_card_whatever_was_imported(
    tmp_path: Path,
) -> None:
    pack = _pack_copy(tmp_path)
    cards = pack / "cards.yaml"
    card = "  - {id: bad-day-1a, kind: bad-day, level: 1, sabotage_rolls: 3}\n"
    cards.write_text(cards.read_text().replace("cards:\n", "cards:\n" + card, 1))
    found = _loads(pack)
    assert found["before"] == found["after"]
    (problem,) = found["after"]
    line = _line_of(cards, "bad-day-1a")
    # The allowed list is Galaxy Trucker's alone: no kind of the expansion is offered.
    allowed = ", ".join(repr(kind) for kind in GT_CARD_KINDS.split(", "))
    assert problem == (f"{cards}:{line}: cards[0].kind: got 'bad-day' (expected one of {allowed})")


@pytest.mark.slow
def test_a_galaxy_trucker_pack_refuses_a_keep_on_trucking_tile_kind_whatever_was_imported(
    tmp_path: Path,
) -> None:
    pack = _pack_copy(tmp_path)
    tiles = pack / "tiles.yaml"
    booster = (
        "  booster: {name: cannon booster, kind: cannon-booster, summary: boosts, boosts: cannon}\n"
    )
    text = tiles.read_text()
    assert "tile_types:\n" in text
    tiles.write_text(text.replace("tile_types:\n", "tile_types:\n" + booster, 1))
    found = _loads(pack)
    assert found["before"] == found["after"]
    (problem,) = found["after"]
    line = _line_of(tiles, "kind: cannon-booster")
    assert problem == (
        f"{tiles}:{line}: tile_types.booster: unknown tile kind 'cannon-booster' "
        f"(expected one of: {GT_TILE_KINDS})"
    )


@pytest.mark.slow
@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking"])
def test_the_shipped_packs_load_whatever_was_imported(pack: str) -> None:
    # Keep on Trucking's first load is its rules' first import: its kinds come with them.
    assert _loads(CONTENT_DIR / pack) == {"before": [], "after": []}


def test_keep_on_trucking_accepts_its_kinds_on_its_own_registry() -> None:
    _, _, content = load_content("keep-on-trucking")
    used_cards = {c.kind for c in content.cards}
    used_tiles = {t.kind for t in content.tile_types.values()}
    assert {"bad-day", "junkyard"} <= used_cards <= set(content.kinds.cards)
    assert used_tiles & set(KOT_ONLY_TILES) and used_tiles <= set(content.kinds.tiles)
    assert content.kinds is KOT_KINDS
    # Its registry is the base's kinds first, in the base's order, then its own.
    assert list(KOT_KINDS.cards) == [*GT_KINDS.cards, *KOT_ONLY_CARDS]
    assert list(KOT_KINDS.tiles) == [*GT_KINDS.tiles, *KOT_ONLY_TILES]
    assert list(KOT_KINDS.sides) == ["plating"]


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking"])
def test_building_an_expansion_registry_leaves_the_base_as_it_was(pack: str) -> None:
    # Keep on Trucking is imported (above) and loaded: Galaxy Trucker's registry still
    # holds its own kinds alone, and a Galaxy Trucker pack loads with it.
    _, _, content = load_content(pack)
    assert ", ".join(GT_KINDS.cards) == GT_CARD_KINDS
    assert ", ".join(GT_KINDS.tiles) == GT_TILE_KINDS
    assert not GT_KINDS.sides
    if pack == "galaxy-trucker":
        assert content.kinds is GT_KINDS
