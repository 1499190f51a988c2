"""The table as the host's commands (`today`, `digest`) read it: the folder's log replayed,
and each entry said in a few words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.errors import SheetgenError
from generator.games.card_race.cards import parse_id
from generator.games.card_race.commands import replay
from generator.games.card_race.content import CardRace
from generator.games.card_race.languages import languages
from generator.games.card_race.log import LogText, read_log
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.posts import Writer
from generator.games.card_race.table.replay import TableState
from generator.host.table_view import TableSource


@dataclass(frozen=True)
class ReadTable:
    folder: Path
    content: CardRace
    plan: CardRacePlan
    log: LogText
    state: TableState

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.log.entries

    @property
    def rounds(self) -> int:
        return len(self.plan.rounds)

    @property
    def seats(self) -> list[str]:
        return list(self.plan.table.players)

    def codes(self) -> list[tuple[str, str]]:
        """(language, file-name suffix) of every language the table writes."""
        return languages(self.plan.table.lang)

    def writer(self, code: str) -> Writer:
        return Writer(self.content, self.plan, code)

    def title(self) -> str:
        """The game and its id as the posts' headlines begin: the round title's first parts
        ("Galactic Card Race · game E8AB-9530"), in the table's first language."""
        return self.writer(self.codes()[0][0]).title(1).rsplit(" · ", 1)[0]

    def round_finished(self, number: int) -> bool:
        return number <= len(self.state.totals_after)


def read_table(source: TableSource) -> ReadTable:
    folder, plan, content = source.folder, source.plan, source.content
    if folder is None or not isinstance(plan, CardRacePlan) or not isinstance(content, CardRace):
        raise SheetgenError("a Galactic Card Race table is read from its game folder (-o FOLDER)")
    lang = languages(str(plan.table.lang))[0][0]

    def describe(file: str, line: int, problem: str) -> str:
        return content.lang(lang).get("err_log_line", file=file, line=line, problem=problem)

    log = read_log(folder, describe)
    state = replay(folder, content, plan, lang, log)
    return ReadTable(folder, content, plan, log, state)


def entry_words(table: ReadTable, entry: dict[str, Any]) -> str:
    """An entry in a few words. A bid of hidden or unknown bidding stays unsaid: its value
    is the player's secret until the table shows the bids."""
    kind = entry["kind"]
    if kind == "undo":
        target = table.entries[int(entry["undoes"]) - 1]
        what = f"correction: entry {entry['undoes']} ({entry_words(table, target)}) undone"
        if "instead" not in entry:
            return what
        instead = {
            **target,
            {"bid": "bid", "trump": "suit", "play": "card"}[target["kind"]]: entry["instead"],
        }
        return f"{what}, instead {entry_words(table, instead)}"
    if kind == "bid":
        if table.plan.table.bidding == "standard":
            return f"{entry['player']} bids {entry['bid']}"
        return f"{entry['player']} bids"
    if kind == "trump":
        suit = table.content.suit_name(str(entry["suit"]), table.codes()[0][0])
        return f"trump named: {suit}"
    return f"{entry['player']} plays {parse_id(str(entry['card'])).code}"
