"""One Battlestar game as the commands see it: the game file, the pack, the setup, and the
log replayed over it. `run` applies a new command and writes its files, then its log entry
(the log entry last: a command is done when it is logged)."""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content import Pack, load_pack, resolve_pack_dir
from generator.errors import SheetgenError, display_path
from generator.games.battlestar import content as bsg_content
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.gamefile import GameSpec, check_against_pack, read_game_file
from generator.games.battlestar.log import append_entry, locked, read_log, write_atomic
from generator.games.battlestar.posts import TablePost, post_files
from generator.games.battlestar.setup import SetupRecord, choosing, set_up
from generator.games.battlestar.setup_posts import (
    SETUP_KEY,
    choosing_post,
    setup_messages,
    setup_post,
    title,
)
from generator.games.battlestar.state import TableState
from generator.games.battlestar.table import COMMANDS, TableError
from generator.safe_read import UnreadableFile, read_regular_file
from generator.seeds import commitment, game_id
from generator.yamlio import MAX_FILE_BYTES


@dataclass
class Written:
    """What a command produced: the public post and the private messages."""

    post: TablePost
    messages: list[PrivateMessage]

    def files(self) -> dict[str, str]:
        files = post_files(self.post)
        files.update({m.file: m.text for m in self.messages})
        return files


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
    messages: list[PrivateMessage] = field(default_factory=list)  # every one sent so far

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


def open_table(game_file: Path, folder: Path | None = None) -> Table:
    spec, _ = read_game_file(game_file)
    pack, content = load_battlestar(spec.pack)
    check_against_pack(spec, content)
    gid = game_id(commitment(pack.name, spec.seed, pack.digest))
    root = folder or spec.output or Path("output") / f"battlestar-{gid}"
    return Table(spec, pack, content, gid, root)


def replay(table: Table) -> Table:
    """Set up and replay the log. A log made for another game file is refused."""
    entries = read_log(table.folder)
    if not entries:
        raise SheetgenError(
            f"{display_path(table.folder)} has no game set up yet (sheetgen bsg setup first)"
        )
    head = entries[0]
    if head.get("cmd") != "setup" or head.get("setup_digest") != table.digest:
        raise SheetgenError(
            f"{display_path(table.folder)}: the game file or the pack changed since setup "
            "(players, characters, setup skills, difficulty, seed or pack); restore them to go on"
        )
    state, record = set_up(table.content, table.spec, table.game_id)
    table.state, table.record, table.entries = state, record, entries
    table.messages = setup_messages(state, record)
    for entry in entries[1:]:
        outcome = COMMANDS[entry["cmd"]](state, int(entry["n"]), entry.get("args") or {})
        table.messages += outcome.messages
    return table


def setup_written(table: Table) -> Written:
    state, record = set_up(table.content, table.spec, table.game_id)
    messages = setup_messages(state, record)
    post = setup_post(state, record, table.spec, messages, seed_commitment(table))
    return Written(post, messages)


def choosing_written(table: Table) -> Written:
    progress = choosing(table.content, table.spec)
    return Written(choosing_post(table.content, table.spec, table.game_id, progress), [])


def write_files(folder: Path, written: Written) -> list[Path]:
    paths = []
    for name, text in written.files().items():
        path = folder / name
        for parent in list(Path(name).parents)[:-1]:  # the folders inside the game folder
            if (folder / parent).is_symlink():
                raise SheetgenError(
                    f"{display_path(folder / parent)} is a symbolic link; refusing to write "
                    "through it"
                )
        write_atomic(path, text.encode("utf-8"))
        paths.append(path)
    return paths


def setup_game(table: Table) -> tuple[Written, list[Path]]:
    """Write the choosing post while characters are missing, else the setup and the log's
    first entry. Setting up again with the same game file rewrites the same files."""
    if not table.spec.all_chosen():
        written = choosing_written(table)
        with locked(table.folder):
            return written, write_files(table.folder, written)
    written = setup_written(table)
    with locked(table.folder):
        entries = read_log(table.folder)
        if entries and entries[0].get("setup_digest") != table.digest:
            raise SheetgenError(
                f"{display_path(table.folder)} holds a game set up from another game file "
                f"({len(entries) - 1} table commands logged); use another folder"
            )
        paths = write_files(table.folder, written)
        if not entries:
            head = {"n": 0, "cmd": "setup", "setup_digest": table.digest, "game_id": table.game_id}
            append_entry(table.folder, head, 0)
        return written, paths


def run_command(table: Table, command: str, args: dict[str, Any]) -> tuple[Written, list[Path]]:
    if command not in COMMANDS:
        raise TableError(f"no table command {command!r}")
    with locked(table.folder):
        replay(table)
        assert table.state is not None
        n = len(table.entries)
        # On a copy: a command that fails half-way leaves the replayed table as it was.
        trial = copy.deepcopy(table.state, memo={id(table.content): table.content})
        outcome = COMMANDS[command](trial, n, args)
        table.state = trial
        post = TablePost(
            f"public/{n:03d}-{command}",
            title(table.game_id, f"Turn {trial.turn} · {outcome.what}"),
            tuple(outcome.blocks),
            tuple(trial.queue()),
        )
        written = Written(post, outcome.messages)
        paths = write_files(table.folder, written)
        append_entry(table.folder, {"n": n, "cmd": command, "args": args}, n)
        table.entries.append({"n": n, "cmd": command, "args": args})
        table.messages += outcome.messages
        return written, paths


def seed_commitment(table: Table) -> str:
    return commitment(table.pack.name, table.spec.seed, table.pack.digest)


SETUP_MESSAGE_PREFIX = SETUP_KEY
