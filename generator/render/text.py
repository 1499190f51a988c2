"""Post texts in several flavours, shared by every game.

A post is written once as a small structure and rendered per platform:
- Facebook: plain text; hidden information never in the post itself but in a separate
  "first comment" text that opens with a spoiler warning.
- Discord: markdown; hidden information inside ||spoilers||; one message stays under
  Discord's 2000-character limit.
- BGG: forum markup; images are uploaded to the user's gallery, so the text carries
  [ImageID=...] placeholders; a '<' followed by a non-space cuts a BGG post short."""

from __future__ import annotations

from dataclasses import dataclass, field

DISCORD_LIMIT = 2000
DICE_FACES = "⚀⚁⚂⚃⚄⚅"


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


@dataclass(frozen=True)
class PostImage:
    """An image that goes with a post: its file (relative to the output folder) and alt text."""

    file: str
    alt: str
    hidden: bool = False  # dice or peeked cards: a spoiler on every platform


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

    def files(self) -> dict[str, str]:
        files = {
            f"{self.key}.facebook.txt": self.facebook,
            f"{self.key}.discord.md": self.discord,
        }
        if self.facebook_comment is not None:
            files[f"{self.key}.facebook-comment.txt"] = self.facebook_comment
        if self.bgg is not None:
            files[f"{self.key}.bgg.txt"] = self.bgg
        return {name: text.rstrip("\n") + "\n" for name, text in files.items()}
