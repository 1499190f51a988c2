"""The rankings posts come from the post model: one draft per ranking, every flavour rendered
from it by the shared renderers; players' names (typed by the host, chosen by players) show
as typed on every platform; Discord parts stay within 2,000 characters."""

from __future__ import annotations

import html as html_module
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from generator.host.rankings import Entry, Ranking, ScoreSpec, rank
from generator.host.rankings_post import (
    GameTitle,
    ranking_draft,
    ranking_files,
    ranking_post,
)
from generator.render.post import Per, bgg, discord, facebook, html_blocks, html_text, typed
from generator.render.text import DISCORD_LIMIT

SPEC = ScoreSpec(rounds=("1", "2", "3"))
GAME = GameTitle("Galaxy Trucker Roll'n'Write", "ABCD-1234")
HOSTILE = ("<b>", "_*x*", "[o]", "@everyone", "a\\b")


def entry(player: str, rnd: str, score: int) -> Entry:
    return Entry(0, player, rnd, score, {}, {})


def hostile_rankings() -> list[Ranking]:
    """Round 1: `<b>` and `_*x*` tie for first; round 2: `[o]`, `@everyone` and `a\\b` join."""
    entries = [
        entry("<b>", "1", 12),
        entry("_*x*", "1", 12),
        entry("Ann", "1", 9),
        entry("<b>", "2", 20),
        entry("_*x*", "2", 18),
        entry("Ann", "2", 11),
        entry("[o]", "2", 21),
        entry("@everyone", "2", 3),
        entry("a\\b", "2", 2),
    ]
    return rank(entries, SPEC, None)


def shown_on_discord(text: str) -> str:
    """What Discord shows of a text with no markdown in it: a backslash before punctuation
    vanishes, and so does a zero-width space."""
    return re.sub(r"\\([^\w\s])", r"\1", text).replace("\u200b", "")


def test_every_flavour_and_file_is_the_drafts() -> None:
    for ranking in hostile_rankings():
        draft = ranking_draft(ranking, SPEC, GAME)
        post = ranking_post(ranking, SPEC, GAME)
        assert post.facebook == facebook(draft)[0]
        assert post.facebook_comment is None  # nothing hidden in rankings
        assert post.discord == discord(draft)
        assert post.bgg == bgg(draft)
        assert post.html == html_text(draft)
        files = {f.path: f.data for f in ranking_files(ranking, SPEC, GAME)}
        texts = {name: text.encode() for name, text in post.files().items()}
        assert {n: d for n, d in files.items() if not n.endswith(".png")} == texts
        stem = post.key
        assert set(files) == {
            f"{stem}.facebook.txt",
            f"{stem}.discord.md",
            f"{stem}.bgg.txt",
            f"{stem}.html",
            f"{stem}.host.txt",
            f"{stem}.png",
        }


def test_a_change_in_the_draft_changes_every_flavour() -> None:
    """The texts are rendered from the draft's parts, not written beside them: a name changed
    in the draft shows in all four flavours."""
    ranking = hostile_rankings()[1]
    draft = ranking_draft(ranking, SPEC, GAME)
    first = draft.blocks[0]
    renamed = replace(
        draft,
        blocks=[
            replace(
                first, parts=tuple(typed("Zed") if isinstance(p, Per) else p for p in first.parts)
            ),
            *draft.blocks[1:],
        ],
    )
    before, after = draft.render(), renamed.render()
    for flavour in ("facebook", "discord", "bgg", "html"):
        old, new = getattr(before, flavour), getattr(after, flavour)
        assert old != new and "Zed" in new and "Zed" not in old, flavour


def test_ties_late_joiners_and_hostile_names_on_every_platform() -> None:
    one, two = (ranking_post(r, SPEC, GAME) for r in hostile_rankings())
    # Facebook: plain text, names exactly as typed; a tie shares the place.
    assert one.facebook is not None and two.facebook is not None
    assert "\n=1. <b>: 12\n=1. _*x*: 12\n3. Ann: 9\n" in one.facebook
    assert "Best ship of round 1: <b> and _*x* (12)." in one.facebook
    assert "3. [o]: 21 · no score yet for round 1\n" in two.facebook
    assert "Welcome aboard, @everyone, [o] and a\\b! Late joiners are welcome" in two.facebook
    assert "Post it in the comments" in two.facebook

    # Discord: every markdown character of a name escaped, the place in bold; shown, it
    # reads as the Facebook text does.
    assert "**=1.** \\<b\\>: 12\n**=1.** \\_\\*x\\*: 12\n**3.** Ann: 9\n" in one.discord
    assert "**3.** \\[o\\]: 21" in two.discord
    assert "@everyone" not in two.discord  # no ping of the whole server
    body = two.discord.split("\n\n", 1)[1]
    for text_line in body.splitlines():
        # Outside the bold place, no markdown is left unescaped.
        rest = re.sub(r"^\*\*=?\d+\.\*\*", "", text_line)
        assert not re.search(r"(?<!\\)[*_`~|<>\[\]]", rest), text_line
    assert "Welcome aboard, @everyone, [o] and a\\b!" in shown_on_discord(two.discord)
    assert "comments" not in two.discord and "Post it in this channel" in two.discord

    # BGG: no `<` followed by a non-space (the forum would drop the rest), and the only tags
    # are the post's own: a player named [o] opens no spoiler.
    for post in (one, two):
        assert post.bgg is not None
        assert not re.search(r"<\S", post.bgg)
        assert set(re.findall(r"\[/?(\w+)", post.bgg)) <= {"b", "i", "ImageID"}
        assert post.bgg.count("[ImageID=…]") == 1
    assert "[b]3.[/b] [\u200bo]: 21" in two.bgg  # type: ignore[operator]
    assert "comments" not in two.bgg and "Post it in this thread" in two.bgg  # type: ignore[operator]

    # HTML: escaped, so the names are text, never tags.
    assert two.html is not None
    assert "<strong>1.</strong> &lt;b&gt;: 32 (12 + 20)" in two.html
    assert "<b>" not in two.html and "[o]" in two.html and "_*x*" in two.html
    assert html_module.escape("Welcome aboard, @everyone, [o] and a\\b!") in two.html
    assert "Send it to the host" in two.html


def test_final_winners_and_titles() -> None:
    spec = ScoreSpec(rounds=("1", "2"), titles=(("aesthete", "Aesthete"),))
    entries = [
        Entry(0, "<i>", "1", 10, {}, {"aesthete": Fraction(3)}),
        Entry(0, "Bo", "1", 10, {}, {"aesthete": Fraction(3)}),
        Entry(0, "<i>", "2", 5, {}, {}),
        Entry(0, "Bo", "2", 5, {}, {}),
    ]
    final = rank(entries, spec, (4, 8))[-1]
    post = ranking_post(final, spec, GAME)
    assert post.key == "rankings/final"
    assert post.facebook is not None and "\n=1. <i>: 19 (14 + 5)\n=1. Bo: 19" in post.facebook
    assert "<i> and Bo share first place. Congratulations!" in post.facebook
    titles = ranking_post(rank(entries, spec, (4, 8))[0], spec, GAME)
    assert "\n- Aesthete: \\<i\\> and Bo with 3, +4 points each\n" in titles.discord
    assert "<li>Aesthete: &lt;i&gt; and Bo with 3, +4 points each</li>" in (titles.html or "")
    assert not re.search(r"<\S", titles.bgg or "")


@pytest.mark.parametrize("players", [60])
def test_discord_parts_fit_with_many_players(players: int) -> None:
    names = [f"Pilot_{n:02d}_with_a_long_*name*" for n in range(players)]
    entries = [entry(name, "1", 100 - n // 3) for n, name in enumerate(names)]
    entries += [entry(name, "2", n % 7) for n, name in enumerate(names)]
    ranking = rank(entries, SPEC, None)[1]
    post = ranking_post(ranking, SPEC, GAME)
    messages = post.discord_messages()
    assert len(messages) > 1
    assert all(len(m) <= DISCORD_LIMIT for m in messages)
    joined = "\n".join(messages)
    for name in names:  # every player once, on a whole line of its own
        escaped = name.replace("_", "\\_").replace("*", "\\*")
        assert len(re.findall(rf"^\*\*=?\d+\.\*\* {re.escape(escaped)}: \d+", joined, re.M)) == 1
    files = {f.path for f in ranking_files(ranking, SPEC, GAME)}
    parts = {f"rankings/round-2.discord-{n}.md" for n in range(2, len(messages) + 1)}
    assert {"rankings/round-2.discord.md", *parts} <= files
    host = post.host_text()
    assert all(f"`{name}`" in host for name in parts)


def test_the_html_body_is_the_blocks() -> None:
    """What the catch-up page shows of a rankings post is `html_blocks` of the draft's parts,
    the same markup as the post's own .html file."""
    ranking = hostile_rankings()[0]
    draft = ranking_draft(ranking, SPEC, GAME)
    body = html_blocks(draft.blocks)
    assert body in (draft.render().html or "")
    assert ranking_post(ranking, SPEC, GAME).blocks == tuple(draft.blocks)


def test_the_picture_keeps_the_game_id_of_a_long_game_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keep on Trucking's name is too long for the picture's subtitle line: the name is cut,
    never the game id players match with the thread (it read 'Game 7…')."""
    from PIL import ImageDraw

    from generator.host.rankings_post import ranking_picture

    drawn: list[str] = []
    draw_text = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: object, text: str, *args: object, **kw: object):
        drawn.append(text)
        return draw_text(self, xy, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    long_name = GameTitle("Galaxy Trucker Roll'n'Write: Keep on Trucking", "7EC5-7130")
    ranking_picture(hostile_rankings()[0], SPEC, long_name)
    (subtitle,) = [text for text in drawn if "Game" in text]
    assert subtitle.endswith(" · Game 7EC5-7130") and subtitle.startswith("Galaxy Trucker")
    drawn.clear()
    ranking_picture(hostile_rankings()[0], SPEC, GAME)
    assert "Galaxy Trucker Roll'n'Write · Game ABCD-1234" in drawn  # a name that fits stays
