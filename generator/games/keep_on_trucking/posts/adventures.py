"""Keep on Trucking's adventure posts: the new adventure cards, Rough Roads, the cyan abilities
where they apply, and the titles and new points at scoring. Built on the technology
writer (technology.py) through the writer's hooks (blocks added to a post); its words stay as
they are."""

from __future__ import annotations

from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.keep_on_trucking.card_kinds import BAD_DAY_ROWS, CoordinateRoll
from generator.games.keep_on_trucking.hits import printed_words
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts.technology import TruckingPostWriter
from generator.games.keep_on_trucking.rough_roads import (
    RoughRoadsFile,
    card_blocks,
    card_of,
    drawn_cards,
    end_of_building_notes,
    flight_notes,
)
from generator.games.keep_on_trucking.scoring import CyanFile, TitlesFile, scoring_lines
from generator.plan.round_commit import roll
from generator.render.post import Block, heading, item, line, para
from generator.render.text import DISCORD_ALT_LIMIT, PostImage


class AdventurePostWriter(TruckingPostWriter):
    def __init__(
        self,
        content: GalaxyTrucker,
        plan: KeepOnTruckingPlan,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> None:
        super().__init__(content, plan, papers, images)
        self.roads: RoughRoadsFile = content.extras["rough-roads"]
        self.cyan: CyanFile = content.extras["cyan"]
        self.titles: TitlesFile = content.extras["titles"]
        # The first flight turn each cyan ability is named with "aboard?" (later: its name).
        self.first_cyan: dict[str, int] = {}
        for rnd in plan.rounds:
            for flight in rnd.flight_turns:
                for event in flight.events:
                    for name in self.cyan.applies.get(event.card.type, []):
                        self.first_cyan.setdefault(name, flight.turn)

    def round_record_extra(self, rnd: RoundPlan) -> list[str]:
        """The round's Rough Roads cards with their dice, in the round's record."""
        roads = self.plan.rough_roads
        drawn = roads[rnd.round - 1] if rnd.round - 1 < len(roads) else ()
        lines = [
            f"rough road: {road.id}" + "".join(f" {roll(r)}" for r in road.rolls) for road in drawn
        ]
        return [*super().round_record_extra(rnd), *lines]

    # --- round start: the Rough Roads cards of the round -----------------------------
    def round_start_blocks(self, rnd: RoundPlan) -> list[Block]:
        return [*super().round_start_blocks(rnd), *card_blocks(self.content, self.plan, rnd.round)]

    def round_start_images(self, rnd: RoundPlan) -> list[PostImage]:
        if not drawn_cards(self.content, self.plan, rnd.round):
            return super().round_start_images(rnd)
        return [*super().round_start_images(rnd), self.rough_roads_image(rnd)]

    def rough_roads_image(self, rnd: RoundPlan) -> PlannedImage:
        drawn = drawn_cards(self.content, self.plan, rnd.round)
        cards = [card_of(self.content, road.id) for road in drawn]
        hidden = " (its dice are hidden in the post)"
        listed = "; ".join(
            f"{c.name}: {c.text.rstrip('.')}" + (hidden if road.rolls else "")
            for c, road in zip(cards, drawn, strict=True)
        )
        what = f"Round {rnd.round}, Rough Roads cards ({self.plan.options.difficulty}): "
        alt = f"{what}{listed}. No dice are shown."
        if len(alt) > DISCORD_ALT_LIMIT:
            # Three long cards: Discord takes no longer description, and the post's text
            # holds each card's words in full.
            names = "; ".join(
                c.name + (hidden if road.rolls else "")
                for c, road in zip(cards, drawn, strict=True)
            )
            alt = f"{what}{names}. Each card's text is in the post. No dice are shown."
        return PlannedImage(
            file=f"round-{rnd.round}/rough-roads.png",
            alt=alt,
            kind="rough-roads",
            round=rnd.round,
        )

    # --- flights: Bad Day's rows, Rough Roads and cyan abilities where they apply ------
    def event_notes(self, rnd: RoundPlan, turn: int, card: Any) -> list[str]:
        notes = super().event_notes(rnd, turn, card)
        if card.kind == "bad-day":
            rows = BAD_DAY_ROWS[min(rnd.round, 3)]
            words = ", then ".join(rows)
            extra = "" if "sabotage" in rows else " The sabotage dice are not used this round."
            notes.append(f"Bad Day on a round {rnd.round} flight: {words}.{extra}")
        notes += flight_notes(self.content, self.plan, rnd.round, card)
        for name in self.cyan.applies.get(card.kind, []):
            words = self.cyan.where[name]
            if self.first_cyan.get(name) == turn:
                notes.append(f"Cyan {name} aboard? {words}")
            else:
                notes.append(f"Cyan {name}: {words}")
        return notes

    def coordinate_words(self, rnd: RoundPlan, hit: CoordinateRoll, total: int) -> str:
        """Where a Sabotage roll points: never mirrored or wrapped; on IA by the labels."""
        board = self.board(rnd)
        if board.hits == "labels":
            return printed_words(board, hit.direction, total)
        lines = board.rows if hit.direction == "row" else board.columns
        if total not in lines:
            return f"{hit.direction} {total}: no such {hit.direction} on Ship {rnd.ship}, a miss"
        return f"{hit.direction} {total}"

    def roll_where(self, rnd: RoundPlan, hit: Hit, faces: tuple[int, int]) -> str:
        if not isinstance(hit, CoordinateRoll):
            return super().roll_where(rnd, hit, faces)
        words = self.coordinate_words(rnd, hit, sum(faces))
        if self.board(rnd).hits == "plain" and "miss" not in words:
            return ""
        return f" - {words}" + ("" if "miss" in words else f" on Ship {rnd.ship}")

    def landing_note(self, rnd: RoundPlan, hit: Any, total: int) -> str:
        # A Sabotage roll names a line straight off the sheet, not where a hit lands.
        if isinstance(hit, CoordinateRoll):
            return self.coordinate_words(rnd, hit, total)
        return super().landing_note(rnd, hit, total)

    # --- end of building: when to choose the cyan ability; Rough Roads dice -----------
    def end_of_building_blocks(self, rnd: RoundPlan) -> list[Block]:
        abilities = self.content.extras["expansion"].cyan_abilities
        blocks = [*super().end_of_building_blocks(rnd), para(self.cyan.choose)]
        blocks += [item(f"{name}: {words}") for name, words in abilities.items()]
        notes = end_of_building_notes(self.content, self.plan, rnd.round)
        if notes:
            blocks.append(para(notes[0]))
            blocks += [item(note) for note in notes[1:]]
        return blocks

    # --- scoring: every new source of points, and the titles ---------------------------
    def end_of_flight_blocks(self, rnd: RoundPlan) -> list[Block]:
        lines = scoring_lines(self.content, self.plan, rnd.round)
        blocks = [*super().end_of_flight_blocks(rnd), heading(lines[0].rstrip(":"))]
        for text in lines[1:]:
            if text.startswith("- "):
                blocks.append(item(text[2:]))
            else:
                blocks.append(line(text))
        return blocks
