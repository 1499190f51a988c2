"""A host's game file for Galactic Card Race: the usual pack, seed, start date and output,
plus the table (players in seat order, rounds, bidding variant, special cards, language,
days per round). Every problem is reported with file and line."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import msgspec

from generator.common.errors import ContentError, display_path
from generator.games.card_race.content import CardRace, check_table
from generator.games.card_race.model import Table
from generator.pack.load import check_pack_named
from generator.pack.validation import load_validated
from generator.pack.yamlio import load_document
from generator.plan.seeds import normalise_seed


class CardRaceGameFile(Table, frozen=True, kw_only=True):
    pack: str = "card-race"
    seed: str | int | None = None
    start: dt.date | None = None
    output: str | None = None
    paper: Annotated[str, msgspec.Meta(pattern=r"^(a4|letter|both)\Z")] | None = None
    notes: str | None = None


@dataclass(frozen=True)
class GameSpec:
    path: Path
    file: CardRaceGameFile

    @property
    def table(self) -> Table:
        names = [f.name for f in msgspec.structs.fields(Table)]
        return Table(**{name: getattr(self.file, name) for name in names})


def read_spec(path: Path) -> CardRaceGameFile:
    """Parse and validate the file's own fields (not yet against a pack)."""
    doc, spec = load_validated(path, CardRaceGameFile)
    if spec.seed is not None:
        try:
            normalise_seed(spec.seed)
        except ValueError as exc:
            raise ContentError([doc.problem(("seed",), str(exc))]) from exc
    pack = spec.pack
    check_pack_named(doc, str(path.parent / pack) if "/" in pack or pack.startswith(".") else pack)
    return spec


def check_spec(path: Path, content: CardRace) -> GameSpec:
    """The game file against the pack's rules: player count, rounds for that count."""
    spec = read_spec(path)
    doc, _ = load_document(path, display_path(path))
    assert doc is not None
    table = GameSpec(path, spec).table
    problems = check_table(doc, table, content)
    if not problems and spec.start is not None:
        problems = [doc.problem(("start",), p) for p in _date_problems(spec.start, content, table)]
    if problems:
        raise ContentError(problems)
    return GameSpec(path, spec)


def _date_problems(start: dt.date, content: CardRace, table: Table) -> list[str]:
    """A start from which the game's days run past the last date a calendar holds: refused
    here, so `check` says so and `new` never gets as far as the dates."""
    from generator.games.card_race.planner import rounds_for

    days = rounds_for(content, table) * table.days_per_round
    if start <= dt.date.min:
        return [f"{start.isoformat()}: the day before it is no date (expected 0001-01-02 or later)"]
    if (dt.date.max - start).days < days:
        latest = dt.date.max - dt.timedelta(days=days)
        return [
            f"{start.isoformat()}: the game's {days} days would run past the year 9999 "
            f"(expected {latest.isoformat()} or earlier)"
        ]
    return []
