"""`sheetgen card-race ...`: start a game from a game file and keep its table.

    sheetgen card-race new GAME_FILE [-o FOLDER]   plan, round posts, private hands, sheets
    sheetgen card-race bid FOLDER PLAYER N         record a bid
    sheetgen card-race trump FOLDER SUIT           record the dealer's trump choice
    sheetgen card-race play FOLDER PLAYER CARD     record a played card
    sheetgen card-race status FOLDER               print the current table post again

Every entry is checked against the dealt hands and the rules before it is appended to the
folder's log; the next public post is written beside the round's posts and printed."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from generator.content import SNAPSHOT_DIR, snapshot
from generator.errors import SheetgenError, display_path
from generator.games import OutputFile, Scope
from generator.games.card_race import languages
from generator.games.card_race.content import CardRace
from generator.games.card_race.files import game_files
from generator.games.card_race.flavours import facebook, post_files
from generator.games.card_race.gamefile import check_spec
from generator.games.card_race.log import (
    LOCK_FILE,
    LOG_FILE,
    append_entry,
    locked,
    read_log,
    write_atomic,
)
from generator.games.card_race.planner import make_plan
from generator.games.card_race.posts import Writer, round_folder
from generator.games.card_race.scoring import places
from generator.games.card_race.table import (
    Refused,
    TableState,
    apply_entry,
    bid,
    choose_trump,
    new_table,
    play,
)
from generator.output import folder_lock, read_existing_plan, record_table_files, write_game
from generator.plan import to_data
from generator.seeds import choose_seed, normalise_seed, weakness
from generator.session import load_content, plan_header

LANG = click.Choice(["en", "de", "both"])


def _content(ref: str) -> tuple[Any, CardRace]:
    pack, _rules, content = load_content(ref)
    if not isinstance(content, CardRace):
        raise SheetgenError(f"the {pack.name} pack is not a Galactic Card Race pack")
    return pack, content


@click.group(name="card-race")
def card_race() -> None:
    """Galactic Card Race: deal a game from a game file and keep its table."""


@card_race.command()
@click.argument("game_file", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None)
@click.option("--seed", default=None, help="Overrides the game file's seed.")
@click.option("--lang", type=LANG, default=None, help="[default: the game file's]")
@click.option("--paper", type=click.Choice(["a4", "letter", "both"]), default=None)
@click.option("--images/--no-images", default=True)
@click.option("--force", is_flag=True, help="Replace another game in the output folder.")
def new(
    game_file: Path,
    output: Path | None,
    seed: str | None,
    lang: str | None,
    paper: str | None,
    images: bool,
    force: bool,
) -> None:
    """Plan a game from GAME_FILE and write its posts, private hands and sheets."""
    from generator.games.card_race.gamefile import read_spec

    spec_file = read_spec(game_file)
    pack_ref = spec_file.pack
    if "/" in pack_ref or pack_ref.startswith("."):
        pack_ref = str(game_file.parent / pack_ref)
    pack, content = _content(pack_ref)
    spec = check_spec(game_file, content)
    raw = seed if seed is not None else spec.file.seed
    if raw is None:
        raw = choose_seed()
        click.echo(f"Seed chosen: {raw}\n  Keep it secret: it decides the whole game.", err=True)
    try:
        seed_text = normalise_seed(raw)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seed") from None
    warning = weakness(seed_text)
    if warning:
        click.echo(f"warning: {warning}", err=True)
    table = spec.table
    if lang:
        table = table.model_copy(update={"lang": lang})
    plan = to_data(plan_header(pack, seed_text, spec.file.start))
    plan.update(make_plan(content, table, seed_text, spec.file.start))
    if output is None:
        output = game_file.parent / spec.file.output if spec.file.output else None
    root = output or Path("output") / f"card-race-{plan['game_id']}"
    papers_choice = paper or spec.file.paper or "both"
    papers = ("a4", "letter") if papers_choice == "both" else (papers_choice,)
    _keep_the_log_with_its_deal(root, plan)
    files = game_files(content, plan, Scope("game"), table.lang, papers, images)
    files += [OutputFile(name, data) for name, data in snapshot(pack)]
    written = write_game(root, plan, files, force)
    click.echo(
        f"Wrote {len(written)} files to {display_path(root)}/ (game {plan['game_id']}, "
        f"{plan['table']['rounds']} rounds, first dealer {plan['first_dealer']})",
        err=True,
    )
    click.echo(f"Record the table with: sheetgen card-race bid {display_path(root)} PLAYER N")


DEAL_KEYS = ("seed", "content_digest", "table", "first_dealer", "rounds")


def _keep_the_log_with_its_deal(root: Path, plan: dict[str, Any]) -> None:
    """A recorded table belongs to the deal it was checked against: writing another deal
    (other players, rounds or seed) over it would strand every recorded play, even with
    --force, which only replaces the files a game wrote."""
    if not (root / LOG_FILE).exists():
        return
    existing = read_existing_plan(root) or {}
    if any(existing.get(key) != plan.get(key) for key in DEAL_KEYS):
        raise SheetgenError(
            f"{display_path(root / LOG_FILE)} records the table of another deal "
            f"(game {existing.get('game_id')}); write this game to another folder with -o"
        )


# --- the table -----------------------------------------------------------------------------
def open_folder(folder: Path) -> tuple[CardRace, dict[str, Any]]:
    plan = read_existing_plan(folder)
    if plan is None or "table" not in plan or "rounds" not in plan:
        raise SheetgenError(
            f"{display_path(folder)}: no Galactic Card Race game here (no plan.json); "
            "start one with: sheetgen card-race new GAME_FILE"
        )
    kept = folder / SNAPSHOT_DIR
    _, content = _content(str(kept) if kept.is_dir() else str(plan.get("pack", "card-race")))
    return content, plan


def replay(folder: Path, content: CardRace, plan: dict[str, Any], lang: str) -> TableState:
    state = new_table(content, plan)
    for number, entry in read_log(folder):
        try:
            apply_entry(state, entry)
        except Refused as exc:
            problem = refusal_text(content, exc, lang)
            raise SheetgenError(_log_problem(folder, number, problem, content, lang)) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise SheetgenError(_log_problem(folder, number, f"bad {exc}", content, lang)) from None
    return state


def _log_problem(folder: Path, line: int, problem: str, content: CardRace, lang: str) -> str:
    return content.lang(lang).get(
        "err_log_line", file=display_path(folder / LOG_FILE), line=line, problem=problem
    )


def _text_lang(lang: str) -> list[str]:
    return [code for code, _ in languages(lang)]


def refusal_text(content: CardRace, exc: Refused, code: str) -> str:
    """The refusal in one language; a suit code among its values is named in that language."""
    values = dict(exc.values)
    if values.get("suit") in content.suits:
        values["suit"] = content.suit_name(values["suit"], code)
    return content.lang(code).get(exc.key, **values)


def refusal(content: CardRace, exc: Refused, lang: str) -> SheetgenError:
    return SheetgenError("\n".join(refusal_text(content, exc, code) for code in _text_lang(lang)))


def write_posts(
    folder: Path,
    content: CardRace,
    plan: dict[str, Any],
    state: TableState,
    number: int,
    serial: int,
    lang: str,
) -> tuple[str, list[str]]:
    """Write the table post (and at a round's end the standings, at the game's end the
    final post); returns the Facebook text to show and the files written."""
    from generator.games.card_race.images import standings_png

    shown = []
    written: list[str] = []
    rnd = state.rounds[number - 1]
    # The files follow the game's languages (as the round posts do); `lang` is what to show.
    for code, suffix in languages(str(plan["table"]["lang"])):
        writer = Writer(content, plan, code)
        post = writer.table_post(state, number, serial)
        posts = [post]
        if rnd.finished:
            image = f"{round_folder(number)}/standings{suffix}.png"
            standings = writer.standings_post(state, number, image)
            totals = state.totals_after[number - 1]
            png = standings_png(content, writer.seats, totals, places(totals), standings.title)
            _write(folder, image, png)
            written.append(image)
            posts.append(standings)
            if state.over:
                posts.append(writer.final_post(state))
        for item in posts:
            for name, text in post_files(item, suffix).items():
                _write(folder, name, text.encode("utf-8"))
                written.append(name)
    for code in _text_lang(lang):
        shown.append(facebook(Writer(content, plan, code).table_post(state, number, serial)))
    return "\n".join(shown), written


# The files the table commands write: what a crash before the manifest was updated (or a
# folder from before the manifest listed them) may have left unlisted.
TABLE_POST = re.compile(r"^(round-\d{2}/(table-\d{3}|standings)|final)\.[^/]+$")


def table_files_on_disk(folder: Path) -> list[str]:
    found = [LOG_FILE] if (folder / LOG_FILE).is_file() else []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("final."):
            found.append(entry.name)
        elif entry.name.startswith("round-") and entry.is_dir() and not entry.is_symlink():
            found += [f"{entry.name}/{child.name}" for child in sorted(entry.iterdir())]
    return [name for name in found if name == LOG_FILE or TABLE_POST.match(name)]


def _write(folder: Path, name: str, data: bytes) -> None:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, data)


def record(folder: Path, lang: str | None, action: Callable[[TableState], dict[str, Any]]) -> None:
    # One writer at a time for the whole folder: a `sheetgen game` run rebuilding it must not
    # switch in a copy taken before this entry was written.
    with folder_lock(Path(os.path.realpath(folder))):
        content, plan = open_folder(folder)
        chosen = lang or str(plan["table"]["lang"])
        first = _text_lang(chosen)[0]
        busy = content.lang(first).get("err_locked", file=display_path(folder / LOCK_FILE))
        with locked(folder, busy):
            state = replay(folder, content, plan, first)
            serial = len(read_log(folder)) + 1
            try:
                entry = action(state)
            except Refused as exc:
                raise refusal(content, exc, chosen) from None
            append_entry(folder, entry)
            number = entry["round"]
            text, written = write_posts(folder, content, plan, state, number, serial, chosen)
            try:
                record_table_files(folder, [LOG_FILE, *written], table_files_on_disk(folder))
            except OSError as exc:
                # The entry and its posts are written: only the listing waits for the next one.
                click.echo(
                    f"warning: recorded, but {display_path(folder / 'manifest.json')} could not "
                    f"list the new posts ({exc.strerror or exc}); the next entry lists them",
                    err=True,
                )
    click.echo(text, nl=False)


FOLDER = click.argument("folder", type=click.Path(path_type=Path))
LANG_OPTION = click.option("--lang", type=LANG, default=None, help="[default: the game's]")


@card_race.command(name="bid")
@FOLDER
@click.argument("player")
@click.argument("tricks", type=click.IntRange(0, 99))
@LANG_OPTION
def bid_command(folder: Path, player: str, tricks: int, lang: str | None) -> None:
    """Record PLAYER's bid of TRICKS tricks."""
    record(folder, lang, lambda state: bid(state, player, tricks))


@card_race.command(name="trump")
@FOLDER
@click.argument("suit")
@LANG_OPTION
def trump_command(folder: Path, suit: str, lang: str | None) -> None:
    """Record the dealer's trump suit (I, P, W or G) after a Navigator was turned up."""
    record(folder, lang, lambda state: choose_trump(state, suit))


@card_race.command(name="play")
@FOLDER
@click.argument("player")
@click.argument("card")
@LANG_OPTION
def play_command(folder: Path, player: str, card: str, lang: str | None) -> None:
    """Record PLAYER playing CARD (I1-I12, P1-P12, W1-W12, G1-G12, N, F, T, B, H)."""
    record(folder, lang, lambda state: play(state, player, card))


@card_race.command()
@FOLDER
@LANG_OPTION
@click.option("--json", "as_json", is_flag=True, help="Totals and positions as JSON.")
def status(folder: Path, lang: str | None, as_json: bool) -> None:
    """Show where the table stands (writes nothing)."""
    content, plan = open_folder(folder)
    chosen = lang or str(plan["table"]["lang"])
    state = replay(folder, content, plan, _text_lang(chosen)[0])
    if as_json:
        totals = state.totals()
        click.echo(json.dumps({"totals": totals, "positions": places(totals)}, ensure_ascii=False))
        return
    entries = read_log(folder)
    # The round of the latest entry: a round just finished is shown with its result.
    number = int(entries[-1][1]["round"]) if entries else 1
    for code in _text_lang(chosen):
        writer = Writer(content, plan, code)
        sys.stdout.write(facebook(writer.table_post(state, number, len(entries))))
