"""What the host does for each task of the month (plan/month.py), in words: the same steps
in the posting guide, `today`, the console and the calendar."""

from __future__ import annotations

from generator.plan.month import DIGEST, RANKINGS, HostTask
from generator.render.reveal import REVEAL_KEY as REVEAL_STEM


def task_heading(task: HostTask) -> str:
    """'Rankings after round 1 (scores due by Day 7, afternoon (...))'."""
    if task.kind == RANKINGS:
        return f"{task.title} (scores due by {task.deadline})"
    return task.title


def task_steps(task: HostTask, folder: str = "FOLDER") -> list[str]:
    """The task's steps, each a line; `folder` is the game folder as the host types it."""
    if task.kind == RANKINGS:
        which = "final" if task.round == "final" else f"round {task.round}"
        stem = task.files
        return [
            f"Type the players' {which} scores into scores.csv as they post them (a line with "
            "`correction` in its note replaces a mistyped one).",
            f"Run `sheetgen rankings -o {folder}`: it writes {stem}.* (texts and picture).",
            f"Post {stem} as the other posts: Facebook {stem}.facebook.txt with {stem}.png; "
            f"Discord {stem}.discord.md with {stem}.png; BGG {stem}.bgg.txt with {stem}.png "
            "uploaded to the gallery (the alt text is in "
            f"{stem}.host.txt).",
        ]
    if task.kind == DIGEST:
        return [
            f"Run `sheetgen digest -o {folder}` (with --fragment for a blog article): "
            "digest.html and digest.pdf hold every post so far, nothing later.",
            "Share digest.html (or digest.pdf) for players who fell behind: a file in the "
            "Facebook group or Discord channel, a link on BGG.",
        ]
    return [
        f"Run `sheetgen reveal -o {folder}`: it writes {REVEAL_STEM}.* with the seed, the "
        "commitment and the exact `sheetgen verify` command.",
        f"Post {REVEAL_STEM} like the others ({REVEAL_STEM}.facebook.txt, "
        f"{REVEAL_STEM}.discord.md, {REVEAL_STEM}.bgg.txt).",
    ]
