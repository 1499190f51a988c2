"""How long the Moon Drop scorer takes on sheets a player could really fill.

For each of N seeds, the seven rolled blocks are placed on the grid at random (random turn and
free position, Life Support or Hydroponics at random), then scored; prints the time per sheet
and how often the choice search was exhaustive.
Run: .venv/bin/python benchmarks/moon_drop_score.py [N]
"""

from __future__ import annotations

import sys
import time

from generator.games.moon_drop.grid import Board
from generator.games.moon_drop.scorer import run_end
from generator.games.moon_drop.shapes import rotations
from generator.rng import Stream
from generator.session import open_game


def random_sheet(plan: dict, rows: int, columns: int, stream: Stream) -> Board:
    cells: dict[tuple[int, int], str] = {}
    for rnd in plan["rounds"]:
        shape = [(c["row"], c["column"]) for c in rnd["block"]]
        turned = rotations(shape)
        for _ in range(200):
            form = turned[stream.below(len(turned))]
            top, left = stream.below(rows), stream.below(columns)
            squares = [(top + r, left + c) for r, c in form]
            if all(r < rows and c < columns and (r, c) not in cells for r, c in squares):
                for square, cell in zip(squares, rnd["block"], strict=True):
                    cells[square] = cell["modules"][stream.below(len(cell["modules"]))]
                break
    return Board(rows, columns, cells)


def main(count: int) -> None:
    times = []
    exhaustive = 0
    for i in range(count):
        game = open_game("moon-drop", f"bench-{i:04d}", None)
        content, plan = game.content, game.plan
        board = random_sheet(plan, content.rows, content.columns, Stream("bench", i))
        start = time.perf_counter()
        result = run_end(content, board, plan["end"]["crisis_order"], plan["deal"]["goal"])
        times.append(time.perf_counter() - start)
        exhaustive += result.exhaustive
    times.sort()
    print(f"moon-drop score: {count} random sheets")
    print(f"  median {times[count // 2] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    print(f"  exhaustive search: {exhaustive} of {count}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
