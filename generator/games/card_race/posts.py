"""What the posts and private messages of Galactic Card Race say, in one language.

Every sentence comes from the pack's texts; this module only chooses which and fills them.
Pure: (content, plan, table state, language) in, `PostParts` out."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from generator.common.bidi import isolate
from generator.games.card_race.cards import Card, parse_id, sorted_hand
from generator.games.card_race.content import CardRace
from generator.games.card_race.flavours import Image, PostParts
from generator.games.card_race.judge import TrickResult, suit_to_follow
from generator.games.card_race.plan import CardRacePlan, Deal
from generator.games.card_race.scoring import explain, places, standings_lines
from generator.games.card_race.table.replay import (
    Correction,
    RoundState,
    TableState,
    Trick,
    bids_public,
)
from generator.games.card_race.texts import Texts


def _shell(word: str) -> str:
    """A player name as a shell word: names are letters, digits, hyphens and apostrophes,
    so double quotes are enough when an apostrophe is in them."""
    return word if re.fullmatch(r"[\w,-]+", word) else f'"{word}"'


def round_folder(number: int) -> str:
    return f"round-{number:02d}"


def hand_stem(number: int, player: str) -> str:
    # Private messages live apart from the public posts so they are never posted by mistake.
    return f"private/{round_folder(number)}/hand-{player}"


class Writer:
    def __init__(self, content: CardRace, plan: CardRacePlan, lang: str) -> None:
        self.content = content
        self.plan = plan
        self.lang = lang
        # Names in posts are isolated where they need it (texts.py).
        self.t: Texts = replace(content.lang(lang), isolate_names=True)
        self.seats: list[str] = list(plan.table.players)
        self.rounds: int = int(plan.table.rounds)

    # --- words ----------------------------------------------------------------------------
    def card(self, card: Card) -> str:
        return f"{self.content.card_name(card, self.lang)} ({card.code})"

    def suit(self, code: str | None) -> str:
        return self.content.suit_name(code, self.lang)

    def colour(self, player: str) -> str:
        return str(getattr(self.content.ship_colour(self.seats.index(player)), self.lang))

    def trump_lines(self, plan_round: Deal, chosen: str | None = None) -> list[str]:
        turn = plan_round.turn_up
        lines = []
        if turn.set_aside:
            names = [self.card(parse_id(c)) for c in turn.set_aside]
            lines.append(self.t.get("trump_set_aside", cards=", ".join(names)))
        how = turn.how
        if how == "suit":
            assert turn.card is not None, "a suit turned up for trump names its card"
            card = parse_id(turn.card)
            lines.append(self.t.get("trump_suit", suit=self.suit(card.kind), card=self.card(card)))
        elif how == "leak":
            lines.append(self.t.get("trump_leak"))
        elif how == "exhausted":
            lines.append(self.t.get("trump_exhausted"))
        elif chosen is not None:
            lines.append(
                self.t.get("trump_chosen", suit=self.suit(chosen), dealer=plan_round.dealer)
            )
        else:
            lines.append(self.t.get("trump_choose", dealer=plan_round.dealer))
            # The order of a round: deal, turn-up, trump named, then the bids.
            lines.append(self.t.get("trump_bids_after", dealer=plan_round.dealer))
        return lines

    def title(self, number: int) -> str:
        return self.t.get(
            "round_title",
            game=self.t.get("game_name"),
            game_id=self.plan.game_id,
            round=number,
            rounds=self.rounds,
        )

    # --- the round post and the private hands --------------------------------------------
    def round_post(self, number: int) -> PostParts:
        plan_round = self.plan.rounds[number - 1]
        lines = []
        if plan_round.date:
            lines.append(self.t.get("round_date", date=plan_round.date))
        lines.append(self.t.get("round_deal", dealer=plan_round.dealer, count=number))
        lines += self.trump_lines(plan_round)
        most = 1 if number == 1 else number
        variant = self.plan.table.bidding
        if variant == "standard":
            first = self.seats.index(plan_round.first)
            order = [self.seats[(first + i) % len(self.seats)] for i in range(len(self.seats))]
            lines.append(self.t.get("round_bid_standard", order=self.t.names(order), max=most))
        else:
            lines.append(self.t.get(f"round_bid_{variant}", max=most))
        lines.append(self.t.get("round_lead", player=plan_round.first))
        lines += ["", self.t.get("round_commitment", commitment=plan_round.commitment)]
        return PostParts(f"{round_folder(number)}/round", self.title(number), lines)

    def hand_cards_text(self, cards: list[Card]) -> list[str]:
        return [
            f"- {self.content.card_name(c, self.lang, long=True)} [{c.code}]"
            for c in sorted_hand(cards)
        ]

    def hand_message(self, number: int, player: str, image_file: str | None) -> PostParts:
        plan_round = self.plan.rounds[number - 1]
        cards = [parse_id(c) for c in plan_round.hands[player]]
        title = self.t.get(
            "hand_title",
            game=self.t.get("game_name"),
            game_id=self.plan.game_id,
            round=number,
            rounds=self.rounds,
            player=player,
        )
        lines = [self.t.get("hand_private", player=player), ""]
        lines.append(self.t.get("hand_cards", count=len(cards)))
        lines += self.hand_cards_text(cards)
        lines += ["", self.t.get("hand_dealer", dealer=plan_round.dealer)]
        lines += self.trump_lines(plan_round)
        lines.append(self.t.get("hand_bid_hint", max=1 if number == 1 else number))
        lines.append(self.t.get("hand_check", commitment=plan_round.commitment[:16]))
        images = []
        if image_file:
            alt = self.t.get(
                "hand_image_alt",
                player=player,
                count=len(cards),
                round=number,
                cards=", ".join(c.code for c in sorted_hand(cards)),
            )
            images.append(Image(image_file, alt))
        return PostParts(hand_stem(number, player), title, lines, images)

    # --- the table ----------------------------------------------------------------------
    def bids_lines(self, state: TableState, rnd: RoundState) -> list[str]:
        variant = state.variant
        shown = variant == "standard" or (variant == "hidden" and rnd.bidding_done)
        if shown or (variant == "unknown" and rnd.finished):
            entries = [
                self.t.get("table_bid_entry", player=p, bid=rnd.bids[p])
                for p in rnd.bid_order
                if p in rnd.bids
            ]
            lines = [self.t.get("table_bids", bids=", ".join(entries) or "-")]
            if rnd.bidding_done:
                lines.append(
                    self.t.get("table_bids_sum", total=sum(rnd.bids.values()), tricks=rnd.number)
                )
            return lines
        have = [p for p in rnd.bid_order if p in rnd.bids]
        return [self.t.get(f"table_bids_{variant}", players=self.t.names(have) or "-")]

    def reason(self, trick: Trick) -> str:
        result: TrickResult = trick.result
        values = dict(result.reason_values)
        if result.reason == "reason_tractor":
            values = {"best": self.card(trick.plays[values["best"]][1])}
        elif result.reason == "reason_black_hole":
            values = {"player": trick.plays[values["position"]][0]}
        return self.t.get(result.reason, **values)

    def trick_cards_line(self, trick: Trick, number: int) -> str:
        """Every card of a closed trick in play order with its player: at a table everyone
        sees every card, the last one and the Black Hole's trick too."""
        cards = [
            self.t.get("table_trick_card", position=i, player=p, card=self.card(c))
            for i, (p, c) in enumerate(trick.plays, 1)
        ]
        return self.t.get("table_trick_cards", trick=number, cards="; ".join(cards))

    def trick_result_lines(self, trick: Trick, number: int) -> list[str]:
        """The post that closes a trick: its cards in play order, then the winner and why."""
        result = trick.result
        lines = [self.trick_cards_line(trick, number)]
        if result.winner is None:
            lines.append(self.t.get("table_black_hole", trick=number, reason=self.reason(trick)))
        else:
            player, card = trick.plays[result.winner]
            lines.append(
                self.t.get(
                    "table_won",
                    player=player,
                    trick=number,
                    card=self.card(card),
                    reason=self.reason(trick),
                )
            )
        points = self.content.rules.scoring.booster
        for position in result.bonus:
            lines.append(
                self.t.get("booster_paid_player", player=trick.plays[position][0], points=points)
            )
        return lines

    def plays_text(self, plays: list[tuple[str, Card]]) -> str:
        if not plays:
            return self.t.get("table_no_cards")
        return ", ".join(
            self.t.get("table_play_entry", player=p, card=self.card(c)) for p, c in plays
        )

    def table_post(self, state: TableState, number: int, serial: int) -> PostParts:
        """The post after an entry of round `number`: bids, the trick so far, whose turn;
        after the round's last trick, the round's result and the standings. After a
        correction: what it changed and what follows, then the table as it now stands."""
        key = f"{round_folder(number)}/table-{serial:03d}"
        correction = state.corrections.get(serial)
        if correction is not None:
            return PostParts(key, self.title(number), self.correction_lines(state, correction))
        return PostParts(key, self.title(number), self.table_lines(state, number))

    # --- corrections --------------------------------------------------------------------
    def entry_text(self, state: TableState, entry: dict[str, Any]) -> str:
        """An entry in words for the thread: a hidden or unknown bid's value stays unsaid
        until the table shows the bids."""
        rnd = state.rounds[int(entry["round"]) - 1]
        kind = entry["kind"]
        if kind == "bid":
            if bids_public(state, rnd):
                return self.t.get("entry_bid", player=entry["player"], bid=entry["bid"])
            return self.t.get("entry_bid_secret", player=entry["player"])
        if kind == "trump":
            return self.t.get("entry_trump", dealer=rnd.dealer, suit=self.suit(entry["suit"]))
        return self.t.get(
            "entry_play", player=entry["player"], card=self.card(parse_id(str(entry["card"])))
        )

    def correction_lines(self, state: TableState, c: Correction) -> list[str]:
        t = self.t
        lines = [
            t.get("correction_head", entry=c.target, what=self.entry_text(state, c.before)),
        ]
        if c.after is not None:
            lines.append(t.get("correction_instead", what=self.entry_text(state, c.after)))
        else:
            lines.append(t.get("correction_removed"))
        lines.append(t.get("correction_log"))
        if c.later == 1:
            lines.append(t.get("correction_later_one"))
        elif c.later:
            lines.append(t.get("correction_later", count=c.later))
        for number, index, before in c.reopened:
            if before is None:
                lines.append(t.get("correction_reopened_nobody", trick=index, round=number))
            else:
                lines.append(t.get("correction_reopened", trick=index, round=number, player=before))
        for number, index, before in c.rejudged:
            trick = state.rounds[number - 1].tricks[index - 1]
            lines += ["", t.get("correction_rejudged", trick=index, round=number)]
            lines += self.trick_result_lines(trick, index)
            if before is None:
                lines.append(t.get("correction_was_nobody"))
            else:
                lines.append(t.get("correction_was", player=before))
        if c.rescored:
            target_round = int(c.before["round"])
            rnd = state.rounds[target_round - 1]
            if rnd.finished:
                lines += ["", t.get("correction_rescored", round=target_round)]
                lines += [f"- {explain(s, t)}" for s in rnd.scored]
            last = c.rescored[-1]
            lines += ["", t.get("correction_standings", round=last)]
            colours = [self.colour(p) for p in self.seats]
            lines += standings_lines(state.totals_after[last - 1], self.seats, colours, t)
        if not c.rejudged and not c.rescored and not c.reopened:
            lines.append(t.get("correction_no_change"))
        if state.over:
            lines += ["", t.get("table_game_over")]
            if c.final_changed:
                lines.append(t.get("correction_final"))
        else:
            current = state.current
            # The last trick's result is said above when it was judged again.
            again = bool(c.rejudged) and c.rejudged[-1][:2] == (current.number, len(current.tricks))
            lines += ["", t.get("correction_now")]
            lines += self.table_lines(state, current.number, last_trick=not again)
        return lines

    def table_lines(self, state: TableState, number: int, last_trick: bool = True) -> list[str]:
        rnd = state.rounds[number - 1]
        lines = self.bids_lines(state, rnd)
        if rnd.plan.turn_up.how == "choose":
            lines += self.trump_lines(rnd.plan, rnd.trump)
        if rnd.finished:
            lines += ["", *self.trick_result_lines(rnd.tricks[-1], len(rnd.tricks))]
            lines += ["", self.t.get("table_round_over", round=number)]
            lines += self.round_summary(state, rnd)
            if state.over:
                lines += ["", self.t.get("table_game_over")]
            else:
                nxt = state.rounds[number]
                lines += ["", self.t.get("table_next_round", round=nxt.number, dealer=nxt.dealer)]
                if nxt.trump_open:
                    lines.append(self.t.get("table_choose_trump_first", dealer=nxt.dealer))
        elif rnd.trump_open:
            # No bid is taken while trump is still to be named.
            lines.append(self.t.get("table_choose_trump_first", dealer=rnd.dealer))
        elif not rnd.bidding_done:
            waiting = rnd.waiting_bids()
            if state.variant == "standard":
                lines.append(self.t.get("table_next_bid", player=waiting[0]))
            else:
                lines.append(self.t.get("table_waiting_bids", players=self.t.names(waiting)))
        else:
            if rnd.tricks and not rnd.current and last_trick:
                lines += ["", *self.trick_result_lines(rnd.tricks[-1], len(rnd.tricks))]
            lines += [
                "",
                self.t.get(
                    "table_trick",
                    trick=len(rnd.tricks) + 1,
                    tricks=rnd.number,
                    cards=self.plays_text(rnd.current),
                ),
            ]
            follow = suit_to_follow([c for _, c in rnd.current])
            if follow:
                lines.append(self.t.get("table_follow", suit=self.suit(follow)))
            # (trump still to be named is said above: no trick is played before it)
            lines.append(self.t.get("table_next_play", player=rnd.next_player()))
            lines.append(self.tricks_so_far(rnd))
        return lines

    def tricks_so_far(self, rnd: RoundState) -> str:
        text = ", ".join(f"{isolate(p)} {rnd.won.get(p, 0)}" for p in rnd.bid_order)
        return self.t.get("table_tricks_so_far", tricks=text)

    def round_summary(self, state: TableState, rnd: RoundState, titled: bool = True) -> list[str]:
        totals = state.totals_after[rnd.number - 1]
        lines = [f"- {explain(s, self.t)}" for s in rnd.scored]
        lines += ["", self.t.get("standings_title", round=rnd.number)] if titled else [""]
        colours = [self.colour(p) for p in self.seats]
        lines += standings_lines(totals, self.seats, colours, self.t)
        return lines

    def standings_post(self, state: TableState, number: int, image_file: str | None) -> PostParts:
        rnd = state.rounds[number - 1]
        totals = state.totals_after[number - 1]
        lines = self.round_summary(state, rnd, titled=False)  # the post's title says it
        lines += ["", *self.reveal_lines(number)]
        images = []
        if image_file:
            ranked = places(totals)
            ships = [
                self.t.get(
                    "standings_ship",
                    player=p,
                    colour=self.colour(p),
                    total=totals[p],
                    place=ranked[p],
                )
                for p in sorted(self.seats, key=lambda p: (ranked[p], self.seats.index(p)))
            ]
            alt = self.t.get("standings_image_alt", round=number, ships="; ".join(ships))
            images.append(Image(image_file, alt))
        return PostParts(
            f"{round_folder(number)}/standings",
            self.t.get("standings_title", round=number),
            lines,
            images,
        )

    def reveal_lines(self, number: int) -> list[str]:
        """The round's salt and deck, once its last trick is played (never earlier: with them
        the commitment no longer hides the deal), and the command that checks them."""
        plan_round = self.plan.rounds[number - 1]
        deck = plan_round.deck
        command = " ".join(
            [
                f"sheetgen card-race verify --round {number}",
                f"--salt {plan_round.salt}",
                f"--commitment {plan_round.commitment}",
                f"--players {_shell(','.join(self.seats))}",
                f"--dealer {_shell(plan_round.dealer)}",
                # Spaces, quoted: one shell word that a narrow screen can still wrap.
                f'--deck "{" ".join(deck)}"',
                *(["--lang de"] if self.lang == "de" else []),
            ]
        )
        return [
            self.t.get("reveal_salt", round=number, salt=plan_round.salt),
            self.t.get("reveal_deck", first=plan_round.first, deck=" ".join(deck)),
            "",
            self.t.get("reveal_check"),
            command,
        ]

    def final_post(self, state: TableState, corrected_by: int | None = None) -> PostParts:
        """The race's result and the seed. `corrected_by`: the correction entry that
        changed the result after the final post: the post issued again, as `final-NNN`,
        saying that it replaces the one before."""
        totals = state.totals()
        ranked = places(totals)
        winners = [p for p in self.seats if ranked[p] == 1]
        colours = [self.colour(p) for p in self.seats]
        lines = []
        if corrected_by is not None:
            target = state.corrections[corrected_by].target
            lines += [self.t.get("final_corrected", entry=corrected_by, target=target), ""]
        lines += standings_lines(totals, self.seats, colours, self.t)
        key = "final_winner" if len(winners) == 1 else "final_winners"
        lines += ["", self.t.get(key, players=self.t.join(winners))]
        lines += ["", self.t.get("final_seed", seed=self.plan.seed)]
        title = self.t.get(
            "final_title" if corrected_by is None else "final_corrected_title",
            game=self.t.get("game_name"),
            game_id=self.plan.game_id,
        )
        return PostParts(final_stem(corrected_by), title, lines)

    # --- the host's guide (a file for the host, never posted) ---------------------------
    def posting_guide(self, suffix: str) -> str:
        t = self.t
        lines = [
            f"# {t.get('guide_title', game=t.get('game_name'), game_id=self.plan.game_id)}",
            "",
            t.get("guide_intro"),
            "",
        ]
        for plan_round in self.plan.rounds:
            number = plan_round.round
            hands = ", ".join(
                f"`{hand_stem(number, p)}{suffix}.txt` → {isolate(p)}" for p in self.seats
            )
            post = f"`{round_folder(number)}/round{suffix}.*`"
            date = plan_round.date or t.get("guide_no_date")
            lines.append(
                "- "
                + t.get(
                    "guide_round",
                    round=number,
                    date=date,
                    dealer=plan_round.dealer,
                    hands=hands,
                    post=post,
                )
            )
        lines += ["", t.get("guide_table"), "", t.get("guide_end")]
        return "\n".join(lines) + "\n"


def final_stem(corrected_by: int | None = None) -> str:
    """The final post's file stem: `final`, or `final-NNN` when correction entry NNN
    changed the result and the post is issued again (the one posted before stays as it
    was posted)."""
    return "final" if corrected_by is None else f"final-{corrected_by:03d}"


def corrected_final(state: TableState, serial: int) -> bool:
    """Whether entry `serial` is a correction that changed the race's final result."""
    correction = state.corrections.get(serial)
    return correction is not None and correction.final_changed
