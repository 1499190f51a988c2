"""One game from content to files, in one readable line of steps:

    content (pack + rules) -> plan (typed) -> outputs (posts, images, sheets) -> write

`open_game` (session.py) loads the content and makes the plan. `settle` checks it against a
game folder that already holds this game: the plan recorded there is read back and must be
the plan made now, or the run stops with a clear error (a planner or content change would
otherwise silently alter a running game). `build` asks the game's rules for the files of a
scope and writes them with the plan and the pack copy, all or nothing. The CLI parses
options, calls these and reports."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.errors import SheetgenError, display_path
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.common.warnings_count import warn
from generator.folder.bgg_images import BGG_IMAGES_FILE, read_image_map
from generator.folder.corrections_log import read_corrections
from generator.folder.game_mark import same_drawn_game
from generator.folder.write import IDENTITY_KEYS, PLAN_FILE, read_existing_plan, write_game
from generator.games import OutputFile, RenderOptions, Scope
from generator.kit.assemble import GUIDE_FILE
from generator.pack.folders import SNAPSHOT_DIR
from generator.plan.model import PlanError, first_difference, read_plan, same_data, to_data
from generator.plan.shared import shared_of
from generator.render.bgg_image_ids import carries_image_id
from generator.render.calendar_name import CALENDAR_FILE
from generator.render.corrections_guide import with_corrections

if TYPE_CHECKING:
    # The pack loader and the rhythm's schema (msgspec) and the calendar (icalendar) are
    # loaded by the steps that use them: a command that finds what it needs in the folder
    # goes without them.
    from generator.kit.session import Game
    from generator.plan.rhythm import Rhythm
    from generator.render.calendar_ics import Issued


Report = Callable[[str], None]
DEFAULT_OUTPUT = "output"
# A game's calendar is a few hundred kilobytes; anything far larger is not one.
MAX_CALENDAR_BYTES = 20_000_000


@dataclass(frozen=True)
class Recorded:
    """What a game folder says about the game in it."""

    seed: str
    pack: str  # the folder's own pack copy if it has one, else the pack's name
    start: dt.date | None
    options: dict[str, Any]


@dataclass(frozen=True)
class FolderPlan:
    """A folder's plan.json as this command found it, read once: every step that asks what
    the folder holds (which game, its start date and rhythm, the plan to go on with) asks
    this. Only the write reads it again, under the folder's lock, in case another run
    wrote in between."""

    root: Path
    data: dict[str, Any] | None  # None: no game in the folder


def folder_plan(root: Path, tolerant: bool = False) -> FolderPlan:
    """`tolerant` (--force): a damaged plan.json is no game, about to be replaced."""
    return FolderPlan(root, read_existing_plan(root, tolerant=tolerant))


def recorded_game(found: FolderPlan) -> Recorded | None:
    """The game a folder holds (`sheetgen turn 5 -o output/my-game` goes on with it)."""
    data = found.data
    if data is None or not isinstance(data.get("seed"), str):
        return None
    kept = found.root / SNAPSHOT_DIR
    start = data.get("start")
    return Recorded(
        seed=data["seed"],
        pack=str(kept) if kept.is_dir() else str(data.get("pack")),
        start=dt.date.fromisoformat(start) if isinstance(start, str) else None,
        # A game that takes options records them in its plan (Keep on Trucking's ships).
        options=dict(data["options"]) if isinstance(data.get("options"), dict) else {},
    )


def games_in(folder: Path) -> list[tuple[Path, dict[str, Any]]]:
    """The games in a folder: the folder itself if it holds one, else its game sub-folders."""
    plan = read_existing_plan(folder) if folder.is_dir() else None
    if plan is not None:
        return [(folder, plan)]
    if not folder.is_dir():
        return []
    found = []
    for child in sorted(folder.iterdir()):
        if child.is_dir() and not child.is_symlink() and (child / "plan.json").is_file():
            recorded = read_existing_plan(child)
            if recorded is not None:
                found.append((child, recorded))
    return found


def _listing(games: list[tuple[Path, dict[str, Any]]]) -> str:
    return "\n".join(
        f"  {display_path(path)}  (game {plan.get('game_id')}, {plan.get('pack')})"
        for path, plan in games
    )


def pick_running_game(output: Path | None, report: Report) -> FolderPlan:
    """`turn N` / `round N` with no seed and no game file go on with the one game in -o, else
    in the folder they run in (as every host command does), else in output/; never start a
    new game by accident."""
    if output is not None:
        folder = output
    else:
        folder = Path(".") if Path(PLAN_FILE).is_file() else Path(DEFAULT_OUTPUT)
    games = games_in(folder)
    if len(games) == 1:
        path, plan = games[0]
        report(f"Going on with game {plan.get('game_id')} in {display_path(path)}")
        return FolderPlan(path, plan)
    if not games:
        raise SheetgenError(
            f"no game in {display_path(folder)}; start one with `sheetgen game`, or name it "
            "with --game FILE, --seed or -o FOLDER"
        )
    raise SheetgenError(
        f"{display_path(folder)} holds {len(games)} games; say which with -o FOLDER "
        f"(or --game FILE):\n{_listing(games)}"
    )


def refuse_unknown_game(game: Game, root: Path, output: Path | None) -> None:
    """A seed given for `turn`/`round` that makes none of the games already written is most
    likely mistyped: refuse rather than quietly start a new game beside them."""
    if output is not None or root.exists():
        return  # an explicit folder is checked against its plan when writing
    games = games_in(root.parent)
    if games:
        raise SheetgenError(
            f"this seed makes game {game.plan.game_id}, which is not in "
            f"{display_path(root.parent)}; is the seed mistyped? The games there:\n"
            f"{_listing(games)}\nStart a new game with `sheetgen game`."
        )


def open_in_folder(
    pack_ref: str,
    seed: str,
    start: dt.date | None,
    output: Path | None,
    report: Report,
    force: bool = False,
    rhythm: Rhythm | None = None,
    options: dict[str, Any] | None = None,
    found: FolderPlan | None = None,
) -> tuple[Game, FolderPlan]:
    """The game and the folder it goes to, with what that folder holds (`found`, when the
    caller has read it already); a start date and a posting rhythm already recorded there
    are kept. The pack is loaded once and the game planned once."""
    from generator.kit.session import default_folder, load_content, plan_game, plan_header

    pack, rules, content = load_content(pack_ref)
    root = output or default_folder(pack.name, plan_header(pack, seed, start).game_id)
    if found is None or found.root != root:
        found = folder_plan(root, tolerant=force)
    existing = found.data
    same = (
        existing is not None and existing.get("seed") == seed and existing.get("pack") == pack.name
    )
    from generator.kit.session import recorded_rhythm

    if start is None and same and existing and existing.get("start"):
        start = dt.date.fromisoformat(existing["start"])
        report(f"Using start date {start} recorded in {display_path(root)}")
        rhythm = rhythm or recorded_rhythm(existing.get("rhythm"))
    elif rhythm is None and same and existing and existing.get("start") == _iso(start):
        # Without a game file, the posting rhythm the folder was written with stays.
        rhythm = recorded_rhythm(existing.get("rhythm"))
    return plan_game(pack, rules, content, seed, start, rhythm, options), found


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def settle(game: Game, found: FolderPlan, force: bool) -> Game:
    """The game with the plan recorded in the folder when it holds this very game.
    A recorded plan that differs from the plan made now is an error: the game's posts must
    all come from one plan. `force` replaces the recorded plan instead."""
    if force:
        return game
    root, existing = found.root, found.data
    plan_data = to_data(game.plan)
    if existing is None:
        return game
    if any(existing.get(k) != plan_data.get(k) for k in IDENTITY_KEYS):
        return game  # another game: write_game refuses it (or replaces it with --force)
    if same_data(existing, plan_data):
        # The very plan made now (the usual `turn N`): nothing to read back or compare.
        return game
    shown = display_path(root / PLAN_FILE)
    recorded = read_plan(game.rules.plan_type, existing, shown)
    # The calendar (dates and clock times of a posting rhythm) may be edited mid-game: it
    # feeds no random choice. Everything else must be the plan the game began with.
    choices, recorded_choices = _choices(plan_data), _choices(to_data(recorded))
    if recorded_choices != choices:
        where = first_difference(recorded_choices, choices)
        raise PlanError(
            f"{shown}: the recorded plan differs from the plan this sheetgen makes for the "
            f"same seed and content (first at {where}): the game was planned by another "
            "version; go on with that version, or use --force to replace the recorded plan "
            "(the players' game changes)"
        )
    return game


CALENDAR = ("schedule", "rhythm")


def _choices(plan: dict[str, Any]) -> dict[str, Any]:
    """A plan's JSON form without its calendar: what the seed decided."""
    return {k: v for k, v in plan.items() if k not in CALENDAR}


def write_more(game: Game, found: FolderPlan, files: list[OutputFile], force: bool) -> list[Path]:
    """Files beyond the scopes (the reveal post) into the game's folder, with its plan."""
    game = settle(game, found, force)
    return write_game(found.root, to_data(game.plan), files, force)


def build(
    game: Game,
    found: FolderPlan,
    scope: Scope,
    options: RenderOptions,
    force: bool,
    report: Report | None = None,
) -> list[Path]:
    """Write the files of `scope` for `game` into its folder; returns the paths written.
    `report`: told how many calendar events changed, when some did."""
    plan, files = scope_outputs(game, found, scope, options, force, report)
    return write_game(found.root, plan, files, force)


def scope_outputs(
    game: Game,
    found: FolderPlan,
    scope: Scope,
    options: RenderOptions,
    force: bool,
    report: Report | None = None,
) -> tuple[dict[str, Any], list[OutputFile]]:
    """What `build` writes: the plan's data and the files of `scope`, with the pack copy."""
    game = settle(game, found, force)
    plan = to_data(game.plan)
    if scope.kind != "sheets":  # the sheets alone: no BGG text
        options = with_recorded_image_ids(options, found, plan, report)
    files = game.rules.outputs(game.content, game.plan, scope, options)
    if options.image_ids and report is not None:
        report_image_ids(files, report)
    files = revised_calendar(files, game, found, report)
    files = guide_with_corrections(files, game, found, plan)
    from generator.pack.load import snapshot

    files += [OutputFile(name, data) for name, data in snapshot(game.pack)]
    return plan, files


def with_recorded_image_ids(
    options: RenderOptions, found: FolderPlan, plan: dict[str, Any], report: Report | None
) -> RenderOptions:
    """The options with the ImageIDs the host gave (`sheetgen bgg-image`, bgg-images.txt),
    read before the write: the BGG texts written again keep them, in the folder's one
    all-or-nothing write. They are used only for the game they were given for (`plan`'s):
    another game forced into the folder draws other pictures under the same names, and BGG
    would show the old ones (`report` says so once). A line the host broke stops the run at
    that line, before anything is written; anything but a file there (a folder, a FIFO) is
    passed by, as no numbers."""
    if not (found.root / BGG_IMAGES_FILE).is_file():
        return options
    recorded = read_image_map(found.root)
    ids = recorded.ids_for(plan, found.data)
    left_out = recorded.left_out(plan, found.data)
    if left_out is not None and report is not None:
        report(left_out)
    return replace(options, image_ids=ids) if ids else options


def report_image_ids(files: list[OutputFile], report: Report) -> None:
    """How many of the BGG texts about to be written carry a number the host gave."""
    filled = [f for f in files if f.path.endswith(".bgg.txt") and carries_image_id(f.data.decode())]
    if filled:
        report(
            f"ImageIDs from {BGG_IMAGES_FILE} filled in again: {counted(len(filled), 'BGG text')}"
        )


def guide_with_corrections(
    files: list[OutputFile], game: Game, found: FolderPlan, plan: dict[str, Any]
) -> list[OutputFile]:
    """The posting guide, when written again into a game that has corrections
    (`sheetgen correct`), keeps its corrections section. Another game's corrections (a
    `--force` over a folder with another seed, pack, content, start date or options: the
    same game id may draw and post other things) are not this game's: the write sets them
    aside and says so."""
    index = next((i for i, f in enumerate(files) if f.path == GUIDE_FILE), None)
    if index is None or not same_drawn_game(found.data, plan):
        return files
    corrections = read_corrections(found.root)
    if not corrections:
        return files
    shared = shared_of(game.plan)
    text = with_corrections(files[index].data.decode("utf-8"), shared, corrections)
    return [*files[:index], OutputFile(GUIDE_FILE, text.encode("utf-8")), *files[index + 1 :]]


def revised_calendar(
    files: list[OutputFile], game: Game, found: FolderPlan, report: Report | None
) -> list[OutputFile]:
    """The files with the calendar, if among them, revised against the one the folder holds
    for this game. The folder's schedule.ics is the one record of what the host's calendar
    app was given, event by event: its times, titles and file lists (which depend on more
    than plan.json records: `--paper` changes the print pack's files) and the SEQUENCE and
    DTSTAMP of each. Read before the folder's lock, as plan.json is."""
    index = next((i for i, f in enumerate(files) if f.path == CALENDAR_FILE), None)
    if index is None or not _holds_this_game(found, game):
        return files
    from generator.render.calendar_ics import revise

    before = previous_calendar(found.root)
    revised = revise(files[index].data, before)
    if revised.changed and report is not None:
        report(
            f"{CALENDAR_FILE}: {counted(len(revised.changed), 'event')} changed since the "
            "calendar this folder held (SEQUENCE raised); import it again to update your "
            "calendar app"
        )
    return [*files[:index], OutputFile(CALENDAR_FILE, revised.data), *files[index + 1 :]]


def _holds_this_game(found: FolderPlan, game: Game) -> bool:
    existing, plan = found.data, to_data(game.plan)
    return existing is not None and all(existing.get(k) == plan.get(k) for k in IDENTITY_KEYS)


def previous_calendar(root: Path) -> dict[str, Issued]:
    """The events of the calendar a game folder holds; none when it holds none. A calendar
    that cannot be read is said once: its events start again at SEQUENCE 0, which a calendar
    app that imported it may not take as newer."""
    from generator.render.calendar_ics import UnreadableCalendar, issued_events

    path = root / CALENDAR_FILE
    if not path.exists() and not path.is_symlink():
        return {}
    shown = display_path(path)
    try:
        return issued_events(read_regular_file(path, MAX_CALENDAR_BYTES, within=root))
    except (UnreadableFile, UnreadableCalendar) as exc:
        warn(
            f"{shown}: {exc}; the new calendar numbers its events afresh, so a calendar app "
            "that imported the old one may keep old times (delete those events there first)"
        )
        return {}
