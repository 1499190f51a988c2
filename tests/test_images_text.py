"""Images in post texts: named and described on each platform, hidden ones only as spoilers."""

from __future__ import annotations

from generator.render.text import DISCORD_LIMIT, Post, PostImage, spoiler_name


def post(*images: PostImage, discord: str = "Discord body", comment: str | None = None) -> Post:
    return Post(
        key="round-1/turn-09-flight",
        title="t",
        turn=9,
        position=0,
        facebook="Facebook body\n",
        discord=discord,
        facebook_comment=comment,
        images=list(images),
    )


def test_spoiler_name_prefixes_the_file_name_only() -> None:
    assert spoiler_name("round-1/stack-1.png") == "round-1/SPOILER_stack-1.png"
    assert spoiler_name("a.png") == "SPOILER_a.png"


def test_visible_image_is_named_and_described_everywhere() -> None:
    files = post(PostImage("round-1/turn-09-flight.png", "Two cards")).files()
    facebook = files["round-1/turn-09-flight.facebook.txt"]
    assert facebook.startswith("Facebook body\n\n[Image: turn-09-flight.png]\n")
    assert "[Image description: Two cards]" in facebook
    discord = files["round-1/turn-09-flight.discord.md"]
    assert "Image: turn-09-flight.png" in discord and "Image description: Two cards" in discord
    assert "round-1/turn-09-flight.facebook-comment.txt" not in files


def test_hidden_comment_image_stays_out_of_the_post() -> None:
    rolls = PostImage("round-1/turn-09-rolls.png", "3 and 5", hidden=True, comment=True)
    files = post(rolls, comment="SPOILER\n").files()
    assert "3 and 5" not in files["round-1/turn-09-flight.facebook.txt"]
    comment = files["round-1/turn-09-flight.facebook-comment.txt"]
    assert comment.startswith("SPOILER\n") and "[Image description: 3 and 5]" in comment
    discord = files["round-1/turn-09-flight.discord.md"]
    assert "Image: SPOILER_turn-09-rolls.png" in discord
    assert "||3 and 5||" in discord
    assert "3 and 5" not in discord.replace("||3 and 5||", "")


def test_discord_falls_back_to_short_descriptions() -> None:
    long_alt = "tile " * 300
    image = PostImage("round-1/turn-01-build.png", long_alt, short_alt="The tiles listed above.")
    text = post(image, discord="x" * 1500).discord_text()
    assert len(text.rstrip("\n")) <= DISCORD_LIMIT
    assert "The tiles listed above." in text
    # Facebook has room: the full description stays.
    assert long_alt in post(image).facebook_text()
    # With room, Discord keeps the full one too.
    assert long_alt in post(PostImage("a.png", long_alt, short_alt="s")).discord_text()
