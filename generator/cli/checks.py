"""Commands that check and score: check, score, balance and verify (and `trick`, an old
spelling handed on to a game's own command)."""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from generator.cli.base import pack_option, parse_date, parse_game_options, report_errors
from generator.cli.forward import ForwardingCommand
from generator.cli.group import main
from generator.common.errors import display_path

if TYPE_CHECKING:
    from generator.games.capabilities import OptionsBalanceRun, RoundSheetScorer
    from generator.plan.rhythm import Rhythm


def _parse_rhythm(ctx: click.Context, param: click.Parameter, value: str | None) -> Rhythm | None:
    # Imported when given: every command's start stays as light as it was.
    if value is None:
        return None
    from generator.cli.verify_rounds import parse_rhythm

    return parse_rhythm(ctx, param, value)


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
    """Validate a content pack: a shipped pack's name (default: the default pack) or a pack
    folder's path."""
    from generator.games import PlannedGame
    from generator.kit.game_file import read_game_file
    from generator.kit.session import load_content
    from generator.pack.load import default_pack

    loaded, rules, content = load_content(pack if pack is not None else default_pack())
    if rules.capabilities.print_sheets is not None:
        from generator.render.pdf import LayoutError

        try:
            rules.capabilities.print_sheets(content)  # the limits `game` applies to the texts
        except LayoutError as exc:
            from generator.kit.too_long import located_overflow

            raise located_overflow(loaded, rules, exc) from None
    checker = rules.capabilities.check_game_file if game_file is not None else None
    # With a game file that sets its own table, its line says the rounds: the pack's default
    # table's would contradict it.
    counts = (
        f" - {rules.round_count(content)} rounds, {rules.turn_count(content)} turns"
        if checker is None and isinstance(rules, PlannedGame)
        else ""
    )
    click.echo(
        f"{loaded.meta.title} ({loaded.name} {loaded.meta.version}): OK{counts}; "
        f"content digest {loaded.digest[:16]}"
    )
    if game_file is not None:
        if checker is not None:
            click.echo(checker(content, game_file))
        else:
            read_game_file(game_file)
            click.echo(f"{display_path(game_file)}: OK")


@main.command()
@click.argument("pack")
@click.argument("grid", type=click.Path(path_type=Path))
@click.option("--seed", default=None, help="The game's seed (a sheet scorer needs its plan).")
@click.option("--start", default=None, callback=parse_date, metavar="YYYY-MM-DD")
@click.option(
    "--round",
    "round_number",
    type=int,
    default=None,
    help="The round the ship flies (games scored round by round).",
)
@click.option("--json", "as_json", is_flag=True, help="Results as JSON (table scorers).")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="[default: en]")
@click.option(
    "--option",
    "game_options",
    multiple=True,
    metavar="KEY=VALUE",
    callback=parse_game_options,
    help="A game option the game was started with, as in its game file (e.g. ships=A, "
    "difficulty=hard, variations=mirror). Repeat for several.",
)
@click.option(
    "--variations",
    default=None,
    metavar="LIST",
    help="The rule variations the game was started with (short for --option variations=LIST).",
)
@report_errors
def score(
    pack: str,
    grid: Path,
    seed: str | None,
    start: dt.date | None,
    round_number: int | None,
    as_json: bool,
    lang: str,
    game_options: dict[str, Any],
    variations: str | None,
) -> None:
    """Score a player's filled sheet or built ship, or a game's score table (table games)."""
    from generator.kit.session import load_content, open_game
    from generator.plan.seeds import normalise_seed

    _, rules, content = load_content(pack)
    table_scorer = rules.capabilities.score_table
    if table_scorer is not None:
        click.echo(table_scorer(content, grid, as_json, lang), nl=False)
        return
    if seed is None:
        raise click.UsageError("Missing option '--seed'.")
    try:
        seed_text = normalise_seed(seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    if variations is not None:
        game_options = {**game_options, "variations": [v.strip() for v in variations.split(",")]}
    g = open_game(pack, seed_text, start, options=game_options)
    scorer = g.rules.capabilities.score
    if scorer is None:
        from generator.games.capabilities import lacking

        raise lacking(f"the {g.pack.name} pack", "score")
    if round_number is None:
        click.echo(scorer(g.content, g.plan, grid), nl=False)
        return
    import inspect

    if "round_number" not in inspect.signature(scorer).parameters:
        raise click.BadParameter(
            f"the {g.pack.name} scorer scores a whole sheet (expected no --round)",
            param_hint="--round",
        )
    by_round = cast("RoundSheetScorer", scorer)  # its signature has round_number
    click.echo(by_round(g.content, g.plan, grid, round_number=round_number), nl=False)


@main.command()
@pack_option
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
@click.option(
    "--difficulty",
    default=None,
    help="The game option difficulty (Keep on Trucking's Rough Roads: none, hard, extreme, "
    "insane); the same as --option difficulty=...",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    callback=parse_game_options,
    metavar="KEY=VALUE",
    help="A game option the seeds are planned with (games that take them). Repeat for several.",
)
@report_errors
def balance(
    pack: str | None,
    count: int,
    workers: int | None,
    prefix: str,
    save_reference: bool,
    difficulty: str | None,
    options: dict[str, object],
) -> None:
    """Let a bot build and fly every round of many seeds: score spread, outliers."""
    from generator.kit.session import load_content
    from generator.pack.load import default_pack

    pack = pack if pack is not None else default_pack()
    loaded, rules, content = load_content(pack)
    runner = rules.capabilities.balance
    if runner is None:
        from generator.games.capabilities import lacking

        raise lacking(f"the {loaded.name} pack", "balance")
    workers = workers or os.cpu_count() or 1
    if difficulty is not None:
        options = {**options, "difficulty": difficulty}
    if options:
        if not rules.capabilities.takes_options:
            raise click.BadParameter(
                f"the {loaded.name} pack takes no game options", param_hint="--option"
            )
        # Only a game that takes options is handed them: the others' runners never see them.
        with_options = cast("OptionsBalanceRun", runner)  # a game that takes options
        report = with_options(
            pack, content, count, workers, prefix, save_reference, options=options
        )
    else:
        report = runner(pack, content, count, workers, prefix, save_reference)
    click.echo(report, nl=False)


GAME_ID = re.compile(r"^[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}$")


# Before a game's own checks had their own commands, posts told players to run them
# through the core (`sheetgen trick PACK ...`): that spelling is handed on to the pack's
# game's command `trick` (forward.py), and left out of --help.
@main.command(cls=ForwardingCommand, forward_all=True, hidden=True)
@click.argument("pack")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def trick(pack: str, args: tuple[str, ...]) -> None:
    """The pack's game's own `trick` command, as older posts spell it."""
    # Not reached: ForwardingCommand hands every call that names a pack on.


@main.command(cls=ForwardingCommand)
@click.argument("pack_name", metavar="[PACK]", required=False)
@click.option("--seed", required=True, help="The seed the host revealed.")
@click.option(
    "--commitment",
    "expected",
    required=True,
    help="The commitment published in the first post (or, a weaker check, the game id).",
)
@pack_option
@click.option(
    "--option",
    "game_options",
    multiple=True,
    metavar="KEY=VALUE",
    callback=parse_game_options,
    help="A game option the commitment covers (the reveal post names it). Repeat for several.",
)
@click.option(
    "--thread",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="A file with posts copied from the thread (the game start post, the rounds' last "
    "posts, the final scoring post): their round commitments and revealed records are "
    "compared with the seed's.",
)
@click.option(
    "--print-round",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="Also print round N's posts as the seed makes them, to compare with the thread.",
)
@click.option(
    "--flavour",
    type=click.Choice(["facebook", "discord", "bgg"]),
    default="facebook",
    show_default=True,
    help="Which platform's text --print-round prints.",
)
@click.option(
    "--start",
    default=None,
    callback=parse_date,
    metavar="YYYY-MM-DD",
    help="The game's first day, for the dates in the posts --print-round prints.",
)
@click.option(
    "--rhythm",
    default=None,
    callback=_parse_rhythm,
    metavar="JSON",
    help="The game's posting times, time zone and rest days as the reveal post gives them, "
    "for the times in the posts --print-round prints (needs --start).",
)
@report_errors
def verify(
    pack_name: str | None,
    seed: str,
    expected: str,
    pack: str | None,
    game_options: dict[str, Any],
    thread: Path | None,
    print_round: int | None,
    flavour: str,
    start: dt.date | None,
    rhythm: Rhythm | None,
) -> None:
    """Check a revealed seed against the commitment published at the start.

    It proves that the seed and the pack's content are the ones committed to in the first
    post and, for a game that commits to each round, prints every round's commitment made
    again from the seed (with --thread, compared with the thread's). It does not read the
    other posts: print a round's posts from the seed (--print-round) and compare them.

    Options it does not know are a game's own check, as older posts spell it: they are
    handed on to the pack's game's `verify` command (`sheetgen GROUP verify`)."""
    from generator.kit.session import load_content
    from generator.pack.load import default_pack
    from generator.plan.seeds import commitment, game_id, normalise_seed

    if pack_name is not None and pack is not None and pack_name != pack:
        raise click.UsageError(f"two packs named: {pack_name} and --pack {pack}")
    pack = pack_name if pack_name is not None else pack
    loaded, _, _ = load_content(pack if pack is not None else default_pack())
    try:
        seed_text = normalise_seed(seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    actual = commitment(loaded.name, seed_text, loaded.digest)
    if game_options:
        from generator.kit.session import open_game

        # The game's rules say what of its options the commitment covers.
        game = open_game(pack or default_pack(), seed_text, None, options=game_options)
        actual = game.plan.commitment
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
        if not game_options:
            _name_left_out_options(pack or default_pack(), seed_text, wanted, actual, using)
        click.echo(
            f"MISMATCH: seed and {using} give game {game_id(actual)}, not {wanted}.\n"
            "Either the seed is wrong or your pack is not the version the game used (the "
            "reveal post names it; a game folder's pack/ copy is the exact content).",
            err=True,
        )
        sys.exit(1)
    if actual == wanted.lower():
        from generator.cli.verify_rounds import check_rounds
        from generator.cli.verify_rounds import print_round as print_posts

        click.echo(f"OK: the seed and {using} match commitment {actual}.")
        name = pack or default_pack()
        rounds_ok = check_rounds(name, seed_text, game_options, thread)
        if print_round is not None:
            print_posts(name, seed_text, game_options, print_round, flavour, start, rhythm)
        if not rounds_ok:
            click.echo(
                "MISMATCH: a round in the thread is not the one this seed makes (see above).",
                err=True,
            )
            sys.exit(1)
        return
    if not game_options:
        _name_left_out_options(pack or default_pack(), seed_text, wanted, actual, using)
    click.echo(
        f"MISMATCH: seed and {using} give {actual}, not {wanted}.\n"
        "Either the seed is wrong or the game's content changed after the start: use the pack "
        "version the reveal post names (a game folder's pack/ copy is the exact content).",
        err=True,
    )
    sys.exit(1)


def _name_left_out_options(pack: str, seed: str, wanted: str, actual: str, using: str) -> None:
    """A game whose commitment covers its options (rule variations, say), checked without
    them: when the seed and content match with some, the seed and content are not to blame:
    say which options to add (and exit 1: the command as typed did not match)."""
    from generator.kit.session import load_content, open_game

    _, rules, _ = load_content(pack)
    candidates = rules.capabilities.committed_options
    if candidates is None:
        return
    for options in candidates():
        found = open_game(pack, seed, None, options=options).plan
        if wanted.lower() in (found.commitment, found.game_id.lower()):
            given = " ".join(
                f"--option {key}={','.join(map(str, v)) if isinstance(v, list) else v}"
                for key, v in options.items()
            )
            click.echo(
                f"MISMATCH without the game's options: the seed and {using} give {actual}, "
                f"not {wanted}.\nThe game was played with {given.replace('--option ', '')}, "
                f"which its commitment covers: add {given} (as the reveal post's command "
                f"has it) and the seed and content match.",
                err=True,
            )
            sys.exit(1)
    from generator.pack.validation import field_keys

    options_model = rules.capabilities.options
    names = ", ".join(field_keys(options_model)) if options_model else ""
    click.echo(
        f"MISMATCH: seed and {using} give {actual}, not {wanted}, with or without the "
        f"game's options ({names}). Check the seed, and add the options the reveal post's "
        "command names; else the game's content changed after the start: use the pack "
        "version the reveal post names (a game folder's pack/ copy is the exact content).",
        err=True,
    )
    sys.exit(1)
