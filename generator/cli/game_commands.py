"""Commands that write a game: game, round, turn, sheets, plan and reveal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli.base import (
    forget_chosen_seed,
    game_options,
    located_rhythm,
    open_from_args,
    refuse_unknown_game,
    render,
    render_options,
    report,
    report_errors,
    report_written,
    resolve_args,
    say_chosen_seed,
    warn_moved_posts,
)
from generator.cli.group import main
from generator.common.errors import SheetgenError, display_path
from generator.common.warnings_count import warn

if TYPE_CHECKING:
    from generator.games import PlannedGame


@main.command()
@game_options
@click.option(
    "--fair",
    is_flag=True,
    help="Only a seed whose rounds are not extreme for the balance bot (games that have one).",
)
@click.pass_context
@report_errors
def game(ctx: click.Context, fair: bool, **kwargs: Any) -> None:
    """Write the whole game: plan, posts, images and sheets. A table game's file (a card
    table, a moderator's setup) is handed to the game's own start command."""
    from generator.games import Scope
    from generator.pack.load import default_pack

    if kwargs["game_file"] is not None and _start_with_own_command(ctx, kwargs["game_file"]):
        return
    if fair and kwargs["seed"] is None and kwargs["game_file"] is None:
        kwargs["seed"] = fair_seed(kwargs["pack"] or default_pack())
    args = resolve_args(**kwargs)
    g, found = open_from_args(args, say_seed=False)
    sample_table = kwargs["game_file"] is None and _started_elsewhere(g)
    from generator.folder.write import checked_root

    checked_root(found.root)  # a refused folder is said before the balance verdict, not after
    say_chosen_seed()
    judge = g.rules.capabilities.verdict
    if judge is not None:
        line, extreme = judge(g.content, g.plan)
        click.echo(line, err=True)
        if fair and extreme:
            raise SheetgenError(
                f"game {g.plan.game_id}: a round is extreme for the balance bot "
                "(--fair asks for one that is not): choose another seed, or drop --fair"
            )
    written = render(g, found, Scope("game"), args)
    guide = found.root / "posting-guide.md"
    prints = [p for p in written if p.parent.name == "sheets" and p.name.startswith("print-")]
    prints = prints or [p for p in written if p.parent.name == "sheets" and p.suffix == ".pdf"]
    click.echo(f"Posting guide (start here): {display_path(guide)}", err=True)
    for path in prints:
        click.echo(f"Print pack for players: {display_path(path)}", err=True)
    if sample_table:
        click.echo(f"Note: {sample_table}", err=True)


# `game`'s options a table game's start command may take, by the parameter names they share.
HANDED_ON = {"output": "-o", "seed": "--seed", "paper": "--paper", "force": "--force"}
# How `game`'s other options are spelled, and those a game file sets itself.
OPTION_WORDS = {("images", False): "--no-images", ("game_options", None): "--option"}
FILE_SETTINGS = {"pack", "seed", "start", "output", "paper", "game_options"}


def _start_with_own_command(ctx: click.Context, game_file: Path) -> bool:
    """A game file whose game starts with its own command (a card table's deal, a
    moderator's setup: the game's `game_file_command`): run that command on it, with the
    options of `game` it also takes; an option it does not take is refused, not dropped.
    False for any other file."""
    import shlex

    from generator.kit.game_file import own_start_command

    found = own_start_command(game_file)
    if found is None:
        return False
    title, template = found
    words = shlex.split(template.format(file=shlex.quote(str(game_file))))[1:]
    group = main.get_command(ctx, words[0])
    command = group.get_command(ctx, words[1]) if isinstance(group, click.Group) else None
    if command is None:
        raise SheetgenError(f"{display_path(game_file)}: `{template}` is not installed")
    takes = {p.name for p in command.params}
    args = words[2:]
    for name, value in ctx.params.items():
        if ctx.get_parameter_source(name) != click.core.ParameterSource.COMMANDLINE:
            continue
        flag = HANDED_ON.get(name) if name in takes else None
        if name == "images" and name in takes:
            args.append("--images" if value else "--no-images")
        elif flag is not None:
            args += [flag] if isinstance(value, bool) else [flag, str(value)]
        elif name != "game_file":
            shown = template.split(" {file}")[0]
            key = (name, value if isinstance(value, bool) else None)
            option = OPTION_WORDS.get(key, f"--{name.replace('_', '-')}")
            where = "set it in the game file, or " if name in FILE_SETTINGS else ""
            raise SheetgenError(
                f"{display_path(game_file)}: a {title} game file starts with `{shown}`, which "
                f"takes no {option}: {where}leave it out"
            )
    shown = " ".join(["sheetgen", *words[:2], *map(shlex.quote, args)])
    click.echo(f"A {title} game file: starting it with its own command, {shown}", err=True)
    with command.make_context(f"sheetgen {words[0]} {words[1]}", args, parent=ctx) as sub:
        command.invoke(sub)
    return True


def _started_elsewhere(g: Any) -> str:
    """A table game started by its own command from a game file that names the players
    (`game_file_command`), given to `game` without one. A game that keeps its seed in that
    file (a moderator's table) has nothing `game` could write: refused, with the way in.
    One `game` can still deal (to the pack's sample table): said as a warning, before
    anything is written, with how to name the players; returns that advice (else "")."""
    command = g.rules.capabilities.game_file_command
    if not command:
        return ""
    pack = g.pack.meta.name
    title = g.pack.meta.title
    start = (
        f"`sheetgen new {pack} FILE` writes a game file; name the players in it, "
        f"then `{command.format(file='FILE')}`"
    )
    from generator.games import TableGame

    if isinstance(g.rules, TableGame) and g.rules.needs_game_file:
        raise SheetgenError(
            f"{title} is set up from its game file, which names the players and keeps the "
            f"seed, not by `sheetgen game`: {start} (`sheetgen sheets --pack {pack}` writes "
            "the print sheets alone)"
        )
    sample = getattr(getattr(g.content, "table", None), "players", None)
    players = f" ({', '.join(sample)})" if sample else ""
    dealt = f"the hands are dealt to the pack's sample players{players}, not yours: {start}"
    warn(f"no game file: {dealt}")
    return dealt[0].upper() + dealt[1:]


FAIR_TRIES = 30


def fair_seed(pack: str) -> str:
    """A fresh secret seed none of whose rounds the balance bot finds extreme."""
    from generator.games import PlannedGame
    from generator.kit.session import load_content, plan_header
    from generator.plan.seeds import choose_seed

    loaded, rules, content = load_content(pack)
    judge = rules.capabilities.verdict
    if judge is None or not isinstance(rules, PlannedGame):
        from generator.games.capabilities import lacking

        raise lacking(f"the {pack} pack", "verdict", "--fair")
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
    g, found = open_from_args(args)
    refuse_unknown_game(g, found, args.output)
    rules = planned_rules(g, "`sheetgen round`")
    rounds = rules.round_count(g.content)
    if not 1 <= number <= rounds:
        raise click.BadParameter(
            f"{number} is not a round of this game (1-{rounds})", param_hint="NUMBER"
        )
    render(g, found, Scope("round", number), args)


@main.command()
@click.argument("number", type=int)
@game_options
@report_errors
def turn(number: int, **kwargs: Any) -> None:
    """Write the posts for one turn and print the text to post."""
    from generator.folder.write import write_game

    args = resolve_args(**kwargs, continuing=True)
    g, found, plan, files = _turn_files(number, args, report)
    written = write_game(found.root, plan, files, args.force)
    report_written(written, found.root, g.plan.game_id)
    for path in written:
        click.echo(f"  {display_path(path)}", err=True)
    click.echo(planned_rules(g, "`sheetgen turn`").turn_post(g.content, g.plan, number), nl=False)


def planned_rules(g: Any, needed_by: str) -> PlannedGame:
    """The game's rules, when its rounds and turns are planned ahead; else the error that
    says the game has none (a table that runs from its own commands)."""
    from generator.games import PlannedGame
    from generator.games.capabilities import lacking

    if not isinstance(g.rules, PlannedGame):
        raise lacking(g.pack.meta.title, "turns", needed_by)
    return g.rules


def _turn_files(number: int, args: Any, say: Any) -> tuple[Any, Any, dict[str, Any], list[Any]]:
    """The game, its folder, and the plan and files `turn NUMBER` writes there."""
    from generator.games import Scope
    from generator.kit.build import scope_outputs

    g, found = open_from_args(args, say)
    refuse_unknown_game(g, found, args.output)
    turns = planned_rules(g, "`sheetgen turn`").turn_count(g.content)
    if not 1 <= number <= turns:
        raise click.BadParameter(
            f"{number} is not a turn of this game (1-{turns})", param_hint="NUMBER"
        )
    warn_moved_posts(g, found)
    plan, files = scope_outputs(
        g, found, Scope("turn", number), render_options(args), args.force, say
    )
    return g, found, plan, files


@main.command()
@game_options
@report_errors
def sheets(**kwargs: Any) -> None:
    """Write the print-and-play sheets."""
    from generator.games import Scope

    args = resolve_args(**kwargs)
    g, found = open_from_args(args, say_seed=False)
    from generator.games import PlannedGame

    if not isinstance(g.rules, PlannedGame):
        # A game that plans nothing ahead (Battlestar): its sheets are the same for every
        # game, and the seed its table's game file holds decides the game; none is kept.
        forget_chosen_seed()
    else:
        say_chosen_seed()
    render(g, found, Scope("sheets"), args)


@main.command()
@game_options
@report_errors
def plan(**kwargs: Any) -> None:
    """Print the game's plan as JSON (writes nothing)."""
    kwargs.pop("force")
    kwargs.pop("output")
    from generator.kit.session import open_game
    from generator.plan.model import to_data

    args = resolve_args(**kwargs, force=False, output=None)
    with located_rhythm(args):
        g = open_game(args.pack, args.seed, args.start, args.rhythm, args.options)
    say_chosen_seed()
    click.echo(json.dumps(to_data(g.plan), indent=2, ensure_ascii=False))


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
    from generator.games import OutputFile
    from generator.host.reveal_guard import refuse_early_reveal
    from generator.kit.build import write_more
    from generator.plan.shared import shared_of
    from generator.render.reveal import reveal_post

    args = resolve_args(**kwargs, continuing=True)
    g, found = open_from_args(args)
    refuse_unknown_game(g, found, args.output)
    plan = shared_of(g.plan)
    warning = refuse_early_reveal(plan, before_end)
    if warning:
        warn(warning)
    post = reveal_post(g.pack.meta.title, plan, plan.schedule[-1].turn)
    files = [OutputFile(name, text.encode("utf-8")) for name, text in post.files().items()]
    written = write_more(g, found, files, args.force)
    for path in written:
        if path.name.startswith(post.key):
            click.echo(f"  {display_path(path)}", err=True)
    click.echo(post.facebook, nl=False)
