"""Writing a game's files: all or nothing, one run at a time, never over another game.

The new files are written into a hidden staging folder beside the target
(`.<name>.XXXXXXXX.tmp`, mode 0700): the files, the manifest and, last of all, plan.json (the
only file with the secret seed). A new folder is then put in place by one rename. An existing
folder is never replaced, since a host may be working inside it: the staging folder is
committed and its files are moved in one by one (folder/in_place.py), so a run killed at any
moment leaves either the folder as it was or, once the next command has finished the
commit, the complete new game. Files a previous run wrote and the host's own files stay
where they are.

A lock (fcntl.flock on the target's parent folder) lets one run at a time write there; a
second run waits, then finds the first one's game like any other. A folder that holds
another game (another pack, seed, content or start date) is refused unless forced; --force
then removes only the regular files the other game's manifest lists with their exact
contents: nothing outside the folder is ever deleted, and nothing is written through a
symlink."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import click

from generator.common import json_text
from generator.common.append import append_line
from generator.common.atomic_write import write_atomic
from generator.common.errors import SheetgenError, display_path
from generator.common.output_file import OutputFile
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.bgg_images import keep_with_their_game
from generator.folder.corrections_log import (
    CORRECTIONS_DIR,
    CORRECTIONS_FILE,
    SetAside,
    log_to_set_aside,
)
from generator.folder.in_place import (
    JOURNAL_FILE,
    committed_folder,
    finish_commit,
    in_the_way,
    is_real_dir,
    journal,
    reached,
    remove_tree,
    roll_forward,
)

PLAN_FILE = "plan.json"
MANIFEST_FILE = "manifest.json"
IDENTITY_KEYS = ("pack", "seed", "content_digest", "start")
MAX_PLAN_BYTES = 50_000_000
# File systems allow 255 bytes per name; the staging folder adds 15 to the target's name.
MAX_NAME_BYTES = 200
MAX_PATH_BYTES = 3_000


class CorruptPlan(SheetgenError):
    """A plan.json that is not a sheetgen plan (empty, cut short, edited by hand)."""


def to_json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_existing_plan(root: Path, tolerant: bool = False) -> dict[str, Any] | None:
    """The plan of the game in `root`, None when there is none. A plan.json that is no plan
    is a clear error (or, when `tolerant`, treated as no game)."""
    path = root / PLAN_FILE
    try:
        if not path.is_file() and not path.is_symlink():
            return None
    except OSError:
        return None
    data: dict[str, Any] = {}
    try:
        loaded = json_text.loads(read_regular_file(path, MAX_PLAN_BYTES, within=root).decode())
        if isinstance(loaded, dict):
            data, reason = loaded, ""
        else:
            reason = "not a JSON object"
    except UnreadableFile as exc:
        reason = str(exc)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = f"not valid JSON ({str(exc)[:60] or 'empty'})"
    if not reason:
        missing = [k for k in ("pack", "seed", "game_id") if not isinstance(data.get(k), str)]
        start = data.get("start")
        if missing:
            reason = f"no {', '.join(missing)} in it"
        elif start is not None and not _is_date(start):
            reason = "its start is not a date"
    if reason:
        if tolerant:
            return None
        raise CorruptPlan(
            f"{display_path(path)}: not a sheetgen plan ({reason}); move the folder away "
            "or use --force to replace it"
        )
    return data


def _is_date(value: Any) -> bool:
    try:
        dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _describe(plan: dict[str, Any]) -> str:
    return f"pack {plan.get('pack')}, game {plan.get('game_id')}, start {plan.get('start')}"


def check_target(root: Path, plan: dict[str, Any], force: bool) -> dict[str, Any] | None:
    """Refuse to write one game over another. Returns the existing plan, if any."""
    if root.exists() and not root.is_dir():
        raise SheetgenError(f"{display_path(root)} exists and is not a folder")
    existing = read_existing_plan(root, tolerant=force)
    if existing is None:
        if root.is_dir() and any(root.iterdir()) and not force:
            raise SheetgenError(
                f"{display_path(root)} is not empty and holds no sheetgen game; "
                "choose another folder with -o or use --force"
            )
        return None
    same = all(existing.get(k) == plan.get(k) for k in IDENTITY_KEYS)
    if not same and not force:
        differs = [k for k in IDENTITY_KEYS if existing.get(k) != plan.get(k)]
        hint = ""
        if differs == ["content_digest"]:
            hint = (
                f"; the {plan.get('pack')} content changed since this game was written (an "
                f"edit or an upgrade): to go on with the game as it began, add --pack "
                f"{display_path(root / 'pack')}"
            )
        raise SheetgenError(
            f"{display_path(root)} holds another game ({_describe(existing)}; differs in "
            f"{', '.join(differs)}){hint}; use --force to replace it or -o to write elsewhere"
        )
    return existing


def _safe_relative(path: str) -> PurePosixPath:
    rel = PurePosixPath(path)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts or "\\" in path:
        raise ValueError(f"unsafe output path {path!r}")
    return rel


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def checked_root(root: Path) -> Path:
    """The real folder a game goes to. Names too long for a file system, the file system's
    root and the home folder are refused before anything is written."""
    text = os.fsencode(str(root))
    if len(text) > MAX_PATH_BYTES:
        raise SheetgenError(f"-o: the path is {len(text)} bytes long (expected a shorter one)")
    for part in root.parts:
        size = len(os.fsencode(part))
        if size > MAX_NAME_BYTES:
            raise SheetgenError(
                f"-o: the folder name {part[:24]}… is {size} bytes long (expected at most "
                f"{MAX_NAME_BYTES})"
            )
    real = Path(os.path.realpath(root))
    if real == real.parent:
        raise SheetgenError(f"-o {root}: refusing to write a game into {real} (a file system root)")
    with contextlib.suppress(RuntimeError, KeyError):
        if real == Path(os.path.realpath(Path.home())):
            raise SheetgenError(
                f"-o {root}: refusing to write a game into the home folder; "
                "give the game a folder of its own"
            )
    return real


def write_game(
    root: Path, plan: dict[str, Any], files: list[OutputFile], force: bool
) -> list[Path]:
    """Write plan.json, the files and the manifest into root. Returns the paths written."""
    from generator.common.warnings_count import stop_before_writing

    stop_before_writing()
    shown = root
    root = checked_root(root)
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(root):
            recover(root)
            existing = check_target(root, plan, force)
            # Read once under the lock: what the folder's last writer recorded.
            record = _read_record(root)
            keep_table_with_its_plan(record, root, plan, shown)
            same_game = existing is not None and all(
                existing.get(k) == plan.get(k) for k in IDENTITY_KEYS
            )
            # The host's ImageIDs stay with the game they were given for, when another game
            # takes the folder.
            keep_with_their_game(root, existing, plan)
            # And its corrections: the old game's log is set aside, named for its game, and
            # its correction files go with the old game's files. The renaming is a step of
            # the write's commit: a run killed before the commit point leaves the old game
            # with its log; one killed after it, the new game without it.
            set_aside = log_to_set_aside(root, existing, plan)
            _write(root, plan, files, same_game, record, set_aside)
            if set_aside is not None:
                click.echo(set_aside.said, err=True)
    except OSError as exc:
        # A full disk, a read-only or missing place: the user's machine, not a bug.
        raise SheetgenError(
            f"cannot write {display_path(shown)}: {exc.strerror or exc}"
            + (f" ({display_path(Path(exc.filename))})" if exc.filename else "")
        ) from exc
    return [root / name for name in [PLAN_FILE, *(f.path for f in files), MANIFEST_FILE]]


@contextlib.contextmanager
def folder_lock(root: Path) -> Iterator[None]:
    """One run at a time writes into a folder's parent (so into that game folder): a second
    run waits for the first, then sees its game and is refused or adds to it, never mixes
    two games. The lock is on the parent folder itself, so no lock file is left around, and
    the kernel releases it when a run dies, even by kill -9."""
    from generator.common.folder_lock import folder_locked

    def busy() -> None:
        click.echo(
            f"Waiting for another sheetgen run writing in {display_path(root.parent)}/ ...",
            err=True,
        )

    with folder_locked(root.parent, busy):
        yield


def _staging_pattern(root: Path) -> re.Pattern[str]:
    # tempfile.mkdtemp names: 8 characters from [a-z0-9_]. Exact, so the staging folder of
    # a game named `x.y` is never taken for one of game `x`.
    return re.compile(rf"\.{re.escape(root.name)}\.[a-z0-9_]{{8}}\.tmp")


def _backup(root: Path) -> Path:
    # Where an older sheetgen journaled a previous folder while it switched two folders.
    return root.parent / f".{root.name}.previous"


def recover(root: Path) -> None:
    """Finish what a killed run left: finish a committed write, put back a folder an older
    version journaled, remove staging folders (writes never committed)."""
    finish_commit(root)
    backup = _backup(root)
    if _is_real_dir(backup):
        if os.path.lexists(root):
            _remove_tree(backup)
        else:
            os.rename(backup, root)
    pattern = _staging_pattern(root)
    for entry in os.scandir(root.parent):
        if pattern.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
            _remove_tree(Path(entry.path))


_is_real_dir = is_real_dir
_remove_tree = remove_tree


def _write(
    root: Path,
    plan: dict[str, Any],
    files: list[OutputFile],
    same_game: bool,
    old_record: dict[str, Any],
    corrections_set_aside: SetAside | None = None,
) -> None:
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", suffix=".tmp", dir=root.parent))
    try:
        new = {str(_safe_relative(f.path)): f for f in files}
        old_manifest = _listed(old_record)
        keep_listed = old_manifest if same_game else {}
        in_place = _is_real_dir(root)
        gone: set[str] = set()
        if in_place:
            blocked = in_the_way(root, [*new, MANIFEST_FILE, PLAN_FILE])
            if blocked is not None:
                raise SheetgenError(
                    f"{blocked} is a folder in the game folder where sheetgen writes a file; "
                    "move it away"
                )
            # The table's listing is folded into the new manifest below.
            gone = {TABLE_FILES}
            if not same_game:
                gone |= _files_written_by(root, old_manifest)
            elif corrections_set_aside is not None:
                # The same folder identity with other options: the old game's correction
                # files would otherwise stay, listed, as if the new game had made them.
                theirs = {k: v for k, v in old_manifest.items() if _in_corrections(k)}
                gone |= _files_written_by(root, theirs)
            gone -= {*new, MANIFEST_FILE, PLAN_FILE}
        checked: set[Path] = set()
        for name, item in new.items():
            _place(staging, PurePosixPath(name), item.data, checked)
        still = _kept(root, [k for k in keep_listed if k not in gone and k not in new])
        manifest = {k: v for k, v in keep_listed.items() if k in still}
        manifest.update({name: _sha256(item.data) for name, item in new.items()})
        plan_bytes = to_json(plan)
        manifest[PLAN_FILE] = _sha256(plan_bytes)
        record: dict[str, Any] = {
            "game_id": plan.get("game_id"),
            "pack": plan.get("pack"),
            "files": dict(sorted(manifest.items())),
        }
        # A regenerated game keeps its table's files, listed as the table's.
        table = sorted(n for n in _table_names(old_record) if n in manifest and n not in new)
        if same_game and table:
            record[TABLE_KEY] = table
        _place(staging, PurePosixPath(MANIFEST_FILE), to_json(record))
        mode = _folder_mode(root)
        if in_place:
            install = [n for n in sorted(new) if n not in (MANIFEST_FILE, PLAN_FILE)]
            aside = corrections_set_aside
            renamed = [(CORRECTIONS_FILE, aside.kept)] if aside is not None else []
            _place(
                staging,
                PurePosixPath(JOURNAL_FILE),
                journal([*install, MANIFEST_FILE, PLAN_FILE], sorted(gone), renamed),
            )
        # The seed goes in last, right before the switch; the staging folder stays private
        # (0700) until its files are in place.
        _place(staging, PurePosixPath(PLAN_FILE), plan_bytes)
        _switch(staging, root, in_place)
        if not in_place:
            os.chmod(root, mode)
    finally:
        if os.path.lexists(staging):
            _remove_tree(staging)


def _in_corrections(name: str) -> bool:
    return PurePosixPath(name).parts[0] == CORRECTIONS_DIR


def _kept(root: Path, names: Iterable[str]) -> set[str]:
    """The files an earlier run listed that are still there: regular files, reached without
    a symlink. Each folder is listed once (a game's some 480 files are in a handful of
    folders), not each file looked at."""
    listings: dict[PurePosixPath, set[str]] = {}
    found = set()
    for name in names:
        try:
            rel = _safe_relative(name)
        except ValueError:
            continue
        folder = rel.parent
        if folder not in listings:
            listings[folder] = _regular_files_in(root, folder)
        if rel.name in listings[folder]:
            found.add(name)
    return found


def _regular_files_in(root: Path, folder: PurePosixPath) -> set[str]:
    """The names of the regular files in root/folder; none when a folder on the way is not
    a real folder (a symlink, a file, nothing)."""
    path = root
    for part in folder.parts:
        path = path / part
        if not is_real_dir(path):
            return set()
    try:
        with os.scandir(path) as entries:
            return {entry.name for entry in entries if entry.is_file(follow_symlinks=False)}
    except OSError:
        return set()


def _folder_mode(root: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(root).st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o777 & ~umask


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def _files_written_by(root: Path, manifest: dict[str, str]) -> set[str]:
    """The files of another game to leave out on --force: regular files, inside the folder,
    reached without a symlink, holding exactly what the manifest says that game wrote."""
    ours = set()
    for name, digest in manifest.items():
        try:
            rel = _safe_relative(name)
        except ValueError:
            continue
        path = reached(root, rel)
        if path is None or not _is_regular(path):
            continue
        try:
            if _sha256(read_regular_file(path, MAX_PLAN_BYTES)) == digest:
                ours.add(str(rel))
        except UnreadableFile:
            continue
    return ours


def _place(
    staging: Path, rel: PurePosixPath, data: bytes, checked: set[Path] | None = None
) -> None:
    """Write one file into the staging folder. Whatever the previous folder had in the way
    (a symlink, a file where a folder goes) is replaced, never followed. `checked`: the
    folders of this staging folder already made or found to be real folders (a game writes
    some 480 files into a handful of them: each is looked at once)."""
    folder = staging
    for part in rel.parts[:-1]:
        folder = folder / part
        if checked is not None and folder in checked:
            continue
        try:
            mode = os.lstat(folder).st_mode
        except FileNotFoundError:
            os.mkdir(folder)
        else:
            if not stat.S_ISDIR(mode):
                os.unlink(folder)
                os.mkdir(folder)
        if checked is not None:
            checked.add(folder)
    target = folder / rel.name
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        # O_EXCL: never opens what is there already, a symlink (even a dangling one) included.
        fd = os.open(target, flags, 0o666)
    except FileExistsError:
        if stat.S_ISDIR(os.lstat(target).st_mode):
            raise SheetgenError(
                f"{rel} is a folder in the game folder where sheetgen writes a file; move it away"
            ) from None
        os.unlink(target)
        fd = os.open(target, flags, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _switch(staging: Path, root: Path, in_place: bool) -> None:
    """Put the staging folder's game in the target's place: a new folder in one rename; an
    existing one (where a host may stand) is kept, and the staging folder is committed,
    then moved in file by file (folder/in_place.py)."""
    if not in_place:
        os.rename(staging, root)
        return
    committed = committed_folder(root)
    os.rename(staging, committed)  # the commit point
    roll_forward(committed, root)


def folder_record(root: Path) -> dict[str, Any]:
    """What the folder's writers recorded: every file with its hash, the table's files."""
    return _read_record(root)


def _read_record(root: Path) -> dict[str, Any]:
    """The manifest, with the files the table commands listed since it was written."""
    try:
        data = json_text.loads(read_regular_file(root / MANIFEST_FILE, MAX_PLAN_BYTES, within=root))
    except (UnreadableFile, ValueError, RecursionError):
        data = {}
    record = data if isinstance(data, dict) else {}
    listed = _table_listing(root)
    if listed:
        files = _listed(record)
        table = set(_table_names(record))
        for _, named in listed:
            files.update(named)
            table.update(named)
        record["files"] = dict(sorted(files.items()))
        record[TABLE_KEY] = sorted(table)
    return record


def _listed(record: dict[str, Any]) -> dict[str, str]:
    files = record.get("files", {})
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


# --- files a game's table commands write after the game (a log, the posts of each entry) ---
TABLE_KEY = "table"
# Each table command appends one line, {"entry": N, "files": {name: sha256}}, rather than
# rewriting the manifest: a command near a game's end would otherwise rewrite thousands of
# names. The manifest plus these lines is the record; a game's rewrite folds them in.
TABLE_FILES = "table-files.jsonl"
MAX_TABLE_FILES_BYTES = 200_000_000
TAIL_BYTES = 65_536  # more than one line ever holds: the last entry is found in here


def _table_listing(root: Path) -> list[tuple[int, dict[str, str]]]:
    """Every line of the table's listing that is whole and ours: (entry, {name: sha256}).
    A line cut short by a killed run, or anything else, is passed by."""
    try:
        data = read_regular_file(root / TABLE_FILES, MAX_TABLE_FILES_BYTES, within=root)
    except UnreadableFile:
        return []
    return [line for line in map(_listing_line, data.split(b"\n")) if line is not None]


def _listing_line(raw: bytes) -> tuple[int, dict[str, str]] | None:
    try:
        data = json_text.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        return None
    entry = data.get("entry")
    named = {}
    for name, digest in data["files"].items():
        text = str(name)
        if not _plain_relative(text):
            try:
                text = str(_safe_relative(text))
            except ValueError:
                continue
        named[text] = str(digest)
    return (entry if isinstance(entry, int) else 0), named


def last_listed_entry(root: Path) -> int:
    """The last table entry whose files are listed (0: none). Reads the listing's tail only,
    so a table command pays the same at entry 10 and at entry 1,000."""
    path = root / TABLE_FILES
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return 0
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return 0
        size = os.fstat(fd).st_size
        tail = os.pread(fd, TAIL_BYTES, max(0, size - TAIL_BYTES))
    finally:
        os.close(fd)
    for raw in reversed(tail.split(b"\n")):
        line = _listing_line(raw)
        if line is not None:
            return line[0]
    return 0


def _table_names(record: dict[str, Any]) -> list[str]:
    names = record.get(TABLE_KEY, [])
    if not isinstance(names, list):
        return []
    safe = []
    for name in names:
        text = str(name)
        if _plain_relative(text):  # most names: no need to build a path (thousands a command)
            safe.append(text)
            continue
        try:
            safe.append(str(_safe_relative(text)))
        except ValueError:
            continue
    return safe


def _plain_relative(name: str) -> bool:
    """A name that is its own normal relative path: parts that are neither empty, `.` nor
    `..`, no backslash. str(_safe_relative(name)) is then the name itself."""
    return "\\" not in name and all(p not in ("", ".", "..") for p in name.split("/"))


def keep_table_with_its_plan(
    record: dict[str, Any], root: Path, plan: dict[str, Any], shown: Path
) -> None:
    """A table (log and posts) recorded in a folder belongs to the plan it was checked
    against. Writing another plan there, even with --force, would either delete the
    players' recorded game or leave it beside a deal it never was: refused. Only a rerun
    of the same plan (which keeps the table) may write there. `record`: the folder's
    manifest."""
    present = [n for n in _table_names(record) if _is_regular(root / n)]
    if not present or _listed(record).get(PLAN_FILE) == _sha256(to_json(plan)):
        return
    raise SheetgenError(
        f"{display_path(shown)} holds the recorded table of game {record.get('game_id')} "
        f"({counted(len(present), 'file')}: the log and the posts of its table commands); writing "
        f"game {plan.get('game_id')} there would lose or mix them, even with --force: write "
        "it to another folder with -o, or move this folder away first"
    )


def record_table_files(root: Path, entry: int, written: list[str], found: list[str]) -> None:
    """List the files a table command wrote for `entry`: `written` are hashed again, `found`
    (the table's files already on disk, e.g. from before a crash) are listed when the record
    lacks them. One line appended to the listing; a run killed mid-line leaves a line that
    is passed by, and the next command lists those files again."""
    known = _listed(_read_record(root)) if found else {}
    named: dict[str, str] = {}
    _hash_into(root, named, [*written, *(n for n in found if n not in known)])
    line = json.dumps({"entry": entry, "files": named}, sort_keys=True, ensure_ascii=False)
    append_line(root / TABLE_FILES, line.encode("utf-8") + b"\n")


def record_files(root: Path, written: list[str]) -> None:
    """List files written into a game folder after the game, beside its table (a catch-up
    page), in its manifest with their SHA-256: not under `table`, since they are no record
    of the game. The manifest is replaced atomically (with the table's listing folded in)."""
    record = _read_record(root)
    files = _listed(record)
    _hash_into(root, files, written)
    record["files"] = dict(sorted(files.items()))
    write_atomic(root / MANIFEST_FILE, to_json(record))


def _hash_into(root: Path, files: dict[str, str], names: list[str]) -> list[str]:
    """Hash each of `names` that is a regular file inside root into `files`; the names
    hashed."""
    hashed = []
    for name in names:
        rel = str(_safe_relative(name))
        if not _is_regular(root / rel):
            continue
        try:
            files[rel] = _sha256(read_regular_file(root / rel, MAX_PLAN_BYTES, within=root))
        except UnreadableFile:
            continue
        hashed.append(rel)
    return hashed
