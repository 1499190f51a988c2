"""The moderator's game file: seed, players in seat order (forum names), the characters they
chose (filled in as they choose), their setup skill draws, and the difficulty.

    pack: battlestar
    seed: 3f9c2a71-...
    difficulty: standard
    output: bsg-game            # the game folder, relative to this file
    players:                    # seat order, clockwise
      - name: starbuck_fan
        character: kara-thrace  # optional until chosen
        setup_skills: [tactics, piloting, piloting]   # optional
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from msgspec import Meta

from generator.common.errors import ContentError, Problem, SheetgenError
from generator.common.plural import counted
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.model import Character, Id
from generator.host.names import name_key, name_problem
from generator.pack.document import Document
from generator.pack.load import check_pack_named
from generator.pack.validation import Strict, load_validated
from generator.plan.seeds import normalise_seed

# Forum names reach posts in three markups: letters, digits, spaces, dots and dashes (and
# underscores, which the Discord text escapes), so a name can open no tag. What a name may
# hold at all (no control or bidi characters) and when two are the same person is the
# shared rule of generator/host/names.py; check_against_pack applies both, one problem a name.
ForumName = Annotated[str, Meta(min_length=1, max_length=200)]
FORUM_NAME = re.compile(r"^\w[\w .-]{0,39}$")


class PlayerEntry(Strict, frozen=True, kw_only=True):
    name: ForumName
    character: Id | None = None
    setup_skills: Annotated[list[Id], Meta(max_length=10)] | None = None


class BsgGameFile(Strict, frozen=True, kw_only=True):
    pack: str = "battlestar"
    seed: str | int
    difficulty: Id = "standard"
    output: str | None = None
    players: Annotated[list[PlayerEntry], Meta(min_length=3, max_length=6)]
    notes: str | None = None


@dataclass(frozen=True)
class GameSpec:
    """A read and checked game file."""

    path: Path
    seed: str
    pack: str
    difficulty: str
    output: Path | None
    names: tuple[str, ...]
    characters: tuple[str | None, ...]
    setup_skills: tuple[tuple[str, ...] | None, ...]
    document: Document

    @property
    def player_count(self) -> int:
        return len(self.names)

    def all_chosen(self) -> bool:
        return all(c is not None for c in self.characters)

    def setup_digest(self, content_digest: str) -> str:
        """What the table's log is bound to: a changed game file must not silently
        change a running game."""
        data = {
            "seed": self.seed,
            "content": content_digest,
            "difficulty": self.difficulty,
            "names": list(self.names),
            "characters": list(self.characters),
            "setup_skills": [list(s) if s else None for s in self.setup_skills],
        }
        text = json.dumps(data, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def seat_of(self, name: str) -> int:
        """The seat (0-based) of a forum name, case-insensitively; a clear error if unknown."""
        for seat, known in enumerate(self.names):
            if name_key(known) == name_key(name):
                return seat
        raise SheetgenError(f"no player {name!r} (expected one of: {', '.join(self.names)})")


def read_game_file(path: Path) -> tuple[GameSpec, BsgGameFile]:
    doc, spec = load_validated(path, BsgGameFile)
    try:
        seed = normalise_seed(spec.seed)
    except ValueError as exc:
        raise ContentError([doc.problem(("seed",), str(exc))]) from exc
    pack = spec.pack
    if "/" in pack or pack.startswith("."):
        pack = str(path.parent / pack)
    check_pack_named(doc, pack)
    return (
        GameSpec(
            path=path,
            seed=seed,
            pack=pack,
            difficulty=spec.difficulty,
            output=path.parent / spec.output if spec.output else None,
            names=tuple(p.name for p in spec.players),
            characters=tuple(p.character for p in spec.players),
            setup_skills=tuple(
                tuple(p.setup_skills) if p.setup_skills is not None else None for p in spec.players
            ),
            document=doc,
        ),
        spec,
    )


def check_against_pack(spec: GameSpec, content: Battlestar) -> None:
    """Names, characters, difficulty and setup draws the pack knows; every problem at once."""
    doc = spec.document
    problems: list[Problem] = []
    ids = content.character_ids()
    if spec.difficulty not in [d.id for d in content.difficulties]:
        problems.append(
            doc.problem(
                ("difficulty",),
                f"unknown difficulty {spec.difficulty!r} (expected one of: "
                f"{', '.join(d.id for d in content.difficulties)})",
            )
        )
    seen_names: dict[str, int] = {}
    seen_chars: dict[str, int] = {}
    for seat, (name, character, skills) in enumerate(
        zip(spec.names, spec.characters, spec.setup_skills, strict=True)
    ):
        why = name_problem(name)
        if why is None and not FORUM_NAME.match(name):
            why = (
                f"{name!r}: expected up to 40 letters, digits, spaces, dots, dashes or "
                "underscores, starting with a letter or digit (other signs are forum markup)"
            )
        if why is not None:
            problems.append(doc.problem(("players", seat, "name"), why))
        key = name_key(name)
        if key in seen_names:
            problems.append(
                doc.problem(
                    ("players", seat, "name"),
                    f"{name!r} is the same name as seat {seen_names[key] + 1}'s "
                    f"{spec.names[seen_names[key]]!r} (case and width aside; expected unique "
                    "names)",
                )
            )
        else:
            seen_names[key] = seat
        if character is None:
            if skills is not None:
                problems.append(
                    doc.problem(
                        ("players", seat, "setup_skills"),
                        "setup_skills without a character (choose the character first)",
                    )
                )
            continue
        if character not in ids:
            problems.append(
                doc.problem(
                    ("players", seat, "character"),
                    f"unknown character {character!r} (expected one of: {', '.join(ids)})",
                )
            )
            continue
        if character in seen_chars:
            problems.append(
                doc.problem(
                    ("players", seat, "character"),
                    f"{character} is already seat {seen_chars[character] + 1}'s character",
                )
            )
        seen_chars[character] = seat
        if skills is not None:
            why = setup_draw_problem(content, content.character(character), list(skills))
            if why:
                problems.append(doc.problem(("players", seat, "setup_skills"), why))
    if problems:
        raise ContentError(problems)


def setup_draw_problem(content: Battlestar, character: Character, types: list[str]) -> str | None:
    """Why these setup draws are not ones the character may make, or None.

    The rules: three cards "from among any of the cards he can draw during his Receive
    Skills step". A multi-skill entry may feed either of its types, so we check that the
    draws can be shared out among the entries without any entry giving more than its count
    (Hall's condition over every set of types)."""
    if len(types) != content.setup_draw:
        return f"{counted(len(types), 'card')} (expected {content.setup_draw})"
    unknown = [t for t in types if t not in content.skill_type_ids()]
    if unknown:
        return f"unknown skill type {unknown[0]!r} (expected one of the character's skills)"
    wanted = sorted(set(types))
    for size in range(1, len(wanted) + 1):
        for group in itertools.combinations(wanted, size):
            need = sum(1 for t in types if t in group)
            room = sum(e.count for e in character.skills if set(e.types) & set(group))
            if need > room:
                return (
                    f"{need} {' or '.join(group)} but {character.name}'s skill set gives at most "
                    f"{room}"
                )
    return None


def default_setup_draw(content: Battlestar, character: Character) -> list[str]:
    """When the game file names none: the skill set's cards in their printed order (a
    multi-skill counted as its first type), the first `setup_draw` of them."""
    cards = [entry.types[0] for entry in character.skills for _ in range(entry.count)]
    return cards[: content.setup_draw]
