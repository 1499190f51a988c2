"""`sheetgen digest` for a Galactic Card Race table: every post of the thread so far, in the
order they were due, from the log alone (which entry wrote which post) and the table as it
stands (which rounds are over).

A round's post is written when the game is dealt, but it is due only when that round
begins (at the start for round 1, else with the entry that ended the round before): a
round not begun is never in the thread. The private hands never are."""

from __future__ import annotations

from collections import Counter

from generator.games.card_race.posts import round_folder
from generator.games.card_race.table_read import ReadTable, entry_words, read_table
from generator.host.table_view import TableSource, TableThread, ThreadPost

PRIVATE = ("private/",)  # the hands: never on a page


def table_thread(source: TableSource) -> TableThread:
    table = read_table(source)
    posts = _round_posts(table, 1, 0, "At the start")
    # The entry that ended a round wrote its standings; a correction never does.
    last_of = {
        int(e["round"]): serial for serial, e in enumerate(table.entries, 1) if e["kind"] != "undo"
    }
    plays: Counter[int] = Counter()
    players = len(table.seats)
    for serial, entry in enumerate(table.entries, 1):
        number = int(entry["round"])
        if entry["kind"] == "play":
            phase = f"Trick {plays[number] // players + 1}"
            plays[number] += 1
        elif entry["kind"] == "undo":
            phase = "Correction"
            undone = table.entries[int(entry["undoes"]) - 1]
            if undone["kind"] == "play" and "instead" not in entry:
                plays[number] -= 1  # that card is back in its player's hand
        else:
            phase = "Bidding"
        words = entry_words(table, entry)
        title = words[:1].upper() + words[1:]
        posts += _posts(table, number, f"table-{serial:03d}", serial, phase, title)
        if last_of[number] == serial and table.round_finished(number):
            posts += _posts(
                table, number, "standings", serial, "Standings", f"Standings after round {number}"
            )
            if number == table.rounds:
                posts += [
                    ThreadPost(f"final{suffix}", serial, "end", "End of the race", "", "Final",
                               _at(serial))
                    for _, suffix in table.codes()
                ]  # fmt: skip
            else:
                posts += _round_posts(table, number + 1, serial, f"After entry {serial}")
    return TableThread(
        folder=table.folder,
        title=table.title(),
        latest=len(table.entries),
        grouped_by="round",
        posts=tuple(posts),
        private=PRIVATE,
    )


def _at(serial: int) -> str:
    return f"Entry {serial}"


def _posts(
    table: ReadTable, number: int, name: str, serial: int, phase: str, title: str
) -> list[ThreadPost]:
    """One post of round `number` in each language of the table."""
    folder = round_folder(number)
    return [
        ThreadPost(
            f"{folder}/{name}{suffix}", serial, folder, f"Round {number}", phase, title, _at(serial)
        )
        for _, suffix in table.codes()
    ]


def _round_posts(table: ReadTable, number: int, serial: int, when: str) -> list[ThreadPost]:
    folder = round_folder(number)
    return [
        ThreadPost(
            f"{folder}/round{suffix}",
            serial,
            folder,
            f"Round {number}",
            "The deal",
            f"Round {number} begins",
            when,
        )
        for _, suffix in table.codes()
    ]
