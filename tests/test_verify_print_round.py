"""`sheetgen verify --print-round N` prints a round's posts on the game's own schedule: the
verify command of the reveal post carries the game's first day and posting rhythm (times,
time zone, rest days), so a round printed from the seed is, word for word, what the game
folder's posts for that round say (and what went into the thread), on every platform."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

SEED = "print-round-schedule-seed-0123456789"
# Not the default rhythm (08:00 and 17:00 UTC, no rest day): other times, another zone, a
# rest day that moves every date after the first Sunday.
GAME_FILE = f"""pack: galaxy-trucker
seed: {SEED}
start: 2026-12-03
rhythm:
  timezone: Europe/Amsterdam
  times:
    morning: "07:15"
    afternoon: "19:45"
  rest_days: sunday
"""
FLAVOUR_FILES = {"facebook": "facebook", "discord": "discord", "bgg": "bgg"}
HEADER = re.compile(r"^==== .* ====$", re.MULTILINE)


def _printed(output: str) -> list[str]:
    """The posts (and comments, and messages) --print-round printed, in order."""
    parts = HEADER.split(output)
    assert parts[0].startswith("OK: ") or "OK: " in parts[0], output[:500]
    return [part.strip("\n") for part in parts[1:]]


def _folder_texts(folder: Path, number: int, flavour: str) -> set[str]:
    """The texts the game folder holds for round N on one platform (a post, its comments,
    its further Discord messages), each as the host pastes it."""
    found = set()
    for path in sorted((folder / f"round-{number}").iterdir()):
        name = path.name
        if flavour == "facebook" and ".facebook" in name:
            found.add(path.read_text(encoding="utf-8").rstrip())
        elif flavour == "discord" and re.search(r"\.discord(-\d+)?\.md$", name):
            found.add(path.read_text(encoding="utf-8").rstrip())
        elif flavour == "bgg" and name.endswith(".bgg.txt"):
            found.add(path.read_text(encoding="utf-8").rstrip())
    return found


def test_a_printed_round_is_the_folders_posts_for_that_round(run: Any, tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text(GAME_FILE, encoding="utf-8")
    made = run("game", "--game", "game.yaml", "--no-images", "-o", "g")
    assert made.exit_code == 0, made.output
    revealed = run("reveal", "-o", "g", "--before-end")
    assert revealed.exit_code == 0, revealed.output
    command = next(ln for ln in revealed.stdout.splitlines() if ln.startswith("sheetgen verify"))
    assert " --start 2026-12-03 --rhythm " in command
    args = shlex.split(command)[1:]
    folder = tmp_path / "g"
    # The round's posts name their days and times as this game posts them.
    start_post = (folder / "round-2" / "start.facebook.txt").read_text(encoding="utf-8")
    assert "19:45 CET" in start_post or "07:15 CET" in start_post
    for flavour in FLAVOUR_FILES:
        shown = run(*args, "--print-round", "2", "--flavour", flavour)
        assert shown.exit_code == 0, shown.output
        printed = _printed(shown.stdout)
        wanted = _folder_texts(folder, 2, flavour)
        assert len(printed) == len(wanted), (flavour, len(printed), len(wanted))
        assert set(printed) == wanted, flavour


def test_print_round_without_the_schedule_dates_nothing(run: Any) -> None:
    """Without --start the posts have no dates (as before); the schedule's times need one."""
    from generator.kit.session import open_game

    game = open_game("galaxy-trucker", SEED, None)
    base = ["verify", "--seed", SEED, "--commitment", game.plan.commitment]
    plain = run(*base, "--print-round", "1")
    assert plain.exit_code == 0 and "CET" not in plain.stdout
    lonely = run(*base, "--print-round", "1", "--rhythm", '{"timezone":"Europe/Amsterdam"}')
    assert lonely.exit_code == 2
    assert "a posting rhythm needs a start date" in lonely.output


@pytest.mark.parametrize(
    ("rhythm", "message"),
    [
        ("{times: 1}", "'--rhythm': not JSON"),
        ('{"timezone": "Mars/Olympus"}', "timezone: unknown time zone"),
        ('{"times": {"morning": "25:00"}}', 'times: expected a time "HH:MM"'),
        ('{"tempo": 3}', "tempo: unknown key"),
    ],
)
def test_a_bad_rhythm_is_refused_with_what_was_expected(
    run: Any, rhythm: str, message: str
) -> None:
    """Refused as the command line is read, before any game is made (exit 2, no trace)."""
    args = ["verify", "--seed", SEED, "--commitment", "0" * 64]
    refused = run(*args, "--start", "2026-12-03", "--print-round", "1", "--rhythm", rhythm)
    assert refused.exit_code == 2, refused.output
    assert message in refused.output and "Traceback" not in refused.output
