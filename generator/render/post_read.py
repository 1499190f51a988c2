"""A written post read back into the post model's parts, from its HTML flavour (`KEY.html`,
written by render/post.py `html_text`).

Why read a post back: a table game's post says what the table was at the moment its entry
was logged, so rebuilding it means replaying the game up to that entry, for every post of
the thread: a catch-up page would cost more with every entry. The folder holds each post
exactly as it was published, and its HTML flavour is the one that keeps the parts'
structure (paragraphs, lines, list items, headings, bold text, secrets, pictures), so the
page and its PDF render the same blocks they would have been given.

What comes back: the headline, kicker and when line, the blocks (a `Per`, words that
differ by platform, comes back as its HTML words, which is all the page and the PDF show),
and the pictures the post shows (their files, relative to the game folder, and alt texts).
Markup this module does not know is read as its text, so a post edited by hand still
shows what it says."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Literal

from generator.render.post import Block, Bold, Secret
from generator.render.text import PostImage

Kind = Literal["para", "line", "heading", "item", "code"]


@dataclass
class ReadPost:
    key: str  # the article's id (the post's file stem)
    headline: str = ""
    kicker: str | None = None
    when: str = ""
    blocks: list[Block] = field(default_factory=list)
    images: list[PostImage] = field(default_factory=list)


class _Reader(HTMLParser):
    """One pass over the article: each block element opens a block, inline elements add
    parts to it. The post model writes no nesting but a `<details>` inside a block (an
    inline secret), `<div class="line">` inside a block `<details>` (hidden lines) and a
    `<pre>` inside one (a hidden code block: a round's record)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.post = ReadPost("")
        self.head = {"headline": "", "kicker": "", "when": ""}
        self.target: str | None = None  # a key of `head` while inside that element
        self.kind: Kind | None = None  # the open block's kind
        self.parts: list[str | Bold | Secret] = []  # a Per comes back as its HTML words
        self.bold = 0
        self.secret: list[str] | None = None  # an inline secret's text, while inside it
        self.hidden_block = 0  # inside <details class="spoiler block">: wholly secret lines
        self.summary = 0  # the "Show" label of a spoiler: not the post's words
        self.summary_words = ""  # the last spoiler's label (a hidden code block keeps it)
        self.after_break = False  # html_parts writes "<br>\n": the newline after is markup

    # --- blocks -------------------------------------------------------------------------
    def _open(self, kind: Kind) -> None:
        self.end_block()
        self.kind, self.parts = kind, []

    def end_block(self) -> None:
        """The block being read is whole: it joins the post (also at the article's end, which
        `close` does not see)."""
        if self.kind is None:
            return
        parts = tuple(self.parts)
        if self.hidden_block and self.kind == "code":
            text = "".join(p if isinstance(p, str) else p.text for p in parts)
            self.post.blocks.append(Block("code", (Secret(text),), summary=self.summary_words))
        elif self.hidden_block:
            # Each hidden line is one wholly secret item, as the post model wrote it.
            text = "".join(p if isinstance(p, str) else p.text for p in parts)
            self.post.blocks.append(Block("item", (Secret(text),), capital=False))
        elif parts or self.kind == "para":
            # Items come back as the page shows them (already capitalised where they were).
            self.post.blocks.append(Block(self.kind, parts, capital=False))
        self.kind, self.parts = None, []

    def _text(self, text: str) -> None:
        if self.secret is not None:
            self.secret.append(text)
            return
        if self.kind is None:
            if text.strip():
                self._open("para")  # words outside any block (edited by hand): a paragraph
            else:
                return
        if self.bold and text:
            self.parts.append(Bold(text))
        elif text:
            if self.parts and isinstance(self.parts[-1], str):
                self.parts[-1] += text
            else:
                self.parts.append(text)

    # --- the parser's callbacks ------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        classes = (names.get("class") or "").split()
        if tag == "article":
            self.post.key = names.get("id") or ""
        elif tag in ("h2", "h3") or (tag == "p" and "when" in classes):
            self.end_block()
            self.target = {"h2": "headline", "h3": "kicker"}.get(tag, "when")
        elif tag == "div" and classes and classes[0] in ("para", "line"):
            self._open("para" if classes[0] == "para" else "line")
        elif tag == "div" and self.hidden_block and "hidden" not in classes:
            self._open("item")
        elif tag == "li":
            self._open("item")
        elif tag == "pre":
            self._open("code")  # a revealed text, line for line
        elif tag == "h4":
            self._open("heading")
        elif tag == "strong":
            self.bold += 1
        elif tag == "br":
            self._text("\n")
            self.after_break = True
            return
        elif tag == "details" and "block" in classes:
            self.end_block()
            self.hidden_block += 1
        elif tag == "summary":
            self.summary += 1
            self.summary_words = ""
        elif tag == "span" and "hidden" in classes and self.secret is None:
            self.secret = []
        elif tag == "img":
            self.end_block()
            self.post.images.append(PostImage(names.get("src") or "", names.get("alt") or ""))
        self.after_break = False

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "h3", "p") and self.target is not None:
            self.target = None
        elif tag == "pre" and self.kind is not None:
            self.end_block()  # a code block ends with its <pre>, hidden in a <details> or not
        elif tag in ("div", "li", "h4") and self.kind is not None and not self.hidden_block:
            self.end_block()
        elif tag == "div" and self.hidden_block and self.kind is not None:
            self.end_block()
        elif tag == "strong":
            self.bold = max(0, self.bold - 1)
        elif tag == "summary":
            self.summary = max(0, self.summary - 1)
        elif tag == "span" and self.secret is not None:
            text, self.secret = "".join(self.secret), None
            if self.kind is None:
                self._open("para")
            self.parts.append(Secret(text))
        elif tag == "details" and self.hidden_block:
            self.end_block()
            self.hidden_block -= 1

    def handle_data(self, data: str) -> None:
        if self.after_break and data.startswith("\n"):
            data = data[1:]
        self.after_break = False
        if self.summary:
            self.summary_words += data
            return
        if self.target is not None:
            self.head[self.target] += data
            return
        if self.kind is None and not data.strip() and self.secret is None:
            return  # the newlines between the model's elements
        self._text(data)


def read_post_html(text: str) -> ReadPost:
    """The post an `<article>` of the post model holds."""
    reader = _Reader()
    reader.feed(text)
    reader.close()
    reader.end_block()
    post = reader.post
    post.headline = reader.head["headline"].strip()
    post.kicker = reader.head["kicker"].strip() or None
    post.when = reader.head["when"].strip()
    return post
