"""The Battlestar pack's schema: what each YAML file may hold, as frozen msgspec Structs.

Checks within one file live here; checks across files (a succession list names known
characters, a loyalty table uses up its deck) live in `content.py`."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from msgspec import Meta, field

from generator.pack.validation import FieldError, Strict

Id = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9-]*\Z", max_length=40)]
# Names reach forum posts in three markups: no brackets, angle brackets, asterisks,
# underscores, pipes or backticks, so no name can open a tag, a spoiler or emphasis.
Name = Annotated[str, Meta(pattern=r"^[^\[\]<>*_|`\\\x00-\x1f]{1,60}\Z")]
Text = Annotated[str, Meta(pattern=r"^[^\[\]<>*_|`\\\x00-\x1f]{1,160}\Z")]  # a sentence
CharacterType = Literal["political-leader", "military-leader", "pilot", "support"]
# The types the choosing rule counts (support characters may be chosen at any time).
RULED_TYPES: tuple[str, ...] = ("political-leader", "military-leader", "pilot")
Phase = Literal["setup", "sleeper"]
Count = Annotated[int, Meta(ge=0, le=200)]


# --- characters.yaml ----------------------------------------------------------------------
class SkillEntry(Strict, frozen=True, kw_only=True):
    """One entry of a skill set: `count` cards of `types` (two types: a multi-skill)."""

    types: Annotated[list[Id], Meta(min_length=1, max_length=2)]
    count: Annotated[int, Meta(ge=1, le=5)]


class Character(Strict, frozen=True, kw_only=True):
    id: Id
    name: Name
    type: CharacterType
    skills: Annotated[list[SkillEntry], Meta(min_length=1, max_length=5)]
    setup: Name
    # Starts the game piloting a viper taken from the reserves (Apollo).
    launches_viper: bool = False


class CharactersFile(Strict, frozen=True, kw_only=True):
    characters: Annotated[list[Character], Meta(min_length=1, max_length=40)]


# --- succession.yaml ----------------------------------------------------------------------
class SuccessionFile(Strict, frozen=True, kw_only=True):
    president: Annotated[list[Id], Meta(min_length=1, max_length=40)]
    admiral: Annotated[list[Id], Meta(min_length=1, max_length=40)]
    lost_in_brig: list[Literal["president", "admiral"]] = field(default_factory=list)


# --- loyalty.yaml -------------------------------------------------------------------------
class LoyaltyRow(Strict, frozen=True, kw_only=True):
    players: Annotated[int, Meta(ge=3, le=6)]
    cylon: Annotated[int, Meta(ge=1, le=6)]
    not_cylon: Annotated[int, Meta(ge=0, le=20)]
    sympathizer: bool


class ExtraCard(Strict, frozen=True, kw_only=True):
    character: Id
    phase: Phase


class LoyaltyFile(Strict, frozen=True, kw_only=True):
    decks: Annotated[list[LoyaltyRow], Meta(min_length=1, max_length=4)]
    extra_cards: list[ExtraCard] = field(default_factory=list)
    cylon_cards: Annotated[list[Name], Meta(min_length=1, max_length=20)]
    not_cylon_card: Name
    sympathizer_card: Name


# --- fleet.yaml ---------------------------------------------------------------------------
class Resource(Strict, frozen=True, kw_only=True):
    id: Literal["food", "fuel", "morale", "population"]
    name: Name
    start: Annotated[int, Meta(ge=1, le=30)]
    red_at: Annotated[int, Meta(ge=0, le=30)]


class Difficulty(Strict, frozen=True, kw_only=True):
    id: Id
    name: Name
    adjust: Annotated[int, Meta(ge=-5, le=5)]


class Reserve(Strict, frozen=True, kw_only=True):
    id: Literal["vipers", "raptors"]
    name: Name
    count: Annotated[int, Meta(ge=0, le=20)]  # in the box: the most the reserves can hold
    placed: Annotated[int, Meta(ge=0, le=20)] = 0  # put on the board at setup, not in reserve
    placed_where: Name | None = None

    @property
    def at_setup(self) -> int:
        """In the reserves after the setup places ships (before a character launches one)."""
        return self.count - self.placed


class JumpSpace(Strict, frozen=True, kw_only=True):
    name: Name
    population_risk: Annotated[int, Meta(ge=0, le=10)] = 0


class FleetFile(Strict, frozen=True, kw_only=True):
    resources: Annotated[list[Resource], Meta(min_length=4, max_length=4)]
    dial_max: Annotated[int, Meta(ge=5, le=30)]
    difficulties: Annotated[list[Difficulty], Meta(min_length=1, max_length=10)]
    reserves: Annotated[list[Reserve], Meta(min_length=2, max_length=2)]
    admiral_nukes: Annotated[int, Meta(ge=0, le=10)]
    president_quorum_draw: Annotated[int, Meta(ge=0, le=5)]
    setup_ships: Text | None = None  # the ships the setup places, as the setup post says it
    jump_track: Annotated[list[JumpSpace], Meta(min_length=2, max_length=12)]
    distance_goal: Annotated[int, Meta(ge=1, le=30)]
    sleeper_distance: Annotated[int, Meta(ge=1, le=30)]


# --- skills.yaml --------------------------------------------------------------------------
class SkillType(Strict, frozen=True, kw_only=True):
    id: Id
    name: Name


class SkillValue(Strict, frozen=True, kw_only=True):
    value: Annotated[int, Meta(ge=0, le=9)]
    count: Annotated[int, Meta(ge=1, le=50)]
    name: Name | None = None


class Destiny(Strict, frozen=True, kw_only=True):
    per_type: Annotated[int, Meta(ge=1, le=5)]
    per_check: Annotated[int, Meta(ge=1, le=5)]


class SkillsFile(Strict, frozen=True, kw_only=True):
    types: Annotated[list[SkillType], Meta(min_length=1, max_length=10)]
    setup_draw: Annotated[int, Meta(ge=0, le=10)]
    destiny: Destiny
    decks: dict[Id, Annotated[list[SkillValue], Meta(min_length=1, max_length=20)]]


# --- decks.yaml ---------------------------------------------------------------------------
DeckId = Literal["crisis", "super-crisis", "quorum", "destination"]
PACK_DECKS: tuple[str, ...] = get_args(DeckId)


class DecksFile(Strict, frozen=True, kw_only=True):
    decks: dict[DeckId, Annotated[list[Name], Meta(min_length=1, max_length=500)]]

    def __post_init__(self) -> None:
        missing = [d for d in PACK_DECKS if d not in self.decks]
        if missing:
            expected = ", ".join(PACK_DECKS)
            raise FieldError("decks", f"no deck {', '.join(missing)} (expected {expected})")
