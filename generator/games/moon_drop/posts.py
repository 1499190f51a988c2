"""Every post of a Moon Drop game, as text, from the plan and the pack.

Order: the opening post (with round 1), one post per round, the final post (after the last
round). Each post has a Facebook, a Discord and a BGG text; the dice are public rolls, so
nothing is hidden. Post files hold only what players read: the images, their alt texts and
the BGG image tags are host notes (the `.host.txt` beside each post, the posting guide)."""

from __future__ import annotations

from typing import Any

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.options import (
    DEFINITIONS,
    DRAWN,
    FREE,
    FREE_PLACEMENT,
    MIRROR,
    OVERWRITE,
    READINGS,
    RULES,
    described,
    plan_variations,
)
from generator.games.moon_drop.plan import BlockCell, MoonDropPlan, RoundPlan
from generator.plan.round_commit import FINAL
from generator.plan.schedule import when
from generator.render.guide import before_day_one_post
from generator.render.post import Block, Bold, Part, Per, PostDraft, heading, item, line, para
from generator.render.round_check_page import CHECK_FILE, CHECK_WORDS
from generator.render.round_reveal import commitments_blocks, reveal_blocks
from generator.render.text import Post, PostImage, die_face, fill

GRID_PAGE = "sheets/moon-drop-grid.html"
GRID_WORDS = (
    "Also attached: moon-drop-grid.html, a page for your phone or computer (it needs no "
    "internet and keeps your grid on the device). Type each round's dice as posted, tap the "
    "block onto your grid and turn it: the page says at once whether the rules let it go "
    "there, and at the end saves your grid file for the host, who scores it."
)


def bgg_die(face: int) -> str:
    """BGG's dice emoticon."""
    return f":d6-{face}:"


def round_image(number: int) -> str:
    return f"round-{number}/round-{number}-block.png"


OPENING_IMAGE = "game-start-cards.png"
# Posted the day before day 1 with the sheet attached, so every player can print it in time.
BEFORE_DAY_ONE = (
    "Moon Drop starts tomorrow, {first_date}: game {game_id}, played by post on paper at home.\n"
    "Please print the sheet before day 1: {print_files}, attached to this post. Print at 100 % "
    '("actual size"). You also need a pencil. The posts give every die roll.'
)


# The first post's words for its `Round final` commitment (plan/round_commit.py).
FINAL_WORDS = (
    "Round final is the order the crises will be resolved in, drawn after the last round: "
    "the final scoring post reveals it, to check the same way."
)


class PostWriter:
    """Builds the posts of one game. Pure: (content, plan) in, posts out."""

    def __init__(
        self,
        content: MoonDrop,
        plan: MoonDropPlan,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> None:
        self.content = content
        self.images = images
        self.plan = plan
        self.print_files = [f"sheets/moon-drop-{paper}.pdf" for paper in papers]
        self.texts = content.texts
        self.schedule = {s.turn: s for s in plan.schedule}
        self.title = f"{self.texts.game_name} · Game {plan.game_id}"
        self.variations = plan_variations(plan)

    def shown(self, pictures: list[PostImage]) -> list[PostImage]:
        """A post's pictures; none when the run writes text only (--no-images), so no
        text names a picture that was not drawn."""
        return pictures if self.images else []

    def all_posts(self) -> list[Post]:
        return [
            self.before_day_one(),
            self.opening(),
            *(self.round_post(n) for n in range(1, len(self.plan.rounds) + 1)),
            self.final(),
        ]

    # --- words shared by posts and images ------------------------------------------------
    def module_words(self, cell: BlockCell) -> str:
        names = [self.content.module(m).name for m in cell.modules]
        return names[0] if len(names) == 1 else " or ".join(names) + " (your choice)"

    def round_alt(self, rnd: RoundPlan) -> str:
        shape = self.content.shape(rnd.shape)
        cells = "; ".join(f"cell {c.cell}: {c.face}, {self.module_words(c)}" for c in rnd.block)
        whites = ", ".join(str(f) for f in rnd.white)
        if rnd.shape == FREE:
            return (
                f"Round {rnd.round} of {len(self.plan.rounds)}. Blue die {rnd.blue}: a free "
                f"placement, no shape. White dice {whites}: {cells}; place them on any four "
                "squares joined side by side, in any order."
            )
        return (
            f"Round {rnd.round} of {len(self.plan.rounds)}. Blue die {rnd.blue}: the "
            f"{shape.name}, {shape.description}. White dice {whites}, lowest on cell 1: "
            f"{cells}."
        )

    def opening_alt(self) -> str:
        # The picture shows the cards' texts, which the post itself spells out in full.
        crises = ", ".join(c.name for c in self.dealt_crises())
        goal = self.content.goal(self.plan.deal.goal)
        return (
            f"The cards dealt for this game: Crisis cards {crises}, face up; Goal card "
            f"{goal.name}. Their texts are in this post."
        )

    def dealt_crises(self) -> list[Any]:
        return [self.content.crisis(c) for c in self.plan.deal.crises]

    def crisis_items(self) -> list[Block]:
        return [
            item(
                Bold(c.name),
                f": safe if {c.safe[0].lower()}{c.safe[1:]} "
                f"If failed: {c.failed[0].lower()}{c.failed[1:]}",
            )
            for c in self.dealt_crises()
        ]

    def goal_parts(self) -> tuple[Part, ...]:
        goal = self.content.goal(self.plan.deal.goal)
        return (Bold(f"Goal: {goal.name}"), f": {goal.text}")

    # --- posts ---------------------------------------------------------------------------
    def before_day_one(self) -> Post:
        more = [(GRID_PAGE, GRID_WORDS), (CHECK_FILE, CHECK_WORDS)]
        return before_day_one_post(
            BEFORE_DAY_ONE, self.plan, self.title, list(self.print_files), more
        )

    def variation_blocks(self) -> list[Block]:
        """The variations this game tests, in words, for the opening post."""
        if not self.variations:
            return []
        blocks: list[Block] = [
            heading(
                "This game tests the draft's variations (where they differ from the rules "
                "above, they win):"
            )
        ]
        blocks += [item(RULES[v]) for v in self.variations]
        if MIRROR in self.variations:
            blocks.append(item(FREE_PLACEMENT))
        return blocks

    def round_rule(self, number: int, rounds: int) -> str:
        """How to copy the block, in the game's variations."""
        if not self.variations:
            return fill(self.texts.round, round=number, rounds=rounds)
        mirror = MIRROR in self.variations
        turn = "any rotation, mirrored or not" if mirror else "any rotation, no mirroring"
        if OVERWRITE in self.variations:
            cover = (
                "it may go over squares you have used: scribble out each square it covers "
                "(destroyed: no module, not empty)"
            )
        else:
            cover = "no overlap"
        rule = f"Copy this block onto your grid: any position, {turn}; {cover}."
        if DRAWN in self.variations:
            rule += (
                " Draw a Corridor's line across a side only where it joins that neighbour "
                "(drawn corridors)."
            )
        return rule

    def opening(self) -> Post:
        first = self.schedule[1]
        rounds = len(self.plan.rounds)
        body = fill(
            self.texts.how_to_play,
            game_id=self.plan.game_id,
            commitment=self.plan.commitment,
            rounds=rounds,
            days=self.plan.schedule[-1].day,
            rows=self.content.rows,
            columns=self.content.columns,
        )
        crises_head = f"The {len(self.dealt_crises())} Crisis cards, face up:"
        return PostDraft(
            key="game-start",
            title="Game start: crises and goal",
            turn=1,
            position=-1,
            headline=self.title,
            when=when(first),
            blocks=[
                para(body),
                *self.variation_blocks(),
                heading(crises_head),
                *self.crisis_items(),
                para(*self.goal_parts()),
                *commitments_blocks(
                    self.plan.game_id,
                    self.plan.seed,
                    self.round_records(),
                    self.final_record(),
                    FINAL_WORDS,
                ),
            ],
            images=self.shown([PostImage(OPENING_IMAGE, self.opening_alt())]),
        ).render()

    def round_post(self, number: int) -> Post:
        rnd = self.plan.rounds[number - 1]
        rounds = len(self.plan.rounds)
        shape = self.content.shape(rnd.shape)
        entry = self.schedule[rnd.turn]
        rule = self.round_rule(number, rounds)
        if number == rounds:
            rule += "\n" + fill(self.texts.last_round, rounds=rounds)

        def die(face: int) -> Per:
            # BGG has its own dice emoticons; elsewhere the Unicode die faces.
            return Per(facebook=die_face(face), discord=die_face(face), bgg=bgg_die(face))

        whites: list[Part] = []
        for i, face in enumerate(rnd.white):
            whites += [" " if i else "", die(face)]
        if rnd.shape == FREE:
            head = ("Blue ", die(rnd.blue), f" {rnd.blue}: free placement. White: ", *whites)
            lead: tuple[Part, ...] = (
                Bold("Free placement"),
                ": any four squares joined side by side (any block, turned or mirrored), "
                "the dice in any order:",
            )
        else:
            head = ("Blue ", die(rnd.blue), f" {rnd.blue}: {shape.name}. White: ", *whites)
            lead = (Bold(shape.name), ", lowest white die on cell 1:")
        return PostDraft(
            key=f"round-{number}/round-{number}",
            title=f"Round {number}: the block",
            turn=rnd.turn,
            position=0,
            headline=self.title,
            kicker=f"Round {number} of {rounds}",
            when=when(entry),
            blocks=[
                para(*head),
                line(*lead),
                *(
                    item(
                        Bold(f"Cell {c.cell}"),
                        ": ",
                        die(c.face),
                        f" {c.face} {self.module_words(c)}",
                    )
                    for c in rnd.block
                ),
                para(rule),
                # The round is one post: it reveals what the first post committed it to.
                *reveal_blocks(self.plan.game_id, self.plan.seed, number, self.round_record(rnd)),
            ],
            images=self.shown([PostImage(round_image(number), self.round_alt(rnd))]),
        ).render()

    def round_record(self, rnd: RoundPlan) -> list[str]:
        """What chance decided in the round (plan/round_commit.py): the dice, the block and
        each cell's die and modules."""
        lines = [
            f"blue: {rnd.blue}",
            "white: " + " ".join(str(face) for face in rnd.white),
            f"block: {rnd.shape}",
        ]
        lines += [f"cell {c.cell}: {c.face} {' '.join(c.modules)}" for c in rnd.block]
        return lines

    def round_records(self) -> list[list[str]]:
        return [self.round_record(rnd) for rnd in self.plan.rounds]

    def final_record(self) -> list[str]:
        """What chance decides after the last round (plan/round_commit.py): the order the
        crises are resolved in. It changes every score, so it is committed to with the
        rounds; it is revealed with the final scoring, never earlier (known before the last
        round, it would steer where the last block goes)."""
        return ["crisis order: " + " ".join(self.plan.end.crisis_order)]

    def final_steps(self) -> list[Block]:
        order = [self.content.crisis(c) for c in self.plan.end.crisis_order]
        safety = " ".join(f"({i}) {s}" for i, s in enumerate(self.content.safety_check, 1))
        steps = [line("1. ", Bold("Safety Check"), f": {safety}")]
        for i, crisis in enumerate(order, start=2):
            steps.append(
                line(
                    f"{i}. ",
                    Bold(f"Crisis: {crisis.name}"),
                    f". Safe if {crisis.safe[0].lower()}{crisis.safe[1:]} If failed: "
                    f"{crisis.failed[0].lower()}{crisis.failed[1:]} Then a Safety Check."
                    f"{self.reading(crisis.rule)}",
                )
            )
        goal = self.content.goal(self.plan.deal.goal)
        steps.append(
            line(
                f"{len(order) + 2}. ",
                *self.goal_parts(),
                f" This is your score.{self.reading(goal.rule)}",
            )
        )
        # The words and readings the scorer applies, so players can score their own sheet.
        if self.content.definitions:
            steps.append(heading("Words the rules use:"))
            steps += [item(text) for text in self.content.definitions]
            steps += [item(DEFINITIONS[v]) for v in self.variations if v in DEFINITIONS]
        return steps

    def reading(self, rule: str) -> str:
        """How the scorer reads a crisis or goal whose wording is unclear (from rules.yaml),
        and what the game's variations change in it."""
        text = self.content.readings.get(rule)
        reading = f" How we read it: {text}" if text else ""
        changed = [READINGS[v][rule] for v in self.variations if rule in READINGS.get(v, {})]
        if changed:
            reading += f" With this game's variations: {' '.join(changed)}"
        return reading

    def final(self) -> Post:
        last = self.plan.schedule[-1]
        body = fill(self.texts.final, game_id=self.plan.game_id, commitment=self.plan.commitment)
        order_line = "The end of the game, step by step, with the crises in the order drawn:"
        if self.variations:
            listed = ",".join(self.variations)
            body += (
                f"\nThis game tests variations ({described(self.variations)}): add "
                f"--variations {listed} to the score command and --option variations={listed} "
                "to the verify command."
            )
            marks = []
            if OVERWRITE in self.variations:
                marks.append("X for a destroyed square")
            if DRAWN in self.variations:
                marks.append("a line joins: A1-A2 B2-B3 listing the joins you drew")
            if marks:
                body += f" In the grid file write {' and '.join(marks)}."
        return PostDraft(
            key="game-end",
            title="Final scoring: crisis order and goal",
            turn=last.turn,
            position=1,
            headline=f"{self.title} · Final scoring",
            when=when(last),
            blocks=[
                para(order_line),
                *self.final_steps(),
                para(body),
                *reveal_blocks(self.plan.game_id, self.plan.seed, FINAL, self.final_record()),
            ],
        ).render()
