"""The one assembly of a scheduled game's files: the posts of a scope in every flavour, their
pictures, the sheets, and for the whole game the posting guide and the calendar. A game
gives its posts, pictures and sheets; where each goes is decided here, the same for all."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from generator.common.output_file import OutputFile
from generator.plan.model import to_data
from generator.plan.month import HostTask
from generator.render.guide import GUIDE_FILE as GUIDE_FILE  # the kit's guide, by name
from generator.render.guide import posting_guide
from generator.render.text import Post


@dataclass(frozen=True)
class Drawing:
    """Pictures a game draws for a scope: `count` files, made one by one as `files` is read
    (by workers, for a game that draws many), so the assembler can show how far it got."""

    count: int
    files: Iterable[OutputFile]


def drawn(drawing: Drawing, progress: bool) -> list[OutputFile]:
    """Every file of a drawing; with `progress` (a host at a terminal) a bar on stderr, the
    one way every game reports long drawing."""
    if not progress or drawing.count == 0:
        return list(drawing.files)
    with click.progressbar(
        drawing.files, length=drawing.count, label="Drawing images", file=sys.stderr
    ) as bar:
        return list(bar)


def post_files(posts: Iterable[Post]) -> list[OutputFile]:
    """Each post's files: every platform's text, its HTML and its host notes."""
    return [
        OutputFile(name, text.encode("utf-8"))
        for post in posts
        for name, text in post.files().items()
    ]


def schedule_files(
    game_name: str, plan: Any, posts: list[Post], tasks: Sequence[HostTask] = ()
) -> list[OutputFile]:
    """The posting guide and, for a dated game, the calendar of every post and host task."""
    # The calendar library is loaded only by the commands that write a calendar.
    from generator.render.calendar_ics import calendar_file

    guide = OutputFile(GUIDE_FILE, posting_guide(game_name, plan, posts, tasks).encode("utf-8"))
    return [guide, *calendar_file(game_name, to_data(plan), posts, tasks)]


def scope_files(
    game_name: str,
    plan: Any,
    scope_kind: str,
    posts: list[Post],
    pictures: Callable[[], Drawing] | None = None,
    sheets: Callable[[], list[OutputFile]] | None = None,
    progress: bool = False,
    tasks: Sequence[HostTask] = (),
) -> list[OutputFile]:
    """A scope's files: its posts and their pictures; the sheets for the whole game or the
    sheets alone; the guide and calendar for the whole game (built from its posts).
    `progress`: show how far the drawing got (RenderOptions.progress); `tasks`: the host's
    month beside the posts (ScheduledGame.host_tasks), in the guide and the calendar."""
    files = post_files(posts) if scope_kind != "sheets" else []
    if pictures is not None and scope_kind != "sheets":
        files += drawn(pictures(), progress)
    if scope_kind == "game":
        files += schedule_files(game_name, plan, posts, tasks)
    if sheets is not None and scope_kind in ("game", "sheets"):
        files += sheets()
    return files
