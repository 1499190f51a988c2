"""Battlestar Galactica by forum: a moderator kit. The core finds it through
content/battlestar/pack.yaml (`game: battlestar`); `sheetgen check battlestar` validates the
pack and `sheetgen sheets --pack battlestar` writes the tracker and aid. The game itself is
run with `sheetgen bsg ...` (see cli.py): it has no planned turns, only a moderator's table."""

from __future__ import annotations

import datetime as dt
from typing import Any

from generator.common.errors import SheetgenError
from generator.games import Capabilities, GameRules, OutputFile, RenderOptions, Scope, TableHost
from generator.games.battlestar import content as bsg_content
from generator.host.table_view import TableNow, TableSource, TableThread
from generator.pack.load import Pack
from generator.plan.model import DataPlan, PlanHeader


class BattlestarRules(GameRules):
    @property
    def capabilities(self) -> Capabilities:
        # No planned turns: the table runs from the game file and the log (`sheetgen bsg`);
        # the moderator's game file is read by the setup command, not by `game`. `today` and
        # `digest` follow the table too, from the game file: the seed is never in the folder.
        return Capabilities(
            game_file_command="sheetgen bsg setup {file}",
            turns=False,
            commands="bsg",
            table=TableHost(
                now=self.table_now,
                thread=self.table_thread,
                needs_game_file=True,
                correct=self.table_correct,
            ),
        )

    def table_correct(self, source: TableSource, entry: int, text: str) -> None:
        from generator.games.battlestar.commands import run_and_report

        if source.game_file is None:
            raise SheetgenError("Battlestar keeps its seed in its game file: give it with --game")
        run_and_report(source.game_file, source.folder, "correct", {"entry": entry, "text": text})

    def table_now(self, source: TableSource) -> TableNow:
        from generator.games.battlestar.table_now import table_now

        return table_now(source)

    def table_thread(self, source: TableSource) -> TableThread:
        from generator.games.battlestar.table_thread import table_thread

        return table_thread(source)

    def load(self, pack: Pack) -> bsg_content.Battlestar:
        return bsg_content.load(pack)

    def round_count(self, content: bsg_content.Battlestar) -> int:
        return 0

    def turn_count(self, content: bsg_content.Battlestar) -> int:
        return 0

    plan_type = DataPlan

    def make_plan(
        self, content: bsg_content.Battlestar, header: PlanHeader, start: dt.date | None
    ) -> DataPlan:
        # Nothing is planned ahead: setup and the table run from the game file and the log.
        return DataPlan.make(header, {"kit": "battlestar", "commands": "sheetgen bsg --help"})

    def outputs(
        self,
        content: bsg_content.Battlestar,
        plan: dict[str, Any],
        scope: Scope,
        options: RenderOptions,
    ) -> list[OutputFile]:
        from generator.games.battlestar import sheets

        if scope.kind not in ("game", "sheets"):
            return []
        return [
            OutputFile(f"sheets/{name}-{paper}.pdf", data)
            for paper in options.papers
            for name, data in sheets.all_sheets(content, paper).items()
        ]


RULES = BattlestarRules()
