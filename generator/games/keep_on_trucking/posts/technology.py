"""Keep on Trucking's posts: Galaxy Trucker's, plus the new technology and the A ships.

Teaching follows the plan, never the order posts are written in (a round or a turn may be
written alone): a technology is taught in full in the first build turn of the game whose
sets show it, and in the first flight turn whose events it matters to; every later post
gives its one-line reminder."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import roll_labels
from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.model import Tile
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.galaxy_trucker.posts import PostWriter
from generator.games.keep_on_trucking.hits import (
    MISSES,
    TURNS,
    landing_words,
    printed_line,
    sheet_edge,
)
from generator.games.keep_on_trucking.model import ExpansionFile
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.render.post import Block, heading, item, para
from generator.render.text import Post, die_face


def tile_technology(content: GalaxyTrucker, tile: Tile) -> list[str]:
    """The technology keys a tile brings, in teaching order."""
    tt = content.tile_type(tile)
    kind = content.kinds.tile(tt.kind)
    keys = []
    if "plating" in tile.sides.as_tuple():
        keys.append("plating")
    tech = getattr(kind, "technology", None)
    if tt.alien == "cyan":
        tech = "life-support-cyan"
    if tech:
        keys.append(tech)
    if getattr(kind, "partner", None) or tt.alien == "cyan":
        keys.append("fancy-wiring")
    return keys


class TruckingPostWriter(PostWriter):
    def __init__(
        self,
        content: GalaxyTrucker,
        plan: KeepOnTruckingPlan,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> None:
        super().__init__(content, plan, papers, images)
        self.plan: KeepOnTruckingPlan = plan
        self.exp: ExpansionFile = content.extras["expansion"]
        # The turn each technology is first taught in a build post and in a flight post.
        self.first_build: dict[str, int] = {}
        self.first_flight: dict[str, int] = {}
        self.first_ship_flight: dict[str, int] = {}
        for rnd in plan.rounds:
            for build in rnd.build_turns:
                for tiles in build.sets:
                    for ref in tiles:
                        for key in tile_technology(content, content.tiles_by_id[ref.id]):
                            self.first_build.setdefault(key, build.turn)
            for flight in rnd.flight_turns:
                for event in flight.events:
                    for key in self.exp.card_technology.get(event.card.type, []):
                        self.first_flight.setdefault(key, flight.turn)
                if any(e.rolls for e in flight.events):
                    self.first_ship_flight.setdefault(rnd.ship, flight.turn)

    def _words(self, key: str, turn: int, first: dict[str, int]) -> str:
        tech = self.exp.technology[key]
        return tech.rule if first.get(key) == turn else f"{tech.name}: {tech.brief}"

    def board(self, rnd: RoundPlan) -> Any:
        return self.content.boards[rnd.ship]

    def sheet_page(self, rnd: RoundPlan) -> str:
        """The print pack holds the base ships (pages 1-3), then the A ships (4-6)."""
        choice = self.plan.options.ships[rnd.round - 1]
        offset = len(self.plan.rounds) if choice == "A" else 0
        return f"page {rnd.round + offset}"

    # --- game and round start: the ships, IA's compass, the set-aside -----------------
    def game_start_blocks(self) -> list[Block]:
        names = [
            f"Ship {rnd.ship} in round {rnd.round} ({self.sheet_page(rnd)})"
            for rnd in self.plan.rounds
        ]
        return [para("This game flies " + ", ".join(names) + " of the print pack.")]

    def front_edge(self, rnd: RoundPlan) -> str | None:
        """The sheet edge the round's dice compass made the front (Ship IA), else None."""
        rolls = self.plan.compass
        roll = rolls[rnd.round - 1] if rnd.round - 1 < len(rolls) else None
        return None if roll is None else self.exp.compass[roll]

    def compass_words(self, rnd: RoundPlan) -> str:
        roll = self.plan.compass[rnd.round - 1]
        if roll is None:
            return ""
        edge = self.exp.compass[roll]
        table = ", ".join(
            f"{'-'.join(str(d) for d in dice)} {edge_name}"
            for edge_name, dice in _compass_groups(self.exp.compass).items()
        )
        return (
            f"Dice compass: {die_face(roll)} {roll} - the {edge.upper()} edge of your Ship "
            f"{rnd.ship} sheet is the front this round. Turn the sheet so that edge is at the "
            f"top before you build; engines face the new rear. (Compass on the sheet: {table}.) "
            f"Rows and columns stay the printed ones: a hit from the front enters from the "
            f"{edge} edge and travels along the printed {printed_line(edge)} its roll names."
        )

    def round_start_blocks(self, rnd: RoundPlan) -> list[Block]:
        extra = []
        rule = self.exp.ship_rules.get(rnd.ship)
        if rule:
            extra.append(para(rule))
        compass = self.compass_words(rnd)
        if compass:
            extra.append(para(compass))
        if rnd.round == 1:
            extra.append(
                para(
                    f"Keep on Trucking: the tile pile holds {len(self.content.tiles)} tiles; "
                    f"{len(self.plan.set_aside)} were set aside face down before the first "
                    "round and stay out all game. Nobody knows which."
                )
            )
        return extra

    # --- build turns: the technology of the tiles shown ------------------------------
    def build_blocks(self, rnd: RoundPlan, index: int) -> list[Block]:
        build = rnd.build_turns[index]
        keys: list[str] = []
        for tiles in build.sets:
            for ref in tiles:
                for key in tile_technology(self.content, self.content.tiles_by_id[ref.id]):
                    if key not in keys:
                        keys.append(key)
        if not keys:
            return []
        return [
            heading("New technology in these sets"),
            *(item(self._words(k, build.turn, self.first_build)) for k in keys),
        ]

    # --- flights: technology per card, where each hit lands ---------------------------
    def event_notes(self, rnd: RoundPlan, turn: int, card: Any) -> list[str]:
        notes = [
            self._words(k, turn, self.first_flight)
            for k in self.exp.card_technology.get(card.kind, [])
        ]
        board = self.board(rnd)
        if board.hits != "plain" and self.content.kinds.card(card).hits(card):
            # The ship's rule once, with the first event of the turn that rolls.
            if self.first_ship_flight.get(rnd.ship) == turn and card.id == self._first_rolling(
                rnd, turn
            ):
                notes.append(self.exp.ship_rules[rnd.ship])
            notes.append(f"Each hidden roll also says where it lands on Ship {rnd.ship}.")
        return notes

    def line_words(self, rnd: RoundPlan) -> dict[str, str] | None:
        """On Ship IA a hit travels along the printed line of the edge it enters by: a
        front hit on a sheet whose front is the right edge travels along a printed row."""
        front = self.front_edge(rnd)
        if self.board(rnd).hits != "labels" or front is None:
            return None
        return {d: f"printed {printed_line(sheet_edge(front, d))}" for d in TURNS}

    def _first_rolling(self, rnd: RoundPlan, turn: int) -> str | None:
        """The card of the turn's first event with rolls."""
        events = [e for f in rnd.flight_turns if f.turn == turn for e in f.events if e.rolls]
        return events[0].card.id if events else None

    def roll_where(self, rnd: RoundPlan, hit: Hit, faces: tuple[int, int]) -> str:
        board = self.board(rnd)
        if board.hits == "plain":
            return ""
        words = landing_words(board, hit, sum(faces), self.front_edge(rnd))
        if words == MISSES:
            return f" - misses Ship {rnd.ship}"
        return f" - {words} on Ship {rnd.ship}"

    def flight_post(self, rnd: RoundPlan, index: int) -> Post:
        post = super().flight_post(rnd, index)
        if self.board(rnd).hits == "plain":
            return post
        # Each dice picture (hidden) prints where its roll lands; its alt text says it too.
        flight = rnd.flight_turns[index]
        pictures = []
        for image in post.images:
            if isinstance(image, PlannedImage) and image.kind == "rolls":
                event = flight.events[image.event]
                card = self.content.cards_by_id[event.card.id]
                hit = self.content.kinds.card(card).hits(card)[image.roll]
                faces = event.rolls[image.roll]
                image = self.dice_picture(rnd, image, hit, faces)
            pictures.append(image)
        post.images = pictures
        return post

    def dice_picture(self, rnd: RoundPlan, image: Any, hit: Any, faces: Any) -> Any:
        """A roll's (hidden) picture with where the roll lands, in its note and alt text;
        on Ship IA its label names the printed line (the compass may turn it)."""
        alt, label = image.alt, ""
        lines = self.line_words(rnd)
        if lines is not None:
            event = rnd.flight_turns[image.index].events[image.event]
            card = self.content.cards_by_id[event.card.id]
            plain = roll_labels(self.content, card)[image.roll]
            label = roll_labels(self.content, card, lines)[image.roll]
            alt = alt.replace(f"{plain}:", f"{label}:", 1)
        return dataclasses.replace(
            image,
            alt=alt.rstrip(".") + self.roll_where(rnd, hit, faces) + ".",
            note=f"Ship {rnd.ship}: {self.landing_note(rnd, hit, sum(faces))}",
            label=label,
        )

    def landing_note(self, rnd: RoundPlan, hit: Any, total: int) -> str:
        return landing_words(self.board(rnd), hit, total, self.front_edge(rnd))

    def end_of_building_blocks(self, rnd: RoundPlan) -> list[Block]:
        return [para(self.exp.end_of_building)]

    def end_of_flight_blocks(self, rnd: RoundPlan) -> list[Block]:
        return [para(self.exp.end_of_flight)]

    def round_record_extra(self, rnd: RoundPlan) -> list[str]:
        """The dice compass roll of a round on Ship IA, in the round's record."""
        rolls = self.plan.compass
        roll = rolls[rnd.round - 1] if rnd.round - 1 < len(rolls) else None
        return [] if roll is None else [f"compass: {roll}"]


def _compass_groups(compass: Mapping[int, str]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for die, edge in sorted(compass.items()):
        groups.setdefault(edge, []).append(die)
    return groups
