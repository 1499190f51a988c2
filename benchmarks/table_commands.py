"""The CPU time of one whole table command, a fresh `sheetgen` process as a host runs it,
near the start of a game and near its end: every command replays the game's whole log, so
the late one costs more; the goal is that both stay under 0.4 s of CPU.

    python benchmarks/table_commands.py [--reps 5] [--rounds 19] [--bsg-entries 1000]

- Galactic Card Race: three players, both languages, `--rounds` rounds (19, the most three
  players can deal, is about 630 entries); `sheetgen card-race bid|trump|play ...`.
- Battlestar: the four-player test table; `sheetgen bsg draw|next ...` at entry 10 and at
  `--bsg-entries`.
Each measured command is the game's next legal entry, run as `python -m generator ...`
from this checkout, its CPU time (user + system) read from getrusage(RUSAGE_CHILDREN). The
rows are pairs: a command at the start of one game and one near the end of another, run
back to back. The games are grown in this process first; that time is not measured."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the code of this checkout, in this process and the children

from click.testing import CliRunner  # noqa: E402

from generator.cli import main  # noqa: E402
from generator.games.card_race.cards import sorted_hand  # noqa: E402
from generator.games.card_race.judge import may_play  # noqa: E402
from generator.games.card_race.plan import CardRacePlan  # noqa: E402
from generator.games.card_race.table.replay import TableState, bid, choose_trump, new_table, play  # noqa: E402
from generator.kit.session import load_content  # noqa: E402
from generator.plan.model import read_plan  # noqa: E402

# The next entry's command line, and whether it is an ordinary one: an entry that ends a
# round also draws the standings picture, a cost of its own that says nothing of the log.
Next = Callable[[], tuple[list[str], bool]]
BSG_PLAYERS = [
    {"name": "alice", "character": "laura-roslin"},
    {"name": "bob", "character": "william-adama"},
    {"name": "carol", "character": "sharon-valerii"},
    {"name": "dave", "character": "galen-tyrol"},
]


def in_process(args: list[str]) -> None:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"sheetgen {' '.join(args)} failed: {result.output}")


def child_cpu(args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # Compiled once, as an installed sheetgen is: the children keep their bytecode in the
    # scratch folder (never in the checkout), and no run pays for compiling every module.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(os.environ["SHEETGEN_CACHE"]).parent / "pycache")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "generator", *args], env=env, check=True, capture_output=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


# --- Galactic Card Race -------------------------------------------------------------------
def card_race(scratch: Path, rounds: int) -> tuple[Next, int]:
    """A new table and the function that gives (and plays) its next legal entry: the trump
    when a Navigator asks for it, bids of 0, then the lowest card allowed."""
    scratch.mkdir(parents=True, exist_ok=True)
    game = scratch / "cr.yaml"
    game.write_text(
        "pack: card-race\nseed: table-benchmark-seed-0123456789\nstart: 2026-12-07\n"
        f"players: [Ada, Ben, Cleo]\nrounds: {rounds}\nbidding: hidden\nspecials: true\n"
        "lang: both\ndays_per_round: 2\npaper: a4\n",
        encoding="utf-8",
    )
    folder = scratch / "cr"
    in_process(["card-race", "new", str(game), "-o", str(folder), "--no-images"])
    data = json.loads((folder / "plan.json").read_text(encoding="utf-8"))
    plan = read_plan(CardRacePlan, data, "plan.json")  # as the table reads it
    content = load_content("card-race")[2]
    state = new_table(content, plan)
    rehearsal, total = new_table(content, plan), 0  # the same moves, to count them
    while not rehearsal.over:
        _card_race_move(rehearsal, str(folder))
        total += 1

    def next_entry() -> tuple[list[str], bool]:
        rounds_done = len(state.totals_after)
        args = ["card-race", *_card_race_move(state, str(folder))]
        return args, len(state.totals_after) == rounds_done

    return next_entry, total


def _card_race_move(state: TableState, folder: str) -> list[str]:
    rnd = state.current
    if rnd.trump_open:
        choose_trump(state, "P")
        return ["trump", folder, "P"]
    if not rnd.bidding_done:
        player = rnd.waiting_bids()[0]
        bid(state, player, 0)
        return ["bid", folder, player, "0"]
    player = rnd.next_player()
    hand = rnd.hands[player]
    card = next(c for c in sorted_hand(hand) if may_play(c, hand, [c for _, c in rnd.current]))
    play(state, player, card.code)
    return ["play", folder, player, card.code]


# --- Battlestar ---------------------------------------------------------------------------
def battlestar(scratch: Path) -> Next:
    import yaml

    scratch.mkdir(parents=True, exist_ok=True)
    game = scratch / "bsg.yaml"
    data = {"pack": "battlestar", "seed": "table-benchmark-seed-0123456789", "output": "bsg"}
    game.write_text(yaml.safe_dump({**data, "players": BSG_PLAYERS}), encoding="utf-8")
    in_process(["bsg", "setup", str(game)])
    # Begun under rules 2, whose turn is not enforced step by step: the same two commands
    # over and over make a long log.
    log = scratch / "bsg" / "table-log.jsonl"
    head, *rest = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join([json.dumps({**json.loads(head), "rules": 2}), *rest]) + "\n")
    turn = iter(_cycle([["draw", str(game), "crisis"], ["next", str(game)]]))
    return lambda: (["bsg", *next(turn)], True)


def _cycle(items: list[list[str]]) -> Iterator[list[str]]:
    while True:
        yield from items


# --- the measure ----------------------------------------------------------------------------
def ordinary(next_entry: Next) -> list[str]:
    """The next ordinary entry; one that ends a round is recorded first, unmeasured."""
    args, plain = next_entry()
    while not plain:
        grow_one(args)
        args, plain = next_entry()
    return args


GOAL = 0.4  # CPU seconds of one command, at the start of a game or near its end


def measure(early: Next, late: Next, reps: int) -> tuple[list[float], list[float]]:
    """`reps` pairs of commands, one at the start of a game and one near the end of
    another, run back to back (a machine's other work, which comes and goes, weighs on both
    alike). The first command of each game in a child is not counted (it compiles the
    modules)."""
    for game in (early, late):
        child_cpu(ordinary(game))
    start: list[float] = []
    end: list[float] = []
    for _ in range(reps):
        start.append(child_cpu(ordinary(early)))
        end.append(child_cpu(ordinary(late)))
    return start, end


def grow(next_entry: Next, count: int) -> None:
    for _ in range(count):
        grow_one(next_entry()[0])


def grow_one(args: list[str]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        in_process(args)


def report(game: str, early: int, late: int, start: list[float], end: list[float]) -> None:
    print(f"\n{game}: CPU seconds of one whole command, from entry {early} and from {late}")
    for index, (a, b) in enumerate(zip(start, end, strict=True), 1):
        print(f"  pair {index}: {a:.3f} s vs {b:.3f} s ({b / a:.2f}x)")
    for what, pick in (("median", statistics.median), ("best", min)):
        a, b = pick(start), pick(end)
        print(f"  {what:6s}: {a:.3f} s vs {b:.3f} s ({b / a:.2f}x)")
    worst = statistics.median(end)
    verdict = "meets" if worst <= GOAL else "misses"
    print(f"  goal: a command under {GOAL} s of CPU at entry {late}: {verdict} it ({worst:.3f} s)")


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=19)
    parser.add_argument("--bsg-entries", type=int, default=1000)
    parser.add_argument("--only", choices=["card-race", "bsg"], default=None)
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as scratch:
        # A cache of its own: the sheets of this run only.
        os.environ["SHEETGEN_CACHE"] = str(Path(scratch) / "cache")
        early = 10
        if args.only in (None, "card-race"):
            first, total = card_race(Path(scratch) / "cr-early", args.rounds)
            second, _ = card_race(Path(scratch) / "cr-late", args.rounds)
            # The late game's last ordinary entries are measured (room for the warm-up
            # command, the measured ones and the final one, which ends the game).
            late = total - 2 * args.reps - 4
            grow(first, early)
            grow(second, late)
            start, end = measure(first, second, args.reps)
            report("Galactic Card Race", early, late, start, end)
        if args.only in (None, "bsg"):
            first = battlestar(Path(scratch) / "bsg-early")
            second = battlestar(Path(scratch) / "bsg-late")
            grow(first, early)
            grow(second, args.bsg_entries)
            start, end = measure(first, second, args.reps)
            report("Battlestar", early, args.bsg_entries, start, end)


if __name__ == "__main__":
    main_()
