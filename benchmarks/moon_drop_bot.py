"""How well Moon Drop's bot (games/moon_drop/bot.py) plays, and what its par costs.

For each of N seeds (`bot-seed-0` ...; optionally under variations), three players of the
same seven posted blocks, each grid scored as `sheetgen score` scores a player's file:
- the bot (its par, and the CPU time it took);
- a greedy player (bot.greedy_line, whose line the bot's search keeps: the par is never
  below it): each block, in round order, where the grid so far scores best once the game
  ends (the engine's end with its cheapest choices), the first such copy on ties;
- R random legal players (any copy of the block on empty squares, Life Support or
  Hydroponics at random), the best of them.
Printed: a line per seed, then min / median / max of each, how often each scored above
zero, how far the best random player ever got above the bot, and the bot's CPU per game.
Run: .venv/bin/python benchmarks/moon_drop_bot.py [N] [R] [variation,...]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from generator.games.moon_drop import bot
from generator.games.moon_drop.options import plan_variations
from generator.games.moon_drop.placement import Placement, Sheet, placed
from generator.kit.session import open_game


def _player(game: Any, choose: Any) -> int:
    """A player placing each block in turn by `choose(search, sheet, copies)`."""
    search = bot.BotSearch(game.content, game.plan, plan_variations(game.plan))
    sheet = Sheet(game.content.rows, game.content.columns)
    placements: list[Placement] = []
    for round_plan in game.plan.rounds:
        copies = [
            search.with_joins(sheet, c) for c in search.copies(sheet, bot.block_of(round_plan))
        ]
        if not copies:
            break
        copy = choose(search, sheet, copies)
        placements.append(copy)
        sheet = placed(sheet, copy)
    return bot.score_play(game.content, game.plan, placements).score


def greedy(game: Any) -> int:
    """The bot's floor (bot.greedy_line), scored on its own."""
    search = bot.BotSearch(game.content, game.plan, plan_variations(game.plan))
    line = bot.greedy_line(search, game.plan)
    return bot.score_play(game.content, game.plan, line).score


def random_best(game: Any, count: int, rng: random.Random) -> int:
    return max(_player(game, lambda _s, _g, copies: rng.choice(copies)) for _ in range(count))


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    randoms = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    variations = sys.argv[3].split(",") if len(sys.argv) > 3 else []
    options = {"variations": variations} if variations else None
    rows: list[tuple[int, int, int]] = []
    cpu: list[float] = []
    for n in range(seeds):
        game = open_game("moon-drop", f"bot-seed-{n}", None, options=options)
        start = time.process_time()
        par = bot.play(game.content, game.plan).score
        cpu.append(time.process_time() - start)
        row = (par, greedy(game), random_best(game, randoms, random.Random(n)))
        rows.append(row)
        print(
            f"bot-seed-{n}: goal {game.plan.deal.goal}, crises "
            f"{', '.join(game.plan.end.crisis_order)}: bot {row[0]}, greedy {row[1]}, "
            f"best of {randoms} random {row[2]} (bot CPU {cpu[-1]:.2f} s)",
            flush=True,
        )
    for name, index in (("bot", 0), ("greedy", 1), (f"best of {randoms} random", 2)):
        scores = [r[index] for r in rows]
        print(
            f"{name}: min {min(scores)}, median {statistics.median(scores)}, max {max(scores)}, "
            f"above zero on {sum(s > 0 for s in scores)} of {len(scores)}"
        )
    print(f"best random above the bot: at most {max(r[2] - r[0] for r in rows)}")
    print(f"bot CPU per game: mean {statistics.mean(cpu):.2f} s, max {max(cpu):.2f} s")


if __name__ == "__main__":
    main()
