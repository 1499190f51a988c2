"""The table: a whole 3-player game of 7 rounds recorded through `sheetgen card-race bid /
trump / play`, picking legal plays; its final standings equal `sheetgen score card-race` on
the same bids and tricks. Illegal entries are refused in the table's language and leave the
log as it was; a failed write records nothing."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from card_race_helpers import plan_of, start_table
from click.testing import Result
from PIL import Image

from generator.folder import table_log
from generator.games.card_race.cards import Card, parse_code, parse_id, sorted_hand
from generator.games.card_race.judge import judge, may_play, suit_to_follow

SEATS = ["Ada", "Ben", "Cleo"]


def start_game(
    tmp_path: Path,
    run: Callable[..., Result],
    lang: str = "en",
    bidding: str = "standard",
    seed: str = "table-test-seed-0000000001",
) -> Path:
    return start_table(tmp_path, run, seed, lang=lang, bidding=bidding)


def illegal_choice(hand: list[Card], so_far: list[Card]) -> Card | None:
    """A card that breaks the follow-suit rule, if the hand has one."""
    return next((c for c in hand if not may_play(c, hand, so_far)), None)


def test_a_full_game_through_the_table(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    plan = plan_of(folder)
    bids_tricks: list[tuple[int, str, int, int, int]] = []
    refused_once = False
    for plan_round in plan["rounds"]:
        number = plan_round["round"]
        hands = {p: [parse_id(c) for c in plan_round["hands"][p]] for p in SEATS}
        trump = plan_round["turn_up"]["trump"]
        if plan_round["turn_up"]["how"] == "choose":
            trump = "G"
            assert run("card-race", "trump", str(folder), "G").exit_code == 0
        first = SEATS.index(plan_round["first"])
        order = [SEATS[(first + i) % 3] for i in range(3)]
        bids = {}
        for i, player in enumerate(order):
            bids[player] = (number + i) % 2 if number == 1 else (number * 7 + i * 3) % (number + 1)
            result = run("card-race", "bid", str(folder), player, str(bids[player]))
            assert result.exit_code == 0, result.output
        won = dict.fromkeys(SEATS, 0)
        boosters = dict.fromkeys(SEATS, 0)
        leader = plan_round["first"]
        for trick_no in range(number):
            plays: list[tuple[str, Card]] = []
            start = SEATS.index(leader)
            for k in range(3):
                player = SEATS[(start + k) % 3]
                hand = hands[player]
                so_far = [c for _, c in plays]
                bad = illegal_choice(hand, so_far)
                if bad is not None and not refused_once:
                    before = (folder / "table.jsonl").read_bytes()
                    result = run("card-race", "play", str(folder), player, bad.code)
                    assert result.exit_code == 2
                    suit = suit_to_follow(so_far)
                    held = " ".join(c.code for c in sorted_hand(hand) if c.kind == suit)
                    en = {"I": "Ion", "P": "Plasma", "W": "Warp", "G": "Gravity"}[str(suit)]
                    assert (
                        f"error: {player} must follow suit: {en} Drive was led and {player} "
                        "still holds a card of that suit. A Navigator, Fuel Leak or special "
                        "card may always be played." in result.output
                    )
                    # Which cards: the hand, on the host's line only.
                    assert (
                        f"host only, not for the thread: {player} holds {held} of that suit."
                        in (result.output)
                    )
                    assert held not in result.output.splitlines()[0]
                    result = run("card-race", "play", str(folder), player, bad.code, "--lang", "de")
                    de = {"I": "Ionen", "P": "Plasma", "W": "Warp", "G": "Gravitations"}[str(suit)]
                    assert (
                        f"Fehler: {player} muss Farbe bedienen: {de}-Antrieb wurde ausgespielt "
                        f"und {player} hat noch eine Karte dieser Farbe. Ein Navigator, ein "
                        "Treibstoffleck oder eine Spezialkarte darf immer gespielt werden."
                        in result.output
                    )
                    assert (folder / "table.jsonl").read_bytes() == before
                    refused_once = True
                legal = [c for c in sorted_hand(hand) if may_play(c, hand, so_far)]
                card = legal[(number + trick_no + k) % len(legal)]
                result = run("card-race", "play", str(folder), player, card.code)
                assert result.exit_code == 0, result.output
                hand.remove(card)
                plays.append((player, card))
            outcome = judge([c for _, c in plays], trump)
            for position in outcome.bonus:
                boosters[plays[position][0]] += 1
            if outcome.winner is None:
                leader = plays[outcome.reason_values["position"]][0]
            else:
                leader = plays[outcome.winner][0]
                won[leader] += 1
        bids_tricks += [(number, p, bids[p], won[p], boosters[p]) for p in SEATS]
        standings = folder / f"round-{number:02d}" / "standings.png"
        assert Image.open(standings).size == (1080, 1080)
        post = (folder / f"round-{number:02d}" / "standings.facebook.txt").read_text()
        assert post.count(f"Standings after round {number}") == 1
        # The picture's alt text is the host's (standings.host.txt), never in the post.
        assert "[Image" not in post
        note = (folder / f"round-{number:02d}" / "standings.host.txt").read_text()
        assert f"standings.png`: Race track after round {number}: " in note
        for player in SEATS:
            assert f"- {player}: bid {bids[player]}, took {won[player]}:" in post
    assert refused_once, "no chance to try an illegal play in the whole game"

    table = tmp_path / "scores.txt"
    table.write_text(
        "round player bid tricks boosters\n"
        + "".join(f"{r} {p} {b} {t} {x}\n" for r, p, b, t, x in bids_tricks),
        encoding="utf-8",
    )
    scored = json.loads(run("score", "card-race", str(table), "--json").output)
    status = json.loads(run("card-race", "status", str(folder), "--json").output)
    assert {k: status[k] for k in ("totals", "positions")} == scored
    final = (folder / "final.facebook.txt").read_text(encoding="utf-8")
    best = max(scored["totals"].values())
    leaders = [p for p in SEATS if scored["totals"][p] == best]
    assert all(p in final.splitlines()[-3] for p in leaders)
    assert "The seed of this game was: table-test-seed-0000000001" in final
    entries = (folder / "table.jsonl").read_text(encoding="utf-8").splitlines()
    assert sum('"kind": "bid"' in e for e in entries) == 21
    assert sum('"kind": "play"' in e for e in entries) == 3 * 28
    late = run("card-race", "bid", str(folder), "Ada", "1")
    assert late.exit_code == 2 and "The game is over" in late.output


def first_round(folder: Path) -> dict:
    return plan_of(folder)["rounds"][0]


def test_bids_are_checked(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    r1 = first_round(folder)
    first = r1["first"]
    second = SEATS[(SEATS.index(first) + 1) % 3]
    result = run("card-race", "bid", str(folder), second, "0")
    assert result.exit_code == 2
    assert f"It is {first}'s turn to bid, not {second}'s." in result.output
    assert "must be from 0 to 1, not 2" in run("card-race", "bid", str(folder), first, "2").output
    assert "Zed is not at this table" in run("card-race", "bid", str(folder), "Zed", "0").output
    assert run("card-race", "bid", str(folder), first.lower(), "1").exit_code == 0
    result = run("card-race", "play", str(folder), first, "N")
    assert result.exit_code == 2 and "Not all bids are in yet" in result.output


def test_hidden_bids_stay_hidden_until_all_are_in(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run, bidding="hidden")
    last = SEATS[(SEATS.index(first_round(folder)["first"]) + 2) % 3]
    result = run("card-race", "bid", str(folder), last, "1")  # any order
    assert result.exit_code == 0, result.output
    assert f"Have bid: {last}. The bids stay hidden" in result.output
    assert f"{last} 1" not in result.output
    others = [p for p in SEATS if p != last]
    run("card-race", "bid", str(folder), others[0], "0")
    result = run("card-race", "bid", str(folder), others[1], "0")
    assert "Bids: " in result.output and f"{last} 1" in result.output


def test_unknown_bids_are_shown_at_the_round_end(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run, bidding="unknown")
    r1 = first_round(folder)
    for player in SEATS:
        result = run("card-race", "bid", str(folder), player, "1")
        assert "Bids:" not in result.output
    if r1["turn_up"]["how"] == "choose":
        run("card-race", "trump", str(folder), "I")
    start = SEATS.index(r1["first"])
    for k in range(3):
        player = SEATS[(start + k) % 3]
        result = run("card-race", "play", str(folder), player, r1["hands"][player][0])
        assert result.exit_code == 0, result.output
    assert "Bids: " in result.output and "Round 1 is over." in result.output


def test_refusals_in_german(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run, lang="de")
    r1 = first_round(folder)
    second = SEATS[(SEATS.index(r1["first"]) + 1) % 3]
    result = run("card-race", "bid", str(folder), second, "0")
    assert result.exit_code == 2
    # The prefix in the table's language too (issue 24).
    assert f"Fehler: {r1['first']} ist mit Bieten dran, nicht {second}." in result.output
    result = run("card-race", "play", str(folder), second, "Q7")
    assert "Q7 ist keine Karte" in result.output


def test_a_failed_write_records_nothing(
    tmp_path: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = start_game(tmp_path, run)
    first = first_round(folder)["first"]
    assert run("card-race", "bid", str(folder), first, "1").exit_code == 0
    before = (folder / "table.jsonl").read_bytes()
    second = SEATS[(SEATS.index(first) + 1) % 3]

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # The new log is fully written to a temporary file; the crash hits before the rename.
    monkeypatch.setattr(table_log.os, "replace", crash)
    result = run("card-race", "bid", str(folder), second, "0")
    assert result.exit_code == 2
    assert "No space left on device; nothing was recorded" in result.output
    assert (folder / "table.jsonl").read_bytes() == before
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert not (folder / "table.lock").exists()  # the lock is on the folder: no file left
    monkeypatch.undo()
    assert run("card-race", "bid", str(folder), second, "0").exit_code == 0


def test_a_second_writer_is_refused(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another run holds the table
        result = run("card-race", "bid", str(folder), first_round(folder)["first"], "1")
    finally:
        os.close(fd)
    assert result.exit_code == 2
    assert "another sheetgen is writing this table" in result.output
    assert not (folder / "table.jsonl").exists()
    # Released (as the kernel does when a run dies, even by kill -9): the next one records.
    assert run("card-race", "bid", str(folder), first_round(folder)["first"], "1").exit_code == 0


def test_an_edited_log_is_reported_with_its_line(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    first = first_round(folder)["first"]
    run("card-race", "bid", str(folder), first, "1")
    log = folder / "table.jsonl"
    log.write_text(
        log.read_text() + '{"bid": 0, "kind": "bid", "n": 2, "player": "Zed", "round": 1}\n'
    )
    result = run("card-race", "status", str(folder))
    assert result.exit_code == 2
    assert "table.jsonl:2: this recorded entry does not fit the game: Zed is not at this table" in (
        result.output
    )


def test_a_card_not_in_hand_is_refused(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    r1 = first_round(folder)
    start = SEATS.index(r1["first"])
    for k in range(3):
        run("card-race", "bid", str(folder), SEATS[(start + k) % 3], "0")
    if r1["turn_up"]["how"] == "choose":
        run("card-race", "trump", str(folder), "P")
    held = r1["hands"][r1["first"]][0]
    other = next(c for c in ("I1", "I2") if c != held)
    result = run("card-race", "play", str(folder), r1["first"], other)
    assert result.exit_code == 2
    # The hand is on a line of its own, for the host only (issue 24): the thread's line
    # names the card typed, never those held.
    lines = result.output.splitlines()
    assert lines[0] == f"error: {r1['first']} does not hold {other}."
    assert lines[1] == (
        f"host only, not for the thread: {r1['first']}'s cards left: {parse_code(held).code}."
    )


def test_the_dealer_names_trump_after_a_navigator(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run, seed="nav-seed-0004-xxxxxxxx")
    r1 = first_round(folder)
    assert r1["turn_up"]["how"] == "choose"
    round_post = (folder / "round-01" / "round.facebook.txt").read_text(encoding="utf-8")
    assert f"A Navigator was turned up: {r1['dealer']} (dealer) chooses the trump suit." in (
        round_post
    )
    # Deal, turn-up, trump, then bids: neither a bid nor a card before the trump suit.
    result = run("card-race", "play", str(folder), r1["first"], r1["hands"][r1["first"]][0])
    assert result.exit_code == 2
    assert f"{r1['dealer']} (dealer) must name the trump suit first." in result.output
    result = run("card-race", "bid", str(folder), r1["first"], "0")
    assert result.exit_code == 2
    assert "names the trump suit before anyone bids" in result.output
    assert "X is not a suit" in run("card-race", "trump", str(folder), "X").output
    result = run("card-race", "trump", str(folder), "g")
    assert result.exit_code == 0, result.output
    assert f"Trump: Gravity Drive (chosen by {r1['dealer']}" in result.output
    again = run("card-race", "trump", str(folder), "I")
    assert again.exit_code == 2 and "No trump suit is to be chosen now." in again.output
    start = SEATS.index(r1["first"])
    for k in range(3):
        assert run("card-race", "bid", str(folder), SEATS[(start + k) % 3], "0").exit_code == 0


def test_turn_up_rulings() -> None:
    from generator.games.card_race.planner import turn_up

    ids = lambda text: [parse_id(c) for c in text.split()]  # noqa: E731
    assert turn_up(ids("T B1 I7 F1")) == {
        "card": "I7",
        "set_aside": ["T", "B1"],
        "trump": "I",
        "how": "suit",
    }
    assert turn_up(ids("H F2 I7"))["how"] == "leak"
    assert turn_up(ids("N3 I7")) == {"card": "N3", "set_aside": [], "trump": None, "how": "choose"}
    # Only special cards left after the deal (3 or 4 players, last round): no trump.
    assert turn_up(ids("T B1 B2")) == {
        "card": None,
        "set_aside": ["T", "B1", "B2"],
        "trump": None,
        "how": "exhausted",
    }


def test_a_new_deal_is_not_written_over_a_recorded_table(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    assert run("card-race", "bid", str(folder), first_round(folder)["first"], "1").exit_code == 0
    # The same game again: allowed, the log stays.
    again = run("card-race", "new", str(tmp_path / "game.yaml"), "-o", str(folder), "--no-images")
    assert again.exit_code == 0, again.output
    # Other players with the same seed deal other hands: refused, even with --force.
    game_file = tmp_path / "game.yaml"
    game_file.write_text(game_file.read_text().replace("[Ada, Ben, Cleo]", "[Ada, Ben, Cy]"))
    result = run("card-race", "new", str(game_file), "-o", str(folder), "--no-images", "--force")
    assert result.exit_code == 2
    assert "records the table of another deal" in result.output
    assert plan_of(folder)["table"]["players"] == SEATS


def test_status_shows_the_table_again(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    first = first_round(folder)["first"]
    posted = run("card-race", "bid", str(folder), first, "1").output
    assert run("card-race", "status", str(folder)).output == posted
    data = json.loads(run("card-race", "status", str(folder), "--json").output)
    assert data["totals"] == dict.fromkeys(SEATS, 0)
    assert data["positions"] == dict.fromkeys(SEATS, 1)
    assert data["round"] == 1 and data["bids"] == {first: 1}


@pytest.mark.parametrize(
    ("players", "rounds", "specials", "bidding"),
    [
        (3, 19, True, "standard"),
        (4, 14, True, "hidden"),
        (5, 11, True, "unknown"),
        (3, 18, False, "standard"),
        (4, 13, False, "hidden"),
        (5, 11, False, "standard"),
    ],
)
def test_long_games_in_memory(players: int, rounds: int, specials: bool, bidding: str) -> None:
    """Whole games at the most rounds, every card chosen at random among the legal ones:
    the table never refuses a legal play, every trick is judged, and its standings equal
    the score table's on the same bids and tricks."""
    from card_race_helpers import dealt_plan

    from generator.games.card_race.model import Table
    from generator.games.card_race.score_file import final_totals
    from generator.games.card_race.scoring import Line
    from generator.games.card_race.table.replay import bid, choose_trump, new_table, play
    from generator.kit.session import load_content
    from generator.plan.rng import Stream

    content = load_content("card-race")[2]
    names = ["Ada", "Ben", "Cleo", "Dev", "Eva"][:players]
    seed = f"long-game-{players}-{rounds}-{specials}"
    table = Table(players=names, rounds=rounds, specials=specials, bidding=bidding)
    plan = dealt_plan(content, table, seed)
    pick = Stream(seed, "test-choices")
    state = new_table(content, plan)
    lines: dict[int, list[Line]] = {}
    for number in range(1, rounds + 1):
        rnd = state.current
        assert rnd.number == number
        if rnd.trump_open:
            choose_trump(state, "IPWG"[pick.below(4)])
        for player in rnd.bid_order:
            bid(state, player, pick.below(2 if number == 1 else number + 1))
        for _ in range(number * players):
            player = rnd.next_player()
            hand = rnd.hands[player]
            so_far = [c for _, c in rnd.current]
            legal = [c for c in sorted_hand(hand) if may_play(c, hand, so_far)]
            play(state, player, legal[pick.below(len(legal))].id)
        assert rnd.finished and all(not h for h in rnd.hands.values())
        assert sum(rnd.won.values()) == number - sum(
            1 for t in rnd.tricks if t.result.winner is None
        )
        assert sum(rnd.boosters.values()) <= 2
        lines[number] = rnd.lines()
        assert min(state.totals_after[-1].values()) >= 0
    assert state.over
    assert state.totals() == final_totals(content, lines)


def test_an_ordinary_entry_draws_nothing_and_imports_no_drawing_library(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """A bid or a card played writes text posts only: Pillow and reportlab are imported by
    the entry that ends a round (its standings picture), never by an ordinary one; nor are
    the posting rhythm's models (a table plans no schedule)."""
    import subprocess
    import sys

    folder = start_game(tmp_path, run)
    first = first_round(folder)["first"]
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['sheetgen', 'card-race', 'bid', {str(folder)!r}, {first!r}, '1']\n"
        "try:\n"
        "    runpy.run_module('generator', run_name='__main__')\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "heavy = ('PIL', 'reportlab', 'generator.plan.rhythm')\n"
        "print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Bids:" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "[]"
    assert not list(folder.rglob("standings*.png"))
