"""One post model, four flavours: what each platform gets of the same parts."""

from __future__ import annotations

import re

import pytest

from generator.games import RenderOptions, Scope
from generator.kit.session import open_game
from generator.render.post import BGG_IMAGE, Bold, Per, PostDraft, Secret, heading, item, para
from generator.render.text import PostImage


def draft(**extra: object) -> PostDraft:
    values: dict[str, object] = {
        "key": "round-1/turn-12-flight",
        "title": "Turn 12: flight",
        "turn": 12,
        "position": 0,
        "headline": "Game X · Game 0000-0000",
        "kicker": "Round 1 of 3 · Flying",
        "when": "Day 6, afternoon",
        "blocks": [
            heading("Event 8: Meteoric Swarm"),
            item("meteor 1, small, from the front: ", Secret("⚂ ⚃ = 7"), context="Event 8"),
            para("Answer ", Per(facebook="in the comments", discord="in this channel"), "."),
            para("Dice in the comment.", only=("facebook",)),
            para(Bold("Bold"), " < 3 and <b>"),
        ],
        "spoiler_warning": "SPOILER - dice below.",
        "images": [
            PostImage("round-1/a.png", "alt a"),
            PostImage("round-1/SPOILER_b.png", "b", True),
        ],
    }
    values.update(extra)
    return PostDraft(**values)  # type: ignore[arg-type]


def test_facebook_moves_secrets_below_the_fold_of_a_comment() -> None:
    post = draft().render()
    assert post.facebook is not None and "⚂" not in post.facebook
    assert "in the comments" in post.facebook and "Dice in the comment." in post.facebook
    assert post.facebook_comment is not None
    head, _, rest = post.facebook_comment.partition("Event 8 meteor 1")
    assert head.startswith("Event 8 · SPOILER - dice below.") and head.count("\n.\n") >= 4
    assert rest.startswith(", small, from the front: ⚂ ⚃ = 7")
    assert post.comment_on == "Turn 12: flight"


def test_facebook_gives_each_event_its_own_comment() -> None:
    """Reading event 8's dice must not show event 9's: one comment per event, in order,
    each opening with its event and the spoiler warning, each roll on its own line."""
    blocks = [
        heading("Event 8: Meteoric Swarm"),
        item("meteor 1, small, from the front: ", Secret("⚂ ⚃ = 7"), context="Event 8"),
        item("meteor 2, large, from the left: ", Secret("⚀ ⚀ = 2"), context="Event 8"),
        heading("Event 9: Pirates"),
        item("shot 1, heavy, from the front: ", Secret("⚅ ⚅ = 12"), context="Event 9"),
    ]
    post = draft(blocks=blocks).render()
    assert post.comment_labels == ["Event 8", "Event 9"]
    first, second = post.facebook_comments
    assert first.startswith("Event 8 · SPOILER") and second.startswith("Event 9 · SPOILER")
    assert "⚅" not in first and "⚂ ⚃ = 7" not in second
    assert first.splitlines()[-2:] == [
        "Event 8 meteor 1, small, from the front: ⚂ ⚃ = 7",
        "Event 8 meteor 2, large, from the left: ⚀ ⚀ = 2",
    ]
    files = post.files()
    assert files["round-1/turn-12-flight.facebook-comment-1.txt"] == first
    assert files["round-1/turn-12-flight.facebook-comment-2.txt"] == second
    assert "round-1/turn-12-flight.facebook-comment.txt" not in files
    steps = post.facebook_steps()
    assert steps[1].startswith("Comment 1 of 2 (Event 8) under the Turn 12: flight post: paste")
    assert steps[2].startswith("Comment 2 of 2 (Event 9) under the Turn 12: flight post: paste")


def test_discord_bgg_and_html_hide_the_secret_in_place() -> None:
    post = draft().render()
    assert "- Meteor 1, small, from the front: ||⚂ ⚃ = 7||" in post.discord
    assert "**Event 8: Meteoric Swarm**" in post.discord and "**Bold**" in post.discord
    assert "comment" not in post.discord.lower()
    assert post.bgg is not None
    assert "- Meteor 1, small, from the front: [o]⚂ ⚃ = 7[/o]" in post.bgg
    assert "comment" not in post.bgg.lower() and "[b]Bold[/b]" in post.bgg
    assert post.html is not None
    assert (
        '<details class="spoiler"><summary>Show</summary><span class="hidden">⚂ ⚃ = 7</span>'
        "</details>"
    ) in post.html
    assert "in this channel" in post.html  # a Per without html words takes Discord's
    assert "&lt;b&gt;" in post.html and "<b>" not in post.html


def test_bgg_has_an_image_tag_per_visible_picture_and_never_cuts_short() -> None:
    bgg = draft().render().bgg or ""
    assert bgg.count(BGG_IMAGE) == 1  # the SPOILER_ picture never goes to BGG
    assert not re.search(r"<\S", bgg)


def test_a_comment_only_post_is_no_facebook_post() -> None:
    post = draft(comment_on="Round 1 start").render()
    assert post.facebook is None and post.facebook_comment is not None
    assert post.comment_on == "Round 1 start"


@pytest.mark.parametrize("pack", ["galaxy-trucker", "moon-drop"])
def test_every_post_of_a_game_has_every_flavour(pack: str) -> None:
    game = open_game(pack, "post-model-seed-0001", None)
    files = game.rules.outputs(
        game.content, game.plan, Scope("game"), RenderOptions(papers=("a4",), images=False)
    )
    names = {f.path for f in files}
    keys = {n.rsplit(".", 2)[0] for n in names if n.endswith(".host.txt")}
    assert len(keys) > 5
    for key in keys:
        assert f"{key}.discord.md" in names, key
        assert f"{key}.bgg.txt" in names, key
        assert f"{key}.html" in names, key
        assert f"{key}.facebook.txt" in names or f"{key}.facebook-comment.txt" in names, key
    for item_ in files:
        if item_.path.endswith(".bgg.txt"):
            text = item_.data.decode()
            assert not re.search(r"<\S", text), item_.path
            assert "||" not in text and "**" not in text, item_.path
