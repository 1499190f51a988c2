"""Skill checks as the rules have them: the added cards are shuffled with the two Destiny
cards and every card is shown (type and value, in the shuffled order, never who added it),
sorted into positive and negative, with both sums, the total, the difficulty and the
outcome. The moderator's view names the Destiny cards; who added which card is a committed
record, revealed at the end. The difficulty may change before the reveal. And the vipers
the setup leaves in the reserves: 6, or 5 when Apollo launches his."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from bsg_helpers import FIVE, FIVE_SEED, BsgGame

from generator.games.battlestar.game import open_table, replay

CARD_LINE = re.compile(r"^Card (\d+): (\w+) (\d)$", re.M)
TYPES = ("tactics", "piloting")


def open_and_add(game: BsgGame, difficulty: str = "7", partial: str = "4") -> dict[str, list[str]]:
    """Open a tactics + piloting check and let every player add up to two skill cards."""
    game.run("setup")
    game.run(
        "check-open", "--types", ",".join(TYPES), "--difficulty", difficulty,
        "--partial", partial, "--name", "Crisis 31",
    )  # fmt: skip
    state = game.state()
    assert state.check is not None
    added: dict[str, list[str]] = {}
    for i, seat in enumerate(state.check.order):
        player = state.player(seat)
        held = [c for d, c in player.hand if d.startswith("skill:")]
        added[player.name] = held[: i % 3]
        game.run("check-add", player.name, *added[player.name])
    return added


def value_of(name: str, value: str) -> tuple[str, int]:
    return name.lower(), int(value)


@pytest.mark.slow
def test_result_post_shows_every_card_shuffled_never_who(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    added = open_and_add(game)
    destiny = game.state().destiny[:2]  # the next two Destiny cards
    result = game.run("check-resolve")
    post = result.stdout
    shown = [(int(n), value_of(t, v)) for n, t, v in CARD_LINE.findall(post)]
    assert [n for n, _ in shown] == list(range(1, len(shown) + 1))
    cards = [c for _, c in shown]
    contributed = [value_of(*k.split(":")) for cards_ in added.values() for k in cards_]
    expected = contributed + [value_of(*k.split(":")) for k in destiny]
    assert Counter(cards) == Counter(expected) and len(cards) == len(contributed) + 2
    # Positive are the check's types, negative the rest; the sums, total and outcome agree.
    plus = sum(v for t, v in cards if t in TYPES)
    minus = sum(v for t, v in cards if t not in TYPES)
    positive = re.search(r"^Positive \(Tactics \+ Piloting\): (.*) = (\d+)$", post, re.M)
    negative = re.search(r"^Negative \(other types\): (.*) = (−\d+|0)$", post, re.M)
    assert positive and negative
    assert int(positive.group(2)) == plus and negative.group(2) in (f"−{minus}", "0")
    assert positive.group(1).count(",") + 1 == sum(1 for t, _ in cards if t in TYPES) or not plus
    total = plus - minus
    outcome = "PASS" if total >= 7 else "PARTIAL PASS" if total >= 4 else "FAIL"
    assert f"Total strength: {plus} − {minus} = {total} against difficulty 7, partial 4: " in post
    assert post.rstrip().split("Action queue")[0].count(outcome) >= 1
    # Never who added a card: no player's name on a card line or a sum line.
    lines = [ln for ln in post.splitlines() if ln.startswith(("Card ", "Positive", "Negative"))]
    for name in added:
        assert not any(name in ln for ln in lines)
    # Every public flavour shows the same cards.
    files = game.files("public")
    resolve = [n for n in files if "check-resolve" in n and not n.endswith((".host.txt", ".png"))]
    for name in resolve:
        text = files[name].replace("**", "").replace("[b]", "").replace("[/b]", "")
        text = re.sub(r"<[^>]+>", "", text)
        for n, (t, v) in shown:
            assert f"Card {n}: {t.capitalize()} {v}" in text, name
        assert "Destiny cards:" not in text, name  # which two are Destiny is the moderator's


@pytest.mark.slow
def test_moderator_sees_destiny_cards_and_who_added_what(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    added = open_and_add(game)
    content = game.state().content
    destiny = game.state().destiny[:2]
    names = ", ".join(content.skill_card_name(c) for c in destiny)
    # Before the reveal, the moderator's status names them (and what each player added).
    status = game.run("status").stdout
    assert f"Destiny cards the resolve adds: {names}" in status
    result = game.run("check-resolve")
    # The moderator's view: printed beside the post (stderr) and kept in moderator/.
    assert "For the moderator only" in result.stderr
    assert f"Destiny cards: {names}" in result.stderr
    assert f"Destiny cards: {names}" not in result.stdout
    record_files = game.files("moderator")
    view = next(t for n, t in record_files.items() if "check-resolve" in n)
    assert f"Destiny cards: {names}" in view
    for player, cards in added.items():
        line = next(ln for ln in view.splitlines() if ln.startswith(f"{player} ("))
        shown = ", ".join(content.skill_card_name(c) for c in cards) or "none (passed)"
        assert line.endswith(f"added: {shown}"), line
    # The records are committed in the thread and revealed at the end, like every secret.
    game.run("end", "humans", "--reason", "test over")
    revealed = json.loads(game.run("reveal", "--json").stdout)["messages"]
    records = [m for m in revealed if m["kind"] == "record"]
    assert len(records) == len(added) + 1  # one per addition, one for the resolve
    public = "".join(game.files("public").values())
    for message in records:
        digest = hashlib.sha256(f"{message['salt']}\n{message['text']}".encode()).hexdigest()
        assert f"({message['id']}): {digest}" in public
        assert record_files[f"moderator/{message['id']}.txt"] == message["text"]


@pytest.mark.slow
def test_difficulty_can_change_before_the_reveal(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=2)
    open_and_add(game, difficulty="7", partial="4")
    before = game.log_bytes()
    bad = game.run("check-resolve", "--difficulty", "3", code=2).output  # partial 4 >= 3
    assert bad.startswith("error: ") and bad.count("\n") == 1 and "partial" in bad
    assert game.log_bytes() == before
    post = game.run("check-resolve", "--difficulty", "40", "--partial", "1").stdout
    assert "changed from difficulty 7, partial 4 to difficulty 40, partial 1" in post
    total = int(re.search(r"Total strength: \d+ − \d+ = (-?\d+) against", post).group(1))  # type: ignore[union-attr]
    assert "against difficulty 40, partial 1: " in post
    assert ("PARTIAL PASS" if total >= 1 else "FAIL") in post.split("Total strength")[1]
    # The change is logged with the check: the replay gives the same table.
    table = replay(open_table(game.file))
    assert table.entries[-1]["args"] == {"difficulty": 40, "partial": 1}


@pytest.mark.slow
def test_the_shuffle_is_seeded_and_mixes_the_cards(tmp_path: Path) -> None:
    orders = []
    for run in ("a", "b"):
        game = BsgGame(tmp_path / run, seed=FIVE_SEED, players=FIVE, rules=2)
        open_and_add(game)
        orders.append(game.run("check-resolve").stdout)
    assert orders[0] == orders[1]  # same seed, same inputs: the same post
    resolve = next(t for n, t in game.files("moderator").items() if "check-resolve" in n)
    sources = re.findall(r"^\d+\. \w+ \d \((.*)\)$", resolve, re.M)
    # Not simply the seat order followed by the Destiny cards.
    assert sources[-2:] != ["the Destiny deck", "the Destiny deck"] or sources != sorted(sources)


def test_vipers_start_six_in_reserve_five_with_apollo(tmp_path: Path) -> None:
    four = BsgGame(tmp_path / "four", rules=2)  # no Apollo
    post = four.run("setup").stdout
    assert four.state().reserves["vipers"] == 6
    assert "In reserve: 6 vipers (of 8: 2 below Galactica), 4 raptors." in post
    assert "2 vipers below it" in post
    five = BsgGame(tmp_path / "five", seed=FIVE_SEED, players=FIVE, rules=2)  # Dan plays Apollo
    post = five.run("setup").stdout
    assert five.state().reserves["vipers"] == 5
    assert (
        'In reserve: 5 vipers (of 8: 2 below Galactica, 1 launched by Dan (Lee "Apollo" Adama)), '
        "4 raptors." in post
    )
    assert "8 vipers" not in post
    # The reserves hold the 8 in the box less those on the board (3 in space here): never more.
    assert "expected 0-5" in five.run("fleet", "vipers=1", code=2).output
    five.run("fleet", "vipers=-2")
    five.run("fleet", "vipers=2")
    assert "expected 0-5" in five.run("fleet", "vipers=1", code=2).output
