"""The posting rhythm: times, a time zone, skipped dates and rest days move posts in time,
never what they show."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.common.errors import SheetgenError
from generator.kit.session import open_game
from generator.plan.model import to_data
from generator.plan.rhythm import WEEKDAYS, Rhythm, game_dates

SEED = "rhythm-test-seed-0123456789abcdef"
START = dt.date(2026, 12, 1)  # a Tuesday
CHRISTMAS = dt.date(2026, 12, 25)


def rhythm(**fields: Any) -> Rhythm:
    return msgspec.convert(fields, Rhythm, strict=False)


def schedule(r: Rhythm | None, pack: str = "galaxy-trucker") -> list[dict[str, Any]]:
    return to_data(open_game(pack, SEED, START, r).plan)["schedule"]


def test_default_rhythm_is_every_day_at_eight_and_five_utc() -> None:
    entries = schedule(None)
    assert [e["date"] for e in entries[:4]] == ["2026-12-01"] * 2 + ["2026-12-02"] * 2
    assert [e["time"] for e in entries[:2]] == ["08:00", "17:00"]
    assert entries[0]["at"] == "2026-12-01T08:00:00+00:00"
    assert entries[-1]["day"] == 26 and entries[-1]["date"] == "2026-12-26"


def test_skip_dates_and_rest_day_are_never_posting_days() -> None:
    r = rhythm(
        timezone="Europe/Amsterdam",
        times={"morning": "07:30", "afternoon": "18:15"},
        skip=[CHRISTMAS, dt.date(2026, 12, 26)],
        rest_days="sunday",
    )
    entries = schedule(r)
    dates = sorted({dt.date.fromisoformat(e["date"]) for e in entries})
    assert len(dates) == 26  # still 26 game days
    assert CHRISTMAS not in dates and dt.date(2026, 12, 26) not in dates
    assert all(d.weekday() != 6 for d in dates)
    # Game days follow each other on posting dates only: Sat 5 Dec, then Mon 7 Dec.
    by_day = {e["day"]: e["date"] for e in entries}
    assert by_day[5] == "2026-12-05" and by_day[6] == "2026-12-07"
    assert by_day[21] == "2026-12-24" and by_day[22] == "2026-12-28"
    assert entries[0]["at"] == "2026-12-01T07:30:00+01:00"
    assert entries[1]["at"] == "2026-12-01T18:15:00+01:00"


def test_the_rhythm_changes_no_random_choice() -> None:
    """Everything but the dates is the same plan, with or without a rhythm, and with the
    undated golden plan's schedule (same turns, days and slots)."""
    plain = to_data(open_game("galaxy-trucker", SEED, START).plan)
    busy = to_data(
        open_game(
            "galaxy-trucker",
            SEED,
            START,
            rhythm(timezone="Asia/Tokyo", skip=[CHRISTMAS], rest_days=["saturday", "sunday"]),
        ).plan
    )
    undated = to_data(open_game("galaxy-trucker", SEED, None).plan)
    for plan in (plain, busy):
        assert plan["rounds"] == undated["rounds"]
        assert [(e["turn"], e["day"], e["slot"]) for e in plan["schedule"]] == [
            (e["turn"], e["day"], e["slot"]) for e in undated["schedule"]
        ]
    assert plain["schedule"] != busy["schedule"]
    md_plain = to_data(open_game("moon-drop", SEED, START).plan)
    md_busy = to_data(open_game("moon-drop", SEED, START, rhythm(rest_days="wednesday")).plan)
    for key in ("deal", "rounds", "end"):
        assert md_plain[key] == md_busy[key]


def test_a_change_mid_game_moves_only_later_posts() -> None:
    base = rhythm(timezone="Europe/London", rest_days="sunday")
    changed = rhythm(
        timezone="Europe/London",
        rest_days="sunday",
        skip=[dt.date(2026, 12, 16)],
        changes=[{"from": "2026-12-14", "times": {"afternoon": "19:00"}, "rest_days": "none"}],
    )
    before, after = schedule(base), schedule(changed)
    cut = "2026-12-14"
    earlier = [(a, b) for a, b in zip(before, after, strict=True) if a["date"] < cut]
    assert earlier and all(a == b for a, b in earlier)
    later = [b for b in after if b["date"] >= cut]
    assert all(e["time"] == "19:00" for e in later if e["slot"] == "afternoon")
    assert "2026-12-16" not in {e["date"] for e in after}
    assert "2026-12-20" in {e["date"] for e in after}  # a Sunday: no rest day after the change


def test_daylight_saving_time_moves_the_offset_not_the_clock() -> None:
    r = rhythm(timezone="Europe/Amsterdam")
    entries = to_data(open_game("galaxy-trucker", SEED, dt.date(2027, 3, 20), r).plan)["schedule"]
    first, last = entries[0], entries[-1]
    assert first["at"].endswith("08:00:00+01:00") and last["time"] == "08:00"
    assert last["at"].endswith("08:00:00+02:00")


def test_a_rhythm_without_start_date_is_refused() -> None:
    with pytest.raises(SheetgenError, match="start date"):
        open_game("galaxy-trucker", SEED, None, rhythm(rest_days="sunday"))


@pytest.mark.parametrize(
    ("rhythm_yaml", "expected"),
    [
        (
            "  times: {afternoon: 17.30}\n",
            "rhythm.times: expected a time \"HH:MM\" on the 24-hour clock (got '17.30')",
        ),
        ("  times: {afternoon: 7:30}\n", 'rhythm.times: expected a time "HH:MM"'),
        ('  times: {morning: "8am"}\n', 'expected a time "HH:MM"'),
        ('  times: {evening: "20:00"}\n', "'evening' is not a slot of this game"),
        ('  times: {morning: "18:00"}\n', "in the order of the day"),
        ("  timezone: Amsterdam\n", "did you mean Europe/Amsterdam"),
        ("  rest_days: [funday]\n", "'funday' is not a weekday"),
        ("  skip: [someday]\n", "rhythm.skip[0]"),
        (
            "  rest_days: [monday, tuesday, wednesday, thursday, friday, saturday, sunday]\n",
            "every weekday is a rest day",
        ),
        (
            "  changes:\n    - {from: 2026-12-20}\n    - {from: 2026-12-10}\n",
            "changes must be in date order",
        ),
    ],
)
def test_bad_rhythm_in_a_game_file(
    run: Any, tmp_path: Path, rhythm_yaml: str, expected: str
) -> None:
    (tmp_path / "g.yaml").write_text(f"seed: {SEED}\nstart: 2026-12-01\nrhythm:\n{rhythm_yaml}")
    result = run("plan", "--game", "g.yaml")
    assert result.exit_code == 2
    assert expected in result.output
    assert "Traceback" not in result.output


def test_an_unquoted_time_is_the_time_the_host_wrote(run: Any, tmp_path: Path) -> None:
    """YAML 1.1 reads an unquoted 17:30 as 1050 (base 60): the rhythm takes the text."""
    (tmp_path / "g.yaml").write_text(
        f"seed: {SEED}\nstart: 2026-12-01\nrhythm:\n  times: {{afternoon: 17:30}}\n"
    )
    result = run("plan", "--game", "g.yaml")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rhythm"]["times"] == {"afternoon": "17:30"}


def test_game_file_rhythm_reaches_the_posts_and_stays_with_the_folder(
    run: Any, tmp_path: Path
) -> None:
    (tmp_path / "g.yaml").write_text(
        f"seed: {SEED}\nstart: 2026-12-01\noutput: out\nrhythm:\n"
        "  timezone: America/New_York\n  times: {morning: '09:30'}\n  skip: [2026-12-02]\n"
    )
    assert run("game", "--no-images", "--game", "g.yaml").exit_code == 0
    text = (tmp_path / "out" / "round-1" / "turn-03-build.facebook.txt").read_text()
    assert "Day 2, morning (Thu 3 Dec 2026, 09:30 EST)" in text
    plan = json.loads((tmp_path / "out" / "plan.json").read_text())
    assert plan["rhythm"]["timezone"] == "America/New_York"
    # A later command on the folder alone keeps the rhythm it was written with.
    result = run("turn", "--no-images", "5", "--seed", SEED, "-o", "out")
    assert result.exit_code == 0, result.output
    assert "Day 3, morning (Fri 4 Dec 2026, 09:30 EST)" in result.stdout


def test_editing_the_rhythm_of_published_posts_warns(run: Any, tmp_path: Path) -> None:
    """A game that started in 2020 has published every post: moving them gets a warning;
    a change from a date still to come does not."""
    game_file = tmp_path / "g.yaml"
    head = f"seed: {SEED}\nstart: 2020-01-06\noutput: out\n"
    game_file.write_text(head)
    assert run("game", "--no-images", "--game", "g.yaml").exit_code == 0
    game_file.write_text(head + "rhythm:\n  times: {afternoon: '18:00'}\n")
    edited = run("game", "--no-images", "--game", "g.yaml")
    assert edited.exit_code == 0
    assert "moves 25 posts already due (from turn 2)" in edited.stderr
    game_file.write_text(
        head + "rhythm:\n  times: {afternoon: '18:00'}\n"
        "  changes:\n    - {from: 2999-01-01, times: {afternoon: '19:00'}}\n"
    )
    later = run("game", "--no-images", "--game", "g.yaml")
    assert later.exit_code == 0 and "already due" not in later.stderr


@settings(max_examples=25, deadline=None)
@given(
    skip=st.lists(st.dates(dt.date(2026, 12, 1), dt.date(2027, 3, 1)), max_size=30),
    rest=st.lists(st.sampled_from(WEEKDAYS), max_size=5, unique=True),
    start=st.dates(dt.date(2026, 11, 1), dt.date(2027, 1, 31)),
)
def test_posting_days_avoid_skips_and_rest_days(
    skip: list[dt.date], rest: list[str], start: dt.date
) -> None:
    r = msgspec.convert({"skip": skip, "rest_days": rest}, Rhythm)
    dates = game_dates(start, 26, r, ["morning", "afternoon"])
    assert len(dates) == 26 and dates == sorted(set(dates)) and dates[0] >= start
    for date in dates:
        assert date not in skip and WEEKDAYS[date.weekday()] not in rest
    # No posting day was passed over: every date between two game days is skipped or rest.
    day = dates[0]
    while day < dates[-1]:
        if day not in dates:
            assert day in skip or WEEKDAYS[day.weekday()] in rest
        day += dt.timedelta(days=1)


def test_the_default_record_reads_back_as_a_validated_one() -> None:
    from generator.plan.rhythm import recorded

    default = Rhythm().record()
    assert recorded(default) == msgspec.convert(default, Rhythm, strict=False) == Rhythm()
    assert recorded(dict(default)) is not None  # a copy is the default too
    other = {**default, "times": {"morning": "07:15"}}
    assert recorded(other).times == {"morning": "07:15"}
    with pytest.raises(ValueError, match="HH:MM"):
        recorded({**default, "times": {"morning": "7:15"}})
