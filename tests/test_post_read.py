"""A written post read back from its HTML flavour gives the parts the page and its PDF
render: for every planned post of every scheduled game (secrets, stacks, bold words and
pictures included) and for every post a table game writes, the page's HTML of the parts read
back is the page's HTML of the parts the post was made from."""

from __future__ import annotations

from pathlib import Path

import pytest
from bsg_helpers import BsgGame, play_five
from card_race_helpers import PlayedTable

from generator.games import Scope
from generator.kit.session import open_game
from generator.render.digest_pdf import digest_pdf
from generator.render.html import Page, PagePhase, PagePost, PageSection
from generator.render.post import PostDraft, html_blocks, item, para
from generator.render.post_read import read_post_html
from generator.render.text import Post

SEED = "post-read-seed-0123456789abcdef"


def page_pdf(blocks: tuple) -> bytes:  # type: ignore[type-arg]
    post = PagePost("a", "title", "when", blocks)
    section = PageSection("s", "Section", [PagePhase("", [post])])
    return digest_pdf(Page("t", [], [], [section], "f"))


def assert_reads_back(post: Post) -> None:
    assert post.html is not None
    read = read_post_html(post.html)
    assert read.key == post.key
    assert read.headline == post.headline
    assert read.kicker == post.kicker
    assert html_blocks(tuple(read.blocks)) == html_blocks(post.blocks), post.key
    assert [(i.file, i.alt) for i in read.images] == [
        (i.file, i.alt) for i in post.images if not i.hidden
    ]


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop"])
def test_every_planned_post_reads_back(pack: str) -> None:
    game = open_game(pack, SEED, None)
    posts = game.rules.posts(game.content, game.plan, Scope("game"))  # type: ignore[attr-defined]
    for post in posts:
        assert_reads_back(post)


def test_the_pdf_of_parts_read_back_is_the_same() -> None:
    game = open_game("galaxy-trucker", SEED, None)
    posts = game.rules.posts(game.content, game.plan, Scope("round", 1))  # type: ignore[attr-defined]
    secret = next(p for p in posts if any(b.secret for b in p.blocks))
    read = read_post_html(secret.html or "")
    assert page_pdf(tuple(read.blocks)) == page_pdf(secret.blocks)


def test_every_card_race_post_reads_back(tmp_path: Path, run: object) -> None:
    table = PlayedTable(tmp_path, run)  # type: ignore[arg-type]
    for _ in range(8):
        table.play()
    written = sorted(table.folder.rglob("*.html"))
    assert len(written) > 10
    for path in written:
        read = read_post_html(path.read_text())
        assert read.key == path.relative_to(table.folder).as_posix().removesuffix(".html")
        assert read.blocks and read.headline


@pytest.mark.slow
def test_every_battlestar_post_reads_back(tmp_path: Path) -> None:
    game = BsgGame(tmp_path)
    play_five(game, turns=2)
    from generator.games.battlestar.game import open_table, phase_written, replay
    from generator.games.battlestar.posts.post import rendered

    table = replay(open_table(game.file))
    # An entry's own post where it has one (the setup, older logs), else its phase's post.
    public = [w for w in table.written if w.public] + phase_written(table)
    assert len(public) > 3
    for written in public:
        post = rendered(written.post)
        on_disk = (game.folder / f"{post.key}.html").read_text()
        assert on_disk == post.html
        assert_reads_back(post)


def test_markup_it_does_not_know_is_read_as_its_words() -> None:
    text = (
        '<article id="x"><h2>Head</h2><div class="para">kept <em>words</em></div>'
        "loose words<ul><li>an item</li></ul></article>"
    )
    read = read_post_html(text)
    assert html_blocks(tuple(read.blocks)) == html_blocks(
        PostDraft(
            "x",
            "t",
            0,
            0,
            "Head",
            "",
            [para("kept words"), para("loose words"), item("an item", capital=False)],
        ).blocks
    )
