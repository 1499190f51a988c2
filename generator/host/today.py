"""`sheetgen today`: what the host publishes now, in order, per platform, and what comes next.

The slot "now" is the latest slot whose time has come (so at 10:00 the morning posts are
still today's work until the afternoon slot). Texts are read from the game folder, so what
is printed is exactly what the files hold."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.host.digest import game_posts
from generator.host.game_folder import GameFolder
from generator.plan.moments import Slot, game_slots, game_zone
from generator.plan.schedule import when
from generator.render.text import Post, PostImage

RULE = "─" * 60
MAX_POST_BYTES = 1_000_000  # a post is a few kilobytes; anything bigger is not ours


@dataclass(frozen=True)
class SlotWork:
    slot: Slot
    posts: list[Post]


def slots_with_posts(game: GameFolder) -> list[SlotWork]:
    posts = game_posts(game)
    for post in posts:
        # A game written with --no-images has none to attach (its texts name none either).
        post.images = [im for im in post.images if (game.root / im.file).is_file()]
    work = [SlotWork(s, [p for p in posts if p.turn == s.turn]) for s in game_slots(game.plan)]
    return [w for w in work if w.posts]


def slot_at(work: list[SlotWork], at: dt.datetime) -> int | None:
    """Index of the latest slot whose time has come; None before the first."""
    current = None
    for index, item in enumerate(work):
        if item.slot.at is None:
            raise SheetgenError(
                "this game has no dates (no start date): ask for a day, `sheetgen today day N`"
            )
        if item.slot.at <= at:
            current = index
    return current


def slot_of_day(work: list[SlotWork], day: int, name: str | None) -> int:
    for index, item in enumerate(work):
        if item.slot.day == day and (name is None or item.slot.name == name):
            return index
    raise SheetgenError(f"no slot {name or ''} on day {day}".replace("  ", " "))


def _read(root: Path, name: str) -> str:
    path = root / name
    if path.is_symlink() or not path.is_file():
        raise SheetgenError(
            f"{display_path(path)} is not written yet: run `sheetgen game` (or `round`) for "
            "this game first"
        )
    if path.stat().st_size > MAX_POST_BYTES:
        raise SheetgenError(f"{display_path(path)}: larger than {MAX_POST_BYTES} bytes")
    return path.read_text(encoding="utf-8", errors="replace")


def _clip(text: str) -> list[str]:
    """The text to paste, fenced so the host sees where it starts and ends."""
    return [f"┌{RULE}", *text.rstrip("\n").splitlines(), f"└{RULE}"]


def _attach_lines(post: Post, images: list[PostImage], where: str) -> list[str]:
    lines = [f"   Attach {where}: {name}" for name in post.attachments]
    for image in images:
        lines += [f"   Attach {where}: {image.file}", f"     Alt text: {image.alt}"]
    return lines


def facebook_steps(root: Path, post: Post, number: int) -> list[str]:
    lines = [f"{number}. {post.title}"]
    if post.facebook is not None:
        name = f"{post.key}.facebook.txt"
        lines += [f"   New post: paste {name}:", *_clip(_read(root, name))]
        lines += _attach_lines(post, post.facebook_images(), "to the post")
    under = f"the {post.comment_on} post" if post.comment_on else "that post"
    count = len(post.facebook_comments)
    for index, name in enumerate(post.comment_files()):
        label = post.comment_label(index)
        which = f"Comment {index + 1} of {count}" if count > 1 else "Comment"
        which += f" ({label})" if label else ""
        lines += [f"   {which} under {under}, text only: paste {name}:", *_clip(_read(root, name))]
    return lines


def discord_steps(root: Path, post: Post, number: int) -> list[str]:
    names = [
        f"{post.key}.discord{'' if n == 1 else f'-{n}'}.md"
        for n in range(1, len(post.discord_messages()) + 1)
    ]
    lines = [f"{number}. {post.title}"]
    for part, name in enumerate(names, 1):
        label = f" (message {part} of {len(names)})" if len(names) > 1 else ""
        lines += [f"   Paste {name}{label}:", *_clip(_read(root, name))]
    # Hidden pictures are written as SPOILER_ files: Discord blurs them until clicked.
    return lines + _attach_lines(post, post.images, "to the message")


def bgg_steps(root: Path, post: Post, number: int) -> list[str]:
    name = f"{post.key}.bgg.txt"
    lines = [f"{number}. {post.title}"]
    for image in post.facebook_images():
        lines += [f"   Upload to your BGG gallery: {image.file}", f"     Alt text: {image.alt}"]
    lines += [f"   Forum post: paste {name} (add the gallery images' [ImageID=...] tags):"]
    return [*lines, *_clip(_read(root, name))]


PLATFORM_STEPS: dict[str, Callable[[Path, Post, int], list[str]]] = {
    "facebook": facebook_steps,
    "discord": discord_steps,
    "bgg": bgg_steps,
}


def on_platform(post: Post, platform: str) -> bool:
    """Whether the post goes to that platform: BGG only with its BGG text, Facebook only
    with a post or a comment there."""
    if platform == "bgg":
        return post.bgg is not None
    if platform == "facebook":
        return bool(post.facebook or post.facebook_comment)
    return True


def platform_heading(platform: str) -> str:
    return f"=== {platform.capitalize() if platform != 'bgg' else 'BGG'} ==="


def today_text(
    game: GameFolder,
    work: list[SlotWork],
    index: int | None,
    at: dt.datetime | None,
    platforms: tuple[str, ...],
) -> str:
    title = f"{game.title} · game {game.plan.get('game_id')}"
    lines = [title]
    zone = game_zone(game.plan)
    if at is not None:
        local = at.astimezone(zone)
        lines.append(f"Now: {local:%a} {local.day} {local:%b %Y}, {local:%H:%M %Z}")
    if index is None:
        lines += ["Nothing to post yet."]
        upcoming = 0
    else:
        item = work[index]
        count = len(item.posts)
        turns = max(w.slot.turn for w in work)
        turn = f" · turn {item.slot.turn} of {turns}" if item.slot.turn else ""
        lines += [
            f"Post now: {when(item.slot.entry)}{turn} · "
            f"{count} post{'s' if count != 1 else ''}, in this order:",
            *(f"  {n}. {p.title}" for n, p in enumerate(item.posts, 1)),
        ]
        for platform in platforms:
            relevant = [p for p in item.posts if on_platform(p, platform)]
            if not relevant:
                continue
            lines += ["", platform_heading(platform)]
            for number, post in enumerate(relevant, 1):
                lines += PLATFORM_STEPS[platform](game.root, post, number)
        upcoming = index + 1
    lines.append("")
    if upcoming < len(work):
        following = work[upcoming]
        wait = ""
        if at is not None and following.slot.at is not None:
            minutes = int((following.slot.at - at).total_seconds() // 60)
            wait = f" (in {minutes // 60} h {minutes % 60:02d} min)" if minutes >= 0 else ""
        titles = ", ".join(p.title for p in following.posts)
        lines.append(f"Next: {when(following.slot.entry)}{wait}: {titles}")
    else:
        lines.append("Next: nothing, this was the last slot of the game. Time for the rankings.")
    return "\n".join(lines) + "\n"
