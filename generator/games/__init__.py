"""How the core finds and runs a game.

A pack's `pack.yaml` names its rules module (`game: galaxy_trucker`); the module lives in
this package and exposes a `RULES` object with the interface below. The core only speaks to
that interface, so adding a game adds a content folder and a module, never a branch here."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from generator.content import Pack
from generator.errors import ContentError, SheetgenError
from generator.output_file import OutputFile as OutputFile  # games build these
from generator.plan import Plan, PlanHeader

ScopeKind = Literal["game", "round", "turn", "sheets"]


@dataclass(frozen=True)
class Scope:
    """What a command asks for: the whole game, one round, one turn, or the sheets only."""

    kind: ScopeKind
    number: int | None = None


@dataclass(frozen=True)
class RenderOptions:
    papers: tuple[str, ...] = ("a4", "letter")
    images: bool = True
    progress: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class GameRules(Protocol):
    """What a game module provides. `content` is whatever its `load` returns."""

    def load(self, pack: Pack) -> Any:
        """Validate the pack's documents; raise ContentError with every problem."""

    def round_count(self, content: Any) -> int: ...

    def turn_count(self, content: Any) -> int: ...

    # The game's plan dataclass (a generator.plan.Plan), to read plan.json back.
    plan_type: type[Plan]

    def make_plan(self, content: Any, header: PlanHeader, start: dt.date | None) -> Plan:
        """Every random choice of the game (seeded by header.seed), after the header."""

    def outputs(
        self, content: Any, plan: Any, scope: Scope, options: RenderOptions
    ) -> list[OutputFile]:
        """The files a scope produces (posts, images, sheets), pure in (content, plan)."""

    def turn_post(self, content: Any, plan: Any, turn: int) -> str:
        """The text a host pastes for that turn (shown by `sheetgen turn`)."""

    # Optional: a game with an automatic scorer also defines
    #   score(content, plan, grid_file: Path) -> str
    # which reads a player's sheet (raising SheetgenError with line and column on bad
    # input) and returns the step-by-step account; `sheetgen score PACK GRID` calls it.
    # A game scored round by round takes `round_number` too (`--round N`), and a game with
    # a balance bot may define `verdict(content, plan)` and `balance(...)` (Galaxy Trucker).
    # A game whose players post scores defines
    #   scoring(content, plan) -> generator.rankings.ScoreSpec
    # (the columns of its scores.csv); `sheetgen rankings` calls it.


def available_games() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def rules_for(pack: Pack) -> GameRules:
    name = pack.meta.game
    if name not in available_games():
        message = f"no rules module {name!r} (expected one of: {', '.join(available_games())})"
        if pack.meta_document is None:
            raise SheetgenError(message)
        raise ContentError([pack.meta_document.problem(("game",), message)])
    module = importlib.import_module(f"{__name__}.{name}")
    return module.RULES
