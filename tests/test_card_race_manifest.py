"""The table's files in the game folder's manifest.

`sheetgen card-race bid|trump|play` write the log and a public post per entry; the manifest
lists them (with their SHA-256, and by name under `table`), so it names every file sheetgen
wrote. A rerun of the same game keeps them; another game is never written over a recorded
table, not even with --force (that would delete the players' game or mix it into another's);
a failed listing leaves the entry recorded and the next entry lists what was missed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_card_race_reveal import SEATS, plan_of, play_round, start_game

from generator.folder import write as output

# The record itself: the manifest and the table's listing of its files.
BOOKKEEPING = {"manifest.json", "table-files.jsonl"}


def manifest_of(folder: Path) -> dict:
    """The manifest with the table's listing (table-files.jsonl) merged in."""
    return output.folder_record(folder)


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def first_bid(folder: Path, run: Callable[..., Result], number: int) -> Result:
    first = plan_of(folder)["rounds"][number - 1]["first"]
    return run("card-race", "bid", str(folder), first, "0")


def test_the_manifest_lists_every_file_sheetgen_wrote(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    assert first_bid(folder, run, 2).exit_code == 0
    files = tree(folder)
    listed = manifest_of(folder)
    written = {name: sha(data) for name, data in files.items() if name not in BOOKKEEPING}
    assert listed["files"] == written
    table = listed["table"]
    assert "table.jsonl" in table
    for name in (
        "round-01/table-001.facebook.txt",
        "round-01/table-006.discord.md",
        "round-01/standings.bgg.txt",
        "round-01/standings.png",
        "round-02/table-007.html",
    ):
        assert name in table, name
    # The table's files only: the deal's own files are not the table's.
    assert not [n for n in table if n.startswith(("private/", "pack/", "sheets/"))]
    assert "round-01/round.facebook.txt" not in table


def test_a_rerun_of_the_same_game_keeps_its_table(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    before = tree(folder)
    recorded = manifest_of(folder)
    again = run("card-race", "new", str(tmp_path / "game.yaml"), "-o", str(folder), "--no-images")
    assert again.exit_code == 0, again.output
    after = tree(folder)
    # Every file as it was; the table's listing is folded into the rewritten manifest.
    assert {n: d for n, d in after.items() if n not in BOOKKEEPING} == {
        n: d for n, d in before.items() if n not in BOOKKEEPING
    }
    assert "table-files.jsonl" in before and "table-files.jsonl" not in after
    listed = manifest_of(folder)
    assert listed == recorded
    assert listed["files"] == {n: sha(d) for n, d in after.items() if n not in BOOKKEEPING}
    # The game goes on from the kept log.
    assert first_bid(folder, run, 2).exit_code == 0


@pytest.mark.parametrize("how", ["game", "card-race new"])
def test_another_game_is_never_written_over_a_recorded_table(
    tmp_path: Path, run: Callable[..., Result], how: str
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    before = tree(folder)
    if how == "game":
        args = ["game", "--pack", "card-race", "--seed", "another-seed-0123456789ab"]
        result = run(*args, "-o", str(folder), "--no-images", "--paper", "a4", "--force")
        assert "holds the recorded table of game" in result.output
        assert "even with --force" in result.output
    else:
        game_file = tmp_path / "game.yaml"
        other = tmp_path / "other.yaml"
        other.write_text(game_file.read_text().replace("reveal-test-seed", "other-test-seed"))
        result = run("card-race", "new", str(other), "-o", str(folder), "--no-images", "--force")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert tree(folder) == before


def test_old_table_posts_are_never_mixed_into_another_game(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    """Without the log the posts still belong to the old deal: refused. With the whole table
    moved away, --force writes the other game, and none of the old game's files stay."""
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    (folder / "table.jsonl").unlink()
    args = ["game", "--pack", "card-race", "--seed", "another-seed-0123456789ab"]
    args += ["-o", str(folder), "--no-images", "--paper", "a4", "--force"]
    result = run(*args)
    assert result.exit_code == 2 and "holds the recorded table" in result.output
    for name in manifest_of(folder)["table"]:
        (folder / name).unlink(missing_ok=True)
    old = manifest_of(folder)["files"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    listed = manifest_of(folder)
    assert "table" not in listed
    now = tree(folder)
    assert not [n for n in now if "/table-" in n or "standings" in n]
    kept = [n for n, d in now.items() if n in old and old[n] == sha(d) and n not in BOOKKEEPING]
    # Files that happen to be the same bytes in both games (the pack copy, the score pads)
    # are rewritten by the new game and listed by it; nothing else of the old game is left.
    assert all(n in listed["files"] for n in kept)
    assert set(now) - BOOKKEEPING == set(listed["files"])


def test_a_failed_listing_keeps_the_entry_and_the_next_one_lists_it(
    tmp_path: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = start_game(tmp_path, run)
    before = (folder / "manifest.json").read_bytes()

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output, "append_line", full_disk)
    result = first_bid(folder, run, 1)
    assert result.exit_code == 0, result.output
    assert "could not list the new posts (No space left on device)" in result.output
    assert (folder / "manifest.json").read_bytes() == before
    assert (folder / "round-01" / "table-001.facebook.txt").is_file()
    assert len((folder / "table.jsonl").read_text().splitlines()) == 1
    monkeypatch.undo()
    first = plan_of(folder)["rounds"][0]["first"]
    second = SEATS[(SEATS.index(first) + 1) % 3]
    assert run("card-race", "bid", str(folder), second, "0").exit_code == 0
    listed = manifest_of(folder)
    for name in ("round-01/table-001.facebook.txt", "round-01/table-002.facebook.txt"):
        assert listed["files"][name] == sha((folder / name).read_bytes())
        assert name in listed["table"]
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_listing_line_cut_short_by_a_killed_run_is_passed_by_and_relisted(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    assert first_bid(folder, run, 1).exit_code == 0
    listing = folder / "table-files.jsonl"
    whole = listing.read_bytes()
    # A run killed inside its append: half a line, no newline.
    listing.write_bytes(whole + whole[: len(whole) // 2].rstrip(b"\n"))
    first = plan_of(folder)["rounds"][0]["first"]
    second = SEATS[(SEATS.index(first) + 1) % 3]
    assert run("card-race", "bid", str(folder), second, "0").exit_code == 0
    lines = listing.read_bytes().split(b"\n")
    assert json.loads(lines[-2])["entry"] == 2  # on a line of its own after the torn one
    listed = manifest_of(folder)
    for name in ("round-01/table-001.facebook.txt", "round-01/table-002.facebook.txt"):
        assert listed["files"][name] == sha((folder / name).read_bytes())
        assert name in listed["table"]


def test_a_listing_that_is_a_symlink_is_neither_followed_nor_trusted(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text('{"entry": 9, "files": {"../../etc/passwd": "x"}}\n')
    (folder / "table-files.jsonl").symlink_to(elsewhere)
    result = first_bid(folder, run, 1)
    assert result.exit_code == 0, result.output
    assert "could not list the new posts" in result.output
    assert elsewhere.read_text() == '{"entry": 9, "files": {"../../etc/passwd": "x"}}\n'
    assert "../../etc/passwd" not in manifest_of(folder)["files"]
