"""The CLI's shared parts: the options of the game commands, how they settle the game they
write, and how every command reports what goes wrong."""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import functools
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from generator.common.errors import (
    ContentError,
    LayoutError,
    SheetgenError,
    abridge,
    display_path,
)
from generator.common.plural import counted
from generator.common.warnings_count import warn

if TYPE_CHECKING:
    from generator.games import RenderOptions, Scope
    from generator.kit.build import FolderPlan
    from generator.kit.session import Game
    from generator.plan.model import Slot
    from generator.plan.rhythm import Rhythm


PACK_HELP = "Pack: one of {packs}, or a pack folder path [default: {default}]"


def shipped_packs_text() -> tuple[str, str]:
    """The shipped packs' names and the default's, as help shows them (read when help is
    asked for, never when a command runs)."""
    from generator.pack.load import available_packs, default_pack

    packs = ", ".join(available_packs()) or "none installed"
    try:
        default = default_pack()
    except SheetgenError:
        default = "none"
    return packs, default


class PackOption(click.Option):
    """--pack, whose help names the packs this sheetgen ships and the default one."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        packs, default = shipped_packs_text()
        return record[0], record[1].format(packs=packs, default=default)


def pack_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--pack", "pack", default=None, cls=PackOption, help=PACK_HELP)(func)


@dataclass
class GameArgs:
    pack: str
    seed: str
    start: dt.date | None
    output: Path | None
    force: bool
    paper: str
    images: bool = True
    rhythm: Rhythm | None = None
    options: dict[str, Any] = field(default_factory=dict)
    # The output folder's plan.json, when reading the arguments needed it (read once).
    found: FolderPlan | None = None
    # The game file the rhythm was read from: a rhythm the game cannot post to is said at
    # its line there (`located_rhythm`).
    game_file: Path | None = None


def parse_date(ctx: click.Context, param: click.Parameter, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date (expected YYYY-MM-DD)") from None


def parse_game_options(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> dict[str, Any]:
    """`--option difficulty=hard --option ships=A,base,A` -> {"difficulty": "hard", "ships":
    ["A", "base", "A"]}: each checked by the game as its game file's would be."""
    options: dict[str, Any] = {}
    for text in values:
        key, sep, value = text.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise click.BadParameter(f"{text!r}: expected KEY=VALUE", param_hint="--option")
        options[key] = [v.strip() for v in value.split(",")] if "," in value else value
    return options


def game_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options every game command shares."""
    options = [
        pack_option,
        click.option(
            "--seed",
            default=None,
            help="The game's secret seed (int or text). Omit to have one chosen.",
        ),
        click.option(
            "--start",
            default=None,
            callback=parse_date,
            metavar="YYYY-MM-DD",
            help="Date of day 1; posts then carry dates.",
        ),
        click.option(
            "--game",
            "game_file",
            default=None,
            type=click.Path(path_type=Path),
            help="A game file with pack, seed, start and options (`sheetgen new PACK` writes one).",
        ),
        click.option(
            "-o",
            "--output",
            default=None,
            type=click.Path(path_type=Path),
            help="Output folder [default: output/<pack>-<game id>/]",
        ),
        click.option("--force", is_flag=True, help="Replace another game in the output folder."),
        click.option(
            "--images/--no-images",
            default=True,
            help="Draw the post images (PNG) [default: images]; --no-images writes text only.",
        ),
        click.option(
            "--paper",
            type=click.Choice(["a4", "letter", "both"]),
            default=None,
            help="Paper size of the sheets [default: both]",
        ),
        click.option(
            "--option",
            "game_options",
            multiple=True,
            metavar="KEY=VALUE",
            callback=parse_game_options,
            help="A game option, as in a game file (games that take them; a list with commas: "
            "ships=A,base,A); wins over the game file's. Repeat for several.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def resolve_args(
    pack: str | None,
    seed: str | None,
    start: dt.date | None,
    game_file: Path | None,
    output: Path | None,
    force: bool,
    paper: str | None,
    images: bool = True,
    continuing: bool = False,
    game_options: dict[str, Any] | None = None,
) -> GameArgs:
    """Merge the game file and the command line (the command line wins) and settle the seed.

    `continuing` (turn, round): without a seed or game file, go on with the game already
    written rather than choose a new seed."""
    from generator.kit.build import folder_plan, pick_running_game, recorded_game

    picked = continuing and seed is None and game_file is None
    found = pick_running_game(output, report) if picked else None
    if found is not None:
        output = found.root
    spec = None
    if game_file:
        from generator.kit.game_file import read_game_file

        spec = read_game_file(game_file)
        if output is None and spec.output:
            output = game_file.parent / spec.output
    raw_seed = seed if seed is not None else (spec.seed if spec else None)
    start = start or (spec.start if spec else None)
    options = spec.options() if spec else {}
    if output is not None and raw_seed is None and found is None:
        found = folder_plan(output)
    recorded = recorded_game(found) if found is not None and raw_seed is None else None
    if found is not None and recorded is not None:
        options = options or recorded.options
        # `sheetgen turn 5 -o output/my-game` goes on with the game in that folder.
        raw_seed = recorded.seed
        pack = pack or recorded.pack
        if not picked:  # pick_running_game has already said which game
            click.echo(f"Using the game recorded in {display_path(found.root)}", err=True)
    if game_options:
        # The command line wins over the game file and the recorded game.
        options = {**options, **game_options}
    pack = pack or (spec.pack if spec else None) or _default_pack()
    paper = paper or (spec.paper if spec else None) or "both"
    seed_text = settle_seed(raw_seed)
    rhythm = spec.rhythm if spec else None
    return GameArgs(
        pack, seed_text, start, output, force, paper, images, rhythm, options, found, game_file
    )


def _default_pack() -> str:
    from generator.pack.load import default_pack

    return default_pack()


# A new seed's note, held until the command has checked what it was given: a host told
# "Seed chosen: ..." and then an error would think a game had been started with it.
_chosen_seed_notes: list[str] = []


def settle_seed(raw: str | int | None) -> str:
    """The seed as typed (checked, and a warning if it is weak), or a new secret one, said
    once to the host (by `say_chosen_seed`, once the command's input has been checked):
    every command that starts a game settles it this way."""
    from generator.plan.seeds import choose_seed, normalise_seed, weakness

    if raw is None:
        raw = choose_seed()
        _chosen_seed_notes.append(
            f"Seed chosen: {raw}\n  Keep it secret: it decides the whole game. "
            "It is recorded in plan.json; pass it again with --seed."
        )
    try:
        seed_text = normalise_seed(raw)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    warning = weakness(seed_text)
    if warning:
        warn(warning)
    return seed_text


def forget_chosen_seed() -> None:
    """Drop the note of a chosen seed the command does not use."""
    _chosen_seed_notes.clear()


def say_chosen_seed() -> None:
    """Say the seed `settle_seed` chose, if it chose one: after the input was checked,
    before anything is written."""
    while _chosen_seed_notes:
        click.echo(_chosen_seed_notes.pop(0), err=True)


def report(message: str) -> None:
    click.echo(message, err=True)


def open_from_args(
    args: GameArgs, say: Callable[[str], None] = report, say_seed: bool = True
) -> tuple[Game, FolderPlan]:
    """The game, and the folder it goes to with what it holds. `say`: how it reports (the
    `turn` command also notes what it said, to say it again from the host's cache).
    `say_seed`: say a newly chosen seed once the game has opened (False: the command says
    it itself, after its own checks)."""
    from generator.kit.build import open_in_folder

    with located_rhythm(args):
        opened = open_in_folder(
            args.pack,
            args.seed,
            args.start,
            args.output,
            say,
            args.force,
            args.rhythm,
            args.options,
            args.found,
        )
    if say_seed:
        say_chosen_seed()
    return opened


@contextlib.contextmanager
def located_rhythm(args: GameArgs) -> Iterator[None]:
    """A posting rhythm the game cannot post to (a slot it has not, a time the clocks skip),
    found only once the game is planned, said at its line of the game file it came from."""
    from generator.plan.rhythm import RhythmError

    try:
        yield
    except RhythmError as exc:
        if args.rhythm is None or args.game_file is None:
            raise
        from generator.pack.yamlio import load_document

        doc, _ = load_document(args.game_file, display_path(args.game_file))
        if doc is None:
            raise
        raise ContentError([doc.problem(("rhythm", *exc.field), exc.detail)]) from None


def refuse_unknown_game(game: Game, found: FolderPlan, output: Path | None) -> None:
    from generator.kit import build

    build.refuse_unknown_game(game, found.root, output)


def warn_moved_posts(game: Game, found: FolderPlan) -> None:
    """A new posting rhythm that moves posts already due is worth a warning."""
    from generator.plan.moments import now
    from generator.plan.rhythm import moved_past_posts
    from generator.plan.shared import shared_of

    existing = found.data
    if existing and existing.get("seed") == game.seed:
        recorded = _recorded_schedule(existing)
        if recorded is None:
            return
        moved = moved_past_posts(recorded, shared_of(game.plan).schedule, now())
        if moved:
            warn(
                f"the new posting rhythm moves {counted(len(moved), 'post')} already due "
                f"(from turn {moved[0].turn}); to change only later posts, put the change "
                "under rhythm: changes: with a from: date"
            )


def _recorded_schedule(existing: dict[str, Any]) -> tuple[Slot, ...] | None:
    """The schedule plan.json records, read as the plan's slots; None when it is none a
    sheetgen wrote (edited by hand): there is nothing to compare, and the write that follows
    refuses that plan (or, with --force, replaces it; a calendar's dates are written anew
    from the rhythm)."""
    from generator.plan.model import PlanError, Slot, from_data

    try:
        slots = from_data(tuple[Slot, ...], existing.get("schedule"))
    except PlanError:
        return None
    if not all(slot.at is None or _is_moment(slot.at) for slot in slots):
        return None
    return slots


def _is_moment(text: str) -> bool:
    """An ISO 8601 date and time with its offset, as the schedule records each post's."""
    try:
        return dt.datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False


def render(game: Game, found: FolderPlan, scope: Scope, args: GameArgs) -> list[Path]:
    from generator.kit.build import build

    warn_moved_posts(game, found)
    try:
        written = build(game, found, scope, render_options(args), args.force, report)
    except LayoutError as exc:  # a text too long for a print sheet: said where it is
        from generator.kit.too_long import located_overflow

        raise located_overflow(game.pack, game.rules, exc) from None
    report_written(written, found.root, game.plan.game_id)
    return written


def render_options(args: GameArgs) -> RenderOptions:
    from generator.games import RenderOptions

    papers = ("a4", "letter") if args.paper == "both" else (args.paper,)
    return RenderOptions(papers=papers, images=args.images, progress=sys.stderr.isatty())


def report_written(written: list[Path], root: Path, game_id: str) -> None:
    report(f"Wrote {counted(len(written), 'file')} to {display_path(root)}/ (game {game_id})")


class Interrupted(click.ClickException):
    """Ctrl-C: a short line and the shell's usual code, no traceback. Writes are atomic, so
    the output folder is as it was or complete."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted")

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo("\ninterrupted", file=file, err=True)


def report_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Anything unexpected: a short message and the full traceback in a log file."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except (click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError):
            # A reader that stopped reading (`| head`) is no failure: see entry.run.
            raise
        except RecursionError:
            raise SheetgenError("input nested too deeply to handle") from None
        except OSError as exc:
            if exc.errno not in _PATH_ERRNOS:
                raise _internal_error(exc) from None
            # A path no file system takes (300 characters in one name, a file where a folder
            # is named, a loop of links) or a disk that refuses: the path and why, not a crash.
            named = "" if exc.filename is None else f"{abridge(display_path(Path(exc.filename)))}: "
            raise SheetgenError(f"{named}{exc.strerror}") from None
        except Exception as exc:
            raise _internal_error(exc) from None

    return wrapper


def _internal_error(exc: Exception) -> SystemExit:
    """Says a bug happened (its message cut short, the traceback in a log file); the exit
    to raise (code 1). Called while `exc` is being handled."""
    import tempfile
    import traceback

    with tempfile.NamedTemporaryFile(
        "w", prefix="sheetgen-crash-", suffix=".log", delete=False
    ) as log:
        traceback.print_exc(file=log)
    click.echo(
        f"internal error: {type(exc).__name__}: {abridge(str(exc), 300)}\n"
        f"  The full traceback is in {log.name}",
        err=True,
    )
    return SystemExit(1)


# What an OSError says about the paths a user gave or the disk, not about a bug.
_PATH_ERRNOS = frozenset(
    getattr(errno, name)
    for name in ("ENAMETOOLONG", "ELOOP", "ENOTDIR", "EACCES", "EPERM", "EROFS", "ENOSPC", "EDQUOT")
    if hasattr(errno, name)
)


# The host's-month commands work on an existing game folder.
game_folder_option = click.option(
    "-o",
    "--output",
    "folder",
    default=None,
    type=click.Path(path_type=Path),
    help="The game folder [default: the one here or under output/]",
)

# The moment a host's-month command acts at, to rehearse or catch up (SHEETGEN_NOW sets it
# for every command at once).
at_option = click.option(
    "--at",
    default=None,
    metavar="'YYYY-MM-DD HH:MM'",
    help="Pretend it is this moment (in the game's time zone) [default: now]",
)


def warn_missing_pictures(missing: int) -> None:
    """The catch-up page's pictures not in the folder: said before the page is written, so
    that a strict run writes nothing."""
    from generator.common.plural import noun

    if missing:
        warn(
            f"{missing} {noun(missing, 'picture is', 'pictures are')} not in the folder "
            "(written with --no-images?); the page goes without them"
        )
