"""Keep on Trucking's balance check: the bot builds and flies every round of many seeds, for
the game options asked (`difficulty`, `ships`), on all cores; Galaxy Trucker's summary
(flight/balance.py there) reports the spread, what puts ships out and the outliers.

Seeds are planned as a game of this pack with those options (the Rough Roads cards and
Ship IA's compass come from the seed). Results are put back in seed order, so the numbers
do not depend on the worker count. A reference is saved per ships-and-difficulty pair
(reference-<ships>-<difficulty>.json beside this module) and read by `sheetgen game`'s
verdict for a game with those options."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.balance import (
    BALANCE_BUDGET,
    RoundPlay,
    Summary,
    flight_digest,
    round_play,
    run_seeds,
    seed_names,
    verdict_parts,
    verdict_word,
)
from generator.games.keep_on_trucking.flight.bot import build
from generator.games.keep_on_trucking.flight.engine import fly_round, front_edge
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan

HERE = Path(__file__).parent
# The bot writes one cyan ability, always the same (a player might weigh them; the search
# trying all six would fly every round six times over): the Manager, +2 for each alien
# aboard at the end, is the one a bot's ship gains from most often.
BOT_ABILITY = "Manager"


def reference_path(ships: str, difficulty: str) -> Path:
    return HERE / f"reference-{ships}-{difficulty}.json"


def play_plan(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, budget: int = BALANCE_BUDGET
) -> list[RoundPlay]:
    found = []
    for number, rplan in enumerate(plan.rounds, start=1):
        edge = front_edge(content, plan, number)
        built = build(content, rplan, content.rounds[number - 1], EDGE_SIDE[edge or "top"])
        result = fly_round(
            content, plan, number, built.ship, built.skipped, budget, ability=BOT_ABILITY
        )
        found.append(round_play(result, out_at_launch="before-launch"))
    return found


_WORKER: dict[str, Any] = {}


def _init_worker(pack: str, options: dict[str, Any]) -> None:
    from generator.kit.session import load_content

    loaded = load_content(pack)
    _WORKER.update(pack=loaded[0], rules=loaded[1], content=loaded[2], options=options)


def plan_of(seed: str) -> KeepOnTruckingPlan:
    from generator.kit.session import plan_header

    pack, rules, content = _WORKER["pack"], _WORKER["rules"], _WORKER["content"]
    plan: KeepOnTruckingPlan = rules.make_plan(
        content, plan_header(pack, seed, None), None, options=_WORKER["options"]
    )
    return plan


def _play(seed: str) -> list[RoundPlay]:
    return play_plan(_WORKER["content"], plan_of(seed))


def run(
    pack: str, seeds: list[str], workers: int, options: dict[str, Any]
) -> list[list[RoundPlay]]:
    return run_seeds(seeds, workers, _play, _init_worker, (pack, options), chunksize=4)


def balance_report(
    pack: str,
    content: GalaxyTrucker,
    count: int,
    workers: int,
    prefix: str,
    save: bool,
    options: dict[str, Any] | None = None,
) -> str:
    options = dict(options or {})
    difficulty = str(options.setdefault("difficulty", "none"))
    ships = options.setdefault("ships", "base")
    ships_word = ships if isinstance(ships, str) else ",".join(ships)
    seeds = seed_names(count, prefix)
    began = time.perf_counter()
    results = run(pack, seeds, workers, options)
    seconds = time.perf_counter() - began
    summary = Summary(seeds, results)
    lines = [
        f"Balance (Keep on Trucking, ships {ships_word}, difficulty {difficulty}): the bot "
        f"built and flew {count} seeds ({prefix}1 to {prefix}{count}), every round; {workers} "
        f"worker{'s' if workers != 1 else ''}, {seconds:.1f} s.",
        "Scores are round scores as on the sheet; p2 is the 2nd percentile.",
        *summary.lines(),
    ]
    if save:
        data = summary.reference(content)
        data["options"] = {"ships": ships_word, "difficulty": difficulty}
        path = reference_path(ships_word, difficulty)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        lines.append(f"Reference for seed verdicts saved ({path.name}).")
    return "\n".join(lines) + "\n"


def verdict_line(content: GalaxyTrucker, plan: KeepOnTruckingPlan) -> tuple[str, bool]:
    ships = plan.options.ships or ("base",)
    ships_word = ships[0] if len(set(ships)) == 1 else ",".join(ships)
    difficulty = plan.options.difficulty
    path = reference_path(ships_word, difficulty)
    try:
        reference = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        reference = None
    if reference is None or reference.get("flight_digest") != flight_digest(content):
        return (
            f"Balance: no reference run for this pack with ships {ships_word} and difficulty "
            f"{difficulty} (run: sheetgen balance --pack keep-on-trucking --option "
            f"ships={ships_word} --difficulty {difficulty} --save-reference)",
            False,
        )
    plays = play_plan(content, plan)
    rounds = zip(plays, reference["rounds"], strict=True)
    parts, extreme = verdict_parts([(verdict_word(play, ref), play) for play, ref in rounds])
    return f"Balance ({ships_word} ships, {difficulty}): {'; '.join(parts)}.", extreme
