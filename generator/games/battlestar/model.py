"""The Battlestar pack's schema: what each YAML file may hold, as frozen pydantic models.

Checks within one file live here; checks across files (a succession list names known
characters, a loyalty table uses up its deck) live in `content.py`."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, field_validator

from generator.pack.legacy_pydantic import Strict

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
# Names reach forum posts in three markups: no brackets, angle brackets, asterisks,
# underscores, pipes or backticks, so no name can open a tag, a spoiler or emphasis.
Name = Annotated[str, Field(pattern=r"^[^\[\]<>*_|`\\\x00-\x1f]{1,60}$")]
Text = Annotated[str, Field(pattern=r"^[^\[\]<>*_|`\\\x00-\x1f]{1,160}$")]  # a sentence
CharacterType = Literal["political-leader", "military-leader", "pilot", "support"]
# The types the choosing rule counts (support characters may be chosen at any time).
RULED_TYPES: tuple[str, ...] = ("political-leader", "military-leader", "pilot")
Phase = Literal["setup", "sleeper"]
Count = Annotated[int, Field(ge=0, le=200)]


# --- characters.yaml ----------------------------------------------------------------------
class SkillEntry(Strict):
    """One entry of a skill set: `count` cards of `types` (two types: a multi-skill)."""

    types: Annotated[list[Id], Field(min_length=1, max_length=2)]
    count: Annotated[int, Field(ge=1, le=5)]


class Character(Strict):
    id: Id
    name: Name
    type: CharacterType
    skills: Annotated[list[SkillEntry], Field(min_length=1, max_length=5)]
    setup: Name
    # Starts the game piloting a viper taken from the reserves (Apollo).
    launches_viper: bool = False


class CharactersFile(Strict):
    characters: Annotated[list[Character], Field(min_length=1, max_length=40)]


# --- succession.yaml ----------------------------------------------------------------------
class SuccessionFile(Strict):
    president: Annotated[list[Id], Field(min_length=1, max_length=40)]
    admiral: Annotated[list[Id], Field(min_length=1, max_length=40)]
    lost_in_brig: list[Literal["president", "admiral"]] = Field(default_factory=list)


# --- loyalty.yaml -------------------------------------------------------------------------
class LoyaltyRow(Strict):
    players: Annotated[int, Field(ge=3, le=6)]
    cylon: Annotated[int, Field(ge=1, le=6)]
    not_cylon: Annotated[int, Field(ge=0, le=20)]
    sympathizer: bool


class ExtraCard(Strict):
    character: Id
    phase: Phase


class LoyaltyFile(Strict):
    decks: Annotated[list[LoyaltyRow], Field(min_length=1, max_length=4)]
    extra_cards: list[ExtraCard] = Field(default_factory=list)
    cylon_cards: Annotated[list[Name], Field(min_length=1, max_length=20)]
    not_cylon_card: Name
    sympathizer_card: Name


# --- fleet.yaml ---------------------------------------------------------------------------
class Resource(Strict):
    id: Literal["food", "fuel", "morale", "population"]
    name: Name
    start: Annotated[int, Field(ge=1, le=30)]
    red_at: Annotated[int, Field(ge=0, le=30)]


class Difficulty(Strict):
    id: Id
    name: Name
    adjust: Annotated[int, Field(ge=-5, le=5)]


class Reserve(Strict):
    id: Literal["vipers", "raptors"]
    name: Name
    count: Annotated[int, Field(ge=0, le=20)]  # in the box: the most the reserves can hold
    placed: Annotated[int, Field(ge=0, le=20)] = 0  # put on the board at setup, not in reserve
    placed_where: Name | None = None

    @property
    def at_setup(self) -> int:
        """In the reserves after the setup places ships (before a character launches one)."""
        return self.count - self.placed


class JumpSpace(Strict):
    name: Name
    population_risk: Annotated[int, Field(ge=0, le=10)] = 0


class FleetFile(Strict):
    resources: Annotated[list[Resource], Field(min_length=4, max_length=4)]
    dial_max: Annotated[int, Field(ge=5, le=30)]
    difficulties: Annotated[list[Difficulty], Field(min_length=1, max_length=10)]
    reserves: Annotated[list[Reserve], Field(min_length=2, max_length=2)]
    admiral_nukes: Annotated[int, Field(ge=0, le=10)]
    president_quorum_draw: Annotated[int, Field(ge=0, le=5)]
    setup_ships: Text | None = None  # the ships the setup places, as the setup post says it
    jump_track: Annotated[list[JumpSpace], Field(min_length=2, max_length=12)]
    distance_goal: Annotated[int, Field(ge=1, le=30)]
    sleeper_distance: Annotated[int, Field(ge=1, le=30)]


# --- skills.yaml --------------------------------------------------------------------------
class SkillType(Strict):
    id: Id
    name: Name


class SkillValue(Strict):
    value: Annotated[int, Field(ge=0, le=9)]
    count: Annotated[int, Field(ge=1, le=50)]
    name: Name | None = None


class Destiny(Strict):
    per_type: Annotated[int, Field(ge=1, le=5)]
    per_check: Annotated[int, Field(ge=1, le=5)]


class SkillsFile(Strict):
    types: Annotated[list[SkillType], Field(min_length=1, max_length=10)]
    setup_draw: Annotated[int, Field(ge=0, le=10)]
    destiny: Destiny
    decks: dict[Id, Annotated[list[SkillValue], Field(min_length=1, max_length=20)]]


# --- decks.yaml ---------------------------------------------------------------------------
DeckId = Literal["crisis", "super-crisis", "quorum", "destination"]
PACK_DECKS: tuple[str, ...] = get_args(DeckId)


class DecksFile(Strict):
    decks: dict[DeckId, Annotated[list[Name], Field(min_length=1, max_length=500)]]

    @field_validator("decks")
    @classmethod
    def _every_deck(cls, decks: dict[str, list[str]]) -> dict[str, list[str]]:
        missing = [d for d in PACK_DECKS if d not in decks]
        if missing:
            raise ValueError(f"no deck {', '.join(missing)} (expected {', '.join(PACK_DECKS)})")
        return decks
