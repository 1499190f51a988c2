"""Keep on Trucking's posts, part 2: the new adventure cards, Rough Roads, the cyan abilities
where they apply, and the titles and new points at scoring. Built on the part 1 writer
(posts.py), adding lines to its posts; the part 1 texts are left as they are."""

from __future__ import annotations

from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.images import PlannedImage
from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.galaxy_trucker.posts import SPOILER_SPACER_LINES
from generator.games.keep_on_trucking import rough_roads_art as _art  # noqa: F401  (registers)
from generator.games.keep_on_trucking.card_kinds import BAD_DAY_ROWS, CoordinateRoll
from generator.games.keep_on_trucking.hits import label_words
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts import TruckingPostWriter, _insert_before_last
from generator.games.keep_on_trucking.rough_roads import (
    RoughRoadsFile,
    card_lines,
    card_of,
    drawn_cards,
    end_of_building_notes,
    flight_notes,
)
from generator.games.keep_on_trucking.scoring import CyanFile, TitlesFile, scoring_lines
from generator.render.text import Post, bgg_safe

ROW_NAMES = {"epidemic": "epidemic", "sabotage": "sabotage", "stardust": "stardust"}


class PartTwoPostWriter(TruckingPostWriter):
    def __init__(  # type: ignore[override]
        self,
        content: GalaxyTrucker,
        plan: KeepOnTruckingPlan,
        papers: tuple[str, ...] = ("a4", "letter"),
    ) -> None:
        super().__init__(content, plan, papers)
        self.roads: RoughRoadsFile = content.extras["rough-roads"]
        self.cyan: CyanFile = content.extras["cyan"]
        self.titles: TitlesFile = content.extras["titles"]
        # The first flight turn each cyan ability is named in full (later: its name alone).
        self.first_cyan: dict[str, int] = {}
        for rnd in plan.rounds:
            for flight in rnd.flight_turns:
                for event in flight.events:
                    for name in self.cyan.applies.get(event.card.type, []):
                        self.first_cyan.setdefault(name, flight.turn)

    # --- round start: the Rough Roads cards of the round -----------------------------
    def round_start(self, rnd: RoundPlan) -> Post:
        post = super().round_start(rnd)
        drawn = drawn_cards(self.content, self.plan, rnd.round)
        if self.plan.options.difficulty == "none":
            return post
        lines = card_lines(self.content, self.plan, rnd.round)
        fb_block = "\n".join(lines["facebook"])
        dc_block = "\n".join(lines["discord"])
        plain = post.facebook or ""
        if post.facebook is not None:
            post.facebook = _insert_before_last(post.facebook, fb_block)
        post.discord = _insert_before_last(post.discord, dc_block)
        post.images.append(self.rough_roads_image(rnd))
        # BGG: the whole round start, its Rough Roads dice in [o] spoilers.
        bgg_block = "\n".join(lines["bgg"])
        post.bgg = _insert_before_last(bgg_safe(plain), bgg_block)
        if any(card.rolls for card in drawn):
            # The dice of the Rough Roads cards, hidden: Facebook has no spoiler markup, so
            # they go below the fold of the first comment, as the flight posts' dice do.
            hidden = "\n".join(
                [
                    "SPOILER - Rough Roads dice below. Read them at the end of building.",
                    *(["."] * SPOILER_SPACER_LINES),
                    "",
                    *lines["hidden"],
                ]
            )
            comment = post.facebook_comment
            post.facebook_comment = (comment + "\n" if comment else "") + hidden + "\n"
            post.comment_on = post.comment_on or post.title
        return post

    def rough_roads_image(self, rnd: RoundPlan) -> PlannedImage:
        drawn = drawn_cards(self.content, self.plan, rnd.round)
        cards = [card_of(self.content, road.id) for road in drawn]
        listed = "; ".join(
            f"{c.name}: {c.text.rstrip('.')}"
            + (" (its dice are hidden in the post)" if road.rolls else "")
            for c, road in zip(cards, drawn, strict=True)
        )
        return PlannedImage(
            file=f"round-{rnd.round}/rough-roads.png",
            alt=f"Round {rnd.round}, Rough Roads cards ({self.plan.options.difficulty}): "
            f"{listed}. No dice are shown.",
            kind="rough-roads",  # type: ignore[arg-type]
            round=rnd.round,
        )

    # --- flights: Bad Day's rows, Rough Roads and cyan abilities where they apply ------
    def event_notes(self, rnd: RoundPlan, turn: int, card: Any) -> list[str]:
        notes = super().event_notes(rnd, turn, card)
        if card.kind == "bad-day":
            rows = BAD_DAY_ROWS[min(rnd.round, 3)]
            words = ", then ".join(ROW_NAMES[r] for r in rows)
            extra = "" if "sabotage" in rows else " The sabotage dice are not used this round."
            notes.append(f"+ Bad Day on a round {rnd.round} flight: {words}.{extra}")
        notes += flight_notes(self.content, self.plan, rnd.round, card)
        for name in self.cyan.applies.get(card.kind, []):
            words = self.cyan.where[name]
            if self.first_cyan.get(name) == turn:
                notes.append(f"+ Cyan {name} aboard? {words}")
            else:
                notes.append(f"+ Cyan {name}: {words}")
        return notes

    def roll_where(self, rnd: RoundPlan, hit: Hit, faces: tuple[int, int]) -> str:
        if not isinstance(hit, CoordinateRoll):
            return super().roll_where(rnd, hit, faces)
        board = self.board(rnd)
        total = sum(faces)
        # Coordinate rolls are never mirrored or wrapped; on Ship IA they read the labels.
        if board.hits == "labels":
            for line, sums in board.labels.items():
                if total in sums:
                    return f" - the {hit.direction} labelled {label_words(board, line)}"
        lines = board.rows if hit.direction == "row" else board.columns
        if total not in lines:
            return f" - {hit.direction} {total}: no such {hit.direction} on Ship {rnd.ship}, a miss"
        return "" if board.hits == "plain" else f" - {hit.direction} {total} on Ship {rnd.ship}"

    # --- end of building: when to choose the cyan ability ------------------------------
    def end_of_building(self, rnd: RoundPlan) -> Post:
        post = super().end_of_building(rnd)
        abilities = self.content.extras["expansion"].cyan_abilities
        lines = [self.cyan.choose, *(f"- {name}: {words}" for name, words in abilities.items())]
        lines += end_of_building_notes(self.content, self.plan, rnd.round)
        block = "\n".join(lines)
        if post.facebook is not None:
            post.facebook = post.facebook.rstrip("\n") + "\n" + block + "\n"
        post.discord = post.discord.rstrip("\n") + "\n" + block + "\n"
        return post

    # --- scoring: every new source of points, and the titles ---------------------------
    def end_of_flight(self, rnd: RoundPlan) -> Post:
        post = super().end_of_flight(rnd)
        lines = scoring_lines(self.content, self.plan, rnd.round)
        block = "\n".join(lines)
        if post.facebook is not None:
            post.facebook = _insert_before_last(post.facebook, block)
        post.discord = _insert_before_last(post.discord, block)
        return post
