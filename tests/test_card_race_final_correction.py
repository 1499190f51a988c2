"""A Card Race correction made after the final post: when it changes the result, the final
standings are issued again (final-NNN.*, saying what they replace) in every flavour and
language, `today` lists them after the correction, and the catch-up page has them; a
correction that reopens a closed trick says so instead of "no trick changes"."""

from __future__ import annotations

import copy
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from card_race_helpers import PlayedTable, table_plan_of
from click.testing import CliRunner, Result

from generator.cli import main
from generator.games.card_race.cards import sorted_hand
from generator.games.card_race.judge import may_play
from generator.games.card_race.scoring import places
from generator.games.card_race.table.replay import (
    Refused,
    TableState,
    apply_entry,
    bid,
    choose_trump,
    new_table,
    play,
    undo,
)
from generator.kit.session import load_content

FLAVOURS = (".facebook.txt", ".discord.md", ".bgg.txt", ".html")


def winners(state: TableState) -> set[str]:
    ranked = places(state.totals())
    return {p for p, place in ranked.items() if place == 1}


def play_varied(table: PlayedTable, chooser: random.Random) -> None:
    """One entry, chosen at random among the legal ones (a seeded chooser): bids and cards
    that spread the scores, so that one mistyped bid can decide the race."""
    state = table.state
    rnd = state.current
    if rnd.trump_open:
        choose_trump(state, "P")
        words = ["trump", "P"]
    elif not rnd.bidding_done:
        player = rnd.waiting_bids()[0]
        value = chooser.randint(0, min(2, rnd.number))
        bid(state, player, value)
        words = ["bid", player, str(value)]
    else:
        player = rnd.next_player()
        hand = rnd.hands[player]
        so_far = [c for _, c in rnd.current]
        card = chooser.choice([c for c in sorted_hand(hand) if may_play(c, hand, so_far)])
        play(state, player, card.code)
        words = ["play", player, card.code]
    result = table.run("card-race", words[0], str(table.folder), *words[1:])
    assert result.exit_code == 0, result.output
    table.entries += 1


def replayed(folder: Path) -> TableState:
    """The table as its log leaves it (with the entry numbers a correction names)."""
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    lines = (folder / "table.jsonl").read_text().splitlines()
    for number, line in enumerate(lines, 1):
        apply_entry(state, json.loads(line), number)
    return state


def result_changing_bid(state: TableState, serial: int) -> tuple[int, int] | None:
    """A recorded bid and the value that, recorded instead, changes who wins."""
    for number, entry in reversed(state.kept):
        if entry["kind"] != "bid":
            continue
        for value in range(int(entry["round"]) + 1):
            trial = copy.deepcopy(state)
            try:
                undo(trial, serial, number, str(value))
            except Refused:
                continue
            if winners(trial) != winners(state):
                return number, value
    return None


def result_keeping_bid(state: TableState, serial: int) -> tuple[int, int] | None:
    """A recorded bid and another value that, recorded instead, leaves every total as it
    was (the result stands)."""
    for number, entry in state.kept:
        if entry["kind"] != "bid":
            continue
        for value in range(int(entry["round"]) + 1):
            if value == int(entry["bid"]):
                continue
            trial = copy.deepcopy(state)
            try:
                undo(trial, serial, number, str(value))
            except Refused:
                continue
            if trial.over and trial.totals() == state.totals():
                return number, value
    return None


def finished_race(tmp_path: Path, run: Callable[..., Result], lang: str) -> tuple[Path, int, int]:
    """A race played to its end whose result one corrected bid changes: the folder, that
    bid's entry number and the value to record instead."""
    for attempt in range(8):
        where = tmp_path / f"race-{attempt}"
        where.mkdir()
        table = PlayedTable(
            where, run, seed=f"final-correction-seed-{attempt}-0123456789", lang=lang
        )
        chooser = random.Random(attempt)
        while not table.state.over:
            play_varied(table, chooser)
        found = result_changing_bid(replayed(table.folder), table.entries + 1)
        if found is not None:
            return table.folder, *found
    raise AssertionError("no race of 8 has a bid that decides it")


@pytest.fixture(scope="module")
def races(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[Path, int, int]]:
    """finished_race for a language, played once for the module's tests (a whole race is
    some hundred table commands): each test corrects a copy of its own (a_race)."""
    made: dict[str, tuple[Path, int, int]] = {}

    def run(*args: str) -> Result:
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    def race(lang: str) -> tuple[Path, int, int]:
        if lang not in made:
            made[lang] = finished_race(tmp_path_factory.mktemp(f"race-{lang}"), run, lang)
        return made[lang]

    return race


def a_race(
    races: Callable[[str], tuple[Path, int, int]], tmp_path: Path, lang: str
) -> tuple[Path, int, int]:
    """A copy of the module's finished race in this language, in this test's folder."""
    source, target, value = races(lang)
    folder = tmp_path / "race" / source.name
    shutil.copytree(source, folder, symlinks=True)
    return folder, target, value


@pytest.mark.parametrize("lang", ["en", "both"])
def test_a_correction_that_changes_the_result_issues_the_final_again(
    races: Callable[[str], tuple[Path, int, int]],
    tmp_path: Path,
    run: Callable[..., Result],
    lang: str,
) -> None:
    folder, target, value = a_race(races, tmp_path, lang)
    serial = len((folder / "table.jsonl").read_text().splitlines()) + 1
    suffixes = [""] if lang == "en" else [".en", ".de"]
    before = {s: (folder / f"final{s}.facebook.txt").read_text() for s in suffixes}
    result = run("card-race", "undo", str(folder), "--entry", str(target), "--instead", str(value))
    assert result.exit_code == 0, result.output
    for suffix in suffixes:
        # The final post as posted stays; the corrected one says what it replaces.
        assert (folder / f"final{suffix}.facebook.txt").read_text() == before[suffix]
        for flavour in FLAVOURS:
            assert (folder / f"final-{serial:03d}{suffix}{flavour}").is_file()
        corrected = (folder / f"final-{serial:03d}{suffix}.facebook.txt").read_text()
        assert corrected != before[suffix]
        (post_file,) = folder.glob(f"round-*/table-{serial:03d}{suffix}.facebook.txt")
        post = post_file.read_text()
        if suffix != ".de":
            assert (
                f"Correction: entry {serial} of the table (which corrects entry {target}) "
                "changed the result." in corrected
            )
            assert "final standings, corrected" in corrected
            assert "The final result changes: the corrected final standings follow" in post
        else:
            assert f"Korrektur: Eintrag {serial} des Tisches (der Eintrag {target}" in corrected
            assert "Das Endergebnis ändert sich" in post
    today = run("today", "-o", str(folder)).output
    assert "this correction changed its result" in today
    assert f"final-{serial:03d}" in today
    assert today.index(f"table-{serial:03d}") < today.index(f"final-{serial:03d}")
    assert "post the last standings" not in today
    digest = run("digest", "-o", str(folder))
    assert digest.exit_code == 0, digest.output
    page = (folder / "digest.html").read_text()
    assert "final standings, corrected" in page or "Endstand, korrigiert" in page
    # The table's files are all listed: the next entry finds nothing unlisted.
    listed = run("card-race", "status", str(folder))
    assert listed.exit_code == 0 and "Traceback" not in listed.output


def test_a_correction_that_keeps_the_result_issues_no_final(
    races: Callable[[str], tuple[Path, int, int]], tmp_path: Path, run: Callable[..., Result]
) -> None:
    """The English race of the test above, corrected where no total changes."""
    folder, _, _ = a_race(races, tmp_path, "en")
    serial = len((folder / "table.jsonl").read_text().splitlines()) + 1
    found = result_keeping_bid(replayed(folder), serial)
    assert found is not None, "the race has no bid whose correction keeps every total"
    target, value = found
    result = run("card-race", "undo", str(folder), "--entry", str(target), "--instead", str(value))
    assert result.exit_code == 0, result.output
    assert list(folder.glob(f"round-*/table-{serial:03d}.facebook.txt"))  # the correction's post
    assert not list(folder.glob("final-*"))
    today = run("today", "-o", str(folder))
    assert today.exit_code == 0 and "Traceback" not in today.output, today.output
    assert "post the correction (the result stands)" in today.output


def test_an_undo_that_reopens_a_trick_says_so(tmp_path: Path, run: Callable[..., Result]) -> None:
    table = PlayedTable(tmp_path, run)
    # Round 1 is one trick; play into round 2 until its first trick closes.
    while not (table.state.current.number == 2 and len(table.state.current.tricks) == 1):
        table.play()
    taker = table.state.current.tricks[0].winner
    result = run("card-race", "undo", str(table.folder))
    assert result.exit_code == 0, result.output
    post = (table.folder / f"round-02/table-{table.entries + 1:03d}.facebook.txt").read_text()
    assert "No trick and no score changes" not in post
    if taker is None:
        assert "Trick 1 of round 2 is open again (nobody had taken it)" in post
    else:
        assert f"Trick 1 of round 2 is open again: {taker} no longer takes it" in post


def test_one_later_entry_is_said_in_the_singular(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    table = PlayedTable(tmp_path, run, lang="both")
    table.play()
    table.play()
    result = run("card-race", "undo", str(table.folder), "--entry", "1", "--instead", "1")
    assert result.exit_code == 0, result.output
    en = (table.folder / "round-01/table-003.en.facebook.txt").read_text()
    de = (table.folder / "round-01/table-003.de.facebook.txt").read_text()
    assert "The later entry stands as recorded; it was checked again." in en
    assert "Der spätere Eintrag bleibt, wie er eingetragen wurde" in de
    assert "The 1 later" not in en and "Die 1 späteren" not in de


def test_a_german_tables_catch_up_page_is_german(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """The page around a German table's posts speaks German, and its PDF explains no hidden
    rolls or stacks: Card Race has none."""
    from pypdf import PdfReader

    table = PlayedTable(tmp_path, run, lang="de")
    for _ in range(6):
        table.play()
    result = run("digest", "-o", str(table.folder))
    assert result.exit_code == 0, result.output
    page = (table.folder / "digest.html").read_text()
    assert '<html lang="de">' in page
    for german in ("Bögen zum Ausdrucken", "<h2>Runde 1</h2>", "<h3>Gebote</h3>", "Stich 1",
                   "Runde 1 beginnt", "Zu Beginn", "Eintrag 1", "zum Nachlesen"):  # fmt: skip
        assert german in page, german
    for english in ("Sheets to print", "Round 1", "Bidding", "At the start", "catch-up",
                    "Every post", "made with sheetgen from"):  # fmt: skip
        assert english not in page, english
    text = " ".join(p.extract_text() for p in PdfReader(table.folder / "digest.pdf").pages)
    text = " ".join(text.split())
    assert "Runde 1" in text and "Bögen zum Ausdrucken" in text
    assert "hidden" not in text and "Stapel oder" not in text and "stack" not in text
