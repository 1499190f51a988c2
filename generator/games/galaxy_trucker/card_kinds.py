"""The adventure card kinds of the flying deck, one object each in the game's registry.

A kind brings the schema of its cards (cards.yaml), the hits that need a 2d6 roll each, the
goods it names (checked against goods.yaml), the values its resolve text may use, its face
in words (posts, alt text) and in pictures (rows of the card image), and its colour. Names
and resolve texts are the pack's (texts.yaml `cards:`). Adding a card kind is one more
class, listed in `KINDS` (the registry's order: the player aid lists them so)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from msgspec import Meta

from generator.art import icons
from generator.art.surface import Surface
from generator.games.galaxy_trucker.art import goods as goods_art
from generator.games.galaxy_trucker.art.cards import (
    Row,
    big,
    caption,
    days_row,
    goods_row,
    heading,
    hit_rows,
    planet_row,
    plural,
    sign,
    stat,
)
from generator.games.galaxy_trucker.kinds import CardKind, Hit
from generator.games.galaxy_trucker.model import CardBase, Id, Meteor, Positive, Shot

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.content import GalaxyTrucker

FROM = {
    "front": "from the front",
    "rear": "from the rear",
    "left": "from the left",
    "right": "from the right",
}


def goods_words(goods: list[str]) -> str:
    """'red, 2 green, blue' in the order first seen."""
    counts = Counter(goods)
    return ", ".join(f"{n} {g}" if n > 1 else g for g, n in counts.items())


def goods_value(content: GalaxyTrucker, goods: list[str]) -> int:
    return sum(content.goods[g].value for g in goods)


def hit_words(hits: list[Hit]) -> list[str]:
    return [
        f"{h.noun.capitalize()} {i}: {h.size}, {FROM[h.direction]}" for i, h in enumerate(hits, 1)
    ]


def credits_row(n: int) -> Row:
    return stat(icons.coin, f"+{plural(n, 'credit')}")


def crew_lost_row(n: int) -> Row:
    return stat(icons.crew, f"{sign(n)} crew")


# --- schemas -----------------------------------------------------------------------------
class AbandonedShipCard(CardBase, tag="abandoned-ship", frozen=True, kw_only=True):
    crew_lost: Positive
    credits: Positive
    days: Positive


class AbandonedStationCard(CardBase, tag="abandoned-station", frozen=True, kw_only=True):
    crew_needed: Positive
    goods: Annotated[list[Id], Meta(min_length=1)]
    days: Positive


class OpenSpaceCard(CardBase, tag="open-space", frozen=True, kw_only=True):
    pass


class PlanetsCard(CardBase, tag="planets", frozen=True, kw_only=True):
    days: Positive
    planets: Annotated[list[list[Id]], Meta(min_length=1, max_length=6)]


class StardustCard(CardBase, tag="stardust", frozen=True, kw_only=True):
    pass


class EpidemicCard(CardBase, tag="epidemic", frozen=True, kw_only=True):
    pass


class MeteoricSwarmCard(CardBase, tag="meteoric-swarm", frozen=True, kw_only=True):
    meteors: Annotated[list[Meteor], Meta(min_length=1, max_length=12)]


class PiratesCard(CardBase, tag="pirates", frozen=True, kw_only=True):
    strength: Positive
    credits: Positive
    days: Positive
    shots: Annotated[list[Shot], Meta(min_length=1, max_length=12)]


class SlaversCard(CardBase, tag="slavers", frozen=True, kw_only=True):
    strength: Positive
    crew_lost: Positive
    credits: Positive
    days: Positive


class SmugglersCard(CardBase, tag="smugglers", frozen=True, kw_only=True):
    strength: Positive
    goods_lost: Positive
    goods: Annotated[list[Id], Meta(min_length=1)]
    days: Positive


# --- kinds -------------------------------------------------------------------------------
class AbandonedShip(CardKind):
    name = "abandoned-ship"
    leans = ("cabin",)
    text_fields = ("crew_lost", "credits", "days")
    schema = AbandonedShipCard
    colour = (35, 115, 110)

    def fields(self, content: GalaxyTrucker, card: AbandonedShipCard) -> dict[str, Any]:
        return {"crew_lost": card.crew_lost, "credits": card.credits, "days": card.days}

    def summary(self, content: GalaxyTrucker, card: AbandonedShipCard) -> list[str]:
        return [f"Crew to give up: {card.crew_lost} · Credits: {card.credits} · Days: {card.days}"]

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: AbandonedShipCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return [crew_lost_row(card.crew_lost), credits_row(card.credits), days_row(card.days)]


class AbandonedStation(CardKind):
    name = "abandoned-station"
    leans = ("cabin", "cargo")
    text_fields = ("crew_needed", "days", "goods", "goods_value")
    schema = AbandonedStationCard
    colour = (35, 115, 110)

    def goods(self, card: AbandonedStationCard) -> list[tuple[tuple[str | int, ...], str]]:
        return [(("goods", j), g) for j, g in enumerate(card.goods)]

    def fields(self, content: GalaxyTrucker, card: AbandonedStationCard) -> dict[str, Any]:
        return {
            "crew_needed": card.crew_needed,
            "days": card.days,
            "goods": goods_words(card.goods),
            "goods_value": goods_value(content, card.goods),
        }

    def summary(self, content: GalaxyTrucker, card: AbandonedStationCard) -> list[str]:
        return [
            f"Crew needed: {card.crew_needed} · Goods: {goods_words(card.goods)} · "
            f"Days: {card.days}"
        ]

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: AbandonedStationCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return [
            stat(icons.crew, f"needs {card.crew_needed} crew"),
            goods_row(content, "+", card.goods),
            days_row(card.days),
        ]


class OpenSpace(CardKind):
    name = "open-space"
    leans = ("engine",)
    schema = OpenSpaceCard
    colour = (30, 45, 95)

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: OpenSpaceCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return [
            big(icons.engine_flame),
            *caption(surface, "record your engine strength", room, size),
        ]


class Planets(CardKind):
    name = "planets"
    leans = ("cargo",)
    text_fields = ("days", "planets")
    schema = PlanetsCard
    colour = (40, 90, 155)

    def goods(self, card: PlanetsCard) -> list[tuple[tuple[str | int, ...], str]]:
        return [
            (("planets", p, j), g)
            for p, planet in enumerate(card.planets)
            for j, g in enumerate(planet)
        ]

    def fields(self, content: GalaxyTrucker, card: PlanetsCard) -> dict[str, Any]:
        planets = "; ".join(
            f"planet {i} {goods_words(p)} ({goods_value(content, p)} points)"
            for i, p in enumerate(card.planets, 1)
        )
        return {"days": card.days, "planets": planets}

    def summary(self, content: GalaxyTrucker, card: PlanetsCard) -> list[str]:
        return [
            f"Planet {i}: {goods_words(p)} ({goods_value(content, p)} points)"
            for i, p in enumerate(card.planets, 1)
        ] + [f"Days: {card.days}"]

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: PlanetsCard, room: float, size: float
    ) -> list[Row]:
        rows = [planet_row(content, i, p) for i, p in enumerate(card.planets, 1)]
        return [*rows, days_row(card.days)]


class Stardust(CardKind):
    name = "stardust"
    schema = StardustCard
    colour = (95, 80, 130)

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: StardustCard, room: float, size: float
    ) -> list[Row]:
        return [big(icons.days), *caption(surface, "\u22121 day per exposed connector", room, size)]


class Epidemic(CardKind):
    name = "epidemic"
    schema = EpidemicCard
    colour = (85, 120, 40)

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: EpidemicCard, room: float, size: float
    ) -> list[Row]:
        text = "\u22121 crew in each occupied cabin directly connected to another"
        return [big(icons.crew, 2), *caption(surface, text, room, size)]


class MeteoricSwarm(CardKind):
    name = "meteoric-swarm"
    leans = ("shield", "cannon")
    text_fields = ("count",)
    schema = MeteoricSwarmCard
    colour = (115, 80, 55)
    roll_note = "one per meteor"

    def hits(self, card: MeteoricSwarmCard) -> list[Hit]:
        return [Hit("meteor", m.size, m.direction) for m in card.meteors]

    def fields(self, content: GalaxyTrucker, card: MeteoricSwarmCard) -> dict[str, Any]:
        return {"count": len(card.meteors)}

    def summary(self, content: GalaxyTrucker, card: MeteoricSwarmCard) -> list[str]:
        return hit_words(self.hits(card))

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: MeteoricSwarmCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return hit_rows(self.hits(card))


class _Enemy(CardKind):
    """Pirates, slavers, smugglers: a strength, a reward if you win, a penalty if you lose."""

    colour: ClassVar = (155, 40, 40)

    def fields(self, content: GalaxyTrucker, card: Any) -> dict[str, Any]:
        return {"strength": card.strength, "days": card.days}

    def reward(self, content: GalaxyTrucker, card: Any) -> Row:
        return credits_row(card.credits)

    def penalty(self, card: Any) -> list[Row]:
        return []

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: Any, room: float, size: float
    ) -> list[Row]:
        return [
            stat(icons.target, f"strength {card.strength}"),
            heading("if you win:"),
            self.reward(content, card),
            days_row(card.days),
            heading("if you lose:"),
            *self.penalty(card),
        ]


class Pirates(_Enemy):
    name = "pirates"
    leans = ("cannon", "shield")
    text_fields = ("strength", "days", "credits", "count")
    schema = PiratesCard
    roll_note = "only if they beat you"
    roll_condition = "Only if the pirates beat you"

    def hits(self, card: PiratesCard) -> list[Hit]:
        return [Hit("shot", s.size, s.direction) for s in card.shots]

    def fields(self, content: GalaxyTrucker, card: PiratesCard) -> dict[str, Any]:
        return {**super().fields(content, card), "credits": card.credits, "count": len(card.shots)}

    def summary(self, content: GalaxyTrucker, card: PiratesCard) -> list[str]:
        return [
            f"Strength: {card.strength} · Reward: {card.credits} credits · Days: {card.days}",
            *hit_words(self.hits(card)),
        ]

    def penalty(self, card: PiratesCard) -> list[Row]:
        return hit_rows(self.hits(card))


class Slavers(_Enemy):
    name = "slavers"
    leans = ("cannon", "cabin")
    text_fields = ("strength", "days", "credits", "crew_lost")
    schema = SlaversCard

    def fields(self, content: GalaxyTrucker, card: SlaversCard) -> dict[str, Any]:
        return {
            **super().fields(content, card),
            "credits": card.credits,
            "crew_lost": card.crew_lost,
        }

    def summary(self, content: GalaxyTrucker, card: SlaversCard) -> list[str]:
        return [
            f"Strength: {card.strength} · Reward: {card.credits} credits · "
            f"Days: {card.days} · Penalty: {card.crew_lost} crew"
        ]

    def penalty(self, card: SlaversCard) -> list[Row]:
        return [crew_lost_row(card.crew_lost)]


class Smugglers(_Enemy):
    name = "smugglers"
    leans = ("cannon", "cargo")
    text_fields = ("strength", "days", "goods_lost", "goods", "goods_value")
    schema = SmugglersCard

    def goods(self, card: SmugglersCard) -> list[tuple[tuple[str | int, ...], str]]:
        return [(("goods", j), g) for j, g in enumerate(card.goods)]

    def fields(self, content: GalaxyTrucker, card: SmugglersCard) -> dict[str, Any]:
        return {
            **super().fields(content, card),
            "goods_lost": card.goods_lost,
            "goods": goods_words(card.goods),
            "goods_value": goods_value(content, card.goods),
        }

    def summary(self, content: GalaxyTrucker, card: SmugglersCard) -> list[str]:
        return [
            f"Strength: {card.strength} · Reward: {goods_words(card.goods)} · "
            f"Days: {card.days} · Penalty: {card.goods_lost} goods"
        ]

    def reward(self, content: GalaxyTrucker, card: SmugglersCard) -> Row:
        return goods_row(content, "+", card.goods)

    def penalty(self, card: SmugglersCard) -> list[Row]:
        grey_cube = lambda s, cx, cy, sz: goods_art.cube(s, cx, cy, sz, "any")  # noqa: E731
        return [stat(grey_cube, f"{sign(card.goods_lost)} goods")]


# Galaxy Trucker's card kinds, in the order its registry lists them (content.KINDS).
KINDS: tuple[type[CardKind], ...] = (
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
