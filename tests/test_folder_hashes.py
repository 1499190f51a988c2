"""Every file a game folder holds, as recorded: the five packs at two seeds each, and the two
table games played through ten table entries. Every case keeps its text files as files under
tests/golden/ (a change shows as a diff a person can read); PNG and PDF files, which nobody
can review as a diff, are kept as SHA-256 hashes (folder-hashes.json). A deliberate change
is refreshed with `pytest --update-golden` (tests/golden/README.md says how to review it)."""

from __future__ import annotations

import difflib
import fcntl
import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from bsg_helpers import FIVE_DRAWS, BsgGame
from card_race_helpers import next_legal_action, table_plan_of
from click.testing import Result

from generator.games.card_race.table.replay import new_table
from generator.kit.session import load_content

Run = Callable[..., Result]
GOLDEN = Path(__file__).parent / "golden" / "folder-hashes.json"
ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = GOLDEN.parent
SEEDS = ("folder-hash-seed-one-0123456789", "folder-hash-seed-two-0123456789")
# The reference Galaxy Trucker game's seed (the plan golden plan-42.json's too).
REFERENCE_SEED = "42"
SCHEDULED = ("galaxy-trucker", "keep-on-trucking", "moon-drop")
TABLE_ENTRIES = 10


BINARY = (".png", ".pdf")  # kept as hashes: a diff of them says nothing to a person


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def hashes(files: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


def scheduled_game(run: Run, where: Path, pack: str, seed: str, images: bool) -> dict[str, bytes]:
    """A whole game; Keep on Trucking with its options (A ships, Rough Roads, titles)."""
    options = "ships: A\ndifficulty: hard\ntitles: 3-6-9\n" if pack == "keep-on-trucking" else ""
    game = where / "game.yaml"
    game.write_text(f"pack: {pack}\nseed: {seed}\nstart: 2026-12-01\n{options}")
    args = ["game", "--game", str(game), "-o", str(where / "g")]
    result = run(*args) if images else run(*args, "--no-images")
    assert result.exit_code == 0, result.output
    return files_of(where / "g")


def card_race_game(run: Run, where: Path, seed: str, entries: int) -> dict[str, bytes]:
    """The example table (three players, both languages, hidden bids) and its first legal
    entries: trump when a Navigator asks for it, bids of 0, then the lowest card allowed."""
    example = (ROOT / "seeds" / "card-race-example.yaml").read_text()
    kept = [ln for ln in example.splitlines() if not ln.startswith(("seed:", "#"))]
    game = where / "cr.yaml"
    game.write_text("\n".join([f"seed: {seed}", *kept, ""]))
    folder = where / "cr"
    assert run("card-race", "new", str(game), "-o", str(folder)).exit_code == 0
    state = new_table(load_content("card-race")[2], table_plan_of(folder))
    for _ in range(entries):
        command, *words = next_legal_action(state)
        args = [command, str(folder), *words]
        result = run("card-race", *args)
        assert result.exit_code == 0, result.output
    return files_of(folder)


def battlestar_game(where: Path, seed: str, entries: int) -> dict[str, bytes]:
    """The four-player test table set up, then turns of skills, a Crisis, a fleet change and
    `next`, until `entries` table entries are logged."""
    game = BsgGame(where, seed=seed)
    game.run("setup")
    turn = (
        ("skills",),
        ("draw", "crisis", "--kind", "event"),
        ("fleet", "food=-1"),
        ("resolved",),
        ("next",),
    )
    for index in range(entries):
        command = turn[index % len(turn)]
        if command[0] == "skills":
            current = game.state().player(game.state().current_seat)
            command = ("skills", current.name, *FIVE_DRAWS.get(current.character, []))
        game.run(*command)
    return files_of(game.folder)


def case_names() -> list[str]:
    names = [f"galaxy-trucker/{REFERENCE_SEED}", f"galaxy-trucker/{SEEDS[1]}"]
    names += [f"{pack}/{seed}" for pack in SCHEDULED[1:] for seed in SEEDS]
    for index, seed in enumerate(SEEDS):
        entries = TABLE_ENTRIES if index == 0 else 0
        names += [f"card-race/{seed}/{entries}-entries", f"battlestar/{seed}/{entries}-entries"]
    return names


# The two reference games' folders under tests/golden/ (their names predate the others').
REFERENCE_FOLDERS = {
    f"galaxy-trucker/{REFERENCE_SEED}": "galaxy-trucker-42",
    f"card-race/{SEEDS[0]}/{TABLE_ENTRIES}-entries": "card-race-10-entries",
}
SEED_WORDS = {SEEDS[0]: "seed-one", SEEDS[1]: "seed-two"}


def text_folder(name: str) -> str:
    """The folder under tests/golden/ that keeps a case's text files:
    `keep-on-trucking/folder-hash-seed-two-0123456789` -> `keep-on-trucking-seed-two`."""
    if name in REFERENCE_FOLDERS:
        return REFERENCE_FOLDERS[name]
    pack, seed, *rest = name.split("/")
    return "-".join([pack, SEED_WORDS[seed], *rest])


# The reference games run in the fast lane; the whole matrix with the rest (make test).
CASES = [
    pytest.param(name, marks=() if name in REFERENCE_FOLDERS else pytest.mark.slow)
    for name in case_names()
]


def make_case(name: str, run: Run, where: Path) -> dict[str, bytes]:
    """The game folder of a case: the first seed of each scheduled pack (and the reference
    game) is written with its pictures, the second without."""
    pack, seed, *rest = name.split("/")
    if pack == "card-race":
        return card_race_game(run, where, seed, int(rest[0].split("-")[0]))
    if pack == "battlestar":
        return battlestar_game(where / "battlestar", seed, int(rest[0].split("-")[0]))
    return scheduled_game(run, where, pack, seed, images=seed != SEEDS[1])


def first_text_difference(name: str, folder: Path, files: dict[str, bytes]) -> str:
    """ "" when the text files are those kept under `folder`; else which files differ and
    the unified diff of the first one."""
    kept = {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }
    texts = {name: data for name, data in files.items() if not name.endswith(BINARY)}
    changed = sorted(k for k in set(texts) | set(kept) if texts.get(k) != kept.get(k))
    if not changed:
        return ""
    first = changed[0]
    diff = difflib.unified_diff(
        kept.get(first, b"").decode(errors="replace").splitlines(keepends=True),
        texts.get(first, b"").decode(errors="replace").splitlines(keepends=True),
        f"tests/golden/{folder.name}/{first}" if first in kept else "/dev/null",
        f"written/{first}" if first in texts else "/dev/null",
    )
    listed = ", ".join(changed[:12]) + (" ..." if len(changed) > 12 else "")
    return f"{name}: {len(changed)} text file(s) differ: {listed}\n\n" + "".join(diff)


def record(name: str, files: dict[str, bytes]) -> None:
    """--update-golden: this case's text files, and the hashes of its PNG and PDF files.
    Cases run side by side (pytest -n) take turns at folder-hashes.json."""
    folder = GOLDEN_DIR / text_folder(name)
    shutil.rmtree(folder, ignore_errors=True)
    for file, data in files.items():
        if not file.endswith(BINARY):
            (folder / file).parent.mkdir(parents=True, exist_ok=True)
            (folder / file).write_bytes(data)
    binary = {file: data for file, data in files.items() if file.endswith(BINARY)}
    with GOLDEN.open("r+") as golden:
        fcntl.flock(golden, fcntl.LOCK_EX)
        recorded = json.loads(golden.read() or "{}")
        recorded[name] = hashes(binary)
        kept = {case: recorded[case] for case in case_names() if case in recorded}
        golden.seek(0)
        golden.truncate()
        golden.write(json.dumps(kept, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", CASES)
def test_every_file_of_the_game_folder_is_as_recorded(
    name: str, run: Run, tmp_path: Path, update_golden: bool
) -> None:
    files = make_case(name, run, tmp_path)
    if update_golden:
        record(name, files)
        pytest.skip(f"recorded {name}: review the diff (tests/golden/README.md)")
    difference = first_text_difference(name, GOLDEN_DIR / text_folder(name), files)
    if difference:
        pytest.fail(difference, pytrace=False)
    files = {file: data for file, data in files.items() if file.endswith(BINARY)}
    want = json.loads(GOLDEN.read_text())[name]
    got = hashes(files)
    changed = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
    assert not changed, f"{name}: {len(changed)} files differ, e.g. {changed[:8]}"
