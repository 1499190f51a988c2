"""Galactic Card Race: the rules module the core finds through content/card-race/pack.yaml
(`game: card_race`). A round is a turn: one deal, its bids and its tricks.

`sheetgen game --pack card-race` plays the pack's default table (game.yaml); a host's own
table comes from a game file (`sheetgen card-race new GAME_FILE`). The table itself (bids,
plays, standings) is `sheetgen card-race bid|trump|play`; the judge is `sheetgen card-race
trick` and the check of a revealed round `sheetgen card-race verify`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from generator.common.plural import counted
from generator.games import (
    Capabilities,
    OutputFile,
    PlannedGame,
    RenderOptions,
    Scope,
    TableGame,
)
from generator.games.card_race import content as cr_content
from generator.games.card_race.languages import languages
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.planner import make_plan, rounds_for
from generator.host.table_view import TableNow, TableSource, TableThread
from generator.pack.load import Pack
from generator.plan.model import PlanHeader, from_data


class CardRaceRules(TableGame, PlannedGame):
    """A table (bids and plays logged in table.jsonl, followed by `today` and `digest`)
    whose deal is decided ahead: each round's hands are in the plan."""

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            score_table=self.score_table,
            check_game_file=self.check_game_file,
            # A host's own table starts from its game file with this command, not `game`.
            game_file_command="sheetgen card-race new {file}",
            # Its table, its trick judge and its round check (commands.py).
            commands="card-race",
            print_sheets=self.print_sheets,
        )

    def print_sheets(self, content: cr_content.CardRace, keep: bool = True) -> None:
        """Lays out the rules card and score pads in both languages on both papers, as
        `card-race new` does (`check`: a text too long for its page is found there). Nothing
        is kept, whatever `keep` says: `card-race new` makes its sheets again."""
        from generator.games.card_race.files import sheet_files

        sheet_files(content, "both", ("a4", "letter"))

    def load(self, pack: Pack) -> cr_content.CardRace:
        return cr_content.load(pack)

    def round_count(self, content: cr_content.CardRace) -> int:
        return rounds_for(content, content.table)

    def turn_count(self, content: cr_content.CardRace) -> int:
        return self.round_count(content)

    plan_type = CardRacePlan

    def make_plan(
        self,
        content: cr_content.CardRace,
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> CardRacePlan:
        deal = make_plan(content, content.table, header.seed, start)
        return from_data(CardRacePlan, {**vars(header), **deal})

    def outputs(
        self,
        content: cr_content.CardRace,
        plan: CardRacePlan,
        scope: Scope,
        options: RenderOptions,
    ) -> list[OutputFile]:
        from generator.games.card_race.files import game_files

        return game_files(content, plan, scope, plan.table.lang, options.papers, options.images)

    def turn_post(self, content: cr_content.CardRace, plan: CardRacePlan, turn: int) -> str:
        from generator.games.card_race.flavours import facebook
        from generator.games.card_race.posts import Writer

        return "\n\n".join(
            facebook(Writer(content, plan, code).round_post(turn))
            for code, _ in languages(plan.table.lang)
        )

    def score_table(
        self, content: cr_content.CardRace, path: Path, as_json: bool, lang: str
    ) -> str:
        from generator.games.card_race.score_file import score_report

        return score_report(content, path, as_json, lang)

    def table_now(self, source: TableSource) -> TableNow:
        from generator.games.card_race.table.now import table_now

        return table_now(source)

    def table_thread(self, source: TableSource) -> TableThread:
        from generator.games.card_race.table.thread import table_thread

        return table_thread(source)

    def check_game_file(self, content: cr_content.CardRace, path: Path) -> str:
        from generator.common.errors import display_path
        from generator.games.card_race.gamefile import check_spec

        spec = check_spec(path, content)
        table = spec.table
        rounds = rounds_for(content, table)
        return (
            f"{display_path(path)}: OK - {counted(len(table.players), 'player')} "
            f"({', '.join(table.players)}), {counted(rounds, 'round')}, {table.bidding} bidding, "
            f"special cards {'on' if table.specials else 'off'}, language {table.lang}"
        )


RULES = CardRaceRules()
