"""The `sheetgen` command line: parse, call, report. No game logic lives here.

Only click is imported up front: the content loader, pydantic, the games and the drawing
libraries are imported by the command that needs them, so `sheetgen --help` answers at
once even on a busy machine."""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import json
import os
import re
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator import __version__
from generator.errors import SheetgenError, display_path

if TYPE_CHECKING:
    from generator.games import Scope
    from generator.rhythm import Rhythm
    from generator.session import Game

# The platforms `today` speaks of (generator.today checks it lists the same ones).
PLATFORMS = ("facebook", "discord", "bgg")

DEFAULT_HELP = "the pack marked default under content/"


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


def _parse_date(ctx: click.Context, param: click.Parameter, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date (expected YYYY-MM-DD)") from None


def game_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options every game command shares."""
    options = [
        click.option(
            "--pack",
            "pack",
            default=None,
            help=f"Pack name under content/ or a pack folder path [default: {DEFAULT_HELP}]",
        ),
        click.option(
            "--seed",
            default=None,
            help="The game's secret seed (int or text). Omit to have one chosen.",
        ),
        click.option(
            "--start",
            default=None,
            callback=_parse_date,
            metavar="YYYY-MM-DD",
            help="Date of day 1; posts then carry dates.",
        ),
        click.option(
            "--game",
            "game_file",
            default=None,
            type=click.Path(path_type=Path),
            help="A game file (seeds/*.yaml) with pack, seed, start and options.",
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
            "--difficulty",
            type=click.Choice(["none", "hard", "extreme", "insane"]),
            default=None,
            help="Keep on Trucking's Rough Roads: 0-3 cards a round [default: the game file's, "
            "else none]",
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
    difficulty: str | None = None,
) -> GameArgs:
    """Merge the game file and the command line (the command line wins) and settle the seed.

    `continuing` (turn, round): without a seed or game file, go on with the game already
    written rather than choose a new seed."""
    from generator.build import pick_running_game, recorded_game
    from generator.content import default_pack
    from generator.seeds import choose_seed, normalise_seed, weakness
    from generator.session import read_game_file

    picked = continuing and seed is None and game_file is None
    if picked:
        output = pick_running_game(output, report)
    spec = read_game_file(game_file) if game_file else None
    raw_seed = seed if seed is not None else (spec.seed if spec else None)
    start = start or (spec.start if spec else None)
    if output is None and spec and spec.output:
        output = game_file.parent / spec.output  # type: ignore[union-attr]
    options = spec.options() if spec else {}
    recorded = recorded_game(output) if output is not None and raw_seed is None else None
    if recorded is not None:
        options = options or recorded.options
        # `sheetgen turn 5 -o output/my-game` goes on with the game in that folder.
        raw_seed = recorded.seed
        pack = pack or recorded.pack
        if not picked:  # pick_running_game has already said which game
            click.echo(f"Using the game recorded in {display_path(output)}", err=True)
    if difficulty is not None:
        # The command line wins over the game file and the recorded game.
        options = {**options, "difficulty": difficulty}
    pack = pack or (spec.pack if spec else None) or default_pack()
    paper = paper or (spec.paper if spec else None) or "both"
    if raw_seed is None:
        chosen = choose_seed()
        click.echo(
            f"Seed chosen: {chosen}\n  Keep it secret: it decides the whole game. "
            "It is recorded in plan.json; pass it again with --seed.",
            err=True,
        )
        raw_seed = chosen
    try:
        seed_text = normalise_seed(raw_seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    warning = weakness(seed_text)
    if warning:
        click.echo(f"warning: {warning}", err=True)
    rhythm = spec.rhythm if spec else None
    return GameArgs(pack, seed_text, start, output, force, paper, images, rhythm, options)


def report(message: str) -> None:
    click.echo(message, err=True)


def open_from_args(args: GameArgs) -> tuple[Game, Path]:
    """The game, and the folder it goes to."""
    from generator.build import open_in_folder

    return open_in_folder(
        args.pack,
        args.seed,
        args.start,
        args.output,
        report,
        args.force,
        args.rhythm,
        args.options,
    )


def refuse_unknown_game(game: Game, root: Path, output: Path | None) -> None:
    from generator import build

    build.refuse_unknown_game(game, root, output)


def warn_moved_posts(game: Game, root: Path, force: bool) -> None:
    """A new posting rhythm that moves posts already due is worth a warning."""
    from generator.moments import now
    from generator.output import read_existing_plan
    from generator.plan import to_data
    from generator.rhythm import moved_past_posts

    existing = read_existing_plan(root, tolerant=force)
    if (
        existing
        and existing.get("seed") == game.seed
        and isinstance(existing.get("schedule"), list)
    ):
        moved = moved_past_posts(existing["schedule"], to_data(game.plan)["schedule"], now())
        if moved:
            report(
                f"warning: the new posting rhythm moves {len(moved)} posts already due "
                f"(from turn {moved[0]['turn']}); to change only later posts, put the change "
                "under rhythm: changes: with a from: date"
            )


def render(game: Game, root: Path, scope: Scope, args: GameArgs) -> list[Path]:
    from generator.build import build
    from generator.games import RenderOptions

    papers = ("a4", "letter") if args.paper == "both" else (args.paper,)
    options = RenderOptions(papers=papers, images=args.images, progress=sys.stderr.isatty())
    warn_moved_posts(game, root, args.force)
    written = build(game, root, scope, options, args.force)
    report(f"Wrote {len(written)} files to {display_path(root)}/ (game {game.plan.game_id})")
    return written


class Interrupted(click.ClickException):
    """Ctrl-C: a short line and the shell's usual code, no traceback. Writes are atomic, so
    the output folder is as it was or complete."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted")

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
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
        except Exception as exc:
            with tempfile.NamedTemporaryFile(
                "w", prefix="sheetgen-crash-", suffix=".log", delete=False
            ) as log:
                traceback.print_exc(file=log)
            click.echo(
                f"internal error: {type(exc).__name__}: {exc}\n"
                f"  The full traceback is in {log.name}",
                err=True,
            )
            sys.exit(1)

    return wrapper


GAME_COMMANDS = "sheetgen.commands"


def _game_commands() -> dict[str, Any]:
    """Commands a game adds (a moderator's table, a card game's bids), declared as entry
    points of the `sheetgen.commands` group in pyproject.toml: listed without importing
    the game, imported when run."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GAME_COMMANDS)}


def _wrap(command: click.Command) -> click.Command:
    """A game's commands report unexpected failures like the core's."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _wrap(sub)
    elif command.callback is not None and not getattr(command.callback, "_reported", False):
        command.callback = report_errors(command.callback)
        command.callback._reported = True  # type: ignore[attr-defined]
    return command


class SheetgenGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_game_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        entry = _game_commands().get(cmd_name)
        return _wrap(entry.load()) if entry is not None else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The core's commands with their help; a game's by name (importing every game to
        read its help would make `--help` slow)."""
        rows = []
        games = _game_commands()
        for name in self.list_commands(ctx):
            if name in games:
                rows.append((name, f"The {games[name].module.split('.')[2]} game's commands."))
                continue
            command = super().get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(formatter.width - 6 - len(name))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
def main() -> None:
    """Everything a host needs to run a board game by post, from one seed."""


@main.command()
@click.argument("pack", required=False)
@click.option(
    "--game",
    "game_file",
    default=None,
    type=click.Path(path_type=Path),
    help="Also check a game file's settings against the pack (games that have them).",
)
@report_errors
def check(pack: str | None, game_file: Path | None) -> None:
    """Validate a content pack (a name under content/ or a folder path)."""
    from generator.content import default_pack
    from generator.session import load_content, read_game_file

    loaded, rules, content = load_content(pack if pack is not None else default_pack())
    click.echo(
        f"{loaded.meta.title} ({loaded.name} {loaded.meta.version}): OK - "
        f"{rules.round_count(content)} rounds, {rules.turn_count(content)} turns; "
        f"content digest {loaded.digest[:16]}"
    )
    if game_file is not None:
        checker = getattr(rules, "check_game_file", None)
        if checker is not None:
            click.echo(checker(content, game_file))
        else:
            read_game_file(game_file)
            click.echo(f"{display_path(game_file)}: OK")


@main.command()
@game_options
@click.option(
    "--fair",
    is_flag=True,
    help="Only a seed whose rounds are not extreme for the balance bot (games that have one).",
)
@report_errors
def game(fair: bool, **kwargs: Any) -> None:
    """Write the whole game: plan, posts, images and sheets."""
    from generator.content import default_pack
    from generator.games import Scope

    if fair and kwargs["seed"] is None and kwargs["game_file"] is None:
        kwargs["seed"] = fair_seed(kwargs["pack"] or default_pack())
    args = resolve_args(**kwargs)
    g, root = open_from_args(args)
    from generator.output import checked_root

    checked_root(root)  # a refused folder is said before the balance verdict, not after
    judge = getattr(g.rules, "verdict", None)
    if judge is not None:
        line, extreme = judge(g.content, g.plan)
        click.echo(line, err=True)
        if fair and extreme:
            raise SheetgenError(
                f"game {g.plan.game_id}: a round is extreme for the balance bot "
                "(--fair asks for one that is not): choose another seed, or drop --fair"
            )
    written = render(g, root, Scope("game"), args)
    guide = root / "posting-guide.md"
    prints = [p for p in written if p.parent.name == "sheets" and p.name.startswith("print-")]
    prints = prints or [p for p in written if p.parent.name == "sheets"]
    click.echo(f"Posting guide (start here): {display_path(guide)}", err=True)
    for path in prints:
        click.echo(f"Print pack for players: {display_path(path)}", err=True)


FAIR_TRIES = 30


def fair_seed(pack: str) -> str:
    """A fresh secret seed none of whose rounds the balance bot finds extreme."""
    from generator.seeds import choose_seed
    from generator.session import load_content, plan_header

    loaded, rules, content = load_content(pack)
    judge = getattr(rules, "verdict", None)
    if judge is None:
        raise SheetgenError(f"the {pack} pack has no balance verdict (--fair needs one)")
    for _ in range(FAIR_TRIES):
        seed = choose_seed()
        _, extreme = judge(content, rules.make_plan(content, plan_header(loaded, seed, None), None))
        if not extreme:
            click.echo(
                f"Seed chosen (no round extreme for the balance bot): {seed}\n  Keep it "
                "secret: it decides the whole game. It is recorded in plan.json; pass it again "
                "with --seed.",
                err=True,
            )
            return seed
    raise SheetgenError(f"no fair seed found in {FAIR_TRIES} tries")


@main.command(name="round")
@click.argument("number", type=int)
@game_options
@report_errors
def round_(number: int, **kwargs: Any) -> None:
    """Write one round's posts (and the plan)."""
    from generator.games import Scope

    args = resolve_args(**kwargs, continuing=True)
    g, root = open_from_args(args)
    refuse_unknown_game(g, root, args.output)
    rounds = g.rules.round_count(g.content)
    if not 1 <= number <= rounds:
        raise click.BadParameter(
            f"{number} is not a round of this game (1-{rounds})", param_hint="NUMBER"
        )
    render(g, root, Scope("round", number), args)


@main.command()
@click.argument("number", type=int)
@game_options
@report_errors
def turn(number: int, **kwargs: Any) -> None:
    """Write the posts for one turn and print the text to post."""
    from generator.games import Scope

    args = resolve_args(**kwargs, continuing=True)
    g, root = open_from_args(args)
    refuse_unknown_game(g, root, args.output)
    turns = g.rules.turn_count(g.content)
    if not 1 <= number <= turns:
        raise click.BadParameter(
            f"{number} is not a turn of this game (1-{turns})", param_hint="NUMBER"
        )
    written = render(g, root, Scope("turn", number), args)
    for path in written:
        click.echo(f"  {display_path(path)}", err=True)
    click.echo(g.rules.turn_post(g.content, g.plan, number), nl=False)


@main.command()
@game_options
@report_errors
def sheets(**kwargs: Any) -> None:
    """Write the print-and-play sheets."""
    from generator.games import Scope

    args = resolve_args(**kwargs)
    g, root = open_from_args(args)
    render(g, root, Scope("sheets"), args)


@main.command()
@game_options
@report_errors
def plan(**kwargs: Any) -> None:
    """Print the game's plan as JSON (writes nothing)."""
    kwargs.pop("force")
    kwargs.pop("output")
    from generator.plan import to_data
    from generator.session import open_game

    args = resolve_args(**kwargs, force=False, output=None)
    g = open_game(args.pack, args.seed, args.start, args.rhythm, args.options)
    click.echo(json.dumps(to_data(g.plan), indent=2, ensure_ascii=False))


@main.command()
@click.argument("pack")
@click.argument("grid", type=click.Path(path_type=Path))
@click.option("--seed", default=None, help="The game's seed (a sheet scorer needs its plan).")
@click.option("--start", default=None, callback=_parse_date, metavar="YYYY-MM-DD")
@click.option(
    "--round",
    "round_number",
    type=int,
    default=None,
    help="The round the ship flies (games scored round by round).",
)
@click.option("--json", "as_json", is_flag=True, help="Results as JSON (table scorers).")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="[default: en]")
@report_errors
def score(
    pack: str,
    grid: Path,
    seed: str | None,
    start: dt.date | None,
    round_number: int | None,
    as_json: bool,
    lang: str,
) -> None:
    """Score a player's filled sheet or built ship, or a game's score table (table games)."""
    from generator.seeds import normalise_seed
    from generator.session import load_content, open_game

    _, rules, content = load_content(pack)
    table_scorer = getattr(rules, "score_table", None)
    if table_scorer is not None:
        click.echo(table_scorer(content, grid, as_json, lang), nl=False)
        return
    if seed is None:
        raise click.UsageError("Missing option '--seed'.")
    try:
        seed_text = normalise_seed(seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    g = open_game(pack, seed_text, start)
    scorer = getattr(g.rules, "score", None)
    if scorer is None:
        raise SheetgenError(f"the {g.pack.name} pack has no scorer")
    if round_number is None:
        click.echo(scorer(g.content, g.plan, grid), nl=False)
        return
    if "round_number" not in inspect.signature(scorer).parameters:
        raise click.BadParameter(
            f"the {g.pack.name} scorer scores a whole sheet (expected no --round)",
            param_hint="--round",
        )
    click.echo(scorer(g.content, g.plan, grid, round_number=round_number), nl=False)


@main.command()
@click.option("--pack", default=None, help=f"Pack name or folder path [default: {DEFAULT_HELP}]")
@click.option("--seeds", "count", type=click.IntRange(1, 100_000), default=500, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    help="Processes to run [default: one per core]; the numbers do not depend on it.",
)
@click.option("--prefix", default="balance-", show_default=True, help="Seeds are PREFIX1..PREFIXN.")
@click.option(
    "--save-reference",
    is_flag=True,
    help="Keep the percentiles as the reference for `sheetgen game`'s verdict line.",
)
@report_errors
def balance(
    pack: str | None, count: int, workers: int | None, prefix: str, save_reference: bool
) -> None:
    """Let a bot build and fly every round of many seeds: score spread, outliers."""
    from generator.content import default_pack
    from generator.session import load_content

    pack = pack if pack is not None else default_pack()
    loaded, rules, content = load_content(pack)
    runner = getattr(rules, "balance", None)
    if runner is None:
        raise SheetgenError(f"the {loaded.name} pack has no balance check")
    workers = workers or os.cpu_count() or 1
    click.echo(runner(pack, content, count, workers, prefix, save_reference), nl=False)


@main.command()
@game_options
@click.option(
    "--before-end",
    is_flag=True,
    help="Reveal although the last post is not yet due: gives away every post still to come.",
)
@report_errors
def reveal(before_end: bool, **kwargs: Any) -> None:
    """After the last turn: write the post that reveals the seed (game-end-reveal.*)."""
    from generator.build import write_more
    from generator.games import OutputFile
    from generator.plan import to_data
    from generator.render.reveal import reveal_post
    from generator.reveal_guard import refuse_early_reveal

    args = resolve_args(**kwargs, continuing=True)
    g, root = open_from_args(args)
    refuse_unknown_game(g, root, args.output)
    plan = to_data(g.plan)
    warning = refuse_early_reveal(plan, before_end)
    if warning:
        click.echo(warning, err=True)
    post = reveal_post(g.pack.meta.title, plan, plan["schedule"][-1]["turn"])
    files = [OutputFile(name, text.encode("utf-8")) for name, text in post.files().items()]
    written = write_more(g, root, files, args.force)
    for path in written:
        if path.name.startswith(post.key):
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(post.facebook, nl=False)


GAME_ID = re.compile(r"^[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}$")


@main.command()
@click.argument("pack")
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--trump",
    type=click.Choice(["I", "P", "W", "G", "none"], case_sensitive=False),
    default="none",
    help="The trump suit [default: none]",
)
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="[default: en]")
@click.option("--json", "as_json", is_flag=True, help='{"winner": POSITION, "bonus": [...]}')
@report_errors
def trick(pack: str, cards: tuple[str, ...], trump: str, lang: str, as_json: bool) -> None:
    """Judge a trick: CARDS in play order, the first one led (trick-taking games)."""
    from generator.session import load_content

    _, rules, content = load_content(pack)
    judge = getattr(rules, "judge_trick", None)
    if judge is None:
        raise SheetgenError(f"the {pack} pack has no trick judge")
    click.echo(judge(content, list(cards), trump, as_json, lang), nl=False)


@main.command()
@click.argument("pack_name", metavar="[PACK]", required=False)
@click.option("--seed", default=None, help="The seed the host revealed.")
@click.option(
    "--commitment",
    "expected",
    required=True,
    help="The commitment published in the first post (or, a weaker check, the game id); "
    "with --round, the round's commitment.",
)
@click.option("--pack", default=None, help=f"Pack name or folder path [default: {DEFAULT_HELP}]")
@click.option("--round", "round_number", type=int, default=None, help="Check a round's deal.")
@click.option("--salt", default=None, help="With --round: the salt its end revealed.")
@click.option("--deck", default=None, help="With --round: the revealed deck, comma-separated.")
@click.option("--players", default=None, help="With --hand: the seat order, comma-separated.")
@click.option("--dealer", default=None, help="With --hand: the round's dealer.")
@click.option("--player", default=None, help="With --round: whose hand to check.")
@click.option("--hand", default=None, help="With --player: the cards, comma-separated.")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="[default: en]")
@report_errors
def verify(
    pack_name: str | None,
    seed: str | None,
    expected: str,
    pack: str | None,
    lang: str,
    **round_check: Any,
) -> None:
    """Check a revealed seed against the commitment published at the start, or (card games,
    `sheetgen verify card-race --round N ...`) a round's revealed deal and your hand."""
    from generator.content import default_pack
    from generator.seeds import commitment, game_id, normalise_seed
    from generator.session import load_content

    if pack_name is not None and pack is not None and pack_name != pack:
        raise click.UsageError(f"two packs named: {pack_name} and --pack {pack}")
    pack = pack_name if pack_name is not None else pack
    round_check["round"] = round_check.pop("round_number")
    if any(v is not None for v in round_check.values()):
        loaded, rules, content = load_content(pack if pack is not None else default_pack())
        check = getattr(rules, "verify_round", None)
        if check is None:
            raise SheetgenError(f"the {loaded.name} pack has no round commitments to check")
        text, ok = check(content, {**round_check, "commitment": expected}, lang)
        click.echo(text, nl=False, err=not ok)
        if not ok:
            sys.exit(1)
        return
    if seed is None:
        raise click.UsageError("--seed is needed (or, for a card game's round, --round)")
    loaded, _, _ = load_content(pack if pack is not None else default_pack())
    try:
        seed_text = normalise_seed(seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    actual = commitment(loaded.name, seed_text, loaded.digest)
    wanted = expected.strip()
    using = f"pack {loaded.name} version {loaded.meta.version}"
    if GAME_ID.match(wanted):
        # A game id is the commitment's first 8 hex digits: it identifies the game, but a
        # full check needs the whole commitment from the first post.
        if game_id(actual) == wanted.upper():
            click.echo(
                f"OK: the seed and {using} give game {game_id(actual)}. {wanted} is the game "
                "id, the first 8 hex digits of the commitment: for the full check pass the "
                f"64-digit commitment from the first post ({actual} here)."
            )
            return
        click.echo(
            f"MISMATCH: seed and {using} give game {game_id(actual)}, not {wanted}.\n"
            "Either the seed is wrong or your pack is not the version the game used (the "
            "reveal post names it; a game folder's pack/ copy is the exact content).",
            err=True,
        )
        sys.exit(1)
    if actual == wanted.lower():
        click.echo(f"OK: the seed and {using} match commitment {actual}.")
        return
    click.echo(
        f"MISMATCH: seed and {using} give {actual}, not {wanted}.\n"
        "Either the seed is wrong or the game's content changed after the start: use the pack "
        "version the reveal post names (a game folder's pack/ copy is the exact content).",
        err=True,
    )
    sys.exit(1)


# The host's-month commands work on an existing game folder.
game_folder_option = click.option(
    "-o",
    "--output",
    "folder",
    default=None,
    type=click.Path(path_type=Path),
    help="The game folder [default: the one here or under output/]",
)


@main.command()
@game_folder_option
@click.option(
    "--scores",
    default=None,
    type=click.Path(path_type=Path),
    help="The scores file [default: scores.csv in the game folder]",
)
@click.option(
    "--titles",
    default=None,
    metavar="REWARDS",
    help="Games with titles: the rewards the title counts earn (e.g. the dock side 3-6-9).",
)
@report_errors
def rankings(folder: Path | None, scores: Path | None, titles: str | None) -> None:
    """Check scores.csv and write the rankings posts (after each round, and the final)."""
    from generator.game_folder import open_folder
    from generator.scoreboard import write_rankings

    game = open_folder(folder)
    written, latest = write_rankings(game, scores, titles)
    for path in written:
        if path.parent.name == "rankings":
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(latest, nl=False)


@main.command()
@game_folder_option
@click.option(
    "--until",
    default=None,
    metavar="WHEN",
    help="Posts up to YYYY-MM-DD (that whole day), 'YYYY-MM-DD HH:MM' or 'day N' [default: now]",
)
@click.option("--all", "everything", is_flag=True, help="Every post of the game.")
@click.option(
    "--host-copy",
    is_flag=True,
    help="The host's own copy (host-copy-digest.*, bannered): may hold posts not yet due; "
    "every post of the game unless --until says how far.",
)
@click.option(
    "--titles",
    default=None,
    metavar="REWARDS",
    help="Games with titles: the rewards for the rankings, as for `sheetgen rankings`.",
)
@report_errors
def digest(
    folder: Path | None, until: str | None, everything: bool, host_copy: bool, titles: str | None
) -> None:
    """Write the catch-up page (digest.html, digest.pdf): every post due so far, offline.

    A page that would hold a post not yet due is refused; the host's copy of the whole game
    is --host-copy, written as host-copy-digest.html and .pdf with a HOST COPY banner."""
    from generator.digest import digest_cutoff, digest_files
    from generator.game_folder import open_folder, require_schedule
    from generator.output import write_game

    game = open_folder(folder)
    require_schedule(game)
    cutoff = digest_cutoff(game.plan, until, everything or (host_copy and until is None))
    files, count, missing, stale = digest_files(game, cutoff, titles, host_copy)
    written = write_game(game.root, game.plan, files, force=False)
    names = {str(f.path) for f in files}
    for path in written:
        if path.name in names:
            click.echo(f"  {display_path(path)}", err=True)
    if host_copy:
        click.echo(
            f"{count} posts in the host's copy: HOST COPY, never post it or send it to players.",
            err=True,
        )
    else:
        click.echo(f"{count} posts in the catch-up page.", err=True)
    if missing:
        click.echo(
            f"warning: {missing} pictures are not in the folder (written with --no-images?); "
            "the page goes without them",
            err=True,
        )
    if stale:
        click.echo(
            f"note: the page shows the rankings of scores.csv as it is now; {', '.join(stale)} "
            "differ from the posts written (or are not written): run `sheetgen rankings`",
            err=True,
        )


@main.command()
@click.argument("when_words", nargs=-1, metavar="[day N [SLOT]]")
@game_folder_option
@click.option(
    "--at",
    default=None,
    metavar="'YYYY-MM-DD HH:MM'",
    help="Pretend it is this moment (in the game's time zone) [default: now]",
)
@click.option(
    "--platform",
    "platforms",
    multiple=True,
    type=click.Choice(PLATFORMS),
    help="Only this platform (repeat for several) [default: all the game writes]",
)
@report_errors
def today(
    when_words: tuple[str, ...], folder: Path | None, at: str | None, platforms: tuple[str, ...]
) -> None:
    """What to post now, in order, per platform (texts, pictures, comments), and what next."""
    from generator.game_folder import open_folder, require_schedule
    from generator.moments import now, parse_at, parse_day
    from generator.today import slot_at, slot_of_day, slots_with_posts, today_text

    game = open_folder(folder)
    require_schedule(game)
    work = slots_with_posts(game)
    day = parse_day(when_words, game.plan)
    if day is not None and at is not None:
        raise click.UsageError("give either `day N` or --at, not both")
    if day is not None:
        moment = None
        index: int | None = slot_of_day(work, day[0], day[1])
    else:
        moment = parse_at(at, game.plan) if at else now()
        index = slot_at(work, moment)
    click.echo(today_text(game, work, index, moment, platforms or PLATFORMS), nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
