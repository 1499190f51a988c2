"""The `sheetgen` command line: parse, call, report. No game logic lives here."""

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from generator import __version__
from generator.content import SNAPSHOT_DIR, snapshot
from generator.digest import digest_cutoff, digest_files
from generator.errors import SheetgenError, display_path
from generator.game_folder import open_folder, require_schedule
from generator.games import OutputFile, RenderOptions, Scope
from generator.games.card_race.commands import card_race as card_race_commands
from generator.moments import now, parse_at, parse_day
from generator.output import read_existing_plan, write_game
from generator.render.reveal import reveal_post
from generator.rhythm import Rhythm, moved_past_posts
from generator.scoreboard import write_rankings
from generator.seeds import choose_seed, commitment, game_id, normalise_seed, weakness
from generator.session import Game, load_content, open_game, read_game_file, recorded_rhythm
from generator.today import PLATFORMS, slot_at, slot_of_day, slots_with_posts, today_text

DEFAULT_PACK = "galaxy-trucker"
DEFAULT_OUTPUT = "output"


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
            help=f"Pack name under content/ or a pack folder path [default: {DEFAULT_PACK}]",
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
    ]
    for option in reversed(options):
        func = option(func)
    return func


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


def pick_running_game(output: Path | None) -> Path:
    """`turn N` / `round N` with no seed and no game file go on with the one game in -o (or in
    output/); never start a new game by accident."""
    folder = output if output is not None else Path(DEFAULT_OUTPUT)
    games = games_in(folder)
    if len(games) == 1:
        path, plan = games[0]
        click.echo(f"Going on with game {plan.get('game_id')} in {display_path(path)}", err=True)
        return path
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
            f"this seed makes game {game.plan['game_id']}, which is not in "
            f"{display_path(root.parent)}; is the seed mistyped? The games there:\n"
            f"{_listing(games)}\nStart a new game with `sheetgen game`."
        )


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
) -> GameArgs:
    """Merge the game file and the command line (the command line wins) and settle the seed.

    `continuing` (turn, round): without a seed or game file, go on with the game already
    written rather than choose a new seed."""
    picked = continuing and seed is None and game_file is None
    if picked:
        output = pick_running_game(output)
    spec = read_game_file(game_file) if game_file else None
    raw_seed = seed if seed is not None else (spec.seed if spec else None)
    start = start or (spec.start if spec else None)
    if output is None and spec and spec.output:
        output = game_file.parent / spec.output  # type: ignore[union-attr]
    recorded = read_existing_plan(output) if output is not None and raw_seed is None else None
    if recorded is not None:
        # `sheetgen turn 5 -o output/my-game` goes on with the game in that folder.
        raw_seed = recorded["seed"]
        kept = output / SNAPSHOT_DIR  # type: ignore[operator]
        pack = pack or (str(kept) if kept.is_dir() else recorded.get("pack"))
        if not picked:  # pick_running_game has already said which game
            click.echo(f"Using the game recorded in {display_path(output)}", err=True)
    pack = pack or (spec.pack if spec else None) or DEFAULT_PACK
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
    return GameArgs(pack, seed_text, start, output, force, paper, images, rhythm)


def open_from_args(args: GameArgs) -> tuple[Game, Path]:
    """The game, and the folder it goes to; a start date already recorded there is kept."""
    game = open_game(args.pack, args.seed, args.start, args.rhythm)
    root = args.output or game.default_folder()
    existing = read_existing_plan(root, tolerant=args.force)
    same = (
        existing is not None
        and existing.get("seed") == game.seed
        and existing.get("pack") == game.pack.name
    )
    if args.start is None and same and existing and existing.get("start"):
        start = dt.date.fromisoformat(existing["start"])
        click.echo(f"Using start date {start} recorded in {display_path(root)}", err=True)
        game = open_game(args.pack, args.seed, start, args.rhythm or recorded_rhythm(existing))
    elif args.rhythm is None and same and existing and existing.get("start") == game.plan["start"]:
        # Without a game file, the posting rhythm the folder was written with stays.
        rhythm = recorded_rhythm(existing)
        if rhythm is not None:
            game = open_game(args.pack, args.seed, args.start, rhythm)
    return game, root


def render(game: Game, root: Path, scope: Scope, args: GameArgs) -> list[Path]:
    papers = ("a4", "letter") if args.paper == "both" else (args.paper,)
    options = RenderOptions(papers=papers, images=args.images, progress=sys.stderr.isatty())
    existing = read_existing_plan(root, tolerant=args.force)
    if (
        existing
        and existing.get("seed") == game.seed
        and isinstance(existing.get("schedule"), list)
    ):
        moved = moved_past_posts(existing["schedule"], game.plan["schedule"], now())
        if moved:
            click.echo(
                f"warning: the new posting rhythm moves {len(moved)} posts already due "
                f"(from turn {moved[0]['turn']}); to change only later posts, put the change "
                "under rhythm: changes: with a from: date",
                err=True,
            )
    files = game.rules.outputs(game.content, game.plan, scope, options)
    files += [OutputFile(name, data) for name, data in snapshot(game.pack)]
    written = write_game(root, game.plan, files, args.force)
    click.echo(
        f"Wrote {len(written)} files to {display_path(root)}/ (game {game.plan['game_id']})",
        err=True,
    )
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
        except (click.ClickException, click.exceptions.Exit, click.Abort):
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
def main() -> None:
    """Everything a host needs to run a board game by post, from one seed."""


@main.command()
@click.argument("pack", default=DEFAULT_PACK)
@click.option(
    "--game",
    "game_file",
    default=None,
    type=click.Path(path_type=Path),
    help="Also check a game file's settings against the pack (games that have them).",
)
@report_errors
def check(pack: str, game_file: Path | None) -> None:
    """Validate a content pack (a name under content/ or a folder path)."""
    loaded, rules, content = load_content(pack)
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
    help="Only a seed whose rounds are not extreme for the balance bot (Galaxy Trucker).",
)
@report_errors
def game(fair: bool, **kwargs: Any) -> None:
    """Write the whole game: plan, posts, images and sheets."""
    if fair and kwargs["seed"] is None and kwargs["game_file"] is None:
        kwargs["seed"] = fair_seed(kwargs["pack"] or DEFAULT_PACK)
    args = resolve_args(**kwargs)
    g, root = open_from_args(args)
    judge = getattr(g.rules, "verdict", None)
    if judge is not None:
        line, extreme = judge(g.content, g.plan)
        click.echo(line, err=True)
        if fair and extreme:
            raise SheetgenError(
                f"game {g.plan['game_id']}: a round is extreme for the balance bot "
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
    _, rules, content = load_content(pack)
    judge = getattr(rules, "verdict", None)
    if judge is None:
        raise SheetgenError(f"the {pack} pack has no balance verdict (--fair needs one)")
    for _ in range(FAIR_TRIES):
        seed = choose_seed()
        _, extreme = judge(content, {"rounds": rules.make_plan(content, seed, None)["rounds"]})
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
    args = resolve_args(**kwargs, force=False, output=None)
    g = open_game(args.pack, args.seed, args.start, args.rhythm)
    click.echo(json.dumps(g.plan, indent=2, ensure_ascii=False))


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
    help="The round the ship flies (games scored round by round: galaxy-trucker).",
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
    """Score a player's filled sheet or built ship, or a game's score table (Galactic Card
    Race)."""
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
@click.option("--pack", default=DEFAULT_PACK, help="Pack name or folder path.")
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
def balance(pack: str, count: int, workers: int | None, prefix: str, save_reference: bool) -> None:
    """Let a bot build and fly every round of many seeds: score spread, outliers."""
    loaded, rules, content = load_content(pack)
    runner = getattr(rules, "balance", None)
    if runner is None:
        raise SheetgenError(f"the {loaded.name} pack has no balance check")
    workers = workers or os.cpu_count() or 1
    click.echo(runner(pack, content, count, workers, prefix, save_reference), nl=False)


@main.command()
@game_options
@report_errors
def reveal(**kwargs: Any) -> None:
    """After the last turn: write the post that reveals the seed (game-end-reveal.*)."""
    args = resolve_args(**kwargs, continuing=True)
    g, root = open_from_args(args)
    refuse_unknown_game(g, root, args.output)
    post = reveal_post(g.pack.meta.title, g.plan, g.plan["schedule"][-1]["turn"])
    files = [OutputFile(name, text.encode("utf-8")) for name, text in post.files().items()]
    written = write_game(root, g.plan, files, args.force)
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
    _, rules, content = load_content(pack)
    judge = getattr(rules, "judge_trick", None)
    if judge is None:
        raise SheetgenError(f"the {pack} pack has no trick judge")
    click.echo(judge(content, list(cards), trump, as_json, lang), nl=False)


@main.command()
@click.option("--seed", required=True, help="The seed the host revealed.")
@click.option(
    "--commitment",
    "expected",
    required=True,
    help="The commitment published in the first post (or, a weaker check, the game id).",
)
@click.option("--pack", default=DEFAULT_PACK, help="Pack name or folder path.")
@report_errors
def verify(seed: str, expected: str, pack: str) -> None:
    """Check a revealed seed against the commitment published at the start."""
    loaded, _, _ = load_content(pack)
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


@main.command()
@click.option(
    "-o",
    "--output",
    "folder",
    default=None,
    type=click.Path(path_type=Path),
    help="The game folder [default: the one here or under output/]",
)
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
    game = open_folder(folder)
    written, latest = write_rankings(game, scores, titles)
    for path in written:
        if path.parent.name == "rankings":
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(latest, nl=False)


@main.command()
@click.option(
    "-o",
    "--output",
    "folder",
    default=None,
    type=click.Path(path_type=Path),
    help="The game folder [default: the one here or under output/]",
)
@click.option(
    "--until",
    default=None,
    metavar="WHEN",
    help="Posts up to YYYY-MM-DD (that whole day), 'YYYY-MM-DD HH:MM' or 'day N' [default: now]",
)
@click.option("--all", "everything", is_flag=True, help="Every post of the game (the host's copy).")
@report_errors
def digest(folder: Path | None, until: str | None, everything: bool) -> None:
    """Write the catch-up page (digest.html, digest.pdf): every post so far, offline."""
    game = open_folder(folder)
    require_schedule(game)
    cutoff = digest_cutoff(game.plan, until, everything)
    files, count, missing = digest_files(game, cutoff)
    written = write_game(game.root, game.plan, files, force=False)
    for path in written:
        if path.name.startswith("digest."):
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(f"{count} posts in the catch-up page.", err=True)
    if missing:
        click.echo(
            f"warning: {missing} pictures are not in the folder (written with --no-images?); "
            "the page goes without them",
            err=True,
        )


@main.command()
@click.argument("when_words", nargs=-1, metavar="[day N [SLOT]]")
@click.option(
    "-o",
    "--output",
    "folder",
    default=None,
    type=click.Path(path_type=Path),
    help="The game folder [default: the one here or under output/]",
)
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


# Battlestar Galactica's moderator commands (a game with a table, not planned turns).
from generator.games.battlestar.cli import bsg  # noqa: E402

main.add_command(bsg)

for _command in card_race_commands.commands.values():
    _command.callback = report_errors(_command.callback)  # type: ignore[arg-type]
main.add_command(card_race_commands)

if __name__ == "__main__":  # pragma: no cover
    main()
