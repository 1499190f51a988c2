"""One Battlestar game as the commands see it: the game file, the pack, the setup, and the
log replayed over it. `run_command` applies a new command, logs it, then writes its files:
a command is done when it is logged, and a post or message a crash left unwritten is
written by the next command (the replay gives its exact text again). A file already there
for a new entry's number is never written over: the log has lost a line."""

from __future__ import annotations

import copy
import hashlib
import itertools
import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.common.errors import SheetgenError, abridge, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.table_log import LogText
from generator.games.battlestar import content as bsg_content
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.files import write_atomic
from generator.games.battlestar.gamefile import GameSpec, check_against_pack, read_game_file
from generator.games.battlestar.guide import GUIDE_FILE, posting_guide
from generator.games.battlestar.log import locked, log_path, read_log, table_log
from generator.games.battlestar.pictures import board_view
from generator.games.battlestar.posts.post import TablePost, post_files
from generator.games.battlestar.posts.setup import (
    choosing_post,
    setup_messages,
    setup_post,
    title,
)
from generator.games.battlestar.setup import SetupRecord, choosing, set_up
from generator.games.battlestar.state import POSTS_IN_ORDER, RULES, TableState
from generator.games.battlestar.table.commands import COMMANDS, Outcome, TableError
from generator.games.battlestar.table.phases import PhaseThread, entry_phase, where_now
from generator.games.battlestar.undo import UNDO, after_digest, correction
from generator.pack.document import MAX_FILE_BYTES
from generator.pack.load import SNAPSHOT_DIR, Pack, load_pack, resolve_pack_dir, snapshot
from generator.plan.seeds import commitment, game_id


@dataclass
class Written:
    """What a command produced: the public post and the private messages."""

    post: TablePost
    messages: list[PrivateMessage]
    # False: the entry's post is a part of its phase's post (table/phases.py), which is
    # written instead; the entry writes its private messages only.
    public: bool = True

    def files(self) -> dict[str, str]:
        files = post_files(self.post) if self.public else {}
        files.update({m.file: m.text for m in self.messages})
        return files

    def data(self) -> dict[str, bytes]:
        """Every file as bytes: the texts and the board picture."""
        data = {name: text.encode("utf-8") for name, text in self.files().items()}
        if self.public:
            data.update(self.post.image_bytes())
        return data


@dataclass
class Table:
    spec: GameSpec
    pack: Pack
    content: Battlestar
    game_id: str
    folder: Path
    state: TableState | None = None
    record: SetupRecord | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    log: LogText = field(default_factory=lambda: LogText(b""))  # as replayed
    messages: list[PrivateMessage] = field(default_factory=list)  # every one sent so far
    written: list[Written] = field(default_factory=list)  # each replayed entry's files
    warnings: list[str] = field(default_factory=list)  # what a replay could not restore
    recovered: list[Path] = field(default_factory=list)  # files a crash had left unwritten
    standing: list[int] = field(default_factory=list)  # entries not undone, in order
    before: dict[int, TableState] = field(default_factory=dict)  # kept for an undo
    # The thread's posts, one per phase of a turn (a log begun under rules 3 or later).
    phases: PhaseThread | None = None

    @property
    def digest(self) -> str:
        return self.spec.setup_digest(self.pack.digest)


_LOADED: dict[tuple[Path, str], tuple[Pack, Battlestar]] = {}


def load_battlestar(ref: str) -> tuple[Pack, Battlestar]:
    """The pack and its validated content. Parsing the YAML is most of a command's time, so
    a process that runs many commands (a test, a script) reuses a load for identical bytes."""
    root = resolve_pack_dir(ref).resolve()
    digest = hashlib.sha256()
    for path in sorted(root.glob("*.yaml")):
        try:  # a FIFO or /dev/zero must not hang this; load_pack reports it
            data = read_regular_file(path, MAX_FILE_BYTES, within=root)
        except UnreadableFile:
            data = b""
        digest.update(path.name.encode() + b"\0" + data + b"\0")
    key = (root, digest.hexdigest())
    if key not in _LOADED:
        pack = load_pack(ref)
        if pack.meta.game != "battlestar":
            raise SheetgenError(
                f"pack {pack.name!r} is not a Battlestar pack (game: {pack.meta.game})"
            )
        loaded = (pack, bsg_content.load(pack))
        if pack.base is not None:  # the key covers this folder only, not the pack it extends
            return loaded
        _LOADED.clear()
        _LOADED[key] = loaded
    return _LOADED[key]


def open_table(
    game_file: Path, folder: Path | None = None, loaded: tuple[Pack, Battlestar] | None = None
) -> Table:
    """`loaded`: the pack the game file names and its content, when the caller has them."""
    spec, _ = read_game_file(game_file)
    pack, content = loaded or load_battlestar(spec.pack)
    check_against_pack(spec, content)
    gid = game_id(commitment(pack.name, spec.seed, pack.digest))
    root = folder or spec.output or Path("output") / f"battlestar-{gid}"
    return Table(spec, pack, content, gid, root)


def _begun_under(head: dict[str, Any], where: str) -> int:
    """The rules a log was begun under, as its setup entry records them (1 in a log older
    than the record); a value no sheetgen wrote is refused, not read as some rules."""
    rules = head.get("rules", 1)
    if type(rules) is not int or not 1 <= rules <= RULES:
        raise SheetgenError(
            f"{where}: rules: got {abridge(repr(rules), 40)} (expected a whole number from 1 "
            f"to {RULES}: the rules the log was begun under; edited?)"
        )
    return rules


def replay(table: Table, keep_before: tuple[int, ...] = ()) -> Table:
    """Set up and replay the whole log. A log made for another game file is refused; a line
    that does not replay is named by its line number, and so is an entry that gives another
    table than the one it gave when it was logged (undo.py). `keep_before`: entries whose
    table before them is kept (an undo about to be logged goes back to it)."""
    log = read_log(table.folder)
    entries = log.entries
    if not entries:
        raise SheetgenError(
            f"{display_path(table.folder)} has no game set up yet (sheetgen bsg setup first)"
        )
    head = entries[0]
    if head.get("cmd") != "setup" or head.get("setup_digest") != table.digest:
        raise SheetgenError(changed_since_setup(table))
    state, record = set_up(table.content, table.spec, table.game_id)
    table.messages = setup_messages(state, record)
    where = display_path(log_path(table.folder))
    state.rules = _begun_under(head, f"{where}:{log.lines[0].number}")
    table.state, table.record, table.entries, table.log = state, record, entries, log
    table.written, table.warnings, table.standing = [], [], []
    table.phases = PhaseThread(table.game_id) if state.sequenced else None
    # The entries some undo names: the table before each is kept, for the undo to go back to.
    targets = set(keep_before)
    for entry in entries[1:]:
        undone = (entry.get("args") or {}).get("entry") if entry.get("cmd") == UNDO else None
        if isinstance(undone, int):
            targets.add(undone)
    kept = table.before = {}
    sent: dict[int, tuple[str, list[PrivateMessage]]] = {}
    # An entry's board is drawn from the table just after it, so it is taken here or never:
    # for the last entry (today shows its post) and for one whose files are not all on disk
    # (recover_files writes them). The others' posts, on disk already, are never rendered.
    listing = Listing(table.folder)
    last = log.lines[-1]
    for item in log.lines[1:]:
        line, entry = item.number, item.entry
        n, command, args = int(entry["n"]), entry["cmd"], entry.get("args") or {}
        where_before = where_now(state)
        if (command not in COMMANDS and command != UNDO) or not isinstance(args, dict):
            raise SheetgenError(f"{where}:{line}: not a table command {command!r} (edited?)")
        try:
            if command == UNDO:
                state, outcome = _undo(table, state, n, args, kept, sent, targets)
                table.state = state
            else:
                if n in targets:
                    kept[n] = _copy(table, state)
                outcome = _replayed(table, state, n, command, args)
                table.standing.append(n)
        except SheetgenError as exc:
            raise SheetgenError(
                f"{where}:{line}: {command} does not replay: {exc.format_message()}"
            ) from None
        except (KeyError, TypeError, ValueError):
            raise SheetgenError(
                f"{where}:{line}: {command} with arguments it cannot take (edited?)"
            ) from None
        logged = entry.get("after")
        # A replay that had to guess (an old entry whose order is lost) has said so already.
        guessed = bool(table.warnings)
        if logged is not None and not guessed and logged != after_digest(state, outcome.messages):
            raise SheetgenError(
                f"{where}:{line}: entry {n} ({command}) no longer gives the table it gave when "
                "it was logged (the log was edited by hand?): restore the log as it was, and "
                "correct a mistake with `sheetgen bsg undo`"
            )
        table.messages += outcome.messages
        on_disk = listing if item is not last else None
        written = entry_written(table, state, n, command, outcome, on_disk)
        table.written.append(written)
        add_to_thread(table, n, where_before, command, state, outcome, args)
        sent[n] = (written.post.title.rpartition(" · ")[2], outcome.messages)
    return table


def add_to_thread(
    table: Table,
    n: int,
    before: tuple[int, int],
    command: str,
    state: TableState,
    outcome: Outcome,
    args: dict[str, Any] | None = None,
) -> Written | None:
    """Entry n's part of its phase's post; that post, as it stands now (None: a log begun
    under older rules, whose entries write a post each)."""
    if table.phases is None:
        return None
    if command == UNDO and state.rules >= POSTS_IN_ORDER:
        # An undo that puts `next` in its place ends the turn it was taken in, as `next`
        # does: its correction closes that turn's post, not the next player's first.
        instead = (args or {}).get("instead")
        if isinstance(instead, dict) and instead.get("cmd") == "next":
            command = "next"
    where = entry_phase(before, command, state)
    post = table.phases.add(
        n, where, outcome.what, tuple(outcome.blocks), state, ends_turn=command == "next"
    )
    return Written(post.post(), [])


def phase_written(table: Table) -> list[Written]:
    """Each phase post of the thread so far, in order."""
    if table.phases is None:
        return []
    return [Written(p.post(), []) for p in table.phases.posts]


def _copy(table: Table, state: TableState) -> TableState:
    return copy.deepcopy(state, memo={id(table.content): table.content})


def _undo(
    table: Table,
    state: TableState,
    n: int,
    args: dict[str, Any],
    kept: dict[int, TableState],
    sent: dict[int, tuple[str, list[PrivateMessage]]],
    targets: set[int],
) -> tuple[TableState, Outcome]:
    """Entry n undoes the last entry that stands, going back to the table before it; with
    `instead`, the command it should have been is applied there."""
    target = int(args["entry"])
    if not table.standing or table.standing[-1] != target or target not in kept:
        raise TableError(f"entry {n} undoes entry {target}, which is not the last that stands")
    back = kept.pop(target)
    table.standing.pop()
    instead = args.get("instead")
    done: tuple[str, Outcome] | None = None
    if instead is not None:
        command, instead_args = str(instead["cmd"]), instead.get("args") or {}
        if command not in COMMANDS or not isinstance(instead_args, dict):
            raise TableError(f"the undo's `instead` names no table command ({command!r})")
        if n in targets:
            kept[n] = _copy(table, back)
        done = (command, COMMANDS[command](back, n, instead_args))
        table.standing.append(n)
    title, messages = sent[target]
    return back, correction(state, back, target, title, messages, done)


def changed_since_setup(table: Table) -> str:
    """Why a game folder does not fit its game file, and how to go on after an upgrade of
    sheetgen changed the shipped pack (a running game keeps the pack it began with)."""
    text = (
        f"{display_path(table.folder)}: the game file or the pack changed since setup "
        "(players, characters, setup skills, difficulty, seed or pack); restore them to go on"
    )
    kept = table.folder / SNAPSHOT_DIR
    if (kept / "pack.yaml").is_file():
        where = os.path.relpath(kept.resolve(), table.spec.path.parent.resolve())
        return text + (
            f". If sheetgen was upgraded, go on with the pack this game began with: "
            f"`pack: ./{where}` in the game file"
        )
    return text + (
        ". If sheetgen was upgraded, go on with a copy of the pack this game began with "
        "(`pack: <its folder>` in the game file)"
    )


def _replayed(
    table: Table, state: TableState, n: int, command: str, args: dict[str, Any]
) -> Outcome:
    types = args.get("types")
    if command == "skills" and isinstance(types, dict) and len(types) > 1:
        return _old_skills_entry(table, state, n, args, types)
    return COMMANDS[command](state, n, args)


def _old_skills_entry(
    table: Table, state: TableState, n: int, args: dict[str, Any], types: dict[str, Any]
) -> Outcome:
    """A multi-type skill draw logged before the log kept the typed order: the log sorted
    the types, and the cards were drawn (into the hand and the message) in the order typed.
    The message sent at the time is in private/; the order whose message is that text, byte
    for byte, is the order that was typed. Without it, the sorted order, and a warning."""
    for order in itertools.permutations(types.items()):
        trial = copy.deepcopy(state, memo={id(state.content): state.content})
        outcome = COMMANDS["skills"](trial, n, {**args, "types": [list(p) for p in order]})
        if outcome.messages and all(
            _sent_text(table.folder, m) == m.text for m in outcome.messages
        ):
            state.__dict__.update(trial.__dict__)
            return outcome
    outcome = COMMANDS["skills"](state, n, args)
    ids = ", ".join(m.id for m in outcome.messages)
    table.warnings.append(
        f"entry {n} (skills) was logged by an older sheetgen without the order of its types, "
        f"and private/ holds no message it matches: {ids} is replayed in alphabetical order "
        "and may differ from what was sent"
    )
    return outcome


def _sent_text(folder: Path, message: PrivateMessage) -> str | None:
    try:
        data = read_regular_file(folder / message.file, MAX_FILE_BYTES)
    except (UnreadableFile, OSError):
        return None
    return data.decode("utf-8", errors="replace")


def entry_written(
    table: Table,
    state: TableState,
    n: int,
    command: str,
    outcome: Outcome,
    on_disk: Listing | None = None,
) -> Written:
    """The files of one table entry, from the table just after it. Under rules 3 or later
    the entry has no post of its own (its phase's post shows the board), so no board.
    `on_disk`: the folder as a replay found it; an entry whose files, its board picture
    too, are all there gets no board (nothing renders its post again)."""
    public = not state.sequenced
    post = TablePost(
        f"public/{n:03d}-{command}",
        title(table.game_id, f"Turn {state.turn} · {outcome.what}"),
        tuple(outcome.blocks),
        tuple(state.queue()),
    )
    written = Written(post, outcome.messages, public=public)
    if public and not (
        on_disk is not None and _all_there(on_disk, written) and on_disk.holds(post.image_file)
    ):
        written = replace(written, post=replace(post, board=board_view(state)))
    return written


def setup_written(table: Table) -> Written:
    state, record = set_up(table.content, table.spec, table.game_id)
    messages = setup_messages(state, record)
    post = setup_post(state, record, table.spec, messages, seed_commitment(table))
    return Written(post, messages)


def choosing_written(table: Table) -> Written:
    progress = choosing(table.content, table.spec)
    return Written(choosing_post(table.content, table.spec, table.game_id, progress), [])


def _check_inside(folder: Path, name: str) -> None:
    for parent in list(Path(name).parents)[:-1]:  # the folders inside the game folder
        if (folder / parent).is_symlink():
            raise SheetgenError(
                f"{display_path(folder / parent)} is a symbolic link; refusing to write through it"
            )


def write_files(
    folder: Path,
    written: Written,
    missing_only: bool = False,
    data: dict[str, bytes] | None = None,
) -> list[Path]:
    """Write a command's files; `missing_only`: only those not there (a logged entry's files
    are never written over). `data`: its files as `written.data()` gave them already (the
    board picture is drawn once a command)."""
    paths = []
    files = data if data is not None else _wanted(folder, written, missing_only)
    for name, content in files.items():
        path = folder / name
        _check_inside(folder, name)
        if missing_only and (path.exists() or path.is_symlink()):
            continue
        write_atomic(path, content)
        paths.append(path)
    return paths


def _wanted(folder: Path, written: Written, missing_only: bool) -> dict[str, bytes]:
    """The files to write; with `missing_only`, the board picture is drawn only when its
    file is missing (every command replays the log and checks its last entry's files)."""
    if not missing_only:
        return written.data()
    data = {name: text.encode("utf-8") for name, text in written.files().items()}
    picture = folder / written.post.image_file
    there = picture.exists() or picture.is_symlink()
    if written.public and written.post.board is not None and not there:
        data.update(written.post.image_bytes())
    return data


POST_SUFFIXES = (".facebook.txt", ".discord.md", ".bgg.txt", ".html", ".host.txt")


class Listing:
    """The names in a game folder's folders, each folder listed once when first asked: every
    command checks every logged entry's files, some 7,000 of them after 1,000 entries, and
    one listing of public/ costs less than a check per file."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.listed: dict[str, frozenset[str]] = {}

    def holds(self, name: str) -> bool:
        """Whether `name` (relative, with `/`) is in its folder (a dangling symbolic link
        counts: a logged entry's file is never written over)."""
        parent, _, leaf = name.rpartition("/")
        if parent not in self.listed:
            try:
                self.listed[parent] = frozenset(os.listdir(self.root / parent))
            except OSError:  # no such folder yet
                self.listed[parent] = frozenset()
        return leaf in self.listed[parent]


def _all_there(listing: Listing, written: Written) -> bool:
    """Without rendering: the post's usual files and every message file exist."""
    names = [written.post.key + s for s in POST_SUFFIXES] if written.public else []
    names += [m.file for m in written.messages]
    if written.public and written.post.board is not None:
        names.append(written.post.image_file)
    return all(listing.holds(name) for name in names)


def recover_files(table: Table) -> list[Path]:
    """Write the files of logged entries that are missing (a crash between the log and the
    files): the setup's and each table entry's, with the texts the replay gives. Only the
    last entry can lose a file that is not one of the usual ones (a second Discord part),
    so only its files are rendered whatever the check says."""
    recovered: list[Path] = []
    listing = Listing(table.folder)  # as the folder was before anything is written here
    setup = setup_written(table)
    if not _all_there(listing, setup):
        recovered += write_files(table.folder, setup, missing_only=True)
    for index, written in enumerate(table.written):
        if index == len(table.written) - 1 or not _all_there(listing, written):
            recovered += write_files(table.folder, written, missing_only=True)
    posts = phase_written(table)
    for index, written in enumerate(posts):
        if index == len(posts) - 1:
            # The latest post grows with its phase: a command stopped before writing it
            # left an older text, so it is written again whole (from the log).
            if post_differs(table.folder, written):
                recovered += write_files(table.folder, written)
        elif not _all_there(listing, written):
            recovered += write_files(table.folder, written, missing_only=True)
    return recovered


def check_latest_post(table: Table) -> None:
    """The latest phase post grows entry by entry: a command stopped after its log line left
    the post's files as they were before it. Said, so that nothing of it is posted (today,
    the catch-up page); the next table command writes it."""
    posts = phase_written(table)
    if posts and post_differs(table.folder, posts[-1]):
        raise SheetgenError(
            f"{display_path(table.folder / posts[-1].post.key)}.* is behind the log: a table "
            "command was stopped before writing it; the next table command writes it (post "
            "nothing of it before)"
        )


def post_differs(folder: Path, written: Written) -> bool:
    """A file of the post is missing or holds another text (its picture: missing)."""
    for name, text in written.files().items():
        try:
            data = read_regular_file(folder / name, MAX_FILE_BYTES)
        except (UnreadableFile, OSError):
            return True
        if data != text.encode("utf-8"):
            return True
    picture = folder / written.post.image_file
    return written.post.board is not None and not picture.exists()


def _refuse_taken(table: Table, n: int) -> None:
    """Entry n is new: nothing may carry its number yet. Something that does was written for
    an entry the log has lost (a line deleted by hand, or a log restored from an old copy)."""
    for where in ("public", "private", "moderator"):
        taken = sorted((table.folder / where).glob(f"{n:03d}-*"))
        if taken:
            log = display_path(log_path(table.folder))
            raise SheetgenError(
                f"{display_path(taken[0])} already exists, but {log}"
                f" ends at entry {n - 1}: a logged line is missing and entry {n} would write over "
                "what was sent. Restore the log, or remove that entry's files if they were never "
                "posted (nothing was written)"
            )


def setup_game(table: Table) -> tuple[Written, list[Path]]:
    """Write the choosing post while characters are missing, else the setup and the log's
        first entry (logged first, then the files). Setting up again with the same game file
    writes only the setup files that are missing; those already sent are kept."""
    if not table.spec.all_chosen():
        written = choosing_written(table)
        with locked(table.folder):
            return written, write_files(table.folder, written) + _write_guide(table)
    written = setup_written(table)
    with locked(table.folder):
        log = read_log(table.folder)
        entries = log.entries
        if entries and entries[0].get("setup_digest") != table.digest:
            raise SheetgenError(
                f"{display_path(table.folder)} holds a game set up from another game file "
                f"({len(entries) - 1} table commands logged); use another folder"
            )
        if not entries:
            head = {
                "n": 0,
                "cmd": "setup",
                "setup_digest": table.digest,
                "game_id": table.game_id,
                "rules": RULES,
            }
            table_log(table.folder).append(head, log)
            paths = write_files(table.folder, written) + _keep_pack(table)
            return written, paths + _write_guide(table)
        # Set up already: the files sent are kept; only those missing are written again.
        paths = write_files(table.folder, written, missing_only=True) + _keep_pack(table)
        return written, paths + _write_guide(table)


def _write_guide(table: Table) -> list[Path]:
    """The moderator's posting guide, written when it is missing or says something else
    (the game file's players changed while choosing)."""
    path = table.folder / GUIDE_FILE
    data = posting_guide(table.spec, table.game_id).encode("utf-8")
    _check_inside(table.folder, GUIDE_FILE)
    try:  # bounded, regular files only (the writer refuses a symbolic link in its place)
        if read_regular_file(path, MAX_FILE_BYTES) == data:
            return []
    except (UnreadableFile, OSError):
        pass
    write_atomic(path, data)
    return [path]


def _keep_pack(table: Table) -> list[Path]:
    """The pack's files as the game began, in the game folder's pack/: after an upgrade that
    changes the shipped pack, `pack: <folder>/pack` goes on with the same game (the same
    digest). Never written over."""
    paths = []
    for name, data in snapshot(table.pack):
        path = table.folder / name
        _check_inside(table.folder, name)
        if not (path.exists() or path.is_symlink()):
            write_atomic(path, data)
            paths.append(path)
    return paths


def run_command(table: Table, command: str, args: dict[str, Any]) -> tuple[Written, list[Path]]:
    if command not in COMMANDS:
        raise TableError(f"no table command {command!r}")
    with locked(table.folder):
        replay(table)
        assert table.state is not None
        table.recovered = recover_files(table)
        n = len(table.entries)
        _refuse_taken(table, n)
        # On a copy: a command that fails half-way leaves the replayed table as it was.
        trial = copy.deepcopy(table.state, memo={id(table.content): table.content})
        before = where_now(table.state)
        outcome = COMMANDS[command](trial, n, args)
        table.state = trial
        return _log_entry(table, trial, n, command, args, outcome, before)


def _log_entry(
    table: Table,
    state: TableState,
    n: int,
    command: str,
    args: dict[str, Any],
    outcome: Outcome,
    before: tuple[int, int],
) -> tuple[Written, list[Path]]:
    """Log entry n (with the digest of the table it leaves) and write its files: under
    rules 3 or later, its private messages and its phase's post as it now stands."""
    written = entry_written(table, state, n, command, outcome)
    phase_post = add_to_thread(table, n, before, command, state, outcome, args)
    # Rendered before the entry is logged: a post that fails is not logged.
    data = written.data()
    phase_data = phase_post.data() if phase_post is not None else None
    entry: dict[str, Any] = {"n": n, "cmd": command, "args": args}
    if state.sequenced:
        entry["after"] = after_digest(state, outcome.messages)
    table_log(table.folder).append(entry, table.log)
    table.entries.append(entry)
    table.written.append(written)
    table.messages += outcome.messages
    try:
        paths = write_files(table.folder, written, data=data)
        if phase_post is not None:
            paths += write_files(table.folder, phase_post, data=phase_data)
        return written, paths
    except KeyboardInterrupt:
        # After the log line the entry stands: say so, not only "interrupted".
        sys.stderr.write(
            f"\nEntry {n} ({command}) is logged and stands; its files were cut short: the next "
            "sheetgen bsg command writes them (do not run it again).\n"
        )
        raise


def run_undo(table: Table, instead: dict[str, Any] | None = None) -> tuple[Written, list[Path]]:
    """`bsg undo`: undo the last entry that stands (with `instead`, the command and arguments
    that stand in its place), as a new entry with its correction post."""
    with locked(table.folder):
        replay(table)
        if not table.standing:
            raise TableError("nothing to undo: no table entry stands (the setup is not undone)")
        target = table.standing[-1]
        replay(table, keep_before=(target,))  # the table before the target, kept
        assert table.state is not None
        table.recovered = recover_files(table)
        n = len(table.entries)
        _refuse_taken(table, n)
        args: dict[str, Any] = {"entry": target}
        if instead is not None:
            args["instead"] = instead
        kept = {target: _copy(table, _before(table, target))}
        sent = {target: _sent_of(table, target)}
        before = where_now(table.state)
        state, outcome = _undo(table, table.state, n, args, kept, sent, set())
        table.state = state
        return _log_entry(table, state, n, UNDO, args, outcome, before)


def _before(table: Table, target: int) -> TableState:
    """The table before entry `target` (a replay with keep_before holds it)."""
    state = table.before.get(target)
    if state is None:
        raise TableError(f"entry {target} cannot be undone")
    return state


def _sent_of(table: Table, target: int) -> tuple[str, list[PrivateMessage]]:
    index = next(i for i, e in enumerate(table.entries[1:]) if int(e["n"]) == target)
    written = table.written[index]
    return written.post.title.rpartition(" · ")[2], written.messages


def seed_commitment(table: Table) -> str:
    return commitment(table.pack.name, table.spec.seed, table.pack.digest)
