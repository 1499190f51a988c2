"""Loading the Battlestar pack: validate each file, then check what spans files."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.common.errors import ContentError, Problem
from generator.games.battlestar.model import (
    PACK_DECKS,
    Character,
    CharactersFile,
    DecksFile,
    Difficulty,
    ExtraCard,
    FleetFile,
    JumpSpace,
    LoyaltyFile,
    LoyaltyRow,
    Reserve,
    Resource,
    SkillsFile,
    SkillType,
    SkillValue,
    SuccessionFile,
)
from generator.pack.document import Document
from generator.pack.load import Pack, validate_files

FILES: dict[str, type] = {
    "characters": CharactersFile,
    "succession": SuccessionFile,
    "loyalty": LoyaltyFile,
    "fleet": FleetFile,
    "skills": SkillsFile,
    "decks": DecksFile,
}
PLAYER_COUNTS = (3, 4, 5, 6)
TITLES = ("president", "admiral")


@dataclass(frozen=True)
class SkillCard:
    """One card of a skill deck, known by its type and value (copies are alike)."""

    type: str
    value: int
    name: str | None = None

    @property
    def key(self) -> str:
        return f"{self.type}:{self.value}"


@dataclass(frozen=True)
class Battlestar:
    """The validated pack, indexed for setup, the table and the sheets."""

    pack_name: str
    pack_title: str
    pack_version: str
    characters: tuple[Character, ...]
    succession: dict[str, tuple[str, ...]]
    lost_in_brig: frozenset[str]
    loyalty_rows: dict[int, LoyaltyRow]
    extra_cards: tuple[ExtraCard, ...]
    cylon_cards: tuple[str, ...]
    not_cylon_card: str
    sympathizer_card: str
    resources: tuple[Resource, ...]
    dial_max: int
    difficulties: tuple[Difficulty, ...]
    reserves: tuple[Reserve, ...]
    setup_ships: str | None
    admiral_nukes: int
    president_quorum_draw: int
    jump_track: tuple[JumpSpace, ...]
    distance_goal: int
    sleeper_distance: int
    skill_types: tuple[SkillType, ...]
    setup_draw: int
    destiny_per_type: int
    destiny_per_check: int
    skill_decks: dict[str, tuple[SkillValue, ...]]
    decks: dict[str, tuple[str, ...]]

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters if c.id == character_id)

    def character_ids(self) -> list[str]:
        return [c.id for c in self.characters]

    def difficulty(self, difficulty_id: str) -> Difficulty:
        return next(d for d in self.difficulties if d.id == difficulty_id)

    def skill_type_ids(self) -> list[str]:
        return [t.id for t in self.skill_types]

    def skill_name(self, type_id: str) -> str:
        return next(t.name for t in self.skill_types if t.id == type_id)

    def skill_cards(self, type_id: str) -> list[SkillCard]:
        """Every card of one skill deck, in the pack's order."""
        return [
            SkillCard(type_id, entry.value, entry.name)
            for entry in self.skill_decks[type_id]
            for _ in range(entry.count)
        ]

    def skill_card_name(self, key: str) -> str:
        """'politics:3' -> 'Politics 3' (with the card's name when the pack gives one)."""
        type_id, _, value = key.partition(":")
        entry = next((e for e in self.skill_decks[type_id] if str(e.value) == value), None)
        base = f"{self.skill_name(type_id)} {value}"
        return f"{base} ({entry.name})" if entry is not None and entry.name else base

    def reserves_at_setup(self, characters: list[str]) -> dict[str, int]:
        """Each reserve after setup: the box less what the setup places, and less one viper
        for each chosen character who launches in one (8 vipers, 2 below Galactica: 6; 5
        with Apollo)."""
        launched = sum(1 for c in characters if self.character(c).launches_viper)
        return {
            r.id: max(0, r.at_setup - (launched if r.id == "vipers" else 0)) for r in self.reserves
        }

    def extra_phase(self, character_id: str) -> str | None:
        return next((e.phase for e in self.extra_cards if e.character == character_id), None)


def load(pack: Pack) -> Battlestar:
    models, problems = validate_files(pack, FILES)
    if problems:
        raise ContentError(problems)
    chars_doc, chars = models["characters"]
    succ_doc, succession = models["succession"]
    loyalty_doc, loyalty = models["loyalty"]
    fleet_doc, fleet = models["fleet"]
    skills_doc, skills = models["skills"]
    decks_doc, decks = models["decks"]
    skill_ids = [t.id for t in skills.types]
    problems += _check_skills(skills_doc, skills)
    problems += _check_characters(chars_doc, chars, skill_ids)
    ids = [c.id for c in chars.characters]
    problems += _check_succession(succ_doc, succession, ids)
    problems += _check_loyalty(loyalty_doc, loyalty, ids)
    problems += _check_fleet(fleet_doc, fleet)
    problems += _check_decks(decks_doc, decks)
    if problems:
        raise ContentError(problems)
    return Battlestar(
        pack_name=pack.name,
        pack_title=pack.meta.title,
        pack_version=pack.meta.version,
        characters=tuple(chars.characters),
        succession={t: tuple(getattr(succession, t)) for t in TITLES},
        lost_in_brig=frozenset(succession.lost_in_brig),
        loyalty_rows={row.players: row for row in loyalty.decks},
        extra_cards=tuple(loyalty.extra_cards),
        cylon_cards=tuple(loyalty.cylon_cards),
        not_cylon_card=loyalty.not_cylon_card,
        sympathizer_card=loyalty.sympathizer_card,
        resources=tuple(fleet.resources),
        dial_max=fleet.dial_max,
        difficulties=tuple(fleet.difficulties),
        reserves=tuple(fleet.reserves),
        setup_ships=fleet.setup_ships,
        admiral_nukes=fleet.admiral_nukes,
        president_quorum_draw=fleet.president_quorum_draw,
        jump_track=tuple(fleet.jump_track),
        distance_goal=fleet.distance_goal,
        sleeper_distance=fleet.sleeper_distance,
        skill_types=tuple(skills.types),
        setup_draw=skills.setup_draw,
        destiny_per_type=skills.destiny.per_type,
        destiny_per_check=skills.destiny.per_check,
        skill_decks={t: tuple(skills.decks[t]) for t in skill_ids},
        decks={d: tuple(decks.decks[d]) for d in PACK_DECKS},
    )


def _duplicates(values: list[str]) -> list[str]:
    return [v for v, n in Counter(values).items() if n > 1]


def _check_skills(doc: Document, skills: SkillsFile) -> list[Problem]:
    problems = []
    ids = [t.id for t in skills.types]
    for dup in _duplicates(ids):
        problems.append(doc.problem(("types",), f"skill type {dup!r} is listed twice"))
    for type_id in ids:
        if type_id not in skills.decks:
            problems.append(doc.problem(("decks",), f"no deck for skill type {type_id!r}"))
    for type_id, entries in skills.decks.items():
        if type_id not in ids:
            problems.append(
                doc.problem(
                    ("decks", type_id),
                    f"unknown skill type {type_id!r} (expected one of: {', '.join(ids)})",
                )
            )
        for dup in _duplicates([str(e.value) for e in entries]):
            problems.append(
                doc.problem(
                    ("decks", type_id),
                    f"value {dup} is listed twice (expected one entry per value, with a count)",
                )
            )
        size = sum(e.count for e in entries)
        if size < skills.destiny.per_type:
            problems.append(
                doc.problem(
                    ("decks", type_id),
                    f"{size} cards, fewer than the {skills.destiny.per_type} the Destiny deck "
                    "takes of each type",
                )
            )
    if skills.destiny.per_check > skills.destiny.per_type * len(ids):
        problems.append(
            doc.problem(("destiny", "per_check"), "more than the whole Destiny deck holds")
        )
    return problems


def _check_characters(doc: Document, chars: CharactersFile, skill_ids: list[str]) -> list[Problem]:
    problems = []
    for dup in _duplicates([c.id for c in chars.characters]):
        problems.append(doc.problem(("characters",), f"character {dup!r} is listed twice"))
    for i, character in enumerate(chars.characters):
        for j, entry in enumerate(character.skills):
            for type_id in entry.types:
                if type_id not in skill_ids:
                    problems.append(
                        doc.problem(
                            ("characters", i, "skills", j, "types"),
                            f"unknown skill type {type_id!r} (expected one of: "
                            f"{', '.join(skill_ids)})",
                        )
                    )
    return problems


def _check_succession(doc: Document, succession: SuccessionFile, ids: list[str]) -> list[Problem]:
    problems = []
    for title in TITLES:
        line = getattr(succession, title)
        for dup in _duplicates(line):
            problems.append(doc.problem((title,), f"{dup!r} is listed twice"))
        for i, character_id in enumerate(line):
            if character_id not in ids:
                problems.append(
                    doc.problem(
                        (title, i),
                        f"unknown character {character_id!r} (expected one of: {', '.join(ids)})",
                    )
                )
        missing = [c for c in ids if c not in line]
        if missing:
            problems.append(
                doc.problem(
                    (title,),
                    f"{', '.join(missing)} not in the line (expected every character, so the "
                    "title always has a holder)",
                )
            )
    return problems


def _check_loyalty(doc: Document, loyalty: LoyaltyFile, ids: list[str]) -> list[Problem]:
    problems = []
    counts = [row.players for row in loyalty.decks]
    for dup in _duplicates([str(c) for c in counts]):
        problems.append(doc.problem(("decks",), f"{dup} players is listed twice"))
    missing = [str(n) for n in PLAYER_COUNTS if n not in counts]
    if missing:
        problems.append(
            doc.problem(("decks",), f"no deck for {', '.join(missing)} players (expected 3-6)")
        )
    for i, row in enumerate(loyalty.decks):
        size = row.cylon + row.not_cylon + (1 if row.sympathizer else 0)
        if size != 2 * row.players:
            problems.append(
                doc.problem(
                    ("decks", i),
                    f"{size} cards for {row.players} players (expected {2 * row.players}: one "
                    "each at setup and one each in the sleeper agent phase)",
                )
            )
        if row.cylon > len(loyalty.cylon_cards):
            problems.append(
                doc.problem(
                    ("decks", i, "cylon"),
                    f"{row.cylon} Cylon cards but cylon_cards lists {len(loyalty.cylon_cards)}",
                )
            )
    seen: set[str] = set()
    for i, extra in enumerate(loyalty.extra_cards):
        if extra.character not in ids:
            problems.append(
                doc.problem(
                    ("extra_cards", i, "character"),
                    f"unknown character {extra.character!r} (expected one of: {', '.join(ids)})",
                )
            )
        if extra.character in seen:
            problems.append(doc.problem(("extra_cards", i), f"{extra.character!r} is listed twice"))
        seen.add(extra.character)
    names = [*loyalty.cylon_cards, loyalty.not_cylon_card, loyalty.sympathizer_card]
    for dup in _duplicates(names):
        problems.append(doc.problem(("cylon_cards",), f"card name {dup!r} is used twice"))
    return problems


def _check_fleet(doc: Document, fleet: FleetFile) -> list[Problem]:
    problems = []
    for key, items in (
        ("resources", fleet.resources),
        ("difficulties", fleet.difficulties),
        ("reserves", fleet.reserves),
    ):
        for dup in _duplicates([item.id for item in items]):
            problems.append(doc.problem((key,), f"{dup!r} is listed twice"))
    for i, reserve in enumerate(fleet.reserves):
        if reserve.placed > reserve.count:
            problems.append(
                doc.problem(
                    ("reserves", i, "placed"),
                    f"{reserve.placed} placed at setup but {reserve.count} in the box "
                    "(expected at most the count)",
                )
            )
    adjusts = [d.adjust for d in fleet.difficulties]
    for i, resource in enumerate(fleet.resources):
        if resource.red_at >= resource.start:
            problems.append(
                doc.problem(
                    ("resources", i, "red_at"),
                    f"red at {resource.red_at} but starts at {resource.start} (expected less)",
                )
            )
        if resource.start + max(adjusts) > fleet.dial_max or resource.start + min(adjusts) < 1:
            problems.append(
                doc.problem(
                    ("resources", i, "start"),
                    f"with the difficulty settings it starts off the dial (expected 1-"
                    f"{fleet.dial_max})",
                )
            )
    if fleet.sleeper_distance >= fleet.distance_goal:
        problems.append(
            doc.problem(
                ("sleeper_distance",),
                f"{fleet.sleeper_distance} is not before the goal {fleet.distance_goal}",
            )
        )
    return problems


def _check_decks(doc: Document, decks: DecksFile) -> list[Problem]:
    problems = []
    for deck_id, names in decks.decks.items():
        for dup in _duplicates(list(names)):
            problems.append(
                doc.problem(
                    ("decks", deck_id),
                    f"{dup!r} is listed twice (expected unique names; number your copies)",
                )
            )
    return problems
