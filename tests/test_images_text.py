"""Post files hold only what players read; images and alt texts are host notes, and a
hidden image never goes to Facebook."""

from __future__ import annotations

import re

from generator.render.text import Post, PostImage

HOST_LINE = re.compile(r"\[Image|\[Host|-# Image")


def post(*images: PostImage, comment: str | None = None, facebook: str | None = "FB\n") -> Post:
    return Post(
        key="round-1/turn-09-flight",
        title="Turn 9: flight",
        turn=9,
        position=0,
        facebook=facebook,
        discord="Discord body",
        facebook_comments=[comment] if comment is not None else [],
        images=list(images),
    )


def test_post_files_hold_no_host_lines() -> None:
    cards = PostImage("round-1/turn-09-flight-cards.png", "Two cards")
    dice = PostImage("round-1/SPOILER_turn-09-event-2-meteor-1-dice.png", "3 and 5", hidden=True)
    files = post(cards, dice, comment="SPOILER\n.\n3 + 5\n").files()
    for name, text in files.items():
        if not name.endswith(".host.txt"):
            assert not HOST_LINE.search(text), name
            assert "Two cards" not in text and "3 and 5" not in text, name
    host = files["round-1/turn-09-flight.host.txt"]
    assert "Alt text for `round-1/turn-09-flight-cards.png`: Two cards" in host
    assert "3 and 5" in host


def test_hidden_images_are_for_discord_only() -> None:
    cards = PostImage("round-1/turn-09-flight-cards.png", "Two cards")
    dice = PostImage("round-1/SPOILER_turn-09-event-2-meteor-1-dice.png", "3 and 5", hidden=True)
    p = post(cards, dice, comment="SPOILER\n")
    facebook = "\n".join(p.facebook_steps())
    assert "flight-cards.png" in facebook and "dice.png" not in facebook
    assert "turn-09-flight.facebook-comment.txt`, text only" in facebook
    discord = "\n".join(p.discord_steps())
    assert "flight-cards.png" in discord and "SPOILER_turn-09-event-2-meteor-1-dice.png" in discord


def test_a_comment_only_post_has_no_facebook_post_file() -> None:
    p = post(comment="SPOILER\n", facebook=None)
    p.comment_on = "Round 1 start"
    files = p.files()
    assert "round-1/turn-09-flight.facebook.txt" not in files
    assert "round-1/turn-09-flight.facebook-comment.txt" in files
    assert p.facebook_steps() == [
        "Comment under the Round 1 start post: paste `round-1/turn-09-flight.facebook-comment"
        ".txt`, text only (no picture: Facebook would show it in full)."
    ]


def test_discord_takes_ten_files_a_message() -> None:
    images = [PostImage(f"round-1/SPOILER_d{i}.png", str(i), hidden=True) for i in range(13)]
    steps = post(*images).discord_steps()
    assert steps[0].count(".png`") == 10
    assert steps[1].startswith("Message with no text: attach") and steps[1].count(".png`") == 3
