"""Words for tiles and cards: used in post texts and as image alt text."""

from __future__ import annotations

from typing import Any

from generator.games.galaxy_trucker.card_kinds import FROM
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Card, Tile
from generator.games.galaxy_trucker.plan import RoundPlan

LEVELS = {1: "I", 2: "II", 3: "III"}
SET_NAMES = "ABCDEFGHIJ"  # a build turn's sets: A, B, C; tiles A1-C3
SIDE_NAMES = ("top", "right", "bottom", "left")
SIDE_WORDS = {"cannon": "barrel", "engine": "exhaust", "plating": "plated"}
LINE = {"front": "column", "rear": "column", "left": "row", "right": "row"}


def tile_code(tile_id: str) -> str:
    """The code a player copies into a ship file or the ship builder page: the tile's pack
    id (`T035`). One code for posts, pictures, ship files and the page: the id needs no
    plan to resolve, so the offline page (public data only) can draw the tile from it."""
    return tile_id


def tile_sides(tile: Tile) -> str:
    """'top barrel, right smooth, bottom double, left universal'"""
    return ", ".join(
        f"{name} {SIDE_WORDS.get(value, value)}"
        for name, value in zip(SIDE_NAMES, tile.sides.as_tuple(), strict=True)
    )


def tile_words(content: GalaxyTrucker, tile: Tile) -> str:
    """'double cannon (top barrel, right smooth, bottom double, left universal)';
    a tile that protects sides (a shield) also names them, as its kind says; a kind may
    add to its name (a catapult's arrows)."""
    tile_type = content.tile_type(tile)
    kind = content.kinds.tile(tile_type.kind)
    covers = f"covers {' and '.join(kind.covers)}; " if kind.covers else ""
    return f"{kind.words(tile_type)} ({covers}{tile_sides(tile)})"


def card_title(content: GalaxyTrucker, card: Card) -> str:
    return f"{content.texts.cards[card.kind].name} (level {LEVELS[card.level]})"


def card_fields(content: GalaxyTrucker, card: Card) -> dict[str, Any]:
    """Values the card texts may use as placeholders; those the kind has no value for
    are empty."""
    kind = content.kinds.card(card)
    return {**dict.fromkeys(content.kinds.card_text_fields(), ""), **kind.fields(content, card)}


def card_summary(content: GalaxyTrucker, card: Card) -> list[str]:
    """The card's face as short lines: what a player needs to see at a glance."""
    return content.kinds.card(card).summary(content, card)


def card_words(content: GalaxyTrucker, card: Card) -> str:
    """One sentence for alt text: 'Planets (level I): planet 1 red, green; ...; days 3'."""
    lines = card_summary(content, card)
    return card_title(content, card) + (": " + "; ".join(lines) if lines else "")


def roll_labels(
    content: GalaxyTrucker, card: Card, lines: dict[str, str] | None = None
) -> list[str]:
    """What each roll of a card is for: 'meteor 2, large from the left (row)'. `lines`:
    the line each direction travels along, where a board reads them otherwise (Ship IA's
    printed lines, turned by the dice compass)."""
    found = []
    for i, h in enumerate(content.kinds.card(card).hits(card), 1):
        label = h.label or f"{h.noun} {i}, {h.size}, {FROM[h.direction]} ({LINE[h.direction]})"
        plain = f"({LINE.get(h.direction)})"
        if lines and h.direction in lines and label.endswith(plain):
            label = f"{label[: -len(plain)]}({lines[h.direction]})"
        found.append(label)
    return found


def event_number(rnd: RoundPlan, flight_index: int, offset: int) -> int:
    """Events are numbered through the round: turn 2's first event is 3 with 2 a turn."""
    return rnd.event_number(flight_index, offset)
