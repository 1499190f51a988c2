"""Every file a game folder holds, by SHA-256: the five packs at two seeds each, and the two
table games played through ten table entries. Recorded before the one-game-shape redesign;
the redesign must write the same bytes. A deliberate change is refreshed with
`pytest --update-golden` and named in the issue note, file by file."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from bsg_helpers import FIVE_DRAWS, BsgGame
from card_race_helpers import next_legal_action
from click.testing import Result

from generator.games.card_race.table.replay import new_table
from generator.kit.session import load_content

Run = Callable[..., Result]
GOLDEN = Path(__file__).parent / "golden" / "folder-hashes.json"
ROOT = Path(__file__).resolve().parent.parent
SEEDS = ("folder-hash-seed-one-0123456789", "folder-hash-seed-two-0123456789")
SCHEDULED = ("galaxy-trucker", "keep-on-trucking", "moon-drop")
TABLE_ENTRIES = 10


def hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def scheduled_game(run: Run, where: Path, pack: str, seed: str, images: bool) -> dict[str, str]:
    """A whole game; Keep on Trucking with its options (A ships, Rough Roads, titles)."""
    options = "ships: A\ndifficulty: hard\ntitles: 3-6-9\n" if pack == "keep-on-trucking" else ""
    game = where / "game.yaml"
    game.write_text(f"pack: {pack}\nseed: {seed}\nstart: 2026-12-01\n{options}")
    args = ["game", "--game", str(game), "-o", str(where / "g")]
    result = run(*args) if images else run(*args, "--no-images")
    assert result.exit_code == 0, result.output
    return hashes(where / "g")


def card_race_game(run: Run, where: Path, seed: str, entries: int) -> dict[str, str]:
    """The example table (three players, both languages, hidden bids) and its first legal
    entries: trump when a Navigator asks for it, bids of 0, then the lowest card allowed."""
    example = (ROOT / "seeds" / "card-race-example.yaml").read_text()
    kept = [ln for ln in example.splitlines() if not ln.startswith(("seed:", "#"))]
    game = where / "cr.yaml"
    game.write_text("\n".join([f"seed: {seed}", *kept, ""]))
    folder = where / "cr"
    assert run("card-race", "new", str(game), "-o", str(folder)).exit_code == 0
    state = new_table(load_content("card-race")[2], json.loads((folder / "plan.json").read_text()))
    for _ in range(entries):
        command, *words = next_legal_action(state)
        args = [command, str(folder), *words]
        result = run("card-race", *args)
        assert result.exit_code == 0, result.output
    return hashes(folder)


def battlestar_game(where: Path, seed: str, entries: int) -> dict[str, str]:
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
    return hashes(game.folder)


def every_case(run: Run, tmp_path: Path) -> dict[str, dict[str, str]]:
    cases: dict[str, dict[str, str]] = {}
    for pack in SCHEDULED:
        for index, seed in enumerate(SEEDS):
            where = tmp_path / f"{pack}-{index}"
            where.mkdir()
            # The first seed of each pack is written with its pictures, the second without.
            cases[f"{pack}/{seed}"] = scheduled_game(run, where, pack, seed, images=index == 0)
    for index, seed in enumerate(SEEDS):
        entries = TABLE_ENTRIES if index == 0 else 0
        where = tmp_path / f"card-race-{index}"
        where.mkdir()
        cases[f"card-race/{seed}/{entries}-entries"] = card_race_game(run, where, seed, entries)
        cases[f"battlestar/{seed}/{entries}-entries"] = battlestar_game(
            tmp_path / f"battlestar-{index}", seed, entries
        )
    return cases


def test_every_file_of_every_game_folder_is_as_recorded(
    run: Run, tmp_path: Path, update_golden: bool
) -> None:
    cases = every_case(run, tmp_path)
    if update_golden:
        GOLDEN.write_text(json.dumps(cases, indent=1, sort_keys=True) + "\n")
        pytest.skip("recorded the folder hashes: review the diff")
    recorded = json.loads(GOLDEN.read_text())
    assert sorted(cases) == sorted(recorded)
    for name, files in cases.items():
        want = recorded[name]
        changed = sorted(k for k in set(files) | set(want) if files.get(k) != want.get(k))
        assert not changed, f"{name}: {len(changed)} files differ, e.g. {changed[:8]}"
