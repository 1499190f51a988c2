"""The catch-up page: posts as one self-contained HTML page that works offline and on a phone.

Each post's body is its HTML flavour from the post model (render/post.py `html_blocks`, the
same markup as the post's own `.html` file): text escaped, every secret in a `<details>`
element, closed until the reader taps it, which needs no JavaScript. A stack's cards share
one block; a roll inside a line stays small and inline, so revealing one roll never shows the
next. The page adds the post's title and time, and its pictures as data: URIs; a hidden
picture's button names it ("Show event 8, meteor 2 dice (round 1)"), never twice the same.

The page is files: its markup Jinja2 templates (generator/pages/digest.html, the page;
digest_fragment.html, the same content without the page shell; digest_content.html, what
both hold), its style sheet beside them (digest.css). `page_html` is the whole page;
`page_fragment` the content without <html>, <head> or <body>, its styles scoped to one
wrapping element, for a host to paste into a blog article."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.pages import asset
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
    return _render("digest.html", page, asset("digest.css").strip())


def page_fragment(page: Page) -> str:
    """The page's content without its shell, for a blog article: one <div> that holds its own
    styles, every rule scoped to it, so none of them reaches the article around it (the
    blog's own rules may still add to it: a border its theme gives every <article>)."""
    return _render(
        "digest_fragment.html", page, scoped_css(asset("digest.css"), f".{FRAGMENT_CLASS}")
    )


def _render(template: str, page: Page, style: str) -> str:
    # The template engine only here: a table command and `today` use this module's model.
    from markupsafe import Markup

    from generator.pages.templates import render

    return render(
        template,
        page=page,
        style=Markup(style),
        words=page_words(page.lang),
        labels=button_labels(page),
        # A post's body is its HTML flavour, the post's own markup (render/post.py).
        post_body=lambda post: Markup(html_blocks(post.blocks)),
        fragment_class=FRAGMENT_CLASS,
    )


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
