"""Keep on Trucking's registry: Galaxy Trucker's kinds plus this game's own.

Built on its own instance (`extended` copies the base's tables), so a Galaxy Trucker pack
never accepts a booster or a Bad Day card, whatever the process imported before."""

from __future__ import annotations

from generator.games.galaxy_trucker import card_kinds as gt
from generator.games.galaxy_trucker.content import KINDS as GALAXY_TRUCKER_KINDS
from generator.games.galaxy_trucker.kinds import CardKind, Kinds
from generator.games.keep_on_trucking import art, card_kinds, tile_kinds


# Galaxy Trucker's card kinds as this game's own classes: the same cards, posts and
# pictures (Keep on Trucking's flight engine flies them with its own resolvers,
# flight/cards.py).
class AbandonedShip(gt.AbandonedShip):
    pass


class AbandonedStation(gt.AbandonedStation):
    pass


class OpenSpace(gt.OpenSpace):
    pass


class Planets(gt.Planets):
    pass


class Stardust(gt.Stardust):
    pass


class Epidemic(gt.Epidemic):
    pass


class MeteoricSwarm(gt.MeteoricSwarm):
    pass


class Pirates(gt.Pirates):
    pass


class Slavers(gt.Slavers):
    pass


class Smugglers(gt.Smugglers):
    pass


BASE_CARDS: tuple[type[CardKind], ...] = (
    AbandonedShip,
    AbandonedStation,
    OpenSpace,
    Planets,
    Stardust,
    Epidemic,
    MeteoricSwarm,
    Pirates,
    Slavers,
    Smugglers,
)

KINDS: Kinds = GALAXY_TRUCKER_KINDS.extended(
    Kinds(
        tiles=tile_kinds.KINDS,
        cards=(*BASE_CARDS, *card_kinds.KINDS),
        # Plating is a side value Galaxy Trucker's model allows; this game draws it.
        sides={"plating": art.plating},
    )
)
