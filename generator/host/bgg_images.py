"""What a host types to give a picture its BGG number (`sheetgen bgg-image PICTURE ID`): the
number, or the picture's BGG address, and the picture, by its file in the game folder. The
numbers are kept in `bgg-images.txt` (folder/bgg_images.py); every BGG text of a post with
that picture then carries `[ImageID=n]` in place of its `[ImageID=…]` placeholder
(render/bgg_image_ids.py): the `.bgg.txt` files (written with them by `game`, `round` and
`turn`, and again by `bgg-image`) and what `today` and the console give to paste. A picture
whose number is not known yet keeps the visible placeholder."""

from __future__ import annotations

import re

from generator.common.errors import SheetgenError
from generator.render.bgg_image_ids import bgg_pictures
from generator.render.text import Post

# A BGG image page or file address: the number after /image/ (or the pic number of a file).
_URL_ID = re.compile(
    r"boardgamegeek\.com/image/(\d{1,12})\b|geekdo-images\.com/.*?/pic(\d{1,12})\."
)


def image_id(text: str) -> int:
    """An ImageID typed as a number, or taken from the picture's BGG address."""
    words = text.strip()
    if words.isdigit() and 0 < len(words) <= 12:
        return int(words)
    found = _URL_ID.search(words)
    if found:
        return int(found.group(1) or found.group(2))
    raise SheetgenError(
        f"{text!r}: expected the picture's ImageID (the number BGG shows, e.g. 8123456) or "
        "its BGG address (https://boardgamegeek.com/image/8123456/...)"
    )


def picture_named(posts: list[Post], name: str) -> str:
    """The picture a host names by its file in the folder, or by its file name alone when
    only one picture has it; it must be one a BGG text shows."""
    pictures = list(dict.fromkeys(p for post in posts if post.bgg for p in bgg_pictures(post)))
    wanted = name.strip().removeprefix("./")
    if wanted in pictures:
        return wanted
    alike = [p for p in pictures if p.rpartition("/")[2] == wanted]
    if len(alike) == 1:
        return alike[0]
    if alike:
        raise SheetgenError(
            f"{name}: several pictures have that name ({', '.join(alike)}): give its folder too"
        )
    hidden = any(
        image.file.endswith(wanted) and image.hidden for post in posts for image in post.images
    )
    if hidden:
        raise SheetgenError(
            f"{name}: a hidden picture, never posted on BGG (its facts are in the text, behind "
            "spoilers)"
        )
    example = f" (e.g. {pictures[0]})" if pictures else ""
    raise SheetgenError(f"{name}: not a picture of this game's BGG posts{example}")
