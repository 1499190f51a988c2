"""The pages as files (generator/pages/): every shell, style sheet and script is shipped,
loads, and is well formed by the means at hand (JavaScript by `node --check` when node is
installed); a shell's holes are filled in one pass; data put into a <script> cannot end it."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.pages import asset, fill, script_json

PAGES = Path(__file__).resolve().parent.parent / "generator" / "pages"
ASSETS = sorted(p.name for p in PAGES.iterdir() if p.suffix in (".html", ".css", ".js"))
VOID = {"meta", "input", "br", "img", "link", "hr"}


def test_the_pages_are_all_there() -> None:
    assert ASSETS == [
        "console.css",
        "console.html",
        "console.js",
        "digest.css",
        "digest.html",
        "digest_content.html",
        "digest_fragment.html",
        "moon_drop_grid.css",
        "moon_drop_grid.html",
        "moon_drop_grid.js",
        "round_check.css",
        "round_check.html",
        "round_check.js",
        "ship_builder.css",
        "ship_builder.html",
        "ship_builder.js",
    ]


@pytest.mark.parametrize("name", ASSETS)
def test_each_page_file_loads_and_is_not_empty(name: str) -> None:
    text = asset(name)
    assert text.strip()
    assert text.endswith("\n")


def test_a_page_file_is_read_as_a_text_file_is() -> None:
    for name in ASSETS:
        assert asset(name) == (PAGES / name).read_text(encoding="utf-8"), name


def loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    """Which of `modules` a fresh interpreter has imported once it has run `code`."""
    probe = f"import sys\n{code}\nprint(sorted(m for m in {modules!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=PAGES.parent.parent,
    )
    return ast.literal_eval(done.stdout.strip())


def test_reading_a_page_file_loads_no_zip_or_resource_machinery() -> None:
    """A game writes its ship builder and round check pages: importlib.resources' readers
    (and zipfile with them) would cost every game more than reading the files."""
    code = "from generator.pages import asset; asset('console.js')"
    assert loaded_after(code, ("zipfile", "importlib.resources")) == []


@pytest.mark.parametrize("name", [n for n in ASSETS if n.endswith(".js")])
def test_each_script_is_valid_javascript(name: str, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the scripts' syntax is not checked")
    script = tmp_path / name
    script.write_text(asset(name), encoding="utf-8")
    found = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
    assert found.returncode == 0, found.stderr


class _Tags(HTMLParser):
    """The elements left open or closed out of order."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.wrong: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.wrong.append(f"</{tag}> at line {self.getpos()[0]}")


@pytest.mark.parametrize("name", [n for n in ASSETS if n.endswith(".html")])
def test_each_shell_closes_every_element_in_order(name: str) -> None:
    tags = _Tags()
    tags.feed(asset(name))
    tags.close()
    assert (tags.wrong, tags.open) == ([], [])


@pytest.mark.parametrize("name", [n for n in ASSETS if n.endswith(".css")])
def test_each_style_sheet_balances_its_braces(name: str) -> None:
    # The pages' sheets nest nothing but rules inside an @media block (narrow screens).
    text = asset(name)
    depth = 0
    media: list[int] = []  # the depths at which an @media block opened
    for at, char in enumerate(text):
        if char == "{":
            last_brace = max(text.rfind("}", 0, at), text.rfind("{", 0, at))
            if text.rfind("@media", 0, at) > last_brace:
                media.append(depth)
            depth += 1
        elif char == "}":
            depth -= 1
            if media and media[-1] == depth:
                media.pop()
        assert 0 <= depth <= 1 + len(media), (name, text[max(0, at - 60) : at + 1])
    assert depth == 0 and not media, name


def test_fill_puts_each_value_in_once_and_never_fills_a_value() -> None:
    page = fill("<h1>__TITLE__</h1><p>__BODY__</p>", TITLE="__BODY__", BODY="x")
    assert page == "<h1>__BODY__</h1><p>x</p>"


def test_fill_refuses_a_hole_without_a_value_and_a_value_without_a_hole() -> None:
    with pytest.raises(ValueError, match=r"without a value: \['BODY'\]"):
        fill("__TITLE__ __BODY__", TITLE="t")
    with pytest.raises(ValueError, match=r"without a hole: \['LANG'\]"):
        fill("__TITLE__", TITLE="t", LANG="en")


def test_script_json_cannot_end_its_script_and_reads_back_the_same() -> None:
    data = {"text": "</script><script>alert(1)</script>", "breaks": "a\u2028b\u2029c", "é": 1}
    for text in (script_json(data, ascii_only=False), script_json(data, compact=True)):
        assert "<" not in text
        assert "\u2028" not in text and "\u2029" not in text
        assert json.loads(text) == data
    assert script_json({"b": 1, "a": 2}, compact=True) == '{"a":2,"b":1}'


def test_a_template_escapes_as_html_escape_does() -> None:
    """`{{ value }}` is safe in an attribute, `|text` between tags, `|isolated` names a
    right-to-left name; the bytes are html.escape's (`&quot;`, `&#x27;`), never Jinja's own
    (`&#34;`, `&#39;`); markup passes as it is."""
    from markupsafe import Markup

    from generator.pages.templates import environment

    template = environment().from_string(
        '<a title="{{ v }}">{{ v|text }}</a><p>{{ v|isolated }}</p>{{ markup }}{{ 7 }}'
    )
    value = "a \"b\" 'c' <d> & \u2068Ann\u2069"
    assert template.render(v=value, markup=Markup("<i>x</i>")) == (
        '<a title="a &quot;b&quot; &#x27;c&#x27; &lt;d&gt; &amp; \u2068Ann\u2069">'
        "a \"b\" 'c' &lt;d&gt; &amp; \u2068Ann\u2069</a>"
        "<p>a \"b\" 'c' &lt;d&gt; &amp; <bdi>Ann</bdi></p><i>x</i>7"
    )


def test_a_template_refuses_a_value_it_is_not_given() -> None:
    import jinja2

    from generator.pages.templates import environment

    with pytest.raises(jinja2.UndefinedError, match="'title' is undefined"):
        environment().from_string("<h1>{{ title }}</h1>").render()


def test_the_console_escapes_its_texts_and_attributes() -> None:
    from generator.render.console_html import Console, PasteText, Slot, Step, console_html

    hostile = "A \"q\" 'r' <b>&"
    step = Step(hostile, hostile, (PasteText(hostile, "f'.txt", hostile),))
    slot = Slot(hostile, hostile, "", (), (("facebook", (step,)),))
    page = console_html(
        Console(hostile, hostile, (), (), (slot,), (), ("facebook",), footer=hostile)
    )
    attribute, text = "A &quot;q&quot; &#x27;r&#x27; &lt;b&gt;&amp;", "A \"q\" 'r' &lt;b&gt;&amp;"
    assert f'<body data-game="{attribute}">' in page
    assert f"<title>{text}: host's console</title>" in page
    assert f'<section class="slot {attribute}">\n<h2>{text}</h2>' in page
    assert f'<input type="checkbox" data-step="{attribute}"><span>1. {text}</span>' in page
    assert f'data-copy="0" data-file="f&#x27;.txt">Copy</button></div><pre>\n{text}</pre>' in page
    assert f"<footer>{text}</footer>\n</main>" in page


def test_only_the_commands_that_write_a_page_load_the_template_engine() -> None:
    """`today` and a game use the console's and the catch-up page's models (the steps to
    post, a page's posts), not their pages."""
    code = (
        "import generator.cli.host, generator.host.today, "
        "generator.host.post_steps, generator.host.facebook_week, generator.render.console_html, "
        "generator.host.digest, generator.host.table_digest, generator.render.html"
    )
    assert loaded_after(code, ("jinja2", "markupsafe")) == []


def test_the_catch_up_page_escapes_its_texts_and_attributes() -> None:
    from generator.render.html import (
        Page,
        PageImage,
        PagePhase,
        PagePost,
        PageSection,
        PageSheet,
        page_fragment,
        page_html,
    )

    hostile = "A \"q\" 'r' <b>& \u2068Ann\u2069"
    images = (PageImage("data:x", hostile, hidden=False), PageImage("data:y", hostile, True))
    post = PagePost(hostile, hostile, hostile, (), kicker=hostile, images=images)
    sheets = [PageSheet(hostile, "s/a'.pdf", "data:p"), PageSheet(hostile, "b.pdf", "b.pdf")]
    section = PageSection(hostile, hostile, [PagePhase(hostile, [post])])
    page = Page(hostile, [hostile], sheets, [section], hostile, banner=hostile, lang="de")
    attribute = "A &quot;q&quot; &#x27;r&#x27; &lt;b&gt;&amp; \u2068Ann\u2069"
    text = "A \"q\" 'r' &lt;b&gt;&amp; <bdi>Ann</bdi>"
    whole, fragment = page_html(page), page_fragment(page)
    assert whole.startswith('<!DOCTYPE html>\n<html lang="de">')
    assert f"<title>{text}</title>" in whole
    assert f'<body>\n<div class="banner" role="alert">{text}</div>\n<main>\n<header>' in whole
    assert whole.endswith(f"<footer>{text}</footer>\n</main>\n</body>\n</html>\n")
    assert fragment.startswith('<div class="sheetgen-digest" lang="de">\n<style>.sheetgen-digest')
    assert fragment.endswith(f"<footer>{text}</footer>\n</div>\n")
    for html in (whole, fragment):
        assert '<nav><ul><li><a href="#sheets">' in html
        assert f'<li><a href="#{attribute}">{text}: {text}</a></li></ul></nav>' in html
        assert f'<li><a download="a&#x27;.pdf" href="data:p">{text}</a></li>' in html
        assert f'<li><a href="b.pdf">{text}</a></li>' in html
        assert f'<article id="{attribute}">\n<p class="when"><strong>{text}</strong> · ' in html
        assert f'<img src="data:x" alt="{attribute}" loading="eager">' in html
        assert (
            '<details class="spoiler block"><summary>Show hidden picture 1</summary>'
            f'<div class="hidden"><img src="data:y" alt="{attribute}" loading="eager"></div>'
            "</details>\n</article>"
        ) in html


def test_the_templates_pass_the_html_template_linter() -> None:
    """djlint (its settings: [tool.djlint] in pyproject.toml) over every page file that is a
    Jinja2 template, its HTML and its template syntax alike."""
    templates = [str(PAGES / n) for n in ASSETS if n.endswith(".html") and "{{" in asset(n)]
    assert len(templates) >= 4  # the console and the catch-up page's three
    done = subprocess.run(
        [sys.executable, "-m", "djlint", "--lint", *templates],
        capture_output=True,
        text=True,
        cwd=PAGES.parent.parent,
    )
    assert done.returncode == 0, done.stdout + done.stderr
