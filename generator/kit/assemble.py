"""The one assembly of a scheduled game's files: the posts of a scope in every flavour, their
pictures, the sheets, and for the whole game the posting guide and the calendar. A game
gives its posts, pictures and sheets; where each goes is decided here, the same for all."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from generator.common.output_file import OutputFile
from generator.plan.model import to_data
from generator.render.calendar_ics import calendar_file
from generator.render.guide import posting_guide
from generator.render.text import Post

GUIDE_FILE = "posting-guide.md"


def post_files(posts: Iterable[Post]) -> list[OutputFile]:
    """Each post's files: every platform's text, its HTML and its host notes."""
    return [
        OutputFile(name, text.encode("utf-8"))
        for post in posts
        for name, text in post.files().items()
    ]


def schedule_files(game_name: str, plan: Any, posts: list[Post]) -> list[OutputFile]:
    """The posting guide and, for a dated game, the calendar of every post."""
    guide = OutputFile(GUIDE_FILE, posting_guide(game_name, plan, posts).encode("utf-8"))
    return [guide, *calendar_file(game_name, to_data(plan), posts)]


def scope_files(
    game_name: str,
    plan: Any,
    scope_kind: str,
    posts: list[Post],
    pictures: Callable[[], list[OutputFile]] | None = None,
    sheets: Callable[[], list[OutputFile]] | None = None,
) -> list[OutputFile]:
    """A scope's files: its posts and their pictures; the sheets for the whole game or the
    sheets alone; the guide and calendar for the whole game (built from its posts)."""
    files = post_files(posts) if scope_kind != "sheets" else []
    if pictures is not None and scope_kind != "sheets":
        files += pictures()
    if scope_kind == "game":
        files += schedule_files(game_name, plan, posts)
    if sheets is not None and scope_kind in ("game", "sheets"):
        files += sheets()
    return files
