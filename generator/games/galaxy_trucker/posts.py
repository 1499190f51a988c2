"""Every post of a Galaxy Trucker game, as text, from the plan and the pack.

Posts are published in this order: the day before day 1, what to print; the game start;
per round its start and the three peekable stacks (on Facebook, text comments under the round
start; on Discord, spoiler messages), the build turns, the end of building, the flight turns
(dice in a text comment on Facebook, in spoilers on Discord), the end of flight; then the end
of the game.

A post file holds only what players read; which picture to attach and its alt text are host
notes (`Post.host_text`, the posting guide)."""

from __future__ import annotations

from typing import Any

from generator.games.galaxy_trucker import images
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import (
    SET_NAMES,
    card_fields,
    card_summary,
    card_title,
    card_words,
    event_number,
    roll_labels,
    tile_words,
)
from generator.render.guide import day_before
from generator.render.text import Post, discord_spoiler, fill, roll_text
from generator.schedule import when

SPOILER_SPACER_LINES = 8
# Where players answer, per platform: Discord texts never speak of Facebook's comments.
REPLY = {"facebook": "in the comments", "discord": "in this channel"}
ROLLS_WHERE = {"facebook": "in the comment under the post", "discord": "in the spoilers"}


class PostWriter:
    """Builds the posts of one game. Pure: (content, plan) in, posts out."""

    def __init__(
        self,
        content: GalaxyTrucker,
        plan: dict[str, Any],
        papers: tuple[str, ...] = ("a4", "letter"),
    ) -> None:
        self.content = content
        self.plan = plan
        self.print_files = [f"sheets/print-pack-{paper}.pdf" for paper in papers]
        self.texts = content.texts
        self.total = len(plan["schedule"])
        self.schedule = {s["turn"]: s for s in plan["schedule"]}

    # --- shared pieces ---------------------------------------------------------------
    def header(self, turn: int, round_no: int, phase: str, detail: str = "") -> list[str]:
        lines = [
            f"{self.texts.game_name} · Game {self.plan['game_id']}",
            f"Round {round_no} of {len(self.plan['rounds'])} · {phase}"
            f" · Turn {turn} of {self.total}" + (f" ({detail})" if detail else ""),
            when(self.schedule[turn]),
        ]
        return lines

    def discord_header(self, turn: int, round_no: int, phase: str, detail: str = "") -> list[str]:
        first, second, third = self.header(turn, round_no, phase, detail)
        return [f"## {second}", f"*{third} · {first}*"]

    # --- posts -------------------------------------------------------------------------
    def all_posts(self) -> list[Post]:
        posts = [self.before_day_one(), self.game_start()]
        for rnd in self.plan["rounds"]:
            posts += self.round_posts(rnd)
        posts.append(self.game_end())
        return posts

    def round_posts(self, rnd: dict[str, Any]) -> list[Post]:
        posts = [self.round_start(rnd)]
        posts += [self.stack_post(rnd, i) for i in range(self.peekable(rnd))]
        posts += [self.build_post(rnd, i) for i in range(len(rnd["build_turns"]))]
        posts.append(self.end_of_building(rnd))
        posts += [self.flight_post(rnd, i) for i in range(len(rnd["flight_turns"]))]
        posts.append(self.end_of_flight(rnd))
        return posts

    def setting(self, rnd: dict[str, Any]) -> Any:
        return self.content.rounds[rnd["round"] - 1]

    def peekable(self, rnd: dict[str, Any]) -> int:
        return self.setting(rnd).peekable_stacks

    def before_day_one(self) -> Post:
        """What to print, posted the day before day 1 with the print pack attached."""
        first = self.plan["schedule"][0]
        paper_names = {"a4": "A4", "letter": "US Letter"}
        names = [
            f"{name} ({paper_names.get(name[11:-4], name[11:-4])})"
            for name in (f.rpartition("/")[2] for f in self.print_files)
        ]
        body = fill(
            self.texts.before_day_one,
            game_id=self.plan["game_id"],
            first_date=f"day 1 ({when(first).partition(' (')[2].rstrip(')')})"
            if first["date"]
            else "day 1",
            print_files=" or ".join(names),
        )
        title = f"{self.texts.game_name} · Game {self.plan['game_id']} · Print before day 1"
        return Post(
            key="before-day-1",
            title="Before day 1: what to print",
            turn=0,
            position=0,
            facebook=f"{title}\n{day_before(self.plan)}\n\n{body}\n",
            discord=f"# {title}\n*{day_before(self.plan)}*\n\n{body}\n",
            attachments=list(self.print_files),
        )

    def game_start(self) -> Post:
        first = self.plan["schedule"][0]
        days = self.plan["schedule"][-1]["day"]
        body = fill(
            self.texts.game_start,
            game_id=self.plan["game_id"],
            commitment=self.plan["commitment"],
            days=days,
            turns=self.total,
            first_date=first["date"] or "",
        )
        title = f"{self.texts.game_name} · Game {self.plan['game_id']}"
        return Post(
            key="game-start",
            title="Game start",
            turn=1,
            position=-3,
            facebook=f"{title}\n{when(first)}\n\n{body}\n",
            discord=f"# {title}\n*{when(first)}*\n\n{body}\n",
        )

    def round_start(self, rnd: dict[str, Any]) -> Post:
        setting = self.setting(rnd)
        turn = rnd["build_turns"][0]["turn"]
        peek = fill(self.texts.peek_rule, stack_size=setting.stack_size)
        body = fill(
            self.texts.round_start,
            round=rnd["round"],
            ship=rnd["ship"],
            sheet=f"page {rnd['round']}",
            build_turns=setting.build_turns,
            flight_turns=setting.flight_turns,
            cards=setting.stacks * setting.stack_size,
            stack_size=setting.stack_size,
            peek_rule=peek,
        )
        stacks = ", ".join(f"Stack {i + 1}" for i in range(setting.peekable_stacks))
        where_fb = f"The stacks are in the comments below, one comment each, in words: {stacks}."
        where_dc = f"The stacks follow below as spoilers: {stacks}."
        head = self.header(turn, rnd["round"], "Round start")
        return Post(
            key=f"round-{rnd['round']}/start",
            title=f"Round {rnd['round']} start",
            turn=turn,
            position=-2,
            facebook="\n".join([*head, "", body, where_fb]) + "\n",
            discord="\n".join(
                [*self.discord_header(turn, rnd["round"], "Round start"), "", body, where_dc]
            )
            + "\n",
        )

    def stack_post(self, rnd: dict[str, Any], index: int) -> Post:
        turn = rnd["build_turns"][0]["turn"]
        cards = [self.content.cards_by_id[c["id"]] for c in rnd["stacks"][index]]
        label = f"Round {rnd['round']}, Stack {index + 1}"
        lines = [f"{i}. {card_words(self.content, c)}" for i, c in enumerate(cards, 1)]
        cost = "Looking costs 1 Skipped Parts box, and only once your ship has a tile."
        return Post(
            key=f"round-{rnd['round']}/stack-{index + 1}",
            title=label,
            turn=turn,
            position=-1,
            facebook=None,
            comment_on=f"Round {rnd['round']} start",
            facebook_comment="\n".join(
                [
                    f"SPOILER - the cards of {label} below. {cost}",
                    *(["."] * SPOILER_SPACER_LINES),
                    "",
                    *lines,
                ]
            )
            + "\n",
            discord="\n".join(
                [
                    f"**{label}** ({len(cards)} cards). {cost}",
                    *(discord_spoiler(line) for line in lines),
                ]
            )
            + "\n",
            images=[images.stack_image(self.content, self.plan, rnd, index)],
        )

    def build_post(self, rnd: dict[str, Any], index: int) -> Post:
        build = rnd["build_turns"][index]
        turn = build["turn"]
        setting = self.setting(rnd)
        detail = f"build turn {index + 1} of {setting.build_turns}"
        sets = []
        for s, tiles in enumerate(build["sets"]):
            name = SET_NAMES[s]
            sets.append(
                (
                    f"Set {name}",
                    [
                        f"{name}{i} {tile_words(self.content, self.content.tiles_by_id[t['id']])}"
                        for i, t in enumerate(tiles, 1)
                    ],
                )
            )
        stacks = f"Stacks 1-{setting.peekable_stacks}"
        where_fb = f"the comments of the Round {rnd['round']} start post"
        where_dc = f"the spoilers under the Round {rnd['round']} start message"
        if index == 0 and rnd["round"] == 1:
            # The game's first build turn teaches the rules in full.
            cost = "1 Skipped Parts box each, once you have a tile"
            rules = fill(self.texts.build_turn, round=rnd["round"])
            fb_rules = [rules, f"Peek ({cost}): {stacks} are in {where_fb}."]
            dc_rules = [rules, f"Peek ({cost}): {stacks} are {where_dc}."]
        else:
            # Later turns remind in one line.
            remind = (
                "One tile from each set, or skip the set (mark a Skipped Parts box), or pass "
                "for the round; peek at {stacks} ({where}) for a Skipped Parts box each."
            )
            fb_rules = [remind.format(stacks=stacks, where=where_fb)]
            dc_rules = [remind.format(stacks=stacks, where=where_dc)]
        fb = [*self.header(turn, rnd["round"], "Building", detail), ""]
        dc = [*self.discord_header(turn, rnd["round"], "Building", detail), ""]
        for title, tiles in sets:
            fb += [title, *tiles, ""]
            dc += [f"**{title}**", *(f"- {t}" for t in tiles), ""]
        fb += fb_rules
        dc += dc_rules
        return Post(
            key=f"round-{rnd['round']}/turn-{turn:02d}-build",
            title=f"Turn {turn}: build",
            turn=turn,
            position=0,
            facebook="\n".join(fb) + "\n",
            discord="\n".join(dc) + "\n",
            images=[images.build_image(self.content, self.plan, rnd, index)],
        )

    def flight_post(self, rnd: dict[str, Any], index: int) -> Post:
        flight = rnd["flight_turns"][index]
        turn = flight["turn"]
        setting = self.setting(rnd)
        total_events = setting.stacks * setting.stack_size
        first = event_number(rnd, index, 0)
        last = first + len(flight["events"]) - 1
        detail = (
            f"flight turn {index + 1} of {setting.flight_turns} · events {first}-{last} "
            f"of {total_events}"
        )
        fb = [*self.header(turn, rnd["round"], "Flying", detail), ""]
        dc = [*self.discord_header(turn, rnd["round"], "Flying", detail), ""]
        # Facebook has no spoiler markup: a column of dots after the warning pushes the
        # rolls below the fold, behind "See more", as by-post hosts do by hand.
        comment = [self.texts.spoiler_warning, *(["."] * SPOILER_SPACER_LINES), ""]
        explained: dict[str, int] = {}  # a resolve text already given in this post -> event
        for offset, event in enumerate(flight["events"]):
            number = first + offset
            card = self.content.cards_by_id[event["card"]["id"]]
            title = f"Event {number}: {card_title(self.content, card)}"
            how = fill(self.texts.cards[card.kind].resolve, **card_fields(self.content, card))
            if how in explained:
                how = f"as Event {explained[how]} above."
            else:
                explained[how] = number
            face = card_summary(self.content, card)
            labels = roll_labels(card)
            rolls_note = []
            if event["rolls"]:
                note = "only if they beat you" if card.kind == "pirates" else "one per meteor"
                rolls_note = [
                    f"Dice: {len(event['rolls'])} rolls, {note}, in the comment under this post."
                ]
                # One line per roll, each saying its event and meteor or shot.
                comment += [
                    f"Event {number} {label}: {roll_text(faces)}"
                    for label, faces in zip(labels, event["rolls"], strict=True)
                ]
                comment.append("")
            fb += [title, *face, f"How to resolve: {how}", *rolls_note, ""]
            # On Discord each meteor or shot carries its roll, in a spoiler, on its own line.
            rolled = [
                f"- {label[0].upper()}{label[1:]}: {discord_spoiler(roll_text(faces))}"
                for label, faces in zip(labels, event["rolls"], strict=True)
            ]
            plain = face[: len(face) - len(rolled)] if rolled else face
            dc += [f"**{title}**", *(f"- {line}" for line in plain), *rolled, f"> {how}"]
            dc.append("")

        def rules(platform: str) -> str:
            if index > 0 or rnd["round"] > 1:
                # Taught with the game's first flight turn; later turns remind.
                return (
                    "Write each result in its numbered Event box; a lost component fills a "
                    "Lost Components box."
                )
            return fill(
                self.texts.flight_turn,
                round=rnd["round"],
                first_event=first,
                last_event=last,
                rolls_where=ROLLS_WHERE[platform],
            )

        fb.append(rules("facebook"))
        dc.append(rules("discord"))
        has_rolls = any(e["rolls"] for e in flight["events"])
        pictures = [images.flight_image(self.content, self.plan, rnd, index)]
        pictures += images.roll_images(self.content, self.plan, rnd, index)
        return Post(
            key=f"round-{rnd['round']}/turn-{turn:02d}-flight",
            title=f"Turn {turn}: flight",
            turn=turn,
            position=0,
            facebook="\n".join(fb) + "\n",
            discord="\n".join(dc) + "\n",
            facebook_comment="\n".join(comment).rstrip() + "\n" if has_rolls else None,
            comment_on=f"Turn {turn}: flight" if has_rolls else None,
            images=pictures,
        )

    def end_of_building(self, rnd: dict[str, Any]) -> Post:
        turn = rnd["flight_turns"][0]["turn"]
        setting = self.setting(rnd)
        body = fill(
            self.texts.end_of_building, round=rnd["round"], lost_boxes=setting.lost_component_boxes
        )
        return self._phase_post(rnd, "end-of-building", "End of building", turn, -1, body)

    def end_of_flight(self, rnd: dict[str, Any]) -> Post:
        turn = rnd["flight_turns"][-1]["turn"]
        setting = self.setting(rnd)
        bodies = {
            platform: fill(
                self.texts.end_of_flight,
                round=rnd["round"],
                pretty_ship=setting.pretty_ship,
                lost_boxes=setting.lost_component_boxes,
                reply=REPLY[platform],
            )
            + "\n"
            + self.texts.out_of_round
            for platform in REPLY
        }
        return self._phase_post(rnd, "end-of-flight", "Scoring", turn, 1, bodies)

    def _phase_post(
        self,
        rnd: dict[str, Any],
        key: str,
        phase: str,
        turn: int,
        position: int,
        body: str | dict[str, str],
    ) -> Post:
        texts = body if isinstance(body, dict) else dict.fromkeys(REPLY, body)
        return Post(
            key=f"round-{rnd['round']}/{key}",
            title=f"Round {rnd['round']}: {phase.lower()}",
            turn=turn,
            position=position,
            facebook="\n".join([*self.header(turn, rnd["round"], phase), "", texts["facebook"]])
            + "\n",
            discord="\n".join(
                [*self.discord_header(turn, rnd["round"], phase), "", texts["discord"]]
            )
            + "\n",
        )

    def game_end(self) -> Post:
        last = self.plan["schedule"][-1]
        title = f"{self.texts.game_name} · Game {self.plan['game_id']} · Game over"

        def body(platform: str) -> str:
            return fill(
                self.texts.end_of_game, rounds=len(self.plan["rounds"]), reply=REPLY[platform]
            )

        return Post(
            key="game-end",
            title="Game end",
            turn=last["turn"],
            position=2,
            facebook=f"{title}\n{when(last)}\n\n{body('facebook')}\n",
            discord=f"# {title}\n*{when(last)}*\n\n{body('discord')}\n",
        )
