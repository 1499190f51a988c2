"""Corrections to a published post: a new post on every platform, logged, shown by `today`,
the console, the catch-up page and the posting guide, with the corrected post, the plan and
the commitment as they were."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.folder.game_mark import game_mark

GAME = """\
seed: correction-seed-0123456789abcdef
start: 2026-12-01
rhythm:
  timezone: Europe/Amsterdam
  times: {morning: "08:00", afternoon: "17:30"}
  rest_days: [sunday]
"""
FIX = "Set B's tile B2 is a double cannon, not a single one. <b>Ask</b> [b]me[/b]"


@pytest.fixture
def folder(run: Callable[..., Result], game_once: Callable[..., Result], tmp_path: Path) -> Path:
    (tmp_path / "g.yaml").write_text(GAME, encoding="utf-8")
    made = game_once("game", "--game", "g.yaml", "-o", "g", "--no-images")
    assert made.exit_code == 0, made.output
    return tmp_path / "g"


def hashes(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_a_correction_is_a_new_post_everywhere_and_nothing_else_changes(
    folder: Path, run: Callable[..., Result]
) -> None:
    before = hashes(folder)
    made = run("correct", "7", "--say", FIX, "-o", str(folder), "--at", "2026-12-04 09:00")
    assert made.exit_code == 0, made.output
    after = hashes(folder)
    changed = {k for k in after if before.get(k) != after[k]}
    # The correction's files, its log, the guide's section and the folder's record; not
    # one post, picture or sheet, and not plan.json.
    assert changed == {
        "corrections.jsonl",
        "posting-guide.md",
        "manifest.json",
        *(
            f"corrections/correction-01.{e}"
            for e in ("facebook.txt", "discord.md", "bgg.txt", "html", "host.txt")
        ),
    }, changed
    facebook = (folder / "corrections/correction-01.facebook.txt").read_text(encoding="utf-8")
    assert "Correction to the post “Turn 7: build” of Day 4, morning (Fri 4 Dec 2026" in facebook
    assert FIX in facebook  # as typed
    bgg = (folder / "corrections/correction-01.bgg.txt").read_text(encoding="utf-8")
    assert "<b" not in bgg and "‹b>Ask" in bgg  # BGG would cut the post at '<b'
    assert "[b]me" not in bgg  # no tag of the host's words is read as markup
    discord = (folder / "corrections/correction-01.discord.md").read_text(encoding="utf-8")
    assert "\\<b\\>Ask" in discord and len(discord) <= 2000
    html = (folder / "corrections/correction-01.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Ask" in html
    log = [json.loads(x) for x in (folder / "corrections.jsonl").read_text().splitlines()]
    data = json.loads((folder / "plan.json").read_text())
    said = {
        "at": "2026-12-04T09:00:00+01:00",
        "game": game_mark(data).line(),  # the game it was made for
        "key": "round-1/turn-07-build",
        "number": 1,
        "text": FIX,
        "title": "Turn 7: build",
        "turn": 7,
    }
    digest = hashlib.sha256(json.dumps(said, sort_keys=True, ensure_ascii=False).encode())
    assert log == [{**said, "sha256": digest.hexdigest()}]
    guide = (folder / "posting-guide.md").read_text(encoding="utf-8")
    assert guide.count("## Corrections") == 1
    assert "### Correction 1 · Fri 4 Dec 2026, 09:00 CET" in guide
    verified = run("verify", "--seed", data["seed"], "--commitment", data["commitment"])
    assert verified.exit_code == 0, verified.output
    # A second one is number 2; the guide keeps one section with both.
    again = run(
        "correct",
        "round-1/turn-08-build",
        "--say",
        "Typo.",
        "-o",
        str(folder),
        "--at",
        "2026-12-04 18:00",
    )
    assert again.exit_code == 0, again.output
    guide = (folder / "posting-guide.md").read_text(encoding="utf-8")
    assert guide.count("## Corrections") == 1 and "### Correction 2 ·" in guide
    assert (folder / "corrections/correction-02.facebook.txt").is_file()
    # The guide written again (a rhythm change re-runs `sheetgen game`) keeps the section.
    rerun = run("game", "--game", "g.yaml", "-o", "g", "--no-images")
    assert rerun.exit_code == 0, rerun.output
    assert (folder / "posting-guide.md").read_text(encoding="utf-8") == guide
    assert (folder / "corrections/correction-02.facebook.txt").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("9", "--say", "x", "--at", "2026-12-05 12:00"), "turn 9 has 2 posts: name one"),
        (
            ("round-1/turn-09-flight", "--say", "x", "--at", "2026-12-04 12:00"),
            "is not due until Day 5, morning",
        ),
        (("7", "--say", "   ", "--at", "2026-12-04 12:00"), "the correction's words are empty"),
        (("7", "--say", "x" * 1001, "--at", "2026-12-04 12:00"), "1001 characters"),
        (("7", "--say", "bad \x1b[31m", "--at", "2026-12-04 12:00"), "control character U+001B"),
        (("nope", "--say", "x", "--at", "2026-12-04 12:00"), "no post of this game"),
        (("7",), "name the post and say what changed"),
    ],
)
def test_a_correction_refuses_the_future_and_bad_words(
    folder: Path, run: Callable[..., Result], args: tuple[str, ...], message: str
) -> None:
    before = hashes(folder)
    result = run("correct", *args, "-o", str(folder))
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert hashes(folder) == before  # nothing written, nothing logged


def test_today_console_and_digest_show_it_until_marked(
    folder: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The catch-up page refuses what is not yet due by the clock: the clock is that morning.
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-04T10:00+01:00")
    assert run("posted", "-o", str(folder), "--at", "2026-12-04 08:05").exit_code == 0
    assert (
        run("correct", "7", "--say", FIX, "-o", str(folder), "--at", "2026-12-04 09:00").exit_code
        == 0
    )
    today = run("today", "-o", str(folder), "--at", "2026-12-04 10:00", "--platform", "facebook")
    assert today.exit_code == 0, today.output
    text = today.output
    assert text.index("CORRECTION 1, post first: to “Turn 7: build”") < text.index("Next:")
    assert "paste corrections/correction-01.facebook.txt" in text
    assert FIX in text
    page = run("console", "-o", str(folder), "--at", "2026-12-04 10:00")
    assert page.exit_code == 0, page.output
    html = (folder / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")
    assert "CORRECTION 1: post first" in html and "correction-1/facebook/" in html
    # The catch-up page: right after the post it corrects, once it is made.
    digest = run("digest", "-o", str(folder), "--until", "2026-12-04 10:00")
    assert digest.exit_code == 0, digest.output
    page_text = (folder / "digest.html").read_text(encoding="utf-8")
    seven = page_text.index('id="round-1-turn-07-build"')
    fix = page_text.index('id="corrections-correction-01"')
    eight = page_text.find('id="round-1-turn-08-build"')
    assert seven < fix and (eight == -1 or fix < eight)
    earlier = run("digest", "-o", str(folder), "--until", "2026-12-04 08:30")
    assert earlier.exit_code == 0, earlier.output
    assert "correction-01" not in (folder / "digest.html").read_text(encoding="utf-8")
    # Marked posted: gone from today.
    marked = run("posted", "-o", str(folder), "--at", "2026-12-04 10:05")
    assert "and correction 1" in marked.output
    again = run("today", "-o", str(folder), "--at", "2026-12-04 10:10")
    assert "CORRECTION" not in again.output


def test_a_run_cut_short_after_its_log_line_is_mended(
    folder: Path, run: Callable[..., Result]
) -> None:
    line = {
        "at": "2026-12-04T09:00:00+01:00",
        "key": "round-1/turn-07-build",
        "text": "Fixed.",
        "title": "Turn 7: build",
        "turn": 7,
    }
    # A killed run: its line is in the log, its files are not; a torn line after it.
    (folder / "corrections.jsonl").write_text(
        json.dumps(line) + "\n" + '{"at": "2026-', encoding="utf-8"
    )
    today = run("today", "-o", str(folder), "--at", "2026-12-04 10:00")
    assert today.exit_code == 0, today.output
    assert "its files are not written" in today.output and "sheetgen correct -o" in today.output
    mended = run("correct", "-o", str(folder))
    assert mended.exit_code == 0, mended.output
    assert "1 corrections written again" in mended.output
    assert "Fixed." in (folder / "corrections/correction-01.facebook.txt").read_text(
        encoding="utf-8"
    )


def three_corrections(folder: Path, run: Callable[..., Result]) -> list[bytes]:
    for number, minute in ((1, "09:00"), (2, "09:10"), (3, "09:20")):
        made = run(
            "correct",
            "7",
            "--say",
            f"Fix {number}.",
            "-o",
            str(folder),
            "--at",
            f"2026-12-04 {minute}",
        )
        assert made.exit_code == 0, made.output
    return (folder / "corrections.jsonl").read_bytes().splitlines(keepends=True)


def published(folder: Path) -> dict[str, str]:
    return {k: v for k, v in hashes(folder).items() if k.startswith("corrections/")}


def test_a_cut_or_edited_log_line_never_rewrites_a_published_correction(
    folder: Path, run: Callable[..., Result]
) -> None:
    """Cutting line 2 of 3 once rewrote correction-02.* with the third one's words; editing
    a line's words rewrote that correction silently. Both are refused at the line."""
    lines = three_corrections(folder, run)
    before = published(folder)
    assert "Fix 2." in (folder / "corrections/correction-02.facebook.txt").read_text()
    log = folder / "corrections.jsonl"
    edited = lines[1].replace(b"Fix 2.", b"Fix two.")
    for changed, expected in (
        (lines[0] + lines[2], "corrections.jsonl:2: this line was written as correction 3"),
        (lines[0] + edited + lines[2], "corrections.jsonl:2: correction 2 was edited"),
        (lines[0] + lines[1], "holds 2 corrections, but g/corrections/correction-03.* was"),
    ):
        log.write_bytes(changed)
        for args in (("correct",), ("today", "--at", "2026-12-04 10:00")):
            result = run(*args, "-o", str(folder))
            assert result.exit_code == 2, result.output
            assert expected in result.output and "Traceback" not in result.output
            assert published(folder) == before
    log.unlink()
    removed = run("today", "--at", "2026-12-04 10:00", "-o", str(folder))
    assert removed.exit_code == 2 and "holds 0 corrections, but" in removed.output
    log.write_bytes(b"".join(lines))  # put back as it was: all is well again
    assert run("correct", "-o", str(folder)).exit_code == 0
    assert published(folder) == before


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a\u0000b", "text: holds a control character U+0000"),
        ("red \u001b[31m", "text: holds a control character U+001B"),
        ("\ud800", "text: holds a control character U+D800"),
        ("flip \u202e 3", "text: holds a bidi control character U+202E"),
        ("x" * 1001, "text: 1001 characters"),
    ],
)
def test_words_typed_into_the_log_are_held_to_the_say_rule(
    folder: Path, run: Callable[..., Result], text: str, problem: str
) -> None:
    """A line a host adds by hand (as an earlier version wrote them: no number, no digest)
    with a NUL, an ESC, a lone surrogate or a bidi override reaches no post."""
    line = {
        "at": "2026-12-04T09:00:00+01:00",
        "key": "round-1/turn-07-build",
        "text": text,
        "title": "Turn 7: build",
        "turn": 7,
    }
    (folder / "corrections.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    for args in (("correct",), ("today", "--at", "2026-12-04 10:00")):
        result = run(*args, "-o", str(folder))
        assert result.exit_code == 2, result.output
        assert f"corrections.jsonl:1: {problem}" in result.output
        assert "Traceback" not in result.output and "internal error" not in result.output
    assert not (folder / "corrections").exists()


def test_say_takes_a_spreadsheets_tab_and_windows_line_ends_and_refuses_bidi_overrides(
    folder: Path, run: Callable[..., Result]
) -> None:
    at = ("--at", "2026-12-04 09:00", "-o", str(folder))
    for refused in ("flip \u202e 3", "isolate \u2066x\u2069"):
        result = run("correct", "7", "--say", refused, *at)
        assert result.exit_code == 2, result.output
        assert "--say: holds a bidi control character U+20" in result.output
    made = run("correct", "7", "--say", "B2\tdouble cannon\r\nB3\tsingle\rend", *at)
    assert made.exit_code == 0, made.output
    facebook = (folder / "corrections/correction-01.facebook.txt").read_text(encoding="utf-8")
    assert "B2 double cannon\n" in facebook and "B3 single\n" in facebook and "\r" not in facebook


def corrected(folder: Path, run: Callable[..., Result]) -> bytes:
    """The folder's game with one correction made; its log."""
    made = run("correct", "7", "--say", FIX, "-o", str(folder), "--at", "2026-12-04 09:00")
    assert made.exit_code == 0, made.output
    return (folder / "corrections.jsonl").read_bytes()


SET_ASIDE = "corrections.jsonl held the corrections of game"


@pytest.mark.parametrize(
    ("another", "whose"),
    [
        (GAME.replace("correction-seed", "another-seed"), "not this game's"),
        (
            GAME.replace("2026-12-01", "2026-11-24"),
            "as written before (another start date or options), not this game's",
        ),
    ],
    ids=["another-seed", "another-start"],
)
def test_another_game_forced_into_the_folder_starts_with_no_corrections(
    folder: Path, run: Callable[..., Result], another: str, whose: str
) -> None:
    """The corrections are the game's they were made for: another game forced into the
    folder (another seed; or another start date, the same game id but other times in its
    posts) shows none of them in its guide, `today`, the console or the catch-up page. The
    old log is set aside whole, named for its game, and the host is told once."""
    log = corrected(folder, run)
    old = game_mark(json.loads((folder / "plan.json").read_text()))
    (folder.parent / "another.yaml").write_text(another, encoding="utf-8")
    forced = run("game", "--game", "another.yaml", "-o", "g", "--no-images", "--force")
    assert forced.exit_code == 0, forced.output
    assert forced.output.count(SET_ASIDE) == 1 and whose in forced.output
    kept = f"corrections-{old.game_id}-{old.check}.jsonl"
    assert f"set aside as {kept}" in forced.output
    assert (folder / kept).read_bytes() == log and not (folder / "corrections.jsonl").exists()
    assert "## Corrections" not in (folder / "posting-guide.md").read_text(encoding="utf-8")
    assert not list(folder.glob("corrections/*"))  # with the old game's files
    at = "2026-12-04 10:00" if "11-24" not in another else "2026-11-27 10:00"
    today = run("today", "-o", str(folder), "--at", at, "--platform", "facebook")
    assert today.exit_code == 0, today.output
    assert "CORRECTION" not in today.output and FIX not in today.output
    assert run("console", "-o", str(folder), "--at", at).exit_code == 0
    page = (folder / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")
    assert "CORRECTION" not in page
    assert run("digest", "-o", str(folder), "--until", at).exit_code == 0
    assert "correction-01" not in (folder / "digest.html").read_text(encoding="utf-8")
    # The new game's first correction is its correction 1, in a log of its own.
    mine = run("correct", "7", "--say", "Typo.", "-o", str(folder), "--at", at)
    assert mine.exit_code == 0, mine.output
    assert "Typo." in (folder / "corrections/correction-01.facebook.txt").read_text()
    lines = (folder / "corrections.jsonl").read_text().splitlines()
    new = game_mark(json.loads((folder / "plan.json").read_text()))
    assert len(lines) == 1 and json.loads(lines[0])["game"] == new.line() != old.line()
    # Written again, the new game keeps its own (said nothing of setting aside).
    again = run("game", "--game", "another.yaml", "-o", "g", "--no-images")
    assert again.exit_code == 0 and SET_ASIDE not in again.output, again.output
    assert "### Correction 1 ·" in (folder / "posting-guide.md").read_text(encoding="utf-8")


def test_the_same_game_with_another_rhythm_keeps_its_corrections(
    folder: Path, run: Callable[..., Result]
) -> None:
    """A running game whose posting times change is the same game: its corrections stay."""
    log = corrected(folder, run)
    later = GAME.replace('"17:30"', '"18:30"')
    (folder.parent / "g.yaml").write_text(later, encoding="utf-8")
    rerun = run("game", "--game", "g.yaml", "-o", "g", "--no-images")
    assert rerun.exit_code == 0 and SET_ASIDE not in rerun.output, rerun.output
    assert (folder / "corrections.jsonl").read_bytes() == log
    assert "### Correction 1 ·" in (folder / "posting-guide.md").read_text(encoding="utf-8")
    assert (folder / "corrections/correction-01.facebook.txt").is_file()


def test_other_options_under_the_same_game_id_are_another_game(
    run: Callable[..., Result], tmp_path: Path
) -> None:
    """Keep on Trucking's ships change what is drawn and posted under the same game id
    and folder identity: the corrections made for the old options, and their files, go
    with the old game."""
    args = ["--pack", "keep-on-trucking", "--seed", "kot-corrections-0001", "-o", "k"]
    made = run("game", *args, "--start", "2026-12-01", "--no-images")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "k"
    post = "round-1/turn-01-build"
    fixed = run("correct", post, "--say", "Typo.", "-o", "k", "--at", "2026-12-03 12:00")
    assert fixed.exit_code == 0, fixed.output
    before = json.loads((folder / "plan.json").read_text())
    forced = run("game", *args, "--option", "ships=A", "--no-images", "--force")
    assert forced.exit_code == 0, forced.output
    after = json.loads((folder / "plan.json").read_text())
    assert after["game_id"] == before["game_id"] and after["options"] != before["options"]
    assert forced.output.count(SET_ASIDE) == 1 and "another start date or options" in forced.output
    assert not (folder / "corrections.jsonl").exists()
    assert not list((folder / "corrections").glob("correction-01.*"))
    assert "## Corrections" not in (folder / "posting-guide.md").read_text(encoding="utf-8")
    manifest = json.loads((folder / "manifest.json").read_text())
    assert not [name for name in manifest["files"] if name.startswith("corrections/")]
    today = run("today", "-o", "k", "--at", "2026-12-03 13:00")
    assert today.exit_code == 0 and "CORRECTION" not in today.output, today.output


def test_a_write_that_fails_leaves_the_log_with_its_game(
    folder: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log is set aside only when the other game is written: a write that fails (a
    full disk) leaves the folder's game with its corrections."""
    import errno

    from generator.folder import write

    log = corrected(folder, run)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(write, "_write", full)
    (folder.parent / "another.yaml").write_text(
        GAME.replace("correction-seed", "another-seed"), encoding="utf-8"
    )
    forced = run("game", "--game", "another.yaml", "-o", "g", "--no-images", "--force")
    assert forced.exit_code == 2 and "No space left on device" in forced.output
    assert (folder / "corrections.jsonl").read_bytes() == log
    assert not list(folder.glob("corrections-*.jsonl"))


# A `sheetgen` run killed (SIGKILL) at a point of its folder write: before its commit point
# (the staging folder renamed to `.<name>.commit`), or right after it.
KILLED_AT = """
import os, signal, sys
import generator.folder.write as write
def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
setattr(write, sys.argv.pop(1), killed)
from generator.cli import main
main(sys.argv[1:])
"""


@pytest.mark.e2e
@pytest.mark.parametrize("point", ["_switch", "roll_forward"])
def test_a_kill_while_another_game_is_written_keeps_the_log_with_its_game(
    folder: Path, run: Callable[..., Result], point: str
) -> None:
    """The log is set aside by the write's commit, not before it: a run killed before the
    commit point leaves the folder's game with its corrections (it set them aside first,
    and the game kept no log); one killed after it leaves the commit, which the next
    command finishes, the log set aside with the old game."""
    import signal
    import subprocess
    import sys

    log = corrected(folder, run)
    old = json.loads((folder / "plan.json").read_text())
    (folder.parent / "another.yaml").write_text(
        GAME.replace("correction-seed", "another-seed"), encoding="utf-8"
    )
    args = ["game", "--game", "another.yaml", "-o", "g", "--no-images", "--force"]
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_AT, point, *args],
        cwd=folder.parent, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    at = ["--at", "2026-12-04 10:00", "--platform", "facebook"]
    today = run("today", "-o", str(folder), *at)  # finishes a commit the kill left
    assert today.exit_code == 0, today.output
    now = json.loads((folder / "plan.json").read_text())
    kept = f"corrections-{old['game_id']}-{game_mark(old).check}.jsonl"
    if point == "_switch":  # before the commit point: the old game, with its log
        assert now["game_id"] == old["game_id"]
        assert (folder / "corrections.jsonl").read_bytes() == log
        assert not list(folder.glob("corrections-*.jsonl"))
        assert "CORRECTION" in today.output
    else:  # after it: the new game, the log set aside for the old one
        assert now["game_id"] != old["game_id"]
        assert not (folder / "corrections.jsonl").exists()
        assert (folder / kept).read_bytes() == log
        assert "CORRECTION" not in today.output


def test_a_correction_made_as_another_game_takes_the_folder_is_not_recorded(
    folder: Path, run: Callable[..., Result]
) -> None:
    """`correct` read the folder's game, then another run forced another game in before the
    line was added: the line would start the new game's log. It is refused instead."""
    import datetime as dt
    from types import SimpleNamespace
    from typing import Any, cast

    from generator.common.errors import SheetgenError
    from generator.host.corrections import record_correction
    from generator.host.game_folder import open_folder

    game = open_folder(folder)  # as `correct` read it
    (folder.parent / "another.yaml").write_text(
        GAME.replace("correction-seed", "another-seed"), encoding="utf-8"
    )
    forced = run("game", "--game", "another.yaml", "-o", "g", "--no-images", "--force")
    assert forced.exit_code == 0, forced.output
    post = cast(Any, SimpleNamespace(key="round-1/turn-07-build", title="Turn 7: build", turn=7))
    at = dt.datetime(2026, 12, 4, 9, tzinfo=dt.UTC)
    with pytest.raises(SheetgenError, match="holds another game now"):
        record_correction(game, post, "Typo.", at)
    assert not (folder / "corrections.jsonl").exists()
