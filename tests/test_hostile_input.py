"""Issue 9: hostile input and odd command lines. Each test is one case the issue lists, named
after it; each must end in a clear error (exit 2, one located line, no traceback) or be
handled, with nothing half-written and nothing read that should not be."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.pack.load import CONTENT_DIR

SEED = "hostile-input-test-seed-0001"
# One line per problem: `file:line: field: message` or `file:line: message`.
LOCATED = re.compile(r"^[^:\s][^:]*:\d+: .+")


def error_lines(result: Any) -> list[str]:
    return [line for line in result.stderr.splitlines() if not line.endswith(" found")]


def assert_clear_error(result: Any, *expected: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    for text in expected:
        assert text in result.stderr, result.stderr


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


# 1. Data loss and security --------------------------------------------------------------


def test_force_with_crafted_manifest_deletes_nothing_outside_output(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "thesis.txt").write_text("years of work")
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    game = tmp_path / "g"
    (game / "linked").symlink_to(outside)
    manifest = json.loads((game / "manifest.json").read_text())
    # The manifest even has the right digest: a path out of the folder is still never taken.
    thesis = hashlib.sha256(b"years of work").hexdigest()
    manifest["files"].update(
        {
            "../precious/thesis.txt": thesis,
            str(outside / "thesis.txt"): thesis,
            "linked/thesis.txt": thesis,
            "round-1/../../precious/thesis.txt": thesis,
        }
    )
    (game / "manifest.json").write_text(json.dumps(manifest))
    result = run("game", "--no-images", "--seed", "another-seed-for-force-02", "-o", "g", "--force")
    assert result.exit_code == 0, result.output
    assert (outside / "thesis.txt").read_text() == "years of work"
    assert (game / "linked").is_symlink()  # a host's link is kept, never followed


def test_force_keeps_files_it_did_not_write(run: Any, game_once: Any, tmp_path: Path) -> None:
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    game = tmp_path / "g"
    (game / "my-notes.txt").write_text("players' names")
    edited = game / "game-start.facebook.txt"
    edited.write_text("the host's own edit")  # no longer what the manifest says was written
    result = run("game", "--no-images", "--seed", "another-seed-for-force-02", "-o", "g", "--force")
    assert result.exit_code == 0, result.output
    assert (game / "my-notes.txt").read_text() == "players' names"
    assert json.loads((game / "plan.json").read_text())["seed"] == "another-seed-for-force-02"


def test_writes_never_follow_a_symlinked_subfolder(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    game = tmp_path / "g"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(game / "round-1")
    (game / "round-1").symlink_to(elsewhere)
    assert run("turn", "3", "--no-images", "-o", "g").exit_code == 0
    assert list(elsewhere.iterdir()) == []  # nothing written through the link
    assert (game / "round-1").is_dir() and not (game / "round-1").is_symlink()
    assert (game / "round-1" / "turn-03-build.facebook.txt").is_file()


def test_a_turn_keeps_listed_only_the_files_still_there_as_written(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    """The manifest after `turn N` keeps an earlier file only when it is still a regular
    file reached without a symlink: not one deleted, one made a symlink, or one in a folder
    made a symlink (to a copy holding the very same names)."""
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    game = tmp_path / "g"
    before = json.loads((game / "manifest.json").read_text())["files"]
    (game / "game-start.discord.md").unlink()
    (game / "game-end.bgg.txt").unlink()
    (game / "game-end.bgg.txt").symlink_to(game / "game-end.host.txt")
    shutil.copytree(game / "round-2", tmp_path / "copy")
    shutil.rmtree(game / "round-2")
    (game / "round-2").symlink_to(tmp_path / "copy")
    assert run("turn", "3", "--no-images", "-o", "g").exit_code == 0
    after = json.loads((game / "manifest.json").read_text())["files"]
    gone = {"game-start.discord.md", "game-end.bgg.txt"}
    gone |= {name for name in before if name.startswith("round-2/")}
    assert set(after) == set(before) - gone
    assert "round-1/turn-03-build.facebook.txt" in after and "game-end.host.txt" in after


@pytest.mark.parametrize("where", ["/", "home"])
def test_output_into_root_or_home_is_refused(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    target = "/" if where == "/" else str(home)
    result = run("game", "--no-images", "--seed", SEED, "-o", target, "--force")
    assert_clear_error(result, "refusing to write a game into")
    assert "Balance:" not in result.stderr  # refused before the game is judged or drawn
    assert list(home.iterdir()) == []


# 2. Not atomic: see test_kill_and_concurrency.py; the leftover case is here -------------


def test_leftover_staging_folder_is_cleaned_and_never_kept(run: Any, tmp_path: Path) -> None:
    # What an older, killed run left: a staging folder holding the seed.
    stale = tmp_path / ".g.abcd1234.tmp"
    stale.mkdir()
    (stale / "plan.json").write_text(json.dumps({"seed": SEED}))
    other = tmp_path / ".g.x.abcd1234.tmp"  # the staging name of another folder, g.x
    other.mkdir()
    assert run("game", "--no-images", "--seed", SEED, "-o", "g").exit_code == 0
    assert not stale.exists()
    assert other.exists()
    hidden = [p.name for p in tmp_path.iterdir() if p.name.startswith(".g.")]
    assert hidden == [other.name]


# 3. Hangs and memory blow-ups -----------------------------------------------------------


def test_dev_zero_as_pack_file(run: Any, pack_copy: Path) -> None:
    (pack_copy / "zero.yaml").symlink_to("/dev/zero")
    assert_clear_error(run("check", "pack"), "pack/zero.yaml: ", "leads out of the pack")


def test_device_inside_the_pack_is_not_read(run: Any, pack_copy: Path) -> None:
    # A device node cannot be made without root; a symlink inside the pack to one that is
    # reached through the pack stands for it: the open file is checked, not the name.
    (pack_copy / "dev").symlink_to("/dev")
    (pack_copy / "zero.yaml").symlink_to("dev/zero")
    assert_clear_error(run("check", "pack"), "pack/zero.yaml: ")


def test_fifo_as_pack_file_does_not_hang(run: Any, pack_copy: Path) -> None:
    os.mkfifo(pack_copy / "fifo.yaml")
    assert_clear_error(run("check", "pack"), "pack/fifo.yaml: not a regular file")


def test_fifo_as_grid_does_not_hang(run: Any, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "grid.txt")
    result = run("score", "moon-drop", "grid.txt", "--seed", SEED)
    assert_clear_error(result, "grid.txt: not a regular file")


def test_dev_zero_as_grid(run: Any) -> None:
    result = run("score", "moon-drop", "/dev/zero", "--seed", SEED)
    assert_clear_error(result, "/dev/zero: not a regular file")


def test_dev_zero_as_game_file(run: Any) -> None:
    assert_clear_error(run("plan", "--game", "/dev/zero"), "/dev/zero: not a regular file")


@pytest.mark.slow
@pytest.mark.parametrize(
    "placeholder",
    ["{round:>300000000}", "{round:d}", "{0}", "{round.real}", "{round[0]}", "{round!r}", "{}"],
)
def test_placeholder_other_than_plain_name(run: Any, pack_copy: Path, placeholder: str) -> None:
    edit(pack_copy / "texts.yaml", "Round {round} begins.", f"Round {placeholder} begins.")
    result = run("check", "pack")
    assert_clear_error(result, "pack/texts.yaml:", "round_start: ")
    assert "is not allowed (expected a plain {name}" in result.stderr or (
        "unknown placeholder" in result.stderr
    )


# 4. Seeds changed silently --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("written", ["0042", "yes", "12:30", "1_000_000", "0x1F", "1e3", "~x"])
def test_game_file_seed_stays_as_written(run: Any, tmp_path: Path, written: str) -> None:
    (tmp_path / "game.yaml").write_text(f"pack: galaxy-trucker\nseed: {written}\n")
    from_file = run("plan", "--game", "game.yaml")
    assert from_file.exit_code == 0, from_file.output
    plan = json.loads(from_file.stdout)
    assert plan["seed"] == written
    from_flag = json.loads(run("plan", "--seed", written).stdout)
    assert plan["commitment"] == from_flag["commitment"]
    verify = run("verify", "--seed", written, "--commitment", plan["commitment"])
    assert verify.exit_code == 0, verify.output


def test_text_fields_keep_what_was_written(run: Any, pack_copy: Path) -> None:
    # A pack version typed as 1.10 is the text "1.10", not the number 1.1.
    edit(pack_copy / "pack.yaml", "version: ", "version: 1.10\nx_old_version: ")
    (pack_copy / "pack.yaml").write_text(
        re.sub(r"x_old_version: .*\n", "", (pack_copy / "pack.yaml").read_text())
    )
    result = run("check", "pack")
    assert result.exit_code == 0, result.output
    assert " 1.10)" in result.stdout


# 5. Internal errors instead of clear ones -----------------------------------------------


def test_date_that_is_no_date(run: Any, tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("seed: some-long-seed-0000001\nstart: 2026-13-45\n")
    result = run("game", "--game", "game.yaml", "--no-images")
    assert_clear_error(
        result, "game.yaml:2: start: expected a date (YYYY-MM-DD) (got '2026-13-45')"
    )
    assert not (tmp_path / "output").exists()


def test_integer_over_4300_digits(run: Any, pack_copy: Path) -> None:
    edit(pack_copy / "goods.yaml", "value: 4", "value: " + "9" * 5000)
    result = run("check", "pack")
    assert_clear_error(result, "pack/goods.yaml:", "is not a valid number (too many digits)")
    assert "9" * 100 not in result.stderr  # abridged


def test_nesting_1000_deep(run: Any, pack_copy: Path) -> None:
    (pack_copy / "deep.yaml").write_text("a: " + "[" * 1000 + "]" * 1000 + "\n")
    assert_clear_error(run("check", "pack"), "pack/deep.yaml:1: nested more than")


def test_recursive_alias(run: Any, pack_copy: Path) -> None:
    (pack_copy / "loop.yaml").write_text("a: &a [1, *a]\n")
    assert_clear_error(run("check", "pack"), "pack/loop.yaml:1: nested more than")


@pytest.mark.slow
def test_alias_bomb(run: Any, pack_copy: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    (pack_copy / "bomb.yaml").write_text("\n".join(lines) + "\n")
    assert_clear_error(run("check", "pack"), "pack/bomb.yaml:1: more than")


def test_dangling_symlink(run: Any, pack_copy: Path) -> None:
    (pack_copy / "gone.yaml").symlink_to(pack_copy / "nowhere.yaml")
    assert_clear_error(run("check", "pack"), "pack/gone.yaml: is a symlink to nothing")


def test_directory_named_yaml(run: Any, pack_copy: Path) -> None:
    (pack_copy / "folder.yaml").mkdir()
    assert_clear_error(run("check", "pack"), "pack/folder.yaml: is a folder, not a file")


def test_start_9999_12_31(run: Any) -> None:
    result = run("game", "--no-images", "--seed", SEED, "--start", "9999-12-31")
    assert_clear_error(result, "start date 9999-12-31", "past the year 9999")


def test_game_running_past_year_9999(run: Any, tmp_path: Path) -> None:
    # 51 turns from 1 December 9999 would end in January 10000.
    result = run("plan", "--seed", SEED, "--start", "9999-12-01")
    assert_clear_error(result, "past the year 9999")
    (tmp_path / "game.yaml").write_text(f"seed: {SEED}\nstart: 9999-12-01\n")
    assert_clear_error(run("plan", "--game", "game.yaml"), "past the year 9999")


def test_output_name_of_300_characters(run: Any, tmp_path: Path) -> None:
    result = run("game", "--no-images", "--seed", SEED, "-o", "x" * 300)
    assert_clear_error(result, "-o: the folder name", "300 bytes long")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "content",
    ["", "{", "[]", "{}", '{"seed": 5, "pack": "x"}', '{"pack": "a", "seed": "b"'],
)
def test_corrupt_or_empty_plan_json(run: Any, tmp_path: Path, content: str) -> None:
    game = tmp_path / "g"
    game.mkdir()
    (game / "plan.json").write_text(content)
    assert_clear_error(run("turn", "3", "--no-images", "-o", "g"), "g/plan.json: not a sheetgen")
    result = run("game", "--no-images", "--seed", SEED, "-o", "g")
    assert_clear_error(result, "g/plan.json: not a sheetgen plan", "--force")
    if content:
        return  # --force once is enough (a whole game takes seconds)
    forced = run("game", "--no-images", "--seed", SEED, "-o", "g", "--force")
    assert forced.exit_code == 0, forced.output
    assert json.loads((game / "plan.json").read_text())["seed"] == SEED


# The program as installed, with a Ctrl-C it sends itself when it opens its AT-th file for
# writing (the drawing, the staging folder, the commit): the same moment on a quiet machine
# and a loaded one, where an interrupt after a delay lands wherever the machine has got to.
INTERRUPTED_AT_A_WRITE = """\
import os, signal, sys
AT = int(os.environ["AT"])
written = []

def on_open(event, args):
    if event != "open" or len(args) < 3:
        return
    mode, flags = args[1], args[2]
    writes = any(c in mode for c in "wxa+") if mode else flags & (os.O_WRONLY | os.O_RDWR)
    if writes:
        written.append(args[0])
        if len(written) == AT:
            os.kill(os.getpid(), signal.SIGINT)

sys.addaudithook(on_open)
from generator.entry import main
main()
"""


def _sigint_at_write(at: int, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "bin" / "sheetgen"
    script.parent.mkdir()
    script.write_text(INTERRUPTED_AT_A_WRITE)
    work = tmp_path / "work"
    work.mkdir()
    args = [sys.executable, str(script), "game", "--no-images", "--seed", SEED, "-o", "g"]
    env = {**os.environ, "AT": str(at)}
    return subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.e2e
@pytest.mark.parametrize("at", [1, 20, 150, 400, 100_000])
def test_ctrl_c_at_any_moment(tmp_path: Path, at: int) -> None:
    result = _sigint_at_write(at, tmp_path)
    work = tmp_path / "work"
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 0:
        # The interrupt came after the last write, or never: the game is complete.
        assert "Wrote " in result.stderr
        assert (work / "g" / "plan.json").is_file()
        assert [p.name for p in work.iterdir()] == ["g"]
        return
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip().splitlines()[-1] == "interrupted"
    # Nothing half-written and no staging folder: no game, or (interrupted once the game
    # was committed) the whole one.
    assert [p.name for p in work.iterdir()] in ([], ["g"])
    assert not (work / "g").exists() or (work / "g" / "plan.json").is_file()


# 6. Not every problem in one run; some without file:line --------------------------------


def test_syntax_error_does_not_hide_other_files_errors(run: Any, pack_copy: Path) -> None:
    edit(pack_copy / "goods.yaml", "goods:", "goods: [")
    edit(pack_copy / "texts.yaml", "Round {round} begins.", "Round {rund} begins.")
    result = run("check", "pack")
    assert_clear_error(result, "pack/goods.yaml:", "pack/texts.yaml:")
    assert all(LOCATED.match(line) for line in error_lines(result)), result.stderr


def test_moon_drop_runs_cross_file_checks_of_valid_files(run: Any, tmp_path: Path) -> None:
    pack = tmp_path / "md"
    shutil.copytree(CONTENT_DIR / "moon-drop", pack)
    (pack / "modules.yaml").write_text("modules: [\n")  # a syntax error
    edit(pack / "texts.yaml", "{rounds} rounds over", "{no_such_name} rounds over")
    result = run("check", "md")
    assert_clear_error(result, "md/modules.yaml:", "md/texts.yaml:", "{no_such_name}")


def test_error_never_echoes_a_whole_document(run: Any, pack_copy: Path) -> None:
    secret_like = "root:x:0:0:root:/root:/bin/bash " * 200
    (pack_copy / "goods.yaml").write_text(f"goods: {secret_like}\n")
    result = run("check", "pack")
    assert_clear_error(result, "pack/goods.yaml:1: goods: ")
    assert len(result.stderr) < 600
    assert all(len(line) < 300 for line in result.stderr.splitlines())


def test_long_key_is_abridged(run: Any, pack_copy: Path) -> None:
    edit(pack_copy / "goods.yaml", "goods:", "goods:\n  " + "k" * 5000 + ": 1")
    result = run("check", "pack")
    assert_clear_error(result, "pack/goods.yaml:")
    assert "k" * 100 not in result.stderr


# 7. Things read that should not be ------------------------------------------------------


def test_symlink_leaving_the_pack_is_not_read(run: Any, pack_copy: Path, tmp_path: Path) -> None:
    private = tmp_path / "private.txt"
    private.write_text("MARKER-PRIVATE: do not copy")
    (pack_copy / "notes.yaml").symlink_to(private)
    result = run("check", "pack")
    assert_clear_error(result, "notes.yaml: is a symlink that leads out of the pack")
    assert "MARKER-PRIVATE" not in result.output
    game = run("game", "--no-images", "--pack", "pack", "--seed", SEED, "-o", "g")
    assert game.exit_code == 2
    assert not (tmp_path / "g").exists()


def test_symlink_inside_the_pack_is_read(run: Any, pack_copy: Path) -> None:
    (pack_copy / "goods.yaml").rename(pack_copy / "goods-real.yml")
    (pack_copy / "goods.yaml").symlink_to("goods-real.yml")
    assert run("check", "pack").exit_code == 0


def test_pack_name_that_game_cannot_use(run: Any, pack_copy: Path) -> None:
    edit(pack_copy / "pack.yaml", "name: galaxy-trucker", "name: " + "a" * 500)
    result = run("check", "pack")
    assert_clear_error(result, "pack/pack.yaml:", "name: string should have at most 64")


# Odd command lines: each is a usage error or a clear error, never a traceback ------------

ODD_COMMAND_LINES = [
    ("turn", "0", "--seed", SEED),
    ("turn", "99999999999999999999", "--seed", SEED),
    ("round", "abc"),
    ("plan", "--seed", ""),
    ("plan", "--seed", "a\nb"),
    ("plan", "--seed", "s" * 300),
    ("plan", "--pack", "/"),
    ("plan", "--pack", "/dev/null"),
    ("plan", "--game", "/"),
    ("plan", "--paper", "a5"),
    ("check", ""),
    ("check", "/etc"),
    ("check", "p" * 5000),
    ("game", "--no-images", "--seed", SEED, "-o", "/dev/null"),
    ("game", "--no-images", "--seed", SEED, "-o", "afile"),
    ("game", "--no-images", "--seed", SEED, "-o", "afile/sub"),
    ("game", "--no-images", "--seed", SEED, "-o", "a/" + "b" * 250 + "/c"),
    ("game", "--no-images", "--seed", SEED, "--start", "2026-02-30"),
    ("score", "moon-drop", "adir", "--seed", SEED),
    ("score", "galaxy-trucker", "afile", "--seed", SEED),
    ("score", "no-such-pack", "afile", "--seed", SEED),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", ODD_COMMAND_LINES, ids=range(len(ODD_COMMAND_LINES)))
def test_odd_command_line(run: Any, tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir").mkdir()
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert all(len(line) < 400 for line in result.output.splitlines())


# 8. After the move to msgspec -------------------------------------------------------------


def _verify_with_rhythm(run: Any, rhythm: str) -> Any:
    args = ["verify", "--seed", SEED, "--commitment", "0" * 64, "--start", "2026-12-03"]
    return run(*args, "--print-round", "1", "--rhythm", rhythm)


@pytest.mark.parametrize("rhythm", ["[" * 100_000, "1" * 5000, '{"skip": [' + "9" * 5000 + "]}"])
def test_a_rhythm_json_too_deep_or_too_long_a_number_is_refused(run: Any, rhythm: str) -> None:
    """json's own limits (nesting, 4,300 digits) end in RecursionError or ValueError."""
    result = _verify_with_rhythm(run, rhythm)
    assert_clear_error(result, "'--rhythm': not a rhythm (a number too long or nesting too deep)")
    assert len(result.output) < 600


@pytest.mark.parametrize(
    ("rhythm", "message"),
    [
        ('{"times": {"morning": NaN}}', "times.morning: expected text (got nan)"),
        ('{"skip": ["2026-02-30"]}', "skip[0]: expected a date (YYYY-MM-DD) (got '2026-02-30')"),
        ('{"rest_days": [1]}', "rest_days[0]: expected text (got 1)"),
        ("[]", "the rhythm: expected a mapping (got a list)"),
        ('{"tempo": 1, "x": 2}', "tempo: unknown key (allowed keys: timezone,"),
        ('{"changes": [{"from": "2026-12-04", "timezone": 5}]}', "changes[0].timezone: expected"),
    ],
)
def test_a_rhythm_json_names_the_field_and_what_was_expected(
    run: Any, rhythm: str, message: str
) -> None:
    """In the words a game file's `rhythm:` gets, not msgspec's (`Expected `str`, got
    `float` - at `$.times[...]``)."""
    result = _verify_with_rhythm(run, rhythm)
    assert_clear_error(result, message)
    assert "Expected `" not in result.output and "[...]" not in result.output


def test_a_card_race_rules_section_without_its_bar_is_located(run: Any, tmp_path: Path) -> None:
    """The rules card splits each section at its bar: one without was a crash in `check`."""
    pack = tmp_path / "cr"
    shutil.copytree(CONTENT_DIR / "card-race", pack)
    edit(pack / "texts.yaml", '"Deal|Round r', '"Deal: Round r')
    result = run("check", "cr")
    assert_clear_error(result, 'cr/texts.yaml:519: rules_sections.en[1]: expected "Title|text"')


@pytest.mark.parametrize(
    ("edit_plan", "where"),
    [
        (lambda plan: plan["rounds"][0].update(round=-7), "rounds[0].round"),
        (lambda plan: plan["rounds"][0].update(round=10**30), "rounds[0].round"),
        (lambda plan: plan["rounds"][0].update(ship=""), "rounds[0].ship"),
        (lambda plan: plan["schedule"][3].update(day=-1), "schedule[3].day"),
    ],
    ids=["round-negative", "round-huge", "ship-empty", "day-negative"],
)
def test_a_plan_edited_by_hand_is_refused_by_the_commands_that_read_it(
    run: Any, game_once: Any, tmp_path: Path, edit_plan: Any, where: str
) -> None:
    """`today`, `digest` and the console make posts from the folder's plan: a value that
    still has its type but no seed makes was a crash (an index out of range, a record line
    the commitment cannot read). Nothing is written."""
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    plan_file = tmp_path / "g" / "plan.json"
    plan = json.loads(plan_file.read_text())
    edit_plan(plan)
    plan_file.write_text(json.dumps(plan))
    before = tree(tmp_path / "g")
    for command in (("today",), ("digest",)):
        result = run(*command, "-o", "g")
        assert_clear_error(result, f"g/plan.json: not the plan its seed makes (first at {where})")
    assert tree(tmp_path / "g") == before


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("pack: true", "g.yaml:1: pack: no pack 'true': not a folder with pack.yaml"),
        ("pack: ../no-such-pack", "g.yaml:1: pack: no pack '../no-such-pack'"),
        (
            "pack: keep-on-trucking\nships: [A, x, base]",
            "g.yaml:2: ships[1]: got 'x' (expected one of 'A' or 'base')",
        ),
        (
            "pack: keep-on-trucking\ntitles: " + "t" * 5000,
            "g.yaml:2: titles: got 'tttttttt",
        ),
        (
            "pack: keep-on-trucking\nships: [A, A]",
            "g.yaml:2: ships: expected A or base, or a list of 3 of them, one per round (got 2)",
        ),
    ],
    ids=["pack-true", "pack-path", "ships-entry", "titles-long", "ships-count"],
)
def test_a_game_file_value_known_only_once_its_pack_is_read_is_located(
    run: Any, tmp_path: Path, line: str, shown: str
) -> None:
    """A pack that does not exist, or a game option's value its game does not take, is
    said at its line of the game file (was: one line with neither file nor line)."""
    (tmp_path / "g.yaml").write_text(f"{line}\nseed: {SEED}\n", encoding="utf-8")
    result = run("plan", "--game", "g.yaml")
    assert_clear_error(result, shown)
    assert all(LOCATED.match(line) for line in error_lines(result)), result.stderr
    assert len(result.stderr) < 600


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("5: x\n", "g.yaml:2: [5]: a key: expected text (got 5)"),
        (
            "start: 2026-12-09T10:00:00Z\n",
            "g.yaml:2: start: expected a date (YYYY-MM-DD) or nothing (got '2026-12-09T10:00:00+00",
        ),
        # YAML reads `yes`, `On` and `true` as a truth value: said `[True]` before.
        ("yes: x\n", "g.yaml:2: yes: unknown key (allowed keys: pack, seed, start,"),
        (
            'start: 2026-12-20\nrhythm:\n  times: {On: "08:00"}\n',
            "g.yaml:4: rhythm.times: 'On' is not a slot of this game (slots: morning, afternoon)",
        ),
    ],
    ids=["number-key", "date-and-time", "truth-key", "truth-key-in-a-map"],
)
def test_a_game_file_key_or_timestamp_is_said_as_written(
    run: Any, tmp_path: Path, text: str, shown: str
) -> None:
    """A key that is a number was said at line 1 as `Expected `str` (got None)`, msgspec's
    words and no key; a date with a time as Python's repr (`datetime.datetime(...)`)."""
    (tmp_path / "g.yaml").write_text(f"seed: {SEED}\n{text}", encoding="utf-8")
    result = run("plan", "--game", "g.yaml")
    assert_clear_error(result, shown)
    assert "`" not in result.stderr and "datetime." not in result.stderr
    assert "True" not in result.stderr


GAP = "start: 2027-03-20\nrhythm:\n  timezone: Europe/Berlin\n"


@pytest.mark.parametrize(
    ("rhythm", "shown"),
    [
        (
            GAP + '  times: {morning: "02:30"}\n',
            "g.yaml:5: rhythm.times: the morning post at 02:30 on 2027-03-28 does not exist",
        ),
        (
            GAP + '  changes:\n    - {from: 2027-03-25, times: {morning: "02:15"}}\n',
            "g.yaml:6: rhythm.changes[0].times: the morning post at 02:15 on 2027-03-28 does not",
        ),
        (
            GAP + '  times: {evening: "20:00"}\n',
            "g.yaml:5: rhythm.times: 'evening' is not a slot of this game",
        ),
        (
            GAP + "  times: {morning: 17:30}\n",
            "g.yaml:5: rhythm.times: the slots must be in the order of the day",
        ),
        (
            "rhythm:\n  timezone: Europe/Berlin\n",
            "g.yaml:3: rhythm: a posting rhythm needs a start date",
        ),
    ],
    ids=["clock-change-gap", "gap-in-a-change", "no-such-slot", "out-of-order", "no-start"],
)
def test_a_rhythm_the_game_cannot_post_to_is_said_at_its_line(
    run: Any, tmp_path: Path, rhythm: str, shown: str
) -> None:
    """Found only once the game is planned (its slots, its dates), these were one line with
    neither the game file nor its line; nothing is written."""
    (tmp_path / "g.yaml").write_text(f"seed: {SEED}\n{rhythm}", encoding="utf-8")
    assert_clear_error(run("plan", "--game", "g.yaml"), shown)
    if "02:30" in shown:  # `game` refuses it the same way, before it writes anything
        assert_clear_error(run("game", "--game", "g.yaml", "--no-images", "-o", "out"), shown)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


def test_a_score_table_that_is_not_utf8_names_the_line(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    """scores.csv (and a Card Race score table, a Moon Drop grid, a table log) that is not
    UTF-8 said only the byte; the line is what a host looks for."""
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    (tmp_path / "g" / "scores.csv").write_bytes(b"player,round,score\nAda,1,4\nB\xffb,1,3\n")
    assert_clear_error(run("rankings", "-o", "g"), "g/scores.csv:3: not UTF-8 text (byte 28)")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("pack: true\nseed: {seed}\nplayers: [Ada, Ben, Cleo]\n", ("card-race", "new")),
        (
            "pack: true\nseed: {seed}\nplayers: [{{name: Ada}}, {{name: Ben}}, {{name: Cy}}]\n",
            ("bsg", "status"),
        ),
    ],
    ids=["card-race", "battlestar"],
)
def test_a_table_game_files_pack_that_does_not_exist_is_located(
    run: Any, tmp_path: Path, text: str, command: tuple[str, ...]
) -> None:
    (tmp_path / "g.yaml").write_text(text.format(seed=SEED), encoding="utf-8")
    result = run(*command, "g.yaml")
    assert_clear_error(result, "g.yaml:1: pack: no pack 'true'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


@pytest.mark.parametrize(
    ("seed", "code"), [("abcdefgh\u202eijklmnop", "U+202E"), ("abcdefgh\x9bijklmnop", "U+009B")]
)
def test_a_seed_with_a_bidi_or_c1_control_is_refused(
    run: Any, tmp_path: Path, seed: str, code: str
) -> None:
    """The reveal post prints the seed for players to type into `verify`: a bidi override
    flips what they read, a C1 control is a terminal escape. Letters of any script stay."""
    assert_clear_error(run("plan", "--seed", seed), "the seed contains a", code)
    escaped = seed.encode("unicode_escape").decode()
    (tmp_path / "g.yaml").write_text(f'seed: "{escaped}"\n', encoding="utf-8")
    assert_clear_error(run("plan", "--game", "g.yaml"), "g.yaml:1: seed: the seed contains a")
    assert run("plan", "--seed", "Ünïcödé-名前-seed-اسم-1234").exit_code == 0


def test_a_plan_of_another_pack_says_so(run: Any, game_once: Any, tmp_path: Path) -> None:
    """Another game's plan.json copied in was read as this game's plan type: an error
    listing every key it lacks (`the plan: unknown options, set_aside ...`)."""
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    plan_file = tmp_path / "g" / "plan.json"
    plan = json.loads(plan_file.read_text())
    plan["pack"] = "keep-on-trucking"
    plan_file.write_text(json.dumps(plan))
    expected = "g/plan.json: a plan of the 'keep-on-trucking' pack, but this game's pack is"
    assert_clear_error(run("today", "-o", "g"), expected, "'galaxy-trucker'")


def test_an_empty_value_is_said_as_nothing(run: Any, tmp_path: Path) -> None:
    """YAML's empty value (or `~`) was said in Python's words: `(got None)`."""
    game = tmp_path / "g.yaml"
    game.write_text("", encoding="utf-8")
    assert_clear_error(
        run("plan", "--game", "g.yaml"), "g.yaml:1: expected a mapping (got nothing)"
    )
    game.write_text("seed:\n", encoding="utf-8")
    assert_clear_error(
        run("plan", "--game", "g.yaml"), "g.yaml:1: seed: expected text (got nothing)"
    )


@pytest.mark.parametrize(
    ("edit_slot", "shown"),
    [
        (lambda schedule: schedule.__setitem__(3, None), "schedule[3]: expected an object"),
        (lambda schedule: schedule[0].update(at="zzz"), None),
    ],
    ids=["slot-null", "moment-no-date"],
)
def test_turn_over_a_schedule_edited_by_hand(
    run: Any, game_once: Any, tmp_path: Path, edit_slot: Any, shown: str | None
) -> None:
    """`turn` compares the recorded schedule with the new one to warn of posts a new rhythm
    moves: a slot that is no object, or a moment that is no date, was a traceback there.
    A slot of the wrong type is refused with the plan; a calendar that only says the wrong
    time is written anew from the rhythm, as it always is."""
    game_once("game", "--no-images", "--seed", SEED, "-o", "g")
    plan_file = tmp_path / "g" / "plan.json"
    plan = json.loads(plan_file.read_text())
    edit_slot(plan["schedule"])
    plan_file.write_text(json.dumps(plan))
    result = run("turn", "5", "--no-images", "-o", "g")
    if shown is not None:
        assert_clear_error(result, f"g/plan.json: {shown}")
    else:
        assert result.exit_code == 0, result.output
        assert "at" not in json.loads(plan_file.read_text())["schedule"][0]
