"""Every random choice Keep on Trucking adds to a Galaxy Trucker game, each from its own
named stream so Galaxy Trucker's streams (and so its plans) are untouched:

- "game/set-aside": the tiles set aside once, before the first round (the Trek rule);
  every round then draws its sets from the rest, the pool whole again each round;
- "round-N/compass": on Ship IA, the die that says which edge is the front."""

from __future__ import annotations

from typing import Any

from generator.common.errors import SheetgenError, abridge
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Tile
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.galaxy_trucker.planner import make_rounds, tile_ref
from generator.games.keep_on_trucking.model import ExpansionFile
from generator.games.keep_on_trucking.plan import TruckingOptions
from generator.games.keep_on_trucking.rough_roads import DIFFICULTIES
from generator.games.keep_on_trucking.scoring import TITLE_CHOICES
from generator.plan.rng import Stream

SHIP_CHOICES = ("A", "base")


def expansion(content: GalaxyTrucker) -> ExpansionFile:
    found: ExpansionFile = content.extras["expansion"]  # the pack's, loaded by the game
    return found


def read_options(content: GalaxyTrucker, options: dict[str, Any] | None) -> TruckingOptions:
    """The game file's `ships` (A for every round, or one value per round); base by default.
    `difficulty` (Rough Roads) and `titles`: none by default."""
    rounds = len(content.rounds)
    value = (options or {}).get("ships", "base")
    unknown = sorted(set(options or {}) - {"ships", "difficulty", "titles"})
    if unknown:
        raise SheetgenError(
            f"unknown game option {', '.join(unknown)} for Keep on Trucking "
            "(expected: ships, difficulty, titles)"
        )
    difficulty = (options or {}).get("difficulty", "none")
    if difficulty not in DIFFICULTIES:
        raise SheetgenError(
            f"difficulty: got {abridge(repr(difficulty), 60)} "
            f"(expected one of: {', '.join(DIFFICULTIES)})"
        )
    titles = str((options or {}).get("titles", "none"))
    if titles not in TITLE_CHOICES:
        raise SheetgenError(
            f"titles: got {abridge(repr(titles), 60)} (expected one of: {', '.join(TITLE_CHOICES)})"
        )
    ships = [value] * rounds if isinstance(value, str) else list(value)
    if len(ships) != rounds or any(s not in SHIP_CHOICES for s in ships):
        raise SheetgenError(
            f"ships: got {abridge(repr(value), 60)} (expected A or base, or a list of {rounds} "
            "of them, one per round)"
        )
    return TruckingOptions(ships=tuple(ships), difficulty=difficulty, titles=titles)


def ship_ids(content: GalaxyTrucker, options: TruckingOptions) -> list[str]:
    ships_a = expansion(content).ships_a
    return [
        ships_a[rnd.round] if choice == "A" else rnd.ship
        for rnd, choice in zip(content.rounds, options.ships, strict=True)
    ]


def set_aside(content: GalaxyTrucker, seed: str) -> tuple[list[Tile], list[Tile]]:
    """(set aside, the rest in pack order)."""
    count = expansion(content).set_aside
    aside = Stream(seed, "game", "set-aside").sample(content.tiles, count)
    ids = {t.id for t in aside}
    return aside, [t for t in content.tiles if t.id not in ids]


def compass_rolls(content: GalaxyTrucker, seed: str, ships: list[str]) -> tuple[int | None, ...]:
    return tuple(
        Stream(seed, f"round-{rnd.round}", "compass").die()
        if content.boards[ship].hits == "labels"
        else None
        for rnd, ship in zip(content.rounds, ships, strict=True)
    )


def plan_game(
    content: GalaxyTrucker, seed: str, options: TruckingOptions
) -> tuple[tuple[Tile, ...], tuple[RoundPlan, ...], tuple[int | None, ...]]:
    aside, rest = set_aside(content, seed)
    ships = ship_ids(content, options)
    rounds = make_rounds(content, seed, pool=rest, ships=ships)
    return tuple(aside), rounds, compass_rolls(content, seed, ships)


__all__ = ["plan_game", "read_options", "tile_ref"]
