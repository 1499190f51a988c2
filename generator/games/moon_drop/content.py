"""Loading the Moon Drop pack: validate each file, then check what spans files."""

from __future__ import annotations

from dataclasses import dataclass

from generator.common.errors import ContentError, Problem
from generator.games.moon_drop.model import (
    MODULE_IDS,
    CardsFile,
    Crisis,
    GameFile,
    Goal,
    Module,
    ModulesFile,
    RulesFile,
    Shape,
    ShapesFile,
    TextsFile,
)
from generator.games.moon_drop.options import FREE_BLOCK, SQUARE_BLOCK
from generator.games.moon_drop.shapes import canonical, rotations
from generator.pack.document import Document
from generator.pack.load import Pack, validate_files
from generator.pack.validation import template_problem

FILES: dict[str, type] = {
    "game": GameFile,
    "shapes": ShapesFile,
    "modules": ModulesFile,
    "cards": CardsFile,
    "rules": RulesFile,
    "texts": TextsFile,
}
FACES = range(1, 7)
# The readings of unclear wording the scorer relies on; each must be written in rules.yaml
# so the account can print it.
READINGS = (
    "crossed-out",
    "buildings",
    "routes",
    "dock-routes",
    "fire",
    "breach",
    "quake",
    "fungus",
    "sabotage",
    "efficiency",
    "security",
    "score",
    "choices",
)
TEXT_FIELDS: dict[str, set[str]] = {
    "game_name": set(),
    "how_to_play": {"game_id", "commitment", "rounds", "days", "rows", "columns"},
    "round": {"round", "rounds"},
    "last_round": {"rounds"},
    "final": {"game_id", "commitment"},
}


@dataclass(frozen=True)
class MoonDrop:
    """The validated pack, indexed for the planner, the renderers and the scorer."""

    pack_name: str
    pack_title: str
    pack_version: str
    pack_digest: str  # the content digest of the whole pack chain: keys pack-only outputs
    edition: str
    rules_revision: str
    rows: int
    columns: int
    rounds: int
    crises_dealt: int
    slots: tuple[str, ...]
    shapes: tuple[Shape, ...]
    modules: tuple[Module, ...]
    crises: tuple[Crisis, ...]
    goals: tuple[Goal, ...]
    safety_check: tuple[str, ...]
    definitions: tuple[str, ...]
    readings: dict[str, str]
    texts: TextsFile

    def shape_for_face(self, face: int) -> Shape:
        return next(s for s in self.shapes if s.face == face)

    def shape(self, shape_id: str) -> Shape:
        # The 2x2 block and the free placement come with the mirror variation.
        extra = {s.id: s for s in (SQUARE_BLOCK, FREE_BLOCK)}
        return next((s for s in self.shapes if s.id == shape_id), None) or extra[shape_id]

    def modules_for_face(self, face: int) -> list[Module]:
        return [m for m in self.modules if face in m.faces]

    def module(self, module_id: str) -> Module:
        return next(m for m in self.modules if m.id == module_id)

    def crisis(self, crisis_id: str) -> Crisis:
        return next(c for c in self.crises if c.id == crisis_id)

    def goal(self, goal_id: str) -> Goal:
        return next(g for g in self.goals if g.id == goal_id)

    @property
    def letters(self) -> dict[str, str]:
        """Grid-file letter -> module id."""
        return {m.letter: m.id for m in self.modules}


def load(pack: Pack) -> MoonDrop:
    models, problems = validate_files(pack, FILES)
    # Cross-file checks run for every file that validated, so one run reports everything.
    if "shapes" in models:
        problems += _check_shapes(*models["shapes"])
    if "modules" in models:
        problems += _check_modules(*models["modules"])
    if "cards" in models and "game" in models:
        problems += _check_cards(*models["cards"], *models["game"])
    if "rules" in models:
        problems += _check_rules(*models["rules"])
    if "texts" in models:
        problems += _check_texts(*models["texts"])
    if problems:
        raise ContentError(problems)
    game, shapes, modules, cards, rules, texts = (
        models[k][1] for k in ("game", "shapes", "modules", "cards", "rules", "texts")
    )
    return MoonDrop(
        pack_name=pack.name,
        pack_title=pack.meta.title,
        pack_version=pack.meta.version,
        pack_digest=pack.digest,
        edition=pack.meta.edition or "",
        rules_revision=game.rules_revision,
        rows=game.grid.rows,
        columns=game.grid.columns,
        rounds=game.rounds,
        crises_dealt=game.deal.crises,
        slots=tuple(game.schedule.slots),
        shapes=tuple(sorted(shapes.shapes, key=lambda s: s.face)),
        modules=tuple(modules.modules),
        crises=tuple(cards.crises),
        goals=tuple(cards.goals),
        safety_check=tuple(rules.safety_check),
        definitions=tuple(rules.definitions),
        readings={r.id: r.text for r in rules.interpretations},
        texts=texts,
    )


def _check_shapes(doc: Document, shapes: ShapesFile) -> list[Problem]:
    problems = []
    ids: set[str] = set()
    faces: dict[int, int] = {}
    forms: dict[tuple[tuple[int, int], ...], str] = {}
    for i, shape in enumerate(shapes.shapes):
        if shape.id in ids:
            problems.append(doc.problem(("shapes", i, "id"), f"duplicate shape id {shape.id!r}"))
        ids.add(shape.id)
        if shape.face in faces:
            problems.append(
                doc.problem(
                    ("shapes", i, "face"),
                    f"face {shape.face} already picks shape {shapes.shapes[faces[shape.face]].id}"
                    " (expected each blue-die face once)",
                )
            )
        faces[shape.face] = i
        cells = [(row, column) for row, column in shape.cells]
        for turned in rotations(cells):
            other = forms.get(canonical(turned))
            if other is not None and other != shape.id:
                problems.append(
                    doc.problem(
                        ("shapes", i, "cells"),
                        f"this is shape {other} turned (expected a shape of its own; blocks "
                        "may be rotated, so a rotation is the same block)",
                    )
                )
                break
        for turned in rotations(cells):
            forms[canonical(turned)] = shape.id
    missing = [f for f in FACES if f not in faces]
    if missing:
        problems.append(
            doc.problem(
                ("shapes",),
                f"no shape for blue-die face {', '.join(map(str, missing))} "
                "(expected one shape per face 1-6)",
            )
        )
    return problems


def _check_modules(doc: Document, modules: ModulesFile) -> list[Problem]:
    problems = []
    ids: set[str] = set()
    letters: set[str] = set()
    for i, module in enumerate(modules.modules):
        if module.id in ids:
            problems.append(doc.problem(("modules", i, "id"), f"duplicate module id {module.id!r}"))
        if module.letter in letters:
            problems.append(
                doc.problem(
                    ("modules", i, "letter"),
                    f"letter {module.letter!r} is already used (expected one letter per module)",
                )
            )
        ids.add(module.id)
        letters.add(module.letter)
    for module_id in MODULE_IDS:
        if module_id not in ids:
            problems.append(
                doc.problem(
                    ("modules",),
                    f"no module {module_id!r} (the rules name it; expected modules "
                    f"{', '.join(MODULE_IDS)})",
                )
            )
    for face in FACES:
        if not any(face in m.faces for m in modules.modules):
            problems.append(
                doc.problem(("modules",), f"no module for white-die face {face} (expected 1-6)")
            )
    return problems


def _check_cards(
    doc: Document, cards: CardsFile, game_doc: Document, game: GameFile
) -> list[Problem]:
    problems = []
    for kind in ("crises", "goals"):
        seen: set[str] = set()
        for i, card in enumerate(getattr(cards, kind)):
            if card.id in seen:
                problems.append(doc.problem((kind, i, "id"), f"duplicate card id {card.id!r}"))
            seen.add(card.id)
    if len(cards.crises) < game.deal.crises:
        problems.append(
            game_doc.problem(
                ("deal", "crises"),
                f"deals {game.deal.crises} Crisis cards but cards.yaml has "
                f"{len(cards.crises)} (expected at most {len(cards.crises)})",
            )
        )
    return problems


def _check_rules(doc: Document, rules: RulesFile) -> list[Problem]:
    problems = []
    ids = [r.id for r in rules.interpretations]
    for i, rid in enumerate(ids):
        if rid in ids[:i]:
            problems.append(doc.problem(("interpretations", i, "id"), f"duplicate id {rid!r}"))
    for rid in READINGS:
        if rid not in ids:
            problems.append(
                doc.problem(
                    ("interpretations",),
                    f"no reading {rid!r} (the scorer prints it; expected ids "
                    f"{', '.join(READINGS)})",
                )
            )
    return problems


def _check_texts(doc: Document, texts: TextsFile) -> list[Problem]:
    problems = []
    for name, allowed in TEXT_FIELDS.items():
        found = template_problem(doc, (name,), getattr(texts, name), allowed)
        if found:
            problems.append(found)
    return problems
