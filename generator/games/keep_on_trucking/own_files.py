"""Keep on Trucking's own files (rough-roads.yaml, cyan.yaml, titles.yaml): their
schemas for the loader, and the checks that span files (a Rough Roads note for a card kind
that does not exist, a placeholder that is not one of the card's rolls, a cyan ability
without words)."""

from __future__ import annotations

import string

from generator.common.errors import ContentError, Problem, abridge
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.keep_on_trucking.rough_roads import RoughRoadsFile, check_deck
from generator.games.keep_on_trucking.scoring import CyanFile, TitlesFile
from generator.pack.load import Pack

OWN_FILES: dict[str, type] = {
    "rough-roads": RoughRoadsFile,
    "cyan": CyanFile,
    "titles": TitlesFile,
}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def check_own_files(pack: Pack, content: GalaxyTrucker) -> None:
    problems: list[Problem] = []
    roads_doc, cyan_doc, titles_doc = (pack.document(s) for s in OWN_FILES)
    assert roads_doc is not None and cyan_doc is not None and titles_doc is not None
    roads: RoughRoadsFile = content.extras["rough-roads"]
    for message in check_deck(content):
        problems.append(roads_doc.problem(("cards",), message))
    for i, card in enumerate(roads.cards):
        names = {r.name for r in card.rolls}
        unknown_here = _placeholders(card.end_of_building or "") - names
        if unknown_here:
            problems.append(
                roads_doc.problem(
                    ("cards", i, "end_of_building"),
                    f"unknown placeholder {sorted(unknown_here)[0]!r} "
                    f"(expected {', '.join(sorted(names)) or 'none: the card has no rolls'})",
                )
            )
        ids = {c.id for c in roads.cards}
        together = [
            (("cards", i, "together", other, kind), note, other)
            for other, notes in card.together.items()
            for kind, note in notes.items()
        ]
        for where_other, _note, other in together:
            if other not in ids:
                problems.append(
                    roads_doc.problem(
                        where_other[:4],
                        f"unknown Rough Roads card {abridge(repr(other))} "
                        f"(expected one of: {', '.join(sorted(ids))})",
                    )
                )
        notes: list[tuple[tuple[str | int, ...], str]] = [
            (("cards", i, "applies", kind), note) for kind, note in card.applies.items()
        ]
        notes += [(where_other, note) for where_other, note, _ in together]
        for where, note in notes:
            kind = where[-1]
            if kind not in content.kinds.cards:
                problems.append(
                    roads_doc.problem(
                        where,
                        f"unknown card kind {abridge(repr(kind))} "
                        f"(expected one of: {', '.join(content.kinds.cards)})",
                    )
                )
            unknown = _placeholders(note) - names
            if unknown:
                allowed = ", ".join(sorted(names)) or "none: the card has no rolls"
                problems.append(
                    roads_doc.problem(
                        where, f"unknown placeholder {sorted(unknown)[0]!r} (expected {allowed})"
                    )
                )
    cyan: CyanFile = content.extras["cyan"]
    abilities = content.extras["expansion"].cyan_abilities
    for kind, abilities_named in cyan.applies.items():
        if kind not in content.kinds.cards:
            problems.append(
                cyan_doc.problem(("applies", kind), f"unknown card kind {abridge(repr(kind))}")
            )
        for name in abilities_named:
            if name not in cyan.where:
                problems.append(
                    cyan_doc.problem(
                        ("applies", kind), f"no words for {name} (expected where.{name})"
                    )
                )
    for name in (*cyan.where, *cyan.scoring):
        if name not in abilities:
            problems.append(
                cyan_doc.problem(
                    ("where",), f"{name} is not an ability of expansion.yaml's cyan_abilities"
                )
            )
    titles: TitlesFile = content.extras["titles"]
    for choice, values in titles.rewards.items():
        if len(values) != len(content.rounds):
            problems.append(
                titles_doc.problem(
                    ("rewards", choice),
                    f"{len(values)} values (expected {len(content.rounds)}, one per round)",
                )
            )
    if _placeholders(titles.award) - {"round", "reward"}:
        problems.append(titles_doc.problem(("award",), "placeholders: only {round} and {reward}"))
    if problems:
        raise ContentError(problems)
