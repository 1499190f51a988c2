"""The whole month in the posts, the guide, `today`, the console and the calendar: the
schedule post before day 1 (days off, end date, when scores are due), a line in the last post
before each day off, rankings after each round with their deadline, a catch-up page after
each week, the reveal. Every expectation is worked out here from plan.json's schedule alone,
not from the code under test."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from icalendar import Calendar

GAME = """\
pack: {pack}
seed: month-seed-0123456789abcdef
start: 2026-12-01
rhythm:
  timezone: Europe/Amsterdam
  times: {times}
  skip: [2026-12-24, 2026-12-25]
  rest_days: [sunday]
"""
TIMES = {
    "galaxy-trucker": '{morning: "08:00", afternoon: "17:30"}',
    "moon-drop": '{morning: "08:00"}',
}


@pytest.fixture(params=["galaxy-trucker", "moon-drop"])
def game(request: Any, run: Callable[..., Result], tmp_path: Path) -> Path:
    pack = request.param
    (tmp_path / "g.yaml").write_text(GAME.format(pack=pack, times=TIMES[pack]), encoding="utf-8")
    made = run("game", "--game", "g.yaml", "-o", "g", "--no-images")
    assert made.exit_code == 0, made.output
    return tmp_path / "g"


def schedule(root: Path) -> list[dict[str, Any]]:
    return json.loads((root / "plan.json").read_text())["schedule"]


def gaps(root: Path) -> dict[int, list[dt.date]]:
    """The turn of each slot followed by dates without posts, and those dates."""
    entries = schedule(root)
    found = {}
    for this, following in pairwise(entries):
        a, b = (dt.date.fromisoformat(e["date"]) for e in (this, following))
        if (b - a).days > 1:
            found[this["turn"]] = [a + dt.timedelta(days=n) for n in range(1, (b - a).days)]
    return found


def short(date: dt.date) -> str:
    return f"{date:%a} {date.day} {date:%b}"


def posts_of_turn(root: Path) -> dict[int, list[str]]:
    """Each turn's Facebook post texts, by the posting guide's sections ("## Turn N · ...";
    the day before day 1 is turn 0)."""
    guide = (root / "posting-guide.md").read_text(encoding="utf-8")
    found: dict[int, list[str]] = {}
    for section in guide.split("\n## ")[1:]:
        heading = section.splitlines()[0]
        if heading.startswith("Turn "):
            turn = int(heading.split()[1])
        elif heading.startswith("The day before day 1"):
            turn = 0
        else:
            continue
        names = re.findall(r"paste `?([\w./-]+\.facebook\.txt)", section)
        found[turn] = [(root / n).read_text(encoding="utf-8") for n in dict.fromkeys(names)]
    return found


def test_the_schedule_post_lists_every_date_without_posts_and_the_end(game: Path) -> None:
    entries = schedule(game)
    first, last = (dt.date.fromisoformat(entries[i]["date"]) for i in (0, -1))
    posting = {e["date"] for e in entries}
    off = [
        first + dt.timedelta(days=n)
        for n in range((last - first).days)
        if (first + dt.timedelta(days=n)).isoformat() not in posting
    ]
    assert dt.date(2026, 12, 6) in off  # a Sunday
    assert (dt.date(2026, 12, 24) in off) == (last > dt.date(2026, 12, 25))
    for flavour in ("facebook.txt", "discord.md", "bgg.txt", "html"):
        text = (game / f"schedule.{flavour}").read_text(encoding="utf-8")
        for date in off:
            assert short(date) in text, (flavour, date)
        assert f"{last:%a} {last.day} {last:%b %Y}" in text
        assert f"({(last - first).days + 1} calendar days)" in text
        assert "Scores are due by" in text
    facebook = (game / "schedule.facebook.txt").read_text(encoding="utf-8")
    assert "Sun 6 Dec (a rest day)" in facebook
    if last > dt.date(2026, 12, 25):  # Galaxy Trucker's month; Moon Drop ends before
        assert "Thu 24 Dec to Fri 25 Dec (days off)" in facebook
    # A date with posts is never listed as off.
    for entry in entries:
        date = dt.date.fromisoformat(entry["date"])
        assert f"{short(date)} (a" not in facebook and f"{short(date)} to" not in facebook
    guide = (game / "posting-guide.md").read_text(encoding="utf-8")
    before, _, _ = guide.partition("## Turn 1 ")
    assert "Before day 1: the schedule" in before


def test_the_last_post_before_each_day_off_says_so_and_no_other(game: Path) -> None:
    found = gaps(game)
    assert found  # Sundays and the two skipped dates
    by_turn = posts_of_turn(game)
    entries = {e["turn"]: e for e in schedule(game)}
    for turn, texts in by_turn.items():
        lines = [t for t in texts if "No posts tomorrow" in t or "No posts for" in t]
        if turn in found:
            assert len(lines) == 1, turn
            dates = found[turn]
            assert short(dates[0]) in lines[0]
            following = entries[turn + 1]
            day = dt.date.fromisoformat(following["date"])
            assert f"The next post: Day {following['day']}, {following['slot']} (" in lines[0]
            assert f"{day:%a} {day.day} {day:%b %Y}" in lines[0]
        else:
            assert not lines, turn
    # The same line on every platform of that post.
    turn = min(found)
    stems = [
        str(p.relative_to(game))[: -len(".facebook.txt")]
        for p in game.rglob("*.facebook.txt")
        if "No posts tomorrow" in p.read_text(encoding="utf-8")
    ]
    assert stems
    for stem in stems:
        for flavour in ("discord.md", "bgg.txt", "html"):
            names = [game / f"{stem}.{flavour}", *sorted(game.glob(f"{stem}.discord-*.md"))]
            assert any(
                "No posts tomorrow" in n.read_text(encoding="utf-8") for n in names if n.is_file()
            )
    del turn


def test_rankings_after_each_round_with_their_deadline_in_posts_guide_today(
    game: Path, run: Callable[..., Result]
) -> None:
    entries = schedule(game)
    plan = json.loads((game / "plan.json").read_text())
    if (
        "rounds" in plan
        and isinstance(plan["rounds"][0], dict)
        and "flight_turns" in plan["rounds"][0]
    ):
        ends = [(str(r["round"]), r["flight_turns"][-1]["turn"]) for r in plan["rounds"]]
    else:
        ends = [("final", entries[-1]["turn"])]
    guide = (game / "posting-guide.md").read_text(encoding="utf-8")
    for number, (key, end_turn) in enumerate(ends, 1):
        end = next(e for e in entries if e["turn"] == end_turn)
        later = [e for e in entries if e["day"] == end["day"] + 1 and e["slot"] == end["slot"]]
        if later:
            due = later[0]
            moment = dt.datetime.fromisoformat(due["at"])
            date = f"{moment:%a} {moment.day} {moment:%b %Y}, {moment:%H:%M}"
            words = f"Day {due['day']}, {due['slot']} ({date}"
            section = guide.split(f"## Turn {due['turn']} ·")[1].split("\n## ")[0]
            assert (
                f"### Then, after these posts: Rankings after round {key} (scores due by {words}"
                in section
            )
            at = f"{moment:%Y-%m-%d %H:%M}"
            shown = run("today", "-o", str(game), "--at", at, "--platform", "facebook")
            assert shown.exit_code == 0, shown.output
            assert "Then, after these posts" in shown.output
            assert f"Rankings after round {key}" in shown.output
            assert "sheetgen rankings -o" in shown.output
            assert f"rankings/round-{key}.facebook.txt" in shown.output
        else:
            assert number == len(ends)
            moment = dt.datetime.fromisoformat(end["at"]) + dt.timedelta(days=1)
            words = f"{moment:%a} {moment.day} {moment:%b %Y}, {moment:%H:%M}"
            after = guide.split("## After the last post")[1]
            assert f"### Final rankings (scores due by {words}" in after
            assert after.index("### Final rankings") < after.index("### The reveal of the seed")
        # The round's last post tells players when their scores are due.
        texts = [
            p.read_text(encoding="utf-8")
            for p in game.rglob("*.facebook.txt")
            if "Scores: post your" in p.read_text(encoding="utf-8")
        ]
        assert any(words in t for t in texts), words
    assert sum(
        "Scores: post your" in p.read_text(encoding="utf-8") for p in game.rglob("*.facebook.txt")
    ) == len(ends)


def test_a_catch_up_page_after_each_week_and_the_month_in_the_calendar(game: Path) -> None:
    entries = schedule(game)
    weeks: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in entries:
        weeks[dt.date.fromisoformat(entry["date"]).isocalendar()[:2]] = entry
    guide = (game / "posting-guide.md").read_text(encoding="utf-8")
    for number, last in enumerate(list(weeks.values())[:-1], 1):
        section = guide.split(f"## Turn {last['turn']} ·")[1].split("\n## ")[0]
        assert f"### Then, after these posts: Catch-up page, week {number}" in section
        assert "sheetgen digest -o FOLDER" in section
    assert "### The last catch-up page" in guide.split("## After the last post")[1]
    cal = Calendar.from_ical((game / "schedule.ics").read_bytes())
    events = {str(e["UID"]).split("@")[0]: e for e in cal.walk("VEVENT")}
    tasks = {uid: e for uid, e in events.items() if "-task-" in uid}
    names = {uid.split("-task-")[1] for uid in tasks}
    assert {f"digest-{n}" for n in range(1, len(weeks) + 1)} <= names
    assert "reveal" in names and "rankings-final" in names
    # A task after a slot's posts starts with it and does not ring (the slot's first post
    # does); the tasks after the last post ring once, together.
    at = {e["turn"]: dt.datetime.fromisoformat(e["at"]) for e in entries}
    first_digest = tasks[next(u for u in tasks if u.endswith("-task-digest-1"))]
    assert first_digest.decoded("DTSTART") == at[next(iter(weeks.values()))["turn"]]
    assert not list(first_digest.walk("VALARM"))
    rang = [uid for uid, e in tasks.items() if list(e.walk("VALARM"))]
    assert len(rang) == 1 and rang[0].endswith("-task-rankings-final")
    assert "sheetgen rankings" in str(tasks[rang[0]]["DESCRIPTION"])


def test_the_month_leaves_the_plan_and_commitment_alone(
    game: Path, run: Callable[..., Result]
) -> None:
    plan = (game / "plan.json").read_text()
    data = json.loads(plan)
    # Nothing of the month is recorded: it follows from the schedule.
    assert not {"tasks", "month", "rankings", "digest"} & set(data)
    shown = run(
        "verify", "--seed", data["seed"], "--commitment", data["commitment"], "--pack", data["pack"]
    )
    assert shown.exit_code == 0, shown.output


def test_the_console_ticks_the_rankings_with_their_slot(
    run: Callable[..., Result], tmp_path: Path
) -> None:
    (tmp_path / "g.yaml").write_text(
        GAME.format(pack="galaxy-trucker", times=TIMES["galaxy-trucker"]), encoding="utf-8"
    )
    assert run("game", "--game", "g.yaml", "-o", "g", "--no-images").exit_code == 0
    root = tmp_path / "g"
    guide = (root / "posting-guide.md").read_text(encoding="utf-8")
    turn = int(guide.split(": Rankings after round 1")[0].rsplit("## Turn ", 1)[1].split(" ")[0])
    entry = next(e for e in schedule(root) if e["turn"] == turn)
    moment = dt.datetime.fromisoformat(entry["at"])
    made = run("console", "-o", "g", "--at", f"{moment:%Y-%m-%d %H:%M}")
    assert made.exit_code == 0, made.output
    page = (root / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")
    assert "Rankings after round 1" in page
    assert f"turn-{turn}/facebook/task-rankings-1" in page
    assert "sheetgen rankings -o" in page
    # Once the rankings are written, their texts are on the page with Copy, per platform.
    assert "Paste rankings/round-1.facebook.txt" not in page
    (root / "rankings").mkdir(exist_ok=True)
    for name in ("round-1.facebook.txt", "round-1.discord.md", "round-1.bgg.txt"):
        (root / "rankings" / name).write_text(f"Rankings, {name}\n", encoding="utf-8")
    assert run("console", "-o", "g", "--at", f"{moment:%Y-%m-%d %H:%M}").exit_code == 0
    page = (root / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")
    for name in ("round-1.facebook.txt", "round-1.discord.md", "round-1.bgg.txt"):
        assert f'data-file="rankings/{name}">Copy</button></div><pre>\nRankings, {name}' in page


def test_the_final_rankings_wait_for_a_posting_day(
    run: Callable[..., Result], tmp_path: Path
) -> None:
    """October 2026 with Sundays off ends on Saturday 31 October: the final scores are due,
    and the rankings and the reveal go out, on Monday at 08:00 (CET after the clock change),
    not on the rest day."""
    game = GAME.replace("start: 2026-12-01", "start: 2026-10-01").replace(
        "  skip: [2026-12-24, 2026-12-25]\n", "  skip: [2026-10-07]\n"
    )
    (tmp_path / "g.yaml").write_text(
        game.format(pack="galaxy-trucker", times=TIMES["galaxy-trucker"]), encoding="utf-8"
    )
    assert run("game", "--game", "g.yaml", "-o", "g", "--no-images").exit_code == 0
    root = tmp_path / "g"
    assert schedule(root)[-1]["date"] == "2026-10-31"
    text = (root / "schedule.facebook.txt").read_text(encoding="utf-8")
    assert "Round 3: Mon 2 Nov 2026, 08:00 CET" in text
    assert "reveals the seed (to check the commitment) on Mon 2 Nov 2026, 08:00 CET" in text
    assert "Posting times: morning 08:00 and afternoon 17:30 (Europe/Amsterdam time)." in text
    assert "Sun 25 Oct (a rest day)" in text and "Wed 7 Oct (a day off)" in text
    cal = Calendar.from_ical((root / "schedule.ics").read_bytes())
    final = [e for e in cal.walk("VEVENT") if "-task-rankings-final@" in str(e["UID"])]
    assert final[0].decoded("DTSTART") == dt.datetime(2026, 11, 2, 7, 0, tzinfo=dt.UTC)
