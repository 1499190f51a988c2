"""The registry of Galaxy Trucker's tile kinds and card kinds.

A kind is one object that knows everything the game does differently for it: its schema
(which fields a tile type or card of that kind has), the 2d6 rolls it needs, its words for
posts and alt text (names and resolve texts come from the pack's texts.yaml), its picture
and its colours. The planner, the post writer, the images and the sheets ask the kind
through the loaded content (`content.kinds`); none of them branches on a kind's name.

A registry (`Kinds`) belongs to a game, not to the process: Galaxy Trucker's is built from
the classes listed in `tile_kinds.py` and `card_kinds.py` (content.KINDS), and an expansion
adds kinds on its own registry (`KINDS.extended(Kinds(...))`), so importing an expansion never
changes what a Galaxy Trucker pack accepts.

This module holds only the interfaces and the registry, so the schema (model.py) can
consult them without importing any picture code."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union, cast

import msgspec

from generator.pack.validation import Strict

if TYPE_CHECKING:
    from generator.art.surface import Color, Surface
    from generator.games.galaxy_trucker.art.cards import Row
    from generator.games.galaxy_trucker.art.tiles import Frame, SidePainter
    from generator.games.galaxy_trucker.content import GalaxyTrucker
    from generator.games.galaxy_trucker.model import CardBase, TileType

SideMark = Literal["cannon", "engine"]


@dataclass(frozen=True)
class Hit:
    """Something on a card that needs its own 2d6 roll: a meteor or a shot."""

    noun: str  # "meteor", "shot"
    size: str  # "small", "large"
    direction: str  # "front", "rear", "left", "right"
    # The roll's label when the kind words it itself (a Junkyard row's meteor, a Sabotage
    # coordinate); empty: "meteor 2, large from the left (row)".
    label: str = ""


class TileKind:
    """One kind of component tile (cabin, cannon, battery...)."""

    name: ClassVar[str]
    # Fields a tile type of this kind must set (strength, cells, slots, alien).
    required: ClassVar[tuple[str, ...]] = ()
    # The one side that carries a barrel or an exhaust, unrotated: ("n", "cannon").
    mark: ClassVar[tuple[str, SideMark] | None] = None
    # The cabin printed on every sheet: never drawn from the pool.
    start: ClassVar[bool] = False
    # Its picture is the connectors alone: the sheets use it to show each connector.
    plain: ClassVar[bool] = False
    # The sides it protects as printed (a shield's), named in every post text, since a
    # picture's corner bar is easy to misread.
    covers: ClassVar[tuple[str, ...]] = ()
    fill: ClassVar[Color] = (215, 215, 215)
    # What the tile does in flight (issue 16's engine and bot read these, never the name).
    # A kind that sets none of them flies as a structural piece.
    crew: ClassVar[bool] = False  # starts the flight with two humans (cabins)
    alien_berth: ClassVar[bool] = False  # may take an alien (a cabin, not the starting one)
    engine: ClassVar[bool] = False  # adds engine power (its strength; double uses a battery)
    cannon: ClassVar[bool] = False  # adds firepower (its strength; double uses a battery)
    shield: ClassVar[bool] = False  # protects the sides in `covers` for a battery charge
    battery: ClassVar[bool] = False  # holds `cells` charges
    hold: ClassVar[bool] = False  # carries goods in `slots`
    life_support: ClassVar[bool] = False  # lets cabins beside it take an alien of `alien`

    def marks(self) -> tuple[tuple[str, SideMark], ...]:
        """Every barrel and exhaust side, unrotated (a combined cannon-engine has two)."""
        return (self.mark,) if self.mark else ()

    def words(self, tt: TileType) -> str:
        """The tile type in words for posts and alt text (a catapult adds its arrows)."""
        return tt.name

    def label(self, tt: TileType) -> str:
        """The short word printed on the tile."""
        return self.name.upper()

    def legend_label(self, tt: TileType) -> str:
        """The legend's name; sizes (of batteries, holds) are told apart by the picture."""
        return tt.name

    def panel_fill(self, tt: TileType) -> Color:
        return self.fill

    def under_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        """Drawn before the panel (an engine's nozzles)."""

    def over_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        """Drawn over the panel's edge (a cannon's barrels)."""

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        """The pictogram on the panel."""


class CardKind:
    """One kind of adventure card (planets, pirates...)."""

    name: ClassVar[str]
    schema: ClassVar[type[CardBase]]
    colour: ClassVar[Color]
    # Why the post's rolls are there ("one per meteor") and, if they may go unused, the
    # line the dice image adds ("Pirate shots only if the pirates beat you").
    roll_note: ClassVar[str] = ""
    roll_condition: ClassVar[str | None] = None
    # The placeholders its resolve text may use; `fields` gives their values.
    text_fields: ClassVar[tuple[str, ...]] = ()
    # Tile kinds (by name) a building bot that peeks at this card wants more of.
    leans: ClassVar[tuple[str, ...]] = ()

    def hits(self, card: Any) -> list[Hit]:
        """What needs a 2d6 roll each; the planner rolls once per hit."""
        return []

    def goods(self, card: Any) -> list[tuple[tuple[str | int, ...], str]]:
        """(path within the card, goods colour) for every good the card names."""
        return []

    def fields(self, content: GalaxyTrucker, card: Any) -> dict[str, Any]:
        """Values for the placeholders of its resolve text (texts.yaml)."""
        return {}

    def summary(self, content: GalaxyTrucker, card: Any) -> list[str]:
        """The card's face as short lines of words."""
        return []

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: Any, room: float, size: float
    ) -> list[Row]:
        """The rows of the card picture's body."""
        return []


class Kinds:
    """One game's registry: its tile kinds, card kinds and side painters, by name.

    It belongs to the game it is loaded with (the rules' content loader passes it), never
    to the process: an expansion builds its own from its base's (`extended`), so a base
    pack never accepts an expansion's kinds, whatever was imported before. The order of
    each table is the order the kinds were given in (the player aid lists them so)."""

    def __init__(
        self,
        tiles: Iterable[type[TileKind]] = (),
        cards: Iterable[type[CardKind]] = (),
        sides: Mapping[str, SidePainter] | None = None,
    ) -> None:
        self.tiles: dict[str, TileKind] = {cls.name: cls() for cls in tiles}
        self.cards: dict[str, CardKind] = {cls.name: cls() for cls in cards}
        # How a side value other than a connector is drawn (Keep on Trucking's plating).
        self.sides: dict[str, SidePainter] = dict(sides or {})

    def extended(self, own: Kinds) -> Kinds:
        """A new registry: an expansion's `own` kinds after this one's (a kind of the same
        name replaces the base's in its place); this registry is left as it was."""
        merged = Kinds()
        merged.tiles = {**self.tiles, **own.tiles}
        merged.cards = {**self.cards, **own.cards}
        merged.sides = {**self.sides, **own.sides}
        return merged

    def tile(self, name: str) -> TileKind:
        return self.tiles[name]

    def card(self, card: Any) -> CardKind:
        return self.cards[card.kind]

    def card_text_fields(self) -> set[str]:
        """Every placeholder a card's resolve text may use (a kind without a value leaves
        it empty, so the shared texts stay simple)."""
        return {name for kind in self.cards.values() for name in kind.text_fields}

    def cards_file_schema(self) -> type[Strict]:
        """cards.yaml's schema: a list of cards, each validated by its kind's schema."""
        return _cards_file_schema(tuple(kind.schema for kind in self.cards.values()))

    def validation_context(self) -> dict[str, Any]:
        """What the schema's validators read (model.TileType asks for the tile kinds)."""
        return {TILE_KINDS_KEY: self.tiles}


# The key of the validation context (validation.validation_context) under which a load passes
# its tile kinds.
TILE_KINDS_KEY = "tile_kinds"


@cache
def _cards_file_schema(members: tuple[type[CardBase], ...]) -> type[Strict]:
    # Built once per set of kind schemas (the class is not pickled: content keeps the cards,
    # which are instances of the kinds' own schemas).
    # The members are tagged by their `kind:` (model.CardBase), which picks each card's schema.
    card = Union[members]  # type: ignore[valid-type]  # built at run time  # noqa: UP007
    cards = Annotated[list[card], msgspec.Meta(min_length=1)]
    schema = msgspec.defstruct(
        "CardsFile", [("cards", cards)], bases=(Strict,), frozen=True, kw_only=True
    )
    return cast(type[Strict], schema)  # defstruct says Struct; its base here is Strict
