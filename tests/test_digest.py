"""The catch-up page: what it holds (posts so far, hidden parts behind spoilers, pictures
inside it), and how a real browser shows it on a phone-wide screen."""

from __future__ import annotations

import html as html_module
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from headless import measure, screenshot
from PIL import Image
from pypdf import PdfReader

from generator.render.text import roll_text

# Round 1's first flight turn (turn 9) rolls dice with this seed: the roll checks below
# have something to find.
SEED = "digest-test-seed-01-0123456789abcdef"


# These tests read pages of games whose posts are all out: the clock stands after every game
# they make (a page holding posts not yet due is refused; see the HOST COPY tests below).
AFTER_EVERY_GAME = "2027-06-01T00:00+00:00"


@pytest.fixture(autouse=True, scope="module")
def after_every_game() -> Any:
    patch = pytest.MonkeyPatch()
    patch.setenv("SHEETGEN_NOW", AFTER_EVERY_GAME)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def gt_round_one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 of a dated game, with its pictures, and its catch-up page up to the first
    flight turn (day 5, morning: turns 1-9)."""
    from click.testing import CliRunner

    from generator.cli import main

    root = tmp_path_factory.mktemp("digest") / "game"
    runner = CliRunner()
    made = runner.invoke(
        main, ["round", "1", "--seed", SEED, "--start", "2026-12-01", "-o", str(root)]
    )
    assert made.exit_code == 0, made.output
    page = runner.invoke(main, ["digest", "-o", str(root), "--until", "2026-12-05 08:00"])
    assert page.exit_code == 0, page.output
    return root


def spoiler_free(html: str) -> str:
    """The page with every spoiler's hidden content cut out."""
    return re.sub(r'<(span|div) class="hidden">.*?</\1></details>', "", html, flags=re.DOTALL)


def test_the_page_holds_the_posts_so_far_and_nothing_later(gt_round_one: Path) -> None:
    html = (gt_round_one / "digest.html").read_text()
    plan = json.loads((gt_round_one / "plan.json").read_text())
    assert "<strong>Turn 9: flight</strong>" in html and "<strong>Turn 8: build</strong>" in html
    assert "Turn 10: flight" not in html
    assert html.index("Turn 1: build") < html.index("Turn 8: build") < html.index("Turn 9: flight")
    assert "<h2>Round 1</h2>" in html and "<h3>Building</h3>" in html
    assert "<h3>Flying</h3>" in html and "<h3>Scoring</h3>" not in html  # not yet posted
    # Every roll of turn 9 is on the page, and only inside a spoiler.
    rolls = [
        roll_text(faces)
        for event in plan["rounds"][0]["flight_turns"][0]["events"]
        for faces in event["rolls"]
    ]
    public = spoiler_free(html)
    assert rolls
    for roll in rolls:
        assert roll in html
        assert roll not in public
    # The stacks' cards likewise: the first card of stack 1, by name, only in a spoiler.
    stack_block = re.search(r"<strong>Round 1, Stack 1\b.*?</article>", html, re.DOTALL)
    assert stack_block and '<details class="spoiler block"><summary>Show 2 hidden lines' in (
        stack_block.group(0)
    )


def test_the_page_travels_alone(gt_round_one: Path) -> None:
    html = (gt_round_one / "digest.html").read_text()
    sources = re.findall(r'src="([^"]*)"', html)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "http://" not in html and "https://" not in html
    assert "<script" not in html  # spoilers are <details>: no JavaScript needed
    assert 'name="viewport"' in html


def test_the_pdf_twin_puts_spoilers_at_the_back(gt_round_one: Path) -> None:
    reader = PdfReader(io.BytesIO((gt_round_one / "digest.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Turn 9: flight" in text and "Turn 10: flight" not in text
    body, _, back = text.partition("\nSpoilers\n")
    assert back, "no spoiler section at the back"
    assert "[spoiler 1" in body


def test_same_folder_same_bytes(gt_round_one: Path, run: Any) -> None:
    before = {n: (gt_round_one / n).read_bytes() for n in ("digest.html", "digest.pdf")}
    result = run("digest", "-o", str(gt_round_one), "--until", "day 5 morning")
    assert result.exit_code == 0, result.output
    for name, data in before.items():
        assert (gt_round_one / name).read_bytes() == data, name


@pytest.mark.parametrize(
    ("until", "message"),
    [
        ("next week", "is not a date and time"),
        ("day 99", "day 99 is not a day of this game (1-26)"),
        ("day 3 evening", "'evening' is not a slot of this game"),
    ],
)
def test_bad_until(gt_round_one: Path, run: Any, until: str, message: str) -> None:
    result = run("digest", "-o", str(gt_round_one), "--until", until)
    assert result.exit_code == 2 and message in result.output


def test_undated_game_needs_a_day(run: Any, tmp_path: Path) -> None:
    assert run("game", "--pack", "moon-drop", "--seed", SEED, "-o", "md").exit_code == 0
    result = run("digest", "-o", "md")
    assert result.exit_code == 2 and "--until 'day N'" in result.output
    assert run("digest", "-o", "md", "--until", "day 3").exit_code == 0
    html = (tmp_path / "md" / "digest.html").read_text()
    assert "Round 3 of 7" in html and "Round 4 of 7" not in html
    assert "Sheets to print" in html and 'download="moon-drop-a4.pdf"' in html


# --- in a real browser -------------------------------------------------------------------


@pytest.mark.browser
def test_browser_harness_sees_overflow(tmp_path: Path) -> None:
    """The measurement can fail: a page wider than the phone is caught."""
    page = tmp_path / "wide.html"
    page.write_text('<!DOCTYPE html><html><body><div style="width:600px">x</div></body></html>')
    figures = measure(page)
    assert figures["innerWidth"] == 360 and figures["scrollWidth"] > 360


@pytest.mark.browser
def test_galaxy_trucker_page_in_a_browser(gt_round_one: Path, tmp_path: Path) -> None:
    figures = measure(gt_round_one / "digest.html")
    assert figures["innerWidth"] == 360
    assert figures["scrollWidth"] <= 360, figures  # no horizontal scroll on a phone
    assert figures["images"] > 0 and figures["imagesLoaded"] == figures["images"]
    assert figures["details"] > 0
    assert figures["openAtStart"] == 0 and figures["hiddenShownAtStart"] == 0
    assert figures["firstOpenAfterClick"] and figures["firstShownAfterClick"]
    assert figures["othersOpenAfterClick"] == 0  # one tap reveals one spoiler
    assert figures["scrollWidthAllOpen"] <= 360  # revealed parts fit the phone too
    shot = screenshot(gt_round_one / "digest.html", tmp_path / "phone.png", height=1200)
    with Image.open(shot) as image:
        assert image.size == (360, 1200)
        assert sum(1 for n in image.convert("L").histogram() if n) > 16  # the page drew something


@pytest.mark.browser
def test_moon_drop_page_in_a_browser(run: Any, tmp_path: Path) -> None:
    made = run("game", "--pack", "moon-drop", "--seed", SEED, "--start", "2026-12-07", "-o", "md")
    assert made.exit_code == 0
    (tmp_path / "md" / "scores.csv").write_text("player,round,score\nAnn,final,7\nBo,final,4\n")
    assert run("rankings", "-o", "md").exit_code == 0
    assert run("digest", "-o", "md", "--all").exit_code == 0
    figures = measure(tmp_path / "md" / "digest.html")
    assert figures["innerWidth"] == 360 and figures["scrollWidth"] <= 360, figures
    html = (tmp_path / "md" / "digest.html").read_text()
    # The opening, one per round, and the final rankings the host wrote.
    assert figures["images"] == html.count("<img ") == 9
    assert figures["imagesLoaded"] == 9
    assert html.index("<h2>Round 7</h2>") < html.index("<h2>Final rankings</h2>")
    assert "<strong>1.</strong> Ann: 7" in html


# --- the page is the post model's HTML flavour --------------------------------------------


def articles(html: str) -> dict[str, str]:
    """The page's posts by their anchor."""
    return dict(re.findall(r'<article id="([^"]+)">\n(.*?)</article>', html, re.DOTALL))


def plain(html: str) -> str:
    """What a reader sees before tapping anything: hidden parts cut, tags and data off."""
    return re.sub(r"<[^>]+>", " ", spoiler_free(re.sub(r'"data:[^"]*"', '""', html)))


def test_each_post_is_the_post_models_html(gt_round_one: Path) -> None:
    """The page's text for a post is exactly the body of the post's own HTML flavour (the
    `.html` file written beside its Facebook and Discord texts), not a re-read of Discord."""
    from generator.host.digest import Cutoff, headline_words, published
    from generator.host.game_folder import open_folder
    from generator.render.post import html_blocks

    game = open_folder(gt_round_one)
    posts = published(game, Cutoff(day=5, slot="morning"))
    shown = articles((gt_round_one / "digest.html").read_text())
    assert [p.key.replace("/", "-") for p in posts] == list(shown)
    for post in posts:
        body = html_blocks(post.blocks)
        assert body and post.html is not None and body in post.html, post.key
        assert body in shown[post.key.replace("/", "-")], post.key
        written = gt_round_one / f"{post.key}.html"
        assert body in written.read_text(), post.key
        # The headline, less the game's name and id that the page's title says.
        assert post.headline and post.headline.startswith(("Galaxy Trucker", "Round 1, Stack"))
        words = html_module.escape(
            headline_words(post, f"{game.title} · Game {game.plan['game_id']}")
        )
        if words:
            assert f'<div class="headline">{words}</div>' in shown[post.key.replace("/", "-")]
    stack = shown["round-1-stack-1"]
    assert "Round 1, Stack 1 (2 cards). Looking costs 1 Skipped Parts box" in stack


def test_a_changed_die_changes_exactly_that_posts_article(gt_round_one: Path) -> None:
    from dataclasses import replace

    from generator.host.digest import Cutoff, build_page, published
    from generator.host.game_folder import open_folder
    from generator.plan.model import from_data
    from generator.render.html import page_html

    game = open_folder(gt_round_one)
    plan = json.loads(json.dumps(game.plan))
    events = plan["rounds"][0]["flight_turns"][0]["events"]  # turn 9
    rolled = next(e for e in events if e["rolls"])
    old = rolled["rolls"][0][0]
    rolled["rolls"][0][0] = 1 if old != 1 else 2
    edited = replace(game, plan=plan, typed=from_data(type(game.typed), plan))

    def page(of: Any) -> dict[str, str]:
        posts = published(of, Cutoff(day=5, slot="morning"))
        return articles(page_html(build_page(of, posts, "day 5")[0]))

    before, after = page(game), page(edited)
    assert set(before) == set(after)
    # The die's post, and the game start post's commitment to round 1 (published until day 5;
    # the round's reveal comes later).
    assert {k for k in before if before[k] != after[k]} == {"round-1-turn-09-flight", "game-start"}
    old_roll, new_roll = roll_text(plan_roll(game.plan)), roll_text(rolled["rolls"][0])
    assert old_roll in before["round-1-turn-09-flight"]
    assert new_roll in after["round-1-turn-09-flight"]


def plan_roll(plan: dict[str, Any]) -> list[int]:
    events = plan["rounds"][0]["flight_turns"][0]["events"]
    return list(next(e for e in events if e["rolls"])["rolls"][0])


def test_no_discord_markup_or_words_on_the_page_or_in_the_pdf(gt_round_one: Path) -> None:
    html = re.sub(r'"data:[^"]*"', '""', (gt_round_one / "digest.html").read_text())
    reader = PdfReader(io.BytesIO((gt_round_one / "digest.pdf").read_bytes()))
    pdf = "\n".join(page.extract_text() for page in reader.pages)
    for text in (html, pdf):
        assert "||" not in text and "**" not in text and "-# " not in text
        for words in ("in this channel", "message", "Discord", "in the comments"):
            assert words not in text, words
    # The page shows each stack as a post of its own, after the round's start post.
    assert "the spoilers in the Round 1 stack posts, right after the Round 1 start post" in plain(
        html
    )


def test_the_pdf_holds_each_roll_only_at_the_back(gt_round_one: Path) -> None:
    plan = json.loads((gt_round_one / "plan.json").read_text())
    reader = PdfReader(io.BytesIO((gt_round_one / "digest.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    body, _, back = text.partition("\nSpoilers\n")
    events = plan["rounds"][0]["flight_turns"][0]["events"]
    rolls = [faces for event in events for faces in event["rolls"]]
    assert rolls
    for faces in rolls:
        # The PDF's font has no dice: faces print as [n].
        printed = f"{' '.join(f'[{f}]' for f in faces)} = {sum(faces)}"
        assert printed in back and printed not in body
    # Each roll is named at the back by the words before it in the post.
    for number in (1, 2, 3):
        assert re.search(rf"\n\d+\. Turn 9: flight: Meteor {number}, (large|small), from ", back)


def test_a_secret_part_is_behind_details_and_never_in_plain_sight() -> None:
    from generator.render.html import Page, PagePhase, PagePost, PageSection, page_html
    from generator.render.post import Bold, Per, PostDraft, Secret, heading, item, para

    post = PostDraft(
        key="round-1/turn-03",
        title="Turn 3",
        turn=3,
        position=0,
        headline="Game · Game 1",
        when="Day 2",
        kicker="Round 1 · Flying",
        blocks=[
            heading("Event 1"),
            item("meteor 1: ", Secret("⚂ ⚃ = 7"), context="Event 1"),
            item(Secret("Card one <b>")),
            item(Secret("Card two")),
            para(Bold("Note"), " <script>x</script> ", Per("in the comments", "in this channel")),
        ],
    ).render()
    page = Page(
        "T",
        [],
        [],
        [
            PageSection(
                "round-1",
                "Round 1",
                [PagePhase("", [PagePost("a", "Turn 3", "Day 2", post.blocks, post.kicker)])],
            )
        ],
        "f",
    )
    html = page_html(page)
    article = articles(html)["a"]
    assert '<span class="hidden">⚂ ⚃ = 7</span></details>' in article
    assert "<summary>Show 2 hidden lines</summary>" in article  # the two cards, one block
    assert "Card one &lt;b&gt;" in article and "<b>" not in article
    assert "&lt;script&gt;" in article and "<script" not in html
    seen = plain(html)
    assert "Meteor 1:" in seen and "Round 1 · Flying" in seen
    for secret in ("⚂ ⚃ = 7", "Card one", "Card two"):
        assert secret in html and secret not in seen, secret


# --- rankings: rebuilt from scores.csv with the post model ---------------------------------

HOSTILE_SCORES = (
    "player,round,score\n<b>,1,12\n_*x*,1,12\nAnn,1,9\n<b>,2,20\n_*x*,2,18\nAnn,2,11\n[o],2,21\n"
)


def ranked_game(run: Any, tmp_path: Path) -> Path:
    """A dated game without pictures (the rankings image is drawn all the same), its
    scores.csv with a tie, a late joiner and hostile names, and its rankings written."""
    made = run("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert made.exit_code == 0, made.output
    (tmp_path / "g" / "scores.csv").write_text(HOSTILE_SCORES)
    ranked = run("rankings", "-o", "g")
    assert ranked.exit_code == 0, ranked.output
    return tmp_path / "g"


def drafts(root: Path) -> dict[str, Any]:
    from generator.host.game_folder import open_folder
    from generator.host.rankings_post import ranking_draft
    from generator.host.scoreboard import game_rankings, game_title

    game = open_folder(root)
    spec, rankings = game_rankings(game, None, None)
    found = (ranking_draft(r, spec, game_title(game)) for r in rankings)
    return {d.key: d for d in found}


def test_the_pages_rankings_are_the_drafts_html(run: Any, tmp_path: Path) -> None:
    from generator.render.post import html_blocks

    root = ranked_game(run, tmp_path)
    page = run("digest", "-o", "g", "--all")
    assert page.exit_code == 0, page.output
    assert "note:" not in page.output  # the written rankings are the current ones
    html = (root / "digest.html").read_text()
    shown = articles(html)
    built = drafts(root)
    assert set(built) == {"rankings/round-1", "rankings/round-2"}
    for key, draft in built.items():
        body = html_blocks(draft.blocks)
        assert body in shown[key.replace("/", "-")]
        assert body in (root / f"{key}.html").read_text()  # the post's own HTML flavour
    one = shown["rankings-round-1"]
    assert "<strong>=1.</strong> &lt;b&gt;: 12" in one and "<strong>=1.</strong> _*x*: 12" in one
    assert "<b>" not in one
    assert "Welcome aboard, [o]!" in shown["rankings-round-2"]
    assert "Send it to the host" in one and "comments" not in one
    # Round 1's rankings close round 1, before round 2 starts; the picture is drawn.
    assert html.index("<h2>Round 1</h2>") < html.index('id="rankings-round-1"')
    assert html.index('id="rankings-round-1"') < html.index("<h2>Round 2</h2>")
    assert re.search(r'<img src="data:image/png;base64,[^"]+" alt="Rankings after round 1', one)
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO((root / "digest.pdf").read_bytes())).pages
    )
    assert "<b>: 12" in text and "Send it to the host" in text


def test_the_page_shows_the_scores_as_they_are_now(run: Any, tmp_path: Path) -> None:
    """scores.csv changed after `sheetgen rankings`: the page shows the current standings
    (text and picture) and the host is told which written posts are behind."""
    root = ranked_game(run, tmp_path)
    assert run("digest", "-o", "g", "--all").exit_code == 0
    old = articles((root / "digest.html").read_text())
    written = (root / "rankings" / "round-2.facebook.txt").read_bytes()
    scores = root / "scores.csv"
    scores.write_text(scores.read_text().replace("Ann,2,11", "Ann,2,30"))
    page = run("digest", "-o", "g", "--all")
    assert page.exit_code == 0, page.output
    assert "rankings/round-2 differ from the posts written" in page.output
    assert "rankings/round-1" not in page.output  # round 1's scores did not change
    new = articles((root / "digest.html").read_text())
    assert "<strong>1.</strong> Ann: 39 (9 + 30)" in new["rankings-round-2"]
    assert "Ann: 39" not in old["rankings-round-2"]
    assert new["rankings-round-1"] == old["rankings-round-1"]
    picture = re.compile(r'src="(data:[^"]+)"')
    assert picture.findall(new["rankings-round-2"]) != picture.findall(old["rankings-round-2"])
    assert (root / "rankings" / "round-2.facebook.txt").read_bytes() == written  # untouched

    scores.unlink()  # no scores: no rankings on the page, and no error
    bare = run("digest", "-o", "g", "--all")
    assert bare.exit_code == 0, bare.output
    assert 'id="rankings-' not in (root / "digest.html").read_text()

    scores.write_text("player,round,score\nAnn,9,1\n")  # a bad line: the same clear error
    bad = run("digest", "-o", "g", "--all")
    assert bad.exit_code == 2 and "scores.csv:2: round: got '9'" in bad.output


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop"])
def test_every_planned_post_has_parts_the_page_can_show(pack: str) -> None:
    """Every post of every game with a posting schedule carries the post model's parts, and
    their HTML speaks to a reader of the page, not of a Discord channel."""
    from generator.games import Scope
    from generator.kit.session import open_game
    from generator.render.post import html_blocks

    game = open_game(pack, SEED, None)
    posts = game.rules.posts(game.content, game.plan, Scope("game"))  # type: ignore[attr-defined]
    assert len(posts) > 8
    for post in posts:
        assert post.blocks, post.key
        body = html_blocks(post.blocks)
        assert post.html is not None and body in post.html, post.key
        for words in ("||", "**", "in this channel", "message", "in the comments"):
            assert words not in body, (post.key, words)


def test_the_seed_is_on_the_page_only_once_revealed(run: Any, tmp_path: Path) -> None:
    """The reveal post joins a finished game's page after `sheetgen reveal`, from the post
    model like every post; before that, and on a page that stops short of the end, the seed
    is nowhere in the page or its PDF."""
    seed = "digest-reveal-seed-0123456789abcdef"
    made = run("game", "--pack", "moon-drop", "--seed", seed, "--start", "2026-12-07", "-o", "md")
    assert made.exit_code == 0
    folder = tmp_path / "md"

    def page(*until: str) -> tuple[str, str]:
        assert run("digest", "-o", "md", *until).exit_code == 0
        reader = PdfReader(io.BytesIO((folder / "digest.pdf").read_bytes()))
        pdf = "\n".join(p.extract_text() for p in reader.pages)
        return (folder / "digest.html").read_text(), pdf

    for text in page("--all"):
        assert seed not in text
    assert run("reveal", "-o", "md").exit_code == 0
    for text in page("--until", "day 3"):
        assert seed not in text
    html, pdf = page("--all")
    article = articles(html)["game-end-reveal"]
    assert seed in article and "sheetgen verify --pack moon-drop --seed" in article
    assert html.index("<h2>Round 7</h2>") < html.index("<h2>The seed</h2>")
    assert seed in pdf.replace("\n", "")


def test_title_rewards_for_the_page_as_for_rankings(run: Any, tmp_path: Path) -> None:
    """Title counts need the rewards: the page takes `--titles` as `sheetgen rankings` does,
    and without it says so instead of showing wrong totals."""
    made = run("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert made.exit_code == 0, made.output
    header = "player,round,score,position,events,cargo,lost,pretty,aesthete,contraptionist,note\n"
    (tmp_path / "g" / "scores.csv").write_text(
        header + "Ann,1,10,0,5,5,-2,2,3,1,\nBo,1,10,0,5,5,-2,2,2,0,\n"
    )
    bare = run("digest", "-o", "g", "--all")
    assert bare.exit_code == 2 and "--titles 3-6-9 or 4-8-12" in bare.output
    page = run("digest", "-o", "g", "--all", "--titles", "4-8-12")
    assert page.exit_code == 0, page.output
    one = articles((tmp_path / "g" / "digest.html").read_text())["rankings-round-1"]
    assert "<strong>1.</strong> Ann: 18" in one  # 10 + 4 + 4: both titles
    assert "<li>Aesthete: Ann with 3, +4 points</li>" in one


def test_a_digest_never_publishes_the_future_by_accident(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On day 3, --all and an --until past now are refused and write nothing; the host's copy
    goes under its own names with HOST COPY on every page of the PDF and at the top of the
    HTML; the players' page of the posts so far holds no later post."""
    made = run("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert made.exit_code == 0
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-03T09:00+00:00")
    for asked in (["--all"], ["--until", "2026-12-20"], ["--until", "day 9"]):
        refused = run("digest", "-o", "g", *asked)
        assert refused.exit_code == 2, asked
        assert "not yet due" in refused.stderr and "--host-copy" in refused.stderr
        assert not list((tmp_path / "g").glob("*digest*"))
    host = run("digest", "-o", "g", "--all", "--host-copy")
    assert host.exit_code == 0 and "HOST COPY" in host.stderr
    assert not (tmp_path / "g" / "digest.html").exists()
    page = (tmp_path / "g" / "host-copy-digest.html").read_text()
    assert page.index("HOST COPY — holds posts not yet published") < page.index("<main>")
    assert '<article id="round-3-end-of-flight"' in page and '<article id="game-end"' in page
    reader = PdfReader(str(tmp_path / "g" / "host-copy-digest.pdf"))
    assert len(reader.pages) > 3
    for number, sheet in enumerate(reader.pages, 1):
        assert "HOST COPY — holds posts not yet published" in sheet.extract_text(), number
    # The players' page: turns 1-5 (day 3 morning is turn 5) and nothing later.
    public = run("digest", "-o", "g")
    assert public.exit_code == 0
    text = (tmp_path / "g" / "digest.html").read_text()
    assert "HOST COPY" not in text and 'id="round-1-turn-05-build"' in text
    assert 'id="round-1-turn-06-build"' not in text
    assert "HOST COPY" not in PdfReader(str(tmp_path / "g" / "digest.pdf")).pages[0].extract_text()


def test_a_dateless_game_needs_the_host_to_say_how_far(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", SEED, "-o", "g").exit_code == 0
    whole = run("digest", "-o", "g", "--all")
    assert whole.exit_code == 2 and "no dates" in whole.stderr
    assert run("digest", "-o", "g", "--until", "day 2").exit_code == 0
