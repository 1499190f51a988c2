"""The pages written from templates (Jinja2): the host's console (`console.html`) and the
catch-up page (`digest.html`, `digest_content.html`). Imported only by the commands that write
them: the template engine is not part of a game's or `today`'s start.

Escaping is Jinja's autoescaping with the project's own escaper, so that a page's bytes are
those `html.escape` writes (`&quot;` and `&#x27;` where Jinja's would write `&#34;`, `&#39;`):
- `{{ value }}` is escaped for an attribute (`&`, `<`, `>` and both quotes): the safe default,
  right anywhere in a page;
- `{{ value|text }}` is escaped for text between tags (`&`, `<`, `>`; quotes kept as typed);
- `{{ value|isolated }}` as `text`, each isolated name (FSI ... PDI) a `<bdi>` (the catch-up
  page's texts, as render/post.py writes a post's);
- a value already markup (a `Markup`: the style sheet, a JSON island, a post's HTML flavour)
  goes in as it is.

The templates' whitespace is the page's: a block tag (`{% ... %}`) alone on its line leaves no
line behind, and `{#- -#}` at the start of a line joins it to the line before (markup that is
one line in the page, written on several in the template)."""

from __future__ import annotations

import html
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup

from generator.common.bidi import ISOLATED
from generator.pages import asset


def attribute(value: object) -> Markup:
    """Any value, escaped for an attribute's quotes (what `{{ value }}` writes)."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def text(value: object) -> Markup:
    """Text between tags: `&`, `<` and `>` escaped, quotes as typed."""
    return Markup(html.escape(str(value), quote=False))


def isolated(value: object) -> Markup:
    """Text between tags, each isolated name a `<bdi>` so that the browser keeps a
    right-to-left name apart from the words around it."""
    return Markup(ISOLATED.sub(r"<bdi>\1</bdi>", html.escape(str(value), quote=False)))


def filename(path: str) -> str:
    """The last part of a path inside the game folder (a Save link's file name)."""
    return path.rpartition("/")[2]


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        # The package's own loader (generator/pages/__init__.py `asset`): the same text as
        # the shells that `fill` fills, read without importlib.resources.
        loader=jinja2.FunctionLoader(asset),
        autoescape=True,
        finalize=attribute,
        # A name the template uses that the page does not give is an error, not a gap.
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(text=text, isolated=isolated, filename=filename)
    return env


def render(name: str, **values: Any) -> str:
    """The page `name` (a file beside this module) with `values` put in."""
    return environment().get_template(name).render(**values)
