"""A post as data (title, lines, images) and its Facebook, Discord and BGG renderings.

Kept apart from what the posts say (posts.py) so the texts can move onto a shared post
model later without touching the game's wording."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.render.text import DISCORD_LIMIT, bgg_safe, split_message

FLAVOURS = ("facebook", "discord", "bgg")


@dataclass(frozen=True)
class Image:
    file: str  # relative to the game folder
    alt: str

    @property
    def name(self) -> str:
        return self.file.rpartition("/")[2]


@dataclass
class PostParts:
    key: str  # file stem relative to the game folder, e.g. "round-03/round"
    title: str
    lines: list[str]  # "" is a paragraph break
    images: list[Image] = field(default_factory=list)


def _body(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n")


def facebook(post: PostParts) -> str:
    parts = [post.title, "", _body(post.lines)]
    for image in post.images:
        parts += ["", f"[Image: {image.name}]", f"[Image description: {image.alt}]"]
    return "\n".join(parts).rstrip("\n") + "\n"


def discord(post: PostParts) -> list[str]:
    """One or more messages of at most 2,000 characters."""
    parts = [f"**{post.title}**", "", _body(post.lines)]
    for image in post.images:
        parts += ["", f"-# Image: {image.name}", f"-# Image description: {image.alt}"]
    return split_message("\n".join(parts).rstrip("\n"), DISCORD_LIMIT)


def bgg(post: PostParts) -> str:
    parts = [f"[b]{post.title}[/b]", "", _body(post.lines)]
    for image in post.images:
        parts += ["", f"[ImageID=UPLOAD {image.file}]", f"[i]{image.alt}[/i]"]
    return bgg_safe("\n".join(parts)).rstrip("\n") + "\n"


def post_files(post: PostParts, suffix: str) -> dict[str, str]:
    """`round.facebook.txt`, `round.discord.md` (`-2`, ... when split), `round.bgg.txt`;
    `suffix` is `.en`/`.de` when both languages are written."""
    files = {f"{post.key}{suffix}.facebook.txt": facebook(post)}
    for number, message in enumerate(discord(post), 1):
        extra = "" if number == 1 else f"-{number}"
        files[f"{post.key}{suffix}.discord{extra}.md"] = message.rstrip("\n") + "\n"
    files[f"{post.key}{suffix}.bgg.txt"] = bgg(post)
    return files
