"""Galaxy Trucker's words for the round check page (render/round_check_page.py): each tile
code and card id a round's record names, from the pack alone."""

from __future__ import annotations

from generator.common.output_file import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import SET_NAMES, card_title, tile_code
from generator.render.round_check_page import round_check_file


def record_names(content: GalaxyTrucker) -> dict[str, str]:
    names = {tile_code(t.id): content.tile_type(t).name for t in content.tiles}
    names.update({card.id: card_title(content, card) for card in content.cards})
    names.update({r.ship: f"Ship {r.ship}" for r in content.rounds})
    return names


def check_page(
    content: GalaxyTrucker, game_id: str, more: dict[str, str] | None = None
) -> OutputFile:
    # The set letters of a build turn start a new line; no more than the pack deals (a
    # ship, "I", is never read as a set).
    sets = max(r.sets_per_turn for r in content.rounds)
    groups = {name: f"Set {name}" for name in SET_NAMES[:sets]}
    return round_check_file(
        content.texts.game_name, game_id, {**record_names(content), **(more or {})}, groups
    )
