"""A flight round's record on the catch-up page and in each post's `.html` file (Galaxy
Trucker, Keep on Trucking): its scoring post goes out in the slot of the round's last flight
turn, and the record lists that turn's rolls, so it waits in a closed `<details>` as those
rolls do; copied from the page with its spoilers opened it still gives MATCH, in the record
reader the round check page mirrors and in `sheetgen verify --thread`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from shown_text import as_shown, outside_spoilers

from generator.cli import main
from generator.plan.round_commit import canonical_lines, commitment_of, published_commitments
from generator.render.round_reveal import record_summary
from generator.render.text import roll_text

GAMES = {
    "galaxy-trucker": ("gt-record-html-seed-000001", []),
    "keep-on-trucking": (
        "kot-round-commit-seed-0001",
        ["--option", "ships=A", "--option", "difficulty=insane"],
    ),
}


@pytest.fixture(autouse=True, scope="module")
def after_every_game() -> Any:
    """The clock after the game: the page may hold every post of the round."""
    patch = pytest.MonkeyPatch()
    patch.setenv("SHEETGEN_NOW", "2027-06-01T00:00+00:00")
    yield
    patch.undo()


def _round_one(pack: str, root: Path) -> dict[str, Any]:
    """Round 1's posts (text only) and a catch-up page holding all of them: the last
    flight turn and the scoring post of the same slot included. The plan, read back."""
    seed, options = GAMES[pack]
    runner = CliRunner()
    args = ["round", "1", "--pack", pack, "--seed", seed, *options, "--start", "2026-12-01"]
    made = runner.invoke(main, [*args, "--no-images", "-o", str(root)])
    assert made.exit_code == 0, made.output
    page = runner.invoke(main, ["digest", "-o", str(root), "--all"])
    assert page.exit_code == 0, page.output
    return json.loads((root / "plan.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _article(page: str, key: str) -> str:
    found = re.search(rf'<article id="{re.escape(key)}">.*?</article>', page, re.DOTALL)
    assert found, key
    return found.group(0)


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_no_roll_of_the_last_flight_turn_is_in_view_on_the_page(pack: str, tmp_path: Path) -> None:
    plan = _round_one(pack, tmp_path)
    last = plan["rounds"][0]["flight_turns"][-1]
    rolls = [faces for event in last["events"] for faces in event["rolls"]]
    assert rolls  # the seeds are chosen so that the last flight turn rolls dice
    # The record's lines for that turn, as `turn 12 event 7: pirates-1a 2+6 3+1 2+5`, and
    # each roll as its own post shows it (`⚁ ⚅ = 8`).
    record_rolls = [
        " ".join("+".join(map(str, f)) for f in event["rolls"]) for event in last["events"]
    ]
    shown_rolls = [roll_text(faces) for faces in rolls]
    written = (tmp_path / "round-1" / "end-of-flight.html").read_text(encoding="utf-8")
    page = (tmp_path / "digest.html").read_text(encoding="utf-8")
    for where, text in (("end-of-flight.html", written), ("digest.html", page)):
        record = canonical_lines(as_shown("html", text))
        assert record is not None and record[2] == "round 1", where
        turn_lines = [r for r in record if r.startswith(f"turn {last['turn']} event ")]
        assert turn_lines, where
        in_view = as_shown("html", outside_spoilers("html", text))
        for hidden in (*turn_lines, *(r for r in record_rolls if r), *shown_rolls):
            assert hidden not in in_view, (where, hidden)
        assert "sheetgen-round-v1" not in in_view, where
        summary = record_summary(1).replace("'", "&#x27;")
        assert f'<details class="spoiler block"><summary>{summary}</summary>' in text, where
    # The game start post on the page says to open the record before pasting it.
    start = as_shown("html", _article(page, "game-start"))
    assert "paste that post into round-check.html" in start
    assert "behind “Show Round N record”" in start and "open it, then paste" in start


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_the_record_copied_from_the_page_matches(pack: str, tmp_path: Path, run: Any) -> None:
    """A player copies the game start post and the scoring post off the page, the record
    opened: the record reader (the round check page's, line for line) finds the commitment
    the start post lists, and `verify --thread` says MATCH."""
    plan = _round_one(pack, tmp_path)
    page = (tmp_path / "digest.html").read_text(encoding="utf-8")
    start = as_shown("html", _article(page, "game-start"))
    scoring = as_shown("html", _article(page, "round-1-end-of-flight"))
    record = canonical_lines(scoring)
    assert record is not None
    assert published_commitments(start)[1] == commitment_of(record)
    thread = tmp_path / "thread.txt"
    thread.write_text(f"{start}\n\n{scoring}", encoding="utf-8")
    seed, options = GAMES[pack]
    checked = run(
        "verify", "--pack", pack, "--seed", seed, *options,
        "--commitment", plan["commitment"], "--thread", str(thread),
    )  # fmt: skip
    assert checked.exit_code == 0, checked.output
    assert "Round 1 commitment in the thread: MATCH" in checked.output
    assert "Round 1 record revealed in the thread: MATCH" in checked.output
