"""The catch-up page: posts as one self-contained HTML page that works offline and on a phone.

Each post's body is its HTML flavour from the post model (render/post.py `html_blocks`, the
same markup as the post's own `.html` file): text escaped, every secret in a `<details>`
element, closed until the reader taps it, which needs no JavaScript. A stack's cards share
one block; a roll inside a line stays small and inline, so revealing one roll never shows the
next. The page adds the post's title and time, and its pictures as data: URIs; a hidden
picture's button names it ("Show event 8, meteor 2 dice (round 1)"), never twice the same.

Its shell and style sheet are files (generator/pages/digest.html, digest.css).
`page_html` is the whole page; `page_fragment` the same content without the page shell (no
<html>, <head> or <body>), its styles scoped to one wrapping element, for a host to paste
into a blog article."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from generator.common.bidi import ISOLATED
from generator.pages import asset, fill
from generator.render.page_words import page_words
from generator.render.post import Block, html_blocks


@dataclass(frozen=True)
class PageImage:
    src: str  # a data: URI (the page travels alone)
    alt: str
    hidden: bool
    # What a hidden picture is, in words that give nothing away: its button says "Show "
    # and this ("" for a picture without one: "Show hidden picture 3", by its place).
    title: str = ""


@dataclass(frozen=True)
class PagePost:
    anchor: str
    title: str
    when: str
    blocks: tuple[Block, ...]  # the post model's parts (render/post.py)
    kicker: str | None = None  # "Round 1 of 3 · Building · Turn 3 of 51"
    # What the post's headline says beyond the game's name and id (the page's title says
    # those): "Round 1, Stack 1 (2 cards). Looking costs 1 Skipped Parts box, …".
    headline: str = ""
    images: tuple[PageImage, ...] = ()


@dataclass
class PagePhase:
    name: str  # "" when the game has no phases
    posts: list[PagePost] = field(default_factory=list)


@dataclass
class PageSection:
    anchor: str
    name: str
    phases: list[PagePhase] = field(default_factory=list)


@dataclass(frozen=True)
class PageSheet:
    name: str
    file: str
    href: str  # a data: URI with the PDF, or the file's path beside the page

    @property
    def embedded(self) -> bool:
        return self.href.startswith("data:")


@dataclass(frozen=True)
class Page:
    title: str
    intro: list[str]
    sheets: list[PageSheet]
    sections: list[PageSection]
    footer: str
    # The host's copy says so at the top of every screen and every printed page.
    banner: str | None = None
    # The language of the page's posts: its frame's words (page_words.py) and <html lang>.
    lang: str = "en"


FRAGMENT_CLASS = "sheetgen-digest"


def page_html(page: Page) -> str:
    return fill(
        asset("digest.html"),
        LANG=_attr(page.lang),
        TITLE=_text(page.title),
        STYLE=asset("digest.css").strip(),
        BODY="\n".join([*_banner(page), "<main>", *_content(page), "</main>"]),
    )


def page_fragment(page: Page) -> str:
    """The page's content without its shell, for a blog article: one <div> that holds its own
    styles, every rule scoped to it, so none of them reaches the article around it (the
    blog's own rules may still add to it: a border its theme gives every <article>)."""
    out = [
        f'<div class="{FRAGMENT_CLASS}" lang="{_attr(page.lang)}">',
        f"<style>{scoped_css(asset('digest.css'), f'.{FRAGMENT_CLASS}')}</style>",
        *_banner(page),
        *_content(page),
        "</div>",
    ]
    return "\n".join(out) + "\n"


def scoped_css(css: str, root: str) -> str:
    """The page's rules for inside `root`: the page's own (html, body, main) become the
    root's, every other selector is prefixed with it."""
    rules = []
    for rule in css.replace("\n", "").split("}"):
        if not rule.strip():
            continue
        selectors, _, body = rule.partition("{")
        scoped = []
        for selector in (s.strip() for s in selectors.split(",")):
            if selector == "html":
                continue  # the blog's page owns its text size
            if selector == "*":
                scoped += [root, f"{root} *"]
            elif selector in ("body", "main"):
                scoped.append(root)
            else:
                scoped.append(f"{root} {selector}")
        if scoped:
            rules.append(f"{','.join(scoped)}{{{body}}}")
    return "\n".join(rules)


def _banner(page: Page) -> list[str]:
    return [f'<div class="banner" role="alert">{_text(page.banner)}</div>'] if page.banner else []


def _content(page: Page) -> list[str]:
    out = [
        "<header>",
        f"<h1>{_text(page.title)}</h1>",
        *(f"<p>{_text(line)}</p>" for line in page.intro),
        "</header>",
        _contents(page),
    ]
    words = page_words(page.lang)
    if page.sheets:
        out += ['<section id="sheets" class="sheets">', f"<h2>{_text(words.sheets)}</h2>"]
        inside = [s for s in page.sheets if s.embedded]
        beside = [s for s in page.sheets if not s.embedded]
        if inside and beside:
            out.append(f'<p class="small">{_text(words.sheets_inside)}</p>')
        out += ["<ul>", *(_sheet(s) for s in inside), "</ul>"] if inside else []
        if beside:
            out.append(f'<p class="small">{_text(words.sheets_beside)}</p>')
            out += ["<ul>", *(_sheet(s) for s in beside), "</ul>"]
        out.append("</section>")
    labels = button_labels(page)
    for section in page.sections:
        out += [f'<section id="{_attr(section.anchor)}">', f"<h2>{_text(section.name)}</h2>"]
        for phase in section.phases:
            if phase.name:
                out.append(f"<h3>{_text(phase.name)}</h3>")
            out += [post_html(post, labels) for post in phase.posts]
        out.append("</section>")
    out.append(f"<footer>{_text(page.footer)}</footer>")
    return out


def _sheet(sheet: PageSheet) -> str:
    if sheet.embedded:
        name = sheet.file.rpartition("/")[2]
        return (
            f'<li><a download="{_attr(name)}" href="{_attr(sheet.href)}">'
            f"{_text(sheet.name)}</a></li>"
        )
    return f'<li><a href="{_attr(sheet.href)}">{_text(sheet.name)}</a></li>'


def button_labels(page: Page) -> dict[tuple[str, int], str]:
    """Each hidden picture's button words, by its post's anchor and its place in the post:
    "Show " and its title; a title met before on the page gets a number ("…, 2"), so no two
    buttons of the page read the same."""
    labels: dict[tuple[str, int], str] = {}
    seen: set[str] = set()
    number = 0
    for post in page_posts(page):
        for index, image in enumerate(post.images):
            if not image.hidden:
                continue
            number += 1
            label = picture_label(image, number)
            if label in seen:
                label = f"{label}, {number}"
            seen.add(label)
            labels[(post.anchor, index)] = label
    return labels


def picture_label(image: PageImage, number: int) -> str:
    """What a hidden picture's button says: "Show event 8, meteor 2 dice (round 1)"; the
    `number`th hidden picture of the page without a title is "Show hidden picture 3"."""
    return f"Show {image.title}" if image.title else f"Show hidden picture {number}"


def page_posts(page: Page) -> list[PagePost]:
    """Every post of the page, in page order."""
    return [post for section in page.sections for phase in section.phases for post in phase.posts]


def _contents(page: Page) -> str:
    items = []
    if page.sheets:
        items.append(f'<li><a href="#sheets">{_text(page_words(page.lang).sheets)}</a></li>')
    for section in page.sections:
        phases = ", ".join(p.name for p in section.phases if p.name)
        label = f"{section.name}: {phases}" if phases else section.name
        items.append(f'<li><a href="#{_attr(section.anchor)}">{_text(label)}</a></li>')
    return "<nav><ul>" + "".join(items) + "</ul></nav>"


def post_html(post: PagePost, labels: dict[tuple[str, int], str] | None = None) -> str:
    """One post's <article>; `labels`: the page's button words for its hidden pictures
    (`button_labels`); without them, each picture's own."""
    out = [
        f'<article id="{_attr(post.anchor)}">',
        # The page names the post and its time; the game's name is the page's own title.
        f'<p class="when"><strong>{_text(post.title)}</strong> · {_text(post.when)}</p>',
    ]
    if post.kicker:
        out.append(f'<div class="small">{_text(post.kicker)}</div>')
    if post.headline:
        out.append(f'<div class="headline">{_text(post.headline)}</div>')
    out.append(html_blocks(post.blocks))
    hidden = 0
    for index, image in enumerate(post.images):
        tag = f'<img src="{_attr(image.src)}" alt="{_attr(image.alt)}" loading="eager">'
        if image.hidden:
            hidden += 1
            label = (labels or {}).get((post.anchor, index)) or picture_label(image, hidden)
            out.append(
                f'<details class="spoiler block"><summary>{_text(label)}</summary>'
                f'<div class="hidden">{tag}</div></details>'
            )
        else:
            out.append(tag)
    out.append("</article>")
    return "\n".join(out)


def _text(text: str) -> str:
    """Escaped, each isolated name (FSI ... PDI) a `<bdi>` (render/post.py `html_escape`)."""
    return ISOLATED.sub(r"<bdi>\1</bdi>", html.escape(text, quote=False))


def _attr(text: str) -> str:
    return html.escape(text, quote=True)
