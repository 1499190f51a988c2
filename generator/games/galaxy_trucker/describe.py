"""Words for tiles and cards: used in post texts and as image alt text."""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.games.galaxy_trucker.content import CARD_TEXT_FIELDS, GalaxyTrucker
from generator.games.galaxy_trucker.model import (
    AbandonedShip,
    AbandonedStation,
    Card,
    MeteoricSwarm,
    Pirates,
    Planets,
    Slavers,
    Smugglers,
    Tile,
)

LEVELS = {1: "I", 2: "II", 3: "III"}
SET_NAMES = "ABCDEFGHIJ"  # a build turn's sets: A, B, C; tiles A1-C3
SIDE_NAMES = ("top", "right", "bottom", "left")
SIDE_WORDS = {"cannon": "barrel", "engine": "exhaust"}
FROM = {
    "front": "from the front",
    "rear": "from the rear",
    "left": "from the left",
    "right": "from the right",
}
LINE = {"front": "column", "rear": "column", "left": "row", "right": "row"}


def tile_sides(tile: Tile) -> str:
    """'top barrel, right smooth, bottom double, left universal'"""
    return ", ".join(
        f"{name} {SIDE_WORDS.get(value, value)}"
        for name, value in zip(SIDE_NAMES, tile.sides.as_tuple(), strict=True)
    )


# A shield covers the top and right sides as printed (the relaunch tiles); rotating the tile
# turns them. Posts say so in words, since a picture's corner bar is easy to misread.
SHIELD_COVERS = ("top", "right")


def tile_words(content: GalaxyTrucker, tile: Tile) -> str:
    """'double cannon (top barrel, right smooth, bottom double, left universal)';
    a shield also names the sides it covers."""
    kind = content.tile_type(tile)
    covers = ""
    if kind.kind == "shield":
        covers = f"covers {SHIELD_COVERS[0]} and {SHIELD_COVERS[1]}; "
    return f"{kind.name} ({covers}{tile_sides(tile)})"


def goods_words(goods: list[str]) -> str:
    """'red, 2 green, blue' in the order first seen."""
    counts = Counter(goods)
    return ", ".join(f"{n} {g}" if n > 1 else g for g, n in counts.items())


def goods_value(content: GalaxyTrucker, goods: list[str]) -> int:
    return sum(content.goods[g].value for g in goods)


def card_title(content: GalaxyTrucker, card: Card) -> str:
    return f"{content.texts.cards[card.kind].name} (level {LEVELS[card.level]})"


def card_fields(content: GalaxyTrucker, card: Card) -> dict[str, Any]:
    """Values the card texts may use as placeholders."""
    fields: dict[str, Any] = dict.fromkeys(CARD_TEXT_FIELDS, "")
    for name in ("crew_lost", "credits", "days", "crew_needed", "strength", "goods_lost"):
        if hasattr(card, name):
            fields[name] = getattr(card, name)
    if isinstance(card, AbandonedStation | Smugglers):
        fields["goods"] = goods_words(card.goods)
        fields["goods_value"] = goods_value(content, card.goods)
    if isinstance(card, Planets):
        fields["planets"] = "; ".join(
            f"planet {i} {goods_words(p)} ({goods_value(content, p)} points)"
            for i, p in enumerate(card.planets, 1)
        )
    if isinstance(card, MeteoricSwarm):
        fields["count"] = len(card.meteors)
    if isinstance(card, Pirates):
        fields["count"] = len(card.shots)
    return fields


def card_summary(content: GalaxyTrucker, card: Card) -> list[str]:
    """The card's face as short lines: what a player needs to see at a glance."""
    if isinstance(card, AbandonedShip):
        return [f"Crew to give up: {card.crew_lost} · Credits: {card.credits} · Days: {card.days}"]
    if isinstance(card, AbandonedStation):
        return [
            f"Crew needed: {card.crew_needed} · Goods: {goods_words(card.goods)} · "
            f"Days: {card.days}"
        ]
    if isinstance(card, Planets):
        return [
            f"Planet {i}: {goods_words(p)} ({goods_value(content, p)} points)"
            for i, p in enumerate(card.planets, 1)
        ] + [f"Days: {card.days}"]
    if isinstance(card, MeteoricSwarm):
        return [f"Meteor {i}: {m.size}, {FROM[m.direction]}" for i, m in enumerate(card.meteors, 1)]
    if isinstance(card, Pirates):
        return [
            f"Strength: {card.strength} · Reward: {card.credits} credits · Days: {card.days}"
        ] + [f"Shot {i}: {s.size}, {FROM[s.direction]}" for i, s in enumerate(card.shots, 1)]
    if isinstance(card, Slavers):
        return [
            f"Strength: {card.strength} · Reward: {card.credits} credits · "
            f"Days: {card.days} · Penalty: {card.crew_lost} crew"
        ]
    if isinstance(card, Smugglers):
        return [
            f"Strength: {card.strength} · Reward: {goods_words(card.goods)} · "
            f"Days: {card.days} · Penalty: {card.goods_lost} goods"
        ]
    return []


def card_words(content: GalaxyTrucker, card: Card) -> str:
    """One sentence for alt text: 'Planets (level I): planet 1 red, green; ...; days 3'."""
    lines = card_summary(content, card)
    return card_title(content, card) + (": " + "; ".join(lines) if lines else "")


def roll_labels(card: Card) -> list[str]:
    """What each roll of a card is for: 'meteor 2, large from the left, picks the row'."""
    if isinstance(card, MeteoricSwarm):
        return [
            f"meteor {i}, {m.size}, {FROM[m.direction]} ({LINE[m.direction]})"
            for i, m in enumerate(card.meteors, 1)
        ]
    if isinstance(card, Pirates):
        return [
            f"shot {i}, {s.size}, {FROM[s.direction]} ({LINE[s.direction]})"
            for i, s in enumerate(card.shots, 1)
        ]
    return []


def event_number(rnd: dict[str, Any], flight_index: int, offset: int) -> int:
    """Events are numbered through the round: turn 2's first event is 3 with 2 a turn."""
    per_turn = len(rnd["flight_turns"][0]["events"])
    return flight_index * per_turn + offset + 1
