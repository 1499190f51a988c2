"""The Galaxy Trucker pack's schema: what each YAML file may hold, as frozen msgspec Structs.

Shape checks live in the models; checks that need two files at once (a card naming a goods
colour, a round naming a ship, a deck too small for a round) live in `content.py`. Tile and
card kinds are open: each is an object of the game's registry (kinds.py) that brings its
own schema."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from generator.common.errors import abridge
from generator.games.galaxy_trucker.kinds import TILE_KINDS_KEY
from generator.pack.validation import Strict, validation_context

# The barrel of a cannon and the exhaust of an engine take a whole side: nothing connects there.
# Plating (Keep on Trucking) is a side kind, not a connector: it joins like smooth and makes
# every hit on that side bounce.
Side = Literal["smooth", "single", "double", "universal", "cannon", "engine", "plating"]
# Sides that join another tile (connector to connector).
CONNECTORS = ("single", "double", "universal")
Direction = Literal["front", "rear", "left", "right"]
Size = Literal["small", "large"]
Level = Literal[1, 2, 3]
SIDES = ("n", "e", "s", "w")
Id = Annotated[str, Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*\Z", max_length=40)]
Count = Annotated[int, Meta(ge=0, le=99)]
Positive = Annotated[int, Meta(ge=1, le=99)]
Line = Annotated[int, Meta(ge=2, le=12)]  # a row or column: the 2d6 sums on a board's edges


# --- goods.yaml --------------------------------------------------------------------------
class Good(Strict, frozen=True, kw_only=True):
    name: str
    value: Positive
    hazardous: bool = False


class GoodsFile(Strict, frozen=True, kw_only=True):
    goods: dict[Id, Good]


# --- tiles.yaml --------------------------------------------------------------------------
class TileType(Strict, frozen=True, kw_only=True):
    name: str
    # One of the game's tile kinds (kinds.py): it says which of the fields below it needs.
    kind: str
    summary: str
    strength: Annotated[int, Meta(ge=1, le=2)] | None = None  # cannons and engines
    cells: Positive | None = None  # batteries
    slots: Positive | None = None  # cargo holds
    hazardous: bool = False  # red-goods holds
    alien: Literal["brown", "purple", "cyan"] | None = None  # life support
    # Keep on Trucking kinds: what a booster boosts; a catapult's arrows (unrotated sides).
    boosts: Literal["cannon", "engine", "shield"] | None = None
    arrows: list[Literal["n", "e", "s", "w"]] | None = None
    sleepers: Positive | None = None  # stasis chambers

    def __post_init__(self) -> None:
        # The game being loaded passes its own tile kinds (kinds.Kinds.validation_context):
        # which kinds exist depends on the game, never on what the process imported.
        kinds = validation_context().get(TILE_KINDS_KEY)
        if kinds is None:
            raise ValueError("tile types are validated with a game's tile kinds (none given)")
        kind = kinds.get(self.kind)
        if kind is None:
            raise ValueError(
                f"unknown tile kind {abridge(repr(self.kind))} "
                f"(expected one of: {', '.join(kinds)})"
            )
        for name in kind.required:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind} type needs '{name}'")


class Sides(Strict, frozen=True, kw_only=True):
    n: Side
    e: Side
    s: Side
    w: Side

    def as_tuple(self) -> tuple[str, str, str, str]:
        return (self.n, self.e, self.s, self.w)


class Tile(Strict, frozen=True, kw_only=True):
    id: Id
    type: Id
    sides: Sides
    # A tile of the pack's own design, not a published one (Keep on Trucking's 52).
    ours: bool = False


class TilesFile(Strict, frozen=True, kw_only=True):
    tile_types: dict[Id, TileType]
    starting_cabin: Tile
    tiles: Annotated[list[Tile], Meta(min_length=1)]


# --- cards.yaml --------------------------------------------------------------------------
class Meteor(Strict, frozen=True, kw_only=True):
    size: Size
    direction: Direction = field(name="from")


class Shot(Strict, frozen=True, kw_only=True):
    size: Size
    direction: Direction = field(name="from")


class CardBase(Strict, tag_field="kind", frozen=True, kw_only=True):
    """What every card has; each kind's schema is tagged with its kind's name
    (`class PlanetsCard(CardBase, tag="planets", frozen=True)`) and adds its fields."""

    id: Id
    level: Level

    @property
    def kind(self) -> str:
        """The card's kind: its `kind:` key, the tag of its kind's schema."""
        return str(type(self).__struct_config__.tag)


# The schema of each kind of card is its kind's (card_kinds.py); cards.yaml's schema is the
# union of the game's kinds (kinds.Kinds.cards_file_schema).
Card = CardBase


# --- boards.yaml -------------------------------------------------------------------------
class Cell(Strict, frozen=True, kw_only=True):
    row: Line
    column: Line


class StartCell(Cell, frozen=True, kw_only=True):
    # The tile printed there: the starting cabin's id in tiles.yaml.
    tile: Id


class WrapTo(Strict, frozen=True, kw_only=True):
    """Where a front or rear hit goes instead on a WRAP board: a side and a row."""

    direction: Literal["left", "right"] = field(name="from")
    row: Line


class Board(Strict, frozen=True, kw_only=True):
    name: str
    # row number -> the column numbers that hold a cell; numbers are the 2d6 sums printed
    # on the board's edges.
    cells: dict[Line, list[Line]]
    start: StartCell
    # How a 2d6 roll finds its line (Keep on Trucking's ships A): "plain" as printed;
    # "mirror" also hits column 14 - c on front and rear hits; "wrap" sends the front or rear
    # rolls of `wrap` to a side; "labels" reads every roll by the line `labels` names.
    hits: Literal["plain", "mirror", "wrap", "labels"] = "plain"
    # For "wrap": direction (front/rear) -> column roll -> the side hit it becomes.
    wrap: dict[Literal["front", "rear"], dict[Line, WrapTo]] = field(default_factory=dict)
    # For "labels": line number on the board -> the 2d6 sums that hit it.
    labels: dict[Line, list[Line]] = field(default_factory=dict)

    def has_cell(self, row: int, column: int) -> bool:
        return column in self.cells.get(row, [])

    @property
    def rows(self) -> list[int]:
        return sorted(self.cells)

    @property
    def columns(self) -> list[int]:
        return sorted({c for cols in self.cells.values() for c in cols})

    @property
    def cell_count(self) -> int:
        return sum(len(cols) for cols in self.cells.values())


class BoardsFile(Strict, frozen=True, kw_only=True):
    boards: dict[Id, Board]


# --- rounds.yaml -------------------------------------------------------------------------
class Round(Strict, frozen=True, kw_only=True):
    round: Positive
    ship: Id
    build_turns: Positive
    sets_per_turn: Positive = 3
    tiles_per_set: Positive = 3
    flight_turns: Positive
    events_per_turn: Positive = 2
    stacks: Positive = 4
    peekable_stacks: Count = 3
    stack_size: Positive
    # card level -> how many cards of that level go into each stack
    stack_mix: dict[Level, Positive]
    pretty_ship: Count
    lost_component_boxes: Positive


class Schedule(Strict, frozen=True, kw_only=True):
    slots: Annotated[list[str], Meta(min_length=1, max_length=6)]


class RoundsFile(Strict, frozen=True, kw_only=True):
    schedule: Schedule
    rounds: Annotated[list[Round], Meta(min_length=1, max_length=9)]


# --- texts.yaml --------------------------------------------------------------------------
class CardText(Strict, frozen=True, kw_only=True):
    name: str
    resolve: str


class TextsFile(Strict, frozen=True, kw_only=True):
    game_name: str
    cards: dict[Id, CardText]  # card kind -> its name and resolve text
    before_day_one: str
    game_start: str
    round_start: str
    peek_rule: str
    build_turn: str
    # How smooth sides (and any side kind that joins like smooth) may touch, in the build
    # post, the aid and the ship sheet: flight/ship.py FITS is the rule they word.
    side_rule: str
    end_of_building: str
    flight_turn: str
    end_of_flight: str
    end_of_game: str
    spoiler_warning: str
    out_of_round: str
