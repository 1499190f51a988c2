"""A host's game file for Galactic Card Race: the usual pack, seed, start date and output,
plus the table (players in seat order, rounds, bidding variant, special cards, language,
days per round). Every problem is reported with file and line."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import ContentError, display_path
from generator.games.card_race.content import CardRace, check_table
from generator.games.card_race.model import Table
from generator.pack.record import Field
from generator.pack.validation import load_validated
from generator.pack.yamlio import load_document
from generator.plan.seeds import normalise_seed


class CardRaceGameFile(Table):
    pack: str = "card-race"
    seed: str | int | None = None
    start: dt.date | None = None
    output: str | None = None
    paper: str | None = Field(default=None, pattern=r"^(a4|letter|both)$")
    notes: str | None = None


@dataclass(frozen=True)
class GameSpec:
    path: Path
    file: CardRaceGameFile

    @property
    def table(self) -> Table:
        return Table(**{k: getattr(self.file, k) for k in Table.model_fields})


def read_spec(path: Path) -> CardRaceGameFile:
    """Parse and validate the file's own fields (not yet against a pack)."""
    doc, spec = load_validated(path, CardRaceGameFile)
    if spec.seed is not None:
        try:
            normalise_seed(spec.seed)
        except ValueError as exc:
            raise ContentError([doc.problem(("seed",), str(exc))]) from exc
    return spec


def check_spec(path: Path, content: CardRace) -> GameSpec:
    """The game file against the pack's rules: player count, rounds for that count."""
    spec = read_spec(path)
    doc, _ = load_document(path, display_path(path))
    assert doc is not None
    table = GameSpec(path, spec).table
    problems = check_table(doc, table, content)
    if problems:
        raise ContentError(problems)
    return GameSpec(path, spec)
