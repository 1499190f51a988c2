"""What `posted` marks and what `today` then asks for: a slot not yet due is refused unless
--early; a round's rankings and the week's catch-up page stay listed until written; a day
asked for before its time is bannered as not due; a correction of a post not out yet comes
after that post; the slots before the host's first mark count as posted."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

SEED = "posted-marks-seed-0001"
# Every day has a morning (08:00) and an afternoon (17:00) slot; the game starts 1 December.
# Turn 12 (day 6, afternoon) ends week 1: its catch-up page follows it. Round 1's rankings
# follow turn 14 (day 7, afternoon).
GT_HEADER = "player,round,score,position,events,cargo,lost,pretty,aesthete,contraptionist,note\n"


@pytest.fixture
def host(
    run: Callable[..., Result],
    game_once: Callable[..., Result],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[..., Result]:
    """`sheetgen ARGS -o g` with the clock at `at` (an ISO moment with its offset)."""
    made = game_once("game", "--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert made.exit_code == 0, made.output

    def command(at: str, *args: str, code: int = 0) -> Result:
        monkeypatch.setenv("SHEETGEN_NOW", at)
        result = run(*args, "-o", "g")
        assert result.exit_code == code, result.output
        assert "Traceback" not in result.output
        return result

    return command


DAY_6 = "2026-12-06T09:00+00:00"


def test_a_slot_not_yet_due_is_refused_unless_early(
    host: Callable[..., Result], tmp_path: Path
) -> None:
    typo = host(DAY_6, "posted", "41", code=2)
    assert (
        "turn 41 is not due yet: it is due Day 21, morning (Mon 21 Dec 2026, 08:00 UTC), "
        "and it is now Sun 6 Dec 2026, 09:00 UTC. Nothing was marked." in typo.stderr
    )
    assert "add --early" in typo.stderr
    day = host(DAY_6, "posted", "day", "20", code=2)
    assert "turns 39, 40 are not due yet: the first is due Day 20, morning" in day.stderr
    host(DAY_6, "posted", "11-13", code=2)  # a range reaching past now: nothing of it
    assert not (tmp_path / "g" / "posted.jsonl").exists()
    assert "Marked posted: turn 41." in host(DAY_6, "posted", "41", "--early").output
    assert "Unmarked: turn 41." in host(DAY_6, "posted", "41", "--undo").output
    assert "Marked posted: turn 11." in host(DAY_6, "posted", "11").output


def test_today_for_a_day_not_yet_due_is_bannered(host: Callable[..., Result]) -> None:
    text = host(DAY_6, "today", "day", "20", "--platform", "bgg").output
    lines = text.splitlines()
    assert lines[2] == "!!! NOT DUE YET: a preview for you, the host. Do not post any of this now."
    assert lines[3] == "!!! It is due Day 20, morning (Sun 20 Dec 2026, 08:00 UTC), in 13 days 23 h"
    assert "NOT DUE YET (a preview, do not post): Day 20, morning" in text
    assert "Post now" not in text and "sheetgen posted" not in text
    # A day whose time has come is the plain steps, as before.
    past = host(DAY_6, "today", "day", "5").output
    assert "NOT DUE" not in past and "Post now: Day 5, morning" in past


def test_rankings_and_the_catch_up_page_stay_listed_until_written(
    host: Callable[..., Result], tmp_path: Path
) -> None:
    host("2026-12-07T18:00+00:00", "posted", "now")
    text = host("2026-12-08T09:00+00:00", "today", "--platform", "facebook").output
    still = text.split("=== Still to do, for slots already out ===")[1].split("\nNext:")[0]
    assert "Catch-up page, week 1" in still and "Rankings after round 1" in still
    assert "sheetgen rankings -o g" in still and "sheetgen digest -o g" in still
    (tmp_path / "g" / "scores.csv").write_text(GT_HEADER + "Ann,1,12,-2,5,9,-4,4,,,\n")
    host("2026-12-08T09:00+00:00", "rankings")
    text = host("2026-12-08T09:00+00:00", "today", "--platform", "facebook").output
    assert "Rankings after round 1" not in text and "Catch-up page, week 1" in text
    host("2026-12-08T09:00+00:00", "digest")
    text = host("2026-12-08T09:00+00:00", "today", "--platform", "facebook").output
    assert "Still to do" not in text and "Catch-up page" not in text
    # A page made before week 1 ended does not count for it.
    (tmp_path / "g" / "digest.html").unlink()
    host("2026-12-05T09:00+00:00", "digest")
    text = host("2026-12-08T09:00+00:00", "today", "--platform", "facebook").output
    assert "Catch-up page, week 1" in text


def test_a_correction_of_a_post_not_out_yet_comes_after_it(
    host: Callable[..., Result], tmp_path: Path
) -> None:
    evening = "2026-12-13T18:00+00:00"
    host(evening, "posted", "0-24")  # turn 25 (this morning) is not out yet
    made = host(evening, "correct", "25", "--say", "Meteor 2 comes from the left.")
    assert "post corrections/correction-01.* right after Turn 25: flight itself" in made.output
    text = host(evening, "today", "--platform", "discord").output
    missed = text.index("MISSED (1 of 1), post first: Day 13, morning")
    correction = text.index(
        "CORRECTION 1, post right after “Turn 25: flight” above: it corrects that post"
    )
    due = text.index("Post now: Day 13, afternoon")
    assert missed < correction < due
    assert "CORRECTION 1, post first" not in text
    host(evening, "console")
    page = (tmp_path / "g" / "console-HOST-ONLY-unposted-posts.html").read_text()
    assert page.index("MISSED (1 of 1)") < page.index("CORRECTION 1: post right after")
    # Once the post is out, a new correction to an earlier post goes first again.
    host(evening, "posted", "now")
    host(evening, "correct", "round-2/turn-24-flight", "--say", "Planet 1 gives 3 blue.")
    text = host(evening, "today", "--platform", "discord").output
    assert "CORRECTION 2, post first: to “Turn 24: flight”" in text


def test_the_slots_before_the_first_mark_count_as_posted(
    host: Callable[..., Result], tmp_path: Path
) -> None:
    first = host("2026-12-01T09:00+00:00", "posted", "1").output
    assert "The record starts here: turn 0, due before, count as posted" in first
    text = host("2026-12-02T09:00+00:00", "today").output
    # The print pack (turn 0) is not asked for again; day 1's afternoon slot (turn 2), due
    # after the first mark and not marked, is missed as before.
    assert "The day before day 1" not in text and "print-pack" not in text
    assert "MISSED (1 of 1), post first: Day 1, afternoon" in text
    # Unmarked by hand, turn 0 comes back.
    host("2026-12-02T09:00+00:00", "posted", "0", "--undo")
    text = host("2026-12-02T09:00+00:00", "today").output
    assert "MISSED (1 of 2), post first: The day before day 1" in text
    lines = (tmp_path / "g" / "posted.jsonl").read_text().splitlines()
    assert [json.loads(line)["turns"] for line in lines] == [[1], [0]]
