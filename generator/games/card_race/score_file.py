"""Reading a score table (`round player bid tricks boosters`, one line per player per
round) for `sheetgen score card-race FILE`, with file:line errors, and writing the account."""

from __future__ import annotations

import json
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.games.card_race.content import CardRace
from generator.games.card_race.scoring import Line, explain, places, score_round, standings_lines
from generator.host.names import name_key, name_problem

HEADER = ["round", "player", "bid", "tricks", "boosters"]
MAX_BYTES = 1_000_000


def read_table(path: Path) -> dict[int, list[Line]]:
    shown = display_path(path)
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{shown}: {exc} (expected a score table)") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetgenError(f"{shown}: not UTF-8 text (byte {exc.start})") from None
    rows = [
        (number, line.split())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not rows or [w.lower() for w in rows[0][1]] != HEADER:
        where = rows[0][0] if rows else 1
        raise SheetgenError(f"{shown}:{where}: expected the header `{' '.join(HEADER)}`")
    rounds: dict[int, list[Line]] = {}
    for number, words in rows[1:]:
        if len(words) != len(HEADER):
            raise SheetgenError(
                f"{shown}:{number}: expected {len(HEADER)} columns ({' '.join(HEADER)}), "
                f"got {len(words)}"
            )
        values = []
        for name, word in zip(HEADER, words, strict=True):
            if name == "player":
                continue
            if not word.isdigit() or len(word) > 3:
                raise SheetgenError(
                    f"{shown}:{number}: {name}: expected a whole number from 0, got {word!r}"
                )
            values.append(int(word))
        round_no, bid, tricks, boosters = values
        line = Line(words[1], bid, tricks, boosters)
        problem = _line_problem(round_no, line, rounds)
        if problem:
            raise SheetgenError(f"{shown}:{number}: {problem}")
        rounds.setdefault(round_no, []).append(line)
    _check_complete(shown, rounds)
    return rounds


def _line_problem(round_no: int, line: Line, rounds: dict[int, list[Line]]) -> str | None:
    problem = name_problem(line.player)
    if problem is not None:
        # A bidi override or a C1 control in a name would change how the line reads.
        return f"player: {line.player!r}: {problem}"
    if round_no < 1:
        return "round: rounds start at 1"
    if rounds and round_no not in rounds and round_no != max(rounds) + 1:
        return f"round: expected round {max(rounds)} or {max(rounds) + 1}, got {round_no}"
    if not rounds and round_no != 1:
        return f"round: the table starts with round 1, got {round_no}"
    if any(other.player == line.player for other in rounds.get(round_no, [])):
        return f"player: {line.player} already has a line in round {round_no}"
    same = [
        o.player for o in rounds.get(round_no, []) if name_key(o.player) == name_key(line.player)
    ]
    if same:
        return (
            f"player: {line.player} is the same name as {same[0]} "
            "(names must differ in more than case or width)"
        )
    if round_no > 1 and line.player not in {x.player for x in rounds[1]}:
        return f"player: {line.player} did not play round 1"
    if line.bid > round_no:
        return f"bid: {line.bid} is more than the {round_no} tricks of round {round_no}"
    if line.tricks > round_no:
        return f"tricks: {line.tricks} is more than the {round_no} tricks of round {round_no}"
    if line.boosters > 2:
        return f"boosters: {line.boosters} (the deck has 2 Boosters)"
    return None


def _check_complete(shown: str, rounds: dict[int, list[Line]]) -> None:
    if not rounds:
        raise SheetgenError(f"{shown}: no rounds after the header")
    seats = [x.player for x in rounds[1]]
    for number, lines in rounds.items():
        missing = [p for p in seats if p not in {x.player for x in lines}]
        if missing:
            raise SheetgenError(f"{shown}: round {number}: no line for {', '.join(missing)}")
        taken = sum(x.tricks for x in lines)
        if taken > number:
            raise SheetgenError(
                f"{shown}: round {number}: {taken} tricks taken, but a round {number} has {number}"
            )


def final_totals(content: CardRace, rounds: dict[int, list[Line]]) -> dict[str, int]:
    totals = {x.player: 0 for x in rounds[1]}
    for number in sorted(rounds):
        _, totals = score_round(rounds[number], totals, content.rules.scoring)
    return totals


def score_report(content: CardRace, path: Path, as_json: bool, lang: str) -> str:
    rounds = read_table(path)
    seats = [x.player for x in rounds[1]]
    if as_json:
        totals = final_totals(content, rounds)
        return (
            json.dumps({"totals": totals, "positions": places(totals)}, ensure_ascii=False) + "\n"
        )
    texts = content.lang(lang)
    colours = [getattr(content.ship_colour(i), lang) for i in range(len(seats))]
    totals = {p: 0 for p in seats}
    out: list[str] = []
    for number in sorted(rounds):
        scored, totals = score_round(rounds[number], totals, content.rules.scoring)
        out.append(texts.get("standings_title", round=number))
        out += [f"  {explain(s, texts)}" for s in scored]
        out += [f"  {line}" for line in standings_lines(totals, seats, colours, texts)]
        out.append("")
    return "\n".join(out)
