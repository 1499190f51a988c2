"""Issue 40's hostile-input campaign: each case ends in a clear error (exit 2, no traceback,
output of a bounded size) or is handled, and nothing outside what it names is read, hung on
or written."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from program import sheetgen

CASES = Path(__file__).parent / "cases"
SHIPS = CASES / "ships"


def assert_clear_error(result: Any, *expected: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    for text in expected:
        assert text in result.output, result.output


def test_a_keep_on_trucking_ship_file_that_is_a_fifo_is_refused_at_once(
    run: Any, tmp_path: Path
) -> None:
    """The other scorers refused a FIFO; this one opened it and waited for a writer."""
    os.mkfifo(tmp_path / "ship.txt")
    result = run("score", "keep-on-trucking", "ship.txt", "--seed", "42", "--round", "1")
    assert_clear_error(result, "ship.txt: line 1, column 1: not a regular file")


def test_huge_values_in_a_ship_file_through_the_ship_column(run: Any, tmp_path: Path) -> None:
    """`skipped:` with 5,000 digits (scored through rankings' `ship` column), a 300-character
    file name there: one line each, the values cut short."""
    assert run("game", "--no-images", "--seed", "42", "-o", "g").exit_code == 0
    shutil.copy(SHIPS / "invalid" / "skipped-5000-digits.txt", tmp_path / "g" / "big.txt")
    long_name = "s" * 300 + ".txt"
    (tmp_path / "g" / "scores.csv").write_text(
        f"player,round,score,ship\nAnn,1,,big.txt\nBo,1,,{long_name}\nCy,1,,a/{long_name}\n"
    )
    result = run("rankings", "-o", "g")
    assert_clear_error(
        result,
        "scores.csv:2: ship: the scorer cannot read big.txt: ",
        "skipped: '" + "9" * 59 + "…' is not a count",
        "scores.csv:3: ship: " + "s" * 59 + "…: cannot be read (File name too long)",
        "scores.csv:4: ship: a/" + "s" * 57 + "…: no such file in the game folder",
    )
    assert len(result.output) < 2000


@pytest.mark.slow
def test_errors_about_huge_input_are_capped(run: Any, tmp_path: Path) -> None:
    """10^4 unknown keys in a game file: the first twenty and a count, not the 300 kB that
    naming each would take (10^5 keys check nothing more and cost 20 s of CPU)."""
    keys = "".join(f"k{n}: 1\n" for n in range(10_000))
    (tmp_path / "game.yaml").write_text(f"pack: galaxy-trucker\nseed: abc\n{keys}")
    result = run("plan", "--game", "game.yaml")
    assert_clear_error(result, "game.yaml:3: k0: unknown key", "… and 9980 more")
    assert "k20: unknown key" not in result.output
    assert result.output.rstrip().endswith("10000 problems found")
    assert len(result.output) < 5000


def test_one_huge_line_of_an_error_is_cut_short(tmp_path: Path) -> None:
    from generator.common.errors import ContentError, Problem, SheetgenError

    huge = "x" * 1_000_000
    shown = tmp_path / "shown.txt"
    with shown.open("w") as out:
        SheetgenError(f"a value: {huge}").show(file=out)
        ContentError([Problem("f.yaml", 3, "key", huge)]).show(file=out)
    text = shown.read_text()
    assert len(text) < 3000 and text.count("…") == 2


# Ctrl-C while the program starts, loads and ends. No timing: the interrupt is sent by the
# program itself at a chosen step (the Nth module it loads, a callback, an exit handler),
# through a script named as the installed program is (generator/__init__ looks at that).

INTERRUPTING = """\
import atexit, os, signal, sys, time, weakref
AT, WHERE = int(os.environ["AT"]), os.environ["WHERE"]
loaded = []
class Held:
    pass
held = [Held()]

def interrupt(*_):
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)  # the signal's handler runs here (Python code of this callback)

# A callback Python cannot raise from: an exception in it is "ignored", with a traceback.
ref = weakref.ref(held[0], interrupt)

def on_import(event, args):
    if event != "import" or not (loaded or args[0] == "generator"):
        return
    loaded.append(args[0])
    if len(loaded) == AT + 1:
        if WHERE == "import":
            os.kill(os.getpid(), signal.SIGINT)
        elif WHERE == "callback":
            held.clear()

sys.addaudithook(on_import)
if WHERE == "exit":
    atexit.register(interrupt)  # runs after the program's own exit handlers
from generator.entry import main
main()
"""
SEED = "hostile-campaign-seed-0123456789"


def interrupted_run(tmp_path: Path, where: str, at: int) -> Any:
    import subprocess
    import sys

    script = tmp_path / "bin" / "sheetgen"
    script.parent.mkdir(exist_ok=True)
    script.write_text(INTERRUPTING)
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root), "AT": str(at), "WHERE": where}
    args = [sys.executable, str(script), "plan", "--seed", SEED]
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=tmp_path)


def assert_quiet_interrupt(result: Any) -> None:
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip() == "interrupted"


@pytest.mark.e2e
def test_ctrl_c_while_the_program_loads_is_one_line_at_every_step(tmp_path: Path) -> None:
    """At the 1st, 2nd, 4th ... module loaded after the package: one line and 130, or (past
    the last module the command loads) the command's own output and 0."""
    stopped = 0
    for at in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512):
        result = interrupted_run(tmp_path, "import", at)
        if result.returncode == 0:
            assert "Traceback" not in result.stderr and '"commitment"' in result.stdout
            continue
        assert_quiet_interrupt(result)
        stopped += 1
    assert stopped >= 6


@pytest.mark.e2e
def test_a_ctrl_c_python_cannot_raise_is_not_lost(tmp_path: Path) -> None:
    """Landing in a callback of the import system (where an exception is "ignored"), a
    Ctrl-C printed a traceback and the command went on; it now stops the command."""
    result = interrupted_run(tmp_path, "callback", 16)
    assert_quiet_interrupt(result)
    assert result.stdout == ""


@pytest.mark.e2e
def test_ctrl_c_while_the_program_ends_is_one_line(tmp_path: Path) -> None:
    """In an exit handler, after the command answered: one line and 130, no traceback."""
    result = interrupted_run(tmp_path, "exit", 0)
    assert '"commitment"' in result.stdout
    assert_quiet_interrupt(result)


# Pack texts: one report per problem, and `check` applies the limits a game does.


def test_an_unparsable_card_race_texts_file_is_one_located_error(run: Any, tmp_path: Path) -> None:
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "card-race", pack)
    with (pack / "texts.yaml").open("a", encoding="utf-8") as out:
        out.write("broken: [unclosed\n")
    result = run("check", "pack")
    assert_clear_error(result, "pack/texts.yaml:", "invalid YAML")
    assert "file is missing" not in result.output and str(tmp_path) not in result.output
    assert result.output.rstrip().endswith("1 problem found")


def test_check_refuses_a_text_too_long_for_its_printed_page(run: Any, tmp_path: Path) -> None:
    """A 20,526-character flight_turn passed `check`, then `game` refused it (the player
    aid prints it)."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", pack)
    texts = pack / "texts.yaml"
    old = "  Resolve the events in order"
    assert old in texts.read_text(encoding="utf-8")
    long = "  " + "word " * 4000 + old.strip()
    texts.write_text(texts.read_text(encoding="utf-8").replace(old, long, 1), encoding="utf-8")
    line = texts.read_text(encoding="utf-8").splitlines().index("flight_turn: |-") + 1
    where = f"pack/texts.yaml:{line}: flight_turn: too long for the print sheets (page 1 of "
    checked = run("check", "pack")
    assert_clear_error(checked, where + "the player aid does not fit on a4)")
    made = run("game", "--pack", "pack", "--seed", "x" * 20, "--no-images", "-o", "g")
    assert_clear_error(made, where + "the player aid does not fit on a4)")


def test_a_text_too_long_for_its_sheet_is_blamed_where_it_is(run: Any, tmp_path: Path) -> None:
    """A good's name too long for the ship sheet's boxes: `check` blamed texts.yaml with no
    line, `game` named no file at all. Both name goods.yaml, its line and the field."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", pack)
    goods = pack / "goods.yaml"
    old = "yellow: {name: yellow,"
    text = goods.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if old in row)
    goods.write_text(text.replace(old, "yellow: {name: " + "yellow " * 30 + ","), encoding="utf-8")
    where = f"pack/goods.yaml:{line}: goods.yellow.name: too long for the print sheets (round "
    assert_clear_error(run("check", "pack"), where)
    made = run("game", "--pack", "pack", "--seed", "x" * 20, "--no-images", "-o", "g")
    assert_clear_error(made, where)
    assert "texts.yaml" not in made.output and not (tmp_path / "g").exists()


def test_an_expansion_text_too_long_for_its_sheet_is_blamed_in_its_own_file(
    run: Any, tmp_path: Path
) -> None:
    """Keep on Trucking's own titles.yaml, over the base pack's files."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "keep-on-trucking", pack)
    titles = pack / "titles.yaml"
    old = 'Contraptionist count 3."'
    text = titles.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if old in row)
    long = "Contraptionist count 3. " + "More words here. " * 600 + '"'
    titles.write_text(text.replace(old, long), encoding="utf-8")
    where = f"pack/titles.yaml:{line}: titles.contraptionist.example: too long for the print "
    assert_clear_error(run("check", "pack"), where)


def test_check_refuses_a_card_race_rules_card_too_long_for_its_page(
    run: Any, tmp_path: Path
) -> None:
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "card-race", pack)
    texts = pack / "texts.yaml"
    old = '    - "Cards|60 cards:'
    assert old in texts.read_text(encoding="utf-8")
    long = '    - "Cards|' + "many words " * 800 + "60 cards:"
    texts.write_text(texts.read_text(encoding="utf-8").replace(old, long, 1), encoding="utf-8")
    line = next(
        n for n, row in enumerate(texts.read_text("utf-8").splitlines(), 1) if "|many" in row
    )
    where = (
        f"pack/texts.yaml:{line}: rules_sections.en[0]: too long for the print sheets (the "
        "rules card does not fit one a4 page)"
    )
    assert_clear_error(run("check", "pack"), where)
    # `card-race new` lays the sheets out too: it said the page alone, with no file.
    assert run("new", "card-race", "g.yaml", "--seed", "s" * 20).exit_code == 0
    game = tmp_path / "g.yaml"
    game.write_text(game.read_text("utf-8").replace("pack: card-race", "pack: pack"), "utf-8")
    assert_clear_error(run("card-race", "new", "g.yaml", "-o", "out"), where)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("old", "long", "where"),
    [
        (
            "name: Easier for the humans,",
            "name: Easier for the humans with every optional rule for them,",
            "difficulties[1].name: too long for the print sheets (the line of the "
            "difficulties is wider than the page)",
        ),
        (
            "- {name: Auto Jump}",
            "- {name: Auto Jump to the next system}",
            "jump_track[5].name: too long for the print sheets (a name on the jump row is "
            "wider than its box)",
        ),
        (
            "placed_where: below Galactica}",
            "placed_where: below Galactica and beside the Basestar on the board}",
            "reserves[0].placed_where: too long for the print sheets (a reserve's setup note "
            "is wider than the page)",
        ),
    ],
    ids=["difficulty", "jump-space", "placed-where"],
)
def test_check_refuses_a_battlestar_name_too_long_for_its_sheet(
    run: Any, tmp_path: Path, old: str, long: str, where: str
) -> None:
    """The moderator kit's fleet tracker prints the pack's names on one line each, unwrapped:
    a name the pack allows (60 characters) ran off the paper, and `check` said OK. `check`
    and `sheets` name the file, its line and the field; nothing is written."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "battlestar", pack)
    fleet = pack / "fleet.yaml"
    text = fleet.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if old in row)
    fleet.write_text(text.replace(old, long, 1), encoding="utf-8")
    assert_clear_error(run("check", "pack"), f"pack/fleet.yaml:{line}: {where}: shorten it")
    made = run("sheets", "--pack", "pack", "-o", "out")
    assert_clear_error(made, f"pack/fleet.yaml:{line}: {where}")
    assert not (tmp_path / "out").exists()


def test_check_refuses_battlestar_names_too_long_for_the_player_aid(
    run: Any, tmp_path: Path
) -> None:
    """The player aid names the characters in the line of succession: names of the length
    the pack allows fill it past its page. `check` names the one to shorten."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "battlestar", pack)
    characters = pack / "characters.yaml"
    rows = characters.read_text(encoding="utf-8").splitlines()
    for n, row in enumerate(rows):
        if row.strip().startswith("name: "):
            rows[n] = row.replace("name: ", "name: Commander of the long name ", 1)[:66]
    characters.write_text("\n".join(rows) + "\n", encoding="utf-8")
    checked = run("check", "pack")
    assert_clear_error(checked, "pack/characters.yaml:", "].name: too long for the print sheets")
    assert "(the player aid does not fit its page): shorten it" in checked.output


@pytest.mark.parametrize(
    ("file", "old", "long", "where"),
    [
        (
            "rules.yaml",
            '  - "Check Routes: cross out every module your crew cannot reach."',
            '  - "Check Routes: cross out every module your crew cannot reach.'
            + " Check it twice." * 120
            + '"',
            "safety_check[0]: too long for the print sheets (the player sheet does not fit "
            "one A4 page)",
        ),
        (
            "rules.yaml",
            '  - "Adjacent, next to, beside: sharing a side (never only a corner)."',
            '  - "Adjacent, next to, beside: sharing a side (never only a corner).'
            + " Two squares that touch at a corner alone are never adjacent." * 6
            + '"',
            "definitions[0]: too long for the print sheets (the player sheet with mirror, "
            "overwrite, drawn-corridors does not fit one US Letter page)",
        ),
        (
            "modules.yaml",
            "    name: Corridor",
            "    name: Corridor between the buildings of the base",
            "modules[0].name: too long for the print sheets (a module's name is wider than "
            "the player sheet's key column)",
        ),
    ],
    ids=["safety-check", "with-every-variation", "module-name"],
)
def test_check_refuses_a_moon_drop_text_too_long_for_its_sheet(
    run: Any, tmp_path: Path, file: str, old: str, long: str, where: str
) -> None:
    """The player sheet's words ran off its page silently (the boxes and the scale bar
    below the paper, a module's name past its edge) and `check` said OK. `check` and `game`
    name the text where it is; nothing is written. A sheet that fits without variations
    but not with every one (their words take room) is refused too: a game may choose them."""
    from generator.pack.load import CONTENT_DIR

    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "moon-drop", pack)
    path = pack / file
    text = path.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if old in row)
    path.write_text(text.replace(old, long, 1), encoding="utf-8")
    assert_clear_error(run("check", "pack"), f"pack/{file}:{line}: {where}: shorten it")
    made = run("game", "--pack", "pack", "--seed", "x" * 20, "--no-images", "-o", "g")
    if "with mirror" not in where:  # a game without variations: its sheet fits
        assert_clear_error(made, f"pack/{file}:{line}: {where}")
        assert not (tmp_path / "g").exists()


def test_warnings_about_huge_input_are_capped(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from generator.common import warnings_count

    def many() -> None:
        warnings_count.start_counting()
        for number in range(100_000):
            warnings_count.warn(f"odd line {number}: " + "x" * 10_000)

    import click

    result = CliRunner().invoke(click.command()(many), [])
    lines = result.output.splitlines()
    assert len(lines) == 21 and lines[-1] == "warning: … further warnings not shown"
    assert all(len(line) <= 500 for line in lines)
    assert len(warnings_count.given()) == 100_000  # all counted (--strict still fails)


@pytest.mark.e2e
def test_a_huge_argument_is_not_echoed_back_whole(tmp_path: Path) -> None:
    """click's own errors quoted a 10^5-digit turn number in full."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    args = [sheetgen(), "turn", "9" * 100_000]
    done = subprocess.run(args, capture_output=True, text=True, cwd=root)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Invalid value for 'NUMBER'" in done.stderr and len(done.stderr) < 3000


def test_lone_surrogates_are_refused_where_they_are_read(run: Any, tmp_path: Path) -> None:
    """A "\\ud800" in plan.json, or bytes that are not UTF-8 in --seed, ended in an internal
    error when the text was printed or hashed."""
    import json

    seeded = run("plan", "--seed", "abcdefghijklmnopq\udcff")
    assert_clear_error(seeded, "the seed contains a lone surrogate")
    assert run("game", "--no-images", "--seed", SEED, "-o", "g").exit_code == 0
    plan = json.loads((tmp_path / "g" / "plan.json").read_text())
    plan["game_id"] = "\ud800"
    (tmp_path / "g" / "plan.json").write_text(json.dumps(plan))
    assert_clear_error(run("today", "day", "1", "-o", "g"), "g/plan.json: not a sheetgen plan")


def test_a_name_no_file_system_takes_is_a_clear_error_everywhere(run: Any) -> None:
    """A 300-character name where a command takes a path ended in internal errors."""
    long_name = "s" * 300
    for args in (
        ("today", "-o", long_name),
        ("digest", "-o", long_name),
        ("correct", "-o", long_name),
        ("plan", "--game", long_name),
        ("score", "galaxy-trucker", long_name, "--seed", "42", "--round", "1"),
        ("card-race", "new", long_name),
    ):
        result = run(*args)
        assert_clear_error(result, "s" * 59 + "…: File name too long")
        assert len(result.output) < 500


def test_a_pack_file_bigger_than_the_loader_takes_is_not_read_whole(tmp_path: Path) -> None:
    """today's outline named the folder's pack copy by reading every file whole, however big."""
    from generator.host import outline
    from generator.pack import document

    (tmp_path / "pack.yaml").write_text("name: x\n")
    assert outline.files_digest(tmp_path) is not None
    with (tmp_path / "huge.yaml").open("wb") as out:
        out.truncate(document.MAX_FILE_BYTES + 1)
    assert outline.files_digest(tmp_path) is None
