"""The Galaxy Trucker pack's schema: what each YAML file may hold, as frozen pydantic models.

Shape checks live in the models; checks that need two files at once (a card naming a goods
colour, a round naming a ship, a deck too small for a round) live in `checks.py`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from generator.validation import Strict

Connector = Literal["smooth", "single", "double", "universal"]
# The barrel of a cannon and the exhaust of an engine take a whole side: nothing connects there.
Side = Literal["smooth", "single", "double", "universal", "cannon", "engine"]
Direction = Literal["front", "rear", "left", "right"]
Size = Literal["small", "large"]
Level = Literal[1, 2, 3]
TileKind = Literal[
    "starting-cabin",
    "cabin",
    "cannon",
    "engine",
    "battery",
    "cargo",
    "shield",
    "structural",
    "life-support",
]
CardKind = Literal[
    "abandoned-ship",
    "abandoned-station",
    "open-space",
    "planets",
    "stardust",
    "epidemic",
    "meteoric-swarm",
    "pirates",
    "slavers",
    "smugglers",
]
CARD_KINDS: tuple[str, ...] = CardKind.__args__  # type: ignore[attr-defined]
SIDES = ("n", "e", "s", "w")
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=40)]
Count = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(ge=1, le=99)]


# --- goods.yaml --------------------------------------------------------------------------
class Good(Strict):
    name: str
    value: Positive
    hazardous: bool = False


class GoodsFile(Strict):
    goods: dict[Id, Good]


# --- tiles.yaml --------------------------------------------------------------------------
class TileType(Strict):
    name: str
    kind: TileKind
    summary: str
    strength: Annotated[int, Field(ge=1, le=2)] | None = None  # cannons and engines
    cells: Positive | None = None  # batteries
    slots: Positive | None = None  # cargo holds
    hazardous: bool = False  # red-goods holds
    alien: Literal["brown", "purple"] | None = None  # life support

    @model_validator(mode="after")
    def _kind_fields(self) -> TileType:
        needs = {
            "cannon": "strength",
            "engine": "strength",
            "battery": "cells",
            "cargo": "slots",
            "life-support": "alien",
        }
        field = needs.get(self.kind)
        if field and getattr(self, field) is None:
            raise ValueError(f"a {self.kind} type needs '{field}'")
        return self


class Sides(Strict):
    n: Side
    e: Side
    s: Side
    w: Side

    def as_tuple(self) -> tuple[str, str, str, str]:
        return (self.n, self.e, self.s, self.w)


class Tile(Strict):
    id: Id
    type: Id
    sides: Sides


class TilesFile(Strict):
    tile_types: dict[Id, TileType]
    starting_cabin: Tile
    tiles: list[Tile] = Field(min_length=1)


# --- cards.yaml --------------------------------------------------------------------------
class Meteor(Strict):
    size: Size
    direction: Direction = Field(alias="from")


class Shot(Strict):
    size: Size
    direction: Direction = Field(alias="from")


class CardBase(Strict):
    id: Id
    level: Level


class AbandonedShip(CardBase):
    kind: Literal["abandoned-ship"]
    crew_lost: Positive
    credits: Positive
    days: Positive


class AbandonedStation(CardBase):
    kind: Literal["abandoned-station"]
    crew_needed: Positive
    goods: list[Id] = Field(min_length=1)
    days: Positive


class OpenSpace(CardBase):
    kind: Literal["open-space"]


class Planets(CardBase):
    kind: Literal["planets"]
    days: Positive
    planets: list[list[Id]] = Field(min_length=1, max_length=6)


class Stardust(CardBase):
    kind: Literal["stardust"]


class Epidemic(CardBase):
    kind: Literal["epidemic"]


class MeteoricSwarm(CardBase):
    kind: Literal["meteoric-swarm"]
    meteors: list[Meteor] = Field(min_length=1, max_length=12)


class Pirates(CardBase):
    kind: Literal["pirates"]
    strength: Positive
    credits: Positive
    days: Positive
    shots: list[Shot] = Field(min_length=1, max_length=12)


class Slavers(CardBase):
    kind: Literal["slavers"]
    strength: Positive
    crew_lost: Positive
    credits: Positive
    days: Positive


class Smugglers(CardBase):
    kind: Literal["smugglers"]
    strength: Positive
    goods_lost: Positive
    goods: list[Id] = Field(min_length=1)
    days: Positive


Card = Annotated[
    AbandonedShip
    | AbandonedStation
    | OpenSpace
    | Planets
    | Stardust
    | Epidemic
    | MeteoricSwarm
    | Pirates
    | Slavers
    | Smugglers,
    Field(discriminator="kind"),
]


class CardsFile(Strict):
    cards: list[Card] = Field(min_length=1)


# --- boards.yaml -------------------------------------------------------------------------
class Cell(Strict):
    row: Annotated[int, Field(ge=2, le=12)]
    column: Annotated[int, Field(ge=2, le=12)]


class StartCell(Cell):
    # The tile printed there: the starting cabin's id in tiles.yaml.
    tile: Id


class Board(Strict):
    name: str
    # row number -> the column numbers that hold a cell; numbers are the 2d6 sums printed
    # on the board's edges.
    cells: dict[Annotated[int, Field(ge=2, le=12)], list[Annotated[int, Field(ge=2, le=12)]]]
    start: StartCell

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


class BoardsFile(Strict):
    boards: dict[Id, Board]


# --- rounds.yaml -------------------------------------------------------------------------
class Round(Strict):
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


class Schedule(Strict):
    slots: list[str] = Field(min_length=1, max_length=6)


class RoundsFile(Strict):
    schedule: Schedule
    rounds: list[Round] = Field(min_length=1, max_length=9)


# --- texts.yaml --------------------------------------------------------------------------
class CardText(Strict):
    name: str
    resolve: str


class TextsFile(Strict):
    game_name: str
    cards: dict[CardKind, CardText]
    before_day_one: str
    game_start: str
    round_start: str
    peek_rule: str
    build_turn: str
    end_of_building: str
    flight_turn: str
    end_of_flight: str
    end_of_game: str
    spoiler_warning: str
    out_of_round: str
