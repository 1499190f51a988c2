"""Balance: the bot builds and flies every round of many seeds, on all cores.

Seeds are `<prefix><n>` for n = 1..count. Each worker loads the pack once and plays whole
seeds; results are put back in seed order, so the numbers do not depend on how many workers
ran or which finished first. The search budget per flight is smaller than the scorer's
(BALANCE_BUDGET): a bot ship rarely needs more, and the budget keeps 500 seeds within two
minutes on two cores; where it was cut off the flight is counted and reported.

A seed's verdict compares the bot's score in each round with the 2nd and 10th percentiles of
a reference run saved with `sheetgen balance --save-reference` (reference.json beside this
module), tied to the pack's flight data (tiles, cards, boards, rounds, goods) by a digest:
below the 2nd percentile is extreme, below the 10th hard, else typical."""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.bot import build
from generator.games.galaxy_trucker.flight.engine import RoundFlight, fly_round
from generator.games.galaxy_trucker.flight.search import out_step
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.galaxy_trucker.planner import make_rounds

BALANCE_BUDGET = 2_000
DEFAULT_PREFIX = "balance-"
REFERENCE = Path(__file__).with_name("reference.json")
OUTLIER_PERCENTILE = 2
HARD_PERCENTILE = 10


@dataclass(frozen=True)
class RoundPlay:
    score: int
    out_card: str | None  # the card kind that put the ship out of the round
    exhaustive: bool


# Fields added for expansions (Keep on Trucking) after references were saved: left out of
# the digest while at their defaults, so a base pack's digest does not change.
EXPANSION_DEFAULTS: dict[str, Any] = {
    "ours": False,
    "boosts": None,
    "arrows": None,
    "sleepers": None,
    "hits": "plain",
    "wrap": {},
    "labels": {},
}


def _plain(value: Any) -> Any:
    """A model as the digest has always read it: its fields by attribute name (a card's
    `kind` among them), nested models likewise."""
    if isinstance(value, msgspec.Struct):
        data = {name: _plain(item) for name, item in msgspec.structs.asdict(value).items()}
        tag_field = value.__struct_config__.tag_field
        if tag_field is not None:
            data[tag_field] = value.__struct_config__.tag
        return data
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _dump(model: Any, exclude: set[str] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = _plain(model)
    for name in exclude or ():
        data.pop(name, None)
    for name, default in EXPANSION_DEFAULTS.items():
        if name in data and data[name] == default:
            del data[name]
    return data


def flight_digest(content: GalaxyTrucker) -> str:
    """What the bot and the engine read from the pack; names and summaries (words) do not
    count, so rewording a tile does not make the reference stale."""
    words = {"name", "summary"}
    data = {
        "tiles": [_dump(t) for t in content.tiles],
        "types": {k: _dump(v, words) for k, v in content.tile_types.items()},
        "start": _dump(content.starting_cabin),
        "cards": [_plain(c) for c in content.cards],
        "boards": {k: _dump(v, words) for k, v in content.boards.items()},
        "rounds": [_plain(r) for r in content.rounds],
        "goods": {
            k: {n: v for n, v in _plain(g).items() if n not in words}
            for k, g in content.goods.items()
        },
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def play_rounds(
    content: GalaxyTrucker, rounds: Sequence[RoundPlan], budget: int = BALANCE_BUDGET
) -> list[RoundPlay]:
    found = []
    for number, rplan in enumerate(rounds, start=1):
        built = build(content, rplan, content.rounds[number - 1])
        result = fly_round(content, rounds, number, built.ship, built.skipped, budget)
        found.append(round_play(result))
    return found


def round_play(result: RoundFlight, out_at_launch: str | None = None) -> RoundPlay:
    """The bot's round score and the card that put its ship out (`out_at_launch`: what a
    ship out before its first event says, for a game where that can happen)."""
    step = out_step(result.played)
    out_card = None
    if step is not None and step > 0:
        out_card = result.flight.events[step - 1][0].kind
    elif step == 0:
        out_card = out_at_launch
    return RoundPlay(result.boxes.total, out_card, result.played.exhaustive)


def play_seed(content: GalaxyTrucker, seed: str) -> list[RoundPlay]:
    return play_rounds(content, make_rounds(content, seed))


_WORKER: dict[str, Any] = {}


def _init_worker(pack: str) -> None:
    from generator.kit.session import load_content

    _WORKER["content"] = load_content(pack)[2]


def _play(seed: str) -> list[RoundPlay]:
    return play_seed(_WORKER["content"], seed)


def run(pack: str, seeds: list[str], workers: int) -> list[list[RoundPlay]]:
    return run_seeds(seeds, workers, _play, _init_worker, (pack,))


def run_seeds(
    seeds: list[str],
    workers: int,
    play: Callable[[str], list[RoundPlay]],
    init: Callable[..., None],
    initargs: tuple[Any, ...],
    chunksize: int = 8,
) -> list[list[RoundPlay]]:
    """`play` for every seed, in this process or a pool of `workers` (each set up by `init`
    with `initargs`), in seed order."""
    if workers <= 1:
        init(*initargs)
        return [play(s) for s in seeds]
    import multiprocessing  # here: a game's verdict plays in-process

    context = multiprocessing.get_context()
    with context.Pool(workers, initializer=init, initargs=initargs) as pool:
        # imap keeps the seed order whatever finishes first.
        return list(pool.imap(play, seeds, chunksize=chunksize))


def percentile(values: list[int], p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass(frozen=True)
class Summary:
    seeds: list[str]
    results: list[list[RoundPlay]]

    def scores(self, r: int) -> list[int]:
        return [res[r].score for res in self.results]

    def reference(self, content: GalaxyTrucker) -> dict[str, Any]:
        rounds = []
        for r in range(len(self.results[0]) if self.results else 0):
            scores = self.scores(r)
            rounds.append(
                {
                    "round": r + 1,
                    "p2": percentile(scores, OUTLIER_PERCENTILE),
                    "p10": percentile(scores, HARD_PERCENTILE),
                    "median": percentile(scores, 50),
                }
            )
        return {"flight_digest": flight_digest(content), "seeds": len(self.seeds), "rounds": rounds}

    def lines(self) -> list[str]:
        lines = []
        count = len(self.seeds)
        rounds = len(self.results[0]) if self.results else 0
        for r in range(rounds):
            scores = self.scores(r)
            cut = percentile(scores, OUTLIER_PERCENTILE)
            outs = Counter(res[r].out_card for res in self.results if res[r].out_card)
            out_total = sum(outs.values())
            cut_short = sum(1 for res in self.results if not res[r].exhaustive)
            lines += [
                f"Round {r + 1}: bot score min {min(scores)}, p2 {cut:g}, p10 "
                f"{percentile(scores, 10):g}, median {percentile(scores, 50):g}, p90 "
                f"{percentile(scores, 90):g}, max {max(scores)}; mean {sum(scores) / count:.2f}",
                f"  out of the round: {out_total} of {count} seeds ({100 * out_total / count:.1f}%)"
                + (
                    ": "
                    + ", ".join(
                        f"{kind} {n}"
                        for kind, n in sorted(outs.items(), key=lambda i: (-i[1], i[0]))
                    )
                    if outs
                    else ""
                ),
                *(f"  {line}" for line in histogram(scores)),
            ]
            outliers = [(s, seed) for s, seed in zip(scores, self.seeds, strict=True) if s < cut]
            shown = ", ".join(f"{seed} ({s})" for s, seed in sorted(outliers)[:12])
            more = f" and {len(outliers) - 12} more" if len(outliers) > 12 else ""
            lines.append(f"  outliers below p2 ({cut:g}): {shown or 'none'}{more}")
            if cut_short:
                lines.append(f"  flights where the search budget was reached: {cut_short}")
        return lines


def histogram(scores: list[int], width: int = 40) -> list[str]:
    lo, hi = min(scores), max(scores)
    step = max(1, math.ceil((hi - lo + 1) / 12))
    start = lo - (lo % step)
    bins = Counter((s - start) // step for s in scores)
    top = max(bins.values())
    lines = []
    for b in range((hi - start) // step + 1):
        n = bins.get(b, 0)
        low = start + b * step
        label = f"{low:>4} to {low + step - 1:>4}" if step > 1 else f"{low:>4}"
        lines.append(f"{label} | {'#' * max(1 if n else 0, round(width * n / top))} {n}")
    return lines


def seed_names(count: int, prefix: str = DEFAULT_PREFIX) -> list[str]:
    return [f"{prefix}{n}" for n in range(1, count + 1)]


def balance(
    pack: str, count: int, workers: int, prefix: str = DEFAULT_PREFIX
) -> tuple[Summary, float]:
    seeds = seed_names(count, prefix)
    began = time.perf_counter()
    results = run(pack, seeds, workers)
    return Summary(seeds, results), time.perf_counter() - began


# --- a seed's verdict --------------------------------------------------------------------
def load_reference(content: GalaxyTrucker, path: Path | None = None) -> dict[str, Any] | None:
    try:
        data = json.loads((path or REFERENCE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("flight_digest") != flight_digest(content):
        return None  # no reference, or one for other tiles or cards
    return data


def verdicts(
    content: GalaxyTrucker, rounds: Sequence[RoundPlan], reference: dict[str, Any]
) -> list[tuple[str, RoundPlay]]:
    plays = play_rounds(content, rounds)
    return [
        (verdict_word(play, ref), play)
        for play, ref in zip(plays, reference["rounds"], strict=True)
    ]


def verdict_word(play: RoundPlay, ref: dict[str, Any]) -> str:
    """How hard a round was for the bot, against the reference run's percentiles."""
    return "extreme" if play.score < ref["p2"] else "hard" if play.score < ref["p10"] else "typical"


def verdict_parts(found: list[tuple[str, RoundPlay]]) -> tuple[list[str], bool]:
    """Each round's verdict in words, and whether any round is extreme."""
    parts = []
    for r, (word, play) in enumerate(found, start=1):
        why = f"bot {play.score}" + (f", out by {play.out_card}" if play.out_card else "")
        parts.append(f"round {r} {word} ({why})")
    return parts, any(word == "extreme" for word, _ in found)


def verdict_line(content: GalaxyTrucker, rounds: Sequence[RoundPlan]) -> tuple[str, bool]:
    """One line for the host, and whether any round is extreme."""
    reference = load_reference(content)
    if reference is None:
        return (
            "Balance: no reference run for this pack's tiles and cards "
            "(run: sheetgen balance --save-reference)",
            False,
        )
    parts, extreme = verdict_parts(verdicts(content, rounds, reference))
    return f"Balance: {'; '.join(parts)}.", extreme


def balance_report(
    pack: str, content: GalaxyTrucker, count: int, workers: int, prefix: str, save: bool
) -> str:
    summary, seconds = balance(pack, count, workers, prefix)
    lines = [
        f"Balance: the bot built and flew {count} seeds ({prefix}1 to {prefix}{count}), "
        f"every round; {workers} worker{'s' if workers != 1 else ''}, {seconds:.1f} s.",
        "Scores are round scores as on the sheet; p2 is the 2nd percentile.",
        *summary.lines(),
    ]
    if save:
        data = summary.reference(content)
        REFERENCE.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        lines.append(f"Reference for seed verdicts saved ({REFERENCE.name}).")
    return "\n".join(lines) + "\n"
