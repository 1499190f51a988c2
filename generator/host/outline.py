"""What `today` and `posted` read of a scheduled game, beside its plan: the game's name,
what its rules can do, its posts in posting order (their texts and pictures, as the folder
holds them) and the host's month (rankings, catch-up pages, the reveal).

All of it follows from the folder's pack copy, its plan.json and the papers its sheets were
written for, through the code; so it is kept in the host's cache (common/cache.py) under
those, and a warm `today` neither loads the pack nor plans the month's posts. A folder
whose pack is not its own copy (pack/), or a game whose posts carry what this outline
cannot hold, is worked out every time.

A kept outline never puts a word into a post: it is used only when every file its posts
would write (each text, and the host's note with the pictures' alt texts) is, byte for
byte, the file the game folder holds, which `sheetgen game` wrote from the checked pack.
An entry edited by hand, its checksum made to agree, says something the folder does not:
it is not used, and the outline is worked out from the pack and the plan. (So is a game
written with --no-images every time: its posts' texts name no pictures, the outline's do.)

The posts here are outlines: every field `today` reads (key, title, turn, texts, comments,
pictures with their alt texts, attachments), not the parts a catch-up page is drawn from
(`html`, `blocks`): the console and the digest read the game's own posts."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from generator.common import cache
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.game_folder import GameFolder
from generator.host.post_steps import MAX_POST_BYTES
from generator.pack.document import MAX_FILE_BYTES
from generator.pack.folders import SNAPSHOT_DIR
from generator.plan.month import HostTask
from generator.render.text import Post, PostImage

KIND = "today-outline"
PIECE = "outline.json"
POST_FIELDS = (
    "key",
    "title",
    "turn",
    "position",
    "facebook",
    "discord",
    "facebook_comments",
    "comment_labels",
    "bgg",
    "comment_on",
    "attachments",
)
# Every field of a post image: one added later is kept too, never dropped on the way.
IMAGE_FIELDS = tuple(f.name for f in dataclasses.fields(PostImage))


@dataclass
class Outline:
    title: str
    table: bool  # a table game: `today` reads its table, not this
    posts_planned: bool  # its rules plan posts (a ScheduledGame)
    scoring: bool  # its rules score (capabilities.scoring)
    posts: list[Post]  # in posting order, as host/game_posts.py gives them
    tasks: list[HostTask]  # the host's month (ScheduledGame.host_tasks)


def folder_outline(game: GameFolder) -> Outline:
    """The game's outline: from the host's cache when kept for these very inputs and true
    to the folder's files, else worked out from the pack and the plan (and kept)."""
    key = _key(game)
    if key is not None:
        kept = cache.read(KIND, key)
        if kept is not None:
            found = _decoded_piece(kept.get(PIECE))
            if found is not None and _as_written(game, found):
                return found
    made = _made(game)
    # The key covers the pack copy only: a base read from elsewhere (content/, when the
    # copy lacks its extends/) is not kept.
    kept_in = (game.root / SNAPSHOT_DIR).resolve()
    if key is not None and all(r == kept_in or kept_in in r.parents for r in game.pack_roots):
        data = _encoded(made)
        # Kept only when it reads back as what it was made from (a post or a picture type
        # of a game's own, a moment in a zone it cannot name, is worked out every time).
        if data is not None and _faithful(made, data):
            cache.write(KIND, key, {PIECE: json.dumps(data, ensure_ascii=True).encode()})
    return made


def _decoded_piece(piece: bytes | None) -> Outline | None:
    try:
        data = json.loads(piece) if piece is not None else None
    except (ValueError, RecursionError):
        return None
    return _decoded(data) if isinstance(data, dict) else None


def _as_written(game: GameFolder, outline: Outline) -> bool:
    """Every file the outline's posts would write is the folder's, byte for byte (a game
    written with --no-images has no pictures' files; its texts and notes are still there)."""
    try:
        for post in outline.posts:
            for name, text in post.files().items():
                if read_regular_file(game.root / name, MAX_POST_BYTES) != text.encode():
                    return False
    except (UnreadableFile, OSError, TypeError, ValueError, AttributeError):
        return False  # a missing file, or an entry whose fields are not what they must be
    return True


def _key(game: GameFolder) -> list[str] | None:
    """Everything the outline depends on besides the code: the pack copy's files (bases
    included), the plan, the papers. None: not to be kept (no pack copy of its own)."""
    kept = game.root / SNAPSHOT_DIR
    if game.pack_ref != str(kept) or kept.is_symlink():
        return None
    pack = files_digest(kept)
    if pack is None:
        return None
    plan = json.dumps(game.plan, ensure_ascii=False)
    return [str(kept.resolve()), pack, plan, ",".join(game.papers)]


def files_digest(root: Path) -> str | None:
    """The names and bytes of every YAML file under `root` (sub-folders too), None when any
    of them is a symlink or cannot be read (such a pack is never kept: the loader says)."""
    digest = sha256()
    try:
        for path in sorted(root.rglob("*.yaml")):
            if path.is_symlink() or not path.is_file():
                return None
            data = read_regular_file(path, MAX_FILE_BYTES)
            rel = path.relative_to(root).as_posix()
            digest.update(f"{rel}\0{len(data)}\0".encode() + data)
    except (OSError, ValueError, UnreadableFile):
        return None
    return digest.hexdigest()


def _made(game: GameFolder) -> Outline:
    from generator.host.game_posts import game_posts

    game.load()
    from generator.games import ScheduledGame, TableGame

    caps = game.rules.capabilities
    table = isinstance(game.rules, TableGame)
    planned = isinstance(game.rules, ScheduledGame)
    scheduled = planned and not table and bool(game.shared.schedule)
    posts = game_posts(game) if scheduled else []
    rules = game.rules
    tasks = (
        list(rules.host_tasks(game.content, game.typed))
        if scheduled and isinstance(rules, ScheduledGame)
        else []
    )
    return Outline(game.title, table, planned, caps.scoring is not None, posts, tasks)


def _encoded(outline: Outline) -> dict[str, Any] | None:
    posts = []
    for post in outline.posts:
        if type(post) is not Post:
            return None
        item: dict[str, Any] = {name: getattr(post, name) for name in POST_FIELDS}
        images = []
        for image in post.images:
            if not isinstance(image, PostImage) or type(image).on_facebook is not (
                PostImage.on_facebook
            ):
                return None
            images.append({name: getattr(image, name) for name in IMAGE_FIELDS})
        item["images"] = images
        posts.append(item)
    tasks = []
    for task in outline.tasks:
        if type(task) is not HostTask:
            return None
        item = dataclasses.asdict(task)
        item["zone"] = None
        if task.at is not None:
            zone = task.at.tzinfo
            if isinstance(zone, ZoneInfo):
                item["zone"] = zone.key  # a wall-clock moment in a named zone
            elif type(zone) is not dt.timezone:
                return None  # else fixed offsets only: what plan.json's moments read back as
            item["at"] = task.at.isoformat()
        tasks.append(item)
    return {
        "title": outline.title,
        "table": outline.table,
        "posts_planned": outline.posts_planned,
        "scoring": outline.scoring,
        "posts": posts,
        "tasks": tasks,
    }


def _decoded(data: dict[str, Any]) -> Outline | None:
    try:
        posts = []
        for item in data["posts"]:
            images = [PostImage(**image) for image in item["images"]]
            fields = {name: item[name] for name in POST_FIELDS}
            posts.append(Post(**fields, images=images))
        tasks = []
        for item in data["tasks"]:
            fields = dict(item)
            zone, at = fields.pop("zone"), fields["at"]
            if at is not None:
                fields["at"] = dt.datetime.fromisoformat(at)
                if zone is not None:
                    fields["at"] = fields["at"].astimezone(ZoneInfo(zone))
            tasks.append(HostTask(**fields))
        return Outline(
            str(data["title"]),
            bool(data["table"]),
            bool(data["posts_planned"]),
            bool(data["scoring"]),
            posts,
            tasks,
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _faithful(outline: Outline, data: dict[str, Any]) -> bool:
    """Whether the encoded outline reads back as `outline`, moments' zones included."""
    back = _decoded(json.loads(json.dumps(data)))
    if back is None or _encoded(back) != data:
        return False

    def moments(tasks: list[HostTask]) -> list[Any]:
        return [(t, t.at.isoformat() if t.at else None, _zone(t)) for t in tasks]

    return moments(back.tasks) == moments(outline.tasks)


def _zone(task: HostTask) -> str | None:
    return task.at.tzname() if task.at is not None else None
