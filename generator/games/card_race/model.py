"""The schemas of the Galactic Card Race pack's files and of a game file's table settings."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.pack.legacy_pydantic import Strict

LANGUAGES = ("en", "de")
Variant = Literal["standard", "hidden", "unknown"]
RGB = tuple[int, int, int]
# A player's name is one word (a column of the score file, a command argument and part of a
# file name): letters and digits, with inner hyphens or apostrophes; no dots or slashes.
PLAYER_NAME = r"^[^\W_][\w'-]{0,19}$"


class Suit(Strict):
    code: Literal["I", "P", "W", "G"]
    en: str = Field(min_length=1)
    de: str = Field(min_length=1)
    colour: RGB


class Numbers(Strict):
    low: int = Field(ge=1)
    high: int = Field(le=99)


class Ship(Strict):
    from_: int = Field(alias="from", ge=1)
    to: int
    en: str = Field(min_length=1)
    de: str = Field(min_length=1)


class OtherCard(Strict):
    code: Literal["N", "F", "T", "B", "H"]
    kind: Literal["navigator", "leak", "tractor", "booster", "black-hole"]
    count: int = Field(ge=1, le=8)
    special: bool
    en: str = Field(min_length=1)
    de: str = Field(min_length=1)


class CardsFile(Strict):
    suits: list[Suit] = Field(min_length=1, max_length=4)
    numbers: Numbers
    ships: list[Ship]
    others: list[OtherCard]


class PlayerRange(Strict):
    min: int = Field(ge=2)
    max: int = Field(le=8)


class RoundRange(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)
    default: int = Field(ge=1)


class Scoring(Strict):
    bid_met: int
    per_trick: int
    per_trick_off: int
    booster: int
    floor: int


class ShipColour(Strict):
    en: str = Field(min_length=1)
    de: str = Field(min_length=1)
    colour: RGB


class RulesFile(Strict):
    players: PlayerRange
    rounds: dict[int, RoundRange]
    first_round_bids: list[int] = Field(min_length=1)
    scoring: Scoring
    variants: dict[Variant, Literal["each-bid", "all-bids-in", "round-end"]]
    ships: list[ShipColour]


class Table(Strict):
    """The settings of one game at the table (the pack's game.yaml, or a host's game file)."""

    players: list[str] = Field(min_length=1, max_length=8)
    rounds: int | None = Field(default=None, ge=1, le=60)
    bidding: Variant = "standard"
    specials: bool = True
    lang: Literal["en", "de", "both"] = "en"
    days_per_round: int = Field(default=2, ge=1, le=14)
