"""`sheetgen bgg-image`: the number BGG gave an uploaded picture, given once
(host/bgg_images.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from generator.cli.base import game_folder_option, report_errors
from generator.cli.group import main
from generator.common.errors import SheetgenError, display_path


@main.command("bgg-image")
@click.argument("picture", required=False)
@click.argument("image_id", metavar="ID", required=False)
@game_folder_option
@report_errors
def bgg_image(picture: str | None, image_id: str | None, folder: Path | None) -> None:
    """Give the ImageID BGG gave an uploaded picture, once: every BGG text of a post with it
    then carries [ImageID=ID] (the .bgg.txt files, `today` and the console).

    PICTURE is its file in the game folder (round-1/turn-01-build-tiles.png, or just its
    name); ID the number BGG shows on the picture's page, or that page's address. Without
    PICTURE and ID: any placeholder left filled in from bgg-images.txt (`game`, `round` and
    `turn` keep the numbers themselves), and the pictures still without a number."""
    from generator.folder.bgg_images import BGG_IMAGES_FILE, read_image_map
    from generator.folder.write import write_game
    from generator.host.bgg_images import image_id as parse_id
    from generator.host.bgg_images import picture_named
    from generator.host.bgg_refill import filled_texts
    from generator.host.game_folder import require_schedule
    from generator.host.table_open import TableGame, open_host_game
    from generator.host.today import slots_with_posts
    from generator.render.bgg_image_ids import bgg_pictures

    game = open_host_game(folder, None, outline=True)
    if isinstance(game, TableGame):
        raise click.UsageError(f"{game.title} is a table game: its posts carry no BGG pictures")
    require_schedule(game)
    posts = [p for w in slots_with_posts(game) for p in w.posts if p.bgg is not None]
    if (picture is None) != (image_id is None):
        raise click.UsageError("give the picture and its ID: bgg-image PICTURE ID")
    recorded = read_image_map(game.root)
    ids = dict(recorded.ids_for(game.plan, game.plan))
    if picture is not None and image_id is not None:
        name = picture_named(posts, picture)
        number = parse_id(image_id)
        ids, before = record_image_id(game.root, game.plan, name, number)
        said = f" (was {before})" if before is not None and before != number else ""
        click.echo(
            f"{name}: ImageID {number}{said}, in {display_path(game.root / BGG_IMAGES_FILE)}."
        )
        posts = [p for p in posts if name in bgg_pictures(p)]
    files = filled_texts(game.root, posts, ids)
    if files:
        write_game(game.root, game.plan, files, force=False)
    for written in files:
        click.echo(f"  {written.path}: [ImageID=…] filled in")
    if picture is None:
        left_out = recorded.left_out(game.plan, game.plan)
        if left_out is not None:
            click.echo(left_out)
        missing = [p for post in posts for p in bgg_pictures(post) if p not in ids]
        click.echo(
            f"{len(ids)} picture{'s' if len(ids) != 1 else ''} with an ImageID; "
            f"{len(missing)} still without one" + (":" if missing else ".")
        )
        for name in missing[:20]:
            click.echo(f"  {name}")
        if len(missing) > 20:
            click.echo(f"  … and {len(missing) - 20} more")


def record_image_id(
    root: Path, plan: dict[str, Any], name: str, number: int
) -> tuple[dict[str, int], int | None]:
    """The folder's numbers with `name`'s, recorded; and the number it had before. Read,
    changed and written under the folder's lock, so that two runs at once both keep theirs,
    and only while the folder holds the game `plan` is: another game written in meanwhile
    never gets this game's number. The numbers of another game (one the folder held
    before) are never mixed with this game's: its list starts anew."""
    from generator.folder.bgg_images import BGG_IMAGES_FILE, read_image_map, write_image_ids
    from generator.folder.game_mark import game_mark
    from generator.folder.write import folder_lock, read_existing_plan

    try:
        with folder_lock(Path(os.path.realpath(root))):
            now = read_existing_plan(root, tolerant=True)
            if now is None or game_mark(now) != game_mark(plan):
                raise SheetgenError(
                    f"{display_path(root)} holds another game now (another run wrote it): "
                    "the ImageID was not recorded"
                )
            recorded = read_image_map(root)
            ids = dict(recorded.ids_for(plan, plan))
            whose = recorded.another_games(plan, plan)
            before = ids.get(name)
            ids[name] = number
            write_image_ids(root, game_mark(plan), ids)
    except OSError as exc:
        raise SheetgenError(
            f"cannot record in {display_path(root / BGG_IMAGES_FILE)}: {exc.strerror or exc}"
        ) from None
    if whose:
        click.echo(
            f"{BGG_IMAGES_FILE} held the ImageIDs {whose}: they are not kept, a new list "
            f"starts for this game ({plan.get('game_id')})."
        )
    return ids, before
