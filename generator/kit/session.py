"""One game as a command sees it: pack + seed + start date -> content, rules and plan.

The plan header (pack, seed, digest, commitment, game id, start) is the same for every game;
the rules module adds what its game decides."""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.errors import ContentError, SheetgenError
from generator.games import GameRules, PlannedGame, rules_for
from generator.pack.load import Pack, load_pack
from generator.plan.model import PLAN_FORMAT, PlanHeader, to_data
from generator.plan.seeds import commitment, game_id
from generator.plan.shared import read_shared, shared_of

if TYPE_CHECKING:
    # The posting rhythm's models are built by a command that plans or reads a schedule,
    # not by a table's command, which loads the pack alone.
    from generator.plan.rhythm import Rhythm


@dataclass
class Game:
    pack: Pack
    rules: GameRules
    content: Any
    seed: str
    start: dt.date | None
    plan: PlanHeader  # a Plan, unless the game plans nothing ahead (a table game)
    options: dict[str, Any] = field(default_factory=dict)

    def default_folder(self) -> Path:
        return default_folder(self.pack.name, self.plan.game_id)


def default_folder(pack_name: str, game_id: str) -> Path:
    """Named by the public game id, never by the seed (a folder name gets shared)."""
    return Path("output") / f"{pack_name}-{game_id}"


def load_content(pack_ref: str) -> tuple[Pack, GameRules, Any]:
    """The pack, its rules and its validated content. Every problem of every file is reported
    in one run: a file that cannot be read or parsed does not hide the others' problems."""
    pack = load_pack(pack_ref, collect=True)
    read_problems = pack.all_problems()
    try:
        rules = rules_for(pack)
        content = rules.load(pack)
    except ContentError as exc:
        raise ContentError([*read_problems, *exc.problems]) from None
    if read_problems:
        raise ContentError(read_problems)
    return pack, rules, content


def check_dates(start: dt.date | None, turns: int) -> None:
    """A game whose days would run past the last date a calendar can hold is refused up
    front (a game has at most one day per turn)."""
    if start is not None and start <= dt.date.min:
        # The print-and-post day before day 1 needs a date too.
        raise SheetgenError(
            f"start date {start.isoformat()}: the day before it is no date a calendar holds "
            "(expected 0001-01-02 or later)"
        )
    if start is not None and (dt.date.max - start).days < turns:
        raise SheetgenError(
            f"start date {start.isoformat()}: the game's {turns} turns would run past the "
            f"year 9999 (expected a start before {(dt.date.max - dt.timedelta(turns))})"
        )


def plan_header(pack: Pack, seed: str, start: dt.date | None) -> PlanHeader:
    commit = commitment(pack.name, seed, pack.digest)
    return PlanHeader(
        format=PLAN_FORMAT,
        pack=pack.name,
        pack_version=pack.meta.version,
        content_digest=pack.digest,
        seed=seed,
        commitment=commit,
        game_id=game_id(commit),
        start=start.isoformat() if start else None,
    )


def open_game(
    pack_ref: str,
    seed: str,
    start: dt.date | None,
    rhythm: Rhythm | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """`options`: the game file's game options (Keep on Trucking's `ships`); a game whose
    rules take none refuses them. Rules that take options (`capabilities.takes_options`)
    record them in the plan, so a game folder goes on with them."""
    pack, rules, content = load_content(pack_ref)
    return plan_game(pack, rules, content, seed, start, rhythm, options)


def plan_game(
    pack: Pack,
    rules: GameRules,
    content: Any,
    seed: str,
    start: dt.date | None,
    rhythm: Rhythm | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """The game of content already loaded: a command that learns its start date from the
    folder only after loading the pack plans once, without loading the pack again."""
    from generator.plan.rhythm import Rhythm, RhythmError, apply_rhythm

    header = plan_header(pack, seed, start)
    options = {k: v for k, v in (options or {}).items() if v is not None}
    if options and not rules.capabilities.takes_options:
        raise SheetgenError(
            f"the {pack.name} pack takes no game options (got {', '.join(sorted(options))})"
        )
    plan: PlanHeader = header  # a table game that decides nothing ahead: the header alone
    if isinstance(rules, PlannedGame):
        check_dates(start, rules.turn_count(content))
        plan = rules.make_plan(content, header, start, options or None)
    schedule = shared_of(plan).schedule
    if start is not None and schedule:
        # Dates and clock times only: the rhythm is applied after every random choice is
        # made and feeds no stream, so it can never change what a post shows.
        if "rhythm" not in {f.name for f in dataclasses.fields(plan)}:
            raise SheetgenError(
                f"the {pack.name} pack's game plans a schedule, but its plan "
                f"({type(plan).__name__}) declares no `rhythm`: a scheduled game's plan ends "
                "with `schedule` and `rhythm` (generator/plan/shared.py)"
            )
        rhythm = rhythm or Rhythm()
        slots = list(dict.fromkeys(s.slot for s in schedule))
        # The two fields every scheduled game's plan ends with (plan/shared.py), by name:
        # the Plan type declares no rhythm, each game's plan does.
        calendar: dict[str, Any] = {
            "schedule": apply_rhythm(schedule, start, rhythm, slots),
            "rhythm": rhythm.record(),
        }
        plan = dataclasses.replace(plan, **calendar)
    elif rhythm is not None and rhythm != Rhythm():
        raise RhythmError((), "a posting rhythm needs a start date (start: in the game file)")
    return Game(pack, rules, content, seed, start, plan, options)


def recorded_rhythm(record: Any) -> Rhythm | None:
    """The rhythm a game folder's plan.json was written with, from its record there
    (SharedPlan.rhythm, or plan.json's `rhythm` as the commands that write a folder read it)."""
    from generator.plan.rhythm import recorded

    if not isinstance(record, dict):
        return None
    try:
        return recorded(record)
    except ValueError as exc:
        raise SheetgenError(f"plan.json: rhythm: cannot read it ({exc})") from None


def check_recorded_plan(
    pack: Pack, rules: GameRules, content: Any, data: dict[str, Any], shown: str
) -> None:
    """A scheduled game's posts are made from its folder's recorded plan: one edited by hand
    (a round number out of range, a record line emptied, a turn moved) would end in a crash
    or in posts no seed makes. So the plan must be the one its seed, start date, posting
    rhythm and options make from this content (planning takes milliseconds), as the commands
    that write a game's posts already ask (kit/build.py `settle`). A plan of other content (an
    upgraded pack) is not checked here: the commands that write say so."""
    from generator.plan.model import PlanError, first_difference, same_data

    recorded = read_shared(data, shown)
    if recorded.content_digest != pack.digest:
        return
    start = recorded.start
    made = to_data(
        plan_game(
            pack,
            rules,
            content,
            recorded.seed,
            dt.date.fromisoformat(start) if start is not None else None,
            recorded_rhythm(recorded.rhythm),
            dict(recorded.options) if recorded.options is not None else None,
        ).plan
    )
    if not same_data(made, data):
        raise PlanError(
            f"{shown}: not the plan its seed makes (first at {first_difference(data, made)}): "
            "it was edited by hand, or planned by another version of sheetgen; go on with that "
            "version, or put back the plan.json the game wrote (`sheetgen game --force` makes "
            "it anew from its seed: the players' game changes if another version planned it)"
        )
