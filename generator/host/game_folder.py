"""A written game folder as the commands that read it see it: its plan, its pack copy and
its rules. `today`, `rankings` and `digest` work on a folder `game` wrote."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.errors import SheetgenError, display_path
from generator.folder.write import PLAN_FILE, read_existing_plan
from generator.games import GameRules, lacking
from generator.kit.session import load_content
from generator.pack.load import SNAPSHOT_DIR
from generator.plan.model import read_plan

OUTPUT_DIR = Path("output")
PAPERS = ("a4", "letter")  # what `--paper both` writes, in the order posts name them


@dataclass
class GameFolder:
    root: Path
    plan: dict[str, Any]
    rules: GameRules
    content: Any
    title: str  # the game's name, as its pack calls it
    typed: Any = None  # the plan as the game's rules read it (generator/plan/model.py)

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


def open_folder(folder: Path | None) -> GameFolder:
    root = find_folder(folder)
    plan = read_existing_plan(root)
    if plan is None or not isinstance(plan.get("pack"), str):
        raise SheetgenError(f"{display_path(root / PLAN_FILE)}: not a sheetgen plan")
    kept = root / SNAPSHOT_DIR
    pack_ref = str(kept) if kept.is_dir() else plan["pack"]
    pack, rules, content = load_content(pack_ref)
    typed = read_plan(rules.plan_type, plan, display_path(root / PLAN_FILE))
    return GameFolder(root, plan, rules, content, pack.meta.title, typed)


def require_schedule(game: GameFolder) -> None:
    """today and digest work on games whose posts are planned ahead, slot by slot."""
    schedule = game.plan.get("schedule")
    if not isinstance(schedule, list) or not schedule or game.rules.capabilities.posts is None:
        raise lacking(game.title, "posts", "this command (it works for games with a schedule)")
