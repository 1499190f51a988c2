"""The ImageIDs a host gave (bgg-images.txt, host/bgg_images.py) written into a game folder's
BGG texts again: by `sheetgen bgg-image` alone, and after `game`, `round` or `turn` wrote
those texts again with their placeholders."""

from __future__ import annotations

from pathlib import Path

from generator.common.output_file import OutputFile
from generator.folder.write import write_game
from generator.host.bgg_images import read_image_ids, with_image_ids
from generator.host.post_steps import read_written
from generator.render.text import Post


def filled_texts(root: Path, posts: list[Post], ids: dict[str, int]) -> list[OutputFile]:
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


def keep_image_ids(root: Path) -> int:
    """After `game`, `round` or `turn` wrote a folder's BGG texts again: the ImageIDs the host
    gave filled in again, as `bgg-image` alone does; how many texts changed."""
    from generator.host.table_open import TableGame, open_host_game
    from generator.host.today import slots_with_posts

    ids = read_image_ids(root)
    if not ids:
        return 0
    game = open_host_game(root, None, outline=True)
    if isinstance(game, TableGame) or not game.plan.get("schedule"):
        return 0
    posts = [p for w in slots_with_posts(game) for p in w.posts if p.bgg is not None]
    files = filled_texts(game.root, posts, ids)
    if files:
        write_game(game.root, game.plan, files, force=False)
    return len(files)
