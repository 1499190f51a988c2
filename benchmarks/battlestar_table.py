"""How long one Battlestar table command takes as the game's log grows: every command
replays the whole log, so this is the figure to watch for long forum games.

    python benchmarks/battlestar_table.py [--entries 100 300 1000]

Prints, for each log length, the time to load the pack, replay the log, and run one more
command (replay, write its post files, append to the log) in a fresh process's shoes (the
in-process pack cache is cleared first)."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import yaml

from generator.games.battlestar import game as bsg_game
from generator.games.battlestar.game import open_table, replay, run_command, setup_game

PLAYERS = [
    {"name": "alice", "character": "laura-roslin"},
    {"name": "bob", "character": "william-adama"},
    {"name": "carol", "character": "sharon-valerii"},
    {"name": "dave", "character": "galen-tyrol"},
]


def make_game(root: Path) -> Path:
    path = root / "game.yaml"
    data = {"pack": "battlestar", "seed": "bench-seed-0123456789", "output": "table"}
    path.write_text(yaml.safe_dump({**data, "players": PLAYERS}))
    setup_game(open_table(path))
    return path


def grow(path: Path, entries: int) -> None:
    table = open_table(path)
    while len(replay(table).entries) - 1 < entries:
        for command, args in (("draw", {"deck": "crisis", "count": 1}), ("next", {})):
            run_command(table, command, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[100, 300, 1000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        path = make_game(Path(scratch))
        for entries in args.entries:
            grow(path, entries)
            bsg_game._LOADED.clear()
            start = time.perf_counter()
            table = open_table(path)
            loaded = time.perf_counter()
            replay(table)
            replayed = time.perf_counter()
            run_command(table, "draw", {"deck": "crisis", "count": 1})
            done = time.perf_counter()
            print(
                f"log {len(table.entries):5d} entries: load pack {loaded - start:.3f} s, "
                f"replay {replayed - loaded:.3f} s, one command {done - replayed:.3f} s"
            )


if __name__ == "__main__":
    main()
