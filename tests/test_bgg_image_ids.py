"""BGG without typed ImageIDs: the host gives each uploaded picture's number once
(`sheetgen bgg-image PICTURE ID`, kept in bgg-images.txt) and every BGG text of a post with
that picture carries `[ImageID=n]`; a picture without a number keeps the placeholder."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from generator.cli import main
from generator.folder import write as write_module
from generator.games import RenderOptions, ScheduledGame, Scope
from generator.kit.session import open_game
from generator.render.bgg_image_ids import bgg_pictures, with_image_ids
from generator.render.text import Post, PostImage

SEED = "bgg-image-ids-0001"
PLACEHOLDER = "[ImageID=…]"


@pytest.fixture(scope="module")
def made_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bgg-game") / "g"
    args = ["game", "--seed", SEED, "--start", "2026-12-01", "-o", str(root)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture
def game(made_game: Path, tmp_path: Path) -> Path:
    root = tmp_path / "g"
    shutil.copytree(made_game, root)
    return root


@pytest.fixture
def sheetgen(game: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-01T17:05+00:00")

    def command(*args: str, code: int = 0) -> Result:
        result = CliRunner().invoke(main, [*args, "-o", str(game)])
        assert result.exit_code == code, result.output
        assert "Traceback" not in result.output
        return result

    return command


def test_a_number_given_once_is_in_every_text_of_its_post(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    before = (game / "round-1/turn-02-build.bgg.txt").read_text()
    assert before.count(PLACEHOLDER) == 1
    said = sheetgen("bgg-image", "round-1/turn-01-build-tiles.png", "8123456").output
    assert "round-1/turn-01-build-tiles.png: ImageID 8123456" in said
    sheetgen("bgg-image", "turn-02-build-tiles.png", "https://boardgamegeek.com/image/8123457/x")
    one = (game / "round-1/turn-01-build.bgg.txt").read_text()
    assert "[ImageID=8123456]" in one and PLACEHOLDER not in one
    two = (game / "round-1/turn-02-build.bgg.txt").read_text()
    assert two == before.replace(PLACEHOLDER, "[ImageID=8123457]")
    assert PLACEHOLDER in (game / "round-1/turn-03-build.bgg.txt").read_text()
    assert (game / "bgg-images.txt").read_text().splitlines()[-2:] == [
        "round-1/turn-01-build-tiles.png 8123456",
        "round-1/turn-02-build-tiles.png 8123457",
    ]
    today = sheetgen("today", "--platform", "bgg").output
    assert "In your BGG gallery: round-1/turn-02-build-tiles.png (ImageID 8123457)" in today
    assert "[ImageID=8123457]" in today and PLACEHOLDER not in today
    assert "Upload to your BGG gallery" not in today
    assert "bgg-image PICTURE ID" not in today  # every picture of the slot has its number


def test_a_picture_without_a_number_keeps_the_placeholder_and_says_how(
    sheetgen: Callable[..., Result],
) -> None:
    today = sheetgen("today", "--platform", "bgg").output
    assert PLACEHOLDER in today
    assert "Upload to your BGG gallery: round-1/turn-02-build-tiles.png" in today
    assert "`sheetgen bgg-image PICTURE ID -o" in today


def test_a_post_without_a_picture_carries_no_hint(
    sheetgen: Callable[..., Result], game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_NOW", "2026-11-30T08:05+00:00")
    today = sheetgen("today", "--platform", "bgg").output
    assert "ImageID" not in today and "bgg-image" not in today
    assert PLACEHOLDER not in (game / "schedule.bgg.txt").read_text()


def test_a_number_given_again_replaces_the_one_the_texts_had(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """A host who typed a wrong number gives the right one: the BGG text and `today` carry
    the new number, not the one the text had."""
    sheetgen("bgg-image", "turn-02-build-tiles.png", "8123456")
    said = sheetgen("bgg-image", "turn-02-build-tiles.png", "8123499").output
    assert "ImageID 8123499 (was 8123456)" in said
    assert "round-1/turn-02-build.bgg.txt: [ImageID=…] filled in" in said
    text = (game / "round-1/turn-02-build.bgg.txt").read_text()
    assert "[ImageID=8123499]" in text and "8123456" not in text
    today = sheetgen("today", "--platform", "bgg").output
    assert "[ImageID=8123499]" in today and "8123456" not in today


def test_each_tag_of_a_post_is_its_own_pictures() -> None:
    """The k-th ImageID tag is the k-th picture BGG shows (a hidden one is not shown), filled
    in or not; a tag typed in a name (a zero-width space after its `[`) is no tag."""
    post = Post(
        key="round-1/turn-09-flight",
        title="Turn 9",
        turn=9,
        position=0,
        facebook="",
        discord="",
        images=[
            PostImage("round-1/a.png", "A"),
            PostImage("round-1/SPOILER_dice.png", "dice", hidden=True),
            PostImage("round-1/b.png", "B"),
            PostImage("round-1/c.png", "C"),
        ],
    )
    typed = "[\u200bImageID=5] (a name)"
    text = f"{typed}\n\n[ImageID=11]\n[ImageID=…]\n[ImageID=…]\n"
    ids = {"round-1/a.png": 11, "round-1/b.png": 22, "round-1/SPOILER_dice.png": 99}
    filled = with_image_ids(text, post, ids)
    assert filled == f"{typed}\n\n[ImageID=11]\n[ImageID=22]\n[ImageID=…]\n"
    assert with_image_ids(filled, post, {**ids, "round-1/a.png": 12}) == filled.replace(
        "=11]", "=12]"
    )


@pytest.mark.parametrize(
    ("picture", "number", "said"),
    [
        ("round-1/SPOILER_stack-1-cards.png", "5", "a hidden picture, never posted on BGG"),
        ("nope.png", "5", "nope.png: not a picture of this game's BGG posts"),
        ("turn-03-build-tiles.png", "abc", "expected the picture's ImageID"),
    ],
)
def test_a_wrong_picture_or_number_is_refused_and_nothing_written(
    sheetgen: Callable[..., Result], game: Path, picture: str, number: str, said: str
) -> None:
    result = sheetgen("bgg-image", picture, number, code=2)
    assert said in result.output
    assert not (game / "bgg-images.txt").exists()


def test_the_numbers_come_back_after_the_folder_is_written_again(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """`game` (after a change of rhythm, as the README says), `round` and `turn` write the
    BGG texts again with the numbers the host gave, where the texts lost them until
    `bgg-image` was run again."""
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    text = game / "round-1/turn-01-build.bgg.txt"
    for command in (
        ["game", "--seed", SEED, "--start", "2026-12-01"],
        ["round", "1"],
        ["turn", "1"],
    ):
        again = CliRunner().invoke(main, [*command, "-o", str(game)])
        assert again.exit_code == 0, again.output
        assert "ImageIDs from bgg-images.txt filled in again: 1 BGG text" in again.stderr
        assert "[ImageID=8123456]" in text.read_text() and PLACEHOLDER not in text.read_text()
    listed = sheetgen("bgg-image").output
    assert "filled in" not in listed and "1 picture with an ImageID;" in listed


def test_a_line_the_host_broke_is_said_at_its_line(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    (game / "bgg-images.txt").write_text("# mine\nround-1/turn-01-build-tiles.png x12\n")
    result = sheetgen("today", "--platform", "bgg", code=2)
    assert "bgg-images.txt:2: expected a picture's file and its ImageID" in result.output


@pytest.mark.parametrize(
    "command",
    [["game", "--seed", SEED, "--start", "2026-12-01"], ["round", "1"], ["turn", "1"]],
    ids=["game", "round", "turn"],
)
def test_a_folder_written_again_is_written_once_with_the_numbers_in(
    sheetgen: Callable[..., Result],
    game: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    """The BGG texts get the numbers the host gave in the folder's one all-or-nothing write:
    a run killed right after it leaves no placeholder where a number was given. (The folder
    was once written with placeholders, then its BGG texts again: a kill between the two
    writes left placeholders.)"""
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    real = write_module._write
    given: list[dict[str, bytes]] = []

    def killed_after_one_write(*args: Any) -> None:
        if given:
            raise KeyboardInterrupt  # the run is killed before any second write
        given.append({f.path: f.data for f in args[2]})
        real(*args)

    monkeypatch.setattr(write_module, "_write", killed_after_one_write)
    sheetgen(*command)
    assert len(given) == 1
    assert b"[ImageID=8123456]" in given[0]["round-1/turn-01-build.bgg.txt"]
    text = (game / "round-1/turn-01-build.bgg.txt").read_text()
    assert "[ImageID=8123456]" in text and PLACEHOLDER not in text
    # A picture without a number keeps its placeholder in that same write (`turn 1` writes
    # turn 1 alone).
    other = given[0].get("round-1/turn-02-build.bgg.txt")
    assert (other is None) == (command[0] == "turn")
    assert other is None or PLACEHOLDER.encode() in other


def test_a_broken_line_stops_a_rewrite_before_anything_is_written(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """The numbers are read before the folder is written: a line the host broke is said at
    its line (exit 2) and the folder stays as it was, numbers and all."""
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    text = game / "round-1/turn-01-build.bgg.txt"
    before = {p: p.read_bytes() for p in (text, game / "manifest.json", game / "plan.json")}
    broken = "round-1/turn-01-build-tiles.png 8123456\nround-1/turn-02-build-tiles.png\n"
    (game / "bgg-images.txt").write_text(broken)
    for command in (["turn", "1"], ["round", "1"], ["game", "--seed", SEED]):
        result = sheetgen(*command, code=2)
        assert "bgg-images.txt:2: expected a picture's file and its ImageID" in result.output
        assert "round-1/turn-02-build-tiles.png" in result.output
        assert {p: p.read_bytes() for p in before} == before


def test_a_folder_in_place_of_the_numbers_is_passed_by(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """Only a file holds the numbers: anything else by that name is no numbers, as before."""
    (game / "bgg-images.txt").mkdir()
    said = sheetgen("turn", "1")
    assert "ImageIDs from" not in said.output
    assert PLACEHOLDER in (game / "round-1/turn-01-build.bgg.txt").read_text()


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop"])
def test_every_scheduled_game_writes_its_bgg_texts_with_the_numbers_given(pack: str) -> None:
    """A game's files for a scope carry the ImageIDs the command read (RenderOptions): each
    scheduled game hands them on to the one assembly of its posts (kit/assemble.py)."""
    played = open_game(pack, SEED, None)
    rules = played.rules
    assert isinstance(rules, ScheduledGame)
    posts = rules.posts(played.content, played.plan, Scope("game"), ("a4",))
    post = next(p for p in posts if p.bgg is not None and bgg_pictures(p))
    ids = {picture: 700 + n for n, picture in enumerate(bgg_pictures(post), 1)}
    options = RenderOptions(papers=("a4",), image_ids=ids)
    files = rules.outputs(played.content, played.plan, Scope("turn", post.turn), options)
    text = next(f.data.decode() for f in files if f.path == f"{post.key}.bgg.txt")
    assert PLACEHOLDER not in text
    assert text.count("[ImageID=7") == len(ids) == len(set(ids.values()))
    plain = rules.outputs(played.content, played.plan, Scope("turn", post.turn), RenderOptions())
    assert [f.path for f in plain] == [f.path for f in files]
    unfilled = next(f.data.decode() for f in plain if f.path == f"{post.key}.bgg.txt")
    assert unfilled.count(PLACEHOLDER) == len(ids)


OTHER_SEED = "bgg-image-ids-0002"
CONSOLE = "console-HOST-ONLY-unposted-posts.html"


def _without_game_line(game: Path) -> str:
    """bgg-images.txt as sheetgen wrote it before the numbers named their game."""
    lines = (game / "bgg-images.txt").read_text().splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("game "))


@pytest.mark.parametrize(
    ("another", "whose"),
    [
        (["--seed", OTHER_SEED, "--start", "2026-12-01"], "of game "),
        (["--seed", SEED, "--start", "2026-11-24"], "as written before (another start date"),
    ],
    ids=["another-seed", "another-start"],
)
@pytest.mark.parametrize("old_file", [False, True], ids=["named", "old-file"])
def test_another_game_forced_into_the_folder_gets_none_of_the_old_numbers(
    sheetgen: Callable[..., Result],
    game: Path,
    another: list[str],
    whose: str,
    old_file: bool,
) -> None:
    """The numbers are the pictures of the game they were given for: another game forced
    into the folder (another seed draws other tiles; another start date prints other dates
    on its pictures) keeps its placeholders in its BGG texts, `today` and the console, and
    the host is told once why. A file from before the numbers named their game is the
    folder's game's: the game that replaces it gets none of them either."""
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    sheetgen("bgg-image", "turn-02-build-tiles.png", "8123457")
    if old_file:
        (game / "bgg-images.txt").write_text(_without_game_line(game))
    forced = sheetgen("game", *another, "--force")
    assert forced.output.count("bgg-images.txt holds the ImageIDs") == 1
    assert whose in forced.output and "left out" in forced.output
    assert "filled in again" not in forced.output
    for turn in ("01", "02"):
        text = (game / f"round-1/turn-{turn}-build.bgg.txt").read_text()
        assert PLACEHOLDER in text and "[ImageID=81" not in text
    # The host's file stays, named for the game its numbers are for.
    kept = (game / "bgg-images.txt").read_text()
    assert "round-1/turn-02-build-tiles.png 8123457" in kept and kept.count("\ngame ") == 1
    monkey_now = "2026-12-01T17:05+00:00" if another[-1] == "2026-12-01" else None
    at = [] if monkey_now else ["day", "1", "afternoon"]
    today = sheetgen("today", *at, "--platform", "bgg").output
    assert "8123457" not in today and "In your BGG gallery" not in today
    assert today.count("bgg-images.txt holds the ImageIDs") == 1
    assert "Upload to your BGG gallery: round-1/turn-02-build-tiles.png" in today
    sheetgen("console", "--at", "2026-12-01 17:05" if monkey_now else "2026-11-24 17:05")
    page = (game / CONSOLE).read_text()
    assert "8123456" not in page and "8123457" not in page
    assert page.count("bgg-images.txt holds the ImageIDs") == 1


def test_the_new_games_first_number_starts_a_new_list(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """`bgg-image` for the game the folder holds now never keeps another game's numbers
    beside its own, and says so in one line."""
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    sheetgen("bgg-image", "turn-02-build-tiles.png", "8123457")
    sheetgen("game", "--seed", OTHER_SEED, "--start", "2026-12-01", "--force")
    listed = sheetgen("bgg-image").output
    assert "left out" in listed and "0 pictures with an ImageID;" in listed
    said = sheetgen("bgg-image", "turn-01-build-tiles.png", "9000001").output
    assert said.count("a new list starts") == 1
    recorded = (game / "bgg-images.txt").read_text()
    assert "9000001" in recorded and "8123456" not in recorded and "8123457" not in recorded
    assert "[ImageID=9000001]" in (game / "round-1/turn-01-build.bgg.txt").read_text()
    assert PLACEHOLDER in (game / "round-1/turn-02-build.bgg.txt").read_text()
    again = sheetgen("bgg-image", "turn-02-build-tiles.png", "9000002").output
    assert "new list" not in again


def test_a_file_without_its_game_line_is_the_folders_game(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """A bgg-images.txt written before the numbers named their game still fills in the
    game the folder holds, in its rewrites, `today` and `bgg-image`."""
    sheetgen("bgg-image", "turn-02-build-tiles.png", "8123457")
    (game / "bgg-images.txt").write_text(_without_game_line(game))
    sheetgen("turn", "2")
    assert "[ImageID=8123457]" in (game / "round-1/turn-02-build.bgg.txt").read_text()
    today = sheetgen("today", "--platform", "bgg").output
    assert "In your BGG gallery: round-1/turn-02-build-tiles.png (ImageID 8123457)" in today
    assert "holds the ImageIDs" not in today
    said = sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456").output
    assert "new list" not in said
    recorded = (game / "bgg-images.txt").read_text()
    assert "8123456" in recorded and "8123457" in recorded and "\ngame " in recorded


@pytest.mark.parametrize(
    "line",
    ["game", "game 8C1F-22AB", "game 8C1F-22AB check nothex!", "game A check 3e5a0b71 more"],
)
def test_a_broken_game_line_is_said_at_its_line_and_nothing_written(
    sheetgen: Callable[..., Result], game: Path, line: str
) -> None:
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    recorded = (game / "bgg-images.txt").read_text().replace("\ngame ", "\n#game ")
    (game / "bgg-images.txt").write_text(f"{line}\n{recorded}")
    text = game / "round-1/turn-01-build.bgg.txt"
    before = {p: p.read_bytes() for p in (text, game / "manifest.json", game / "plan.json")}
    for command in (["turn", "1"], ["today", "--platform", "bgg"], ["bgg-image"]):
        result = sheetgen(*command, code=2)
        assert "bgg-images.txt:1: expected the game the numbers are for" in result.output
        assert {p: p.read_bytes() for p in before} == before


def test_two_game_lines_are_refused(sheetgen: Callable[..., Result], game: Path) -> None:
    sheetgen("bgg-image", "turn-01-build-tiles.png", "8123456")
    recorded = (game / "bgg-images.txt").read_text()
    mark = next(line for line in recorded.splitlines() if line.startswith("game "))
    (game / "bgg-images.txt").write_text(f"{recorded}{mark}\n")
    result = sheetgen("turn", "1", code=2)
    assert "a second game line (the first is line 5)" in result.output


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop"])
def test_a_game_is_known_again_by_its_mark_and_another_is_not(pack: str) -> None:
    """The game line of the plan written to plan.json is the one a rewrite of the same game
    makes again; another start date, or other options under the same game id (Keep on
    Trucking's ships), is another game's."""
    from generator.folder.game_mark import DRAWN_FROM, game_mark
    from generator.folder.write import IDENTITY_KEYS
    from generator.plan.model import to_data

    assert set(IDENTITY_KEYS) <= set(DRAWN_FROM)  # what makes another game, and more
    day = dt.date(2026, 12, 1)
    plan = to_data(open_game(pack, SEED, day).plan)
    assert game_mark(json.loads(json.dumps(plan))) == game_mark(plan)
    assert game_mark(to_data(open_game(pack, SEED, day).plan)) == game_mark(plan)
    later = game_mark(to_data(open_game(pack, SEED, day + dt.timedelta(7)).plan))
    assert later.game_id == game_mark(plan).game_id and later != game_mark(plan)
    if pack == "keep-on-trucking":
        ships = to_data(open_game(pack, SEED, day, options={"ships": "A"}).plan)
        assert ships["game_id"] == plan["game_id"] and game_mark(ships) != game_mark(plan)


def test_numbers_found_where_no_game_could_be_read_are_no_games(
    sheetgen: Callable[..., Result], game: Path
) -> None:
    """A folder whose plan.json was damaged, written over with --force: whose numbers its
    bgg-images.txt holds is not known, so the new game gets none, in its texts and in
    `today` alike."""
    sheetgen("bgg-image", "turn-02-build-tiles.png", "8123457")
    (game / "bgg-images.txt").write_text(_without_game_line(game))
    (game / "plan.json").write_text("{}")
    forced = sheetgen("game", "--seed", SEED, "--start", "2026-12-01", "--force")
    assert "holds the ImageIDs of no game this folder names" in forced.output
    assert PLACEHOLDER in (game / "round-1/turn-02-build.bgg.txt").read_text()
    assert "game unknown check 00000000" in (game / "bgg-images.txt").read_text()
    today = sheetgen("today", "--platform", "bgg").output
    assert "8123457" not in today and today.count("of no game this folder names") == 1


@pytest.mark.e2e
def test_two_numbers_given_at_once_are_both_kept(game: Path, tmp_path: Path) -> None:
    """`bgg-image` reads, changes and writes bgg-images.txt under the folder's lock: a run
    that waits for another one's write keeps that run's number beside its own."""
    import os
    import subprocess
    import time

    import program

    from generator.common.folder_lock import folder_locked

    first = ("round-1/turn-01-build-tiles.png", "8123456")
    assert CliRunner().invoke(main, ["bgg-image", *first, "-o", str(game)]).exit_code == 0
    held = game / "bgg-images.txt"
    other_run = held.read_text()  # what a run that held the lock meanwhile wrote:
    other_run += "round-1/turn-03-build-tiles.png 8123458\n"
    said = tmp_path / "said.txt"
    env = {**os.environ, "SHEETGEN_NOW": "2026-12-01T17:05+00:00"}
    with folder_locked(Path(os.path.realpath(game)).parent), said.open("w") as out:
        command = ["bgg-image", "turn-02-build-tiles.png", "8123457", "-o", str(game)]
        waiting = subprocess.Popen(
            [program.sheetgen(), *command], stdout=out, stderr=subprocess.STDOUT, env=env
        )
        # Until it waits for the lock (said before it waits) or ends without waiting.
        while "Waiting for another sheetgen run" not in said.read_text():
            assert waiting.poll() is None, said.read_text()
            time.sleep(0.05)
        held.write_text(other_run)
    assert waiting.wait(timeout=120) == 0, said.read_text()
    lines = held.read_text().splitlines()
    assert lines[-3:] == [
        "round-1/turn-01-build-tiles.png 8123456",
        "round-1/turn-02-build-tiles.png 8123457",
        "round-1/turn-03-build-tiles.png 8123458",
    ]
