"""The numbers BGG gave the host's uploaded pictures, typed once: `bgg-images.txt` in the game
folder, one line a picture (its file in the folder, then its ImageID), filled by `sheetgen
bgg-image PICTURE ID`. Every BGG text of a post with that picture then carries
`[ImageID=n]` in place of its `[ImageID=…]` placeholder: the `.bgg.txt` files (written again
by the command) and what `today` and the console give to paste. A picture whose number is
not known yet keeps the visible placeholder.

A post's BGG text has one `[ImageID=…]` line per picture it shows on BGG, in the order of its
pictures (render/post.py `bgg`), so the k-th placeholder is the k-th picture's."""

from __future__ import annotations

import os
import re
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.render.post import BGG_IMAGE
from generator.render.text import Post

BGG_IMAGES_FILE = "bgg-images.txt"
MAX_MAP_BYTES = 1_000_000
HEADER = (
    "# The numbers BGG gave your uploaded pictures: `sheetgen bgg-image PICTURE ID` adds one.\n"
    "# One line a picture: its file in this folder, a space, its ImageID.\n"
)
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


def read_image_ids(root: Path) -> dict[str, int]:
    """Picture file -> ImageID; no file, no numbers. A line not understood is an error at its
    line (the host edits this file too)."""
    path = root / BGG_IMAGES_FILE
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        data = read_regular_file(path, MAX_MAP_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    ids: dict[str, int] = {}
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, _, value = text.rpartition(" ")
        if not name.strip() or not value.isdigit():
            raise SheetgenError(
                f"{display_path(path)}:{number}: expected a picture's file and its ImageID "
                f"(e.g. round-1/turn-01-build-tiles.png 8123456), got {abridged(text)!r}"
            )
        ids[name.strip()] = int(value)
    return ids


def abridged(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def write_image_ids(root: Path, ids: dict[str, int]) -> None:
    """The map written whole (a temporary file renamed over it: never half a file)."""
    path = root / BGG_IMAGES_FILE
    lines = [f"{name} {ids[name]}\n" for name in sorted(ids)]
    temporary = root / f".{BGG_IMAGES_FILE}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(HEADER + "".join(lines))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise SheetgenError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from None


def bgg_pictures(post: Post) -> list[str]:
    """The pictures a post shows on BGG, in the order of its [ImageID=…] lines."""
    return [image.file for image in post.facebook_images()]


def with_image_ids(text: str, post: Post, ids: dict[str, int]) -> str:
    """The BGG text with each placeholder whose picture has a number filled in."""
    pictures = iter(bgg_pictures(post))

    def fill(match: re.Match[str]) -> str:
        picture = next(pictures, None)
        known = ids.get(picture) if picture is not None else None
        return f"[ImageID={known}]" if known is not None else match[0]

    return re.sub(re.escape(BGG_IMAGE), fill, text)


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
