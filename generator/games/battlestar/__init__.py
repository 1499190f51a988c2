"""Battlestar Galactica by forum: a moderator kit. The core finds it through
content/battlestar/pack.yaml (`game: battlestar`); `sheetgen check battlestar` validates the
pack and `sheetgen sheets --pack battlestar` writes the tracker and aid. The game itself is
run with `sheetgen bsg ...` (see cli.py): it has no planned turns, only a moderator's table."""

from __future__ import annotations

from generator.common.errors import SheetgenError
from generator.games import Capabilities, OutputFile, RenderOptions, Scope, TableGame
from generator.games.battlestar import content as bsg_content
from generator.host.table_view import TableNow, TableSource, TableThread
from generator.pack.load import Pack
from generator.plan.model import PlanHeader


class BattlestarRules(TableGame):
    # Nothing is planned ahead: the table runs from the moderator's game file and the log
    # (`sheetgen bsg`); the print sheets are the same for every game. Its plan.json (the
    # sheets' folder) records the header alone.
    plan_type = PlanHeader
    # `today` and `digest` follow the table from the game file: the seed is never in the
    # folder.
    needs_game_file = True

    @property
    def capabilities(self) -> Capabilities:
        # The moderator's game file is read by the setup command, not by `game`.
        return Capabilities(
            game_file_command="sheetgen bsg setup {file}",
            commands="bsg",
            print_sheets=self.print_sheets,
        )

    def print_sheets(self, content: bsg_content.Battlestar, keep: bool = True) -> None:
        """Lays out the fleet tracker and the player aid on both papers, as `game` and
        `sheets` do (`check`: a name too long for its page is found there). Nothing is
        kept, whatever `keep` says: they are made again for each folder."""
        from generator.games.battlestar import sheets

        for paper in ("a4", "letter"):
            sheets.all_sheets(content, paper)

    def table_correct(self, source: TableSource, entry: int, text: str) -> None:
        from generator.games.battlestar.commands import run_and_report

        if source.game_file is None:
            raise SheetgenError("Battlestar keeps its seed in its game file: give it with --game")
        run_and_report(source.game_file, source.folder, "correct", {"entry": entry, "text": text})

    def table_now(self, source: TableSource) -> TableNow:
        from generator.games.battlestar.table.now import table_now

        return table_now(source)

    def table_thread(self, source: TableSource) -> TableThread:
        from generator.games.battlestar.table.thread import table_thread

        return table_thread(source)

    def load(self, pack: Pack) -> bsg_content.Battlestar:
        return bsg_content.load(pack)

    def outputs(
        self,
        content: bsg_content.Battlestar,
        plan: PlanHeader,
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
