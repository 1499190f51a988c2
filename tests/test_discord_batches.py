"""Discord takes at most 10 files a message: the posting guide, `today` and the console
all put a post's 11th file and on in a message of its own, the same way."""

from __future__ import annotations

from pathlib import Path

from generator.host.console import post_steps
from generator.host.today import discord_steps
from generator.render.console_html import Picture
from generator.render.post import PostDraft, para
from generator.render.text import Post, PostImage


def _post(images: int) -> Post:
    return PostDraft(
        key="round-3/turn-45-flight",
        title="Turn 45: flight",
        turn=45,
        position=0,
        headline="Game",
        when="Day 23",
        blocks=[para("Events.")],
        images=[
            PostImage(f"round-3/SPOILER_d{n}.png", f"alt {n}", hidden=True) for n in range(images)
        ],
    ).render()


def test_thirteen_pictures_go_in_two_messages_everywhere(tmp_path: Path) -> None:
    post = _post(13)
    (tmp_path / "round-3").mkdir()
    (tmp_path / "round-3" / "turn-45-flight.discord.md").write_text(post.discord, encoding="utf-8")
    batches = post.discord_attachments()
    assert [len(b) for b in batches] == [10, 3]
    # The guide.
    steps = post.discord_steps()
    assert len(steps) == 2 and steps[1].startswith("Message with no text: attach")
    assert "SPOILER_d10.png" in steps[1] and "SPOILER_d9.png" in steps[0]
    # today: message 2 of 2 holds files 11-13, each with its alt text.
    lines = discord_steps(tmp_path, post, 1)
    first_attached = [line for line in lines if line.startswith("   Attach to the message: ")]
    later_attached = [
        line for line in lines if line.startswith("   Attach to message 2 of 2 (no text): ")
    ]
    assert len(first_attached) == 10 and len(later_attached) == 3
    assert lines.index(first_attached[-1]) < lines.index(later_attached[0])
    assert "(message 1 of 2)" in lines[1]
    assert "     Alt text: alt 12" in lines
    # The console.
    step = post_steps(tmp_path, post, "discord", "turn-45")
    pictures = [i for i in step.items if isinstance(i, Picture)]
    assert [p.label for p in pictures].count("Attach to the message") == 10
    assert [p.label for p in pictures].count("Attach to message 2 of 2 (no text)") == 3


def test_ten_pictures_stay_in_one_message(tmp_path: Path) -> None:
    post = _post(10)
    (tmp_path / "round-3").mkdir()
    (tmp_path / "round-3" / "turn-45-flight.discord.md").write_text(post.discord, encoding="utf-8")
    lines = discord_steps(tmp_path, post, 1)
    assert not any("Message 2" in line for line in lines)
    assert sum("Attach" in line for line in lines) == 10
