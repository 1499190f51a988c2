"""`sheetgen bsg ...`: the Battlestar moderator's commands. Parse, call, report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from generator.common.errors import SheetgenError, display_path
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.common.warnings_count import warn
from generator.games.battlestar.game import (
    Table,
    Written,
    open_table,
    replay,
    run_command,
    run_undo,
    seed_commitment,
    setup_game,
    write_files,
)
from generator.games.battlestar.guide import GUIDE_FILE
from generator.games.battlestar.log import locked
from generator.games.battlestar.pictures import alt_text, board_view
from generator.games.battlestar.posts.post import render
from generator.games.battlestar.posts.reveal import reveal_post
from generator.pack.document import MAX_FILE_BYTES

GAME = click.argument("game_file", metavar="GAME_FILE", type=click.Path(path_type=Path))
OUTPUT = click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="The game folder [default: the game file's `output`, else output/battlestar-<game id>]",
)


def _report(table: Table, written: Any, paths: list[Path]) -> None:
    click.echo(f"Wrote {counted(len(paths), 'file')} to {display_path(table.folder)}/", err=True)
    for path in paths:
        click.echo(f"  {display_path(path)}", err=True)
    for path in table.recovered:
        click.echo(
            f"  {display_path(path)} (a logged entry's file, missing: written again)", err=True
        )
    sent = [m for m in written.messages if not m.is_record]
    if sent:
        click.echo(
            f"Send the {counted(len(sent), 'private message')} in private/ to their players.",
            err=True,
        )
    for note in (m for m in written.messages if m.is_record):
        # The moderator's view (who added what, the Destiny cards): never for the thread.
        click.echo(f"\nFor the moderator only ({note.file}, not for the thread):", err=True)
        click.echo(note.text, err=True, nl=False)
    for warning in table.warnings:
        warn(warning)
    click.echo(render(written.post, "facebook"), nl=False)


UNDO_INSTEAD = "bsg-undo-instead"  # in click's shared context meta: `bsg undo COMMAND ...`


def run_and_report(
    game_file: Path, output: Path | None, command: str, args: dict[str, Any]
) -> None:
    """A table command run for another CLI command (`sheetgen correct --game`)."""
    table = open_table(game_file, output)
    written, paths = run_command(table, command, args)
    _report(table, written, paths)


def _run(game_file: Path, output: Path | None, command: str, args: dict[str, Any]) -> None:
    table = open_table(game_file, output)
    if click.get_current_context().meta.get(UNDO_INSTEAD):
        # The command an undone entry should have been: logged with the undo, one post.
        written, paths = run_undo(table, {"cmd": command, "args": args})
    else:
        written, paths = run_command(table, command, args)
    _report(table, written, paths)


def _pairs(values: tuple[str, ...], what: str) -> list[list[Any]]:
    """NAME=NUMBER arguments as [name, count] pairs in the order typed (a repeated name adds
    up). A list, not a JSON object: the log sorts an object's keys, and the order decides
    the order of the cards in a hand and in the private message."""
    result: dict[str, int] = {}
    for value in values:
        key, sep, number = value.partition("=")
        try:
            result[key.strip()] = result.get(key.strip(), 0) + int(number)
        except ValueError:
            sep = ""
        if not sep:
            raise click.BadParameter(f"{value!r}: expected {what}=NUMBER, e.g. {what}=-1")
    return [[key, count] for key, count in result.items()]


def _kept_text(path: Path) -> str | None:
    try:
        return read_regular_file(path, MAX_FILE_BYTES).decode("utf-8", errors="replace")
    except (UnreadableFile, OSError):
        return None


@click.group()
def bsg() -> None:
    """Battlestar Galactica by forum: a moderator's setup, table and proofs."""


@bsg.command()
@GAME
@OUTPUT
def setup(game_file: Path, output: Path | None) -> None:
    """Set up from the seed (or, while characters are missing, post the choosing order)."""
    table = open_table(game_file, output)
    written, paths = setup_game(table)
    _report(table, written, paths)
    click.echo(
        f"Game {table.game_id}; seed commitment {seed_commitment(table)} (publish it; reveal the "
        "seed at the end)",
        err=True,
    )
    guide = display_path(table.folder / GUIDE_FILE)
    click.echo(f"Posting guide (start here): {guide}", err=True)


EXTRA = click.option(
    "--extra",
    "extra",
    metavar="CARD",
    default=None,
    help="The card (or location) that allows this out of the turn's sequence, by name: "
    "the post says so.",
)


def _with_extra(args: dict[str, Any], extra: str | None) -> dict[str, Any]:
    if extra is not None:
        args["extra"] = extra
    return args


# A negative count reaches the command (and its one-line error) instead of reading as an option.
NUMBERS = {"ignore_unknown_options": True}


@bsg.command(context_settings=NUMBERS)
@GAME
@click.argument("deck", type=click.Choice(["crisis", "super-crisis", "quorum", "destination"]))
@click.argument("count", type=int, default=1)
@click.option(
    "--player",
    default=None,
    help="Who draws (default: President for Quorum, Admiral for Destination).",
)
@click.option(
    "--kind",
    type=click.Choice(["attack", "check", "event"]),
    default=None,
    help="The Crisis card's kind, read from your copy: the turn's steps follow from it.",
)
@click.option(
    "--icon",
    type=click.Choice(["raiders", "heavy-raiders", "basestars", "launch-raiders", "none"]),
    default=None,
    help="The Crisis card's Cylon activation icon (bottom left).",
)
@click.option("--jump", is_flag=True, help="The Crisis card shows the prepare for jump icon.")
@EXTRA
@OUTPUT
def draw(
    game_file: Path,
    deck: str,
    count: int,
    player: str | None,
    kind: str | None,
    icon: str | None,
    jump: bool,
    extra: str | None,
    output: Path | None,
) -> None:
    """Draw cards from a deck in seeded order (the discard pile is reshuffled when empty).
    The turn's Crisis card: with its --kind (and --icon, --jump); one a turn."""
    args: dict[str, Any] = {"deck": deck, "count": count, "player": player}
    if kind is not None or icon is not None or jump:
        args.update({"kind": kind, "icon": icon, "jump": jump})
    _run(game_file, output, "draw", _with_extra(args, extra))


@bsg.command()
@GAME
@OUTPUT
def resolved(game_file: Path, output: Path | None) -> None:
    """This turn's Crisis card is resolved (a skill check crisis: check-resolve does it)."""
    _run(game_file, output, "resolved", {})


@bsg.command()
@GAME
@click.argument("area")
@click.argument("ships", nargs=-1, required=True)
@OUTPUT
def place(game_file: Path, area: str, ships: tuple[str, ...], output: Path | None) -> None:
    """Place ships as the Crisis card shows: AREA raider=3 basestar=1 heavy-raider=1
    civilian=2 viper=1 (at a component limit, the rest are not placed)."""
    _run(game_file, output, "place", {"area": area, "ships": _pairs(ships, "SHIP")})


@bsg.command(context_settings=NUMBERS)
@GAME
@click.argument("kind", type=click.Choice(["basestar", "raider", "heavy-raider", "civilian",
                                           "viper", "raptor", "centurion"]))  # fmt: skip
@click.argument("area", required=False)
@click.option("--count", type=int, default=1)
@OUTPUT
def destroy(game_file: Path, kind: str, area: str | None, count: int, output: Path | None) -> None:
    """Ships a card destroys without a roll (a civilian ship is turned face up, its loss
    applied; a viper goes to the destroyed pile; a raptor or a centurion needs no area)."""
    _run(game_file, output, "destroy", {"kind": kind, "area": area, "count": count})


@bsg.command()
@GAME
@click.argument("area", required=False)
@click.option("--pilot", default=None, help="The character who launches in it (Hangar Deck).")
@EXTRA
@OUTPUT
def launch(
    game_file: Path, area: str | None, pilot: str | None, extra: str | None, output: Path | None
) -> None:
    """A viper from the reserves into a launch area (lower-fore or lower-aft): with --pilot,
    the Hangar Deck's action; unmanned, one of Command's 2 activations."""
    _run(game_file, output, "launch", _with_extra({"area": area, "pilot": pilot}, extra))


@bsg.command()
@GAME
@click.argument(
    "icon", type=click.Choice(["raiders", "heavy-raiders", "basestars", "launch-raiders"])
)
@EXTRA
@OUTPUT
def activate(game_file: Path, icon: str, extra: str | None, output: Path | None) -> None:
    """Activate the Cylon ships by the Crisis card's icon: the kit moves, attacks and
    launches, rolling every die from the seed (an activation a card asks for: --extra CARD)."""
    _run(game_file, output, "activate", _with_extra({"icon": icon}, extra))


@bsg.command()
@GAME
@click.argument("attacker", type=click.Choice(["viper", "galactica", "nuke", "armory"]))
@click.argument("target", type=click.Choice(["raider", "heavy-raider", "basestar", "centurion"]))
@click.argument("area", required=False)
@EXTRA
@OUTPUT
def attack(
    game_file: Path,
    attacker: str,
    target: str,
    area: str | None,
    extra: str | None,
    output: Path | None,
) -> None:
    """An attack the kit rolls: viper raider lower-fore (the current player's viper, or an
    unmanned one Command activates), galactica heavy-raider fore (Weapons Control), nuke
    basestar fore (the Admiral), armory centurion."""
    args = {"attacker": attacker, "target": target, "area": area}
    _run(game_file, output, "attack", _with_extra(args, extra))


@bsg.command(context_settings=NUMBERS)
@GAME
@click.argument("target", type=click.Choice(["galactica", "viper", "basestar"]))
@click.argument("area", required=False)
@click.option("--count", type=int, default=1, help="Galactica damage tokens to draw.")
@OUTPUT
def damage(game_file: Path, target: str, area: str | None, count: int, output: Path | None) -> None:
    """Damage a card deals without a roll: a Galactica token drawn, a viper, a basestar."""
    _run(game_file, output, "damage", {"target": target, "area": area, "count": count})


@bsg.command()
@GAME
@click.argument("what")
@OUTPUT
def repair(game_file: Path, what: str, output: Path | None) -> None:
    """Repair a damaged viper (`viper`) or a damaged Galactica location (e.g. command)."""
    _run(game_file, output, "repair", {"what": what})


@bsg.command()
@GAME
@click.argument("player")
@click.argument("to")
@click.option("--discard", "discards", multiple=True, help="The skill card to change ship.")
@click.option("--effect", is_flag=True, help="A card or location moves them: no step, no discard.")
@click.option("--reason", default=None, help="Why, for an --effect move (e.g. 'Crisis 12').")
@OUTPUT
def move(
    game_file: Path,
    player: str,
    to: str,
    discards: tuple[str, ...],
    effect: bool,
    reason: str | None,
    output: Path | None,
) -> None:
    """A character moves to a location (or, piloting, to a space area)."""
    args = {"player": player, "to": to, "discard": list(discards), "effect": effect}
    if reason:
        args["reason"] = reason
    _run(game_file, output, "move", args)


@bsg.command()
@GAME
@click.argument("kind", type=click.Choice(["viper", "civilian"]))
@click.argument("area")
@click.argument("to")
@EXTRA
@OUTPUT
def shift(
    game_file: Path, kind: str, area: str, to: str, extra: str | None, output: Path | None
) -> None:
    """Move a ship: an unmanned viper to an adjacent area (one of Command's activations) or
    to `reserves` (to launch from the Hangar Deck when none is left); a civilian ship to an
    adjacent area (a card's: --extra CARD)."""
    args = {"kind": kind, "area": area, "to": to}
    _run(game_file, output, "shift", _with_extra(args, extra))


@bsg.command()
@GAME
@click.argument("reason")
@OUTPUT
def roll(game_file: Path, reason: str, output: Path | None) -> None:
    """A die roll the rules ask for (a Crisis card's): from the seed, said in the post."""
    _run(game_file, output, "roll", {"reason": reason})


@bsg.command()
@GAME
@click.argument("player")
@click.argument("types", nargs=-1)
@click.option(
    "--extra",
    metavar="CARD",
    default=None,
    help="The card or location that gives these cards (not Receive Skills), by name.",
)
@OUTPUT
def skills(
    game_file: Path, player: str, types: tuple[str, ...], extra: str | None, output: Path | None
) -> None:
    """Receive Skills for the current player: TYPE=COUNT... as the character sheet lists
    them (a multi-skill split as chosen), or without a multi-skill, the whole set. Once a
    turn; other draws (a location's, a card's, another player's): --extra CARD."""
    args: dict[str, Any] = {"player": player, "types": _pairs(types, "TYPE")}
    _run(game_file, output, "skills", _with_extra(args, extra))


@bsg.command()
@GAME
@click.argument("player")
@click.argument("cards", nargs=-1, required=True)
@click.option("--discard", is_flag=True, help="Discarded rather than played.")
@click.option("--action", is_flag=True, help="Played as the current player's action.")
@click.option("--interrupt", is_flag=True, help="Played when its text allows, in anyone's turn.")
@OUTPUT
def play(
    game_file: Path,
    player: str,
    cards: tuple[str, ...],
    discard: bool,
    action: bool,
    interrupt: bool,
    output: Path | None,
) -> None:
    """A player plays (or discards) cards from their hand: skill cards as type:value. The
    current player's card says what it is, read from your copy: --action (its text is an
    Action: the turn's one action) or --interrupt (played when its text allows); in another
    player's turn only --interrupt or --discard."""
    args: dict[str, Any] = {"player": player, "cards": list(cards), "discard": discard}
    if action:
        args["action"] = True
    if interrupt:
        args["interrupt"] = True
    _run(game_file, output, "play", args)


@bsg.command(name="check-open")
@GAME
@click.option("--types", required=True, help="Comma-separated skill types, e.g. politics,tactics")
@click.option("--difficulty", type=int, required=True)
@click.option("--partial", type=int, default=None, help="The partial-pass threshold, if any.")
@click.option(
    "--name", default=None, help="The check [default: the turn's skill check Crisis card]."
)
@EXTRA
@OUTPUT
def check_open(
    game_file: Path,
    types: str,
    difficulty: int,
    partial: int | None,
    name: str | None,
    extra: str | None,
    output: Path | None,
) -> None:
    """Open a skill check: players add cards in order, from left of the current player. The
    Crisis card's check, or before it a location's as the turn's action."""
    args: dict[str, Any] = {
        "name": name,
        "types": [t.strip() for t in types.split(",") if t.strip()],
        "difficulty": difficulty,
        "partial": partial,
    }
    _run(game_file, output, "check-open", _with_extra(args, extra))


@bsg.command(name="check-add")
@GAME
@click.argument("player")
@click.argument("cards", nargs=-1)
@OUTPUT
def check_add(game_file: Path, player: str, cards: tuple[str, ...], output: Path | None) -> None:
    """A player's cards for the open check (type:value each; none to pass)."""
    _run(game_file, output, "check-add", {"player": player, "cards": list(cards)})


@bsg.command(name="check-resolve")
@GAME
@click.option(
    "--difficulty",
    type=int,
    default=None,
    help="The difficulty as it stands at the reveal, if a card or ability changed it.",
)
@click.option("--partial", type=int, default=None, help="The partial value, if it changed.")
@OUTPUT
def check_resolve(
    game_file: Path, difficulty: int | None, partial: int | None, output: Path | None
) -> None:
    """Shuffle in the Destiny cards and post every card, both sums, the total and the outcome
    (never who added which card: that is the moderator's record, revealed at the end)."""
    args: dict[str, Any] = {}
    if difficulty is not None:
        args["difficulty"] = difficulty
    if partial is not None:
        args["partial"] = partial
    _run(game_file, output, "check-resolve", args)


@bsg.command()
@GAME
@click.argument("changes", nargs=-1, required=True)
@OUTPUT
def fleet(game_file: Path, changes: tuple[str, ...], output: Path | None) -> None:
    """Change resources, reserves or nukes: food=-1 population=-2 vipers=-1 nukes=-1."""
    _run(game_file, output, "fleet", {"changes": _pairs(changes, "NAME")})


@bsg.command(context_settings=NUMBERS)
@GAME
@click.argument("steps", type=int, default=1)
@EXTRA
@OUTPUT
def prep(game_file: Path, steps: int, extra: str | None, output: Path | None) -> None:
    """The Prepare for Jump step: the track one space, once for a Crisis card with the icon
    (a card that moves it: --extra CARD)."""
    _run(game_file, output, "prep", _with_extra({"steps": steps}, extra))


@bsg.command(context_settings=NUMBERS)
@GAME
@click.argument("distance", type=int)
@click.option("--destination", default=None, help="The Destination card the Admiral chose.")
@EXTRA
@OUTPUT
def jump(
    game_file: Path,
    distance: int,
    destination: str | None,
    extra: str | None,
    output: Path | None,
) -> None:
    """The fleet jumps DISTANCE; checks the win and the sleeper agent phase. Before Auto
    Jump: FTL Control's action, outside the red zone (a card's jump: --extra CARD)."""
    args = {"distance": distance, "destination": destination}
    _run(game_file, output, "jump", _with_extra(args, extra))


@bsg.command()
@GAME
@OUTPUT
def sleeper(game_file: Path, output: Path | None) -> None:
    """Deal the sleeper agent phase: one Loyalty card each (Boomer two)."""
    _run(game_file, output, "sleeper", {})


@bsg.command()
@GAME
@click.argument("player")
@OUTPUT
def cylon(game_file: Path, player: str, output: Path | None) -> None:
    """A player reveals a You Are a Cylon card; titles pass down the lines."""
    _run(game_file, output, "cylon", {"player": player})


@bsg.command()
@GAME
@click.argument("player")
@OUTPUT
def sympathizer(game_file: Path, player: str, output: Path | None) -> None:
    """A player reveals the Sympathizer: a Cylon if a resource is red, else to the Brig."""
    _run(game_file, output, "sympathizer", {"player": player})


@bsg.command()
@GAME
@click.argument("player")
@OUTPUT
def brig(game_file: Path, player: str, output: Path | None) -> None:
    """A player goes to the Brig (an Admiral loses the title)."""
    _run(game_file, output, "brig", {"player": player})


@bsg.command()
@GAME
@click.argument("player")
@OUTPUT
def release(game_file: Path, player: str, output: Path | None) -> None:
    """A player leaves the Brig (a former Admiral does not get the title back)."""
    _run(game_file, output, "brig", {"player": player, "release": True})


@bsg.command(name="title")
@GAME
@click.argument("title_id", metavar="TITLE", type=click.Choice(["president", "admiral"]))
@click.argument("player")
@OUTPUT
def title_(game_file: Path, title_id: str, player: str, output: Path | None) -> None:
    """A card or location gives a title to a player."""
    _run(game_file, output, "title", {"title": title_id, "player": player})


@bsg.command(name="next")
@GAME
@OUTPUT
def next_(game_file: Path, output: Path | None) -> None:
    """End the turn: the Crisis cards are discarded, the next player clockwise begins."""
    _run(game_file, output, "next", {})


@bsg.command()
@GAME
@click.argument("winner", type=click.Choice(["humans", "cylons"]))
@click.option("--reason", default=None, help="e.g. 'Galactica destroyed'.")
@OUTPUT
def end(game_file: Path, winner: str, reason: str | None, output: Path | None) -> None:
    """The moderator ends the game."""
    _run(game_file, output, "end", {"winner": winner, "reason": reason})


NOT_INSTEAD = ("setup", "status", "reveal", "undo")


@bsg.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@GAME
@click.argument("instead", nargs=-1, type=click.UNPROCESSED, metavar="[COMMAND ARGS...]")
@OUTPUT
@click.pass_context
def undo(
    ctx: click.Context, game_file: Path, instead: tuple[str, ...], output: Path | None
) -> None:
    """Undo the last entry that stands, in public: a correction post says what changed and
    what stands. With a COMMAND and its arguments (as for `bsg COMMAND`, without the game
    file): what the entry should have been, in the same post. The log keeps both entries;
    what the undone entry drew or rolled goes back (the same cards and dice come next)."""
    if not instead:
        table = open_table(game_file, output)
        written, paths = run_undo(table)
        _report(table, written, paths)
        return
    name, *rest = instead
    command = bsg.get_command(ctx, name)
    if command is None or name in NOT_INSTEAD:
        raise click.UsageError(f"{name!r}: expected a table command to stand instead")
    ctx.meta[UNDO_INSTEAD] = True
    where = ["-o", str(output)] if output is not None else []
    with command.make_context(name, [str(game_file), *rest, *where], parent=ctx) as sub:
        command.invoke(sub)


@bsg.command()
@GAME
@click.argument("post", required=False)
@OUTPUT
def posted(game_file: Path, post: str | None, output: Path | None) -> None:
    """Mark the posts that are ready as posted (through POST, e.g. turn-07-2-crisis, when
    given) and the private messages written so far as sent: `sheetgen today` then shows
    what came after. A game begun under rules 3 or later (one post per phase of a turn)."""
    from generator.games.battlestar.thread_posted import POSTED_FILE, mark_posted

    table = open_table(game_file, output)
    with locked(table.folder):
        replay(table)
        if table.phases is None:
            raise SheetgenError(
                "this game's log was begun by an older sheetgen (one post per entry): "
                "`sheetgen today` shows the latest entry's post; there is nothing to mark"
            )
        keys = mark_posted(table, post)
    where = display_path(table.folder / POSTED_FILE)
    if keys:
        click.echo(f"Marked posted ({where}): " + ", ".join(keys))
    else:
        click.echo(f"No post was ready; the private messages so far are marked sent ({where}).")


@bsg.command()
@GAME
@OUTPUT
def status(game_file: Path, output: Path | None) -> None:
    """The moderator's view of the table (secret: hands and loyalties). Writes nothing."""
    table = replay(open_table(game_file, output))
    state = table.state
    assert state is not None
    content = state.content
    click.echo(
        f"Game {table.game_id} · turn {state.turn} · current {state.who(state.current_seat)}"
    )
    for player in state.players:
        marks = [t for t, s in state.titles.items() if s == player.seat]
        marks += ["revealed Cylon"] * player.revealed + ["in the Brig"] * player.brig
        marked = f" [{', '.join(marks)}]" if marks else ""
        loyalty = "; ".join(c.name for c in player.loyalty)
        hand = ", ".join(
            content.skill_card_name(c) if d.startswith("skill:") else c for d, c in player.hand
        )
        click.echo(f"- {state.who(player.seat)}{marked}\n    loyalty: {loyalty}\n    hand: {hand}")
    dials = ", ".join(f"{k} {v}" for k, v in state.resources.items())
    reserves = ", ".join(f"{count} {kind}" for kind, count in state.reserves.items())
    click.echo(f"Fleet: {dials}; in reserve {reserves}; nukes {state.nukes}")
    click.echo(f"Board: {alt_text(board_view(state))}")
    piles = state.board
    click.echo(
        f"Face down: civilian ships {piles.civilian_pile} (next first), Galactica damage "
        f"{piles.damage_pile}; die rolls so far {piles.rolls}"
    )
    click.echo(
        f"Jump track {content.jump_track[state.jump].name}; distance {state.distance}; "
        f"destiny {len(state.destiny)} cards"
    )
    for name, deck in state.decks.items():
        click.echo(f"  {name}: {len(deck.pile)} to draw, {len(deck.discard)} discarded")
    check = state.check
    if check is not None:
        click.echo(
            f"Open skill check ({check.name}): {', '.join(check.types)}, difficulty "
            f"{check.difficulty}"
            + (f", partial {check.partial}" if check.partial is not None else "")
        )
        for seat in check.order:
            if seat in check.added:
                cards = ", ".join(content.skill_card_name(c) for c in check.added[seat])
                click.echo(f"  {state.who(seat)} added: {cards or 'none (passed)'}")
        per_check = content.destiny_per_check
        if len(state.destiny) >= per_check:
            coming = ", ".join(content.skill_card_name(c) for c in state.destiny[:per_check])
            click.echo(f"  Destiny cards the resolve adds: {coming}")
        else:
            click.echo("  Destiny cards: the deck is rebuilt at the resolve (too few left)")
    for line in state.queue():
        click.echo(f"Waiting: {line}")


@bsg.command()
@GAME
@click.option("--json", "as_json", is_flag=True, help="Machine-readable: exact texts and salts.")
@click.option("--before-end", is_flag=True, help="Reveal although the game is not over.")
@OUTPUT
def reveal(game_file: Path, as_json: bool, before_end: bool, output: Path | None) -> None:
    """Print every private message with its salt, so anyone can check the commitments."""
    table = replay(open_table(game_file, output))
    assert table.state is not None
    if not table.state.over and not before_end:
        raise SheetgenError(
            "the game is not over: revealing now spoils it (--before-end to insist)"
        )
    seed = table.spec.seed
    items = [
        {
            "id": m.id,
            "kind": "record" if m.is_record else "message",
            "player": m.player,
            "salt": m.salt(seed),
            "commitment": m.commitment(seed),
            "text": m.text,
        }
        for m in table.messages
    ]
    for warning in table.warnings:
        warn(warning)
    for m in table.messages:
        kept = _kept_text(table.folder / m.file)
        if kept is not None and kept != m.text:
            warn(
                f"{m.file} differs from the text revealed for {m.id} (edited since it "
                "was written?); the commitment in the thread decides"
            )
    # The seed only once the game is over: it decides every draw still to come.
    revealed_seed = seed if table.state.over else None
    if table.state.over:  # the posts for the thread; before the end, only the printout
        post = reveal_post(table.state, table.game_id, revealed_seed, table.messages)
        with locked(table.folder):
            paths = write_files(table.folder, Written(post, []))
        click.echo(
            f"Wrote the reveal posts ({counted(len(paths), 'file')}, public/reveal.*)", err=True
        )
    if as_json:
        data = {"game_id": table.game_id, "seed": revealed_seed, "messages": items}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(
        f"Game {table.game_id}: every private message and moderator's record, with its salt."
    )
    click.echo("Check each: sha256(salt + newline + text) is the commitment posted in the thread.")
    if revealed_seed is not None:
        click.echo(
            f"Seed: {revealed_seed} (check it against the setup post's seed commitment with "
            f"sheetgen verify --pack {table.pack.name} --seed SEED --commitment HASH)"
        )
    for entry in items:
        click.echo(
            f"\n=== {entry['id']} "
            + ("kept by the moderator" if entry["kind"] == "record" else f"to {entry['player']}")
            + f"\nsalt: {entry['salt']}\n"
            f"commitment: {entry['commitment']}\n--- text\n{entry['text']}--- end"
        )
