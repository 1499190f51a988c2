"""What players read of the month beside the game: the schedule post before day 1 (the
dates, the days off, the end, when scores are due), a line in the last post before each day
off, and in each round's last post when its scores are due. Every scheduled game gets them
the same way, from the plan's schedule alone (plan/month.py)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.plan.model import Slot
from generator.plan.month import RANKINGS, REVEAL, HostTask, dates_words, days_off, off_words
from generator.plan.schedule import date_text
from generator.render.post import Block, PostDraft, item, para
from generator.render.text import Post

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

SCHEDULE_KEY = "schedule"
SCHEDULE_TITLE = "Before day 1: the schedule"


def _last_public(posts: list[Post], turn: int) -> int | None:
    """The index of the slot's last post that players see as a post on every platform (a
    post that is only a Facebook comment, such as a peeked stack, is passed by)."""
    found = None
    for index, post in enumerate(posts):
        if post.turn == turn and post.facebook is not None:
            if found is None or post.position >= posts[found].position:
                found = index
    return found


def _off_groups(plan: SharedPlan, dates: Sequence[dt.date]) -> list[tuple[list[dt.date], str]]:
    """Dates in a row with the same reason, each with it: ([Thu 24, Fri 25], 'a day off')."""
    groups: list[tuple[list[dt.date], str]] = []
    for date in dates:
        words = off_words(plan, date)
        if groups and groups[-1][1] == words and (date - groups[-1][0][-1]).days == 1:
            groups[-1][0].append(date)
        else:
            groups.append(([date], words))
    return groups


def _off_text(plan: SharedPlan, dates: Sequence[dt.date]) -> str:
    parts = []
    for group, words in _off_groups(plan, dates):
        plural = {"a rest day": "rest days", "a day off": "days off"}[words]
        parts.append(f"{dates_words(group)} ({words if len(group) == 1 else plural})")
    return ", ".join(parts)


def day_off_line(plan: SharedPlan, dates: Sequence[dt.date], next_when: str) -> Block:
    if len(dates) == 1:
        lead = f"No posts tomorrow, {_off_text(plan, dates)}."
    else:
        lead = f"No posts for {len(dates)} days: {_off_text(plan, dates)}."
    return para(f"{lead} The next post: {next_when}.")


def deadline_line(task: HostTask) -> Block:
    which = (
        "your final score"
        if task.final and task.round in (None, "final")
        else (f"your score for round {task.round}")
    )
    follow = "the final rankings follow then" if task.final else "the rankings follow then"
    return para(f"Scores: post {which} by {task.deadline}; {follow}.")


def with_month(posts: list[Post], plan: SharedPlan, tasks: Sequence[HostTask]) -> list[Post]:
    """The posts with the month's lines added, and the schedule post after the post of
    what to print (when the posts hold it)."""
    posts = list(posts)
    turns = {p.turn for p in posts}
    for off in days_off(plan):
        if off.turn in turns:
            index = _last_public(posts, off.turn)
            if index is not None:
                posts[index] = posts[index].amended(day_off_line(plan, off.dates, off.next_when))
    for task in tasks:
        if task.kind != RANKINGS:
            continue
        end = task.end_turn
        if end is not None and end in turns:
            index = _last_public(posts, end)
            if index is not None:
                posts[index] = posts[index].amended(deadline_line(task))
    before = next((p for p in posts if p.turn == 0 and p.key == "before-day-1"), None)
    if before is not None:
        posts.append(schedule_post(plan, before, tasks))
    return posts


def _times_words(schedule: Sequence[Slot], slots: list[str]) -> str:
    """'morning 08:00 and afternoon 17:30 (Europe/Amsterdam time)', with each change of a
    slot's clock time from its first date ('afternoon 17:30, 18:30 from Fri 4 Dec')."""
    timed = [e for e in schedule if e.time]
    if not timed:
        return ""
    parts = []
    for name in slots:
        seen: list[tuple[str, str]] = []
        for entry in timed:
            if entry.slot == name and (not seen or seen[-1][0] != entry.time):
                seen.append((str(entry.time), str(entry.date)))  # a timed entry has both
        if not seen:
            continue
        words = f"{name} {seen[0][0]}"
        for time, date in seen[1:]:
            words += f", {time} from {dates_words([dt.date.fromisoformat(date)])}"
        parts.append(words)
    zones = " then ".join(dict.fromkeys(str(e.timezone) for e in timed))
    return f"{' and '.join(parts)} ({zones} time)"


def schedule_post(plan: SharedPlan, before: Post, tasks: Sequence[HostTask]) -> Post:
    """The game's calendar for players, posted the day before day 1 after what to print."""
    schedule = plan.schedule
    first, last = schedule[0], schedule[-1]
    slots = list(dict.fromkeys(e.slot for e in schedule))
    days = last.day
    blocks: list[Block] = []
    count = (
        f"{len(schedule)} posts on {days} posting days"
        if len(slots) > 1
        else (f"{len(schedule)} posts, one a day")
    )
    if first.date and last.date:
        span = (dt.date.fromisoformat(last.date) - dt.date.fromisoformat(first.date)).days + 1
        blocks.append(
            para(
                f"The schedule: {count}, from {date_text(first).split(',')[0]} to "
                f"{date_text(last).split(',')[0]} ({span} calendar days)."
            )
        )
        said = _times_words(schedule, slots)
        if said:
            blocks.append(para(f"Posting times: {said}."))
    else:
        blocks.append(para(f"The schedule: {count}, {' and '.join(slots)}."))
    offs = days_off(plan)
    if offs:
        blocks.append(para("No posts on these dates:"))
        blocks += [item(_off_text(plan, off.dates)) for off in offs]
    elif first.date:
        blocks.append(para("Every day from the first post to the last has posts."))
    last_words = f"Day {last.day}, {last.slot}"
    if last.date:
        last_words += f" ({date_text(last)})"
    blocks.append(para(f"The last post: {last_words}."))
    rankings = [t for t in tasks if t.kind == RANKINGS]
    if rankings:
        blocks.append(para("Scores are due by these times (the rankings follow then):"))
        for task in rankings:
            what = "final scores" if task.final and len(rankings) == 1 else (f"round {task.round}")
            blocks.append(item(f"{what}: {task.deadline}"))
    reveal = next((t for t in tasks if t.kind == REVEAL), None)
    if reveal is not None:
        blocks.append(
            para(f"The host reveals the seed (to check the commitment) on {reveal.when}.")
        )
    assert before.headline is not None
    return PostDraft(
        key=SCHEDULE_KEY,
        title=SCHEDULE_TITLE,
        turn=0,
        position=before.position + 1,
        headline=before.headline.rpartition(" · ")[0] + " · The schedule",
        when=before.draft.when if before.draft is not None else "",
        blocks=blocks,
    ).render()
