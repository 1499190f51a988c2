"""Every post of a Moon Drop game, as text, from the plan and the pack.

Order: the opening post (with round 1), one post per round, the final post (after the last
round). Each post has a Facebook, a Discord and a BGG text; the dice are public rolls, so
nothing is hidden. Post files hold only what players read: the images, their alt texts and
the BGG image tags are host notes (the `.host.txt` beside each post, the posting guide)."""

from __future__ import annotations

from typing import Any

from generator.games.moon_drop.content import MoonDrop
from generator.render.guide import day_before
from generator.render.text import Post, PostImage, bgg_safe, die_face, fill
from generator.schedule import when


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


class PostWriter:
    """Builds the posts of one game. Pure: (content, plan) in, posts out."""

    def __init__(
        self, content: MoonDrop, plan: dict[str, Any], papers: tuple[str, ...] = ("a4", "letter")
    ) -> None:
        self.content = content
        self.plan = plan
        self.print_files = [f"sheets/moon-drop-{paper}.pdf" for paper in papers]
        self.texts = content.texts
        self.schedule = {s["turn"]: s for s in plan["schedule"]}
        self.title = f"{self.texts.game_name} · Game {plan['game_id']}"

    def all_posts(self) -> list[Post]:
        return [
            self.before_day_one(),
            self.opening(),
            *(self.round_post(n) for n in range(1, len(self.plan["rounds"]) + 1)),
            self.final(),
        ]

    # --- words shared by posts and images ------------------------------------------------
    def module_words(self, cell: dict[str, Any]) -> str:
        names = [self.content.module(m).name for m in cell["modules"]]
        return names[0] if len(names) == 1 else " or ".join(names) + " (your choice)"

    def round_alt(self, rnd: dict[str, Any]) -> str:
        shape = self.content.shape(rnd["shape"])
        cells = "; ".join(
            f"cell {c['cell']}: {c['face']}, {self.module_words(c)}" for c in rnd["block"]
        )
        whites = ", ".join(str(f) for f in rnd["white"])
        return (
            f"Round {rnd['round']} of {len(self.plan['rounds'])}. Blue die {rnd['blue']}: the "
            f"{shape.name}, {shape.description}. White dice {whites}, lowest on cell 1: "
            f"{cells}."
        )

    def opening_alt(self) -> str:
        # The picture shows the cards' texts, which the post itself spells out in full.
        crises = ", ".join(c.name for c in self.dealt_crises())
        goal = self.content.goal(self.plan["deal"]["goal"])
        return (
            f"The cards dealt for this game: Crisis cards {crises}, face up; Goal card "
            f"{goal.name}. Their texts are in this post."
        )

    def dealt_crises(self) -> list[Any]:
        return [self.content.crisis(c) for c in self.plan["deal"]["crises"]]

    def crisis_lines(self, bold: tuple[str, str] = ("", "")) -> list[str]:
        on, off = bold
        return [
            f"- {on}{c.name}{off}: safe if {c.safe[0].lower()}{c.safe[1:]} "
            f"If failed: {c.failed[0].lower()}{c.failed[1:]}"
            for c in self.dealt_crises()
        ]

    def goal_line(self, bold: tuple[str, str] = ("", "")) -> str:
        goal = self.content.goal(self.plan["deal"]["goal"])
        return f"{bold[0]}Goal: {goal.name}{bold[1]}: {goal.text}"

    # --- posts ---------------------------------------------------------------------------
    def before_day_one(self) -> Post:
        first = self.schedule[1]
        date = when(first).partition(" (")[2].rstrip(")")
        paper_names = {"a4": "A4", "letter": "US Letter"}
        names = [
            f"{f.rpartition('/')[2]} ({paper_names[f.rpartition('-')[2][:-4]]})"
            for f in self.print_files
        ]
        body = fill(
            BEFORE_DAY_ONE,
            first_date=f"day 1 ({date})" if date else "day 1",
            game_id=self.plan["game_id"],
            print_files=" or ".join(names),
        )
        head = f"{self.title} · Print before day 1"
        when_text = day_before(self.plan)
        return Post(
            key="before-day-1",
            title="Before day 1: what to print",
            turn=0,
            position=0,
            facebook=f"{head}\n{when_text}\n\n{body}\n",
            discord=f"# {head}\n*{when_text}*\n\n{body}\n",
            bgg=bgg_safe(f"[b]{head}[/b]\n[i]{when_text}[/i]\n\n{body}\n"),
            attachments=list(self.print_files),
        )

    def opening(self) -> Post:
        first = self.schedule[1]
        rounds = len(self.plan["rounds"])
        body = fill(
            self.texts.how_to_play,
            game_id=self.plan["game_id"],
            commitment=self.plan["commitment"],
            rounds=rounds,
            days=self.plan["schedule"][-1]["day"],
            rows=self.content.rows,
            columns=self.content.columns,
        )
        image = PostImage(OPENING_IMAGE, self.opening_alt())
        crises_head = f"The {len(self.dealt_crises())} Crisis cards, face up:"
        fb = [
            self.title,
            when(first),
            "",
            body,
            "",
            crises_head,
            *self.crisis_lines(),
            "",
            self.goal_line(),
        ]
        dc = [
            f"# {self.title}",
            f"*{when(first)}*",
            "",
            body,
            "",
            f"**{crises_head}**",
            *self.crisis_lines(("**", "**")),
            "",
            self.goal_line(("**", "**")),
        ]
        bgg = [
            f"[size=14][b]{self.title}[/b][/size]",
            f"[i]{when(first)}[/i]",
            "",
            body,
            "",
            f"[b]{crises_head}[/b]",
            *self.crisis_lines(("[b]", "[/b]")),
            "",
            self.goal_line(("[b]", "[/b]")),
        ]
        return Post(
            key="game-start",
            title="Game start: crises and goal",
            turn=1,
            position=-1,
            facebook="\n".join(fb) + "\n",
            discord="\n".join(dc) + "\n",
            bgg=bgg_safe("\n".join(bgg) + "\n"),
            images=[image],
        )

    def round_post(self, number: int) -> Post:
        rnd = self.plan["rounds"][number - 1]
        rounds = len(self.plan["rounds"])
        shape = self.content.shape(rnd["shape"])
        entry = self.schedule[rnd["turn"]]
        image = PostImage(round_image(number), self.round_alt(rnd))
        rule = fill(self.texts.round, round=number, rounds=rounds)
        if number == rounds:
            rule += "\n" + fill(self.texts.last_round, rounds=rounds)
        head = f"Round {number} of {rounds}"

        def dice(face_of: Any) -> str:
            return " ".join(face_of(f) for f in rnd["white"])

        def cells(face_of: Any, bold: tuple[str, str]) -> list[str]:
            return [
                f"{bold[0]}Cell {c['cell']}{bold[1]}: {face_of(c['face'])} {c['face']} "
                f"{self.module_words(c)}"
                for c in rnd["block"]
            ]

        roll_fb = (
            f"Blue {die_face(rnd['blue'])} {rnd['blue']}: {shape.name}. White: {dice(die_face)}"
        )
        roll_bgg = (
            f"Blue {bgg_die(rnd['blue'])} {rnd['blue']}: {shape.name}. White: {dice(bgg_die)}"
        )
        fb = [
            self.title,
            f"{head} · {when(entry)}",
            "",
            roll_fb,
            f"{shape.name}, lowest white die on cell 1:",
            *cells(die_face, ("", "")),
            "",
            rule,
        ]
        dc = [
            f"## {head}",
            f"*{when(entry)} · {self.title}*",
            "",
            roll_fb,
            f"**{shape.name}**, lowest white die on cell 1:",
            *(f"- {line}" for line in cells(die_face, ("**", "**"))),
            "",
            rule,
        ]
        bgg = [
            f"[b]{head}[/b] · {when(entry)}",
            f"[i]{self.title}[/i]",
            "",
            roll_bgg,
            f"[b]{shape.name}[/b], lowest white die on cell 1:",
            *cells(bgg_die, ("[b]", "[/b]")),
            "",
            rule,
        ]
        return Post(
            key=f"round-{number}/round-{number}",
            title=f"Round {number}: the block",
            turn=rnd["turn"],
            position=0,
            facebook="\n".join(fb) + "\n",
            discord="\n".join(dc) + "\n",
            bgg=bgg_safe("\n".join(bgg) + "\n"),
            images=[image],
        )

    def final_steps(self, bold: tuple[str, str]) -> list[str]:
        on, off = bold
        order = [self.content.crisis(c) for c in self.plan["end"]["crisis_order"]]
        safety = " ".join(f"({i}) {s}" for i, s in enumerate(self.content.safety_check, 1))
        steps = [f"1. {on}Safety Check{off}: {safety}"]
        for i, crisis in enumerate(order, start=2):
            steps.append(
                f"{i}. {on}Crisis: {crisis.name}{off}. Safe if {crisis.safe[0].lower()}"
                f"{crisis.safe[1:]} If failed: {crisis.failed[0].lower()}{crisis.failed[1:]} "
                f"Then a Safety Check.{self.reading(crisis.rule)}"
            )
        goal = self.content.goal(self.plan["deal"]["goal"])
        steps.append(
            f"{len(order) + 2}. {self.goal_line(bold)} This is your score.{self.reading(goal.rule)}"
        )
        # The words and readings the scorer applies, so players can score their own sheet.
        words = [f"- {text}" for text in self.content.definitions]
        if words:
            steps += ["", f"{on}Words the rules use{off}:", *words]
        return steps

    def reading(self, rule: str) -> str:
        """How the scorer reads a crisis or goal whose wording is unclear (from rules.yaml)."""
        text = self.content.readings.get(rule)
        return f" How we read it: {text}" if text else ""

    def final(self) -> Post:
        last = self.plan["schedule"][-1]
        body = fill(
            self.texts.final, game_id=self.plan["game_id"], commitment=self.plan["commitment"]
        )
        head = f"{self.title} · Final scoring"
        order_line = "The end of the game, step by step, with the crises in the order drawn:"
        fb = [head, when(last), "", order_line, *self.final_steps(("", "")), "", body]
        dc = [
            f"# {head}",
            f"*{when(last)}*",
            "",
            order_line,
            *self.final_steps(("**", "**")),
            "",
            body,
        ]
        bgg = [
            f"[size=14][b]{head}[/b][/size]",
            f"[i]{when(last)}[/i]",
            "",
            order_line,
            *self.final_steps(("[b]", "[/b]")),
            "",
            body,
        ]
        return Post(
            key="game-end",
            title="Final scoring: crisis order and goal",
            turn=last["turn"],
            position=1,
            facebook="\n".join(fb) + "\n",
            discord="\n".join(dc) + "\n",
            bgg=bgg_safe("\n".join(bgg) + "\n"),
        )
