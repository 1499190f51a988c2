"""The host's posting guide: for every day and slot, per platform, which files to publish, in
order, and what to attach. Post files hold only what players read; this guide (and each
post's `.host.txt`) holds everything else."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from generator.plan.model import Plan
from generator.plan.month import HostTask
from generator.plan.schedule import when, with_eve
from generator.plan.shared import shared_of
from generator.render.host_tasks import task_heading, task_steps
from generator.render.post import Part, Per, PostDraft, para
from generator.render.text import BGG_FILES_LINK, Post, fill

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

GUIDE_FILE = "posting-guide.md"


def posting_order(posts: list[Post]) -> list[Post]:
    return sorted(posts, key=lambda p: (p.turn, p.position))


def day_before(plan: SharedPlan) -> str:
    """'The day before day 1 (Mon 30 Nov 2026, 08:00 CET)', or without a date when none is
    set. The eve of day 1's date, which the posting rhythm may have moved past the start."""
    return when(with_eve(plan.schedule)[0])


PAPER_WORDS = {"a4": "A4", "letter": "US Letter"}


# What the pack texts say of the files, and what is true on each platform instead.
ATTACHED_WORDS = {
    "attached to this post": Per(
        facebook="attached to this post",
        discord="attached to this post",
        bgg="at the link at the end of this post",
        html="attached to this post",
    ),
    "Also attached": Per(
        facebook="Also attached",
        discord="Also attached",
        bgg="Also at that link",
        html="Also attached",
    ),
}
_ATTACHED = re.compile("|".join(re.escape(words) for words in ATTACHED_WORDS))


def attached_parts(text: str) -> list[Part]:
    """A text about attached files, with its words about them true on each platform (BGG
    attaches nothing: there they point to the host's link)."""
    found = _ATTACHED.findall(text)
    parts: list[Part] = []
    for index, piece in enumerate(_ATTACHED.split(text)):
        parts.append(piece)
        if index < len(found):
            parts.append(ATTACHED_WORDS[found[index]])
    return [p for p in parts if p != ""]


def before_day_one_post(
    text: str,
    plan: Plan,
    headline: str,
    print_files: list[str],
    more: Sequence[tuple[str, str]] = (),
) -> Post:
    """What to print, posted the day before day 1 with the print pack attached (every game
    with a schedule and a print pack). `more`: (file, paragraph) for each further attached
    file (not printed), named by its paragraph after the text. On BGG, which takes no
    files, the post ends with the host's link to them instead."""
    first = plan.schedule[0]
    date = when(first).partition(" (")[2].rstrip(")")
    names = []
    for path in print_files:
        name = path.rpartition("/")[2]
        paper = name.rpartition("-")[2][: -len(".pdf")]
        names.append(f"{name} ({PAPER_WORDS.get(paper, paper)})")
    body = fill(
        text,
        game_id=plan.game_id,
        first_date=f"day 1 ({date})" if date else "day 1",
        print_files=" or ".join(names),
    )
    more_files = [path for path, _ in more]
    more_blocks = [para(*attached_parts(words)) for _, words in more]
    files = [path.rpartition("/")[2] for path in [*print_files, *more_files]]
    link = para(
        f"The files ({', '.join(files)}): {BGG_FILES_LINK}. A BGG post cannot carry files, so "
        "the host shares them by this link.",
        only=("bgg",),
    )
    return PostDraft(
        key="before-day-1",
        title="Before day 1: what to print",
        turn=0,
        position=0,
        headline=f"{headline} · Print before day 1",
        when=day_before(shared_of(plan)),
        blocks=[para(*attached_parts(body)), *more_blocks, link],
        attachments=[*print_files, *more_files],
    ).render()


def _task_lines(tasks: Sequence[HostTask], when_words: bool, lead: str = "") -> list[str]:
    lines = []
    for task in tasks:
        heading = task_heading(task)
        lines.append(f"### {lead}{heading}" + (f" · {task.when}" if when_words else ""))
        lines += ["", *(f"{n}. {step}" for n, step in enumerate(task_steps(task), 1)), ""]
    return lines


def posting_guide(
    game_name: str, plan: SharedPlan, posts: list[Post], tasks: Sequence[HostTask] = ()
) -> str:
    by_turn = {s.turn: s for s in with_eve(plan.schedule)}
    ordered = posting_order(posts)
    lines = [
        f"# {game_name}: posting guide for game {plan.game_id}",
        "",
        "Publish these in order, one section per morning or afternoon. For each platform the",
        "steps say which file to paste and what to attach. Post files hold only what players",
        "read; alt texts for the pictures are in the `.host.txt` file beside each post.",
        "On Facebook no picture of dice or of a peeked stack is ever posted: those go as text,",
        "below the fold of a comment. On Discord they go as `SPOILER_` pictures and `||text||`.",
        "Never post plan.json or your game file: they hold the seed.",
        "",
    ]
    attachments = sorted({f for p in ordered for f in p.attachments})
    if attachments:
        lines += ["Files to attach before day 1 (players print them):"]
        lines += [f"- `{f}`" for f in attachments]
        lines.append("")
    for turn, group in groupby(ordered, key=lambda p: p.turn):
        posts_now = list(group)
        heading = day_before(plan) if turn == 0 else f"Turn {turn} · {when(by_turn[turn])}"
        lines += [f"## {heading}", ""]
        # The slot's work at a glance, in the order it goes out; the steps follow.
        lines += ["In order: " + " → ".join(p.title for p in posts_now), ""]
        for platform, steps_of in (
            ("Facebook", Post.facebook_steps),
            ("Discord", Post.discord_steps),
            ("BGG", Post.bgg_steps),
        ):
            steps = [step for post in posts_now for step in steps_of(post)]
            if not steps:
                continue
            lines.append(f"{platform}:")
            lines += [f"{i}. {step}" for i, step in enumerate(steps, 1)]
            lines.append("")
        after = [t for t in tasks if t.after_turn == turn and not t.after_the_end]
        if after:
            lines += _task_lines(after, False, "Then, after these posts: ")
    final = [t for t in tasks if t.after_the_end]
    lines += ["## After the last post", ""]
    if final:
        lines += ["FOLDER is this game's folder.", "", *_task_lines(final, True)]
    else:
        lines += [
            "Reveal the seed so players can check the commitment: run `sheetgen reveal -o FOLDER`",
            "(FOLDER: this game's folder). It writes `game-end-reveal.*` with the seed, the",
            "commitment and the exact `sheetgen verify` command; post it like the others.",
            "",
        ]
    return "\n".join(lines)
