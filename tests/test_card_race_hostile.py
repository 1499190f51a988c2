"""Issue 19, item 9 (Card Race): hostile input gets one clear line and exit code 2.

A ship range in cards.yaml is checked against the card numbers before anything is counted
(`to: 1000000000` once filled the memory); a log entry's `true` is not the number 1; a
table log that is a symlink (dangling or not) is refused, never read as empty or replaced;
bidi overrides and C1 control characters are not player names."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from program import sheetgen

from generator.pack.load import CONTENT_DIR

REPO = Path(__file__).resolve().parent.parent
SEED = "public-cards-0087-xxxxxxxxxx"  # round 1 turns up a Navigator (the dealer is Cleo)


def start(tmp_path: Path, run: Callable[..., Result]) -> Path:
    game_file = tmp_path / "game.yaml"
    game_file.write_text(
        f"pack: card-race\nseed: {SEED}\nplayers: [Ada, Ben, Cleo]\nrounds: 7\n"
        "bidding: standard\nlang: en\npaper: a4\n",
        encoding="utf-8",
    )
    folder = tmp_path / "game"
    result = run("card-race", "new", str(game_file), "-o", str(folder), "--no-images")
    assert result.exit_code == 0, result.output
    return folder


def _limit_memory() -> None:
    # 2 GiB of address space: the old check needed tens of GiB for this range.
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_a_huge_ship_range_is_checked_before_it_is_counted(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "card-race", pack)
    cards = pack / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    old = "  - {from: 10, to: 10, en: Large Research Vessel"
    assert old in text
    cards.write_text(text.replace(old, "  - {from: 10, to: 1000000000, en: Large Research Vessel"))
    line = next(i for i, x in enumerate(cards.read_text().splitlines(), 1) if "1000000000" in x)
    proc = subprocess.run(
        [sheetgen(), "check", str(pack)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        env={**os.environ, "PYTHONPATH": str(REPO)},  # this checkout's code
    )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    assert f"cards.yaml:{line}: ships[" in proc.stderr
    assert "from 10 to 1000000000: expected a range within the card numbers 1-12" in proc.stderr


@pytest.mark.parametrize(
    ("ships", "message"),
    [
        ("[{from: 1, to: 12, en: A, de: A}, {from: 1, to: 12, en: B, de: B}]", "once"),
        ("[{from: 1, to: 5, en: A, de: A}, {from: 7, to: 12, en: B, de: B}]", "once"),
        ("[{from: 5, to: 1, en: A, de: A}]", "from 5 to 1: expected a range"),
        ("[]", "once"),
    ],
)
def test_ship_ranges_must_name_each_number_once(
    tmp_path: Path, run: Callable[..., Result], ships: str, message: str
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "card-race", pack)
    cards = pack / "cards.yaml"
    kept = [x for x in cards.read_text(encoding="utf-8").splitlines() if "{from:" not in x]
    cards.write_text(
        "\n".join(x if x != "ships:" else f"ships: {ships}" for x in kept) + "\n",
        encoding="utf-8",
    )
    result = run("check", str(pack))
    assert result.exit_code == 2, result.output
    assert "cards.yaml:" in result.output and message in result.output


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"kind": "trump", "round": 1, "suit": "P"}, None),
        ({"kind": "bid", "round": 1, "player": "Ada", "bid": True}, "bid: expected a whole"),
        ({"kind": "trump", "round": True, "suit": "P"}, "round: expected a whole number"),
        ({"kind": "bid", "round": 1, "player": ["Ada"], "bid": 0}, "player: expected a text"),
        ({"kind": "trump", "round": 1, "suit": "P", "n": True}, "n: expected a whole number"),
    ],
)
def test_a_bool_in_a_log_entry_is_refused_with_its_line(
    tmp_path: Path, run: Callable[..., Result], entry: dict, problem: str | None
) -> None:
    """`true` is an int in Python: it must not count as bid 1 or round 1."""
    folder = start(tmp_path, run)
    log = folder / "table.jsonl"
    # Round 1 turned up a Navigator: a bid comes after the dealer's trump.
    trump = {"kind": "trump", "round": 1, "suit": "P"}
    lines = [trump, entry] if entry.get("kind") == "bid" else [entry]
    log.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    result = run("card-race", "status", str(folder))
    if problem is None:  # the well-formed entry replays: the cases differ only in the field
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2, result.output
    assert f"table.jsonl:{len(lines)}: this recorded entry does not fit the game: " in (
        result.output
    )
    assert problem in result.output and "got " in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("target", ["nowhere.jsonl", "elsewhere.jsonl"])
def test_a_symlinked_table_log_is_refused_not_replaced(
    tmp_path: Path, run: Callable[..., Result], target: str
) -> None:
    folder = start(tmp_path, run)
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text("", encoding="utf-8")
    log = folder / "table.jsonl"
    log.symlink_to(tmp_path / target)  # nowhere.jsonl does not exist: a dangling link
    for args in (("trump", str(folder), "P"), ("status", str(folder))):
        result = run("card-race", *args)
        assert result.exit_code == 2, result.output
        assert "table.jsonl: is a symbolic link" in result.output
        assert "Traceback" not in result.output
    assert log.is_symlink() and os.readlink(log) == str(tmp_path / target)
    assert elsewhere.read_text(encoding="utf-8") == ""
    assert not (tmp_path / "nowhere.jsonl").exists()
    assert not list(folder.glob("round-01/table-*"))


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ada\u202e", "bidi control character U+202E"),
        ("Ben\u2067x", "bidi control character U+2067"),
        ("Cl\u0085eo", None),  # NEL splits the line into columns: refused as such
        ("Cl\u009beo", "control character U+009B"),
        ("\u0080Dan", "control character U+0080"),
    ],
)
def test_bidi_overrides_and_c1_controls_are_not_player_names(
    tmp_path: Path, run: Callable[..., Result], name: str, problem: str | None
) -> None:
    scores = tmp_path / "scores.txt"
    scores.write_text(
        f"round player bid tricks boosters\n1 Eve 0 0 0\n1 {name} 1 1 0\n", encoding="utf-8"
    )
    result = run("score", "card-race", str(scores))
    assert result.exit_code == 2, result.output
    assert "scores.txt:3: " in result.output
    if problem is not None:
        assert f"player: {name!r}: " in result.output and problem in result.output
    assert "Traceback" not in result.output
    # Shown escaped: the character itself never reaches the message.
    bad = [c for c in name if not c.isprintable()]
    assert not any(c in result.output for c in bad)
    game_file = tmp_path / "game.yaml"
    game_file.write_text(
        f"pack: card-race\nplayers: [Eve, Fay, {json.dumps(name)}]\n", encoding="utf-8"
    )
    result = run("check", "card-race", "--game", str(game_file))
    assert result.exit_code == 2 and "game.yaml:2: players[2]" in result.output
    assert not any(c in result.output for c in bad)


def test_score_table_names_equal_after_casefold_are_refused(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    scores = tmp_path / "scores.txt"
    scores.write_text(
        "round player bid tricks boosters\n1 Straße 0 0 0\n1 STRASSE 1 1 0\n", encoding="utf-8"
    )
    result = run("score", "card-race", str(scores))
    assert result.exit_code == 2
    assert "scores.txt:3: player: STRASSE is the same name as Straße" in result.output


def test_verify_refuses_a_bidi_name_and_shows_it_escaped(run: Callable[..., Result]) -> None:
    args = ["card-race", "verify", "--round", "1", "--salt", "0123456789abcdef" * 2]
    args += ["--commitment", "abcd" * 4, "--players", "Ada,Be\u202en,Cleo", "--dealer", "Ada"]
    result = run(*args, "--deck", "I1,I2,I3,I4", "--player", "Ada", "--hand", "I1")
    assert result.exit_code == 2
    assert "--players Ada,Be\\u202en,Cleo: expected" in result.output
    assert "\u202e" not in result.output


@pytest.mark.parametrize(
    ("start", "problem"),
    [
        ("9999-12-31", "start: 9999-12-31: the game's 14 days would run past the year 9999"),
        ("0001-01-01", "start: 0001-01-01: the day before it is no date"),
    ],
)
def test_a_start_whose_game_runs_past_the_calendar_is_refused_by_check_too(
    tmp_path: Path, run: Callable[..., Result], start: str, problem: str
) -> None:
    """`check` said OK to `start: 9999-12-31`, then `card-race new` overflowed."""
    game_file = tmp_path / "game.yaml"
    game_file.write_text(
        f"pack: card-race\nseed: {SEED}\nstart: {start}\nplayers: [Ada, Ben, Cleo]\n"
        "rounds: 7\nlang: en\npaper: a4\n",
        encoding="utf-8",
    )
    for args in (("check", "card-race", "--game", "game.yaml"), ("card-race", "new", "game.yaml")):
        result = run(*args, "--no-images") if args[0] == "card-race" else run(*args)
        assert result.exit_code == 2, result.output
        assert f"game.yaml:3: {problem}" in result.output
        assert "Traceback" not in result.output and "internal error" not in result.output
    assert not (tmp_path / "output").exists()
    # The last start whose days fit is taken.
    game_file.write_text(game_file.read_text().replace(start, "9999-12-17"))
    assert run("check", "card-race", "--game", "game.yaml").exit_code == 0


def test_what_a_host_typed_is_echoed_escaped_and_cut_short(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """A name or card typed with a terminal escape or a bidi override, or 10^5 characters
    long, is refused with the typed text escaped and abridged: never an escape written to the
    host's terminal (or into a refusal the thread may read), nor the whole paste echoed."""
    folder = start(tmp_path, run)
    for args, shown in [
        (("bid", str(folder), "Ada\x1b[2J", "0"), "Ada\\x1b[2J is not at this table"),
        (("bid", str(folder), "Ben\u202e", "0"), "Ben\\u202e is not at this table"),
        (("bid", str(folder), "x" * 100_000, "0"), "x" * 39 + "… is not at this table"),
        (("play", str(folder), "Ada", "I\x9b1"), "I\\x9b1 is not a card"),
        (("trick", "I1", "I\x072", "I3"), "I\\x072 is not a card"),
    ]:
        result = run("card-race", *args)
        assert result.exit_code == 2, result.output
        assert shown in result.output
        assert "\x1b" not in result.output and "\u202e" not in result.output
        assert "\x9b" not in result.output and "\x07" not in result.output
        assert len(result.output) < 400


def test_a_plan_edited_by_hand_is_refused_by_the_table_commands(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """The table's commands read the deal as plan.json holds it: a table that is no mapping
    was a traceback, a hand moved a table no seed dealt. Nothing is written."""
    folder = start(tmp_path, run)
    plan_file = folder / "plan.json"
    original = plan_file.read_text(encoding="utf-8")
    for edit, shown in [
        (lambda p: p.update(table=[1]), "plan.json: table: expected an object, got list"),
        (lambda p: p.update(table=None), "plan.json: table: expected an object, got null"),
        (lambda p: p["table"].update(lang="xx"), "plan.json: table.lang: got 'xx' (expected"),
        (
            lambda p: p["rounds"][0]["hands"].update(Ada=p["rounds"][0]["hands"]["Ben"]),
            "plan.json: not the deal its seed makes for its table (first at rounds[0].hands.Ada",
        ),
        (lambda p: p.update(salt_bits=10**30), "plan.json: salt_bits: got 1000"),
    ]:
        plan = json.loads(original)
        edit(plan)
        plan_file.write_text(json.dumps(plan), encoding="utf-8")
        for command in (("status", str(folder)), ("bid", str(folder), "Ada", "0")):
            result = run("card-race", *command)
            assert result.exit_code == 2, result.output
            assert shown in result.output
        assert not (folder / "table.jsonl").exists()
