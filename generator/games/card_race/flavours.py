"""A Card Race post as data (title, lines, images), turned into the shared post model
(render/post.py), whose renderers write its Facebook, Discord, BGG and HTML texts.

What the posts say stays in posts.py; this module only maps its lines onto the model's
blocks. Post files hold only what players read: which picture to attach and its alt text
are host notes (`KEY.host.txt`), as for every game."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.common.platforms import PLATFORMS
from generator.render.post import Block, PostDraft, line, para
from generator.render.post import facebook as facebook_text
from generator.render.text import PostImage

FLAVOURS = PLATFORMS  # a table post goes to every platform a host posts to


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


def _blocks(lines: list[str]) -> list[Block]:
    """Each run of lines between blank ones is a paragraph; its lines stay lines."""
    blocks: list[Block] = []
    new_paragraph = True
    for text in lines:
        if not text:
            new_paragraph = True
            continue
        blocks.append(para(text) if new_paragraph else line(text))
        new_paragraph = False
    return blocks


def draft(post: PostParts, suffix: str = "") -> PostDraft:
    """The post in the shared model; `suffix` (`.en`/`.de`) joins its file stem."""
    return PostDraft(
        key=f"{post.key}{suffix}",
        title=post.title,
        turn=0,
        position=0,
        headline=post.title,
        when="",  # a round's date, when it has one, is a line of the post
        blocks=_blocks(post.lines),
        images=[PostImage(im.file, im.alt) for im in post.images],
    )


def facebook(post: PostParts) -> str:
    """The Facebook text (also what the table commands show, and a private hand's text)."""
    text, _ = facebook_text(draft(post))
    assert text is not None  # a Card Race post is never only a comment
    return text


def post_files(post: PostParts, suffix: str) -> dict[str, str]:
    """`round.facebook.txt`, `round.discord.md` (`-2`, ... when longer than a Discord
    message), `round.bgg.txt`, `round.html` and the host's `round.host.txt`; `suffix` is
    `.en`/`.de` when both languages are written."""
    return draft(post, suffix).render().files()


def private_files(post: PostParts, suffix: str, player: str) -> dict[str, str]:
    """A private hand: `hand-P.txt` (the text the player reads, sent in a private message
    on any platform) and the host's `hand-P.host.txt` (whom to send it to, the picture to
    attach and its alt text)."""
    key = f"{post.key}{suffix}"
    note = [f"{post.title}: how to send it", ""]
    step = f"Private message to {player}: paste `{key}.txt`"
    pictures = [f"`{im.file}`" for im in post.images]
    note.append(f"1. {step}; attach {', '.join(pictures)}." if pictures else f"1. {step}.")
    note.append("")
    note += [f"Alt text for `{im.file}`: {im.alt}" for im in post.images]
    return {f"{key}.txt": facebook(post), f"{key}.host.txt": "\n".join(note).rstrip("\n") + "\n"}
