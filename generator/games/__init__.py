"""How the core finds and runs a game.

A pack's `pack.yaml` names its rules module (`game: galaxy_trucker`); the module lives in
this package and exposes a `RULES` object with the interface below. The core only speaks to
that interface, so adding a game adds a content folder and a module, never a branch here."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from generator.common.errors import ContentError, SheetgenError
from generator.common.output_file import OutputFile as OutputFile  # games build these
from generator.games.capabilities import Capabilities as Capabilities  # games declare these
from generator.games.capabilities import TableHost as TableHost  # table games declare this
from generator.games.capabilities import lacking

if TYPE_CHECKING:
    # Types only: the CLI imports this package (for capabilities) before any command runs,
    # and the pack loader brings pydantic and YAML with it.
    from generator.pack.load import Pack
    from generator.plan.model import Plan, PlanHeader
    from generator.plan.month import HostTask
    from generator.render.text import Post

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


class GameRules(ABC):
    """What a game module provides (as its `RULES`): the stages every game has, and its
    optional capabilities (`capabilities`). `content` is whatever its `load` returns."""

    # The game's plan dataclass (a generator.plan.model.Plan), to read plan.json back.
    plan_type: type[Plan]
    # The rules module an expansion builds on: its packs may extend that game's packs.
    base_game: str | None = None

    @abstractmethod
    def load(self, pack: Pack) -> Any:
        """Validate the pack's documents; raise ContentError with every problem."""

    @abstractmethod
    def round_count(self, content: Any) -> int: ...

    @abstractmethod
    def turn_count(self, content: Any) -> int: ...

    @abstractmethod
    def make_plan(self, content: Any, header: PlanHeader, start: dt.date | None) -> Plan:
        """Every random choice of the game (seeded by header.seed), after the header."""

    @abstractmethod
    def outputs(
        self, content: Any, plan: Any, scope: Scope, options: RenderOptions
    ) -> list[OutputFile]:
        """The files a scope produces (posts, images, sheets), pure in (content, plan)."""

    def turn_post(self, content: Any, plan: Any, turn: int) -> str:
        """The text a host pastes for that turn (shown by `sheetgen turn`); only games whose
        capabilities say `turns`."""
        raise lacking(type(self).__name__, "turns", "`sheetgen turn`")

    @property
    def capabilities(self) -> Capabilities:
        """The game's optional powers; none by default."""
        return Capabilities()

    # --- the host's month, for a game with planned posts (plan/month.py) ----------------
    def round_ends(self, content: Any, plan: Any) -> list[tuple[str, int]]:
        """Each scored round's key in scores.csv and the turn of its last post, in play
        order; by default the game's one score after its last post. A game scored after
        each round says where each ends."""
        scoring = self.capabilities.scoring
        if scoring is None:
            return []
        from generator.plan.model import as_data

        last = as_data(plan)["schedule"][-1]["turn"]
        return [(scoring(content, plan).rounds[-1], last)]

    def host_tasks(self, content: Any, plan: Any) -> list[HostTask]:
        """The rankings, catch-up pages and reveal of the month, in the order they are due."""
        from generator.plan.model import as_data
        from generator.plan.month import month_tasks

        return month_tasks(as_data(plan), self.round_ends(content, plan))

    def month_posts(self, content: Any, plan: Any, posts: list[Post]) -> list[Post]:
        """The game's posts with what players read of the month: the schedule post before
        day 1, a line before each day off, and when each round's scores are due."""
        from generator.plan.model import as_data
        from generator.plan.month import month_tasks
        from generator.render.month_posts import with_month

        data = as_data(plan)  # once: a typed plan's JSON form is not free to make
        return with_month(posts, data, month_tasks(data, self.round_ends(content, plan)))


# Games installed beside sheetgen: an entry point of this group names a game and the module
# whose `RULES` it is (`card_flip = "my_games.card_flip"`), and its packs say `game: NAME`.
GAMES_GROUP = "sheetgen.games"


def _installed_games() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=GAMES_GROUP)}


def _built_in_games() -> list[str]:
    # A game is a package; a module beside them (capabilities) is the games' shared code.
    return [
        m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and not m.name.startswith("_")
    ]


def available_games() -> list[str]:
    return sorted({*_built_in_games(), *_installed_games()})


def game_module(name: str) -> str:
    """The module that holds a game's `RULES`: one of this package's, or an installed one."""
    if name in _built_in_games():
        return f"{__name__}.{name}"
    return _installed_games()[name]


def rules_for(pack: Pack) -> GameRules:
    name = pack.meta.game
    # A game of this package's needs no look at the installed ones (reading every installed
    # distribution's entry points costs a daily command a tenth of its time).
    if name not in _built_in_games() and name not in _installed_games():
        message = f"no rules module {name!r} (expected one of: {', '.join(available_games())})"
        if pack.meta_document is None:
            raise SheetgenError(message)
        raise ContentError([pack.meta_document.problem(("game",), message)])
    rules = importlib.import_module(game_module(name)).RULES
    if not isinstance(rules, GameRules):
        raise SheetgenError(f"game {name!r}: its RULES is not a sheetgen game")
    base = pack.base
    # A pack extends a pack of its own game, or of the game its rules build on (Keep on
    # Trucking's extend Galaxy Trucker's).
    if base is not None and base.meta.game not in (name, rules.base_game):
        message = (
            f"got {name!r} (expected {base.meta.game!r}, the game of the pack it extends, "
            f"{base.name})"
        )
        if pack.meta_document is None:
            raise SheetgenError(message)
        raise ContentError([pack.meta_document.problem(("game",), message)])
    return rules
