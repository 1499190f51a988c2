"""A pack that `extends:` another: merged by id, located errors in either file, a digest
and a game folder copy that cover the whole chain (tests/cases/expansion)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.kit.session import load_content, open_game
from generator.pack.load import CONTENT_DIR, load_pack

EXPANSION = Path(__file__).parent / "cases" / "expansion"
NEW_TILES = {f"X{n:03d}" for n in range(1, 13)}


@pytest.fixture
def chain(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the shipped pack and of the expansion, the expansion extending it by path."""
    base = tmp_path / "packs" / "base"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", base)
    expansion = tmp_path / "packs" / "exp"
    shutil.copytree(EXPANSION, expansion)
    meta = expansion / "pack.yaml"
    meta.write_text(meta.read_text().replace("extends: galaxy-trucker", "extends: ../base"))
    return base, expansion


def test_the_expansion_passes_check(run: Any) -> None:
    result = run("check", str(EXPANSION))
    assert result.exit_code == 0, result.output
    assert "gt-expansion-test 0.1.0): OK" in result.output


def test_entries_are_added_and_replaced_by_id() -> None:
    _, _, base = load_content("galaxy-trucker")
    _, _, content = load_content(str(EXPANSION))
    assert set(content.tiles_by_id) == set(base.tiles_by_id) | NEW_TILES
    assert [t.id for t in content.tiles[: len(base.tiles)]] == [t.id for t in base.tiles]
    assert set(content.tile_types) == set(base.tile_types) | {"cargo-4"}
    assert set(content.cards_by_id) == set(base.cards_by_id) | {"planets-x1"}
    assert "test expansion" in content.texts.end_of_game
    assert "test expansion" not in base.texts.end_of_game
    # What the expansion does not set is the base's, untouched.
    assert content.texts.game_start == base.texts.game_start
    assert content.rounds == base.rounds


def test_new_tiles_appear_in_plans() -> None:
    drawn: set[str] = set()
    for n in range(5):
        plan = open_game(str(EXPANSION), f"expansion-seed-{n}", None).plan
        drawn |= {
            tile.id
            for rnd in plan.rounds
            for build in rnd.build_turns
            for tiles in build.sets
            for tile in tiles
        }
    assert drawn & NEW_TILES
    assert drawn - NEW_TILES  # and the base's tiles too


def test_problems_in_either_pack_point_at_their_own_file(
    chain: tuple[Path, Path], run: Any
) -> None:
    base, expansion = chain
    tiles = base / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("T001, type: battery-2", "T001, type: battery-7"))
    own = expansion / "tiles.yaml"
    own.write_text(own.read_text().replace("X003, type: cargo-4", "X003, type: cargo-9"))
    result = run("check", str(expansion))
    assert result.exit_code == 2
    base_line = next(
        i for i, line in enumerate(tiles.read_text().splitlines(), 1) if "battery-7" in line
    )
    assert f"base/tiles.yaml:{base_line}: tiles[0].type: unknown tile type 'battery-7'" in (
        result.output
    )
    # The expansion's third tile, on line 11 of its own file, named by its own index.
    assert "exp/tiles.yaml:11: tiles[2].type: unknown tile type 'cargo-9'" in result.output


def test_a_duplicate_id_within_the_expansion_is_still_reported(
    chain: tuple[Path, Path], run: Any
) -> None:
    _, expansion = chain
    own = expansion / "tiles.yaml"
    own.write_text(own.read_text().replace("id: X002", "id: X001"))
    result = run("check", str(expansion))
    assert result.exit_code == 2
    assert "exp/tiles.yaml:10: tiles[1].id: duplicate tile id 'X001'" in result.output


def test_extends_is_resolved_from_the_packs_folder(chain: tuple[Path, Path], run: Any) -> None:
    _, expansion = chain
    # run() works in tmp_path, where "../base" is nothing: only packs/exp/../base is the base.
    result = run("check", str(expansion))
    assert result.exit_code == 0, result.output


def test_an_expansion_of_another_game_is_refused(chain: tuple[Path, Path], run: Any) -> None:
    _, expansion = chain
    meta = expansion / "pack.yaml"
    meta.write_text(meta.read_text().replace("game: galaxy_trucker", "game: moon_drop"))
    result = run("check", str(expansion))
    assert result.exit_code == 2
    assert "exp/pack.yaml:6: game: got 'moon_drop' (expected 'galaxy_trucker'" in result.output


def test_the_digest_covers_the_base(chain: tuple[Path, Path]) -> None:
    base, expansion = chain
    before = load_pack(str(expansion)).digest
    texts = base / "texts.yaml"
    texts.write_text(texts.read_text() + "\n# an edit in the base pack\n")
    assert load_pack(str(expansion)).digest != before


def test_the_game_folder_copy_rerenders_the_game_byte_for_byte(
    chain: tuple[Path, Path], run: Any, tmp_path: Path
) -> None:
    base, expansion = chain
    seed = "expansion-rerender-seed"
    first = tmp_path / "first"
    result = run("game", "--pack", str(expansion), "--seed", seed, "-o", str(first), "--no-images")
    assert result.exit_code == 0, result.output
    assert (first / "pack" / "extends" / "base" / "tiles.yaml").read_bytes() == (
        base / "tiles.yaml"
    ).read_bytes()
    # The shipped packs change after the game began: the copy still renders the same game.
    texts = base / "texts.yaml"
    texts.write_text(texts.read_text().replace("Roll'n'Write", "Roll and Write"))
    second = tmp_path / "second"
    result = run(
        "game", "--pack", str(first / "pack"), "--seed", seed, "-o", str(second), "--no-images"
    )
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert any(str(f).startswith("round-") for f in files)
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
