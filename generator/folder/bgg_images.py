"""The numbers BGG gave the host's uploaded pictures, typed once: `bgg-images.txt` in the game
folder, one line a picture (its file in the folder, then its ImageID), filled by `sheetgen
bgg-image PICTURE ID` (host/bgg_images.py) and read by every run that writes or shows a BGG
text (render/bgg_image_ids.py fills them in)."""

from __future__ import annotations

import os
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file

BGG_IMAGES_FILE = "bgg-images.txt"
MAX_MAP_BYTES = 1_000_000
HEADER = (
    "# The numbers BGG gave your uploaded pictures: `sheetgen bgg-image PICTURE ID` adds one.\n"
    "# One line a picture: its file in this folder, a space, its ImageID.\n"
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
