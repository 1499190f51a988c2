"""One post, many flavours: a post is written once as structured parts, and the Facebook,
Discord, BGG and HTML renderers below turn those parts into its texts, for every game.

The parts:
- a headline (the game and its id), an optional kicker (round, phase, turn) and when;
- blocks: paragraphs, group headings and list items, made of plain text, `Bold` text,
  `Per` words that differ by platform (where the comments or the spoilers are) and
  `Secret` text (a roll, a peeked card) that players uncover on purpose;
- images with alt text, attachments, and where on Facebook a post goes as a comment.

Hidden parts per platform (the platforms' limits are facts, see the brief):
- Facebook has no spoiler markup and shows a photo in full: every item holding a secret
  leaves the post and goes, in words, into one comment that opens with a warning and a
  column of dots pushing the rest below the fold; hidden pictures are never posted there.
- Discord: `||secret||` inline; hidden pictures go as their `SPOILER_` files.
- BGG: `[o]secret[/o]`; pictures through the host's gallery as `[ImageID=…]` tags; a `<`
  followed by a non-space would cut the post short, so one never is.
- HTML (a catch-up page): `<details>` around each secret; text escaped.
- A hidden code block (a round's record, `hidden_code`): one spoiler around the whole block
  on Discord and BGG, a comment of its own on Facebook, a `<details>` around its `<pre>` in
  HTML.

Players' names (`typed`) show as typed on every platform, with what each platform needs to
keep them so (docs/hosting.md, "Players' names"): a name holding a right-to-left letter goes between
the isolates FSI and PDI in the three platforms' texts and in `<bdi>` in HTML, so that the
score after it stays after it; on Discord its markdown characters are escaped; on BGG a `[`
is followed by a zero-width space (no tag starts in it) and a `<` becomes ‹ (U+2039), since
BGG deletes a post from a `<` followed by anything but a space to its end."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from generator.common.bidi import ISOLATED, isolate
from generator.common.platforms import PLATFORMS
from generator.plan.schedule import Moment
from generator.render.discord_times import discord_times
from generator.render.text import Post, PostImage, bgg_safe

Flavour = Literal["facebook", "discord", "bgg", "html"]
# Every platform a host posts to, and the catch-up page's HTML.
FLAVOURS: tuple[Flavour, ...] = (*PLATFORMS, "html")
SPACER_LINES = 8  # dots under a Facebook spoiler warning: the rest goes below the fold
BGG_IMAGE = "[ImageID=…]"  # the host puts the number BGG gives the uploaded picture


@dataclass(frozen=True)
class Bold:
    text: str


@dataclass(frozen=True)
class Per:
    """Words that differ by platform ("in the comments" / "in this channel")."""

    facebook: str
    discord: str
    bgg: str | None = None  # default: the Discord words
    html: str | None = None  # default: the Discord words

    def on(self, flavour: Flavour) -> str:
        chosen = getattr(self, flavour)
        return self.discord if chosen is None else chosen


@dataclass(frozen=True)
class Secret:
    """What players uncover on purpose: a roll, the cards of a peeked stack."""

    text: str


Part = str | Bold | Per | Secret

# Discord reads these as markdown (and `<` as the start of a mention or a link); a backslash
# before any of them shows the character itself.
DISCORD_MARKUP = re.compile(r"([\\*_`~|<>#\[\]()-])")
ZERO_WIDTH = "\u200b"


def discord_literal(text: str) -> str:
    """Text shown as typed on Discord: markdown escaped, and `@everyone` / `@here` kept from
    pinging a whole server (a zero-width space after the @)."""
    escaped = DISCORD_MARKUP.sub(r"\\\1", text)
    return re.sub(r"@(?=everyone|here)", "@" + ZERO_WIDTH, escaped)


# BGG deletes a post from a `<` followed by anything but a space to its end (its HTML
# filter); a name's `<` shows as this look-alike there, so the name and the rest both stay.
BGG_LESS_THAN = "\u2039"  # ‹ SINGLE LEFT-POINTING ANGLE QUOTATION MARK


def bgg_literal(text: str) -> str:
    """Text shown as typed on BGG: a zero-width space after each `[` so that no tag (`[o]`,
    `[b]`, `[ImageID=1]`) starts inside it, and each `<` as ‹ (what follows the name is not
    known here, and a `<` before anything but a space would cut the post)."""
    return text.replace("[", "[" + ZERO_WIDTH).replace("<", BGG_LESS_THAN)


def typed(text: str) -> Per:
    """Words someone typed, such as a player's name: shown as typed on every platform, never
    read as Discord markdown or BGG markup (HTML escapes all text anyway), and isolated
    (FSI ... PDI, `<bdi>` in HTML) when it holds a right-to-left letter."""
    return Per(
        facebook=isolate(text),
        discord=isolate(discord_literal(text)),
        bgg=isolate(bgg_literal(text)),
        html=isolate(text),
    )


def html_escape(text: str) -> str:
    """Text escaped for HTML, each isolated name (FSI ... PDI) as a `<bdi>` element: the
    browser gives it its own direction, as the isolates do in plain text."""
    return ISOLATED.sub(r"<bdi>\1</bdi>", html.escape(text))


@dataclass(frozen=True)
class Block:
    kind: Literal["para", "line", "heading", "item", "code"]
    parts: tuple[Part, ...]
    # Items with a secret: what the Facebook comment line starts with ("Event 8").
    context: str = ""
    only: tuple[Flavour, ...] = FLAVOURS  # a block some platforms do without
    # A list item starts with a capital; False for one that starts with a name as written
    # (a forum name like "old_man" is someone's handle, not a word to capitalise).
    capital: bool = True
    # A hidden code block's summary on the catch-up page: what it holds, before it is opened.
    summary: str = ""

    @property
    def secret(self) -> bool:
        return any(isinstance(p, Secret) for p in self.parts)


def para(*parts: Part, only: tuple[Flavour, ...] = FLAVOURS) -> Block:
    return Block("para", parts, only=only)


def line(*parts: Part, only: tuple[Flavour, ...] = FLAVOURS) -> Block:
    """A line that follows the one before it (a numbered step), with no blank line."""
    return Block("line", parts, only=only)


def heading(*parts: Part) -> Block:
    return Block("heading", parts)


def item(*parts: Part, context: str = "", capital: bool = True) -> Block:
    return Block("item", parts, context=context, capital=capital)


CODE_FENCE = "```"


def code(text: str, only: tuple[Flavour, ...] = FLAVOURS) -> Block:
    """Text shown exactly as it is, line for line (a revealed message whose hash players
    recompute): a fenced block on Discord and, as plain fence lines, on Facebook (which has
    no code blocks; the fences survive a copy there as they are), `[c]...[/c]` on BGG,
    `<pre>` in HTML. The text's lines are the block's lines; its last newline is not shown
    (a copy drops it anyway): a reader adds a newline to every line, the last included."""
    return Block("code", (text,), only=only)


def hidden_code(text: str, context: str, summary: str) -> Block:
    """A code block that tells what was hidden until now (a round's record, holding the
    rolls of a turn posted in the same slot): one spoiler around the fenced block on Discord
    (`||` before the opening fence and after the closing one, which Discord shows as a
    hidden code block), `[o][c]...[/c][/o]` on BGG, on Facebook a comment of its own named
    `context`, below a spoiler warning, and in HTML a closed `<details>` around the `<pre>`,
    its summary `summary` (what it holds and why it is hidden)."""
    return Block("code", (Secret(text),), context=context, summary=summary)


def plain_text(parts: Sequence[Part], flavour: Flavour) -> str:
    """The parts' words on one platform, without their marks (bold, secret)."""
    return "".join(
        p if isinstance(p, str) else p.on(flavour) if isinstance(p, Per) else p.text for p in parts
    )


def code_lines(block: Block, flavour: Flavour) -> list[str]:
    """The lines a code block writes on one platform (not HTML)."""
    text = plain_text(block.parts, flavour)
    body = text[:-1] if text.endswith("\n") else text
    # A hidden block is one spoiler on Discord and BGG (Facebook hides it in a comment).
    spoiler = block.secret and flavour in ("discord", "bgg")
    if flavour == "bgg":
        return [f"[o][c]{body}[/c][/o]" if spoiler else f"[c]{body}[/c]"]
    if spoiler:
        return [f"||{CODE_FENCE}", *body.split("\n"), f"{CODE_FENCE}||"]
    return [CODE_FENCE, *body.split("\n"), CODE_FENCE]


@dataclass
class PostDraft:
    """A post as parts. `render()` gives the `Post` with every flavour's text."""

    key: str  # file stem relative to the game folder, e.g. "round-1/turn-03-build"
    title: str  # for the host: the posting guide and host notes
    turn: int  # 0: the day before day 1
    position: int  # order within the turn: <0 before the turn's post, 0 it, >0 after
    headline: str  # the game's name and public id: "Some Game · Game 8F5B-42D7"
    when: str  # "Day 3, morning (Thu 3 Dec 2026)"; "" for a post of no set time
    blocks: list[Block]
    kicker: str | None = None  # "Round 1 of 3 · Building · Turn 3 of 51"
    images: list[PostImage] = field(default_factory=list)
    attachments: list[str] = field(default_factory=list)
    # The Facebook comment's first line when the post has secrets.
    spoiler_warning: str = "SPOILER - below. Read it only when you need it."
    # On Facebook the whole post is a comment under this other post (a peeked stack).
    comment_on: str | None = None
    bgg: bool = True  # write a BGG text

    def render(self) -> Post:
        facebook_post, comments = facebook(self)
        comment_on = self.comment_on or (self.title if comments else None)
        return Post(
            key=self.key,
            title=self.title,
            turn=self.turn,
            position=self.position,
            facebook=facebook_post,
            facebook_comments=[text for _, text in comments],
            comment_labels=[label for label, _ in comments],
            comment_on=comment_on,
            discord=discord(self),
            bgg=bgg(self) if self.bgg else None,
            html=html_text(self),
            images=list(self.images),
            attachments=list(self.attachments),
            headline=self.headline,
            kicker=self.kicker,
            blocks=tuple(self.blocks),
            draft=self,
        )


# --- flavours ------------------------------------------------------------------------------
def _text(parts: Sequence[Part], flavour: Flavour, secret: str = "{}") -> str:
    out = []
    for part in parts:
        if isinstance(part, Bold):
            out.append(
                {"discord": "**{}**", "bgg": "[b]{}[/b]"}.get(flavour, "{}").format(part.text)
            )
        elif isinstance(part, Per):
            out.append(part.on(flavour))
        elif isinstance(part, Secret):
            out.append(secret.format(part.text))
        else:
            out.append(part)
    return "".join(out)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lines(draft: PostDraft, flavour: Flavour, secret: str) -> list[str]:
    """The blocks as lines; a blank line before each heading and after each group."""
    lines: list[str] = []
    for block in draft.blocks:
        if flavour not in block.only:
            continue
        if block.kind == "code":
            # No blank line before: the block stays in one Discord message with the lines
            # that name it (its salt and commitment).
            lines += code_lines(block, flavour)
            continue
        text = _text(block.parts, flavour, secret)
        if block.kind == "heading":
            if lines and lines[-1] != "":
                lines.append("")
            lines.append({"discord": f"**{text}**", "bgg": f"[b]{text}[/b]"}.get(flavour, text))
        elif block.kind == "item" and all(isinstance(p, Secret) for p in block.parts):
            lines.append(text)  # a wholly hidden line is one spoiler, not a list item
        elif block.kind == "item":
            text = _capital(text) if block.capital else text
            lines.append(f"- {text}" if flavour in ("discord", "bgg") else text)
        elif block.kind == "line":
            lines.append(text)
        else:
            if lines and lines[-1] != "":
                lines.append("")
            lines.append(text)
    return lines


def _when(draft: PostDraft, form: str) -> list[str]:
    """The when line, if the post has a time (a table game's post has none)."""
    return [form.format(draft.when)] if draft.when else []


def comment_groups(draft: PostDraft) -> list[tuple[str, list[Block]]]:
    """The post's secret blocks for Facebook, one group per context (an event, a Rough Roads
    card) in order: each group becomes its own comment, read one at a time."""
    groups: list[tuple[str, list[Block]]] = []
    for block in draft.blocks:
        if not block.secret or "facebook" not in block.only:
            continue
        if groups and groups[-1][0] == block.context:
            groups[-1][1].append(block)
        else:
            groups.append((block.context, [block]))
    return groups


def facebook(draft: PostDraft) -> tuple[str | None, list[tuple[str, str]]]:
    """The post (None for a post that is only a comment) and its comments, (label, text) in
    order: one per context, each opening with its label, the spoiler warning and a column of
    dots, then each secret on its own labelled line."""
    comments = []
    for context, blocks in comment_groups(draft):
        warning = f"{context} · {draft.spoiler_warning}" if context else draft.spoiler_warning
        lines = [warning, *(["."] * SPACER_LINES), ""]
        for block in blocks:
            if block.kind == "code":
                # A hidden record, line for line as its hash was taken (its label is the
                # comment's, above the warning).
                lines += code_lines(block, "facebook")
                continue
            text = _text(block.parts, "facebook")
            lines.append(f"{block.context} {text}" if block.context else text)
        comments.append((context, "\n".join(lines) + "\n"))
    if draft.comment_on is not None:
        return None, comments
    visible = PostDraft(**{**draft.__dict__, "blocks": [b for b in draft.blocks if not b.secret]})
    head = [draft.headline, *([draft.kicker] if draft.kicker else []), *_when(draft, "{}"), ""]
    return "\n".join([*head, *_lines(visible, "facebook", "{}")]) + "\n", comments


def discord(draft: PostDraft) -> str:
    if draft.comment_on is not None:
        head = [f"**{draft.headline}**"]
    elif draft.kicker:
        # A post of no set time (the rankings) says only its game under the kicker.
        where = f"{draft.when} · {draft.headline}" if draft.when else draft.headline
        head = [f"## {draft.kicker}", f"*{where}*", ""]
    else:
        head = [f"# {draft.headline}", *_when(draft, "*{}*"), ""]
    text = "\n".join([*head, *_lines(draft, "discord", "||{}||")]) + "\n"
    zone = draft.when.zone if isinstance(draft.when, Moment) else None
    # Each moment in every reader's own zone (render/discord_times.py).
    return discord_times(text, zone) if zone else text


def bgg(draft: PostDraft) -> str:
    if draft.kicker:
        kicker = f"[b]{draft.kicker}[/b]" + (f" · {draft.when}" if draft.when else "")
        head = [kicker, f"[i]{draft.headline}[/i]", ""]
    else:
        head = [f"[size=14][b]{draft.headline}[/b][/size]", *_when(draft, "[i]{}[/i]"), ""]
    lines = [*head, *_lines(draft, "bgg", "[o]{}[/o]")]
    # Pictures that hide nothing go through the host's BGG gallery; hidden ones never.
    shown = [im for im in draft.images if not im.hidden]
    if shown:
        lines += ["", *(BGG_IMAGE for _ in shown)]
    return bgg_safe("\n".join(lines) + "\n")


def html_parts(parts: Sequence[Part]) -> str:
    """Escaped text, a pack text's line breaks kept as <br>; `Bold` as <strong>; each secret
    in its own closed <details>, small and inline, so that revealing one roll never shows the
    next."""

    def e(text: str) -> str:
        return html_escape(text).replace("\n", "<br>\n")

    out = []
    for part in parts:
        if isinstance(part, Bold):
            out.append(f"<strong>{e(part.text)}</strong>")
        elif isinstance(part, Per):
            out.append(e(part.on("html")))
        elif isinstance(part, Secret):
            out.append(
                '<details class="spoiler"><summary>Show</summary>'
                f'<span class="hidden">{e(part.text)}</span></details>'
            )
        else:
            out.append(e(part))
    return "".join(out)


def wholly_secret(block: Block) -> bool:
    """A list item that is nothing but a secret (a peeked stack's card): Discord shows it as
    one spoiler line, not as a list item."""
    return (
        block.kind == "item"
        and bool(block.parts)
        and all(isinstance(p, Secret) for p in block.parts)
    )


def html_blocks(blocks: Sequence[Block]) -> str:
    """The blocks of the HTML flavour. Consecutive wholly secret items (a stack's cards) share
    one closed <details> ("Show 3 hidden lines"); lines are <div>s, not <p>s, because a
    <details> inside a <p> would end the paragraph."""
    out: list[str] = []
    items: list[str] = []
    hidden: list[str] = []

    def flush_items() -> None:
        if items:
            out.append("<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
            items.clear()

    def flush_hidden() -> None:
        if hidden:
            label = "Show" if len(hidden) == 1 else f"Show {len(hidden)} hidden lines"
            body = "".join(f'<div class="line">{h}</div>' for h in hidden)
            out.append(
                f'<details class="spoiler block"><summary>{label}</summary>'
                f'<div class="hidden">{body}</div></details>'
            )
            hidden.clear()

    for block in blocks:
        if "html" not in block.only:
            continue
        if wholly_secret(block):
            flush_items()
            hidden.append(html_escape(plain_text(block.parts, "html")))
            continue
        flush_hidden()
        if block.kind == "code":
            flush_items()
            text = plain_text(block.parts, "html")
            pre = f'<pre class="code">{html.escape(text)}</pre>'
            if block.secret:
                # Closed, as each roll it lists was until now (no script needed to open it).
                pre = (
                    f'<details class="spoiler block"><summary>{html_escape(block.summary)}'
                    f'</summary><div class="hidden">{pre}</div></details>'
                )
            out.append(pre)
            continue
        content = html_parts(block.parts)
        if block.kind == "item":
            items.append(_capital(content) if block.capital else content)
            continue
        flush_items()
        if block.kind == "heading":
            out.append(f"<h4>{content}</h4>")
        else:
            out.append(f'<div class="{block.kind}">{content}</div>')
    flush_items()
    flush_hidden()
    return "\n".join(out)


def html_text(draft: PostDraft) -> str:
    """An <article> for a catch-up page: escaped text, each secret in a <details>."""
    e = html_escape
    lines = [f'<article id="{html.escape(draft.key)}">', f"<h2>{e(draft.headline)}</h2>"]
    if draft.kicker:
        lines.append(f"<h3>{e(draft.kicker)}</h3>")
    if draft.when:
        lines.append(f'<p class="when">{e(draft.when)}</p>')
    lines.append(html_blocks(draft.blocks))
    for image in draft.images:
        if not image.hidden:
            src, alt = html.escape(image.file), html.escape(image.alt)
            lines.append(f'<img src="{src}" alt="{alt}">')
    lines.append("</article>")
    return "\n".join(lines) + "\n"
