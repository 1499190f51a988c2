"""Post texts in several flavours, shared by every game.

A post is written once as a small structure and rendered per platform:
- Facebook: plain text; hidden information never in the post itself but in a separate
  "first comment" text that opens with a spoiler warning.
- Discord: markdown; hidden information inside ||spoilers||; one message stays under
  Discord's 2000-character limit.
- BGG: forum markup; images are uploaded to the user's gallery, so the text carries
  [ImageID=...] placeholders; a '<' followed by a non-space cuts a BGG post short."""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

DISCORD_LIMIT = 2000
DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def fill(template: str, **values: Any) -> str:
    """A pack text with its {placeholders} filled (the loader checked their names)."""
    return string.Formatter().vformat(template, (), values)


def die_face(value: int) -> str:
    return DICE_FACES[value - 1]


def roll_text(faces: list[int]) -> str:
    """'⚂ ⚄ = 8'"""
    return f"{' '.join(die_face(f) for f in faces)} = {sum(faces)}"


def discord_spoiler(text: str) -> str:
    return f"||{text}||"


def bgg_safe(text: str) -> str:
    """BGG stops a post at '<' followed by a non-space; a space after it keeps the rest."""
    out = []
    for i, ch in enumerate(text):
        out.append(ch)
        if ch == "<" and i + 1 < len(text) and not text[i + 1].isspace():
            out.append(" ")
    return "".join(out)


def spoiler_name(file: str) -> str:
    """'round-1/stack-1.png' -> 'round-1/SPOILER_stack-1.png': Discord blurs such files."""
    folder, _, name = file.rpartition("/")
    return f"{folder}/SPOILER_{name}" if folder else f"SPOILER_{name}"


@dataclass(frozen=True)
class PostImage:
    """An image that goes with a post: its file (relative to the output folder) and alt text."""

    file: str
    alt: str
    hidden: bool = False  # dice or peeked cards: a spoiler on every platform
    comment: bool = False  # published with the Facebook first comment, not the post
    # A shorter description for where room is scarce (a Discord message has 2000 characters),
    # typically pointing at the post text that already lists what the image shows.
    short_alt: str | None = None

    @property
    def name(self) -> str:
        return self.file.rpartition("/")[2]

    def facebook_lines(self) -> list[str]:
        return [f"[Image: {self.name}]", f"[Image description: {self.alt}]"]

    def discord_lines(self, short: bool = False) -> list[str]:
        """Hidden images go up as their SPOILER_ copy with the description in a spoiler."""
        alt = self.short_alt if short and self.short_alt else self.alt
        if self.hidden:
            name = spoiler_name(self.file).rpartition("/")[2]
            return [f"-# Image: {name}", f"-# Image description: {discord_spoiler(alt)}"]
        return [f"-# Image: {self.name}", f"-# Image description: {alt}"]


@dataclass
class Post:
    """One post a host publishes, in every flavour the game writes."""

    key: str  # file stem relative to the game folder, e.g. "round-1/turn-03-build"
    title: str
    turn: int  # the turn it is published with
    position: int  # order within that slot: <0 before the turn post, 0 the turn, >0 after
    facebook: str
    discord: str
    facebook_comment: str | None = None
    images: list[PostImage] = field(default_factory=list)
    bgg: str | None = None  # BGG forum markup, for games that write it

    def facebook_text(self) -> str:
        """The Facebook post with its images named and described."""
        return _with_lines(
            self.facebook,
            [ln for im in self.images if not im.comment for ln in im.facebook_lines()],
        )

    def facebook_comment_text(self) -> str | None:
        lines = [ln for im in self.images if im.comment for ln in im.facebook_lines()]
        if self.facebook_comment is None and not lines:
            return None
        return _with_lines(self.facebook_comment or "", lines)

    def discord_text(self) -> str:
        """The Discord message with its images; short descriptions if the full ones would
        take it over the message limit."""
        text = _with_lines(self.discord, [ln for im in self.images for ln in im.discord_lines()])
        if len(text.rstrip("\n")) <= DISCORD_LIMIT:
            return text
        return _with_lines(
            self.discord, [ln for im in self.images for ln in im.discord_lines(short=True)]
        )

    def discord_messages(self) -> list[str]:
        """The Discord text as messages of at most DISCORD_LIMIT characters each."""
        return split_message(self.discord_text().rstrip("\n"), DISCORD_LIMIT)

    def files(self) -> dict[str, str]:
        files = {f"{self.key}.facebook.txt": self.facebook_text()}
        # A long post goes to Discord as several messages: .discord.md, .discord-2.md, ...
        for number, message in enumerate(self.discord_messages(), 1):
            suffix = "" if number == 1 else f"-{number}"
            files[f"{self.key}.discord{suffix}.md"] = message
        comment = self.facebook_comment_text()
        if comment is not None:
            files[f"{self.key}.facebook-comment.txt"] = comment
        if self.bgg is not None:
            files[f"{self.key}.bgg.txt"] = self.bgg
        return {name: text.rstrip("\n") + "\n" for name, text in files.items()}


def split_message(text: str, limit: int) -> list[str]:
    """Cut a text into messages of at most `limit` characters, between paragraphs where
    possible, else between lines, so a spoiler or a list item is never cut in two."""
    messages: list[str] = []
    current = ""
    for paragraph in text.split("\n\n"):
        pieces = [paragraph] if len(paragraph) <= limit else paragraph.split("\n")
        joiner = "\n\n" if len(pieces) == 1 else "\n"
        for piece in pieces:
            candidate = f"{current}{joiner}{piece}" if current else piece
            if len(candidate) <= limit:
                current = candidate
                continue
            if current:
                messages.append(current)
            # A single line longer than a message is cut hard; texts here never have one.
            while len(piece) > limit:
                messages.append(piece[:limit])
                piece = piece[limit:]
            current = piece
    if current or not messages:
        messages.append(current)
    return messages


def _with_lines(text: str, lines: list[str]) -> str:
    if not lines:
        return text
    return text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
