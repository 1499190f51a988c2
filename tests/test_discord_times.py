"""Moments in a Discord text are written for every reader's own zone (`<t:UNIX:F>`, a
countdown after a deadline); the other platforms keep the game's written zone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

from click.testing import CliRunner

from generator.cli import main
from generator.render.discord_times import discord_times

AMS = "Europe/Amsterdam"


def unix(text: str) -> int:
    return int(dt.datetime.fromisoformat(text).timestamp())


def test_a_moment_becomes_a_timestamp_every_reader_sees_in_their_zone() -> None:
    text = "*Day 1, morning (Mon 15 Mar 2027, 08:00 CET)*"
    assert discord_times(text, AMS) == f"*Day 1, morning (<t:{unix('2027-03-15T08:00+01:00')}:F>)*"


def test_the_clock_change_is_read_by_the_zone_name() -> None:
    # 28 March 2027: 02:00 CET is skipped; 31 October 2027: 02:30 happens twice.
    assert discord_times("Mon 29 Mar 2027, 08:00 CEST", AMS) == (
        f"<t:{unix('2027-03-29T08:00+02:00')}:F>"
    )
    assert discord_times("Sun 31 Oct 2027, 02:30 CEST", AMS) == (
        f"<t:{unix('2027-10-31T02:30+02:00')}:F>"
    )
    assert discord_times("Sun 31 Oct 2027, 02:30 CET", AMS) == (
        f"<t:{unix('2027-10-31T02:30+01:00')}:F>"
    )


def test_words_that_name_no_moment_there_stay_as_written() -> None:
    kept = [
        "Sun 28 Mar 2027, 02:30 CET",  # the hour the clock skips
        "Tue 15 Mar 2027, 08:00 CET",  # the wrong weekday
        "Mon 15 Mar 2027, 08:00 UTC",  # a zone name Amsterdam does not use
        "from Mon 15 Mar 2027 to Sat 10 Apr 2027",  # dates, not moments
        "Posting times: morning 08:00 and afternoon 17:30 (Europe/Amsterdam time).",
    ]
    for text in kept:
        assert discord_times(text, AMS) == text


def test_a_deadline_gets_a_countdown() -> None:
    at = unix("2027-03-21T17:30+01:00")
    assert discord_times("by Sun 21 Mar 2027, 17:30 CET; then", AMS) == (
        f"by <t:{at}:F> (<t:{at}:R>); then"
    )
    assert discord_times("by Day 7, afternoon (Sun 21 Mar 2027, 17:30 CET);", AMS) == (
        f"by Day 7, afternoon (<t:{at}:F>, <t:{at}:R>);"
    )


def test_a_code_block_is_left_as_typed() -> None:
    text = "```\nMon 15 Mar 2027, 08:00 CET\n```\nMon 15 Mar 2027, 08:00 CET"
    at = unix("2027-03-15T08:00+01:00")
    assert discord_times(text, AMS) == f"```\nMon 15 Mar 2027, 08:00 CET\n```\n<t:{at}:F>"


def test_a_games_discord_posts_carry_timestamps_and_the_others_the_zone(
    tmp_path: Path,
) -> None:
    (tmp_path / "g.yaml").write_text(
        "seed: discord-times-0001\nstart: 2027-03-15\n"
        "rhythm:\n  timezone: Europe/Amsterdam\n  rest_days: [sunday]\n"
    )
    result = CliRunner().invoke(
        main, ["game", "--no-images", "--game", str(tmp_path / "g.yaml"), "-o", str(tmp_path / "g")]
    )
    assert result.exit_code == 0, result.output
    root = tmp_path / "g"
    first = unix("2027-03-15T08:00+01:00")
    assert (root / "round-1/turn-01-build.discord.md").read_text().splitlines()[1] == (
        f"*Day 1, morning (<t:{first}:F>) · Galaxy Trucker Roll'n'Write · Game "
        + (root / "round-1/turn-01-build.facebook.txt")
        .read_text()
        .splitlines()[0]
        .split("Game ")[1]
        + "*"
    )
    assert (
        "Day 1, morning (Mon 15 Mar 2027, 08:00 CET)"
        in (root / "round-1/turn-01-build.facebook.txt").read_text()
    )
    assert "(Mon 15 Mar 2027, 08:00 CET)" in (root / "round-1/turn-01-build.bgg.txt").read_text()
    # After the clock change the offset follows: 08:00 CEST.
    after = unix("2027-03-29T08:00+02:00")
    discord = "\n".join(p.read_text() for p in root.rglob("*.discord*.md"))
    assert f"<t:{after}:F>" in discord
    zone = ZoneInfo(AMS)
    assert dt.datetime.fromtimestamp(after, zone).strftime("%H:%M %Z") == "08:00 CEST"
    # No moment is left written in a zone in any Discord text.
    assert " CET)" not in discord and " CEST)" not in discord


def test_a_zone_without_a_name_is_read_by_its_offset() -> None:
    at = unix("2027-03-15T08:00-03:00")
    assert discord_times("Mon 15 Mar 2027, 08:00 -03", "America/Sao_Paulo") == f"<t:{at}:F>"
    assert (
        discord_times("Mon 15 Mar 2027, 08:00 UTC", "UTC")
        == f"<t:{unix('2027-03-15T08:00+00:00')}:F>"
    )


def test_a_moment_after_a_hidden_code_block_is_a_timestamp_and_one_in_it_is_not() -> None:
    """A round's record is a hidden block (`||` before its opening fence, after its closing
    one): the deadline after it is text again, the block's lines stay as typed."""
    text = "||```\nMon 15 Mar 2027, 08:00 CET\n```||\n\nby Mon 15 Mar 2027, 08:00 CET"
    at = unix("2027-03-15T08:00+01:00")
    assert discord_times(text, AMS) == (
        f"||```\nMon 15 Mar 2027, 08:00 CET\n```||\n\nby <t:{at}:F> (<t:{at}:R>)"
    )
