"""sheetgen today: exactly the slot's posts, in the posting guide's order, with the texts as
written in the folder, and what comes next."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

SEED = "today-test-seed-0123456789abcdef"


@pytest.fixture
def game(run: Any, game_once: Any, tmp_path: Path) -> Path:
    (tmp_path / "g.yaml").write_text(
        f"seed: {SEED}\nstart: 2026-12-01\noutput: game\n"
        "rhythm:\n  timezone: Europe/Amsterdam\n  skip: [2026-12-25]\n"
    )
    result = game_once("game", "--no-images", "--game", "g.yaml")
    assert result.exit_code == 0, result.output
    return tmp_path / "game"


def guide_slot(guide: str, heading: str) -> dict[str, list[str]]:
    """From the posting guide's section for one slot: per platform, the files to paste, in
    the guide's order."""
    sections = re.split(r"^## ", guide, flags=re.MULTILINE)
    (section,) = [s for s in sections if heading in s.splitlines()[0]]
    platforms: dict[str, list[str]] = {}
    current = None
    for line in section.splitlines():
        if line in ("Facebook:", "Discord:", "BGG:"):
            current = line[:-1]
            platforms[current] = []
        elif current and re.match(r"\d+\. ", line):
            platforms[current] += re.findall(r"paste `([^`]+)`", line)
    return platforms


@pytest.mark.parametrize(
    ("at", "day", "date"),
    [
        ("2026-12-01 08:00", 1, "Tue 1 Dec 2026"),
        ("2026-12-07 09:30", 7, "Mon 7 Dec 2026"),
        # Day 26 falls on 27 December: the 25th is skipped.
        ("2026-12-27 08:00", 26, "Sun 27 Dec 2026"),
    ],
)
def test_today_prints_exactly_that_slots_posts(
    run: Any, game: Path, at: str, day: int, date: str
) -> None:
    result = run("today", "-o", "game", "--at", at)
    assert result.exit_code == 0, result.output
    out = result.stdout
    heading = f"Day {day}, morning ({date}, 08:00 CET)"
    assert f"Post now: {heading}" in out
    guide = guide_slot((game / "posting-guide.md").read_text(), heading)
    facebook = out.split("=== Facebook ===")[1].split("=== Discord ===")[0]
    discord = out.split("=== Discord ===")[1].split("=== BGG ===")[0].split("\nNext: ")[0]
    for platform, printed in (("Facebook", facebook), ("Discord", discord)):
        # Exactly the guide's files for that slot, in its order, each text verbatim.
        files = guide[platform]
        assert files
        assert (
            re.findall(r"(?i)paste (\S+\.(?:txt|md))(?: \(message \d+ of \d+\))?:", printed)
            == files
        )
        for name in files:
            assert (game / name).read_text().rstrip("\n") in printed


def test_next_slot_and_day_words(run: Any, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run("today", "-o", "game", "--at", "2026-12-07 09:30")
    assert "Next: Day 7, afternoon (Mon 7 Dec 2026, 17:00 CET) (in 7 h 30 min)" in result.stdout
    # A day asked for after its time (the clock set, never the machine's).
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-08T09:00+01:00")
    by_day = run("today", "-o", "game", "day", "7", "afternoon")
    assert by_day.exit_code == 0 and "Post now: Day 7, afternoon" in by_day.stdout
    eve = run("today", "-o", "game", "--at", "2026-11-30 12:00")
    assert "Post now: The day before day 1 (Mon 30 Nov 2026, 08:00 CET)" in eve.stdout
    assert "Attach to the post: sheets/print-pack-a4.pdf" in eve.stdout
    assert "Next: Day 1, morning (Tue 1 Dec 2026, 08:00 CET) (in 20 h 00 min)" in eve.stdout
    before = run("today", "-o", "game", "--at", "2026-11-29 12:00")
    assert "Nothing to post yet: the game has not begun." in before.stdout
    assert "Next: The day before day 1" in before.stdout
    last = run("today", "-o", "game", "--at", "2027-01-10 12:00")
    # Weeks after the last post: nothing to post again, what is left instead.
    assert "Post now" not in last.stdout
    assert "No posts today: the game's last post is out." in last.stdout
    assert "Next: no more slots. Left to do:" in last.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--at", "tomorrow"), "is not a date and time"),
        (("day", "0"), "day 0 is not a day of this game (1-26)"),
        (("week", "2"), "expected `day N`"),
    ],
)
def test_bad_today_requests(run: Any, game: Path, args: tuple[str, ...], message: str) -> None:
    result = run("today", "-o", "game", *args)
    assert result.exit_code == 2 and message in result.output


def test_moon_drop_today_without_dates(run: Any, tmp_path: Path) -> None:
    assert (
        run("game", "--pack", "moon-drop", "--no-images", "--seed", SEED, "-o", "md").exit_code == 0
    )
    undated = run("today", "-o", "md")
    assert undated.exit_code == 2 and "sheetgen today day N" in undated.output
    result = run("today", "-o", "md", "day", "7")
    assert result.exit_code == 0, result.output
    assert "Post now: Day 7, morning · turn 7 of 7" in result.stdout
    assert "=== BGG ===" in result.stdout  # Moon Drop writes BGG texts
    assert "Next: no more slots. Left to do:" in result.stdout


def test_first_build_post_teaches_later_ones_remind_in_one_line(game: Path) -> None:
    def rules_part(name: str) -> list[str]:
        text = (game / "round-1" / name).read_text().rstrip("\n")
        # The rules follow the last tile set (C3 ...) after a blank line.
        return text.split("\nC3 ", 1)[1].split("\n\n", 1)[1].splitlines()

    first = rules_part("turn-01-build.facebook.txt")
    assert len(first) >= 4 and any("Tiles may be rotated" in line for line in first)
    for name in ("turn-02-build.facebook.txt", "turn-08-build.facebook.txt"):
        (line,) = rules_part(name)
        assert line.startswith("One tile from each set") and "Stacks 1-3" in line


def test_guide_opens_each_slot_with_its_posts_in_order(run: Any, game: Path) -> None:
    guide = (game / "posting-guide.md").read_text()
    section = guide.split("## Turn 13 · ", 1)[1].split("\n## ", 1)[0]
    order = section.split("In order: ", 1)[1].splitlines()[0].split(" → ")
    printed = run("today", "-o", "game", "day", "7").stdout
    listed = printed.split("in this order:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line.split(". ", 1)[1] for line in listed] == order
    assert order[0] == "Round 2 start" and order[-1] == "Turn 13: build"


def test_table_games_refuse_what_needs_a_schedule(run: Any, tmp_path: Path) -> None:
    """A table game's today and digest follow its table (tests/test_table_today.py); what
    only a schedule has (a day, every post of the game, rankings) is a clear error."""
    made = run(
        "game",
        "--pack",
        "card-race",
        "--no-images",
        "--seed",
        SEED,
        "--start",
        "2026-12-01",
        "-o",
        "cr",
    )
    assert made.exit_code == 0, made.output
    assert run("today", "-o", "cr").exit_code == 0
    for command in (("digest", "--all"), ("today", "day", "2")):
        result = run(command[0], "-o", "cr", *command[1:])
        assert result.exit_code == 2
        assert "Galactic Card Race is a table game" in result.output
    assert "has no scores to rank" in run("rankings", "-o", "cr").output


def test_today_and_the_guide_give_each_events_comment_in_order(run: Any, tmp_path: Path) -> None:
    """A flight turn whose two events both roll dice (turn 26 with this seed): two Facebook
    comments, the first event's first, each pasted from its own file and opening with its
    event, in `today` and in the posting guide."""
    import json

    seed = "today-two-rolling-events-seed-1"
    made = run("game", "--no-images", "--seed", seed, "--start", "2026-12-01", "-o", "two")
    assert made.exit_code == 0
    plan = json.loads((tmp_path / "two" / "plan.json").read_text())
    events = next(t for r in plan["rounds"] for t in r["flight_turns"] if t["turn"] == 26)
    assert len(events["events"]) == 2 and all(e["rolls"] for e in events["events"])
    slot = next(s for s in plan["schedule"] if s["turn"] == 26)
    out = run("today", "-o", "two", "day", str(slot["day"]), slot["slot"]).stdout
    facebook = out.split("=== Facebook ===")[1].split("=== Discord ===")[0]
    labels = re.findall(r"Comment (\d) of 2 \(Event (\d+)\)", facebook)
    assert [n for n, _ in labels] == ["1", "2"]
    first, second = (int(e) for _, e in labels)
    assert second == first + 1
    names = re.findall(r"paste (\S+facebook-comment-\d\.txt)", facebook)
    assert names == [f"round-2/turn-26-flight.facebook-comment-{n}.txt" for n in (1, 2)]
    for name, event in zip(names, (first, second), strict=True):
        assert (tmp_path / "two" / name).read_text().startswith(f"Event {event} · SPOILER")
    guide = (tmp_path / "two" / "posting-guide.md").read_text()
    assert guide.index(names[0]) < guide.index(names[1])
