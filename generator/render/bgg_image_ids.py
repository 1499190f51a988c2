"""A post's BGG text with the numbers BGG gave its pictures: each `[ImageID=…]` placeholder
whose picture the host has given a number (`sheetgen bgg-image`, folder/bgg_images.py)
becomes `[ImageID=n]`; a picture without one keeps the visible placeholder.

A post's BGG text has one `[ImageID=…]` line per picture it shows on BGG, in the order of its
pictures (render/post.py `bgg`), so its k-th ImageID tag, filled in or not, is the k-th
picture's: a number given again (a correction) replaces the one the text had, and a post
whose first picture has its number already fills its second with the second's."""

from __future__ import annotations

import re
from collections.abc import Mapping

from generator.render.post import BGG_IMAGE
from generator.render.text import Post

# Only the renderer writes an ImageID tag, and only this module a number into one: text
# someone typed reaches a BGG text with a zero-width space after each `[` (render/post.py
# `bgg_literal`).
_FILLED = re.compile(r"\[ImageID=\d+\]")
_TAG = re.compile(f"{re.escape(BGG_IMAGE)}|{_FILLED.pattern}")


def bgg_pictures(post: Post) -> list[str]:
    """The pictures a post shows on BGG, in the order of its [ImageID=…] lines."""
    return [image.file for image in post.facebook_images()]


def with_image_ids(text: str, post: Post, ids: Mapping[str, int]) -> str:
    """The BGG text with each ImageID tag whose picture has a number carrying it; the others
    as they were."""
    pictures = iter(bgg_pictures(post))

    def fill(match: re.Match[str]) -> str:
        picture = next(pictures, None)
        known = ids.get(picture) if picture is not None else None
        return f"[ImageID={known}]" if known is not None else match[0]

    return _TAG.sub(fill, text)


def carries_image_id(text: str) -> bool:
    """A BGG text with at least one number filled in."""
    return _FILLED.search(text) is not None
