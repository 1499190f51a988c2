"""Battlestar's posts through the shared post model: every flavour ends with the action
queue, forum names are written as their owners spell them (escaped only where Discord would
read them as markup), and a long post is split into Discord-sized messages."""

from __future__ import annotations

from generator.games.battlestar.posts.post import TablePost, b, item, para, post_files, render
from generator.render.text import DISCORD_LIMIT

POST = TablePost(
    "public/001-draw",
    "Battlestar Galactica · Game 0000-0000 · Crisis",
    (para("Drawn by ", b("old_man"), "."), item("old_man: 3 Leadership")),
    ("starbuck_fan (Kara Thrace): turn 2",),
)


def test_names_are_kept_as_spelled_and_escaped_only_on_discord() -> None:
    facebook, discord, bgg = (render(POST, f) for f in ("facebook", "discord", "bgg"))
    assert "Drawn by old_man." in facebook and "\nold_man: 3 Leadership" in facebook
    assert "Drawn by **old\\_man**." in discord and "\n- old\\_man: 3 Leadership" in discord
    assert "Drawn by [b]old_man[/b]." in bgg and "\n- old_man: 3 Leadership" in bgg
    for text in (facebook, discord, bgg):
        queue = text.split("Action queue")[1]
        assert "starbuck" in queue and "Starbuck" not in queue


def test_an_empty_queue_says_nobody() -> None:
    quiet = TablePost("public/009-end", "Game over", (para("The end."),))
    assert render(quiet, "facebook").rstrip().endswith("Action queue\nnobody")


def test_a_long_post_is_split_into_discord_messages() -> None:
    long = TablePost(
        "public/002-x", "Long", tuple(para(f"Line {n} " + "x" * 90) for n in range(60))
    )
    files = post_files(long)
    parts = sorted(n for n in files if ".discord" in n)
    assert "public/002-x.discord.md" in parts and "public/002-x.discord-2.md" in parts
    assert all(len(files[n].rstrip("\n")) <= DISCORD_LIMIT for n in parts)
    joined = "".join(files[n] for n in parts)
    assert all(f"Line {n} " in joined for n in range(60)) and "Action queue" in joined
