"""How long the Moon Drop scorer takes, and how often it proves its score best.

Three sets of grids:
- sheets a player could really fill: for each of N seeds, the seven rolled blocks placed at
  random (random turn and free position, Life Support or Hydroponics at random), scored with
  that seed's crises and goal;
- two hand-made grids with 18 Quarters in one building (best scores 9 and 5, worked out in
  tests/test_moon_drop_search.py);
- M full grids, all 81 squares filled at random (mostly Quarters), each crisis order and goal
  in turn: the worst case for the choice search.
For each: CPU time per grid, how often the score was proven best (and the modules standing at
it), the search's work units, the score against always crossing out the cheapest-looking
squares (greedy), and the peak memory of the process.
Run: .venv/bin/python benchmarks/moon_drop_score.py [N] [M]
"""

from __future__ import annotations

import resource
import sys
import time

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import Board
from generator.games.moon_drop.plan import MoonDropPlan
from generator.games.moon_drop.scoring import Result, run_end
from generator.games.moon_drop.shapes import rotations
from generator.kit.session import load_content, open_game
from generator.plan.rng import Stream


def random_sheet(plan: MoonDropPlan, rows: int, columns: int, stream: Stream) -> Board:
    cells: dict[tuple[int, int], str] = {}
    for rnd in plan.rounds:
        shape = [(c.row, c.column) for c in rnd.block]
        turned = rotations(shape)
        for _ in range(200):
            form = turned[stream.below(len(turned))]
            top, left = stream.below(rows), stream.below(columns)
            squares = [(top + r, left + c) for r, c in form]
            if all(r < rows and c < columns and (r, c) not in cells for r, c in squares):
                for square, cell in zip(squares, rnd.block, strict=True):
                    cells[square] = cell.modules[stream.below(len(cell.modules))]
                break
    return Board(rows, columns, cells)


def full_grid(content: MoonDrop, number: int) -> Board:
    letters = "QQQQQHHHLLCCDR"  # mostly Quarters: the most choices
    stream = Stream("bench-full", number)
    cells = {
        (r, c): content.letters[letters[stream.below(len(letters))]]
        for r in range(content.rows)
        for c in range(content.columns)
    }
    return Board(content.rows, content.columns, cells)


def text_grid(content: MoonDrop, text: str) -> Board:
    rows = text.split()
    cells = {
        (r, c): content.letters[ch]
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch != "."
    }
    return Board(content.rows, content.columns, cells)


def timed(content: MoonDrop, board: Board, order: list[str], goal: str) -> tuple[float, Result]:
    """CPU seconds (the machine may be shared: wall time would measure the neighbours)."""
    start = time.process_time()
    result = run_end(content, board, order, goal)
    return time.process_time() - start, result


def summary(title: str, runs: list[tuple[float, Result]]) -> None:
    times = sorted(t for t, _ in runs)
    work = sorted(r.tried for _, r in runs)
    count = len(runs)
    print(f"{title}: {count} grids")
    print(
        f"  CPU time: median {times[count // 2] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms; "
        f"work units: median {work[count // 2]}, max {work[-1]}"
    )
    print(
        f"  score proven best: {sum(r.proven for _, r in runs)} of {count}; standing proven "
        f"too: {sum(r.standing_proven for _, r in runs)}"
    )
    above = sum(r.score > r.greedy for _, r in runs)
    below = sum(r.score < r.greedy for _, r in runs)
    print(f"  score above greedy: {above}; below greedy: {below} (must be 0)")


def main(sheets: int, fulls: int) -> None:
    content = load_content("moon-drop")[2]
    runs = []
    for i in range(sheets):
        plan = open_game("moon-drop", f"bench-{i:04d}", None).plan
        board = random_sheet(plan, content.rows, content.columns, Stream("bench", i))
        runs.append(timed(content, board, list(plan.end.crisis_order), plan.deal.goal))
    summary("Sheets a player could fill (28 modules)", runs)

    goals = {g.rule: g.id for g in content.goals}
    for name, text, order, goal in (
        (
            "18 Quarters, best 9",
            "HHHHHHHHH QQQQQQQQQ CCCCCCCCL QQQQQQQQQ " + "......... " * 5,
            ["quake"],
            "population",
        ),
        (
            "18 Quarters, Plague trap, best 5",
            "QQQQQQQQQ CCCCCCCCL QQQQQQQQQ HHHHHHHHH " + "......... " * 5,
            ["plague"],
            "population",
        ),
    ):
        seconds, result = timed(content, text_grid(content, text), order, goals[goal])
        print(
            f"{name}: score {result.score} (greedy {result.greedy}), proven "
            f"{result.proven}, {result.tried} work units, {seconds * 1000:.0f} ms CPU"
        )

    crises = [c.id for c in content.crises]
    goal_ids = [g.id for g in content.goals]
    runs = []
    for i in range(fulls):
        order = [crises[(i + k) % len(crises)] for k in range(3)]
        runs.append(timed(content, full_grid(content, i), order, goal_ids[i % len(goal_ids)]))
    summary("Full grids (81 modules)", runs)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 200,
        int(sys.argv[2]) if len(sys.argv) > 2 else 10,
    )
