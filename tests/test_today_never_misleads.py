"""`today` never sends the host to post what is already out, and never drops a missed slot:
a skipped date, a rest day, the minute before a post day's first slot, a missed slot (with
`sheetgen posted`) and a month after the end each get the right answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

GAME = """\
seed: today-seed-0123456789abcd
start: 2026-10-01
rhythm:
  timezone: Europe/Amsterdam
  times: {morning: "08:00", afternoon: "17:30"}
  skip: [2026-10-07]
  rest_days: [sunday]
"""


@pytest.fixture
def host(
    run: Callable[..., Result], game_once: Callable[..., Result], tmp_path: Path
) -> Callable[..., Result]:
    """A Galaxy Trucker month (Sundays off, 7 October skipped), and `today -o g` at a
    moment, Facebook only."""
    (tmp_path / "g.yaml").write_text(GAME, encoding="utf-8")
    made = game_once("game", "--game", "g.yaml", "-o", "g", "--no-images")
    assert made.exit_code == 0, made.output

    def today(at: str, *more: str) -> Result:
        result = run("today", "-o", "g", "--at", at, "--platform", "facebook", *more)
        assert result.exit_code == 0, result.output
        return result

    return today


def _headings(text: str) -> list[str]:
    return [
        line
        for line in text.splitlines()
        if line.startswith(("Post now", "MISSED", "No posts", "Nothing", "Everything", "Next"))
    ]


def test_a_rest_day_says_no_posts_and_what_comes_next(host: Callable[..., Result]) -> None:
    text = host("2026-10-04 12:00").output  # a Sunday
    assert _headings(text)[0] == "No posts today: Sunday is a rest day."
    assert "Post now" not in text
    assert _headings(text)[1].startswith("Next: Day 4, morning (Mon 5 Oct 2026, 08:00 CEST)")


def test_a_skipped_date_says_no_posts(host: Callable[..., Result]) -> None:
    text = host("2026-10-07 09:00").output
    assert _headings(text)[0] == "No posts today: it is a skipped date."
    assert "Post now" not in text
    assert "(Thu 8 Oct 2026, 08:00 CEST)" in _headings(text)[1]


def test_the_minute_before_the_first_post_is_not_yesterdays_afternoon(
    host: Callable[..., Result],
) -> None:
    text = host("2026-10-08 07:59").output
    assert _headings(text)[0] == "Nothing to post yet today: the first post is at 08:00."
    assert "Turn 10" not in text  # the afternoon before: already out
    assert "(in 0 h 01 min): Turn 11: flight" in _headings(text)[1]
    assert "Post now: Day 6, morning" in host("2026-10-08 08:00").output


def test_a_missed_slot_comes_back_first_until_it_is_marked(
    host: Callable[..., Result], run: Callable[..., Result], tmp_path: Path
) -> None:
    # Untracked (nothing marked yet): only today's slot, and the way to track.
    text = host("2026-10-08 17:35").output
    assert _headings(text)[0].startswith("Post now: Day 6, afternoon")
    assert "sheetgen posted 12 -o g" in text
    # Everything marked up to the morning; the morning slot of day 6 (turn 11) missed.
    assert run("posted", "-o", "g", "0-10").exit_code == 0
    text = host("2026-10-08 17:35").output
    headings = _headings(text)
    assert headings[0].startswith("MISSED (1 of 1), post first: Day 6, morning")
    assert headings[1].startswith("Post now: Day 6, afternoon")
    assert "turn-11-flight.facebook.txt" in text and "turn-12-flight.facebook.txt" in text
    assert "sheetgen posted now -o g" in text
    marked = run("posted", "-o", "g", "--at", "2026-10-08 17:40")
    assert marked.exit_code == 0, marked.output
    assert "Marked posted: every slot due by now (turns 0-12)." in marked.output
    text = host("2026-10-08 17:45").output
    assert _headings(text)[0] == "Everything due so far today is out (marked posted)."
    # A slot unmarked by mistake comes back.
    assert run("posted", "-o", "g", "11", "--undo").exit_code == 0
    assert _headings(host("2026-10-08 17:45").output)[0].startswith("MISSED (1 of 1)")
    lines = (tmp_path / "g" / "posted.jsonl").read_text().splitlines()
    assert [json.loads(line).get("undo", False) for line in lines] == [False, False, True]
    assert "posted" not in (tmp_path / "g" / "plan.json").read_text()


def test_a_month_after_the_end_says_what_is_left_then_that_it_is_over(
    host: Callable[..., Result], run: Callable[..., Result], tmp_path: Path
) -> None:
    text = host("2026-12-30 10:00").output
    assert "Post now" not in text and "Turn 51" not in text
    assert _headings(text)[0] == "No posts today: the game's last post is out."
    assert "Next: no more slots. Left to do:" in text
    assert "sheetgen rankings" in text and "sheetgen reveal" in text
    assert "sheetgen digest" in text
    for name in ("rankings/final.facebook.txt", "game-end-reveal.facebook.txt", "digest.html"):
        path = tmp_path / "g" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("done")
    text = host("2026-12-30 10:00").output
    assert "The game is over" in text and "Left to do" not in text


def test_posted_refuses_what_is_not_a_slot_and_a_record_that_is_a_symlink(
    host: Callable[..., Result], run: Callable[..., Result], tmp_path: Path
) -> None:
    for words in (["99"], ["5-3"], ["turn"], ["day", "99"]):
        result = run("posted", "-o", "g", *words)
        assert result.exit_code == 2 and "Traceback" not in result.output, words
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text('{"turns": [1]}\n')
    (tmp_path / "g" / "posted.jsonl").symlink_to(elsewhere)
    for args in (["posted", "-o", "g", "3"], ["today", "-o", "g", "--at", "2026-10-02 09:00"]):
        result = run(*args)
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert elsewhere.read_text() == '{"turns": [1]}\n'
