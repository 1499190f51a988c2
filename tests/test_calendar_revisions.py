"""schedule.ics after a rhythm change: calendar apps keep an event they hold unless the new
one is a later revision (RFC 5545 3.8.7.4, RFC 5546 2.1.5), so an event that moved carries a
higher SEQUENCE and the moment of the change as DTSTAMP, and an event that did not move keeps
both. Every calendar is read back with the icalendar library; which events moved is read
from plan.json, the schedule the folder records, not from the calendar under test."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from icalendar import Calendar, Event

from generator.plan.schedule import with_eve
from generator.plan.shared import read_shared

SEED = "calendar-revision-seed-0123456789abcdef"
UTC = dt.UTC
# RFC 5545 3.3.8: an INTEGER is a signed 32-bit value.
MAX_INTEGER = 2**31 - 1


def write(run: Any, tmp_path: Path, pack: str, rhythm: str, *args: str, out: str = "out") -> Any:
    """`sheetgen game` from a game file with the given `rhythm:` lines (or none)."""
    (tmp_path / "g.yaml").write_text(
        f"pack: {pack}\nseed: {SEED}\nstart: 2026-12-01\noutput: {out}\n{rhythm}"
    )
    result = run(*(args or ("game",)), "--no-images", "--game", "g.yaml")
    assert result.exit_code == 0, result.output
    return result


def events(root: Path, tasks: bool = False) -> dict[str, Event]:
    """The posts' events (with `tasks`, the host's tasks' events: tests/test_month.py)."""
    cal = Calendar.from_ical((root / "schedule.ics").read_bytes())
    return {str(e["UID"]): e for e in cal.walk("VEVENT") if ("-task-" in str(e["UID"])) == tasks}


def moments(root: Path) -> dict[int, dt.datetime]:
    """Each turn's moment (turn 0: the day before day 1) as plan.json records it."""
    plan = read_shared(json.loads((root / "plan.json").read_text()), "plan.json")
    return {
        s.turn: dt.datetime.fromisoformat(str(s.at)).astimezone(UTC)
        for s in with_eve(plan.schedule)
    }


def turns(cal: dict[str, Event], at: dict[int, dt.datetime]) -> dict[str, int]:
    """The turn of each event, by its start (no two turns share a moment)."""
    by_moment = {moment: turn for turn, moment in at.items()}
    assert len(by_moment) == len(at)
    return {uid: by_moment[e.decoded("DTSTART")] for uid, e in cal.items()}


def sequence(event: Event) -> int:
    return int(event["SEQUENCE"])


def stamp(event: Event) -> dt.datetime:
    value: dt.datetime = event.decoded("DTSTAMP")
    return value


def moved(before: dict[int, dt.datetime], after: dict[int, dt.datetime]) -> set[int]:
    return {turn for turn in before if before[turn] != after[turn]}


def first_change(
    before: dict[int, dt.datetime], after: dict[int, dt.datetime], changed: set[int]
) -> dt.datetime:
    """The first moment the new calendar differs from the old: the designed DTSTAMP."""
    return min(min(before[t], after[t]) for t in changed)


def check_rfc5545(data: bytes) -> None:
    """SEQUENCE is an INTEGER >= 0 within 32 bits (3.3.8, 3.8.7.4), once per event; DTSTAMP
    is a DATE-TIME in UTC form (3.8.7.2), once per event."""
    cal = Calendar.from_ical(data)
    found = list(cal.walk("VEVENT"))
    assert found
    assert len(re.findall(rb"\r\nSEQUENCE:(\d+)\r\n", data)) == len(found)
    assert len(re.findall(rb"\r\nDTSTAMP:\d{8}T\d{6}Z\r\n", data)) == len(found)
    for event in found:
        assert 0 <= sequence(event) <= MAX_INTEGER
        assert event["SEQUENCE"].to_ical().isdigit()
        assert stamp(event).utcoffset() == dt.timedelta(0)
        assert event["DTSTAMP"].to_ical().endswith(b"Z")
        assert not event.errors


def task_revisions(before: dict[str, Event], after: dict[str, Event]) -> set[str]:
    """The host tasks' events that show something new, each checked to be revised once."""
    changed = set()
    for uid, event in after.items():
        old = before[uid]
        shown = ("DTSTART", "SUMMARY", "DESCRIPTION")
        if any(str(event.get(k)) != str(old.get(k)) for k in shown):
            changed.add(uid)
            assert sequence(event) == sequence(old) + 1, uid
        else:
            assert (sequence(event), stamp(event)) == (sequence(old), stamp(old)), uid
    return changed


AMSTERDAM = "rhythm:\n  timezone: Europe/Amsterdam\n"
LATER_AFTERNOONS = '  changes:\n    - {from: 2026-12-04, times: {afternoon: "18:30"}}\n'


def test_a_changed_clock_time_raises_sequence_on_the_moved_events_only(
    run: Any, tmp_path: Path
) -> None:
    """Galaxy Trucker, two slots a day: from Dec 4 the afternoon post goes out at 18:30."""
    root = tmp_path / "out"
    write(run, tmp_path, "galaxy-trucker", AMSTERDAM)
    first, at0 = events(root), moments(root)
    check_rfc5545((root / "schedule.ics").read_bytes())
    assert {sequence(e) for e in first.values()} == {0}
    base = {stamp(e) for e in first.values()}
    assert base == {min(at0.values())}  # the game's first posting moment
    of_turn = turns(first, at0)
    tasks0 = events(root, tasks=True)

    result = write(run, tmp_path, "galaxy-trucker", AMSTERDAM + LATER_AFTERNOONS)
    second, at1 = events(root), moments(root)
    # A host task (rankings, a catch-up page) after an afternoon post moves with it.
    tasks_moved = task_revisions(tasks0, events(root, tasks=True))
    assert "task-rankings-1" in " ".join(tasks_moved)
    data = (root / "schedule.ics").read_bytes()
    check_rfc5545(data)
    shifted = moved(at0, at1)
    # Afternoons from Dec 4 on: some turns, not all.
    assert shifted and shifted != set(at0)
    assert all(at0[t].date() >= dt.date(2026, 12, 4) for t in shifted)
    change = first_change(at0, at1, shifted)
    assert change == dt.datetime(2026, 12, 4, 16, 0, tzinfo=UTC)  # 17:00 CET, the old time
    for uid, event in second.items():
        turn = of_turn[uid]
        assert event.decoded("DTSTART") == at1[turn]
        if turn in shifted:
            assert (sequence(event), stamp(event)) == (1, change), uid
        else:
            assert (sequence(event), stamp(event)) == (0, min(at0.values())), uid
    count = sum(1 for uid in second if of_turn[uid] in shifted) + len(tasks_moved)
    assert f"schedule.ics: {count} events changed" in result.stderr

    # The same game and rhythm again: the same bytes.
    write(run, tmp_path, "galaxy-trucker", AMSTERDAM + LATER_AFTERNOONS)
    assert (root / "schedule.ics").read_bytes() == data

    # A second change (Dec 5 skipped) raises again only what it moves; stamps never go back.
    write(run, tmp_path, "galaxy-trucker", AMSTERDAM + LATER_AFTERNOONS + "  skip: [2026-12-05]\n")
    third, at2 = events(root), moments(root)
    check_rfc5545((root / "schedule.ics").read_bytes())
    again = moved(at1, at2)
    assert again and again != set(at0)
    change2 = first_change(at1, at2, again)
    assert change2 == dt.datetime(2026, 12, 5, 7, 0, tzinfo=UTC)  # the skipped date's 08:00
    for uid, event in third.items():
        turn = of_turn[uid]
        assert event.decoded("DTSTART") == at2[turn]
        assert sequence(event) == (turn in shifted) + (turn in again), uid
        assert stamp(event) >= stamp(second[uid])
        if turn in again:
            assert stamp(event) == change2
        else:
            assert stamp(event) == stamp(second[uid])


MOON = "rhythm:\n  timezone: UTC\n"


@pytest.mark.parametrize(
    "edit",
    [
        "  skip: [2026-12-03]\n",
        "  changes:\n    - {from: 2026-12-04, rest_days: [sunday]}\n",
        "  times: {morning: '09:15'}\n",  # edited in place: every post moves, the eve too
        "  changes:\n    - {from: 2026-12-05, timezone: Europe/London}\n",  # same moments
    ],
)
def test_each_kind_of_rhythm_change_raises_exactly_the_moved_events(
    run: Any, tmp_path: Path, edit: str
) -> None:
    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    first, at0 = events(root), moments(root)
    of_turn = turns(first, at0)
    tasks0 = events(root, tasks=True)
    write(run, tmp_path, "moon-drop", MOON + edit)
    second, at1 = events(root), moments(root)
    tasks1 = events(root, tasks=True)
    tasks_moved = task_revisions(tasks0, tasks1)
    check_rfc5545((root / "schedule.ics").read_bytes())
    shifted = moved(at0, at1)
    # The description names the zone ("08:00 UTC" or "GMT"), so a zone change that leaves
    # every moment where it was still changes what an event shows: it is a revision too.
    described = {
        uid for uid, e in second.items() if str(e["DESCRIPTION"]) != str(first[uid]["DESCRIPTION"])
    }
    revised = {uid for uid in second if of_turn[uid] in shifted} | described
    assert revised
    both = {**first, **tasks0}, {**second, **tasks1}
    change = min(
        min(both[0][uid].decoded("DTSTART"), both[1][uid].decoded("DTSTART"))
        for uid in revised | tasks_moved
    )
    for uid, event in second.items():
        if uid in revised:
            after = stamp(first[uid]) + dt.timedelta(seconds=1)
            assert (sequence(event), stamp(event)) == (1, max(change, after))
        else:
            assert (sequence(event), stamp(event)) == (0, stamp(first[uid]))
    if "London" in edit:
        assert not shifted  # only the words changed: Day 5 on reads GMT
        assert all("GMT" in str(second[uid]["DESCRIPTION"]) for uid in revised)


def test_a_stamp_never_goes_back(run: Any, tmp_path: Path) -> None:
    """A second change that reaches further back than the first: the events both moved are
    stamped one second after their previous stamp, not at the earlier moment."""
    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    later = "  changes:\n    - {from: 2026-12-05, times: {morning: '09:00'}}\n"
    write(run, tmp_path, "moon-drop", MOON + later)
    second, at1 = events(root), moments(root)
    write(run, tmp_path, "moon-drop", MOON + later + "  skip: [2026-12-03]\n")
    third, at2 = events(root), moments(root)
    of_turn = turns(second, at1)
    skipped = dt.datetime(2026, 12, 3, 8, 0, tzinfo=UTC)
    for uid, event in third.items():
        turn = of_turn[uid]
        if turn >= 5:  # moved by both changes
            assert sequence(event) == 2
            assert stamp(event) == dt.datetime(2026, 12, 5, 8, 0, 1, tzinfo=UTC)
        elif turn >= 3:  # moved by the skip only
            assert (sequence(event), stamp(event)) == (1, skipped)
        else:
            assert sequence(event) == 0
    assert at2[3] == dt.datetime(2026, 12, 4, 8, 0, tzinfo=UTC)


def test_a_rhythm_changed_by_a_turn_command_is_still_a_revision(run: Any, tmp_path: Path) -> None:
    """`turn` writes plan.json but not the calendar: the next `game` compares with the calendar
    the folder still holds, so the host's calendar app still hears of the move."""
    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    first = (root / "schedule.ics").read_bytes()
    edit = MOON + "  skip: [2026-12-06]\n"
    write(run, tmp_path, "moon-drop", edit, "turn", "2")
    assert (root / "schedule.ics").read_bytes() == first
    assert moments(root)[6] == dt.datetime(2026, 12, 7, 8, 0, tzinfo=UTC)
    write(run, tmp_path, "moon-drop", edit)
    # 11 posts: 8 before the skipped Sunday (the schedule post among them), 3 after it.
    assert sorted(sequence(e) for e in events(root).values()) == [0] * 8 + [1] * 3


def test_changed_files_are_a_revision_too(run: Any, tmp_path: Path) -> None:
    """`--paper a4` after both papers: the post with the print pack lists other files."""
    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    first = events(root)
    write(run, tmp_path, "moon-drop", MOON, "game", "--paper", "a4")
    second = events(root)
    check_rfc5545((root / "schedule.ics").read_bytes())
    lists_letter = {uid for uid, e in first.items() if "letter" in str(e["DESCRIPTION"])}
    assert lists_letter == {uid for uid in first if uid.endswith("-before-day-1@sheetgen")}
    for uid, event in second.items():
        assert sequence(event) == (uid in lists_letter)
        # Its own start is the first moment that differs; a stamp never equals the previous.
        want = stamp(first[uid]) + dt.timedelta(seconds=1) if uid in lists_letter else None
        assert stamp(event) == (want or stamp(first[uid]))


def test_the_same_history_gives_the_same_bytes_whatever_the_clock(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = []
    for index, now in enumerate(("2026-11-01T09:00+00:00", "2031-06-30T23:59+02:00")):
        monkeypatch.setenv("SHEETGEN_NOW", now)
        write(run, tmp_path, "moon-drop", MOON, out=f"f{index}")
        write(run, tmp_path, "moon-drop", MOON + "  skip: [2026-12-03]\n", out=f"f{index}")
        written.append((tmp_path / f"f{index}" / "schedule.ics").read_bytes())
    assert written[0] == written[1]
    assert b"SEQUENCE:1" in written[0]


def test_a_calendar_without_sequence_counts_as_sequence_zero(run: Any, tmp_path: Path) -> None:
    """A folder written before SEQUENCE was: its events are revision 0 (RFC 5545's default),
    so regenerating it unchanged changes no revision."""
    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    data = (root / "schedule.ics").read_bytes()
    (root / "schedule.ics").write_bytes(data.replace(b"SEQUENCE:0\r\n", b""))
    write(run, tmp_path, "moon-drop", MOON)
    assert (root / "schedule.ics").read_bytes() == data


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"not a calendar",
        lambda data: data.replace(b"SEQUENCE:0", b"SEQUENCE:-3", 1),
        lambda data: data.replace(b"SEQUENCE:0", b"SEQUENCE:99999999999", 1),
        lambda data: data.replace(b"SEQUENCE:0", b"SEQUENCE:x", 1),
        lambda data: data.replace(b"DTSTAMP:20261130T080000Z", b"DTSTAMP:20261130T080000", 1),
    ],
)
def test_a_damaged_calendar_is_said_and_numbered_afresh(
    run: Any, tmp_path: Path, damage: Any
) -> None:
    from generator.render.calendar_ics import UnreadableCalendar, issued_events

    root = tmp_path / "out"
    write(run, tmp_path, "moon-drop", MOON)
    data = (root / "schedule.ics").read_bytes()
    with pytest.raises(UnreadableCalendar):
        issued_events(damage(data))
    (root / "schedule.ics").write_bytes(damage(data))
    result = write(run, tmp_path, "moon-drop", MOON + "  skip: [2026-12-03]\n")
    assert "warning: out/schedule.ics: " in result.stderr
    assert "numbers its events afresh" in result.stderr
    assert "Traceback" not in result.output
    check_rfc5545((root / "schedule.ics").read_bytes())
    assert {sequence(e) for e in events(root).values()} == {0}
