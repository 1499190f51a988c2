"""One game as a command sees it: pack + seed + start date -> content, rules and plan.

The plan header (pack, seed, digest, commitment, game id, start) is the same for every game;
the rules module adds what its game decides."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, create_model

from generator.common.errors import ContentError, SheetgenError, display_path
from generator.games import GameRules, PlannedGame, rules_for
from generator.pack.load import Pack, load_pack
from generator.pack.validation import Strict, load_validated
from generator.plan.model import PLAN_FORMAT, PlanHeader, from_data, to_data
from generator.plan.rhythm import Rhythm, apply_rhythm, recorded
from generator.plan.seeds import commitment, game_id, normalise_seed


@dataclass
class Game:
    pack: Pack
    rules: GameRules
    content: Any
    seed: str
    start: dt.date | None
    plan: PlanHeader  # a Plan, unless the game plans nothing ahead (a table game)
    options: dict[str, Any] = field(default_factory=dict)

    def default_folder(self) -> Path:
        return default_folder(self.pack.name, self.plan.game_id)


def default_folder(pack_name: str, game_id: str) -> Path:
    """Named by the public game id, never by the seed (a folder name gets shared)."""
    return Path("output") / f"{pack_name}-{game_id}"


def load_content(pack_ref: str) -> tuple[Pack, GameRules, Any]:
    """The pack, its rules and its validated content. Every problem of every file is reported
    in one run: a file that cannot be read or parsed does not hide the others' problems."""
    pack = load_pack(pack_ref, collect=True)
    read_problems = pack.all_problems()
    try:
        rules = rules_for(pack)
        content = rules.load(pack)
    except ContentError as exc:
        raise ContentError([*read_problems, *exc.problems]) from None
    if read_problems:
        raise ContentError(read_problems)
    return pack, rules, content


def check_dates(start: dt.date | None, turns: int) -> None:
    """A game whose days would run past the last date a calendar can hold is refused up
    front (a game has at most one day per turn)."""
    if start is not None and start <= dt.date.min:
        # The print-and-post day before day 1 needs a date too.
        raise SheetgenError(
            f"start date {start.isoformat()}: the day before it is no date a calendar holds "
            "(expected 0001-01-02 or later)"
        )
    if start is not None and (dt.date.max - start).days < turns:
        raise SheetgenError(
            f"start date {start.isoformat()}: the game's {turns} turns would run past the "
            f"year 9999 (expected a start before {(dt.date.max - dt.timedelta(turns))})"
        )


def plan_header(pack: Pack, seed: str, start: dt.date | None) -> PlanHeader:
    commit = commitment(pack.name, seed, pack.digest)
    return PlanHeader(
        format=PLAN_FORMAT,
        pack=pack.name,
        pack_version=pack.meta.version,
        content_digest=pack.digest,
        seed=seed,
        commitment=commit,
        game_id=game_id(commit),
        start=start.isoformat() if start else None,
    )


def open_game(
    pack_ref: str,
    seed: str,
    start: dt.date | None,
    rhythm: Rhythm | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """`options`: the game file's game options (Keep on Trucking's `ships`); a game whose
    rules take none refuses them. Rules that take options (`capabilities.takes_options`)
    record them in the plan, so a game folder goes on with them."""
    pack, rules, content = load_content(pack_ref)
    return plan_game(pack, rules, content, seed, start, rhythm, options)


def plan_game(
    pack: Pack,
    rules: GameRules,
    content: Any,
    seed: str,
    start: dt.date | None,
    rhythm: Rhythm | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """The game of content already loaded: a command that learns its start date from the
    folder only after loading the pack plans once, without loading the pack again."""
    header = plan_header(pack, seed, start)
    options = {k: v for k, v in (options or {}).items() if v is not None}
    if options and not rules.capabilities.takes_options:
        raise SheetgenError(
            f"the {pack.name} pack takes no game options (got {', '.join(sorted(options))})"
        )
    plan: PlanHeader = header  # a table game that decides nothing ahead: the header alone
    if isinstance(rules, PlannedGame):
        check_dates(start, rules.turn_count(content))
        plan = rules.make_plan(content, header, start, options or None)
    data = to_data(plan)
    if start is not None and isinstance(data.get("schedule"), list):
        # Dates and clock times only: the rhythm is applied after every random choice is
        # made and feeds no stream, so it can never change what a post shows.
        rhythm = rhythm or Rhythm()
        slots = list(dict.fromkeys(s["slot"] for s in data["schedule"]))
        data["schedule"] = apply_rhythm(data["schedule"], start, rhythm, slots)
        data["rhythm"] = rhythm.record()
        plan = from_data(rules.plan_type, data)
    elif rhythm is not None and rhythm != Rhythm():
        raise SheetgenError("a posting rhythm needs a start date (start: in the game file)")
    return Game(pack, rules, content, seed, start, plan, options)


def recorded_rhythm(plan: dict[str, Any]) -> Rhythm | None:
    """The rhythm a game folder's plan.json was written with."""
    data = plan.get("rhythm")
    if not isinstance(data, dict):
        return None
    try:
        return recorded(data)
    except ValueError as exc:
        raise SheetgenError(f"plan.json: rhythm: cannot read it ({exc})") from None


class GameFile(Strict):
    """A host's small file per running game (seeds/*.yaml)."""

    pack: str | None = None  # the default pack if not given
    # Text as the host wrote it: `0042`, `yes` or `12:30` stay exactly that (see yamlio.raw).
    seed: str
    start: dt.date | None = None
    output: str | None = None
    paper: str | None = Field(default=None, pattern=r"^(a4|letter|both)$")
    notes: str | None = None
    rhythm: Rhythm | None = None
    # The keys of the game's own options (its `capabilities.options`), set on the model
    # made for that game (`game_file_model`).
    option_keys: ClassVar[tuple[str, ...]] = ()

    def options(self) -> dict[str, Any]:
        found = {key: getattr(self, key) for key in self.option_keys}
        return {k: v for k, v in found.items() if v is not None}


def game_file_model(path: Path) -> type[GameFile]:
    """The schema of a game file: the core's keys and those of its game's options (the pack
    it names, else the default). A pack that does not load gives the core's keys only: its
    own problems are reported when a command opens it."""
    from generator.pack.load import default_pack
    from generator.pack.yamlio import load_document

    doc, _ = load_document(path, display_path(path))
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    pack = data.get("pack")
    if not isinstance(pack, str) or not pack:
        pack = default_pack()
    elif "/" in pack or pack.startswith("."):
        pack = str(path.parent / pack)
    try:
        _, rules, _ = load_content(pack)
    except SheetgenError:
        return GameFile
    options = rules.capabilities.options
    if options is None:
        return GameFile
    fields: Any = {name: (f.annotation, f) for name, f in options.model_fields.items()}
    model = create_model(f"GameFileWith{options.__name__}", __base__=GameFile, **fields)
    model.option_keys = tuple(options.model_fields)
    return model


def read_game_file(path: Path) -> GameFile:
    try:
        model = game_file_model(path) if path.is_file() else GameFile
        doc, spec = load_validated(path, model)
    except ContentError:
        refuse_other_games_file(path)
        raise
    try:
        normalise_seed(spec.seed)
    except ValueError as exc:
        raise ContentError([doc.problem(("seed",), str(exc))]) from exc
    if spec.pack and ("/" in spec.pack or spec.pack.startswith(".")):
        # A pack path in a game file is relative to the game file, not to the shell.
        spec = spec.model_copy(update={"pack": str(path.parent / spec.pack)})
    return spec


def refuse_other_games_file(path: Path) -> None:
    """A game file of a game that starts with its own command (a card table, a moderator's
    setup) given to `round` or `turn`: name that command rather than list every key those
    commands do not know. Silent when the file names no such game."""
    found = own_start_command(path)
    if found is not None:
        title, command = found
        shown = display_path(path)
        raise SheetgenError(
            f"{shown}: a {title} game file; start that game with `{command.format(file=shown)}`"
        )


def own_start_command(path: Path) -> tuple[str, str] | None:
    """The game's title and the command (`sheetgen GROUP COMMAND {file}`) that starts the
    game a game file names, when that game starts with its own command (a card table, a
    moderator's setup); None for any other file, or one whose pack does not load (its
    problems are reported as they are)."""
    from generator.pack.yamlio import load_document

    doc, _ = load_document(path, display_path(path))
    pack = doc.data.get("pack") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(pack, str) or not pack:
        return None
    if "/" in pack or pack.startswith("."):
        pack = str(path.parent / pack)
    try:
        loaded, rules, _ = load_content(pack)
    except SheetgenError:
        return None  # the pack's own problems are for `check`
    command = rules.capabilities.game_file_command
    return (loaded.meta.title, command) if command else None
