"""`sheetgen digest` for a Galactic Card Race table: every post of the thread so far, in the
order they were due, from the log alone (which entry wrote which post) and the table as it
stands (which rounds are over).

A round's post is written when the game is dealt, but it is due only when that round
begins (at the start for round 1, else with the entry that ended the round before): a
round not begun is never in the thread. The private hands never are."""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.games.card_race.cards import parse_id
from generator.games.card_race.posts import corrected_final, final_stem, round_folder
from generator.games.card_race.table.read import ReadTable, read_table
from generator.games.card_race.texts import Texts
from generator.host.table_view import TableSource, TableThread, ThreadPost

PRIVATE = ("private/",)  # the hands: never on a page


def table_thread(source: TableSource) -> TableThread:
    table = read_table(source)
    # The page speaks the table's first language (a German table's page is German).
    code = table.codes()[0][0]
    t = table.writer(code).t
    posts = _round_posts(table, t, 1, 0, t.get("thread_at_start"))
    # The entry that ended a round wrote its standings; a correction never does.
    last_of = {
        int(e["round"]): serial for serial, e in enumerate(table.entries, 1) if e["kind"] != "undo"
    }
    plays: Counter[int] = Counter()
    players = len(table.seats)
    end = t.get("thread_end")
    for serial, entry in enumerate(table.entries, 1):
        number = int(entry["round"])
        if entry["kind"] == "play":
            phase = t.get("thread_trick", trick=plays[number] // players + 1)
            plays[number] += 1
        elif entry["kind"] == "undo":
            phase = t.get("thread_correction")
            undone = table.entries[int(entry["undoes"]) - 1]
            if undone["kind"] == "play" and "instead" not in entry:
                plays[number] -= 1  # that card is back in its player's hand
        else:
            phase = t.get("thread_bidding")
        words = _entry_title(table, t, code, entry)
        title = words[:1].upper() + words[1:]
        posts += _posts(table, t, number, f"table-{serial:03d}", serial, phase, title)
        if entry["kind"] == "undo" and corrected_final(table.state, serial):
            posts += [
                ThreadPost(f"{final_stem(serial)}{suffix}", serial, "end", end,
                           t.get("thread_correction"), t.get("thread_final_corrected"),
                           _at(t, serial))
                for _, suffix in table.codes()
            ]  # fmt: skip
        if last_of[number] == serial and table.round_finished(number):
            posts += _posts(
                table, t, number, "standings", serial, t.get("thread_standings"),
                t.get("thread_standings_after", round=number),
            )  # fmt: skip
            if number == table.rounds:
                posts += [
                    ThreadPost(f"final{suffix}", serial, "end", end, "", t.get("thread_final"),
                               _at(t, serial))
                    for _, suffix in table.codes()
                ]  # fmt: skip
            else:
                after = t.get("thread_after_entry", entry=serial)
                posts += _round_posts(table, t, number + 1, serial, after)
    return TableThread(
        folder=table.folder,
        title=table.title(),
        latest=len(table.entries),
        grouped_by="round",
        posts=tuple(posts),
        private=PRIVATE,
        lang=code,
    )


def _entry_title(table: ReadTable, t: Texts, code: str, entry: dict[str, Any]) -> str:
    """An entry in a few words, in the page's language. A bid of hidden or unknown bidding
    stays unsaid: its value is the player's secret until the table shows the bids."""
    kind = entry["kind"]
    if kind == "undo":
        return t.get("thread_correction_of", entry=entry["undoes"])
    if kind == "bid":
        if table.plan.table.bidding == "standard":
            return t.get("entry_bid", player=entry["player"], bid=entry["bid"])
        return t.get("thread_bid_secret", player=entry["player"])
    if kind == "trump":
        dealer = table.state.rounds[int(entry["round"]) - 1].dealer
        suit = table.content.suit_name(str(entry["suit"]), code)
        return t.get("entry_trump", dealer=dealer, suit=suit)
    return t.get("entry_play", player=entry["player"], card=parse_id(str(entry["card"])).code)


def _at(t: Texts, serial: int) -> str:
    return t.get("thread_entry", entry=serial)


def _posts(
    table: ReadTable, t: Texts, number: int, name: str, serial: int, phase: str, title: str
) -> list[ThreadPost]:
    """One post of round `number` in each language of the table."""
    folder = round_folder(number)
    section = t.get("thread_round", round=number)
    return [
        ThreadPost(
            f"{folder}/{name}{suffix}", serial, folder, section, phase, title, _at(t, serial)
        )
        for _, suffix in table.codes()
    ]


def _round_posts(
    table: ReadTable, t: Texts, number: int, serial: int, when: str
) -> list[ThreadPost]:
    folder = round_folder(number)
    return [
        ThreadPost(
            f"{folder}/round{suffix}",
            serial,
            folder,
            t.get("thread_round", round=number),
            t.get("thread_deal"),
            t.get("thread_round_begins", round=number),
            when,
        )
        for _, suffix in table.codes()
    ]
