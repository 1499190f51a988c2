"""What a host and a group at a real table take for granted (issue 24): salts a player can
trust (128 random bits; an older game's 63-bit salts still verify), `status --json` with the
whole table, `check --game` naming the game file's rounds, pads with cells of 10 mm and
more, a Booster column and a name field per player, and the German and English fixes."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from card_race_helpers import next_legal_action, plan_of, start_table, table_plan_of
from click.testing import Result
from pypdf import PdfReader

from generator.games.card_race.content import CardRace
from generator.games.card_race.model import Table
from generator.games.card_race.planner import OLD_SALT_BITS, make_plan
from generator.games.card_race.sheets import score_pad_page, score_pad_pdf
from generator.games.card_race.table.replay import new_table
from generator.kit.session import load_content
from generator.render.pdf import Page, mm, render_pdf

SEED = "card-race-host-trust-seed-0123456789"


@pytest.fixture(scope="module")
def content() -> CardRace:
    return load_content("card-race")[2]


def table(players: int = 3, rounds: int = 7) -> Table:
    return Table(players=["Ada", "Ben", "Cleo", "Dan", "Eve"][:players], rounds=rounds)


# --- salts ---------------------------------------------------------------------------------
def test_new_salts_carry_128_random_bits(content: CardRace) -> None:
    plan = make_plan(content, table(3, 19), SEED, None)
    salts = [r["salt"] for r in plan["rounds"]]
    assert plan["salt_bits"] == 128
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in salts)
    # 63 bits left the first hex digit 0 every time; 128 bits fill it as any other.
    assert any(s[0] != "0" for s in salts)
    assert len({s[0] for s in salts}) > 4


def test_an_old_format_game_keeps_its_salts_and_still_verifies(
    content: CardRace, run: Callable[..., Result]
) -> None:
    old = make_plan(content, table(), SEED, None, OLD_SALT_BITS)
    assert "salt_bits" not in old
    assert all(r["salt"].startswith("0") for r in old["rounds"])  # < 2^63: 32 hex digits
    new = make_plan(content, table(), SEED, None)
    # Only the salts (and so the commitments) differ: the deal is the same.
    for before, after in zip(old["rounds"], new["rounds"], strict=True):
        assert before["deck"] == after["deck"] and before["hands"] == after["hands"]
        assert before["salt"] != after["salt"]
    round_3 = old["rounds"][2]
    result = run(
        "card-race",
        "verify",
        "--round",
        "3",
        "--salt",
        round_3["salt"],
        "--deck",
        " ".join(round_3["deck"]),
        "--commitment",
        round_3["commitment"],
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("OK: round 3")


def test_a_running_game_dealt_again_keeps_its_old_salts(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """`card-race new --force` over the folder of a game dealt with 63-bit salts (its plan
    has no salt_bits), to write its files again, deals it as it was: the commitments its
    round posts and hands published stay true. (A folder with a recorded table is never
    dealt again.)"""
    folder = start_table(tmp_path, run, SEED)
    plan = plan_of(folder)
    content = load_content("card-race")[2]
    players = plan["table"]["players"]
    old = make_plan(content, Table(players=players, rounds=7), SEED, None, OLD_SALT_BITS)
    plan.pop("salt_bits")
    plan["rounds"] = old["rounds"]
    (folder / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    again = run(
        "card-race", "new", str(tmp_path / "game.yaml"), "-o", str(folder), "--no-images", "--force"
    )
    assert again.exit_code == 0, again.output
    assert [r["commitment"] for r in plan_of(folder)["rounds"]] == [
        r["commitment"] for r in old["rounds"]
    ]


# --- status --json -----------------------------------------------------------------------
def test_status_json_says_the_whole_table(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_table(tmp_path, run, SEED)
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    rnd = state.current
    data = json.loads(run("card-race", "status", str(folder), "--json").output)
    assert data["round"] == 1 and data["dealer"] == rnd.dealer
    assert data["turn"] == {"action": "bid", "players": [rnd.waiting_bids()[0]]}
    while not (state.current.bidding_done and state.current.current):
        words = next_legal_action(state)
        assert run("card-race", words[0], str(folder), *words[1:]).exit_code == 0
    rnd = state.current
    data = json.loads(run("card-race", "status", str(folder), "--json").output)
    assert data["round"] == rnd.number and data["dealer"] == rnd.dealer
    assert data["trump"] == rnd.trump and data["trump_to_name"] is None
    assert data["bids"] == rnd.bids
    assert data["trick"]["cards"] == [{"player": p, "card": c.code} for p, c in rnd.current]
    assert data["turn"] == {"action": "play", "players": [rnd.next_player()]}
    assert set(data["totals"]) == set(state.seats) and set(data["positions"]) == set(state.seats)
    assert "hands" not in json.dumps(data)


def test_status_json_keeps_hidden_bids_hidden(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_table(tmp_path, run, SEED, bidding="unknown")
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    player = state.current.waiting_bids()[0]
    assert run("card-race", "bid", str(folder), player, "1").exit_code == 0
    data = json.loads(run("card-race", "status", str(folder), "--json").output)
    assert data["bids"] is None and data["have_bid"] == [player]
    assert data["turn"]["action"] == "bid" and player not in data["turn"]["players"]


# --- check --game ------------------------------------------------------------------------
def test_check_game_reports_the_game_files_rounds(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    game = tmp_path / "g.yaml"
    game.write_text(
        f"pack: card-race\nseed: {SEED}\nplayers: [Ada, Ben, Cleo]\nrounds: 7\n", encoding="utf-8"
    )
    result = run("check", "card-race", "--game", str(game))
    assert result.exit_code == 0, result.output
    assert "12 rounds" not in result.output  # the pack's default table (4 players)
    assert "7 rounds" in result.output


# --- pads ------------------------------------------------------------------------------------
def pad_page(content: CardRace, players: int, paper: str, lang: str) -> Page:
    seen: list[Page] = []
    render_pdf(
        [score_pad_page(content, players, paper, lang)], paper, title="t", on_page=seen.append
    )
    return seen[0]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_pads_a_group_can_write_on(content: CardRace, players: int, paper: str, lang: str) -> None:
    page = pad_page(content, players, paper, lang)
    cells = [r for r in page.regions if r.kind.startswith("cell:")]
    rounds = content.max_rounds(players, True)
    assert len(cells) == rounds * players * 5
    assert min(r.w for r in cells) >= mm(10) - 0.01  # measured: 10.07 mm at the narrowest
    assert min(r.h for r in cells) >= mm(6) - 0.01
    boosters = [r for r in cells if r.kind == "cell:pad_booster"]
    assert len(boosters) == rounds * players  # a Booster column per player
    assert page.count("name-box") == players and page.count("name-line") == players
    headings = [r for r in page.regions if r.kind.startswith("heading:")]
    assert len(headings) == 5 * players


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Bid", "Tricks", "Booster", "Total", "Pos.", "Player 5 · name:"]),
        ("de", ["Gebot", "Stiche", "Booster", "Summe", "Pl.", "Spieler 5 · Name:"]),
    ],
)
def test_the_5_player_pad_says(content: CardRace, lang: str, words: list[str]) -> None:
    reader = PdfReader(io.BytesIO(score_pad_pdf(content, 5, "letter", lang)))
    text = reader.pages[0].extract_text()
    for word in words:
        assert word in text, word
    assert "Spieler den Platz" in text or lang == "en"


# --- words -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "lang", "wrong", "right"),
    [
        ("table_bids_hidden", "de", "Haben geboten", "Geboten haben"),
        ("reason_black_hole", "de", "kein Booster zahlt", "kein Booster bringt Treibstoff"),
        ("reveal_salt", "de", "Die Austeilung der Runde", "Aufgedeckt: Salt und Stapel von Runde"),
        ("reason_leaks", "de", "das erste davon", "die zuerst gespielte dieser Karten"),
        ("err_must_follow", "de", "Spezialkarte dürfen", "eine Spezialkarte darf"),
        ("pad_footer", "de", "Gleichstand teilt sich", "bei Gleichstand teilen sich die Spieler"),
        ("final_winner", "en", "becomes Galactic", "becomes the Galactic"),
        ("guide_intro", "en", "\0", "`plan.json`"),
        ("guide_intro", "de", "\0", "`plan.json`"),
    ],
)
def test_the_words_fixed(content: CardRace, key: str, lang: str, wrong: str, right: str) -> None:
    text = str(content.texts[key][lang])
    assert wrong not in text and right in text


def test_the_rules_card_says_who_leads_in_german(content: CardRace) -> None:
    sections = content.lang("de").items("rules_sections")
    assert any(s.startswith("Spiel|Der Spieler links vom Geber spielt aus.") for s in sections)
    assert not any("teilt sich den Platz" in s for s in sections)
