"""How the core finds and runs a game.

A pack's `pack.yaml` names its rules module (`game: galaxy_trucker`); the module lives in
this package and exposes a `RULES` object with the interface below. The core only speaks to
that interface, so adding a game adds a content folder and a module, never a branch here."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from generator.common.errors import ContentError, SheetgenError
from generator.common.output_file import OutputFile as OutputFile  # games build these
from generator.games.capabilities import Capabilities as Capabilities  # games declare these
from generator.games.capabilities import TableHost as TableHost  # table games declare this

if TYPE_CHECKING:
    # Types only: the CLI imports this package (for capabilities) before any command runs,
    # and the pack loader brings the content models and YAML with it.
    from generator.host.table_view import TableNow, TableSource, TableThread
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
    # The numbers BGG gave the host's uploaded pictures (picture file -> ImageID, from the
    # folder's bgg-images.txt): the BGG texts are written with them, not with placeholders.
    image_ids: Mapping[str, int] = field(default_factory=dict, hash=False)


class GameRules(ABC):
    """What every game module provides (as its `RULES`): its content, its files and its
    optional capabilities (`capabilities`). A game is one of two kinds, each with only the
    stages it has: a `ScheduledGame` (rounds and turns planned ahead, posted on a schedule)
    or a `TableGame` (its posts follow the players' moves, entry by entry in a log). A table
    whose deal is decided ahead is also a `PlannedGame`. `content` is whatever `load`
    returns."""

    # The game's plan dataclass, to read plan.json back: a Plan (generator.plan.model), or
    # the PlanHeader alone (which pack, which seed) for a game that decides nothing ahead.
    plan_type: type[PlanHeader]
    # The rules module an expansion builds on: its packs may extend that game's packs.
    base_game: str | None = None

    @abstractmethod
    def load(self, pack: Pack) -> Any:
        """Validate the pack's documents; raise ContentError with every problem."""

    @abstractmethod
    def outputs(
        self, content: Any, plan: Any, scope: Scope, options: RenderOptions
    ) -> list[OutputFile]:
        """The files a scope produces (posts, images, sheets), pure in (content, plan)."""

    @property
    def capabilities(self) -> Capabilities:
        """The game's optional powers; none by default."""
        return Capabilities()


class PlannedGame(GameRules):
    """A game whose seed decides it ahead, round by round and turn by turn: its plan holds
    every random choice, and `sheetgen turn N` prints a turn's text."""

    plan_type: type[Plan]

    @abstractmethod
    def round_count(self, content: Any) -> int: ...

    @abstractmethod
    def turn_count(self, content: Any) -> int: ...

    @abstractmethod
    def make_plan(
        self,
        content: Any,
        header: PlanHeader,
        start: dt.date | None,
        options: dict[str, Any] | None = None,
    ) -> Plan:
        """Every random choice of the game (seeded by header.seed), after the header.
        `options`: the game file's game options, for a game that takes some
        (`capabilities.options`); the core refuses them for any other."""

    @abstractmethod
    def turn_post(self, content: Any, plan: Any, turn: int) -> str:
        """The text a host pastes for that turn (shown by `sheetgen turn`)."""


class ScheduledGame(PlannedGame):
    """A game of planned posts: rounds of turns, each turn's posts due on a day of the
    schedule, and the host's month around them (rankings, catch-up pages, reveal)."""

    @abstractmethod
    def posts(
        self,
        content: Any,
        plan: Any,
        scope: Scope,
        papers: tuple[str, ...] = ("a4", "letter"),
        images: bool = True,
    ) -> list[Post]:
        """Its posts planned ahead (posting guide, `today`, `digest`, the catch-up page)."""

    # --- the host's month (plan/month.py) ------------------------------------------------
    def round_ends(self, content: Any, plan: Any) -> list[tuple[str, int]]:
        """Each scored round's key in scores.csv and the turn of its last post, in play
        order; by default the game's one score after its last post. A game scored after
        each round says where each ends."""
        scoring = self.capabilities.scoring
        if scoring is None:
            return []
        return [(scoring(content, plan).rounds[-1], plan.schedule[-1].turn)]

    def host_tasks(self, content: Any, plan: Any) -> list[HostTask]:
        """The rankings, catch-up pages and reveal of the month, in the order they are due."""
        from generator.plan.month import month_tasks
        from generator.plan.shared import shared_of

        return month_tasks(shared_of(plan), self.round_ends(content, plan))

    def month_posts(self, content: Any, plan: Any, posts: list[Post]) -> list[Post]:
        """The game's posts with what players read of the month: the schedule post before
        day 1, a line before each day off, and when each round's scores are due."""
        from generator.plan.month import month_tasks
        from generator.plan.shared import shared_of
        from generator.render.month_posts import with_month

        shared = shared_of(plan)
        return with_month(posts, shared, month_tasks(shared, self.round_ends(content, plan)))


class TableGame(GameRules):
    """A game whose posts follow the players' moves, each logged in its table log: the
    host's commands (`today`, `digest`, `correct`) read the table as the log leaves it."""

    # The game keeps its secret (the seed) in its game file, never in its folder: today and
    # digest need that file (`--game GAME_FILE`) to replay the table.
    needs_game_file: bool = False

    @abstractmethod
    def table_now(self, source: TableSource) -> TableNow:
        """The table after its latest entry: who acts now, and what to post and send now."""

    @abstractmethod
    def table_thread(self, source: TableSource) -> TableThread:
        """Every post published so far, in log order, with its round or turn."""

    # `sheetgen correct ENTRY --say TEXT`: a correction in words of a posted entry, logged
    # and posted by the game's table (None: the game corrects only by its own undo).
    table_correct: Callable[[TableSource, int, str], None] | None = None

    @property
    def table(self) -> TableHost:
        """What the host's commands follow the table by."""
        return TableHost(
            now=self.table_now,
            thread=self.table_thread,
            needs_game_file=self.needs_game_file,
            correct=self.table_correct,
        )


def table_of(rules: GameRules) -> TableHost | None:
    """A table game's thread, for `today` and `digest`; None for a scheduled game."""
    return rules.table if isinstance(rules, TableGame) else None


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
