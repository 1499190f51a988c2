"""Reading a score table (`round player bid tricks boosters`, one line per player per
round) for `sheetgen score card-race FILE`, with file:line errors, and writing the account."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from generator.common.errors import SheetgenError, display_path, not_utf8
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.games.card_race.content import CardRace
from generator.games.card_race.scoring import Line, explain, places, score_round, standings_lines
from generator.host.names import name_key, name_problem

HEADER = ["round", "player", "bid", "tricks", "boosters"]
MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class Limits:
    """What a sheet of this game can hold: 3 to 5 players, the Boosters of the deck, and
    per player count the most rounds (floor(59 / players) with special cards)."""

    players: tuple[int, int] = (3, 5)
    boosters: int = 2
    most_rounds: dict[int, int] = field(default_factory=lambda: {3: 19, 4: 14, 5: 11})


def limits_of(content: CardRace) -> Limits:
    low, high = content.rules.players.min, content.rules.players.max
    return Limits(
        players=(low, high),
        boosters=sum(1 for card in content.deck(True) if card.kind == "B"),
        most_rounds={n: content.max_rounds(n, True) for n in range(low, high + 1)},
    )


def read_table(path: Path, limits: Limits | None = None) -> dict[int, list[Line]]:
    """The sheet's rounds; anything a real game cannot give is refused with its line: more
    Booster bonuses in a round than the deck's Boosters, more than a player's cards, a table
    of other than 3 to 5 players, more rounds than the game's most."""
    limits = limits or Limits()
    shown = display_path(path)
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{shown}: {exc} (expected a score table)") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetgenError(not_utf8(shown, raw, exc)) from None
    rows = [
        (number, line.split())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not rows or [w.lower() for w in rows[0][1]] != HEADER:
        where = rows[0][0] if rows else 1
        raise SheetgenError(f"{shown}:{where}: expected the header `{' '.join(HEADER)}`")
    rounds: dict[int, list[Line]] = {}
    last_line: dict[int, int] = {}  # each round's last line in the file
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
        if problem is None and round_no > 1 and round_no not in rounds:
            # Round 1 is whole: its players are the table.
            problem = _round_problem(rounds, round_no - 1, limits, True)
        problem = problem or _limits_problem(round_no, line, rounds, limits)
        if problem:
            raise SheetgenError(f"{shown}:{number}: {problem}")
        rounds.setdefault(round_no, []).append(line)
        last_line[round_no] = number
    if not rounds:
        raise SheetgenError(f"{shown}: no rounds after the header")
    for round_no in sorted(rounds):
        problem = _round_problem(rounds, round_no, limits, False)
        if problem:
            raise SheetgenError(f"{shown}:{last_line[round_no]}: {problem}")
    return rounds


def _limits_problem(
    round_no: int, line: Line, rounds: dict[int, list[Line]], limits: Limits
) -> str | None:
    low, high = limits.players
    if round_no == 1 and len(rounds.get(1, [])) >= high:
        return f"player: {line.player} would be player {high + 1}; the game is for {low} to {high}"
    seats = len(rounds[1]) if round_no > 1 else None
    if seats is not None and round_no > limits.most_rounds.get(seats, round_no):
        most = limits.most_rounds[seats]
        return f"round: {round_no}, but {seats} players play at most {most} rounds"
    if line.boosters > round_no:
        return (
            f"boosters: {line.boosters}, but {line.player} held {round_no} "
            f"card{'s' if round_no != 1 else ''} in round {round_no}"
        )
    paid = sum(x.boosters for x in rounds.get(round_no, [])) + line.boosters
    if paid > limits.boosters:
        return (
            f"boosters: {paid} Booster bonuses in round {round_no} so far, but the deck has "
            f"{limits.boosters} Boosters"
        )
    taken = sum(x.tricks for x in rounds.get(round_no, [])) + line.tricks
    if taken > round_no:
        return (
            f"tricks: {counted(taken, 'trick')} taken in round {round_no} so far, but it has "
            f"{round_no}"
        )
    return None


def _round_problem(
    rounds: dict[int, list[Line]], round_no: int, limits: Limits, next_begins: bool
) -> str | None:
    """A round's lines, all read: every player of round 1 there, 3 to 5 players."""
    lines = rounds[round_no]
    low, high = limits.players
    if round_no == 1 and len(lines) < low:
        names = ", ".join(x.player for x in lines)
        where = "round 1 ends here" if not next_begins else "round 2 begins"
        return (
            f"{where} with {len(lines)} player{'s' if len(lines) != 1 else ''} ({names}); "
            f"the game is for {low} to {high}"
        )
    seats = [x.player for x in rounds[1]]
    missing = [p for p in seats if p not in {x.player for x in lines}]
    if missing:
        return f"round {round_no}: no line for {', '.join(missing)}"
    return None


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
        return f"bid: {line.bid} is more than the {counted(round_no, 'trick')} of round {round_no}"
    if line.tricks > round_no:
        return (
            f"tricks: {line.tricks} is more than the {counted(round_no, 'trick')} of round "
            f"{round_no}"
        )
    return None


def final_totals(content: CardRace, rounds: dict[int, list[Line]]) -> dict[str, int]:
    totals = {x.player: 0 for x in rounds[1]}
    for number in sorted(rounds):
        _, totals = score_round(rounds[number], totals, content.rules.scoring)
    return totals


def score_report(content: CardRace, path: Path, as_json: bool, lang: str) -> str:
    rounds = read_table(path, limits_of(content))
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
