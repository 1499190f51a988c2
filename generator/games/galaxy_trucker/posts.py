"""Every post of a Galaxy Trucker game, as text, from the plan and the pack.

Posts are published in this order: the day before day 1, what to print; the game start;
per round its start and the three peekable stacks (on Facebook, text comments under the round
start; on Discord, spoiler messages), the build turns, the end of building, the flight turns
(dice in a text comment on Facebook, in spoilers on Discord), the end of flight; then the end
of the game.

A post file holds only what players read; which picture to attach and its alt text are host
notes (`Post.host_text`, the posting guide)."""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import (
    SET_NAMES,
    card_fields,
    card_summary,
    card_title,
    card_words,
    event_number,
    roll_labels,
    tile_code,
    tile_words,
)
from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.model import Round
from generator.games.galaxy_trucker.pictures import planned as images
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan, RoundPlan
from generator.plan.round_commit import roll
from generator.plan.schedule import when
from generator.render.guide import before_day_one_post
from generator.render.post import FLAVOURS, Block, Per, PostDraft, Secret, heading, item, para
from generator.render.round_check_page import CHECK_FILE, CHECK_WORDS
from generator.render.round_reveal import commitments_blocks, reveal_blocks
from generator.render.text import Post, PostImage, fill, roll_text

# Where players answer and where hidden things are, per platform: Discord and BGG texts
# never speak of Facebook's comments; a catch-up page (html) is read away from the thread.
REPLY = Per(
    facebook="in the comments",
    discord="in this channel",
    bgg="in this thread",
    html="to the host",
)
ROLLS_WHERE = Per(
    facebook="in the comments under the post, one comment per event",
    discord="in the spoilers",
    bgg="in the spoilers",
)
# What later flight turns say in place of the pack's flight rules.
REMINDER = (
    "Write each result in its numbered Event box; a lost component fills a Lost Components box."
)
# A sentence ends at its stop and the spaces after it.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
ROLLS_PLACEHOLDER = "{rolls_where}"


def _sentences_of_rolls(text: str) -> tuple[list[str], list[str]]:
    """The pack text's lines, split into the sentences that say where the rolls are hidden
    (they hold {rolls_where}) and the text without them, line by line."""
    rolls, kept = [], []
    for text_line in text.split("\n"):
        if ROLLS_PLACEHOLDER not in text_line:
            kept.append(text_line)
            continue
        sentences = SENTENCE_END.split(text_line)
        rolls += [s for s in sentences if ROLLS_PLACEHOLDER in s]
        rest = " ".join(s for s in sentences if ROLLS_PLACEHOLDER not in s)
        if rest:
            kept.append(rest)
    return rolls, kept


def without_rolls(text: str) -> str:
    """The flight rules of a turn that rolls no dice: without the sentence on where its
    rolls are hidden."""
    return "\n".join(_sentences_of_rolls(text)[1])


def rolls_sentences(text: str) -> str:
    """The flight rules' sentences on where the rolls are hidden (none: empty)."""
    return " ".join(_sentences_of_rolls(text)[0])


STACKS_WHERE = Per(
    facebook="in the comments below, one comment each, in words",
    discord="below as spoilers",
    # On BGG each stack is a forum post of its own, right after this one.
    bgg="in the posts right after this one, one post each, as spoilers",
)


BUILDER_FILE = "sheets/ship-builder.html"
BUILDER_WORDS = (
    "Also attached: ship-builder.html, a page for your phone or computer (it needs no "
    "internet). Type the code of each tile you take (every build post and picture shows it, "
    "e.g. T035), tap it onto your ship and turn it: the page shows live what the end of "
    "building will say (tiles that would fall off, exposed connectors, firepower, engine "
    "strength, where aliens may sit) and gives your ship file to copy for the host, who "
    "scores it with the round's cards."
)


class PostWriter:
    """Builds the posts of one game as drafts (render/post.py) and renders them. Pure:
    (content, plan) in, posts out."""

    # The game folder holds the ship builder page (ship_builder.py), handed out with the
    # print pack; an expansion whose end-of-building check the page does not know sets False.
    ship_builder: bool = True

    def __init__(
        self,
        content: GalaxyTrucker,
        plan: GalaxyTruckerPlan,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> None:
        self.content = content
        self.images = images
        self.plan = plan
        self.print_files = [f"sheets/print-pack-{paper}.pdf" for paper in papers]
        self.texts = content.texts
        self.total = len(plan.schedule)
        self.schedule = {s.turn: s for s in plan.schedule}
        self.headline = f"{self.texts.game_name} · Game {plan.game_id}"

    # --- shared pieces ---------------------------------------------------------------
    def kicker(self, turn: int, round_no: int, phase: str, detail: str = "") -> str:
        return (
            f"Round {round_no} of {len(self.plan.rounds)} · {phase} · Turn {turn} of "
            f"{self.total}" + (f" ({detail})" if detail else "")
        )

    def filled(self, template: str, **values: object) -> list[Per | str]:
        """A pack text with platform words in its placeholders (reply, rolls_where):
        one Per with each platform's text."""
        if not any(isinstance(v, Per) for v in values.values()):
            return [fill(template, **values)]
        per = {
            flavour: fill(
                template,
                **{k: v.on(flavour) if isinstance(v, Per) else v for k, v in values.items()},
            )
            for flavour in FLAVOURS
        }
        return [Per(**per)]

    # --- what an expansion's writer adds (Keep on Trucking); nothing here -------------
    def sheet_page(self, rnd: RoundPlan) -> str:
        """Where the round's ship sheet is in the print pack (one ship page per round)."""
        return f"page {rnd.round}"

    def game_start_blocks(self) -> list[Block]:
        """Paragraphs after the welcome."""
        return []

    def round_start_blocks(self, rnd: RoundPlan) -> list[Block]:
        """Paragraphs after the round's rules, before where the stacks are."""
        return []

    def build_blocks(self, rnd: RoundPlan, index: int) -> list[Block]:
        """Blocks after a build turn's sets, before its rules."""
        return []

    def event_notes(self, rnd: RoundPlan, turn: int, card: Any) -> list[str]:
        """Lines after an event's how-to-resolve."""
        return []

    def line_words(self, rnd: RoundPlan) -> dict[str, str] | None:
        """The line a hit from each direction travels along, in a roll's label; None: the
        board's printed numbers (front and rear: a column, the sides: a row)."""
        return None

    def roll_where(self, rnd: RoundPlan, hit: Hit, faces: tuple[int, int]) -> str:
        """Words after a roll saying where the hit lands, for ships whose hits do not simply
        follow the printed numbers; hidden with the roll."""
        return ""

    def round_start_images(self, rnd: RoundPlan) -> list[PostImage]:
        """Pictures of the round start post (an expansion's round cards)."""
        return []

    def end_of_building_blocks(self, rnd: RoundPlan) -> list[Block]:
        return []

    def end_of_flight_blocks(self, rnd: RoundPlan) -> list[Block]:
        return []

    def round_record_extra(self, rnd: RoundPlan) -> list[str]:
        """Record lines an expansion's round adds (its dice), after the ship line."""
        return []

    # --- the round's record, committed to in the first post (plan/round_commit.py) ------
    def round_record(self, rnd: RoundPlan) -> list[str]:
        """Everything the round's posts show that chance decided, as record lines: the
        sets of each build turn (A, B, C, each followed by its tiles' codes), the stacks,
        and each event's card with its rolls."""
        lines = [f"ship: {rnd.ship}", *self.round_record_extra(rnd)]
        for build in rnd.build_turns:
            sets = " ".join(
                f"{SET_NAMES[s]} " + " ".join(tile_code(t.id) for t in tiles)
                for s, tiles in enumerate(build.sets)
            )
            lines.append(f"turn {build.turn}: {sets}")
        for number, stack in enumerate(rnd.stacks, 1):
            hidden = " hidden" if number == rnd.hidden_stack else ""
            lines.append(f"stack {number}{hidden}: " + " ".join(c.id for c in stack))
        for index, flight in enumerate(rnd.flight_turns):
            for offset, event in enumerate(flight.events):
                rolls = "".join(f" {roll(faces)}" for faces in event.rolls)
                number = event_number(rnd, index, offset)
                lines.append(f"turn {flight.turn} event {number}: {event.card.id}{rolls}")
        return lines

    def round_records(self) -> list[list[str]]:
        return [self.round_record(rnd) for rnd in self.plan.rounds]

    # --- posts -------------------------------------------------------------------------
    def shown(self, pictures: Sequence[PostImage]) -> list[PostImage]:
        """A post's pictures; none when the run writes text only (--no-images), so no
        text names a picture that was not drawn."""
        return list(pictures) if self.images else []

    def all_posts(self) -> list[Post]:
        posts = [self.before_day_one(), self.game_start()]
        for rnd in self.plan.rounds:
            posts += self.round_posts(rnd)
        posts.append(self.game_end())
        return posts

    def round_posts(self, rnd: RoundPlan, turns: Container[int] | None = None) -> list[Post]:
        """The round's posts in posting order; with `turns`, only those posted on one of
        them (`turn N` writes one turn's posts: each comes from the plan alone, so the
        others need not be written to find them)."""

        def on(turn: int) -> bool:
            return turns is None or turn in turns

        posts = []
        if on(rnd.build_turns[0].turn):
            posts.append(self.round_start(rnd))
            posts += [self.stack_post(rnd, i) for i in range(self.peekable(rnd))]
        posts += [
            self.build_post(rnd, i) for i, build in enumerate(rnd.build_turns) if on(build.turn)
        ]
        if on(rnd.flight_turns[0].turn):
            posts.append(self.end_of_building(rnd))
        posts += [
            self.flight_post(rnd, i) for i, flight in enumerate(rnd.flight_turns) if on(flight.turn)
        ]
        if on(rnd.flight_turns[-1].turn):
            posts.append(self.end_of_flight(rnd))
        return posts

    def setting(self, rnd: RoundPlan) -> Round:
        return self.content.rounds[rnd.round - 1]

    def peekable(self, rnd: RoundPlan) -> int:
        return self.setting(rnd).peekable_stacks

    def before_day_one(self) -> Post:
        """What to print, posted the day before day 1 with the print pack attached."""
        more = [(BUILDER_FILE, BUILDER_WORDS)] if self.ship_builder else []
        more.append((CHECK_FILE, CHECK_WORDS))
        return before_day_one_post(
            self.texts.before_day_one, self.plan, self.headline, list(self.print_files), more
        )

    def game_start(self) -> Post:
        first = self.plan.schedule[0]
        body = fill(
            self.texts.game_start,
            game_id=self.plan.game_id,
            commitment=self.plan.commitment,
            days=self.plan.schedule[-1].day,
            turns=self.total,
            first_date=first.date or "",
        )
        return PostDraft(
            key="game-start",
            title="Game start",
            turn=1,
            position=-3,
            headline=self.headline,
            when=when(first),
            blocks=[
                para(body),
                *self.game_start_blocks(),
                *commitments_blocks(
                    self.plan.game_id, self.plan.seed, self.round_records(), hidden=True
                ),
            ],
        ).render()

    def round_start(self, rnd: RoundPlan) -> Post:
        setting = self.setting(rnd)
        turn = rnd.build_turns[0].turn
        peek = fill(self.texts.peek_rule, stack_size=setting.stack_size)
        body = fill(
            self.texts.round_start,
            round=rnd.round,
            ship=rnd.ship,
            sheet=self.sheet_page(rnd),
            build_turns=setting.build_turns,
            flight_turns=setting.flight_turns,
            cards=setting.stacks * setting.stack_size,
            stack_size=setting.stack_size,
            peek_rule=peek,
        )
        stacks = ", ".join(f"Stack {i + 1}" for i in range(setting.peekable_stacks))
        return PostDraft(
            key=f"round-{rnd.round}/start",
            title=f"Round {rnd.round} start",
            turn=turn,
            position=-2,
            headline=self.headline,
            kicker=self.kicker(turn, rnd.round, "Round start"),
            when=when(self.schedule[turn]),
            blocks=[
                para(body),
                *self.round_start_blocks(rnd),
                para("The stacks are ", STACKS_WHERE, f": {stacks}."),
            ],
            images=self.shown(self.round_start_images(rnd)),
        ).render()

    def stack_post(self, rnd: RoundPlan, index: int) -> Post:
        turn = rnd.build_turns[0].turn
        cards = [self.content.cards_by_id[c.id] for c in rnd.stacks[index]]
        label = f"Round {rnd.round}, Stack {index + 1}"
        cost = "Looking costs 1 Skipped Parts box, and only once your ship has a tile."
        return PostDraft(
            key=f"round-{rnd.round}/stack-{index + 1}",
            title=label,
            turn=turn,
            position=-1,
            headline=f"{label} ({len(cards)} cards). {cost}",
            when=when(self.schedule[turn]),
            blocks=[
                item(Secret(f"{i}. {card_words(self.content, c)}")) for i, c in enumerate(cards, 1)
            ],
            spoiler_warning=f"SPOILER - the cards of {label} below. {cost}",
            comment_on=f"Round {rnd.round} start",
            images=self.shown([images.stack_image(self.content, self.plan, rnd, index)]),
        ).render()

    def tile_text(self, tile_id: str) -> str:
        return tile_words(self.content, self.content.tiles_by_id[tile_id])

    def build_post(self, rnd: RoundPlan, index: int) -> Post:
        build = rnd.build_turns[index]
        turn = build.turn
        setting = self.setting(rnd)
        detail = f"build turn {index + 1} of {setting.build_turns}"
        blocks = []
        for s, tiles in enumerate(build.sets):
            name = SET_NAMES[s]
            blocks.append(heading(f"Set {name}"))
            blocks += [
                item(f"{name}{i} {tile_code(t.id)} {self.tile_text(t.id)}")
                for i, t in enumerate(tiles, 1)
            ]
        stacks = f"Stacks 1-{setting.peekable_stacks}"
        where = Per(
            facebook=f"the comments of the Round {rnd.round} start post",
            discord=f"the spoilers under the Round {rnd.round} start message",
            # BGG and the catch-up page: each stack is a post of its own after the start post.
            bgg=f"the spoilers in the Round {rnd.round} stack posts, right after the Round "
            f"{rnd.round} start post",
            html=f"the spoilers in the Round {rnd.round} stack posts, right after the Round "
            f"{rnd.round} start post",
        )
        blocks += self.build_blocks(rnd, index)
        if index == 0 and rnd.round == 1:
            # The game's first build turn teaches the rules in full.
            cost = "1 Skipped Parts box each, once you have a tile"
            rules = fill(self.texts.build_turn, round=rnd.round, side_rule=self.texts.side_rule)
            where_in = Per(
                facebook=f"in {where.facebook}",
                discord=where.discord,
                bgg=where.bgg,
                html=where.html,
            )
            blocks += [para(rules), para(f"Peek ({cost}): {stacks} are ", where_in, ".")]
        else:
            # Later turns remind in one line.
            blocks.append(
                para(
                    "One tile from each set, or skip the set (mark a Skipped Parts box), or "
                    f"pass for the round; peek at {stacks} (",
                    where,
                    ") for a Skipped Parts box each.",
                )
            )
        return PostDraft(
            key=f"round-{rnd.round}/turn-{turn:02d}-build",
            title=f"Turn {turn}: build",
            turn=turn,
            position=0,
            headline=self.headline,
            kicker=self.kicker(turn, rnd.round, "Building", detail),
            when=when(self.schedule[turn]),
            blocks=blocks,
            images=self.shown([images.build_image(self.content, self.plan, rnd, index)]),
        ).render()

    def flight_post(self, rnd: RoundPlan, index: int) -> Post:
        flight = rnd.flight_turns[index]
        turn = flight.turn
        setting = self.setting(rnd)
        total_events = setting.stacks * setting.stack_size
        first = event_number(rnd, index, 0)
        last = first + len(flight.events) - 1
        detail = (
            f"flight turn {index + 1} of {setting.flight_turns} · events {first}-{last} "
            f"of {total_events}"
        )
        blocks = []
        explained: dict[str, int] = {}  # a resolve text already given in this post -> event
        for offset, event in enumerate(flight.events):
            number = first + offset
            card = self.content.cards_by_id[event.card.id]
            how = fill(self.texts.cards[card.kind].resolve, **card_fields(self.content, card))
            if how in explained:
                how = f"as Event {explained[how]} above."
            else:
                explained[how] = number
            face = card_summary(self.content, card)
            labels = roll_labels(self.content, card, self.line_words(rnd))
            # A meteor's or shot's line of the card's face is said again with its roll.
            plain = face[: len(face) - len(event.rolls)] if event.rolls else face
            blocks.append(heading(f"Event {number}: {card_title(self.content, card)}"))
            blocks += [item(line) for line in plain]
            blocks += [
                item(
                    f"{label}: ",
                    Secret(roll_text(list(faces)) + self.roll_where(rnd, hit, faces)),
                    context=f"Event {number}",
                )
                for label, hit, faces in zip(
                    labels, self.content.kinds.card(card).hits(card), event.rolls, strict=True
                )
            ]
            blocks.append(item(f"How to resolve: {how}"))
            blocks += [item(note) for note in self.event_notes(rnd, turn, card)]
            if event.rolls:
                note = self.content.kinds.card(card).roll_note
                blocks.append(
                    para(
                        f"Dice: {len(event.rolls)} rolls, {note}, in the comment "
                        f"“Event {number}” under this post.",
                        only=("facebook",),
                    )
                )
        # Taught with the game's first flight turn; later turns remind. The words on where
        # the rolls are hidden come with the first turn that has any: a turn without rolls
        # never promises hidden ones.
        rolls = any(event.rolls for event in flight.events)
        template = None
        if index == 0 and rnd.round == 1:
            template = self.texts.flight_turn if rolls else without_rolls(self.texts.flight_turn)
        elif turn == self.rolls_first_taught():
            template = f"{rolls_sentences(self.texts.flight_turn)} {REMINDER}".lstrip()
        rules: list[Per | str] = [REMINDER]
        if template is not None:
            rules = self.filled(
                template,
                round=rnd.round,
                first_event=first,
                last_event=last,
                rolls_where=ROLLS_WHERE,
            )
        blocks.append(para(*rules))
        pictures = [images.flight_image(self.content, self.plan, rnd, index)]
        pictures += images.roll_images(self.content, self.plan, rnd, index)
        return PostDraft(
            key=f"round-{rnd.round}/turn-{turn:02d}-flight",
            title=f"Turn {turn}: flight",
            turn=turn,
            position=0,
            headline=self.headline,
            kicker=self.kicker(turn, rnd.round, "Flying", detail),
            when=when(self.schedule[turn]),
            blocks=blocks,
            spoiler_warning=self.texts.spoiler_warning,
            images=self.shown(pictures),
        ).render()

    def rolls_first_taught(self) -> int | None:
        """The later flight turn that says where rolls are hidden: the game's first with any
        rolls, when the game's first flight turn had none (None when it had)."""
        turns = [flight for rnd in self.plan.rounds for flight in rnd.flight_turns]
        rolling = [flight.turn for flight in turns if any(e.rolls for e in flight.events)]
        if not rolling or rolling[0] == turns[0].turn:
            return None
        return rolling[0]

    def end_of_building(self, rnd: RoundPlan) -> Post:
        turn = rnd.flight_turns[0].turn
        setting = self.setting(rnd)
        body = fill(
            self.texts.end_of_building, round=rnd.round, lost_boxes=setting.lost_component_boxes
        )
        return self._phase_post(
            rnd,
            "end-of-building",
            "End of building",
            turn,
            -1,
            [body],
            self.end_of_building_blocks(rnd),
        )

    def end_of_flight(self, rnd: RoundPlan) -> Post:
        turn = rnd.flight_turns[-1].turn
        setting = self.setting(rnd)
        body = self.filled(
            self.texts.end_of_flight + "\n" + self.texts.out_of_round,
            round=rnd.round,
            pretty_ship=setting.pretty_ship,
            lost_boxes=setting.lost_component_boxes,
            reply=REPLY,
        )
        reveal = reveal_blocks(
            self.plan.game_id,
            self.plan.seed,
            rnd.round,
            self.round_record(rnd),
            hidden=True,
        )
        return self._phase_post(
            rnd,
            "end-of-flight",
            "Scoring",
            turn,
            1,
            body,
            [*self.end_of_flight_blocks(rnd), *reveal],
        )

    def _phase_post(
        self,
        rnd: RoundPlan,
        key: str,
        phase: str,
        turn: int,
        position: int,
        body: list[Per | str],
        more: list[Block] | None = None,
    ) -> Post:
        return PostDraft(
            key=f"round-{rnd.round}/{key}",
            title=f"Round {rnd.round}: {phase.lower()}",
            turn=turn,
            position=position,
            headline=self.headline,
            kicker=self.kicker(turn, rnd.round, phase),
            when=when(self.schedule[turn]),
            blocks=[para(*body), *(more or [])],
        ).render()

    def game_end(self) -> Post:
        last = self.plan.schedule[-1]
        body = self.filled(self.texts.end_of_game, rounds=len(self.plan.rounds), reply=REPLY)
        return PostDraft(
            key="game-end",
            title="Game end",
            turn=last.turn,
            position=2,
            headline=f"{self.headline} · Game over",
            when=when(last),
            blocks=[para(*body)],
        ).render()
