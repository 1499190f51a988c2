"""Scores and rankings: a host types the scores players post into `scores.csv`; this module
reads it, checks it and ranks the players after each round.

The columns are the game's (a `ScoreSpec` from its rules module): `player`, `round`,
`score`, the parts the score is the sum of, optional title counts and
optional extras such as a sheet file a game's scorer reads. `note` is free text. Lines
starting with `#` are comments. Ties share a place (1, 2, 2, 4); a player who joins late is
ranked on the rounds they flew and shown as such."""

from __future__ import annotations

import _csv  # the type csv.reader returns (csv does not name it)
import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path, PurePosixPath

from generator.common.errors import (
    ContentError,
    Problem,
    SheetgenError,
    abridge,
    display_path,
    not_utf8,
)
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.names import name_key, name_problem

SCORES_FILE = "scores.csv"
MAX_SCORES_BYTES = 1_000_000
MAX_NAME = 40
MAX_ABS_SCORE = 100_000
BASE_COLUMNS = ("player", "round", "score")
NOTE_COLUMN = "note"
# A sheet the game's scorer reads: it returns the score and, where it has them, its parts,
# and optionally what else the sheet holds by column (title counts, the ability column).
SheetScore = tuple[int, dict[str, int]] | tuple[int, dict[str, int], dict[str, str]]
SheetScorer = Callable[[Path, str], SheetScore]
_INT = re.compile(r"^[+-]?\d{1,7}$")
_COUNT = re.compile(r"^\d{1,4}(\.5|\.0)?$")


@dataclass(frozen=True)
class ScoreSpec:
    """What a game's scores.csv holds."""

    rounds: tuple[str, ...]  # the values of the `round` column, in play order
    parts: tuple[tuple[str, str], ...] = ()  # (column, label): the score is their sum
    titles: tuple[tuple[str, str], ...] = ()  # (column, label): counts that win titles
    # The rewards a title earns per round, by the name the host chooses them by.
    title_rewards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Reads a player's sheet file (the `sheet_column`) for a round: its score and parts.
    scorer: SheetScorer | None = None
    sheet_column: str = "grid"
    # A rule a card changes for titles: a player whose `ability_column` names one of these
    # abilities for the round shares a title with a best count up to this much higher, as
    # long as their own count is above zero (Keep on Trucking's Lawyer: 1).
    title_reach: dict[str, Fraction] = field(default_factory=dict)
    # The column naming a player's special ability for the round ("" when the game has none),
    # and the values it may hold.
    ability_column: str = ""
    abilities: tuple[str, ...] = ()
    # The game's bot playing each round's posts (tiles, cards and dice): its score by round,
    # for "beat the bot" in the rankings. Called once, when rankings are made.
    bot: Callable[[], dict[str, int]] | None = None
    # What the bot played, in the post's words (a game whose bot plays other posts says so).
    bot_played: str = "the same tiles, cards and dice"

    def columns(self) -> tuple[str, ...]:
        extra = (self.sheet_column,) if self.scorer else ()
        ability = (self.ability_column,) if self.ability_column else ()
        return (
            *BASE_COLUMNS,
            *(c for c, _ in self.parts),
            *(c for c, _ in self.titles),
            *ability,
            *extra,
            NOTE_COLUMN,
        )

    def round_label(self, key: str) -> str:
        return "the game" if len(self.rounds) == 1 else f"round {key}"


@dataclass(frozen=True)
class Entry:
    """One line of scores.csv: a player's score for one round."""

    line: int
    player: str
    round: str
    score: int
    parts: dict[str, int]
    titles: dict[str, Fraction]
    # The special ability the player had this round (ScoreSpec.ability_column), or "".
    ability: str = ""
    # A correction line (`correction` in its note) replaces an earlier one: its line, and
    # the score it replaced.
    corrects: int | None = None
    was: int | None = None


# A line whose note begins with this word replaces the player's earlier line for the round.
CORRECTION = "correction"


@dataclass(frozen=True)
class Award:
    title: str
    round: str
    count: Fraction
    players: tuple[str, ...]
    points: int
    # The winners who share it with a lower count, by their ability: (player, count, ability).
    reached: tuple[tuple[str, Fraction, str], ...] = ()


@dataclass
class Standing:
    place: int
    shared: bool
    player: str
    total: int
    per_round: dict[str, int]  # score plus title points, rounds played only
    missing: list[str]  # rounds up to now without a score


@dataclass
class Ranking:
    """The standings after one round (or the final ones)."""

    round: str
    number: int  # 1-based index of the round
    final: bool
    standings: list[Standing]
    best_of_round: list[Standing]  # the round's own top scores, late joiners included
    awards: list[Award] = field(default_factory=list)
    newcomers: list[str] = field(default_factory=list)  # first score in this round
    corrections: list[Entry] = field(default_factory=list)  # scores corrected, rounds so far
    # The bot's score for this round's posts (None: the game has no bot), and the players
    # whose round score (before titles) matched or beat it, best first.
    bot: int | None = None
    beat_bot: list[Standing] = field(default_factory=list)


def _name_key(name: str) -> str:
    return name_key(name)


def read_scores(path: Path, spec: ScoreSpec, folder: Path | None = None) -> list[Entry]:
    """Every line of the file, checked; all problems are reported together, by line."""
    shown = display_path(path)
    if path.is_symlink() or not path.is_file():
        raise SheetgenError(
            f"{shown}: no scores file (expected a plain file; columns: {', '.join(spec.columns())})"
        )
    try:
        # The file opened, not the name: a pipe or a device swapped in is not read.
        raw = read_regular_file(path, MAX_SCORES_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{shown}: {exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetgenError(not_utf8(shown, raw, exc)) from None
    return _parse(text, shown, spec, folder)


def _parse(text: str, shown: str, spec: ScoreSpec, folder: Path | None) -> list[Entry]:
    problems: list[Problem] = []

    def problem(line: int, column: str, message: str) -> None:
        problems.append(Problem(shown, line, column, message))

    lines = io.StringIO(text, newline="")
    reader = csv.reader(lines)
    header: list[str] | None = None
    entries: list[Entry] = []
    seen: dict[tuple[str, str], int] = {}
    spelled: dict[str, str] = {}
    try:
        rows = list(_numbered(reader))
    except csv.Error as exc:
        raise ContentError(
            [Problem(shown, reader.line_num, "", f"not valid CSV ({exc})")]
        ) from None
    for line, row in rows:
        if header is None:
            header = [c.strip().lower() for c in row]
            allowed = spec.columns()
            for column in header:
                if column not in allowed:
                    problem(line, column, f"unknown column (allowed: {', '.join(allowed)})")
            for column in BASE_COLUMNS:
                if column not in header:
                    problem(line, column, "required column is missing")
            if len(set(header)) != len(header):
                problem(line, "", "a column appears twice")
            if problems:
                raise ContentError(problems)
            continue
        if len(row) > len(header):
            problem(line, "", f"{counted(len(row), 'value')} for {counted(len(header), 'column')}")
            continue
        cells = {c: (row[i].strip() if i < len(row) else "") for i, c in enumerate(header)}
        entry = _entry(line, cells, spec, folder, problem)
        if entry is None:
            continue
        key = (_name_key(entry.player), entry.round)
        correcting = cells.get(NOTE_COLUMN, "").lower().startswith(CORRECTION)
        if key in seen and not correcting:
            problem(
                line,
                "player",
                f"{entry.player} already has a score for {spec.round_label(entry.round)} "
                f"on line {seen[key]} (to replace it, add a line with `{CORRECTION}` in the "
                f"{NOTE_COLUMN} column)",
            )
            continue
        if correcting and key not in seen:
            problem(
                line,
                NOTE_COLUMN,
                f"a correction, but {entry.player} has no earlier score for "
                f"{spec.round_label(entry.round)} to replace",
            )
            continue
        # One spelling per player: the first one typed.
        name = spelled.setdefault(key[0], entry.player)
        made = Entry(
            entry.line, name, entry.round, entry.score, entry.parts, entry.titles, entry.ability
        )
        if correcting:
            index = next(i for i, e in enumerate(entries) if e.line == seen[key])
            old = entries.pop(index)
            made = Entry(
                made.line,
                name,
                made.round,
                made.score,
                made.parts,
                made.titles,
                corrects=old.line,
                was=old.was if old.was is not None else old.score,
            )
            entries.insert(index, made)  # where the replaced line was: rounds keep their order
        else:
            entries.append(made)
        seen[key] = line
    if header is None:
        problems.append(Problem(shown, 1, "", "the file is empty (expected a header line)"))
    if problems:
        raise ContentError(problems)
    return entries


def _numbered(reader: _csv.Reader) -> list[tuple[int, list[str]]]:
    """Rows with the line they start on; blank lines and # comments skipped."""
    result = []
    line = 1
    for row in reader:
        first = line
        line = reader.line_num + 1
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        result.append((first, row))
    return result


def _entry(
    line: int,
    cells: dict[str, str],
    spec: ScoreSpec,
    folder: Path | None,
    problem: Callable[[int, str, str], None],
) -> Entry | None:
    ok = True
    player = " ".join(cells.get("player", "").split())
    if not player:
        problem(line, "player", "the player's name is empty")
        ok = False
    elif len(player) > MAX_NAME:
        problem(line, "player", f"a name of at most {MAX_NAME} printable characters")
        ok = False
    elif (why := name_problem(cells.get("player", "").strip())) is not None:
        problem(line, "player", why)
        ok = False
    rnd = cells.get("round", "").lower()
    if rnd not in spec.rounds:
        problem(line, "round", f"got {abridge(rnd)!r} (expected one of {', '.join(spec.rounds)})")
        ok = False
    parts: dict[str, int] = {}
    for column, _ in spec.parts:
        value = cells.get(column, "")
        if value == "":
            continue
        number = _integer(value)
        if number is None:
            problem(line, column, f"expected a whole number (got {abridge(value)!r})")
            ok = False
        else:
            parts[column] = number
    given = cells.get("score", "")
    score = _integer(given) if given else None
    if given and score is None:
        problem(line, "score", f"expected a whole number (got {abridge(given)!r})")
        ok = False
    grid = cells.get(spec.sheet_column, "")
    if grid and spec.scorer is not None and folder is not None and ok:
        result = _run_scorer(line, grid, rnd, folder, spec, problem)
        scored = result[0] if result else None
        if result is not None and len(result) > 2:
            # The sheet's other columns, as the scorer read them: an empty cell takes the
            # scorer's value, a typed one must agree with it.
            for column, value in result[2].items():
                typed_value = cells.get(column, "").strip()
                if not typed_value:
                    cells[column] = value
                elif typed_value.lower() != value.lower() and not _same_count(typed_value, value):
                    problem(
                        line,
                        column,
                        f"{typed_value} differs from the scorer's {value or 'nothing'} for {grid} "
                        "(check the sheet or the scores.csv line)",
                    )
                    ok = False
        if result is None:
            ok = False
        elif score is None:
            score = result[0]
            parts = parts or dict(result[1])  # the scorer's breakdown where none was typed
        elif score != scored:
            problem(
                line,
                "score",
                f"{score} differs from the scorer's result {scored} for {abridge(grid)} "
                "(check the sheet or the score)",
            )
            ok = False
    if ok and score is None:
        if parts and len(parts) == len(spec.parts):
            score = sum(parts.values())
        else:
            problem(line, "score", "the score is empty")
            ok = False
    if ok and parts:
        if len(parts) != len(spec.parts):
            missing = [c for c, _ in spec.parts if c not in parts]
            problem(line, missing[0], "give every part of the score, or none")
            ok = False
        elif sum(parts.values()) != score:
            sums = " + ".join(f"{c} {v}" for c, v in parts.items())
            problem(
                line,
                "score",
                f"{score} does not add up from its parts: {sums} = {sum(parts.values())}",
            )
            ok = False
    titles: dict[str, Fraction] = {}
    for column, _ in spec.titles:
        value = cells.get(column, "")
        if value == "":
            continue
        if not _COUNT.match(value):
            problem(line, column, f"expected a count such as 3 or 1.5 (got {abridge(value)!r})")
            ok = False
        else:
            titles[column] = Fraction(value)
    ability = ""
    if spec.ability_column:
        typed_ability = cells.get(spec.ability_column, "").strip()
        known = {a.lower(): a for a in spec.abilities}
        if typed_ability and typed_ability.lower() not in known:
            problem(
                line,
                spec.ability_column,
                f"expected one of {', '.join(spec.abilities)} or nothing (got {typed_ability!r})",
            )
            ok = False
        ability = known.get(typed_ability.lower(), "")
    if not ok or score is None:
        return None
    if abs(score) > MAX_ABS_SCORE:
        problem(line, "score", f"{score} is beyond ±{MAX_ABS_SCORE}")
        return None
    return Entry(line, player, rnd, score, parts, titles, ability)


def _integer(text: str) -> int | None:
    text = text.replace("\u2212", "-")  # a typographic minus pasted from a post
    return int(text) if _INT.match(text) else None


def _run_scorer(
    line: int,
    grid: str,
    rnd: str,
    folder: Path,
    spec: ScoreSpec,
    problem: Callable[[int, str, str], None],
) -> tuple[int, dict[str, int]] | tuple[int, dict[str, int], dict[str, str]] | None:
    column = spec.sheet_column
    named = abridge(grid)  # a name typed into a cell may be of any length: quoted short
    rel = PurePosixPath(grid)
    if rel.is_absolute() or ".." in rel.parts or "\\" in grid:
        problem(line, column, f"{named!r}: give a path inside the game folder")
        return None
    path = folder / rel
    try:
        linked = next((p for p in _prefixes(folder, rel) if p.is_symlink()), None)
        found = path.is_file()
    except OSError as exc:  # a name too long for the disk, a folder that cannot be read
        problem(line, column, f"{named}: cannot be read ({exc.strerror})")
        return None
    if linked is not None:
        # A linked folder or file could lead anywhere (/etc), and the scorer's errors quote
        # the lines they read: a sheet file is read only where it really is in the folder.
        shown = abridge(linked.relative_to(folder).as_posix())
        problem(line, column, f"{named}: {shown} is a symlink (expected a file in the game folder)")
        return None
    if not found:
        problem(line, column, f"{named}: no such file in the game folder")
        return None
    try:
        assert spec.scorer is not None
        return spec.scorer(path, rnd)
    except SheetgenError as exc:
        problem(line, column, f"the scorer cannot read {named}: {exc.format_message()}")
        return None


def _same_count(a: str, b: str) -> bool:
    """'3' and '3.0', '1.5' and '1.50': the same count."""
    try:
        return Fraction(a) == Fraction(b)
    except (ValueError, ZeroDivisionError):
        return False


def _prefixes(folder: Path, rel: PurePosixPath) -> list[Path]:
    """folder/a, folder/a/b, folder/a/b/c for a/b/c: every step a path takes."""
    steps = []
    current = folder
    for part in rel.parts:
        current = current / part
        steps.append(current)
    return steps


def rank(entries: list[Entry], spec: ScoreSpec, dock: tuple[int, ...] | None) -> list[Ranking]:
    """The rankings after every round that has a score, then the final one (after the last
    round, once it has scores)."""
    awards = _awards(entries, spec, dock)
    bonus: dict[tuple[str, str], int] = {}
    for award in awards:
        for player in award.players:
            key = (player, award.round)
            bonus[key] = bonus.get(key, 0) + award.points
    scored_rounds = [r for r in spec.rounds if any(e.round == r for e in entries)]
    bots = spec.bot() if spec.bot is not None and scored_rounds else {}
    sheet_scores: dict[str, dict[str, int]] = {}  # round -> player -> score before titles
    for entry in entries:
        sheet_scores.setdefault(entry.round, {})[entry.player] = entry.score
    rankings = []
    first_round: dict[str, int] = {}
    for entry in entries:
        index = spec.rounds.index(entry.round)
        first_round[entry.player] = min(first_round.get(entry.player, index), index)
    for rnd in scored_rounds:
        number = spec.rounds.index(rnd) + 1
        upto = spec.rounds[:number]
        totals: dict[str, dict[str, int]] = {}
        for entry in entries:
            if entry.round in upto:
                per = totals.setdefault(entry.player, {})
                per[entry.round] = entry.score + bonus.get((entry.player, entry.round), 0)
        standings = _places(
            [
                Standing(0, False, p, sum(per.values()), per, [r for r in upto if r not in per])
                for p, per in totals.items()
            ]
        )
        this_round = _places(
            [
                Standing(0, False, p, per[rnd], {rnd: per[rnd]}, [])
                for p, per in totals.items()
                if rnd in per
            ]
        )
        final = number == len(spec.rounds)
        rankings.append(
            Ranking(
                rnd,
                number,
                final,
                standings,
                this_round,
                [a for a in awards if a.round == rnd],
                sorted(
                    (p for p, first in first_round.items() if first == number - 1 and number > 1),
                    key=_name_key,
                ),
                [e for e in entries if e.corrects is not None and e.round in upto],
                bots.get(rnd),
                _beat_bot(sheet_scores.get(rnd, {}), bots.get(rnd), rnd),
            )
        )
    return rankings


def _beat_bot(scores: dict[str, int], bot: int | None, rnd: str) -> list[Standing]:
    """The players whose round score reached the bot's, placed among themselves."""
    if bot is None:
        return []
    return _places(
        [
            Standing(0, False, p, score, {rnd: score}, [])
            for p, score in scores.items()
            if score >= bot
        ]
    )


def _places(standings: list[Standing]) -> list[Standing]:
    """Competition ranking: equal totals share a place, the next place skips (1, 2, 2, 4)."""
    ordered = sorted(standings, key=lambda s: (-s.total, _name_key(s.player)))
    for index, standing in enumerate(ordered):
        if index and standing.total == ordered[index - 1].total:
            standing.place = ordered[index - 1].place
        else:
            standing.place = index + 1
    counts: dict[int, int] = {}
    for standing in ordered:
        counts[standing.place] = counts.get(standing.place, 0) + 1
    for standing in ordered:
        standing.shared = counts[standing.place] > 1
    return ordered


def _awards(entries: list[Entry], spec: ScoreSpec, dock: tuple[int, ...] | None) -> list[Award]:
    """Each title goes, each round, to the best count above zero; tied best counts each earn
    the full reward (ruling for lone ships: there is no race to break the tie). A player
    whose ability reaches further (ScoreSpec.title_reach: the Lawyer, 1) ties with a best
    count that much higher, with a count above zero of their own."""
    if not spec.titles:
        return []
    counted = [e for e in entries if e.titles]
    if counted and dock is None:
        raise SheetgenError(
            "scores.csv has title counts: say which title rewards the game uses "
            f"(--titles {' or '.join(spec.title_rewards)})"
        )
    if dock is None:
        return []
    awards = []
    for index, rnd in enumerate(spec.rounds):
        points = dock[min(index, len(dock) - 1)]
        for column, label in spec.titles:
            here = [e for e in counted if e.round == rnd and column in e.titles]
            counts = {e.player: e.titles[column] for e in here}
            if not counts:
                continue
            best = max(counts.values())
            if best <= 0:
                continue
            reach = {e.player: spec.title_reach.get(e.ability, Fraction(0)) for e in here}
            winners = tuple(
                sorted(
                    (p for p, c in counts.items() if c > 0 and c + reach[p] >= best),
                    key=_name_key,
                )
            )
            below = tuple(
                (p, counts[p], next(e.ability for e in here if e.player == p))
                for p in winners
                if counts[p] < best
            )
            awards.append(Award(label, rnd, best, winners, points, below))
    return awards
