"""A written game folder as the commands that read it see it: its plan, its pack copy and
its rules. `today`, `rankings` and `digest` work on a folder `game` wrote.

The pack is loaded (and the plan read as its game types it) only when a command asks for
the rules, the content or the typed plan: `today` reads what it shows from the folder's
outline instead (host/outline.py), kept in the host's cache, and so answers without loading
the pack or planning the month when nothing it depends on changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from generator.common.errors import SheetgenError, abridge, display_path
from generator.folder.in_place import finish_before_reading
from generator.folder.write import PLAN_FILE, read_existing_plan
from generator.games.capabilities import lacking
from generator.pack.folders import SNAPSHOT_DIR

if TYPE_CHECKING:
    from generator.games import GameRules
    from generator.host.outline import Outline
    from generator.plan.shared import SharedPlan

OUTPUT_DIR = Path("output")
PAPERS = ("a4", "letter")  # what `--paper both` writes, in the order posts name them


V = TypeVar("V")


class _Loaded(Generic[V]):
    """A field of GameFolder that is loaded with the pack when first read (GameFolder.load),
    unless it was given. A dataclass field's descriptor: `dataclasses.replace(game,
    typed=...)` still gives a game with that part replaced."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, game: GameFolder | None, owner: type) -> V:
        if game is None:
            return cast(V, _UNSET)  # the field's default: not given
        if self.name not in game.__dict__:
            game.load()
        return cast(V, game.__dict__[self.name])  # as __set__ or load stored it

    def __set__(self, game: GameFolder, value: V) -> None:
        if value is not _UNSET:
            game.__dict__[self.name] = value


_UNSET: Any = object()
LOADED = ("rules", "content", "title", "typed")


@dataclass
class GameFolder:
    """A game folder: `root` and its `plan` (plan.json's data) at once; its pack's rules and
    content, its title and the typed plan when first read (or as given)."""

    root: Path
    plan: dict[str, Any]
    rules: _Loaded[GameRules] = _Loaded()
    content: _Loaded[Any] = _Loaded()
    title: _Loaded[str] = _Loaded()  # the game's name, as its pack calls it
    # The plan as the game's rules read it (generator/plan/model.py).
    typed: _Loaded[Any] = _Loaded()
    pack_ref: str = ""  # the folder's pack copy if it has one, else the pack's name
    # What `today` reads instead of the rules, when it has it (host/outline.py).
    outline: Outline | None = None
    # The folders the pack was read from (when it was loaded).
    pack_roots: list[Path] = field(default_factory=list)

    def load(self) -> None:
        """Load the pack and read the plan as its game types it (the parts not given). With
        an outline and no pack loaded, the title is the outline's."""
        if all(name in self.__dict__ for name in LOADED):
            return
        from generator.games import ScheduledGame
        from generator.kit.session import check_recorded_plan, load_content
        from generator.plan.model import PlanError, read_plan

        pack, rules, content = load_content(self.pack_ref)
        self.__dict__.setdefault("rules", rules)
        self.__dict__.setdefault("content", content)
        self.__dict__.setdefault("title", pack.meta.title)
        if "typed" not in self.__dict__:
            shown = display_path(self.root / PLAN_FILE)
            if self.plan.get("pack") != pack.name:  # say so, not every key the plan lacks
                raise PlanError(
                    f"{shown}: a plan of the {abridge(repr(self.plan.get('pack')), 40)} pack, "
                    f"but this game's pack is {pack.name!r} ({display_path(pack.root)})"
                )
            typed = read_plan(rules.plan_type, self.plan, shown)
            if isinstance(rules, ScheduledGame):
                check_recorded_plan(pack, rules, content, self.plan, shown)
            self.__dict__["typed"] = typed
        self.pack_roots = [p.root for p in pack.chain()]

    @cached_property
    def shared(self) -> SharedPlan:
        """The plan's shared part (header, schedule, rhythm, options), read from plan.json
        without the game's modules: what the host's commands read of the calendar."""
        from generator.plan.shared import read_shared

        return read_shared(self.plan, display_path(self.root / PLAN_FILE))

    @property
    def loaded(self) -> bool:
        return all(name in self.__dict__ for name in LOADED)

    @property
    def papers(self) -> tuple[str, ...]:
        """The papers the folder's sheets were written for (`--paper`, the game file's
        `paper:`): the posts a host is told to attach name only sheets that exist. A folder
        without sheets (written before them, or a table game) names both, as it was made."""
        sheets = self.root / "sheets"
        found = tuple(
            paper
            for paper in PAPERS
            if sheets.is_dir() and not sheets.is_symlink() and any(sheets.glob(f"*-{paper}*.pdf"))
        )
        return found or PAPERS


def find_folder(folder: Path | None) -> Path:
    """The folder given; else the working directory if it holds a game; else the one game
    under output/. Several games or none: an error naming them."""
    if folder is not None:
        if not (folder / PLAN_FILE).is_file():
            raise SheetgenError(f"{display_path(folder)} holds no game (no {PLAN_FILE})")
        return folder
    if Path(PLAN_FILE).is_file():
        return Path(".")
    games = (
        sorted(p for p in OUTPUT_DIR.iterdir() if (p / PLAN_FILE).is_file())
        if OUTPUT_DIR.is_dir()
        else []
    )
    if len(games) == 1:
        return games[0]
    if not games:
        raise SheetgenError("no game here: give the game folder with -o (e.g. -o output/my-game)")
    listed = ", ".join(display_path(g) for g in games)
    raise SheetgenError(f"several games under output/ ({listed}): choose one with -o")


def open_folder(folder: Path | None, lazy: bool = False) -> GameFolder:
    """The game in the folder, its pack loaded (its problems said) now, or with `lazy` when
    first needed."""
    root = find_folder(folder)
    # A write killed after its commit is finished first, so the whole game is read.
    finish_before_reading(root)
    plan = read_existing_plan(root)
    if plan is None or not isinstance(plan.get("pack"), str):
        raise SheetgenError(f"{display_path(root / PLAN_FILE)}: not a sheetgen plan")
    kept = root / SNAPSHOT_DIR
    pack_ref = str(kept) if kept.is_dir() else plan["pack"]
    game = GameFolder(root, plan, pack_ref=pack_ref)
    if not lazy:
        game.load()
    return game


def require_schedule(game: GameFolder) -> None:
    """today and digest work on games whose posts are planned ahead, slot by slot."""
    if game.outline is not None:
        has_posts = game.outline.posts_planned
    else:
        from generator.games import ScheduledGame

        has_posts = isinstance(game.rules, ScheduledGame)
    if not has_posts or not game.shared.schedule:
        raise lacking(game.title, "posts", "this command (it works for games with a schedule)")
