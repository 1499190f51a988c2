"""Galaxy Trucker Roll'n'Write: the rules module the core finds through pack.yaml."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.atomic_write import write_atomic
from generator.common.cache import reuse
from generator.common.errors import SheetgenError
from generator.games import Capabilities, OutputFile, RenderOptions, ScheduledGame, Scope
from generator.games.galaxy_trucker import content as gt_content
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.games.galaxy_trucker.planner import make_rounds
from generator.games.galaxy_trucker.posts import PostWriter
from generator.kit.assemble import Drawing, scope_files
from generator.pack.load import Pack
from generator.plan.model import PlanHeader
from generator.plan.schedule import make_schedule
from generator.render.text import Post

if TYPE_CHECKING:  # the rankings are loaded by the commands that rank
    from generator.games.galaxy_trucker.pictures.layout import Drawer
    from generator.host.rankings import ScoreSpec, SheetScore


class GalaxyTruckerRules(ScheduledGame):
    # The post writer of the game; an expansion's rules module may name its own.
    writer_type: type[PostWriter] = PostWriter
    # Whose sheets a pack's cached sheets are (an expansion draws its own).
    sheet_kind = "galaxy-trucker"

    def load(self, pack: Pack) -> gt_content.GalaxyTrucker:
        return gt_content.load(pack)

    def round_count(self, content: gt_content.GalaxyTrucker) -> int:
        return len(content.rounds)

    def turn_count(self, content: gt_content.GalaxyTrucker) -> int:
        return content.turn_count

    plan_type = GalaxyTruckerPlan

    def make_plan(
        self,
        content: gt_content.GalaxyTrucker,
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> GalaxyTruckerPlan:
        return GalaxyTruckerPlan(
            **vars(header),
            rounds=make_rounds(content, header.seed),
            schedule=make_schedule(content.turn_count, list(content.slots), start),
        )

    def posts(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        scope: Scope,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> list[Post]:
        return self.month_posts(content, plan, self._posts(content, plan, scope, papers, images))

    def _posts(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        scope: Scope,
        papers: tuple[str, ...],
        images: bool,
    ) -> list[Post]:
        writer = self.writer_type(content, plan, papers, images)
        if scope.kind == "game":
            return writer.all_posts()
        if scope.kind in ("round", "turn") and scope.number is None:
            raise ValueError(f"a {scope.kind}'s scope names its number")
        if scope.kind == "round" and scope.number is not None:
            rnd = plan.rounds[scope.number - 1]
            posts = writer.round_posts(rnd)
            if scope.number == 1:
                posts[:0] = [writer.before_day_one(), writer.game_start()]
            if scope.number == len(plan.rounds):
                posts.append(writer.game_end())
            return posts
        if scope.kind == "turn" and scope.number is not None:
            # Turn 1 also carries what is posted the day before it. Only the turn's posts
            # are written (each comes from the plan alone, never from the posts before
            # it): the whole game's, filtered.
            wanted = {0, 1} if scope.number == 1 else {scope.number}
            posts = [writer.before_day_one(), writer.game_start()] if wanted & {0, 1} else []
            for rnd in plan.rounds:
                first, last = rnd.build_turns[0].turn, rnd.flight_turns[-1].turn
                if any(first <= turn <= last for turn in wanted):
                    posts += writer.round_posts(rnd, wanted)
            if plan.rounds[-1].flight_turns[-1].turn in wanted:
                posts.append(writer.game_end())
            return [p for p in posts if p.turn in wanted]
        return []

    def round_ends(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan
    ) -> list[tuple[str, int]]:
        """Each round is scored after its end-of-flight post (its last flight turn)."""
        return [(str(r.round), r.flight_turns[-1].turn) for r in plan.rounds]

    def outputs(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        scope: Scope,
        options: RenderOptions,
    ) -> list[OutputFile]:
        posts = self.posts(content, plan, scope, options.papers, options.images)

        def pictures() -> Drawing:
            # The drawing code (Pillow's, the art's) is loaded only when pictures are made.
            from generator.games.galaxy_trucker.pictures.pool import render_images

            planned = [im for p in posts for im in p.images if isinstance(im, PlannedImage)]
            return render_images(content, plan, planned, self.image_drawers())

        def sheets() -> list[OutputFile]:
            files = [f for paper in options.papers for f in self.paper_sheets(content, paper)]
            if self.writer_type.ship_builder:
                # Made for each game (a few milliseconds), not kept per pack version: the
                # page carries its game's id, which keys the ships it keeps on a phone.
                files += self.builder_files(content, plan.game_id)
            return [*files, self.check_page(content, plan.game_id)]

        return scope_files(
            content.texts.game_name,
            plan,
            scope.kind,
            posts,
            pictures if options.images else None,
            sheets,
            options,
            self.host_tasks(content, plan),
        )

    def image_drawers(self) -> Mapping[str, Drawer]:
        """How each kind of post picture is drawn (the drawing code is imported only when
        pictures are made); an expansion adds its own kinds."""
        from generator.games.galaxy_trucker.pictures.layout import DRAW

        return DRAW

    def paper_sheets(self, content: gt_content.GalaxyTrucker, paper: str) -> list[OutputFile]:
        """The print-and-play PDFs on one paper. They depend on the pack alone: built once
        per pack version (generator/common/cache.py)."""
        key = (self.sheet_kind, content.pack_digest, paper)
        return reuse(key, functools.partial(self.sheet_files, content, (paper,)))

    def print_sheets(self, content: gt_content.GalaxyTrucker, keep: bool = True) -> None:
        """Lays out the print sheets on every paper as a game does (`check`: a text too long
        for its page is found there, not by `game`; the sheets are kept for the game, unless
        `keep` is False)."""
        for paper in ("a4", "letter"):
            if keep:
                self.paper_sheets(content, paper)
            else:
                self.sheet_files(content, (paper,))

    def sheet_files(
        self, content: gt_content.GalaxyTrucker, papers: tuple[str, ...]
    ) -> list[OutputFile]:
        """The print-and-play PDFs (the drawing code is imported only when they are made)."""
        from generator.games.galaxy_trucker.sheets.files import sheet_files

        return sheet_files(content, papers)

    def builder_files(self, content: gt_content.GalaxyTrucker, game_id: str) -> list[OutputFile]:
        """The ship builder page (public data only: the pack's tiles and round boards, and
        the game's id)."""
        from generator.games.galaxy_trucker.ship_builder import builder_file

        return [builder_file(content, game_id)]

    def check_page(self, content: gt_content.GalaxyTrucker, game_id: str) -> OutputFile:
        """The round check page (public data only: the words of the pack's ids, the game's
        id)."""
        from generator.games.galaxy_trucker.round_check import check_page

        return check_page(content, game_id)

    def turn_post(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan, turn: int
    ) -> str:
        """The Facebook texts of the turn's posts in posting order, each comment after the
        post it goes under, as a host pastes them."""
        posts = sorted(
            self.posts(content, plan, Scope("turn", turn)), key=lambda p: (p.turn, p.position)
        )
        parts = []
        for post in posts:
            if post.facebook is not None:
                parts.append(f"==== {post.title}: new post ====\n{post.facebook.rstrip()}")
            under = post.comment_on or post.title
            for index, comment in enumerate(post.facebook_comments):
                label = post.comment_label(index)
                which = f"comment ({label})" if label else "comment"
                parts.append(f"---- {which} under {under} ----\n{comment.rstrip()}")
        return "\n\n".join(parts) + "\n"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            phase_of=self.phase_of,
            scoring=self.scoring,
            score=self.score,
            verdict=self.verdict,
            balance=self.balance,
            print_sheets=self.print_sheets,
        )

    def phase_of(self, post: Post) -> str:
        """The phase a post belongs to, for the catch-up page's headings."""
        name = post.key.rpartition("/")[2]
        if name == "end-of-flight":
            return "Scoring"
        if name.endswith("-flight"):
            return "Flying"
        if "/" in post.key:
            return "Building"
        return ""

    def scoring(self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan) -> ScoreSpec:
        """scores.csv columns: the round score is Position + Events + Cargo + Lost
        Components + Pretty Ship (the rules' scoring); Keep on Trucking adds title counts."""
        from generator.host.rankings import ScoreSpec

        return ScoreSpec(
            rounds=tuple(str(r.round) for r in plan.rounds),
            parts=(
                ("position", "Starting position"),
                ("events", "Events"),
                ("cargo", "Cargo"),
                ("lost", "Lost components"),
                ("pretty", "Pretty ship"),
            ),
            # Keep on Trucking's trucker titles, counted on the sheet at the end of a round;
            # the title dock's side gives the reward per round.
            titles=(("aesthete", "Aesthete"), ("contraptionist", "Contraptionist")),
            title_rewards={"3-6-9": (3, 6, 9), "4-8-12": (4, 8, 12)},
            # A player's ship file (as `sheetgen score` reads it): the flight engine scores it.
            scorer=lambda path, rnd: self.scored_ship(content, plan, path, int(rnd)),
            sheet_column="ship",
            bot=lambda: self.bot_scores(content, plan),
        )

    def bot_scores(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan
    ) -> dict[str, int]:
        """The balance bot's round scores with the round's posts (it builds from the posted
        sets and flies the round's cards and dice): the par players may beat."""
        from generator.games.galaxy_trucker.flight.balance import play_rounds

        plays = play_rounds(content, plan.rounds)
        return {str(number): play.score for number, play in enumerate(plays, start=1)}

    def scored_ship(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        ship_file: Path,
        round_number: int,
    ) -> SheetScore:
        """A ship file named in scores.csv, scored by the flight engine; its account is
        written beside it (`ann.txt` -> `ann.account.txt`) for the host to send the player."""
        account = self.score(content, plan, ship_file, round_number)
        write_atomic(account_path(ship_file), account.encode("utf-8"))
        return ship_score(account)

    def score(
        self,
        content: gt_content.GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        ship_file: Path,
        round_number: int | None = None,
    ) -> str:
        """The flight engine's account of one round for a player's ship file."""
        if round_number is None:
            raise SheetgenError("a Galaxy Trucker ship is scored for one round: add --round N")
        from generator.games.galaxy_trucker.flight.account import score_ship

        return score_ship(content, plan, ship_file, round_number)

    def verdict(
        self, content: gt_content.GalaxyTrucker, plan: GalaxyTruckerPlan
    ) -> tuple[str, bool]:
        """One line on how hard the seed's rounds are for the bot, and whether any round is
        extreme (for `sheetgen game --fair`)."""
        from generator.games.galaxy_trucker.flight.balance import verdict_line

        return verdict_line(content, plan.rounds)

    def balance(
        self,
        pack_ref: str,
        content: gt_content.GalaxyTrucker,
        count: int,
        workers: int,
        prefix: str,
        save_reference: bool,
    ) -> str:
        from generator.games.galaxy_trucker.flight.balance import balance_report

        return balance_report(pack_ref, content, count, workers, prefix, save_reference)


# The score boxes of the flight engine's account, and the scores.csv part each fills.
ACCOUNT_BOXES = {
    "Starting Position": "position",
    "Events": "events",
    "Cargo": "cargo",
    "Lost Components": "lost",
    "Pretty Ship": "pretty",
}


def account_path(ship_file: Path) -> Path:
    """Where rankings writes a ship's account: never the ship file itself (a longer name)."""
    return ship_file.with_name(f"{ship_file.stem}.account.txt")


def ship_score(account: str) -> tuple[int, dict[str, int]]:
    """The round score and its parts from the flight engine's account."""
    parts = {}
    for label, column in ACCOUNT_BOXES.items():
        found = re.search(rf"^  {label} +(-?\d+)", account, re.MULTILINE)
        if found:
            parts[column] = int(found.group(1))
    total = re.search(r"^  Round \d+ score +(-?\d+)", account, re.MULTILINE)
    if total is None or len(parts) != len(ACCOUNT_BOXES):
        raise SheetgenError("the flight engine's account gave no score")
    return int(total.group(1)), parts


RULES = GalaxyTruckerRules()
