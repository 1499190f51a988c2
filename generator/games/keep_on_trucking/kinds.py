"""Keep on Trucking's registry: Galaxy Trucker's kinds plus this game's own.

Built on its own instance (`extended` copies the base's tables), so a Galaxy Trucker pack
never accepts a booster or a Bad Day card, whatever the process imported before."""

from __future__ import annotations

from generator.games.galaxy_trucker.content import KINDS as GALAXY_TRUCKER_KINDS
from generator.games.galaxy_trucker.kinds import Kinds
from generator.games.keep_on_trucking import art, card_kinds, tile_kinds

KINDS: Kinds = GALAXY_TRUCKER_KINDS.extended(
    Kinds(
        tiles=tile_kinds.KINDS,
        cards=card_kinds.KINDS,
        # Plating is a side value Galaxy Trucker's model allows; this game draws it.
        sides={"plating": art.plating},
    )
)
