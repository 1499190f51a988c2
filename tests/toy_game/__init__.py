"""Card Flip, a toy game that lives outside sheetgen: one card turned up per turn, three
turns. It is installed as a plugin (the `sheetgen.games` entry point group) and uses only
what the core offers any game: pack loading, the seeded streams, the schedule, the post
model, the posting guide and the calendar. Nothing in generator/ knows it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Annotated, Any

from msgspec import Meta

from generator.common.errors import ContentError
from generator.games import OutputFile, RenderOptions, ScheduledGame, Scope
from generator.kit.assemble import scope_files
from generator.pack.load import Pack, validate_files
from generator.pack.validation import Strict
from generator.plan.model import Plan, PlanHeader, Slot
from generator.plan.rng import Stream
from generator.plan.schedule import make_schedule, when
from generator.render.post import PostDraft, heading, para
from generator.render.text import Post

TURNS = 3
SLOTS = ["morning"]


class CardsFile(Strict, frozen=True, kw_only=True):
    cards: Annotated[list[str], Meta(min_length=TURNS)]


@dataclass(frozen=True)
class CardFlipPlan(Plan):
    flips: tuple[str, ...]
    schedule: tuple[Slot, ...]
    rhythm: dict[str, Any] | None = None  # the posting rhythm of a dated game (plan/rhythm.py)


class CardFlipRules(ScheduledGame):
    plan_type = CardFlipPlan

    def load(self, pack: Pack) -> list[str]:
        models, problems = validate_files(pack, {"cards": CardsFile})
        if problems:
            raise ContentError(problems)
        return list(models["cards"][1].cards)

    def round_count(self, content: list[str]) -> int:
        return 1

    def turn_count(self, content: list[str]) -> int:
        return TURNS

    def make_plan(
        self,
        content: list[str],
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> CardFlipPlan:
        flipped = Stream(header.seed, "card-flip", "deck").shuffled(content)[:TURNS]
        schedule = make_schedule(TURNS, SLOTS, start)
        return CardFlipPlan(**vars(header), flips=tuple(flipped), schedule=schedule)

    def posts(self, content: list[str], plan: CardFlipPlan, scope: Scope, *_: Any) -> list[Post]:
        entries = {s.turn: s for s in plan.schedule}
        wanted = range(1, TURNS + 1) if scope.kind == "game" else [scope.number or 1]
        return [
            PostDraft(
                key=f"turn-{turn}",
                title=f"Turn {turn}",
                turn=turn,
                position=0,
                headline=f"Card Flip · Game {plan.game_id}",
                when=when(entries[turn]),
                blocks=[
                    heading(f"Turn {turn} of {TURNS}"),
                    para(f"The card: {plan.flips[turn - 1]}."),
                ],
            ).render()
            for turn in wanted
        ]

    def outputs(
        self, content: list[str], plan: CardFlipPlan, scope: Scope, options: RenderOptions
    ) -> list[OutputFile]:
        posts = [] if scope.kind == "sheets" else self.posts(content, plan, scope)
        return scope_files("Card Flip", plan, scope.kind, posts)

    def turn_post(self, content: list[str], plan: CardFlipPlan, turn: int) -> str:
        (post,) = self.posts(content, plan, Scope("turn", turn))
        return post.facebook or ""


RULES = CardFlipRules()
