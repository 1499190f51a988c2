"""The catch-up page: posts as one self-contained HTML page that works offline and on a phone.

Each post's body is its HTML flavour from the post model (render/post.py `html_blocks`, the
same markup as the post's own `.html` file): text escaped, every secret in a `<details>`
element, closed until the reader taps it, which needs no JavaScript. A stack's cards share
one block; a roll inside a line stays small and inline, so revealing one roll never shows the
next. The page adds the post's title and time, and its pictures as data: URIs."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from generator.common.bidi import ISOLATED
from generator.render.post import Block, html_blocks


@dataclass(frozen=True)
class PageImage:
    src: str  # a data: URI (the page travels alone)
    alt: str
    hidden: bool


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
    href: str  # a data: URI with the PDF


@dataclass(frozen=True)
class Page:
    title: str
    intro: list[str]
    sheets: list[PageSheet]
    sections: list[PageSection]
    footer: str
    # The host's copy says so at the top of every screen and every printed page.
    banner: str | None = None


CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1b1e2b;background:#f4f5f9}
main{max-width:46rem;margin:0 auto;padding:0 12px 48px}
header{padding:16px 0 4px}
h1{font-size:1.5rem;line-height:1.25;margin:.4em 0}
h2{font-size:1.3rem;margin:1.6em 0 .4em;border-bottom:2px solid #c9cde0}
h3{font-size:1.1rem;margin:1.2em 0 .4em;color:#3b4266}
h4{font-size:1.05rem;margin:.8em 0 .2em}
article{background:#fff;border-radius:8px;padding:12px 14px;margin:12px 0;
box-shadow:0 1px 2px rgba(0,0,0,.08);overflow-wrap:anywhere}
.when{color:#5a6078;font-size:.9rem;margin:0 0 .6em}
.line{margin:.15em 0}
.para{margin:.7em 0 .15em}
.headline{font-weight:600;margin:.2em 0}
.small{font-size:.85rem;color:#5a6078}
ul{margin:.3em 0;padding-left:1.3em}
img{display:block;max-width:100%;height:auto;margin:.6em 0;border-radius:4px}
details.spoiler{display:inline-block;vertical-align:top;max-width:100%}
details.spoiler.block{display:block;margin:.4em 0}
details.spoiler>summary{cursor:pointer;display:inline-block;list-style:none;
background:#2d3350;color:#fff;border-radius:4px;padding:0 .6em;font-size:.9rem}
details.spoiler>summary::-webkit-details-marker{display:none}
details.spoiler[open]>summary{background:#8c91ab}
details.spoiler>.hidden{display:inline}
details.spoiler.block>.hidden{display:block;padding:.3em 0 0}
nav ul{padding-left:1.1em}
.sheets a{font-weight:600}
footer{color:#5a6078;font-size:.85rem;margin-top:2em}
.banner{position:sticky;top:0;z-index:9;background:#b00020;color:#fff;font-weight:700;
text-align:center;padding:8px 12px}
"""


def page_html(page: Page) -> str:
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_text(page.title)}</title>",
        f"<style>{CSS.strip()}</style>",
        "</head>",
        "<body>",
        *([f'<div class="banner" role="alert">{_text(page.banner)}</div>'] if page.banner else []),
        "<main>",
        "<header>",
        f"<h1>{_text(page.title)}</h1>",
        *(f"<p>{_text(line)}</p>" for line in page.intro),
        "</header>",
        _contents(page),
    ]
    if page.sheets:
        out += ['<section id="sheets" class="sheets">', "<h2>Sheets to print</h2>", "<ul>"]
        out += [
            f'<li><a download="{_attr(s.file.rpartition("/")[2])}" href="{_attr(s.href)}">'
            f"{_text(s.name)}</a></li>"
            for s in page.sheets
        ]
        out += ["</ul>", "</section>"]
    for section in page.sections:
        out += [f'<section id="{_attr(section.anchor)}">', f"<h2>{_text(section.name)}</h2>"]
        for phase in section.phases:
            if phase.name:
                out.append(f"<h3>{_text(phase.name)}</h3>")
            out += [post_html(post) for post in phase.posts]
        out.append("</section>")
    out += [f"<footer>{_text(page.footer)}</footer>", "</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def _contents(page: Page) -> str:
    items = []
    if page.sheets:
        items.append('<li><a href="#sheets">Sheets to print</a></li>')
    for section in page.sections:
        phases = ", ".join(p.name for p in section.phases if p.name)
        label = f"{section.name}: {phases}" if phases else section.name
        items.append(f'<li><a href="#{_attr(section.anchor)}">{_text(label)}</a></li>')
    return "<nav><ul>" + "".join(items) + "</ul></nav>"


def post_html(post: PagePost) -> str:
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
    for image in post.images:
        tag = f'<img src="{_attr(image.src)}" alt="{_attr(image.alt)}" loading="eager">'
        if image.hidden:
            out.append(
                '<details class="spoiler block"><summary>Show the hidden picture</summary>'
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
