"""How long one Battlestar table command takes as the game's log grows: every command
replays the whole log, so this is the figure to watch for long forum games.

    python benchmarks/battlestar_table.py [--entries 100 300 1000]

Prints, for each log length, the CPU time (this process, user + system) to load and
validate the pack, replay the log, and run one more command (replay, write its post files,
append to the log). The pack is loaded afresh for each length, as a new process loads it;
the interpreter's start and the imports are not counted (table_commands.py measures whole
processes)."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import yaml

from generator.games.battlestar import content as bsg_content
from generator.games.battlestar.game import open_table, replay, run_command, setup_game
from generator.games.battlestar.gamefile import read_game_file
from generator.pack.load import load_pack

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
    # Begun under rules 2, whose turn is not enforced step by step: the same two commands
    # over and over make a long log (as in table_commands.py).
    log = root / "table" / "table-log.jsonl"
    head, *rest = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join([json.dumps({**json.loads(head), "rules": 2}), *rest]) + "\n")
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
    print(f"load average: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as scratch:
        path = make_game(Path(scratch))
        for entries in args.entries:
            grow(path, entries)
            start = time.process_time()
            pack = load_pack(read_game_file(path)[0].pack)
            table = open_table(path, loaded=(pack, bsg_content.load(pack)))
            loaded = time.process_time()
            replay(table)
            replayed = time.process_time()
            run_command(table, "draw", {"deck": "crisis", "count": 1})
            done = time.process_time()
            print(
                f"log {len(table.entries):5d} entries, CPU: load pack {loaded - start:.3f} s, "
                f"replay {replayed - loaded:.3f} s, one command {done - replayed:.3f} s"
            )


if __name__ == "__main__":
    main()
