"""A code block or a wholly secret line shows its parts' words on each platform: words that
differ by platform (a `Per`) included, which have no single text (the type check found
them read as `.text`, an AttributeError when written)."""

from __future__ import annotations

from generator.render.post import Block, Bold, Per, PostDraft, Secret, code_lines, plain_text


def test_a_code_block_writes_a_platforms_words() -> None:
    block = Block("code", ("reveal ", Per(facebook="below", discord="here"), "\n"))
    assert code_lines(block, "facebook") == ["```", "reveal below", "```"]
    assert code_lines(block, "bgg") == ["[c]reveal here[/c]"]


def test_plain_text_drops_the_marks_and_keeps_the_words() -> None:
    parts = ("a ", Bold("bold"), " ", Secret("7"), " ", Per(facebook="fb", discord="dc"))
    assert plain_text(parts, "facebook") == "a bold 7 fb"
    assert plain_text(parts, "html") == "a bold 7 dc"  # html: the Discord words by default


def test_a_code_block_with_platform_words_is_written_in_html() -> None:
    draft = PostDraft(
        key="round-1/turn-01-build",
        title="Turn 1",
        turn=1,
        position=0,
        headline="Game",
        kicker="Round 1",
        when="Day 1",
        blocks=[Block("code", ("seen ", Per(facebook="in the comments", discord="here")))],
    )
    assert '<pre class="code">seen here</pre>' in draft.render().html
