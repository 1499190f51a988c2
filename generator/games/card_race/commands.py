"""`sheetgen card-race ...`: start a game from a game file and keep its table.

    sheetgen card-race new GAME_FILE [-o FOLDER]   plan, round posts, private hands, sheets
    sheetgen card-race bid FOLDER PLAYER N         record a bid
    sheetgen card-race trump FOLDER SUIT           record the dealer's trump choice
    sheetgen card-race play FOLDER PLAYER CARD     record a played card
    sheetgen card-race status FOLDER               print the current table post again
    sheetgen card-race trick CARD...               judge a trick (checks_commands.py)
    sheetgen card-race verify --round N ...        check a revealed round's deal

Every entry is checked against the dealt hands and the rules before it is appended to the
folder's log; the next public post is written beside the round's posts and printed."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import msgspec

from generator.cli.base import say_chosen_seed, settle_seed
from generator.common.atomic_write import write_atomic
from generator.common.errors import LayoutError, SheetgenError, display_path
from generator.common.plural import counted
from generator.common.warnings_count import warn
from generator.folder.in_place import finish_before_reading, finish_commit
from generator.folder.write import (
    PLAN_FILE,
    folder_lock,
    last_listed_entry,
    read_existing_plan,
    record_table_files,
    write_game,
)
from generator.games import OutputFile, Scope
from generator.games.card_race.checks_commands import pack_content, trick, verify
from generator.games.card_race.content import CardRace
from generator.games.card_race.errors import TableError, host_prefix, in_language, thread_prefix
from generator.games.card_race.files import game_files
from generator.games.card_race.flavours import facebook, post_files
from generator.games.card_race.languages import languages
from generator.games.card_race.log import LOG_FILE, LogText, locked, read_log, table_log
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.planner import (
    OLD_SALT_BITS,
    SALT_BITS,
    check_recorded_deal,
    make_plan,
)
from generator.games.card_race.posts import Writer, corrected_final, final_stem, round_folder
from generator.games.card_race.scoring import places
from generator.games.card_race.table.replay import (
    Refused,
    TableState,
    apply_entry,
    bid,
    choose_trump,
    keep,
    new_table,
    play,
    undo,
)
from generator.kit.session import plan_header
from generator.pack.load import SNAPSHOT_DIR, snapshot
from generator.plan.model import from_data, to_data

LANG = click.Choice(["en", "de", "both"])


@click.group(name="card-race")
def card_race() -> None:
    """Galactic Card Race: deal a game from a game file and keep its table; judge a trick,
    check a revealed round."""


# The checks need no game folder; they live beside the table, in their own module.
card_race.add_command(trick)
card_race.add_command(verify)


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
    # The game file's model is read by `new` alone, not by the table's commands.
    from generator.games.card_race.gamefile import check_spec, read_spec

    spec_file = read_spec(game_file)
    pack_ref = spec_file.pack
    if "/" in pack_ref or pack_ref.startswith("."):
        pack_ref = str(game_file.parent / pack_ref)
    pack, content = pack_content(pack_ref)
    spec = check_spec(game_file, content)
    seed_text = settle_seed(seed if seed is not None else spec.file.seed)
    table = spec.table
    if lang:
        table = msgspec.structs.replace(table, lang=lang)
    header = plan_header(pack, seed_text, spec.file.start)
    if output is None:
        output = game_file.parent / spec.file.output if spec.file.output else None
    root = output or Path("output") / f"card-race-{header.game_id}"
    # plan.json as written (and compared with the one the folder holds); the game's files
    # read it as the typed plan.
    data = to_data(header)
    data.update(make_plan(content, table, seed_text, spec.file.start, _salt_bits(root, data)))
    plan = from_data(CardRacePlan, data)
    papers_choice = paper or spec.file.paper or "both"
    papers = ("a4", "letter") if papers_choice == "both" else (papers_choice,)
    _keep_the_log_with_its_deal(root, data)
    say_chosen_seed()
    try:
        files = game_files(content, plan, Scope("game"), table.lang, papers, images)
    except LayoutError as exc:  # a text too long for a print sheet: said where it is
        from generator.games import rules_for
        from generator.kit.too_long import located_overflow

        raise located_overflow(pack, rules_for(pack), exc) from None
    files += [OutputFile(name, blob) for name, blob in snapshot(pack)]
    written = write_game(root, data, files, force)
    click.echo(
        f"Wrote {counted(len(written), 'file')} to {display_path(root)}/ (game {plan.game_id}, "
        f"{plan.table.rounds} rounds, first dealer {plan.first_dealer})",
        err=True,
    )
    click.echo(f"Record the table with: sheetgen card-race bid {display_path(root)} PLAYER N")


DEAL_KEYS = ("seed", "content_digest", "table", "first_dealer", "rounds")


def _salt_bits(root: Path, plan: dict[str, Any]) -> int:
    """The salts' format: 128 bits for a new game; a game this folder already holds, dealt
    when salts had 63 bits (no `salt_bits` in its plan), is dealt again as it was, so its
    commitments and its log still fit."""
    existing = read_existing_plan(root) if (root / "plan.json").is_file() else None
    same = existing is not None and all(
        existing.get(key) == plan.get(key) for key in ("seed", "content_digest")
    )
    if same and existing is not None and "salt_bits" not in existing:
        return OLD_SALT_BITS
    return SALT_BITS


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
def open_folder(folder: Path) -> tuple[CardRace, CardRacePlan]:
    finish_before_reading(folder)
    plan = read_existing_plan(folder)
    if plan is None or "table" not in plan or "rounds" not in plan:
        raise SheetgenError(
            f"{display_path(folder)}: no Galactic Card Race game here (no plan.json); "
            "start one with: sheetgen card-race new GAME_FILE"
        )
    kept = folder / SNAPSHOT_DIR
    pack, content = pack_content(str(kept) if kept.is_dir() else str(plan.get("pack", "card-race")))
    # The deal its seed makes, read as the game's plan type (as the host's commands read it).
    return content, check_recorded_deal(pack, content, plan, display_path(folder / PLAN_FILE))


def replay(
    folder: Path,
    content: CardRace,
    plan: CardRacePlan,
    lang: str,
    log: LogText | None = None,
    after: Callable[[TableState, int, dict[str, Any]], None] | None = None,
) -> TableState:
    """The table after every logged entry, each one checked again: its fields, its entry
    number (`n`, checked by the log) and its fit with the deal. `after(state, serial,
    entry)` runs after each entry (to write a post a killed run never wrote)."""
    log = _read(folder, content, lang) if log is None else log
    state = new_table(content, plan)
    for serial, item in enumerate(log.lines, 1):
        line, entry = item.number, item.entry
        try:
            # Entries logged before entry numbers existed carry none (the log checks that
            # every entry after the first numbered one has its number).
            apply_entry(state, entry, serial if "n" in entry else None)
        except Refused as exc:
            problem = refusal_text(content, exc, lang)
            raise SheetgenError(_log_problem(folder, line, problem, content, lang)) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise SheetgenError(_log_problem(folder, line, str(exc), content, lang)) from None
        if after is not None:
            after(state, serial, entry)
    return state


def _log_problem(folder: Path, line: int, problem: str, content: CardRace, lang: str) -> str:
    return content.lang(lang).get(
        "err_log_line", file=display_path(folder / LOG_FILE), line=line, problem=problem
    )


def _read(folder: Path, content: CardRace, lang: str) -> LogText:
    """The log, an entry that does not fit said in the table's language."""

    def describe(file: str, line: int, problem: str) -> str:
        return content.lang(lang).get("err_log_line", file=file, line=line, problem=problem)

    return read_log(folder, describe)


def _text_lang(lang: str) -> list[str]:
    return [code for code, _ in languages(lang)]


def _values(content: CardRace, exc: Refused, code: str) -> dict[str, Any]:
    values = dict(exc.values)
    if values.get("suit") in content.suits:
        values["suit"] = content.suit_name(values["suit"], code)
    return values


def refusal_text(content: CardRace, exc: Refused, code: str) -> str:
    """The refusal in one language, as the thread may read it (never a hand or a hidden
    bid); a suit code among its values is named in that language. A correction refused for
    a later entry says that entry's refusal too."""
    text = content.lang(code).get(exc.key, **_values(content, exc, code))
    if exc.cause is not None:
        text += " " + refusal_text(content, exc.cause, code)
    return text


def host_text(content: CardRace, exc: Refused, code: str) -> str | None:
    """What of the refusal only the host may read, or None."""
    cause = host_text(content, exc.cause, code) if exc.cause is not None else None
    if exc.host is None:
        return cause
    return content.lang(code).get(exc.host, **_values(content, exc, code))


def refusal(content: CardRace, exc: Refused, lang: str) -> TableError:
    """The thread's lines first (one a language), then the host's, each saying which it is."""
    codes = _text_lang(lang)
    lines = [(thread_prefix(content, c), refusal_text(content, exc, c)) for c in codes]
    for code in codes:
        text = host_text(content, exc, code)
        if text is not None:
            lines.append((host_prefix(content, code), text))
    return TableError(lines)


def entry_posts(
    content: CardRace, plan: CardRacePlan, state: TableState, number: int, serial: int
) -> list[tuple[str, bytes]]:
    """The files of entry `serial` (of round `number`), in the order they are written: the
    table post (and at a round's end the standings, at the game's end the final post), in
    the game's languages. Each post's Facebook text comes last, so a post whose Facebook
    file is there was written whole."""
    files: list[tuple[str, bytes]] = []
    rnd = state.rounds[number - 1]
    for code, suffix in languages(plan.table.lang):
        writer = Writer(content, plan, code)
        posts = [writer.table_post(state, number, serial)]
        # A correction's post says what changed (standings too); the round's standings
        # and final posts were written by the entry that ended it.
        if rnd.finished and serial not in state.corrections:
            image = f"{round_folder(number)}/standings{suffix}.png"
            standings = writer.standings_post(state, number, image)
            # Pillow and reportlab are imported by the entry that ends a round only: an
            # ordinary entry draws nothing.
            from generator.games.card_race.pictures import standings_png

            totals = state.totals_after[number - 1]
            png = standings_png(content, writer.seats, totals, places(totals), standings.title)
            files.append((image, png))
            posts.append(standings)
            if state.over:
                posts.append(writer.final_post(state))
        elif corrected_final(state, serial):
            posts.append(writer.final_post(state, corrected_by=serial))
        for item in posts:
            texts = post_files(item, suffix)
            ordered = sorted(texts, key=lambda name: name.endswith(".facebook.txt"))
            files += [(name, texts[name].encode("utf-8")) for name in ordered]
    return files


def _complete_marks(plan: CardRacePlan, state: TableState, number: int, serial: int) -> list[str]:
    """The files whose presence shows entry `serial`'s posts were all written."""
    rnd = state.rounds[number - 1]
    marks = []
    for _, suffix in languages(plan.table.lang):
        marks.append(f"{round_folder(number)}/table-{serial:03d}{suffix}.facebook.txt")
        if rnd.finished and serial not in state.corrections:
            marks.append(f"{round_folder(number)}/standings{suffix}.png")
            marks.append(f"{round_folder(number)}/standings{suffix}.facebook.txt")
            if state.over:
                marks.append(f"final{suffix}.facebook.txt")
        elif corrected_final(state, serial):
            marks.append(f"{final_stem(serial)}{suffix}.facebook.txt")
    return marks


def shown_text(
    content: CardRace,
    plan: CardRacePlan,
    state: TableState,
    number: int,
    serial: int,
    lang: str,
) -> str:
    """The Facebook text of the table post in the languages asked for (what is printed)."""
    return "\n".join(
        facebook(Writer(content, plan, code).table_post(state, number, serial))
        for code in _text_lang(lang)
    )


# The files the table commands write: what a crash before the manifest was updated (or a
# folder from before the manifest listed them) may have left unlisted.
TABLE_POST = re.compile(r"^(round-\d{2}/(table-\d{3}|standings)|final(-\d{3,})?)\.[^/]+$")


def table_files_on_disk(folder: Path) -> list[str]:
    """Every table file in the folder. Names are read one scandir a folder and sorted as
    text (the order sorted paths of one folder have): at a game's end the folder holds
    thousands of posts, and every command looks."""
    found = [LOG_FILE] if (folder / LOG_FILE).is_file() else []
    for entry in _entries(folder):
        if entry.name.startswith(("final.", "final-")):
            found.append(entry.name)
        elif entry.name.startswith("round-") and entry.is_dir(follow_symlinks=False):
            found += [f"{entry.name}/{child.name}" for child in _entries(Path(entry.path))]
    return [name for name in found if name == LOG_FILE or TABLE_POST.match(name)]


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    with os.scandir(folder) as found:
        return sorted(found, key=lambda entry: entry.name)


def _write(folder: Path, name: str, data: bytes) -> None:
    target = folder / name
    if target.parent != folder and target.parent.is_symlink():
        raise SheetgenError(
            f"{display_path(target.parent)} is a symbolic link; refusing to write through it"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, data)


# A temporary file of generator/common/atomic_write.py: `.NAME.XXXXXXXX.tmp` beside NAME.
TEMP_FILE = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def _remove_stale_temp_files(folder: Path) -> None:
    """What a run killed mid-write left: temporary copies of the log, the manifest or a
    post. Called with the table locked, so no live run is writing them."""
    places = [(folder, "")]
    places += [
        (Path(p.path), f"{p.name}/")
        for p in _entries(folder)
        if p.name.startswith("round-") and p.is_dir(follow_symlinks=False)
    ]
    for place, prefix in places:
        for entry in _entries(place):
            # Only hidden names can be temporary files: the thousands of posts are passed by.
            found = TEMP_FILE.match(entry.name) if entry.name.startswith(".") else None
            if found is None or not entry.is_file(follow_symlinks=False):
                continue
            name = prefix + found["name"]
            if name in (LOG_FILE, "manifest.json") or TABLE_POST.match(name):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _recover_posts(
    folder: Path, content: CardRace, plan: CardRacePlan, written: list[str]
) -> Callable[[TableState, int, dict[str, Any]], None]:
    """After each replayed entry: if a run was killed between logging it and writing its
    posts, write the posts now (only the files that are missing; none is written over)."""

    def after(state: TableState, serial: int, entry: dict[str, Any]) -> None:
        number = int(entry["round"])
        marks = _complete_marks(plan, state, number, serial)
        if all(os.path.lexists(folder / name) for name in marks):
            return
        for name, data in entry_posts(content, plan, state, number, serial):
            if not os.path.lexists(folder / name):
                _write(folder, name, data)
                written.append(name)

    return after


def _taken(folder: Path, files: list[tuple[str, bytes]], logged: int) -> None:
    """A new entry's files must not exist yet: if they do, they are the posts of an entry
    the log no longer holds (a log replaced or cut short), and the players may have read
    them. Nothing is written over them."""
    for name, _ in files:
        if os.path.lexists(folder / name):
            raise SheetgenError(
                f"{display_path(folder / name)} already exists, but {LOG_FILE} holds only "
                f"{logged} {'entry' if logged == 1 else 'entries'}: it is a post of an entry "
                "the log no longer has (was the log replaced or cut short?). Nothing was "
                "recorded; restore the log, or move the later posts out of the folder"
            )


def _list(folder: Path, entry: int, written: list[str], recovered: bool = False) -> None:
    """List `entry`'s files. The folder is searched for unlisted table files only when the
    listing lags (a run killed before it listed, or posts recovered): the usual command
    never reads the thousands of names of a long game."""
    try:
        lagging = recovered or last_listed_entry(folder) < entry - 1
        found = table_files_on_disk(folder) if lagging else []
        record_table_files(folder, entry, [LOG_FILE, *written], found)
    except OSError as exc:
        # The entries and their posts are written: only the listing waits for the next one.
        warn(
            f"recorded, but {display_path(folder / 'manifest.json')} could not "
            f"list the new posts ({exc.strerror or exc}); the next entry lists them"
        )


Action = Callable[[TableState, int], dict[str, Any]]  # (table, the new entry's number) -> entry


def record(folder: Path, lang: str | None, action: Action) -> None:
    # One writer at a time for the whole folder: a `sheetgen game` run rebuilding it must not
    # switch in a copy taken before this entry was written.
    real = Path(os.path.realpath(folder))
    with folder_lock(real):
        finish_commit(real)  # a rebuild a kill left half moved in is finished first
        content, plan = open_folder(folder)
        chosen = lang or plan.table.lang
        first = _text_lang(chosen)[0]
        busy = content.lang(first).get("err_locked", file=display_path(folder))
        with in_language(content, first), locked(folder, busy):
            _remove_stale_temp_files(folder)
            log = _read(folder, content, first)
            entries = log.entries
            recovered: list[str] = []
            after = _recover_posts(folder, content, plan, recovered)
            state = replay(folder, content, plan, first, log, after)
            if recovered:
                # Said and listed even if this command's own entry is refused (a host who
                # typed again the command that was stopped): these posts are not out yet.
                _list(folder, len(entries), recovered, recovered=True)
                missed = sorted(n for n in recovered if n.endswith(".facebook.txt"))
                click.echo(
                    "note: a run stopped before writing these posts; written now, post them "
                    f"before anything newer: {', '.join(missed) or ', '.join(recovered)}",
                    err=True,
                )
            serial = len(entries) + 1
            try:
                entry = action(state, serial)
            except Refused as exc:
                raise refusal(content, exc, chosen) from None
            entry["n"] = serial
            keep(state, serial, entry)
            number = entry["round"]
            files = entry_posts(content, plan, state, number, serial)
            _taken(folder, files, len(entries))
            # The entry first: a command is done when it is logged. A run killed before its
            # posts are written has them written by the next command (see _recover_posts).
            table_log(folder).append(entry, log)
            for name, data in files:
                _write(folder, name, data)
            text = shown_text(content, plan, state, number, serial, chosen)
            _list(folder, serial, [name for name, _ in files])
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
    record(folder, lang, lambda state, _: bid(state, player, tricks))


@card_race.command(name="trump")
@FOLDER
@click.argument("suit")
@LANG_OPTION
def trump_command(folder: Path, suit: str, lang: str | None) -> None:
    """Record the dealer's trump suit (I, P, W or G) after a Navigator was turned up."""
    record(folder, lang, lambda state, _: choose_trump(state, suit))


@card_race.command(name="play")
@FOLDER
@click.argument("player")
@click.argument("card")
@LANG_OPTION
def play_command(folder: Path, player: str, card: str, lang: str | None) -> None:
    """Record PLAYER playing CARD (I1-I12, P1-P12, W1-W12, G1-G12, N, F, T, B, H)."""
    record(folder, lang, lambda state, _: play(state, player, card))


@card_race.command(name="undo")
@FOLDER
@click.option(
    "--entry",
    "target",
    type=click.IntRange(1, None),
    default=None,
    help="The entry to undo (its number, as `today` and the log show it) [default: the last "
    "entry that stands]. Every later entry is checked again and every trick judged again.",
)
@click.option(
    "--instead",
    default=None,
    help="What stands in its place: the corrected bid (a number), card or trump suit.",
)
@LANG_OPTION
def undo_command(folder: Path, target: int | None, instead: str | None, lang: str | None) -> None:
    """Correct a mistyped entry in public: undo the last entry (or, with --entry, any
    earlier one), with --instead recording what should have been. The log keeps both the
    entry and its undoing; the correction post says what changed and what follows."""
    record(folder, lang, lambda state, serial: undo(state, serial, target, instead))


@card_race.command()
@FOLDER
@LANG_OPTION
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="As JSON: round, dealer, trump (or who names it), bids as far as public, the trick so "
    "far, whose turn, totals and positions.",
)
def status(folder: Path, lang: str | None, as_json: bool) -> None:
    """Show where the table stands (writes nothing)."""
    content, plan = open_folder(folder)
    chosen = lang or plan.table.lang
    with in_language(content, _text_lang(chosen)[0]):
        _status(folder, content, plan, chosen, as_json)


def _status(
    folder: Path, content: CardRace, plan: CardRacePlan, chosen: str, as_json: bool
) -> None:
    log = _read(folder, content, _text_lang(chosen)[0])
    state = replay(folder, content, plan, _text_lang(chosen)[0], log)
    if as_json:
        from generator.games.card_race.status_json import status_data

        data = status_data(state, len(log.entries))
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    entries = log.entries
    # The round of the latest entry: a round just finished is shown with its result.
    number = int(entries[-1]["round"]) if entries else 1
    for code in _text_lang(chosen):
        writer = Writer(content, plan, code)
        sys.stdout.write(facebook(writer.table_post(state, number, len(entries))))
