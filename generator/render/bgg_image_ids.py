"""A post's BGG text with the numbers BGG gave its pictures: each `[ImageID=…]` placeholder
whose picture the host has given a number (`sheetgen bgg-image`, folder/bgg_images.py)
becomes `[ImageID=n]`; a picture without one keeps the visible placeholder.

A post's BGG text has one `[ImageID=…]` line per picture it shows on BGG, in the order of its
pictures (render/post.py `bgg`), so the k-th placeholder is the k-th picture's."""

from __future__ import annotations

import re
from collections.abc import Mapping

from generator.render.post import BGG_IMAGE
from generator.render.text import Post

# Only the renderer writes a number into an ImageID tag: text someone typed reaches a BGG
# text with a zero-width space after each `[` (render/post.py `bgg_literal`).
_FILLED = re.compile(r"\[ImageID=\d+\]")


def bgg_pictures(post: Post) -> list[str]:
    """The pictures a post shows on BGG, in the order of its [ImageID=…] lines."""
    return [image.file for image in post.facebook_images()]


def with_image_ids(text: str, post: Post, ids: Mapping[str, int]) -> str:
    """The BGG text with each placeholder whose picture has a number filled in."""
    pictures = iter(bgg_pictures(post))

    def fill(match: re.Match[str]) -> str:
        picture = next(pictures, None)
        known = ids.get(picture) if picture is not None else None
        return f"[ImageID={known}]" if known is not None else match[0]

    return re.sub(re.escape(BGG_IMAGE), fill, text)


def carries_image_id(text: str) -> bool:
    """A BGG text with at least one number filled in."""
    return _FILLED.search(text) is not None
