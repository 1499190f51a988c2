"""Corrections at the Galactic Card Race table (issue 24): a mistyped entry is undone in
public, by a new entry of the log (which keeps both); every later entry is checked again and
every trick judged again; a correction post in every flavour and both languages says what
changed and what follows; the deal, its commitments and its reveal are never touched."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from card_race_helpers import next_legal_action, start_table, table_plan_of
from click.testing import Result

from generator.games.card_race.cards import Card, sorted_hand
from generator.games.card_race.judge import may_play
from generator.games.card_race.table.replay import TableState, new_table, play
from generator.kit.session import load_content

SEED = "card-race-corrections-seed-0123456789"
FLAVOURS = (".facebook.txt", ".discord.md", ".bgg.txt", ".html")


def log_of(folder: Path) -> list[dict]:
    text = (folder / "table.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def ok(run: Callable[..., Result], *args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def status(run: Callable[..., Result], folder: Path) -> dict:
    return json.loads(ok(run, "card-race", "status", str(folder), "--json").output)


def same_suit_pair(state: TableState) -> tuple[Card, Card] | None:
    """Two technology cards of one suit in the leader's hand, the lower first: a lead the
    host may mistype as the other without changing what the followers may play."""
    rnd = state.current
    if rnd.current or not rnd.bidding_done or rnd.trump_open:
        return None
    hand = sorted_hand(rnd.hands[rnd.next_player()])
    for i, low in enumerate(hand):
        for high in hand[i + 1 :]:
            if low.is_tech and high.kind == low.kind:
                return low, high
    return None


def test_a_mistyped_play_corrected_after_two_more_plays(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """The done-when of issue 24: the trick is judged again, the correction is posted, and
    the round ends with the totals of the same game played without the mistake."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    mistaken = start_table(tmp_path / "a", run, SEED, lang="both")
    clean = start_table(tmp_path / "b", run, SEED, lang="both")
    content = load_content("card-race")[2]
    state = new_table(content, table_plan_of(clean))  # the game as it is really played

    def both(words: list[str]) -> None:
        ok(run, "card-race", words[0], str(mistaken), *words[1:])
        ok(run, "card-race", words[0], str(clean), *words[1:])

    # Round 1 whole, then up to a lead the host can mistype (round 2 on: two cards or more).
    pair = None
    while pair is None or state.current.number < 2:
        both(next_legal_action(state))
        pair = same_suit_pair(state)
    meant, typed = pair[1], pair[0]
    number = state.current.number
    leader = state.current.next_player()
    ok(run, "card-race", "play", str(mistaken), leader, typed.code)  # the typo
    play(state, leader, meant.code)
    ok(run, "card-race", "play", str(clean), leader, meant.code)
    wrong_entry = len(log_of(mistaken))
    for _ in range(2):  # two more plays, legal after either lead (the suit led is the same)
        player = state.current.next_player()
        hand = state.current.hands[player]
        so_far = [c for _, c in state.current.current]
        card = next(c for c in sorted_hand(hand) if may_play(c, hand, so_far))
        play(state, player, card.code)
        both(["play", player, card.code])
    assert len(state.current.tricks) == 1  # the three cards closed the trick

    result = ok(
        run,
        "card-race",
        "undo",
        str(mistaken),
        "--entry",
        str(wrong_entry),
        "--instead",
        meant.code,
    )
    serial = wrong_entry + 3
    printed = result.output
    assert f"Correction: entry {wrong_entry} ({leader} plays" in printed
    assert f"({typed.code})) was mistyped and is undone." in printed
    assert f"Instead: {leader} plays" in printed and f"({meant.code})." in printed
    assert "The 2 later entries stand as recorded; each was checked again." in printed
    assert f"Trick 1 of round {number}, judged again:" in printed
    assert f"Korrektur: Eintrag {wrong_entry} ({leader} spielt" in printed
    assert f"Stich 1 von Runde {number}, neu gewertet:" in printed
    # The correction post in every flavour and both languages, beside the round's posts.
    for suffix in (".en", ".de"):
        for flavour in FLAVOURS:
            post = mistaken / f"round-{number:02d}" / f"table-{serial:03d}{suffix}{flavour}"
            assert post.is_file(), post
    # The log keeps the mistyped entry and its undoing.
    entries = log_of(mistaken)
    assert entries[wrong_entry - 1]["card"] == typed.id
    assert entries[-1] == {
        "kind": "undo",
        "n": serial,
        "round": number,
        "undoes": wrong_entry,
        "instead": meant.id,
    }
    # The trick as the clean game judged it.
    assert status(run, mistaken)["last_trick"] == status(run, clean)["last_trick"]

    # The rest of the round, the same in both games.
    while state.current.number == number:
        both(next_legal_action(state))
    a, b = status(run, mistaken), status(run, clean)
    assert a["round"] == b["round"] == number + 1
    assert a["totals"] == b["totals"] and a["positions"] == b["positions"]
    # The standings posts of the round agree too (the reveal of the same deal).
    for suffix in (".en", ".de"):
        name = f"round-{number:02d}/standings{suffix}.facebook.txt"
        assert (mistaken / name).read_text() == (clean / name).read_text()


def test_undo_the_last_entry_and_record_it_again(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    first = state.current.waiting_bids()[0]
    ok(run, "card-race", "bid", str(folder), first, "1")
    result = ok(run, "card-race", "undo", str(folder))
    assert f"Correction: entry 1 ({first} bids 1) was mistyped and is undone." in result.output
    assert "Nothing stands in its place." in result.output
    assert f"{first} to bid." in result.output  # what follows: the bid is taken again
    ok(run, "card-race", "bid", str(folder), first, "0")
    assert [e["kind"] for e in log_of(folder)] == ["bid", "undo", "bid"]
    assert status(run, folder)["bids"] == {first: 0}
    # Undone once is undone: a second undo of it is refused and records nothing.
    before = (folder / "table.jsonl").read_bytes()
    result = run("card-race", "undo", str(folder), "--entry", "1")
    assert result.exit_code == 2
    assert "error: Entry 1 was already undone by entry 2." in result.output
    result = run("card-race", "undo", str(folder), "--entry", "2")
    assert result.exit_code == 2 and "Entry 2 is a correction" in result.output
    result = run("card-race", "undo", str(folder), "--entry", "9")
    assert result.exit_code == 2 and "There is no entry 9 to undo" in result.output
    assert (folder / "table.jsonl").read_bytes() == before


def test_nothing_to_undo(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_table(tmp_path, run, SEED, lang="de")
    result = run("card-race", "undo", str(folder))
    assert result.exit_code == 2
    assert result.output == "Fehler: Nichts zurückzunehmen: es steht noch kein Eintrag.\n"
    assert not (folder / "table.jsonl").exists()


def test_a_correction_later_entries_no_longer_fit_is_refused(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """Standard bidding is in turn: without the first bid, the second is out of turn. The
    host is told which entry, and nothing is recorded."""
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    for _ in range(2):
        words = next_legal_action(state)
        ok(run, "card-race", words[0], str(folder), *words[1:])
    before = (folder / "table.jsonl").read_bytes()
    result = run("card-race", "undo", str(folder), "--entry", "1")
    assert result.exit_code == 2
    assert "after this correction entry 2, recorded later, would no longer fit" in result.output
    assert "to bid, not" in result.output  # and why
    assert (folder / "table.jsonl").read_bytes() == before
    # Correcting the value instead keeps every later entry fitting.
    result = ok(run, "card-race", "undo", str(folder), "--entry", "1", "--instead", "1")
    assert "The later entry stands as recorded" in result.output
    assert "No trick and no score changes." in result.output


def test_a_finished_round_stays_finished(tmp_path: Path, run: Callable[..., Result]) -> None:
    """Its standings post revealed its deal: a correction may change a bid of it (scored
    again, said in the post), never leave it unfinished."""
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    while state.current.number == 1:
        words = next_legal_action(state)
        ok(run, "card-race", words[0], str(folder), *words[1:])
    entries = log_of(folder)
    last = len(entries)
    before = (folder / "table.jsonl").read_bytes()
    result = run("card-race", "undo", str(folder))
    assert result.exit_code == 2
    assert "Round 1 is over and its standings post revealed its deal" in result.output
    assert (folder / "table.jsonl").read_bytes() == before
    first_bid = next(i for i, e in enumerate(entries, 1) if e["kind"] == "bid")
    old = status(run, folder)["totals"]
    standings = (folder / "round-01" / "standings.facebook.txt").read_bytes()
    result = ok(run, "card-race", "undo", str(folder), "--entry", str(first_bid), "--instead", "1")
    assert "Round 1, scored again:" in result.output
    assert "Standings after round 1, corrected:" in result.output
    new = status(run, folder)["totals"]
    player = entries[first_bid - 1]["player"]
    assert new[player] != old[player]  # a bid of 0 met or missed is now 1 missed or met
    # The correction post goes beside round 1's posts; the standings post the entry that
    # ended the round wrote (with the reveal) is left as posted.
    assert (folder / "round-01" / f"table-{last + 1:03d}.facebook.txt").is_file()
    assert (folder / "round-01" / "standings.facebook.txt").read_bytes() == standings


def test_a_hidden_bid_corrected_stays_hidden(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_table(tmp_path, run, SEED, bidding="hidden")
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    player = state.current.waiting_bids()[0]
    ok(run, "card-race", "bid", str(folder), player, "1")
    result = ok(run, "card-race", "undo", str(folder), "--instead", "0")
    assert f"{player}'s bid (hidden until the bids are shown)" in result.output
    assert "bids 1" not in result.output and "bids 0" not in result.output
    number = state.current.number
    post = (folder / f"round-{number:02d}" / "table-002.facebook.txt").read_text()
    assert "bids 1" not in post and "bids 0" not in post
    assert status(run, folder)["bids"] is None  # not public yet
    # A bid out of range in hidden bidding: the value only on the host's line.
    other = next(p for p in state.seats if p != player)
    result = run("card-race", "bid", str(folder), other, "5")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == "error: A bid in round 1 must be from 0 to 1."
    assert lines[1] == (
        f"host only, not for the thread: {other} sent 5 (a hidden bid: not for the thread)."
    )


def test_replay_honours_the_correction(tmp_path: Path, run: Callable[..., Result]) -> None:
    """Replayed from the log, the table is the corrected one; `today` and `digest` read it
    and list the correction."""
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    first = state.current.waiting_bids()[0]
    ok(run, "card-race", "bid", str(folder), first, "1")
    ok(run, "card-race", "undo", str(folder), "--instead", "0")
    assert status(run, folder)["bids"] == {first: 0}
    today = ok(run, "today", "-o", str(folder)).output
    assert "correction: entry 1 (" in today and "undone, instead" in today
    ok(run, "digest", "-o", str(folder))


TRUMP_SEED = "card-race-trump-fix-seed-0018-abcdef"  # round 2 turns up a Navigator


def test_a_mistyped_trump_corrected_after_the_bids(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """The issue's `card-race trump G P` → "No trump suit is to be chosen now": the trump
    entry is corrected instead, and the bids made after it stand."""
    folder = start_table(tmp_path, run, TRUMP_SEED, lang="de")
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    while not state.current.trump_open:
        words = next_legal_action(state)
        ok(run, "card-race", words[0], str(folder), *words[1:])
    dealer = state.current.dealer
    ok(run, "card-race", "trump", str(folder), "P")  # the dealer said G
    trump_entry = len(log_of(folder))
    state.current.trump_open = False
    state.current.trump = "P"
    for _ in range(3):
        words = next_legal_action(state)
        ok(run, "card-race", words[0], str(folder), *words[1:])
    result = run("card-race", "trump", str(folder), "G")
    assert result.exit_code == 2
    assert "Fehler: Jetzt ist keine Trumpffarbe zu wählen." in result.output
    result = ok(
        run, "card-race", "undo", str(folder), "--entry", str(trump_entry), "--instead", "G"
    )
    assert f"Korrektur: Eintrag {trump_entry} ({dealer} nennt Trumpf: Plasma-Antrieb)" in (
        result.output
    )
    assert f"Stattdessen: {dealer} nennt Trumpf: Gravitations-Antrieb." in result.output
    assert "Die 3 späteren Einträge bleiben, wie sie eingetragen wurden" in result.output
    data = status(run, folder)
    assert data["trump"] == "G" and len(data["bids"]) == 3


def test_the_last_card_of_a_finished_round_stays(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """Undoing the card that ended round 1, once round 2 has begun, would leave round 1
    unfinished after its deal was revealed: refused as such, nothing recorded."""
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    while state.current.number == 1:
        words = next_legal_action(state)
        ok(run, "card-race", words[0], str(folder), *words[1:])
    last_of_round_1 = len(log_of(folder))
    words = next_legal_action(state)
    ok(run, "card-race", words[0], str(folder), *words[1:])
    before = (folder / "table.jsonl").read_bytes()
    result = run("card-race", "undo", str(folder), "--entry", str(last_of_round_1))
    assert result.exit_code == 2
    assert "Round 1 is over and its standings post revealed its deal" in result.output
    assert (folder / "table.jsonl").read_bytes() == before
