"""A moderator post as data, and one small function that renders it per flavour.

A post is a title, blocks (paragraphs and list items made of plain and bold spans) and the
"action queue" footer. `render(post, flavour)` writes it as forum BBCode (BGG), Discord
markdown or plain text; nothing else knows a markup, so the posts can move onto a shared
post model without touching the code that decides what they say."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.render.text import DISCORD_LIMIT, bgg_safe, split_message

Flavour = Literal["bgg", "discord", "text"]
FLAVOURS: tuple[Flavour, ...] = ("bgg", "discord", "text")
SUFFIX: dict[Flavour, str] = {"bgg": ".bgg.txt", "discord": ".discord.md", "text": ".txt"}


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False


def b(text: str) -> Span:
    """A game action or a fact players act on: bold, as forum games write them."""
    return Span(text, bold=True)


@dataclass(frozen=True)
class Block:
    kind: Literal["para", "item"]
    spans: tuple[Span, ...]


def para(*parts: str | Span) -> Block:
    return Block("para", tuple(p if isinstance(p, Span) else Span(p) for p in parts))


def item(*parts: str | Span) -> Block:
    return Block("item", tuple(p if isinstance(p, Span) else Span(p) for p in parts))


@dataclass(frozen=True)
class TablePost:
    """One public post: its file stem (e.g. `public/003-check-open`), title, body, queue."""

    key: str
    title: str
    blocks: tuple[Block, ...]
    queue: tuple[str, ...] = field(default_factory=tuple)


def _escape_discord(text: str) -> str:
    for ch in ("\\", "*", "_", "~", "|", "`", ">", "#"):
        text = text.replace(ch, "\\" + ch)
    return text


def _span(span: Span, flavour: Flavour) -> str:
    if flavour == "bgg":
        return f"[b]{span.text}[/b]" if span.bold else span.text
    if flavour == "discord":
        text = _escape_discord(span.text)
        return f"**{text}**" if span.bold else text
    return span.text


def _block(block: Block, flavour: Flavour) -> str:
    text = "".join(_span(s, flavour) for s in block.spans)
    if block.kind == "item":
        return f"[*]{text}" if flavour == "bgg" else f"- {text}"
    return text


def render(post: TablePost, flavour: Flavour) -> str:
    lines: list[str] = []
    if flavour == "bgg":
        lines.append(f"[size=12][b]{post.title}[/b][/size]")
    elif flavour == "discord":
        lines.append(f"## {_escape_discord(post.title)}")
    else:
        lines += [post.title, "=" * len(post.title)]
    previous = None
    for block in post.blocks:
        if flavour == "bgg" and previous == "item" and block.kind != "item":
            lines.append("[/list]")
        if block.kind == "para" or previous != "item":
            lines.append("")  # a blank line between paragraphs and before a list
        if flavour == "bgg" and block.kind == "item" and previous != "item":
            lines.append("[list]")
        lines.append(_block(block, flavour))
        previous = block.kind
    if flavour == "bgg" and previous == "item":
        lines.append("[/list]")
    lines += ["", *_footer(post.queue, flavour)]
    text = "\n".join(lines).strip("\n") + "\n"
    return bgg_safe(text) if flavour == "bgg" else text


def _footer(queue: tuple[str, ...], flavour: Flavour) -> list[str]:
    heading = "Action queue"
    waiting = list(queue) or ["nobody"]
    if flavour == "bgg":
        return ["-" * 40, f"[b]{heading}[/b]", "[list]", *(f"[*]{w}" for w in waiting), "[/list]"]
    if flavour == "discord":
        return ["───", f"**{heading}**", *(f"- {_escape_discord(w)}" for w in waiting)]
    return ["-" * 40, f"{heading}:", *(f"- {w}" for w in waiting)]


def post_files(post: TablePost) -> dict[str, str]:
    """The files of one post: `.bgg.txt`, `.discord.md` (`.discord-2.md`... when longer than a
    Discord message) and `.txt`."""
    files: dict[str, str] = {}
    for flavour in FLAVOURS:
        text = render(post, flavour)
        if flavour == "discord":
            for number, message in enumerate(split_message(text.rstrip("\n"), DISCORD_LIMIT), 1):
                suffix = "" if number == 1 else f"-{number}"
                files[f"{post.key}.discord{suffix}.md"] = message + "\n"
        else:
            files[f"{post.key}{SUFFIX[flavour]}"] = text
    return files
