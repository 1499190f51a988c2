"""What the host does for one post on one platform, as items: a text to paste (read from
the file the game wrote, so what is shown is exactly what the file holds), a picture to
attach or upload with its alt text, or a note. `today` prints these items and the console
shows them with Copy buttons: one list, so the two never disagree."""

from __future__ import annotations

from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.render.console_html import Item, Note, PasteText, Picture
from generator.render.text import BGG_FILES_LINK, Post

MAX_POST_BYTES = 1_000_000  # a post is a few kilobytes; anything bigger is not ours
RULE = "─" * 60


def read_written(root: Path, name: str) -> str:
    """A post file's text as written in the game folder."""
    path = root / name
    if path.is_symlink() or not path.is_file():
        raise SheetgenError(
            f"{display_path(path)} is not written yet: run `sheetgen game` (or `round`) for "
            "this game first"
        )
    try:
        # The file opened, not the name: a pipe or a bigger file swapped in is not read.
        data = read_regular_file(path, MAX_POST_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    return data.decode("utf-8", errors="replace")


def _attachments(post: Post, where: str) -> list[Item]:
    return [Note(f"{where}: {name} (from the game folder)") for name in post.attachments]


def facebook_items(root: Path, post: Post) -> list[Item]:
    items: list[Item] = []
    if post.facebook is not None:
        name = f"{post.key}.facebook.txt"
        items.append(PasteText(f"New post: paste {name}", name, read_written(root, name)))
        items += _attachments(post, "Attach to the post")
        items += [Picture("Attach to the post", im.file, im.alt) for im in post.facebook_images()]
    for index, name in enumerate(post.comment_files()):
        heading = f"{post.comment_heading(index)}, text only: paste {name}"
        items.append(PasteText(heading, name, read_written(root, name)))
    return items


def discord_items(root: Path, post: Post) -> list[Item]:
    items: list[Item] = []
    names = post.discord_files()
    batches = post.discord_attachments()
    count = len(names) + max(0, len(batches) - 1)
    sent = _sent_by_webhook(root, post, count)
    if sent:
        # Pasted again, it would be in the channel twice.
        return [
            Note(
                f"Sent to Discord by `sheetgen send` (message {', '.join(sent)}): nothing to paste"
            )
        ]
    for part, name in enumerate(names, 1):
        label = f" (message {part} of {count})" if count > 1 else ""
        items.append(PasteText(f"Paste {name}{label}", name, read_written(root, name)))
    # Hidden pictures are written as SPOILER_ files: Discord blurs them until clicked. At
    # most 10 files a message: each further batch is a message of its own, with no text.
    for index, batch in enumerate(batches):
        where = (
            "Attach to the message"
            if not index
            else f"Attach to message {len(names) + index} of {count} (no text)"
        )
        for file, alt in batch:
            if alt is None:
                items.append(Note(f"{where}: {file} (from the game folder)"))
            else:
                items.append(Picture(where, file, alt))
    return items


def _sent_by_webhook(root: Path, post: Post, count: int) -> list[str]:
    """The ids of the post's messages when `sheetgen send` sent them all; else none."""
    if not (root / "posted.jsonl").exists():
        return []
    from generator.host.send_record import SENT, read_send_record

    record = read_send_record(root)
    ids = []
    for number in range(1, count + 1):
        # Any run's name for it: "turn 5 · KEY · 1", "correction 2 · KEY · 1", "table · KEY · 1".
        suffix = f" · {post.key} · {number}"
        found = [i for i, state in record.states.items() if state == SENT and i.endswith(suffix)]
        if not found:
            return []
        ids.append(record.ids.get(found[-1], "?"))
    return ids


def folder_image_ids(root: Path) -> dict[str, int]:
    """The numbers for the game the folder holds: those of a bgg-images.txt that names no
    game are its game's; those of another game (one the folder held before), none."""
    from generator.folder.bgg_images import read_image_map
    from generator.folder.write import read_existing_plan

    recorded = read_image_map(root)
    if recorded.game is None or not recorded.ids:
        return recorded.ids
    plan = read_existing_plan(root)
    return recorded.ids_for(plan, plan) if plan is not None else {}


def bgg_items(root: Path, post: Post) -> list[Item]:
    """BGG's steps in the order that works there: the files shared (BGG takes none) and the
    pictures uploaded first, then the text pasted with their link and numbers filled in. A
    picture whose ImageID the host has given (bgg-images.txt) is in the gallery already: the
    text carries its number. Only the numbers given for the folder's game count: those of
    a game the folder held before are not its pictures'."""
    from generator.render.bgg_image_ids import with_image_ids

    name = f"{post.key}.bgg.txt"
    items: list[Item] = []
    if post.attachments:
        files = ", ".join(post.attachments)
        items.append(
            Note(
                f"BGG takes no files: share {files} (from the game folder) by a file-sharing "
                f"link (Google Drive, Dropbox, your own site); it goes in place of "
                f"{BGG_FILES_LINK} in the text"
            )
        )
    pictures = post.facebook_images()
    ids = folder_image_ids(root) if pictures else {}
    missing = [im for im in pictures if im.file not in ids]
    for image in pictures:
        if image.file in ids:
            items.append(Note(f"In your BGG gallery: {image.file} (ImageID {ids[image.file]})"))
        else:
            items.append(Picture("Upload to your BGG gallery", image.file, image.alt))
    fill_in = []
    if post.attachments:
        fill_in.append(f"your link in place of {BGG_FILES_LINK}")
    if missing:
        fill_in.append(
            "the numbers BGG gave the pictures in its [ImageID=...] tags (or give each once: "
            f"`sheetgen bgg-image PICTURE ID -o {display_path(root)}`)"
        )
    label = f"Forum post: paste {name}" + (f" with {' and '.join(fill_in)}" if fill_in else "")
    text = read_written(root, name)
    items.append(PasteText(label, name, with_image_ids(text, post, ids) if ids else text))
    return items


PLATFORM_ITEMS = {"facebook": facebook_items, "discord": discord_items, "bgg": bgg_items}


def post_items(root: Path, post: Post, platform: str) -> list[Item]:
    return PLATFORM_ITEMS[platform](root, post)


def item_lines(items: list[Item]) -> list[str]:
    """The items as `today` prints them: each text fenced, so the host sees where it starts
    and ends."""
    lines = []
    for item in items:
        if isinstance(item, PasteText):
            lines += [f"   {item.label}:", f"┌{RULE}", *item.text.rstrip("\n").splitlines()]
            lines.append(f"└{RULE}")
        elif isinstance(item, Picture):
            lines += [f"   {item.label}: {item.file}", f"     Alt text: {item.alt}"]
        else:
            lines.append(f"   {item.text}")
    return lines
