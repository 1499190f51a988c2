"""Putting a written game into a folder that already exists, without replacing the folder.

A host works inside the game folder (`cd GAME && sheetgen console -o .`): a shell, an editor
or a file manager stands in it. Replacing the folder by another one would leave them all in
a deleted directory, so the folder itself (and every subfolder of it) stays; only its files
change. All or nothing is kept by a commit: the new files are written into a staging folder
beside the target, with a journal of what goes in and what goes out; renaming that folder to
`.<name>.commit` is the commit point. Then each new file is renamed into place (one atomic
step a file, plan.json last) and the files the journal names are removed. A run killed
before the commit leaves the folder as it was (its staging folder is removed by the next
run); a run killed after it leaves the commit, which the next command that writes or opens
the folder finishes: every step is repeatable, a file already moved is simply not found
again."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
from pathlib import Path, PurePosixPath

from generator.common.errors import SheetgenError
from generator.common.folder_lock import folder_locked
from generator.common.safe_read import UnreadableFile, read_regular_file

PLAN_FILE = "plan.json"
# Inside the committed staging folder only: what goes in, what goes out.
JOURNAL_FILE = ".sheetgen-commit.json"
MAX_JOURNAL_BYTES = 50_000_000


def committed_folder(root: Path) -> Path:
    """Where a complete staging folder waits to be moved into `root`."""
    return root.parent / f".{root.name}.commit"


def journal(
    install: list[str], remove: list[str], rename: list[tuple[str, str]] | None = None
) -> bytes:
    """The journal's bytes: files to move in (in this order; plan.json last), files to
    remove, and files of the folder to rename first (the old game's corrections log, set
    aside for its game: it goes when its game goes, never before)."""
    steps = {"install": install, "remove": remove, "rename": [list(p) for p in rename or []]}
    return json.dumps(steps, indent=1).encode("utf-8")


def is_real_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def remove_tree(path: Path) -> None:
    """Remove a folder of ours; plan.json (the seed) first. Never follows a symlink."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        os.unlink(path / PLAN_FILE)
    shutil.rmtree(path, ignore_errors=True)


def reached(root: Path, rel: PurePosixPath) -> Path | None:
    """root/rel when every folder on the way is a real folder (no symlink), else None."""
    path = root
    for part in rel.parts[:-1]:
        path = path / part
        if not is_real_dir(path):
            return None
    return path / rel.name


def in_the_way(root: Path, names: list[str]) -> str | None:
    """The first of `names` that is a real folder in root, where a file is to go."""
    for name in names:
        path = reached(root, PurePosixPath(name))
        if path is not None and is_real_dir(path):
            return name
    return None


def _folder_for(root: Path, rel: PurePosixPath) -> Path:
    """The real folder rel goes into, made where missing; a symlink or a file in the way of
    a folder is replaced, never followed."""
    folder = root
    for part in rel.parts[:-1]:
        folder = folder / part
        if is_real_dir(folder):
            continue
        if os.path.lexists(folder):
            os.unlink(folder)
        os.mkdir(folder)
    return folder


def _safe(name: object) -> PurePosixPath | None:
    text = str(name)
    rel = PurePosixPath(text)
    if rel.is_absolute() or not rel.parts or ".." in rel.parts or "\\" in text:
        return None
    return rel


def roll_forward(committed: Path, root: Path) -> None:
    """Move a committed staging folder's files into root and remove what its journal says,
    then the staging folder. Repeatable from any point a kill left."""
    try:
        data = json.loads(read_regular_file(committed / JOURNAL_FILE, MAX_JOURNAL_BYTES))
    except (UnreadableFile, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        # Not a commit of ours (the journal is written before the folder is committed).
        remove_tree(committed)
        return
    for pair in data.get("rename", []):
        _rename_in(root, pair)
    for name in data.get("remove", []):
        rel = _safe(name)
        path = reached(root, rel) if rel is not None else None
        if path is not None and os.path.lexists(path) and not is_real_dir(path):
            os.unlink(path)
    for name in data.get("install", []):
        rel = _safe(name)
        if rel is None:
            continue
        source = committed / rel
        if not os.path.lexists(source):
            continue  # moved in by an earlier try
        target = _folder_for(root, rel) / rel.name
        if is_real_dir(target):
            raise SheetgenError(
                f"{rel} is a folder in the game folder where sheetgen writes a file; move it away"
            )
        os.rename(source, target)
    remove_tree(committed)


def _rename_in(root: Path, pair: object) -> None:
    """One renaming of a file at the folder's top, repeatable: a file already renamed by
    an earlier try is not found again, and a name taken since is never written over (the
    next free `-2`, `-3` ... is used)."""
    if not (isinstance(pair, list) and len(pair) == 2):
        return
    source, target = (_safe(name) for name in pair)
    if source is None or target is None or len(source.parts) != 1 or len(target.parts) != 1:
        return
    path = root / source
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        return  # renamed by an earlier try
    stem, suffix, number = target.stem, target.suffix, 1
    name = target.name
    while os.path.lexists(root / name):
        number += 1
        name = f"{stem}-{number}{suffix}"
    os.rename(path, root / name)


def finish_commit(root: Path) -> None:
    """Under the writers' lock: finish a commit a killed run left for `root` (a committed
    folder beside a folder that is gone is dropped)."""
    committed = committed_folder(root)
    if not is_real_dir(committed):
        return
    if is_real_dir(root):
        roll_forward(committed, root)
    else:
        remove_tree(committed)


class _Busy(Exception):
    """Another run holds the folder: it finishes the commit itself."""


def finish_before_reading(root: Path) -> None:
    """A command that reads a game folder first finishes a write a kill left committed, so it
    reads the complete game. When another run is writing there, it does not wait: that run
    finishes the commit itself."""
    real = Path(os.path.realpath(root))
    if not is_real_dir(committed_folder(real)):
        return

    def busy() -> None:
        raise _Busy

    with contextlib.suppress(OSError, _Busy, SheetgenError), folder_locked(real.parent, busy):
        finish_commit(real)
