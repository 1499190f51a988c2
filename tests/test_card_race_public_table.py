"""Issue 19, item 5: a table where everyone sees every card.

The post that closes a trick lists the trick's cards in play order with their players, then
the winner and why, on every platform and in both languages; the last card of a trick and
a Black Hole's trick are shown like any other. After a Navigator turn-up the dealer names
trump before anyone bids (deal, turn-up, trump, bids), and the round post says so. A
Navigator is not a trump card for the Booster rule: the engine pays the Booster, and the
rules card says so in both languages."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from card_race_helpers import plan_of, start_table
from click.testing import Result
from pypdf import PdfReader

from generator.games.card_race.cards import Card, parse_id, sorted_hand
from generator.games.card_race.content import CardRace
from generator.games.card_race.judge import TrickResult, judge, may_play
from generator.games.card_race.sheets import rules_card_pdf
from generator.kit.session import load_content

SEATS = ["Ada", "Ben", "Cleo"]
# Found by trying seeds: round 1 turns up a Navigator, and with Black Hole, Booster and
# Tractor Beam played as soon as they are legal, round 2 has a Booster and a Navigator and
# round 3 a Black Hole.
SEED = "public-cards-0087-xxxxxxxxxx"
FLAVOURS = ("facebook.txt", "discord.md", "bgg.txt")


@pytest.fixture(scope="module")
def content() -> CardRace:
    return load_content("card-race")[2]


def start(tmp_path: Path, run: Callable[..., Result], lang: str = "both") -> Path:
    return start_table(tmp_path, run, SEED, lang=lang)


@dataclass
class Closed:
    round: int
    trick: int
    serial: int  # the entry that closed it
    plays: list[tuple[str, Card]]
    result: TrickResult


def choose(hand: list[Card], so_far: list[Card]) -> Card:
    """A legal card, a special card first whenever one may be played."""
    legal = [c for c in sorted_hand(hand) if may_play(c, hand, so_far)]
    for kind in ("H", "B", "T", "N"):
        for card in legal:
            if card.kind == kind:
                return card
    return legal[0]


def host_plays(folder: Path, run: Callable[..., Result], rounds: int) -> list[Closed]:
    """Record rounds 1..`rounds` through the CLI as a host would; the tricks it closed."""
    plan = plan_of(folder)
    closed: list[Closed] = []
    serial = 0

    def record(*args: str) -> None:
        nonlocal serial
        result = run("card-race", *args)
        assert result.exit_code == 0, result.output
        serial += 1

    for number in range(1, rounds + 1):
        plan_round = plan["rounds"][number - 1]
        trump = plan_round["turn_up"]["trump"]
        if plan_round["turn_up"]["how"] == "choose":
            trump = "P"
            record("trump", str(folder), "P")
        first = SEATS.index(plan_round["first"])
        for i in range(3):
            record("bid", str(folder), SEATS[(first + i) % 3], "0")
        hands = {p: [parse_id(c) for c in plan_round["hands"][p]] for p in SEATS}
        leader = plan_round["first"]
        for trick in range(1, number + 1):
            plays: list[tuple[str, Card]] = []
            for k in range(3):
                player = SEATS[(SEATS.index(leader) + k) % 3]
                card = choose(hands[player], [c for _, c in plays])
                record("play", str(folder), player, card.code)
                hands[player].remove(card)
                plays.append((player, card))
            result = judge([c for _, c in plays], trump)
            closed.append(Closed(number, trick, serial, plays, result))
            at = result.winner if result.winner is not None else result.reason_values["position"]
            leader = plays[at][0]
    return closed


def test_trick_closing_post_lists_every_card_in_play_order(
    tmp_path: Path, run: Callable[..., Result], content: CardRace
) -> None:
    folder = start(tmp_path, run)
    closed = host_plays(folder, run, 3)
    kinds = {c.kind for trick in closed for _, c in trick.plays}
    assert {"H", "B", "N"} <= kinds, "the seed no longer plays every special card"
    words = {
        "en": ("Trick {trick}, the cards in play order: ", "takes trick"),
        "de": ("Stich {trick}, die Karten in Spielreihenfolge: ", "gewinnt Stich"),
    }
    for trick in closed:
        stem = folder / f"round-{trick.round:02d}" / f"table-{trick.serial:03d}"
        for lang, (head, won) in words.items():
            cards = "; ".join(
                f"{i}. {player}: {content.card_name(card, lang)} ({card.code})"
                for i, (player, card) in enumerate(trick.plays, 1)
            )
            listed = head.format(trick=trick.trick) + cards + "."
            for flavour in FLAVOURS:
                text = Path(f"{stem}.{lang}.{flavour}").read_text(encoding="utf-8")
                lines = text.splitlines()
                assert listed in lines, (trick, lang, flavour, text)
                after = lines[lines.index(listed) + 1]
                if trick.result.winner is None:  # the Black Hole's trick is shown too
                    hole = trick.plays[trick.result.reason_values["position"]][0]
                    assert "Black Hole" in after or "Schwarzes Loch" in after
                    assert hole in after
                else:
                    winner, card = trick.plays[trick.result.winner]
                    assert after.startswith(f"{winner} {won} {trick.trick} ")
                    assert f"({card.code})" in after
    # The last card of every trick is in the post that closes it (and nowhere before).
    for trick in closed:
        last_player, last = trick.plays[-1]
        text = (
            folder / f"round-{trick.round:02d}" / f"table-{trick.serial:03d}.en.facebook.txt"
        ).read_text(encoding="utf-8")
        assert f"{len(trick.plays)}. {last_player}: " in text
        assert f"({last.code})" in text


def test_closing_posts_are_byte_identical_for_the_same_entries(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """Same seed, same entries: byte-identical posts."""
    trees = []
    for name in ("one", "two"):
        base = tmp_path / name
        base.mkdir()
        folder = start(base, run, lang="en")
        host_plays(folder, run, 2)
        trees.append(
            {
                str(p.relative_to(folder)): p.read_bytes()
                for p in sorted(folder.rglob("table-*"))
                if p.is_file()
            }
        )
    assert trees[0] and trees[0] == trees[1]


def test_no_bid_before_the_dealer_names_trump(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start(tmp_path, run)
    r1 = plan_of(folder)["rounds"][0]
    assert r1["turn_up"]["how"] == "choose"
    dealer, first = r1["dealer"], r1["first"]
    for lang, line in (
        ("en", f"Bids are taken once {dealer} has named trump: first the trump suit, then"),
        ("de", f"Geboten wird erst, wenn {dealer} den Trumpf genannt hat: zuerst die"),
    ):
        post = (folder / "round-01" / f"round.{lang}.facebook.txt").read_text(encoding="utf-8")
        lines = post.splitlines()
        chooses = next(i for i, x in enumerate(lines) if "Navigator" in x)
        assert lines[chooses + 1].startswith(line), post  # right after the turn-up
    refused = run("card-race", "bid", str(folder), first, "0")
    assert refused.exit_code == 2
    assert (
        f"error: A Navigator was turned up: {dealer} (dealer) names the trump suit before "
        "anyone bids." in refused.output
    )
    assert "Traceback" not in refused.output
    assert not (folder / "table.jsonl").exists()
    named = run("card-race", "trump", str(folder), "W")
    assert named.exit_code == 0, named.output
    assert f"Trump: Warp Drive (chosen by {dealer}" in named.output
    assert f"{first} to bid." in named.output
    assert run("card-race", "bid", str(folder), first, "0").exit_code == 0
    again = run("card-race", "trump", str(folder), "I")
    assert again.exit_code == 2 and "No trump suit is to be chosen now." in again.output


def test_a_navigator_is_not_a_trump_card_for_the_booster(content: CardRace) -> None:
    cards = [parse_id(c) for c in ("B1", "N1", "W2")]
    result = judge(cards, "I")  # Ion Drive is trump; none of it is played
    assert result.winner == 1 and result.bonus == [0]
    assert judge([parse_id(c) for c in ("B1", "N1", "I2")], "I").bonus == []
    said = {
        "en": "A Navigator is not a trump card here: a Booster pays in a trick with a "
        "Navigator and no card of the trump suit.",
        "de": "Ein Navigator ist hier keine Trumpfkarte: in einem Stich mit Navigator, aber "
        "ohne Karte der Trumpffarbe bringt ein Booster Treibstoff.",
    }
    for lang, sentence in said.items():
        for paper in ("a4", "letter"):
            reader = PdfReader(io.BytesIO(rules_card_pdf(content, paper, lang)))
            assert len(reader.pages) == 1
            text = " ".join(reader.pages[0].extract_text().split())
            # Hyphens at a line break come back as "- " from the PDF text.
            assert re.sub(r"- ", "-", sentence) in re.sub(r"- ", "-", text), (lang, paper)
