"""Which tiles the sheets picture: the legend's samples, one per kind of tile a player
draws differently. The pictures themselves come from `art/tiles.py` (the same art
as the post images)."""

from __future__ import annotations

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Side, Sides, Tile, TileType


def legend_label(content: GalaxyTrucker, tile_type: TileType) -> str:
    """Sizes of batteries and holds are told apart by what is drawn inside, not by name."""
    return content.kinds.tile(tile_type.kind).legend_label(tile_type)


def sample_tiles(content: GalaxyTrucker, *, merge_sizes: bool = False) -> list[tuple[str, Tile]]:
    """(label, tile): the starting cabin, then one tile per tile type in the pack's order;
    with `merge_sizes`, one per label instead (a single battery, cargo hold...)."""
    start = content.starting_cabin
    samples = [(content.tile_type(start).name, start)]
    seen = {samples[0][0]}
    first: dict[str, Tile] = {}  # the first tile of each type, in the pack's order
    for t in content.tiles:
        first.setdefault(t.type, t)
    for type_id, tile_type in content.tile_types.items():
        tile = first.get(type_id)
        label = legend_label(content, tile_type) if merge_sizes else tile_type.name
        if tile is None or label in seen:
            continue
        seen.add(label)
        samples.append((label, tile))
    return samples


CONNECTORS: tuple[Side, ...] = ("smooth", "single", "double", "universal")


def connector_tiles(content: GalaxyTrucker) -> list[tuple[str, Tile]]:
    """A structural tile with the same connector on all four sides, for each connector."""
    structural = next(
        (k for k, t in content.tile_types.items() if content.kinds.tile(t.kind).plain), None
    )
    if structural is None:
        return []
    return [
        (
            name,
            Tile(id=f"legend-{name}", type=structural, sides=Sides(n=name, e=name, s=name, w=name)),
        )
        for name in CONNECTORS
    ]
