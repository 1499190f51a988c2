"""Loading the Galactic Card Race pack: validate each file, then what spans files (deck
size against round limits, every text in both languages, the default table)."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from generator.common.errors import ContentError, Problem, display_path
from generator.common.plural import counted
from generator.games.card_race.cards import Card, build_deck
from generator.games.card_race.model import (
    LANGUAGES,
    PLAYER_NAME,
    CardsFile,
    OtherCard,
    RulesFile,
    ShipColour,
    Suit,
    Table,
)
from generator.games.card_race.text_fields import LIST_TEXTS, RETIRED_TEXTS, TEXT_FIELDS
from generator.games.card_race.texts import Texts
from generator.host.names import clashes, name_problem
from generator.pack.document import Document
from generator.pack.load import Pack, validate_files

FILES: dict[str, type] = {"cards": CardsFile, "rules": RulesFile, "game": Table}
LANGUAGE_NAMES = {"en": "English", "de": "German"}


@dataclass(frozen=True)
class CardRace:
    """The validated pack, indexed for the planner, the table and the renderers."""

    pack_name: str
    suits: dict[str, Suit]
    low: int
    high: int
    ships: list[tuple[int, int, dict[str, str]]]
    others: dict[str, OtherCard]
    rules: RulesFile
    texts: dict[str, dict[str, Any]]
    table: Table  # the pack's default table (game.yaml)

    def deck(self, specials: bool) -> list[Card]:
        counts: dict[str, int] = {
            o.code: o.count for o in self.others.values() if specials or not o.special
        }
        return build_deck(list(self.suits), self.low, self.high, counts)

    def max_rounds(self, players: int, specials: bool) -> int:
        """The rule text's maximum, cut so the turn-up always has a card after the deal."""
        return min(self.rules.rounds[players].max, (len(self.deck(specials)) - 1) // players)

    def round_range(self, players: int, specials: bool) -> tuple[int, int, int]:
        limits = self.rules.rounds[players]
        top = self.max_rounds(players, specials)
        return min(limits.min, top), top, min(limits.default, top)

    def lang(self, lang: str) -> Texts:
        return Texts(self.texts, lang)

    def ship_colour(self, seat: int) -> ShipColour:
        return self.rules.ships[seat % len(self.rules.ships)]

    def card_name(self, card: Card, lang: str, long: bool = False) -> str:
        if card.is_tech:
            suit = getattr(self.suits[card.kind], lang)
            if long:
                ship = next(n[lang] for lo, hi, n in self.ships if lo <= card.number <= hi)
                return self.lang(lang).get(
                    "card_tech_long", suit=suit, number=card.number, ship=ship
                )
            return self.lang(lang).get("card_tech", suit=suit, number=card.number)
        name: str = getattr(self.others[card.kind], lang)  # the name in that language
        return name

    def suit_name(self, code: str | None, lang: str) -> str:
        if code is None:
            return self.lang(lang).get("trump_none")
        name: str = getattr(self.suits[code], lang)  # the name in that language
        return name


def load(pack: Pack) -> CardRace:
    models, problems = validate_files(pack, FILES)
    texts_doc = next((d for p in reversed(pack.chain()) if (d := p.document("texts"))), None)
    if any("texts" in p.unreadable for p in pack.chain()):
        # Its read or syntax problem stands for it (the pack's own: the same line, once).
        problems += [p for p in pack.all_problems() if PurePath(p.file).name == "texts.yaml"]
    elif texts_doc is None:
        shown = display_path(pack.root / "texts.yaml")
        problems.append(Problem(shown, 0, "", "file is missing"))
    else:
        problems += check_texts(texts_doc)
    if problems:
        raise ContentError(problems)
    cards_doc, cards = models["cards"]
    rules_doc, rules = models["rules"]
    game_doc, table = models["game"]
    problems += _check_cards(cards_doc, cards)
    if problems:
        raise ContentError(problems)
    assert texts_doc is not None
    content = CardRace(
        pack_name=pack.name,
        suits={s.code: s for s in cards.suits},
        low=cards.numbers.low,
        high=cards.numbers.high,
        ships=[(s.from_, s.to, {"en": s.en, "de": s.de}) for s in cards.ships],
        others={o.code: o for o in cards.others},
        rules=rules,
        texts=texts_doc.data,
        table=table,
    )
    problems += _check_rules(rules_doc, content)
    if not problems:
        problems += check_table(game_doc, table, content)
    if problems:
        raise ContentError(problems)
    return content


def check_texts(doc: Document) -> list[Problem]:
    """Every text the game uses, in every language, with only the placeholders it fills."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), "expected a mapping of text keys")]
    problems: list[Problem] = []
    for key, allowed in TEXT_FIELDS.items():
        entry = doc.data.get(key)
        if entry is None:
            problems.append(doc.problem((), f"{key}: text is missing (expected en and de)"))
            continue
        if not isinstance(entry, dict):
            problems.append(doc.problem((key,), "expected a mapping with en and de"))
            continue
        for lang in LANGUAGES:
            value = entry.get(lang)
            if value is None or value == "" or value == []:
                problems.append(
                    doc.problem((key,), f"missing {LANGUAGE_NAMES[lang]} text (add {lang}:)")
                )
                continue
            problems += _check_one_text(doc, (key, lang), value, key in LIST_TEXTS, allowed)
        for extra in sorted(set(entry) - set(LANGUAGES), key=str):
            problems.append(doc.problem((key, extra), "unknown language (expected en, de)"))
    for key in doc.data:
        if key not in TEXT_FIELDS and key not in RETIRED_TEXTS:
            problems.append(doc.problem((key,), "unknown text key (the game never uses it)"))
    if not problems:
        problems += _check_same_count(doc)
    return problems


def _check_one_text(
    doc: Document, path: tuple[str, str], value: Any, is_list: bool, allowed: set[str]
) -> list[Problem]:
    if is_list:
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            return [doc.problem(path, "expected a list of texts")]
        # The rules card sets each section's title before the bar in bold, its text after.
        return [
            doc.problem(
                (*path, i), 'expected "Title|text" (the section\'s title, a bar, then its text)'
            )
            for i, item in enumerate(value)
            if "|" not in item
        ]
    if not isinstance(value, str):
        return [doc.problem(path, f"expected a text (got {type(value).__name__})")]
    try:
        names = {f for _, f, _, _ in string.Formatter().parse(value) if f is not None}
    except ValueError as exc:
        return [doc.problem(path, f"bad placeholder: {exc} (write {{{{ and }}}} for braces)")]
    unknown = sorted(n for n in names if n not in allowed)
    if unknown:
        shown = ", ".join("{" + a + "}" for a in sorted(allowed)) or "none"
        return [doc.problem(path, f"unknown placeholder {{{unknown[0]}}} (allowed: {shown})")]
    missing = sorted(allowed - names)
    if missing:
        # The same facts in both languages: a translation that drops a value is a slip.
        return [doc.problem(path, f"placeholder {{{missing[0]}}} is missing")]
    return []


def _check_same_count(doc: Document) -> list[Problem]:
    problems = []
    for key in LIST_TEXTS:
        en, de = doc.data[key]["en"], doc.data[key]["de"]
        if len(en) != len(de):
            problems.append(doc.problem((key, "de"), f"{len(de)} items, but English has {len(en)}"))
    return problems


def _check_cards(doc: Document, cards: CardsFile) -> list[Problem]:
    problems = []
    if len({s.code for s in cards.suits}) != len(cards.suits):
        problems.append(doc.problem(("suits",), "two suits share a code"))
    if len({o.code for o in cards.others}) != len(cards.others):
        problems.append(doc.problem(("others",), "two cards share a code"))
    low, high = cards.numbers.low, cards.numbers.high
    if low > high:
        problems.append(doc.problem(("numbers",), "low is above high"))
        return problems
    # Each range is checked against the numbers before anything is counted: a range is
    # never expanded (`to: 1000000000` would fill the memory).
    bad = False
    for i, ship in enumerate(cards.ships):
        if not low <= ship.from_ <= ship.to <= high:
            bad = True
            problems.append(
                doc.problem(
                    ("ships", i),
                    f"from {ship.from_} to {ship.to}: expected a range within the card "
                    f"numbers {low}-{high}, from not above to",
                )
            )
    if bad:
        return problems
    # The ranges, in order, must follow each other from low to high with no gap or overlap.
    expected = low
    for ship in sorted(cards.ships, key=lambda s: (s.from_, s.to)):
        if ship.from_ != expected:
            expected = -1  # a gap or an overlap
            break
        expected = ship.to + 1
    if expected != high + 1:
        problems.append(doc.problem(("ships",), f"must name each number {low}-{high} once"))
    return problems


def _check_rules(doc: Document, content: CardRace) -> list[Problem]:
    rules = content.rules
    problems = []
    counts = range(rules.players.min, rules.players.max + 1)
    for players in counts:
        if players not in rules.rounds:
            problems.append(doc.problem(("rounds",), f"no round limits for {players} players"))
            continue
        limits = rules.rounds[players]
        deck_limit = (len(content.deck(True)) - 1) // players
        if not limits.min <= limits.default <= limits.max:
            problems.append(doc.problem(("rounds", players), "expected min <= default <= max"))
        if limits.max > deck_limit:
            problems.append(
                doc.problem(
                    ("rounds", players, "max"),
                    f"{limits.max} rounds need more cards than the deck has "
                    f"(at most {deck_limit}: the turn-up needs a card after the deal)",
                )
            )
    if len(rules.ships) < rules.players.max:
        problems.append(doc.problem(("ships",), f"need a colour for each of {rules.players.max}"))
    return problems


def check_table(doc: Document, table: Table, content: CardRace) -> list[Problem]:
    """A game's settings against the rules: player count, names, rounds for that count."""
    rules = content.rules
    problems = []
    count = len(table.players)
    for i, name in enumerate(table.players):
        problem = name_problem(name)
        if problem is not None:
            # repr: a control or bidi character shows as its escape, never acts on the line.
            shown = repr(name[:40]) + ("…" if len(name) > 40 else "")
            problems.append(doc.problem(("players", i), f"{shown}: {problem}"))
        # The whole name: `$` alone would let a name end in a newline.
        elif not re.fullmatch(PLAYER_NAME, name):
            problems.append(
                doc.problem(
                    ("players", i),
                    f"{name!r}: a name is one word of up to 20 letters or digits (- and ' allowed)",
                )
            )
    # A typed name finds its seat case and width aside, so no two seats may share that key
    # (Ada and ADA, Straße and STRASSE): the second could never bid or play.
    for earlier, later in clashes(table.players):
        problems.append(
            doc.problem(
                ("players",),
                f"two players share a name: {table.players[earlier]!r} and "
                f"{table.players[later]!r} (names must differ in more than case or width)",
            )
        )
    if not rules.players.min <= count <= rules.players.max:
        problems.append(
            doc.problem(
                ("players",),
                f"{counted(count, 'player')} (expected {rules.players.min} to {rules.players.max})",
            )
        )
        return problems
    low, high, _ = content.round_range(count, table.specials)
    if table.rounds is not None and not low <= table.rounds <= high:
        without = "" if table.specials else " without special cards"
        problems.append(
            doc.problem(
                ("rounds",),
                f"{counted(table.rounds, 'round')} for {counted(count, 'player')}{without} "
                f"(expected {low} to {high})",
            )
        )
    return problems
