"""Files that depend on the pack alone (a game's print-and-play sheets), built once per pack
version and reused by every game of that pack.

An entry's key is the game's own key (pack digest, paper...) plus a fingerprint of this
sheetgen's code and of the libraries that draw, so a code change never serves stale
sheets. Entries are written to a temporary folder and renamed into place (two runs at once
both succeed); every file is checked against the SHA-256 its entry recorded before it is
reused, and anything missing, damaged or unreadable is simply built again. The cache is an
optimisation: it never fails a run.

Where: $SHEETGEN_CACHE, else $XDG_CACHE_HOME/sheetgen, else ~/.cache/sheetgen;
SHEETGEN_CACHE=off turns it off."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

# One place and one fingerprint for everything kept between runs (the memo's: the code's
# sources, the package's other files and the installed libraries).
from generator.common import cache_trim, json_text
from generator.common.memo import cache_root as cache_root
from generator.common.memo import code_fingerprint as code_fingerprint
from generator.common.output_file import OutputFile
from generator.common.safe_read import UnreadableFile, read_regular_file

INDEX = "index.json"
MAX_ENTRY_BYTES = 50_000_000
MAX_INDEX_BYTES = 1_000_000  # some hundred files' names and digests


def _entry(key: tuple[str, ...]) -> Path | None:
    root = cache_root()
    if root is None:
        return None
    if (root / "files").is_symlink():
        return None  # the cache's folder replaced by a link: never written or read through
    name = hashlib.sha256("\0".join((code_fingerprint(), *key)).encode()).hexdigest()
    return root / "files" / name[:40]


def _read(entry: Path) -> list[OutputFile] | None:
    """The files of an intact entry. Every file is read as a plain file of the entry's own
    folder, within the entry's size: an index that is a pipe (a read would wait for ever), a
    data file linked to /dev/zero (it never ends) or out of the cache reads as no entry."""
    try:
        index = json_text.loads(read_regular_file(entry / INDEX, MAX_INDEX_BYTES, within=entry))
        files = []
        left = MAX_ENTRY_BYTES
        for item in index["files"]:
            rel = PurePosixPath(item["path"])
            if rel.is_absolute() or ".." in rel.parts:
                return None
            data = read_regular_file(entry / "data" / str(len(files)), left, within=entry)
            left -= len(data)
            if hashlib.sha256(data).hexdigest() != item["sha256"]:
                return None
            files.append(OutputFile(str(rel), data))
        return files
    except (OSError, ValueError, KeyError, TypeError, UnreadableFile):
        return None


def _write(entry: Path, files: list[OutputFile]) -> None:
    if sum(len(f.data) for f in files) > MAX_ENTRY_BYTES:
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".entry-", dir=entry.parent))
        try:
            (staging / "data").mkdir()
            for number, item in enumerate(files):
                (staging / "data" / str(number)).write_bytes(item.data)
            index = {
                "files": [
                    {"path": f.path, "sha256": hashlib.sha256(f.data).hexdigest()} for f in files
                ]
            }
            (staging / INDEX).write_text(json.dumps(index), encoding="utf-8")
            if entry.exists():
                shutil.rmtree(entry, ignore_errors=True)  # a damaged entry: replace it
            os.replace(staging, entry)
            cache_trim.kept_something(entry.parents[1])
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    except OSError:
        return  # a read-only or full disk: the run goes on without the cache


def reuse(key: tuple[str, ...], build: Callable[[], list[OutputFile]]) -> list[OutputFile]:
    """The files `build` makes for `key`, from the cache when an intact entry exists."""
    entry = _entry(key)
    if entry is not None:
        found = _read(entry)
        if found is not None:
            cache_trim.touch(entry)
            return found
    files = build()
    if entry is not None:
        _write(entry, files)
    return files
