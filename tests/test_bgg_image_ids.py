"""BGG without typed ImageIDs: the host gives each uploaded picture's number once
(`sheetgen bgg-image PICTURE ID`, kept in bgg-images.txt) and every BGG text of a post with
that picture carries `[ImageID=n]`; a picture without a number keeps the placeholder."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import main

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
