import datetime as dt
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.games import Scope
from generator.kit.session import open_game
from generator.plan.round_commit import canonical_lines
from generator.render.text import Post, bgg_safe, roll_text, split_message

paragraph = st.lists(st.text("abc ||", min_size=1, max_size=80), min_size=1, max_size=6).map(
    "\n".join
)


@given(st.lists(paragraph, min_size=1, max_size=30))
def test_split_keeps_every_line_whole_and_in_order(paragraphs: list[str]) -> None:
    text = "\n\n".join(paragraphs)
    messages = split_message(text, 300)
    assert all(len(m) <= 300 for m in messages)
    lines = [line for m in messages for line in m.split("\n") if line]
    assert lines == [line for line in text.split("\n") if line]


def test_short_text_is_one_message() -> None:
    assert split_message("a\n\nb", 2000) == ["a\n\nb"]


def test_roll_text_shows_faces_and_sum() -> None:
    assert roll_text([3, 5]) == "⚂ ⚄ = 8"


def test_bgg_safe_keeps_a_less_than_from_cutting_the_post() -> None:
    assert bgg_safe("strength <5 or <= 6") == "strength < 5 or < = 6"
    assert bgg_safe("<<a <\u00a0b <\u2003c <\u200bd <") == "< < a <\u00a0b <\u2003c < \u200bd <"


def test_bgg_safe_spaces_every_less_than_before_a_non_space() -> None:
    """Checked character by character, against what `str.isspace` calls a space."""
    chosen = random.Random("bgg")
    pool = ["<", "<", "a", " ", "\n", "\t", "\u00a0", "\u2003", "\u200b", "\u3000", "é"]
    for _ in range(3000):
        text = "".join(chosen.choice(pool) for _ in range(chosen.randint(0, 12)))
        expected = "".join(
            ch + (" " if ch == "<" and i + 1 < len(text) and not text[i + 1].isspace() else "")
            for i, ch in enumerate(text)
        )
        assert bgg_safe(text) == expected, repr(text)


def test_a_fenced_block_is_never_cut_between_discord_messages() -> None:
    block = "```\n" + "\n\n".join(f"line {i} " + "x" * 40 for i in range(6)) + "\n```"
    text = "intro " + "y" * 200 + "\n\n" + block + "\n\nafter"
    messages = split_message(text, 320)
    assert any(block in m for m in messages), messages


def test_a_code_block_longer_than_a_message_is_closed_and_opened_again_at_the_cut() -> None:
    body = [f"turn {i}: " + "T001 " * 8 for i in range(40)]
    text = "Check round 3:\n```\n" + "\n".join(body) + "\n```\n\nafter"
    messages = split_message(text, 500)
    assert len(messages) > 2
    for message in messages:
        assert len(message) <= 500
        fences = [line for line in message.split("\n") if line.startswith("```")]
        assert len(fences) % 2 == 0, message
    lines = [line for m in messages for line in m.split("\n") if line and line != "```"]
    assert lines == [line for line in text.split("\n") if line and line != "```"]


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop"])
def test_a_posts_file_names_are_those_of_its_files(pack: str) -> None:
    game = open_game(pack, "file-names-seed-0123456789", dt.date(2026, 12, 1))
    posts = game.rules.posts(game.content, game.plan, Scope("game"))
    assert posts
    for post in posts:
        assert post.file_names() == list(post.files()), post.key


def test_file_names_of_posts_of_every_shape() -> None:
    long = "\n\n".join("word " * 100 for _ in range(12))  # several Discord messages
    shapes = [
        Post("a", "A", 1, 0, "fb", "dc"),
        Post("b", "B", 1, 0, None, long, ["one"], ["Event 1"], bgg="bgg", comment_on="A"),
        Post("c", "C", 2, 1, "fb", "dc", ["one", "two"], ["", "x"], html="<article>"),
    ]
    for post in shapes:
        assert post.file_names() == list(post.files()), post.key
    assert "b.discord-2.md" in shapes[1].file_names()


def test_a_hidden_code_block_cut_between_messages_stays_hidden_in_each() -> None:
    """A round's record in a spoiler (`||` before the opening fence, after the closing one)
    too long for one message: each message closes its part as a hidden block and the next
    opens it again the same way, and the parts read as the one record."""
    record = ["sheetgen-round-v1", *(f"turn {i}:" + " T001" * 8 for i in range(40)), "end"]
    text = "Check round 3:\n||```\n" + "\n".join(record) + "\n```||\n\nafter"
    messages = split_message(text, 500)
    assert len(messages) > 2
    for message in messages:
        assert len(message) <= 500
        lines = message.split("\n")
        assert lines.count("||```") == lines.count("```||"), message
        assert "```" not in lines, message  # no fence without its spoiler mark
        assert message.count("||") % 2 == 0, message
    assert canonical_lines("\n".join(messages)) == record
