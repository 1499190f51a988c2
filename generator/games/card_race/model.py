"""The schemas of the Galactic Card Race pack's files and of a game file's table settings."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from generator.pack.validation import Strict

LANGUAGES = ("en", "de")
Variant = Literal["standard", "hidden", "unknown"]
RGB = tuple[int, int, int]
# A player's name is one word (a column of the score file, a command argument and part of a
# file name): letters and digits, with inner hyphens or apostrophes; no dots or slashes.
PLAYER_NAME = r"^[^\W_][\w'-]{0,19}$"


class Suit(Strict, frozen=True, kw_only=True):
    code: Literal["I", "P", "W", "G"]
    en: Annotated[str, Meta(min_length=1)]
    de: Annotated[str, Meta(min_length=1)]
    colour: RGB


class Numbers(Strict, frozen=True, kw_only=True):
    low: Annotated[int, Meta(ge=1)]
    high: Annotated[int, Meta(le=99)]


class Ship(Strict, frozen=True, kw_only=True):
    from_: Annotated[int, Meta(ge=1)] = field(name="from")
    to: int
    en: Annotated[str, Meta(min_length=1)]
    de: Annotated[str, Meta(min_length=1)]


class OtherCard(Strict, frozen=True, kw_only=True):
    code: Literal["N", "F", "T", "B", "H"]
    kind: Literal["navigator", "leak", "tractor", "booster", "black-hole"]
    count: Annotated[int, Meta(ge=1, le=8)]
    special: bool
    en: Annotated[str, Meta(min_length=1)]
    de: Annotated[str, Meta(min_length=1)]


class CardsFile(Strict, frozen=True, kw_only=True):
    suits: Annotated[list[Suit], Meta(min_length=1, max_length=4)]
    numbers: Numbers
    ships: list[Ship]
    others: list[OtherCard]


class PlayerRange(Strict, frozen=True, kw_only=True):
    min: Annotated[int, Meta(ge=2)]
    max: Annotated[int, Meta(le=8)]


class RoundRange(Strict, frozen=True, kw_only=True):
    min: Annotated[int, Meta(ge=1)]
    max: Annotated[int, Meta(ge=1)]
    default: Annotated[int, Meta(ge=1)]


class Scoring(Strict, frozen=True, kw_only=True):
    bid_met: int
    per_trick: int
    per_trick_off: int
    booster: int
    floor: int


class ShipColour(Strict, frozen=True, kw_only=True):
    en: Annotated[str, Meta(min_length=1)]
    de: Annotated[str, Meta(min_length=1)]
    colour: RGB


class RulesFile(Strict, frozen=True, kw_only=True):
    players: PlayerRange
    rounds: dict[int, RoundRange]
    first_round_bids: Annotated[list[int], Meta(min_length=1)]
    scoring: Scoring
    variants: dict[Variant, Literal["each-bid", "all-bids-in", "round-end"]]
    ships: list[ShipColour]


class Table(Strict, frozen=True, kw_only=True):
    """The settings of one game at the table (the pack's game.yaml, or a host's game file)."""

    players: Annotated[list[str], Meta(min_length=1, max_length=8)]
    rounds: Annotated[int, Meta(ge=1, le=60)] | None = None
    bidding: Variant = "standard"
    specials: bool = True
    lang: Literal["en", "de", "both"] = "en"
    days_per_round: Annotated[int, Meta(ge=1, le=14)] = 2
