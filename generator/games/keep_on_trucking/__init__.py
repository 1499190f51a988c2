"""Keep on Trucking, the Galaxy Trucker expansion: a rules module that builds on Galaxy
Trucker's (its pack `extends: galaxy-trucker`). It adds the new tile kinds (tile_kinds.py,
pictures in art.py), sets tiles aside once per game, flies the A ships when the game file
asks (`ships: A`) and teaches the new technology in the posts (posts/)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.atomic_write import write_atomic
from generator.common.errors import SheetgenError
from generator.games import Capabilities, OutputFile
from generator.games.galaxy_trucker import GalaxyTruckerRules, account_path, ship_score
from generator.games.galaxy_trucker import content as gt_content
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.games.keep_on_trucking.checks import check_expansion
from generator.games.keep_on_trucking.kinds import KINDS
from generator.games.keep_on_trucking.model import ExpansionFile
from generator.games.keep_on_trucking.options import TruckingFileOptions
from generator.games.keep_on_trucking.own_files import OWN_FILES, check_own_files
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.planner import plan_game, read_options, tile_ref
from generator.games.keep_on_trucking.posts.adventures import AdventurePostWriter
from generator.games.keep_on_trucking.rough_roads import plan_rough_roads
from generator.games.keep_on_trucking.scoring import trucking_score_spec
from generator.pack.load import Pack
from generator.plan.model import PlanHeader
from generator.plan.schedule import make_schedule

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.pictures.layout import Drawer


def trucking_plan(plan: GalaxyTruckerPlan) -> KeepOnTruckingPlan:
    """The plan this game's rules are handed, as its own type: Galaxy Trucker's signatures
    name the base plan, and a Keep on Trucking game's plan is always this game's
    (`plan_type`, as plan.json is read)."""
    if not isinstance(plan, KeepOnTruckingPlan):
        raise TypeError(f"a Keep on Trucking plan was expected, not {type(plan).__name__}")
    return plan


class KeepOnTruckingRules(GalaxyTruckerRules):
    # A Keep on Trucking pack may extend a Galaxy Trucker pack (generator/pack/load.py).
    base_game = "galaxy_trucker"
    sheet_kind = "keep-on-trucking"

    writer_type = AdventurePostWriter
    plan_type = KeepOnTruckingPlan

    @property
    def capabilities(self) -> Capabilities:
        # This game's own flight engine (flight/) scores ships and flies the bot.
        return Capabilities(
            phase_of=self.phase_of,
            scoring=self.scoring,
            score=self.score,
            verdict=self.verdict,
            balance=self.balance,
            options=TruckingFileOptions,
            print_sheets=self.print_sheets,
        )

    def scoring(self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan) -> Any:
        """Galaxy Trucker's scores.csv, with the title rewards of this pack (titles.yaml);
        the `ship` column is scored by this game's flight engine."""
        return trucking_score_spec(super().scoring(content, plan), content)

    def bot_scores(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan
    ) -> dict[str, int]:
        """This game's bot (its flight engine, the game's ships, Rough Roads and compass)."""
        from generator.games.keep_on_trucking.flight.balance import play_plan

        plays = play_plan(content, trucking_plan(plan))
        return {str(number): play.score for number, play in enumerate(plays, start=1)}

    def score(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        ship_file: Path,
        round_number: int | None = None,
    ) -> str:
        """Keep on Trucking's flight engine's account of one round for a ship file."""
        if round_number is None:
            raise SheetgenError("a Keep on Trucking ship is scored for one round: add --round N")
        from generator.games.keep_on_trucking.flight.account import score_ship

        return score_ship(content, trucking_plan(plan), ship_file, round_number)

    def scored_ship(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        ship_file: Path,
        round_number: int,
    ) -> tuple[int, dict[str, int], dict[str, str]]:
        """As Galaxy Trucker's (the account written beside the ship file), with what the
        sheet holds beside the score: the title counts and the cyan ability at the end."""
        from generator.games.keep_on_trucking.flight.account import scored_ship

        account, facts = scored_ship(content, trucking_plan(plan), ship_file, round_number)
        write_atomic(account_path(ship_file), account.encode("utf-8"))
        score, parts = ship_score(account)
        return score, parts, facts

    def verdict(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan
    ) -> tuple[str, bool]:
        """How hard the seed's rounds are for this game's bot, against the reference run of
        the game's ships and difficulty."""
        from generator.games.keep_on_trucking.flight.balance import verdict_line

        return verdict_line(content, trucking_plan(plan))

    def balance(
        self,
        pack_ref: str,
        content: gt_content.GalaxyTrucker,
        count: int,
        workers: int,
        prefix: str,
        save_reference: bool,
        options: dict[str, Any] | None = None,
    ) -> str:
        from generator.games.keep_on_trucking.flight.balance import balance_report

        return balance_report(pack_ref, content, count, workers, prefix, save_reference, options)

    def image_drawers(self) -> Mapping[str, Drawer]:
        """Galaxy Trucker's pictures and the Rough Roads cards drawn each round."""
        from generator.games.keep_on_trucking.pictures import draw_rough_roads

        return {**super().image_drawers(), "rough-roads": draw_rough_roads}

    def sheet_files(
        self, content: gt_content.GalaxyTrucker, papers: tuple[str, ...]
    ) -> list[OutputFile]:
        from generator.games.keep_on_trucking.sheets.files import sheet_files

        return sheet_files(content, papers)

    def builder_files(self, content: gt_content.GalaxyTrucker, game_id: str) -> list[OutputFile]:
        """The ship builder page with every ship board and the expansion's check."""
        from generator.games.keep_on_trucking.ship_builder import trucking_builder_file

        return [trucking_builder_file(content, game_id)]

    def check_page(self, content: gt_content.GalaxyTrucker, game_id: str) -> OutputFile:
        """Galaxy Trucker's round check page, with the Rough Roads cards' names."""
        from generator.games.galaxy_trucker.round_check import check_page
        from generator.games.keep_on_trucking.rough_roads import roads_file

        names = {card.id: card.name for card in roads_file(content).cards}
        return check_page(content, game_id, names)

    def load(self, pack: Pack) -> gt_content.GalaxyTrucker:
        content = gt_content.load(pack, {"expansion": ExpansionFile, **OWN_FILES}, KINDS)
        check_expansion(pack, content)
        check_own_files(pack, content)
        return content

    def make_plan(
        self,
        content: gt_content.GalaxyTrucker,
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> KeepOnTruckingPlan:
        chosen = read_options(content, options)
        aside, rounds, compass = plan_game(content, header.seed, chosen)
        return KeepOnTruckingPlan(
            **vars(header),
            rounds=rounds,
            schedule=make_schedule(content.turn_count, list(content.slots), start),
            options=chosen,
            set_aside=tuple(tile_ref(t) for t in aside),
            compass=compass,
            rough_roads=plan_rough_roads(content, header.seed, chosen.difficulty),
        )


RULES = KeepOnTruckingRules()
