"""A moderator post as data (title, blocks of plain and bold spans, the action queue), and
its texts through the shared post model (render/post.py): Facebook, Discord, BGG and an HTML
article, each ending with the action queue; Discord texts longer than a message are split.

The code that decides what a post says builds spans and blocks only; nothing here but the
mapping onto the shared model knows a platform."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.common.platforms import PLATFORMS
from generator.games.battlestar.pictures import BoardView, alt_text, render_png, state_line
from generator.render.post import Block as DraftBlock
from generator.render.post import Bold, Part, Per, PostDraft, heading
from generator.render.post import code as draft_code
from generator.render.post import item as draft_item
from generator.render.post import para as draft_para
from generator.render.text import Post, PostImage

Flavour = Literal["facebook", "discord", "bgg"]
FLAVOURS: tuple[Flavour, ...] = PLATFORMS
QUEUE_HEADING = "Action queue"


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False


def b(text: str) -> Span:
    """A game action or a fact players act on: bold, as forum games write them."""
    return Span(text, bold=True)


@dataclass(frozen=True)
class TableBlock:
    kind: Literal["para", "item", "code"]
    spans: tuple[Span, ...]


def para(*parts: str | Span) -> TableBlock:
    return TableBlock("para", tuple(p if isinstance(p, Span) else Span(p) for p in parts))


def item(*parts: str | Span) -> TableBlock:
    return TableBlock("item", tuple(p if isinstance(p, Span) else Span(p) for p in parts))


def code(text: str) -> TableBlock:
    """A text shown exactly as it is on every platform (a revealed private message)."""
    return TableBlock("code", (Span(text),))


@dataclass(frozen=True)
class TablePost:
    """One public post: its file stem (e.g. `public/003-check-open`), title, body, queue."""

    key: str
    title: str
    blocks: tuple[TableBlock, ...]
    queue: tuple[str, ...] = field(default_factory=tuple)
    # The table after the post's command: the board picture, its alt text, the state line.
    board: BoardView | None = None

    @property
    def image_file(self) -> str:
        return f"{self.key}.board.png"

    def image_bytes(self) -> dict[str, bytes]:
        """The board picture's file (none for a post without a board)."""
        if self.board is None:
            return {}
        return {self.image_file: render_png(self.board)}


def _escape_discord(text: str) -> str:
    for ch in ("\\", "*", "_", "~", "|", "`", ">", "#"):
        text = text.replace(ch, "\\" + ch)
    return text


def _part(span: Span) -> Part:
    """A span as a part of the shared model. Names come from the game file, so on Discord
    a `*` or `_` in them is escaped rather than read as markup."""
    escaped = _escape_discord(span.text)
    if escaped == span.text:
        return Bold(span.text) if span.bold else span.text
    if span.bold:
        return Per(span.text, f"**{escaped}**", bgg=f"[b]{span.text}[/b]", html=span.text)
    return Per(span.text, escaped, bgg=span.text, html=span.text)


def _block(block: TableBlock) -> DraftBlock:
    if block.kind == "code":
        return draft_code("".join(s.text for s in block.spans))
    parts = tuple(_part(s) for s in block.spans)
    # Items often start with a forum name, which is written as its owner spells it.
    return draft_item(*parts, capital=False) if block.kind == "item" else draft_para(*parts)


def draft(post: TablePost) -> PostDraft:
    """The post in the shared model; the action queue (or "nobody") closes every post."""
    waiting = list(post.queue) or ["nobody"]
    images: list[PostImage] = []
    facts: list[DraftBlock] = []
    if post.board is not None:
        images.append(PostImage(post.image_file, alt_text(post.board)))
        facts.append(draft_para(_part(Span(state_line(post.board)))))
    return PostDraft(
        key=post.key,
        title=post.title,
        turn=0,
        position=0,
        headline=post.title,
        when="",  # a forum game's posts follow the table, not a calendar
        images=images,
        blocks=[
            *(_block(b) for b in post.blocks),
            *facts,
            heading(QUEUE_HEADING),
            *(draft_item(_part(Span(w)), capital=False) for w in waiting),
        ],
    )


def rendered(post: TablePost) -> Post:
    return draft(post).render()


def render(post: TablePost, flavour: Flavour) -> str:
    """One flavour's text (the Discord text unsplit)."""
    text = getattr(rendered(post), flavour)
    assert isinstance(text, str)
    return text


def post_files(post: TablePost) -> dict[str, str]:
    """The files of one post: `.facebook.txt`, `.discord.md` (`.discord-2.md`... when longer
    than a Discord message), `.bgg.txt`, `.html` and the host's `.host.txt`."""
    return rendered(post).files()
