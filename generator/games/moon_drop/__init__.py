"""Moon Drop: the rules module the core finds through content/moon-drop/pack.yaml
(`game: moon_drop`). A turn is a round: one block of five dice."""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.cache import reuse
from generator.common.errors import SheetgenError
from generator.games import Capabilities, OutputFile, RenderOptions, ScheduledGame, Scope
from generator.games.moon_drop import content as md_content
from generator.games.moon_drop.options import (
    VARIATIONS,
    MoonDropOptions,
    committed,
    options_of,
    plan_variations,
    read_variations,
    variation_sets,
)
from generator.games.moon_drop.plan import End, MoonDropPlan
from generator.games.moon_drop.planner import crisis_order, make_deal, make_rounds
from generator.games.moon_drop.posts import PostWriter
from generator.games.moon_drop.scoring import score as score_grid
from generator.kit.assemble import Drawing, scope_files
from generator.pack.load import Pack
from generator.plan.model import PlanHeader
from generator.plan.schedule import make_schedule
from generator.plan.seeds import commitment, game_id
from generator.render.text import Post

if TYPE_CHECKING:  # the rankings are loaded by the commands that rank
    from generator.host.rankings import ScoreSpec


class MoonDropRules(ScheduledGame):
    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            scoring=self.scoring,
            score=self.score,
            options=MoonDropOptions,
            committed_options=variation_sets,
            print_sheets=self.print_sheets,
        )

    def print_sheets(self, content: md_content.MoonDrop, keep: bool = True) -> None:
        """Lays out the player sheet on both papers as `game` does (`check`: a text too long
        for its page is found there; the sheets are kept for the game, unless `keep` is
        False): with no variation, and with every one (their words make the sheet its
        longest)."""
        for variations in ((), VARIATIONS):
            for paper in ("a4", "letter"):
                if keep:
                    key = ("moon-drop sheet", content.pack_digest, paper, *variations)
                    reuse(key, functools.partial(sheet_files, content, paper, variations))
                else:
                    sheet_files(content, paper, variations)

    def load(self, pack: Pack) -> md_content.MoonDrop:
        return md_content.load(pack)

    def round_count(self, content: md_content.MoonDrop) -> int:
        return content.rounds

    def turn_count(self, content: md_content.MoonDrop) -> int:
        return content.rounds

    plan_type = MoonDropPlan

    def make_plan(
        self,
        content: md_content.MoonDrop,
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> MoonDropPlan:
        seed = header.seed
        variations = read_variations(options)
        if variations:
            # The variations change what every round means: the commitment covers them, so a
            # game started with them checks only with them (`verify --option variations=...`).
            commit = commitment(header.pack, seed, header.content_digest, committed(variations))
            header = replace(header.header(), commitment=commit, game_id=game_id(commit))
        deal = make_deal(content, seed)
        return MoonDropPlan(
            **vars(header),
            rules_revision=content.rules_revision,
            deal=deal,
            rounds=make_rounds(content, seed, variations),
            end=End(crisis_order=crisis_order(seed, deal.crises)),
            schedule=make_schedule(content.rounds, list(content.slots), start),
            options=options_of(variations),
        )

    def posts(
        self,
        content: md_content.MoonDrop,
        plan: MoonDropPlan,
        scope: Scope,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> list[Post]:
        writer = PostWriter(content, plan, papers, images)
        posts: list[Post] = []
        if scope.kind == "game":
            posts = writer.all_posts()
        elif scope.kind in ("round", "turn"):
            number = scope.number or 1
            posts = [writer.round_post(number)]
            if number == 1:
                posts[:0] = [writer.before_day_one(), writer.opening()]
            if number == content.rounds:
                posts.append(writer.final())
        return self.month_posts(content, plan, posts)

    def check_page(self, content: md_content.MoonDrop, game_id: str) -> OutputFile:
        """The round check page: the words of the blocks, modules and crises a record
        names."""
        from generator.games.moon_drop.options import FREE_BLOCK, SQUARE_BLOCK
        from generator.render.round_check_page import round_check_file

        shapes = [*content.shapes, SQUARE_BLOCK, FREE_BLOCK]
        names = {shape.id: shape.name for shape in shapes}
        names.update({module.id: module.name for module in content.modules})
        names.update({crisis.id: crisis.name for crisis in content.crises})
        return round_check_file(content.texts.game_name, game_id, names)

    def outputs(
        self,
        content: md_content.MoonDrop,
        plan: MoonDropPlan,
        scope: Scope,
        options: RenderOptions,
    ) -> list[OutputFile]:
        # Drawing pulls in reportlab and Pillow; imported here so the scorer stays light.
        from generator.games.moon_drop.grid_page import grid_page_file
        from generator.games.moon_drop.pictures import post_image

        posts = self.posts(content, plan, scope, options.papers, options.images)
        variations = plan_variations(plan)

        def pictures() -> Drawing:
            images = [image for post in posts for image in post.images]
            files = (OutputFile(i.file, post_image(content, plan, i.file)) for i in images)
            return Drawing(len(images), files)

        def sheets() -> list[OutputFile]:
            files: list[OutputFile] = []
            for paper in options.papers:
                # The sheet depends on the pack and the variations alone: built once for each.
                key = ("moon-drop sheet", content.pack_digest, paper, *variations)
                files += reuse(key, functools.partial(sheet_files, content, paper, variations))
            grid_page = grid_page_file(content, variations, plan.game_id)
            return [*files, grid_page, self.check_page(content, plan.game_id)]

        return scope_files(
            content.texts.game_name,
            plan,
            scope.kind,
            posts,
            pictures,
            sheets,
            options,
            self.host_tasks(content, plan),
        )

    def turn_post(self, content: md_content.MoonDrop, plan: MoonDropPlan, turn: int) -> str:
        posts = sorted(
            self.posts(content, plan, Scope("turn", turn)), key=lambda p: (p.turn, p.position)
        )
        return "\n\n".join((p.facebook or "").rstrip("\n") for p in posts) + "\n"

    def score(self, content: md_content.MoonDrop, plan: MoonDropPlan, grid_file: Path) -> str:
        return score_grid(content, plan, grid_file)

    def scoring(self, content: md_content.MoonDrop, plan: MoonDropPlan) -> ScoreSpec:
        """One score per player for the game; a `grid` column names the player's sheet
        (a file in the game folder) for the scorer to score or check."""

        def scorer(grid_file: Path, _round: str) -> tuple[int, dict[str, int]]:
            account = self.score(content, plan, grid_file)
            found = re.search(r"^Score: (-?\d+)$", account, re.MULTILINE)
            if found is None:  # the account always gives its score
                raise SheetgenError(f"{grid_file.name}: the scorer gave no score")
            return int(found.group(1)), {}

        from generator.host.rankings import ScoreSpec

        return ScoreSpec(
            rounds=("final",),
            scorer=scorer,
            bot=lambda: self.bot_scores(content, plan),
            bot_played=(
                f"all {len(plan.rounds)} blocks as posted, the same crises and goal: one grid "
                "for the whole game, as yours is scored"
            ),
        )

    def bot_scores(self, content: md_content.MoonDrop, plan: MoonDropPlan) -> dict[str, int]:
        """The bot's grid for the game's blocks, scored as a player's grid file is: one par
        for the whole game, since players are ranked on their final grid alone."""
        from generator.games.moon_drop.bot import play

        return {"final": play(content, plan).score}


RULES = MoonDropRules()


def sheet_files(
    content: md_content.MoonDrop, paper: str, variations: tuple[str, ...]
) -> list[OutputFile]:
    """The player sheet on one paper (the drawing code is imported only when it is made)."""
    from generator.games.moon_drop import sheets as sheet_pages

    pdf = sheet_pages.sheet_pdf(content, paper, variations)
    return [OutputFile(f"sheets/moon-drop-{paper}.pdf", pdf)]
