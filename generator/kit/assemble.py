"""The one assembly of a scheduled game's files: the posts of a scope in every flavour, their
pictures, the sheets, and for the whole game the posting guide and the calendar. A game
gives its posts, pictures and sheets; where each goes is decided here, the same for all."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import click

from generator.common.output_file import OutputFile
from generator.games import RenderOptions
from generator.plan.model import Plan
from generator.plan.month import HostTask
from generator.plan.shared import shared_of
from generator.render.bgg_image_ids import with_image_ids
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


def post_files(posts: Iterable[Post], image_ids: Mapping[str, int]) -> list[OutputFile]:
    """Each post's files: every platform's text, its HTML and its host notes. The BGG text
    carries the ImageIDs the host gave its pictures (`image_ids`), so a folder written again
    holds them from its one write."""
    return [
        OutputFile(name, text.encode("utf-8"))
        for post in posts
        for name, text in post_texts(post, image_ids).items()
    ]


def post_texts(post: Post, image_ids: Mapping[str, int]) -> dict[str, str]:
    files = post.files()
    bgg = f"{post.key}.bgg.txt"
    if image_ids and bgg in files:
        files[bgg] = with_image_ids(files[bgg], post, image_ids)
    return files


def schedule_files(
    game_name: str, plan: Plan, posts: list[Post], tasks: Sequence[HostTask] = ()
) -> list[OutputFile]:
    """The posting guide and, for a dated game, the calendar of every post and host task."""
    # The calendar library is loaded only by the commands that write a calendar.
    from generator.render.calendar_ics import calendar_file

    shared = shared_of(plan)
    guide = OutputFile(GUIDE_FILE, posting_guide(game_name, shared, posts, tasks).encode("utf-8"))
    return [guide, *calendar_file(game_name, shared, posts, tasks)]


def scope_files(
    game_name: str,
    plan: Plan,
    scope_kind: str,
    posts: list[Post],
    pictures: Callable[[], Drawing] | None = None,
    sheets: Callable[[], list[OutputFile]] | None = None,
    options: RenderOptions | None = None,
    tasks: Sequence[HostTask] = (),
) -> list[OutputFile]:
    """A scope's files: its posts and their pictures; the sheets for the whole game or the
    sheets alone; the guide and calendar for the whole game (built from its posts).
    `options`: the command's (RenderOptions), for how far the drawing got and the ImageIDs
    the BGG texts carry; `tasks`: the host's month beside the posts
    (ScheduledGame.host_tasks), in the guide and the calendar."""
    options = options or RenderOptions()
    files = post_files(posts, options.image_ids) if scope_kind != "sheets" else []
    if pictures is not None and scope_kind != "sheets":
        files += drawn(pictures(), options.progress)
    if scope_kind == "game":
        files += schedule_files(game_name, plan, posts, tasks)
    if sheets is not None and scope_kind in ("game", "sheets"):
        files += sheets()
    return files
