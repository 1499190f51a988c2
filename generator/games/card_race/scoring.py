"""Scoring and race positions, shared by `sheetgen score card-race` and the table.

A bid met scores 400 + 200 per trick; a miss loses 200 per trick over or under; each Booster
that paid adds 200. At the end of each round a negative total becomes 0. Race positions rank
the totals; ties share a place (1, 1, 3)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.card_race.model import Scoring
from generator.games.card_race.texts import Texts


@dataclass(frozen=True)
class Line:
    """One player's round: what the score file (or the table) records."""

    player: str
    bid: int
    tricks: int
    boosters: int


@dataclass(frozen=True)
class Scored:
    line: Line
    points: int  # from the bid alone
    bonus: int  # from Boosters
    before: int
    total: int  # after the floor
    floored: bool


def round_points(line: Line, scoring: Scoring) -> tuple[int, int]:
    if line.bid == line.tricks:
        points = scoring.bid_met + scoring.per_trick * line.tricks
    else:
        points = -scoring.per_trick_off * abs(line.bid - line.tricks)
    return points, scoring.booster * line.boosters


def places(totals: dict[str, int]) -> dict[str, int]:
    """Competition ranking: equal totals share a place, the next place is skipped."""
    return {p: 1 + sum(1 for t in totals.values() if t > total) for p, total in totals.items()}


def score_round(
    lines: list[Line], totals: dict[str, int], scoring: Scoring
) -> tuple[list[Scored], dict[str, int]]:
    scored = []
    new_totals = dict(totals)
    for line in lines:
        points, bonus = round_points(line, scoring)
        before = totals.get(line.player, 0)
        raw = before + points + bonus
        total = max(scoring.floor, raw)
        new_totals[line.player] = total
        scored.append(Scored(line, points, bonus, before, total, raw < scoring.floor))
    return scored, new_totals


def explain(scored: Scored, texts: Texts) -> str:
    line = scored.line
    if line.bid == line.tricks:
        text = texts.get(
            "score_met", player=line.player, bid=line.bid, tricks=line.tricks, points=scored.points
        )
    else:
        off = abs(line.bid - line.tricks)
        text = texts.get(
            "score_missed",
            player=line.player,
            bid=line.bid,
            tricks=line.tricks,
            off=off,
            points=scored.points,
        )
    if line.boosters:
        text += texts.get("score_boosters", boosters=line.boosters, bonus=scored.bonus)
    change = scored.points + scored.bonus
    text += texts.get(
        "score_total",
        before=scored.before,
        sign="+" if change >= 0 else "-",
        change=abs(change),
        total=scored.before + change,
    )
    if scored.floored:
        text += texts.get("score_floored")
    return text


def standings_lines(
    totals: dict[str, int], seats: list[str], colours: list[str], texts: Texts
) -> list[str]:
    ranked = places(totals)
    order = sorted(seats, key=lambda p: (ranked[p], seats.index(p)))
    return [
        texts.get(
            "standings_line",
            place=ranked[p],
            player=p,
            colour=colours[seats.index(p)],
            total=totals[p],
        )
        for p in order
    ]
