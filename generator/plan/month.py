"""The host's month beyond the posts, from the plan's schedule alone, so that the posting
guide, `today`, the console, the calendar and the posts say the same:

- the rankings after each scored round: players' scores are due by the same slot of the
  next game day, and the rankings go out with that slot, after its posts; after the last
  round, the day after the last post at its time;
- a catch-up page (`sheetgen digest`) after each calendar week's last slot, for players who
  fell behind (the last one after the reveal);
- the reveal of the seed, after the final rankings (after the last post for a game without
  scores).

And the days off: which slot is the last before a day with no posts, and what comes next."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from generator.plan.clock import moment
from generator.plan.model import Slot
from generator.plan.schedule import date_text

if TYPE_CHECKING:
    # The rhythm's schema (msgspec) is loaded only for a plan that records a rhythm, when
    # a day off is looked up: `today` reads the month's tasks without it.
    from generator.plan.rhythm import Rhythm
    from generator.plan.shared import SharedPlan

RANKINGS = "rankings"
DIGEST = "digest"
REVEAL = "reveal"


@dataclass(frozen=True)
class HostTask:
    """One thing the host does beside the posts, at a moment of the game."""

    key: str  # unique in the game: "rankings-1", "rankings-final", "digest-1", "reveal"
    kind: str  # RANKINGS, DIGEST or REVEAL
    title: str  # "Rankings after round 1"
    after_turn: int  # it goes out after this slot's posts
    at: dt.datetime | None  # when it is due (None: an undated game)
    when: str  # "Day 7, afternoon (Mon 7 Dec 2026, 17:30 CET)" or "the day after day 26"
    round: str | None = None  # rankings: the round's key in scores.csv
    final: bool = False  # rankings: the last round's (rankings/final)
    deadline: str = ""  # rankings: when the players' scores are due, in words
    end_turn: int | None = None  # rankings: the turn of the round's last post
    # After the last post, at its own time (the final rankings, the reveal, the last
    # catch-up page); otherwise it goes out with the slot `after_turn`, after its posts.
    after_the_end: bool = False

    @property
    def files(self) -> str:
        """The posts' file stem ("rankings/round-1"), for rankings; "" otherwise."""
        if self.kind != RANKINGS:
            return ""
        return "rankings/final" if self.final else f"rankings/round-{self.round}"


def _slot_names(plan: SharedPlan) -> list[str]:
    return list(dict.fromkeys(e.slot for e in plan.schedule))


def _next_day_same_time(plan: SharedPlan, entry: Slot) -> tuple[dt.datetime | None, str]:
    """The next posting date after a slot's (a rest day or skipped date is passed over), at
    its wall-clock time (a clock change keeps 17:30 at 17:30)."""
    if not entry.date:
        return None, f"the day after day {entry.day}"
    date = dt.date.fromisoformat(entry.date) + dt.timedelta(days=1)
    rhythm = _rhythm(plan)
    if rhythm is not None:
        from generator.plan.rhythm import next_posting_date

        date = next_posting_date(rhythm, date - dt.timedelta(days=1), _slot_names(plan))
    at = moment(entry)
    if at is None or entry.timezone is None:
        return None, f"{date:%a} {date.day} {date:%b %Y}"
    zone = ZoneInfo(entry.timezone)
    local = dt.datetime.combine(date, at.astimezone(zone).time().replace(tzinfo=None))
    later = local.replace(tzinfo=zone)
    return later, f"{later:%a} {later.day} {later:%b %Y}, {later:%H:%M} {later.tzname()}"


def _slot_words(entry: Slot) -> str:
    text = f"Day {entry.day}, {entry.slot}"
    return f"{text} ({date_text(entry)})" if entry.date else text


def rankings_tasks(plan: SharedPlan, rounds: Sequence[tuple[str, int]]) -> list[HostTask]:
    """`rounds`: each scored round's key (as scores.csv has it) and the turn of its last
    post, in play order. A round's scores are due by the same slot of the next game day."""
    entries = plan.schedule
    by_turn = {e.turn: e for e in entries}
    tasks = []
    for number, (key, end_turn) in enumerate(rounds, 1):
        final = number == len(rounds)
        end = by_turn[end_turn]
        later = [e for e in entries if e.day == end.day + 1 and e.slot == end.slot]
        if later:
            slot = later[0]
            at, words, after = moment(slot), _slot_words(slot), slot.turn
        else:
            at, words = _next_day_same_time(plan, end)
            after = entries[-1].turn
        own = not later
        title = "Final rankings" if final else f"Rankings after round {key}"
        tasks.append(
            HostTask(
                key=f"rankings-{'final' if final else key}",
                kind=RANKINGS,
                title=title,
                after_turn=after,
                at=at,
                when=words,
                round=key,
                final=final,
                deadline=words,
                end_turn=end_turn,
                after_the_end=own,
            )
        )
    return tasks


def month_tasks(plan: SharedPlan, rounds: Sequence[tuple[str, int]]) -> list[HostTask]:
    """Every host task of the game, in the order they are due (see the module's text)."""
    entries = plan.schedule
    rankings = rankings_tasks(plan, rounds)
    last = entries[-1]
    if rankings:
        reveal_at, reveal_when = rankings[-1].at, rankings[-1].when
    else:
        reveal_at, reveal_when = moment(last), _slot_words(last)
    reveal = HostTask(
        key=REVEAL,
        kind=REVEAL,
        title="The reveal of the seed",
        after_turn=last.turn,
        at=reveal_at,
        when=reveal_when,
        after_the_end=True,
    )
    digests = []
    weeks: dict[tuple[int, int], Slot] = {}
    for entry in entries:
        if entry.date:
            weeks[dt.date.fromisoformat(entry.date).isocalendar()[:2]] = entry
    for number, entry in enumerate(list(weeks.values())[:-1], 1):
        digests.append(
            HostTask(
                key=f"digest-{number}",
                kind=DIGEST,
                title=f"Catch-up page, week {number}",
                after_turn=entry.turn,
                at=moment(entry),
                when=_slot_words(entry),
            )
        )
    last_digest = HostTask(
        key=f"digest-{len(digests) + 1}",
        kind=DIGEST,
        title="The last catch-up page" if digests else "The catch-up page",
        after_turn=last.turn,
        at=reveal_at,
        when=reveal_when,
        after_the_end=True,
    )
    tasks = [*rankings[:-1], *digests]
    tasks.sort(key=lambda t: (t.after_turn, t.kind != RANKINGS))
    return [*tasks, *rankings[-1:], reveal, last_digest]


@dataclass(frozen=True)
class DayOff:
    """A slot that is the last before one or more dates with no posts."""

    turn: int
    dates: tuple[dt.date, ...]  # the dates without posts, in order
    next_when: str  # the next slot, in words


def days_off(plan: SharedPlan) -> list[DayOff]:
    """The slots followed by dates without posts (rest days, skipped dates), for the line
    players read in the post before them. None in an undated game."""
    dated = [(e, dt.date.fromisoformat(e.date)) for e in plan.schedule if e.date]
    found = []
    for (this, first), (following, then) in pairwise(dated):
        gap = (then - first).days
        if gap > 1:
            dates = tuple(first + dt.timedelta(days=n) for n in range(1, gap))
            found.append(DayOff(this.turn, dates, _slot_words(following)))
    return found


def dates_words(dates: Sequence[dt.date]) -> str:
    """'Sun 6 Dec' or 'Thu 24 Dec to Sat 26 Dec' (dates in a row)."""
    first, last = dates[0], dates[-1]
    if first == last:
        return f"{first:%a} {first.day} {first:%b}"
    return f"{first:%a} {first.day} {first:%b} to {last:%a} {last.day} {last:%b}"


def _rhythm(plan: SharedPlan) -> Rhythm | None:
    record = plan.rhythm
    if record is None:
        return None
    from generator.plan.rhythm import recorded

    try:
        return recorded(record)
    except ValueError:
        return None


def off_words(plan: SharedPlan, date: dt.date) -> str:
    """Why a date has no posts, as players read it: 'a rest day' (a weekday the rhythm
    rests) or 'a day off' (a date the host skips)."""
    rhythm = _rhythm(plan)
    if rhythm is None:
        return "a day off"
    from generator.plan.rhythm import why_no_posts

    why = why_no_posts(rhythm, date, _slot_names(plan))
    return "a rest day" if why and why.endswith("rest day") else "a day off"
