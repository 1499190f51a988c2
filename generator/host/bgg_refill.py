"""The ImageIDs a host gave (bgg-images.txt, folder/bgg_images.py) written into the BGG texts
a game folder already holds: what `sheetgen bgg-image` does once a number is given. (`game`,
`round` and `turn` write their BGG texts with the numbers already in: kit/build.py.)"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.common.output_file import OutputFile
from generator.host.post_steps import read_written
from generator.render.bgg_image_ids import with_image_ids
from generator.render.text import Post


def filled_texts(root: Path, posts: list[Post], ids: Mapping[str, int]) -> list[OutputFile]:
    """The posts' BGG texts in the folder with the ImageIDs known filled in, those that
    change."""
    files = []
    for post in posts:
        file = f"{post.key}.bgg.txt"
        text = read_written(root, file)
        filled = with_image_ids(text, post, ids)
        if filled != text:
            files.append(OutputFile(file, filled.encode("utf-8")))
    return files
