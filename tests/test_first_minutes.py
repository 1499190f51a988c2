"""A newcomer's first minutes, from the help and the example game file to the first game of
every pack: no dead end, no text that points at a checkout an installed user has not got, no
claim a command does not prove."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.pack.load import available_packs

PACKS = ("battlestar", "card-race", "galaxy-trucker", "keep-on-trucking", "moon-drop")
SEED = "first-minutes-seed-0123456789abcdef"
# The command that makes the game from its game file, and the folder it writes.
STARTS = {
    "galaxy-trucker": ("game", "--game"),
    "keep-on-trucking": ("game", "--game"),
    "moon-drop": ("game", "--game"),
    "card-race": ("card-race", "new"),
    "battlestar": ("bsg", "setup"),
}

Run = Callable[..., Result]


def test_the_shipped_packs_are_the_five() -> None:
    assert tuple(available_packs()) == PACKS


@pytest.mark.parametrize("pack", PACKS)
def test_new_writes_an_example_game_file_that_makes_the_game(
    run: Run, tmp_path: Path, pack: str
) -> None:
    written = run("new", pack, "my-game.yaml", "--seed", SEED, "--start", "2026-12-07")
    assert written.exit_code == 0, written.output
    text = (tmp_path / "my-game.yaml").read_text()
    assert text.startswith("# ") and f"pack: {pack}\n" in text and f"seed: {SEED}\n" in text
    command = " ".join(STARTS[pack]).replace(" --game", "")
    assert f"sheetgen {command}" in text  # the file says how to start the game from it
    assert f"sheetgen {command}" in written.stdout
    no_images = ["--no-images"] * (pack != "battlestar")
    made = run(*STARTS[pack], "my-game.yaml", "-o", "g", *no_images)
    assert made.exit_code == 0, made.output
    assert (tmp_path / "g" / "posting-guide.md").is_file()
    if pack in ("galaxy-trucker", "keep-on-trucking", "moon-drop"):
        assert json.loads((tmp_path / "g" / "plan.json").read_text())["start"] == "2026-12-07"
    # `sheetgen game --game FILE` makes every pack's game from it (a table game's through
    # its own command), the same files in another folder.
    again = run("game", "--game", "my-game.yaml", "-o", "g2", *no_images)
    assert again.exit_code == 0, again.output
    assert (tmp_path / "g2" / "posting-guide.md").is_file()
    if pack != "battlestar":
        assert (tmp_path / "g2" / "plan.json").read_bytes() == (
            tmp_path / "g" / "plan.json"
        ).read_bytes()


def test_new_chooses_a_secret_seed_and_never_writes_over_a_file(run: Run, tmp_path: Path) -> None:
    first = run("new", "moon-drop")
    assert first.exit_code == 0, first.output
    path = tmp_path / "moon-drop-game.yaml"
    before = path.read_text()
    seed = next(ln for ln in before.splitlines() if ln.startswith("seed: ")).split()[1]
    assert len(seed) >= 32
    again = run("new", "moon-drop")
    assert again.exit_code == 2 and "already exists" in again.output
    assert "Traceback" not in again.output and path.read_text() == before
    unknown = run("new", "chess", "x.yaml")
    assert unknown.exit_code == 2 and "expected one of: battlestar, card-race" in unknown.output
    assert not (tmp_path / "x.yaml").exists()


def test_help_names_the_packs_the_default_and_no_checkout(run: Run) -> None:
    top = run("--help").output
    assert "Game packs: battlestar, card-race, galaxy-trucker, keep-on-trucking, moon-drop" in top
    assert "(default: galaxy-trucker)" in top and "sheetgen new PACK" in top
    assert "card_race" not in top and "The card-race pack's own commands" in top
    for command in ("game", "check", "balance", "verify", "sheets", "new"):
        text = run(command, "--help").output
        assert "content/" not in text and "seeds/" not in text, command
    game = " ".join(run("game", "--help").output.split())
    assert "moon-drop, or a pack folder path [default: galaxy-trucker]" in game


def test_battlestar_without_its_game_file_is_refused_with_the_way_in(
    run: Run, tmp_path: Path
) -> None:
    result = run("game", "--pack", "battlestar", "-o", "bsg", "--seed", SEED)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "sheetgen new battlestar FILE" in result.stderr
    assert "sheetgen bsg setup FILE" in result.stderr
    assert not (tmp_path / "bsg").exists()  # no folder with the seed in it


def test_card_race_without_a_game_file_says_loudly_how_to_name_players(
    run: Run, tmp_path: Path
) -> None:
    result = run("game", "--pack", "card-race", "-o", "cr", "--seed", SEED, "--no-images")
    assert result.exit_code == 0, result.output
    assert (
        "warning: no game file: the hands are dealt to the pack's sample players" in result.stderr
    )
    assert "(Ada, Ben, Cleo, Dev)" in result.stderr
    assert "sheetgen new card-race FILE" in result.stderr
    assert result.stderr.rstrip().splitlines()[-1].startswith("Note: The hands are dealt")
    strict = run("--strict", "game", "--pack", "card-race", "-o", "cr2", "--seed", SEED)
    assert strict.exit_code == 1 and not (tmp_path / "cr2").exists()


def test_console_of_an_undated_game_names_a_way_that_works(run: Run) -> None:
    assert run("game", "--pack", "moon-drop", "--no-images", "-o", "md").exit_code == 0
    result = run("console", "-o", "md")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "has no dates" in result.stderr and "--start YYYY-MM-DD" in result.stderr
    assert "ask for a day" not in result.stderr  # the console takes no day


def test_a_chosen_seed_is_said_only_once_the_input_is_checked(run: Run) -> None:
    refused = run("game", "--pack", "moon-drop", "--option", "colour=red", "-o", "md")
    assert refused.exit_code == 2 and "Seed chosen" not in refused.output
    made = run("game", "--pack", "moon-drop", "--no-images", "-o", "md")
    assert made.exit_code == 0 and "Seed chosen: " in made.stderr


def test_strict_fails_before_writing_anything(run: Run, tmp_path: Path) -> None:
    result = run("--strict", "game", "--seed", "42", "--no-images", "-o", "weak")
    assert result.exit_code == 1
    assert "warning: the seed '42' is short" in result.stderr
    assert "1 warning in strict mode: nothing written" in result.stderr
    assert not (tmp_path / "weak").exists()
    assert run("game", "--seed", "42", "--no-images", "-o", "weak").exit_code == 0


def test_verify_names_the_variations_a_player_left_out(run: Run, tmp_path: Path) -> None:
    made = run(
        "game", "--pack", "moon-drop", "--seed", SEED, "--no-images", "-o", "md",
        "--option", "variations=mirror,overwrite",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    commitment = json.loads((tmp_path / "md" / "plan.json").read_text())["commitment"]
    left_out = run("verify", "--pack", "moon-drop", "--seed", SEED, "--commitment", commitment)
    assert left_out.exit_code == 1
    assert "add --option variations=mirror,overwrite" in left_out.stderr
    assert "seed is wrong" not in left_out.stderr and "content changed" not in left_out.stderr
    wrong = run("verify", "--pack", "moon-drop", "--seed", "x" + SEED, "--commitment", commitment)
    assert wrong.exit_code == 1 and "with or without the game's options" in wrong.stderr


@pytest.mark.parametrize("platform", ["facebook.txt", "discord.md", "bgg.txt", "html"])
def test_the_reveal_post_claims_what_verify_proves(run: Run, tmp_path: Path, platform: str) -> None:
    assert (
        run("game", "--pack", "moon-drop", "--seed", SEED, "--no-images", "-o", "g").exit_code == 0
    )
    assert run("reveal", "-o", "g", "--before-end").exit_code == 0
    text = (tmp_path / "g" / f"game-end-reveal.{platform}").read_text()
    post = " ".join(html.unescape(text).split())
    assert "midway" not in post and "nothing was changed" not in post
    assert "checks that this seed and the game's content are the ones committed to" in post
    # What the rounds' check covers, and what it does not: the other posts' words.
    assert "every round's record (its tiles, cards and dice) again from the seed" in post
    assert "What it does not check: the words of the other posts." in post
    assert "--print-round N" in post and "--thread FILE" in post


def test_the_readme_claims_no_more_than_verify_proves() -> None:
    readme = " ".join((Path(__file__).parent.parent / "README.md").read_text().split())
    assert "nothing changed midway" not in readme
    assert "verify proves the seed and content are those committed to" in readme
    assert "It does not read the other posts" in readme


def test_counts_are_said_in_the_right_number(run: Run, tmp_path: Path) -> None:
    from generator.common.plural import counted

    assert counted(1, "row") == "1 row" and counted(0, "row") == "0 rows"
    assert counted(2, "entry", "entries") == "2 entries"
    grid = tmp_path / "grid.txt"
    grid.write_text("A.........\n")
    scored = run("score", "moon-drop", str(grid), "--seed", SEED)
    assert scored.exit_code == 2 and "the grid ends after 1 row " in scored.output
    made = run("game", "--pack", "moon-drop", "--no-images", "-o", "md", "--start", "2026-12-07")
    assert made.exit_code == 0
    console = run("console", "-o", "md", "--at", "2026-12-07 12:00")
    assert console.exit_code == 0 and " 1 slots" not in console.stderr
