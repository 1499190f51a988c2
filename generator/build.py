"""One game from content to files, in one readable line of steps:

    content (pack + rules) -> plan (typed) -> outputs (posts, images, sheets) -> write

`open_game` (session.py) loads the content and makes the plan. `settle` checks it against a
game folder that already holds this game: the plan recorded there is read back and must be
the plan made now, or the run stops with a clear error (a planner or content change would
otherwise silently alter a running game). `build` asks the game's rules for the files of a
scope and writes them with the plan and the pack copy, all or nothing. The CLI parses
options, calls these and reports."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content import SNAPSHOT_DIR, snapshot
from generator.errors import display_path
from generator.games import OutputFile, RenderOptions, Scope
from generator.output import IDENTITY_KEYS, PLAN_FILE, read_existing_plan, write_game
from generator.plan import PlanError, first_difference, read_plan, to_data
from generator.session import Game, open_game

Report = Callable[[str], None]


@dataclass(frozen=True)
class Recorded:
    """What a game folder says about the game in it."""

    seed: str
    pack: str  # the folder's own pack copy if it has one, else the pack's name
    start: dt.date | None
    options: dict[str, Any]


def recorded_game(root: Path) -> Recorded | None:
    """The game a folder holds (`sheetgen turn 5 -o output/my-game` goes on with it)."""
    data = read_existing_plan(root)
    if data is None or not isinstance(data.get("seed"), str):
        return None
    kept = root / SNAPSHOT_DIR
    start = data.get("start")
    return Recorded(
        seed=data["seed"],
        pack=str(kept) if kept.is_dir() else str(data.get("pack")),
        start=dt.date.fromisoformat(start) if isinstance(start, str) else None,
        # A game that takes options records them in its plan (Keep on Trucking's ships).
        options=dict(data["options"]) if isinstance(data.get("options"), dict) else {},
    )


def open_in_folder(
    pack_ref: str,
    seed: str,
    start: dt.date | None,
    output: Path | None,
    report: Report,
    options: dict[str, Any] | None = None,
) -> tuple[Game, Path]:
    """The game and the folder it goes to; a start date already recorded there is kept."""
    game = open_game(pack_ref, seed, start, options)
    root = output or game.default_folder()
    if start is None:
        recorded = recorded_game(root)
        existing = read_existing_plan(root) if recorded else None
        if (
            recorded
            and recorded.start
            and existing
            and existing.get("seed") == game.seed
            and existing.get("pack") == game.pack.name
        ):
            report(f"Using start date {recorded.start} recorded in {display_path(root)}")
            game = open_game(pack_ref, seed, recorded.start, options)
    return game, root


def settle(game: Game, root: Path, force: bool) -> Game:
    """The game with the plan recorded in `root` when the folder holds this very game.
    A recorded plan that differs from the plan made now is an error: the game's posts must
    all come from one plan. `force` replaces the recorded plan instead."""
    existing = read_existing_plan(root)
    plan_data = to_data(game.plan)
    if existing is None or force:
        return game
    if any(existing.get(k) != plan_data.get(k) for k in IDENTITY_KEYS):
        return game  # another game: write_game refuses it (or replaces it with --force)
    shown = display_path(root / PLAN_FILE)
    recorded = read_plan(game.rules.plan_type, existing, shown)
    if recorded != game.plan:
        where = first_difference(to_data(recorded), plan_data)
        raise PlanError(
            f"{shown}: the recorded plan differs from the plan this sheetgen makes for the "
            f"same seed and content (first at {where}): the game was planned by another "
            "version; go on with that version, or use --force to replace the recorded plan "
            "(the players' game changes)"
        )
    return dataclasses.replace(game, plan=recorded)


def build(game: Game, root: Path, scope: Scope, options: RenderOptions, force: bool) -> list[Path]:
    """Write the files of `scope` for `game` into `root`; returns the paths written."""
    game = settle(game, root, force)
    files = game.rules.outputs(game.content, game.plan, scope, options)
    files += [OutputFile(name, data) for name, data in snapshot(game.pack)]
    return write_game(root, to_data(game.plan), files, force)
