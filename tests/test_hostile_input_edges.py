"""The rest of the hostile-input cases, for the core and Galaxy Trucker
(the table games' cases are in their own test files). Each case ends in a clear one-line
error with exit code 2, or is handled; none is an internal error."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from generator.pack.load import CONTENT_DIR

SEED = "hostile-input-19-seed-0123456789"
ROOT = Path(__file__).resolve().parent.parent


def test_a_3600_digit_hex_literal_is_a_located_error(run: Any, pack_copy: Path) -> None:
    cards = pack_copy / "cards.yaml"
    text = cards.read_text()
    assert "credits: 3, days: 1}" in text
    cards.write_text(
        text.replace("credits: 3, days: 1}", "credits: 3, days: 0x" + "f" * 3600 + "}", 1)
    )
    result = run("check", str(pack_copy))
    assert result.exit_code == 2 and "internal error" not in result.output
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{cards.name}:") or ":16: " in lines[0]
    assert "cards[0].days" in lines[0] and "more than 100 digits" in lines[0]


@pytest.mark.parametrize(
    ("start", "rhythm", "message"),
    [
        ("0001-01-01", "", "the day before it is no date a calendar holds"),
        (
            "9999-10-01",
            "rhythm:\n  rest_days: [monday, tuesday, wednesday, thursday, friday, saturday]\n",
            "would run past the year 9999 with its rest days",
        ),
    ],
)
def test_start_dates_at_the_edges_of_the_calendar(
    run: Any, tmp_path: Path, start: str, rhythm: str, message: str
) -> None:
    game = tmp_path / "edge.yaml"
    game.write_text(f"pack: galaxy-trucker\nseed: {SEED}\nstart: {start}\n{rhythm}")
    result = run("game", "--game", str(game), "--no-images", "-o", "g")
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and message in result.stderr
    assert not (tmp_path / "g").exists()


def test_the_first_and_last_dates_a_calendar_holds_still_work(run: Any, tmp_path: Path) -> None:
    game = tmp_path / "first.yaml"
    game.write_text(f"pack: moon-drop\nseed: {SEED}\nstart: 0001-01-02\n")
    assert run("game", "--game", str(game), "--no-images", "-o", "g").exit_code == 0


def test_a_post_time_in_a_clock_change_gap_is_refused(run: Any, tmp_path: Path) -> None:
    """02:30 on 29 March 2026 does not exist in Amsterdam: the clocks go from 02:00 to 03:00.
    Python would post it at 03:30 without a word; the host is told instead."""
    game = tmp_path / "gap.yaml"
    game.write_text(
        textwrap.dedent(
            f"""\
            pack: galaxy-trucker
            seed: {SEED}
            start: 2026-03-28
            rhythm:
              timezone: Europe/Amsterdam
              times: {{morning: "02:30", afternoon: "17:00"}}
            """
        )
    )
    result = run("game", "--game", str(game), "--no-images", "-o", "g")
    assert result.exit_code == 2
    assert (
        "the morning post at 02:30 on 2026-03-29 does not exist in Europe/Amsterdam"
        in result.stderr
    )
    # The hour that occurs twice in October is a real time: taken, the first of the two.
    game.write_text(game.read_text().replace("2026-03-28", "2026-10-24"))
    assert run("game", "--game", str(game), "--no-images", "-o", "g").exit_code == 0


def _program() -> str:
    found = shutil.which("sheetgen", path=str(Path(sys.executable).parent))
    assert found, "the sheetgen program is installed next to this Python"
    return found


@pytest.mark.e2e
@pytest.mark.parametrize("args", [("check", "galaxy-trucker"), ("plan", "--seed", SEED)])
def test_a_reader_that_stops_reading_ends_quietly(tmp_path: Path, args: tuple[str, ...]) -> None:
    """`sheetgen … | head`: once the reader has gone, every write fails with a broken pipe.
    The program stops without a word (no internal error, no traceback), as other tools do.
    The broken pipe is made certain with a stdout whose every write fails."""
    script = tmp_path / "sheetgen"
    script.write_text(
        textwrap.dedent(
            f"""\
            import io, os, sys

            class ReaderGone(io.RawIOBase):
                def writable(self): return True
                def write(self, data): raise BrokenPipeError(32, "Broken pipe")
                def fileno(self): return os.open(os.devnull, os.O_WRONLY)

            sys.stdout = io.TextIOWrapper(ReaderGone(), write_through=True)
            sys.argv = ["sheetgen", *{list(args)!r}]
            from generator.entry import run
            run()
            """
        )
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr == "" and proc.returncode not in (0, 2)


@pytest.mark.e2e
def test_ctrl_c_while_the_program_loads_is_one_short_line(tmp_path: Path) -> None:
    """An interrupt after the package is imported but before `run` takes over (the window of
    the program's own start-up): one line, exit code 130. The script is the installed
    `sheetgen` program's, with the interrupt sent at that exact point."""
    script = tmp_path / "sheetgen"
    script.write_text(
        textwrap.dedent(
            """\
            import os, signal, sys, time
            import generator
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(2)
            from generator.entry import run
            sys.exit(run())
            """
        )
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(script), "--version"], capture_output=True, text=True, env=env
    )
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr.strip() == "interrupted" and "Traceback" not in proc.stderr


def test_a_library_import_keeps_pythons_own_ctrl_c() -> None:
    """Only the sheetgen program itself swaps the handler: importing the package elsewhere
    leaves Ctrl-C as it was. In a fresh interpreter (here the package was imported long
    ago), and compared with the handler before the import: a process started in the
    background of a shell inherits Ctrl-C ignored, and that is not the package's doing."""
    code = (
        "import signal; before = signal.getsignal(signal.SIGINT); import generator; "
        "print(signal.getsignal(signal.SIGINT) is before)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"


def test_a_ship_path_through_a_symlinked_folder_is_not_read(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", "42", "-o", "g").exit_code == 0
    root = tmp_path / "g"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    secret = "TOP-SECRET-LINE-OF-A-FILE-OUTSIDE"
    (outside / "ship.txt").write_text(f"{secret}\n")
    (root / "ships").symlink_to(outside, target_is_directory=True)
    (root / "scores.csv").write_text("player,round,score,ship\nAnn,1,,ships/ship.txt\n")
    result = run("rankings", "-o", "g")
    assert result.exit_code == 2
    assert "scores.csv:2: ship: ships/ship.txt: ships is a symlink" in result.stderr
    assert secret not in result.output


@pytest.mark.parametrize(
    ("name", "code"),
    [("Bob\u202e21", "U+202E"), ("Ev\u009be", "U+009B"), ("\u2066Ann\u2069", "U+2066")],
)
def test_names_with_bidi_or_c1_controls_are_refused_in_scores(
    run: Any, tmp_path: Path, name: str, code: str
) -> None:
    assert run("game", "--no-images", "--seed", "42", "-o", "g").exit_code == 0
    scores = tmp_path / "g" / "scores.csv"
    scores.write_text(f"player,round,score\nAda,1,4\n{name},1,3\n", encoding="utf-8")
    result = run("rankings", "-o", "g")
    assert result.exit_code == 2, result.output
    assert "scores.csv:3: player: a" in result.stderr and code in result.stderr


def test_names_that_differ_only_in_case_are_one_player_in_scores(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", "42", "-o", "g").exit_code == 0
    scores = tmp_path / "g" / "scores.csv"
    scores.write_text("player,round,score\nStraße,1,4\nSTRASSE,1,3\n", encoding="utf-8")
    result = run("rankings", "-o", "g")
    assert result.exit_code == 2 and "already has a score for" in result.stderr


def test_the_shipped_pack_has_no_number_near_the_limit() -> None:
    """The digit limit (100) is far above any value a pack holds."""
    for path in (CONTENT_DIR).rglob("*.yaml"):
        for token in path.read_text().replace(",", " ").split():
            assert not (token.isdigit() and len(token) > 18), (path, token)


@pytest.mark.parametrize("line", ["[" * 100_000, '{"bid": ' + "9" * 5000 + ', "n": 1}'])
def test_a_table_log_line_too_deep_or_too_long_a_number_is_located(
    run: Any, tmp_path: Path, line: str
) -> None:
    """Both table logs: a hand-edited line nested 100,000 deep, or holding a 5,000-digit
    number, is the log's file and line (exit 2), never an internal error."""
    game = tmp_path / "cr.yaml"
    game.write_text((ROOT / "seeds" / "card-race-example.yaml").read_text() + "output: cr\n")
    assert run("card-race", "new", str(game)).exit_code == 0
    (tmp_path / "cr" / "table.jsonl").write_text(line + "\n")
    result = run("card-race", "status", str(tmp_path / "cr"))
    assert result.exit_code == 2 and "internal error" not in result.output
    assert "table.jsonl:1: not a JSON entry" in result.stderr
    bsg = tmp_path / "bsg.yaml"
    text = (ROOT / "seeds" / "battlestar-example.yaml").read_text()
    bsg.write_text(text.replace("output: ../output/battlestar-example", "output: table"))
    assert run("bsg", "setup", str(bsg)).exit_code == 0
    log = tmp_path / "table" / "table-log.jsonl"
    log.write_text(log.read_text() + line + "\n")
    result = run("bsg", "status", str(bsg))
    assert result.exit_code == 2 and "internal error" not in result.output
    assert "table-log.jsonl:2: not a log entry" in result.stderr
