"""What a command worked out from its inputs alone, kept for its next run: the command a
host types every day (`today`) then answers without planning the month again, and a pack
validated before is read back as validated (pack/kept_content.py).

An entry is found by a key of everything its result depends on (the caller names them: the
pack's files, plan.json, the arguments) plus a fingerprint of this sheetgen's code and of
the installed libraries, so a code or library change never serves a stale result. An entry
is one file: a header, the SHA-256 of its body, the body (JSON and the bytes it names),
checked whole before use; it is written to a temporary file and renamed into place, so two
runs at once both succeed. Anything missing, damaged or unreadable is worked out again, and
a disk that cannot take an entry goes without: the memo never fails a run.

It is used only by the `sheetgen` program (common/program.py; a test switches it on with
`enable`): a test or a program that imports the commands, and may patch what they call,
always works everything out.

Where: beside the sheet cache (generator/folder/cache.py, the same settings:
$SHEETGEN_CACHE, else $XDG_CACHE_HOME/sheetgen, else ~/.cache/sheetgen; SHEETGEN_CACHE=off
turns both off), under memo/. This module is light on purpose: it is imported before
anything heavy, by commands that must answer at once."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from hashlib import sha256
from pathlib import Path

from generator.common import program
from generator.common.safe_read import UnreadableFile, read_regular_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

MAGIC = b"sheetgen-memo 1\n"
MAX_ENTRY_BYTES = 50_000_000
MAX_PACK_FILE_BYTES = 2_000_000  # pack/document.py's MAX_FILE_BYTES (not imported: light)
FOLDER = "memo"

_enabled = False


def enable(on: bool = True) -> None:
    """The `sheetgen` program's runs use the memo (see the module's docstring)."""
    global _enabled
    _enabled = on


def cache_root() -> Path | None:
    """Where everything sheetgen keeps between runs lives: this memo, the sheets and the
    pictures (generator/folder/cache.py and kept_blobs.py)."""
    configured = os.environ.get("SHEETGEN_CACHE")
    if configured is not None:
        return None if configured.strip().lower() in ("", "off", "0", "no") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sheetgen"


@functools.cache
def code_fingerprint() -> str:
    """This sheetgen's code and every installed library's version, cheaply (the memo's and
    the sheet and picture caches' alike): the source of
    every module (its bytes), the size and time of every other file of the package (fonts),
    the Python version, and the installed distributions (name-version, and when each was
    installed)."""
    digest = sha256(sys.version.encode())
    package = Path(__file__).resolve().parents[1]  # the whole generator package
    start = len(str(package)) + 1  # a walked path is the package's, then "/" and its own
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = path[start:].encode()
            if name.endswith(".py"):
                with open(path, "rb") as source:
                    digest.update(b"py\0" + rel + b"\0" + source.read() + b"\0")
            elif not name.endswith(".pyc"):
                info = os.stat(path)
                digest.update(f"file\0{rel!r}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    # The installed libraries are those of the site folders: not every entry of sys.path,
    # whose first is the working folder under `python -m` (a checkout holds the project's
    # own egg-info there, and the fingerprint would change with the folder a run starts in).
    import site

    for entry in sorted({*site.getsitepackages(), site.getusersitepackages()}):
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        installed = [n for n in names if n.endswith((".dist-info", ".egg-info"))]
        if not installed:
            continue  # a site folder with nothing installed
        digest.update(("lib\0" + entry).encode())
        for name in installed:
            # A reinstall of the same version (its entry points edited) rewrites the folder.
            try:
                changed = os.stat(os.path.join(entry or ".", name)).st_mtime_ns
            except OSError:
                changed = 0
            digest.update(f"\0{name}\0{changed}".encode())
    return digest.hexdigest()


def files_digest(root: Path, pattern: str = "*.yaml") -> str | None:
    """The names and bytes of every file matching `pattern` under `root` (sub-folders too),
    None when any of them is a symlink or cannot be read (such a tree is never memoised:
    the loader treats those files itself)."""
    digest = sha256()
    try:
        for path in sorted(root.rglob(pattern)):
            if path.is_symlink() or not path.is_file():
                return None
            # Bounded, and the file opened checked: the loader refuses what is bigger than
            # its files may be (pack/document.py), and so is never read whole here.
            data = read_regular_file(path, MAX_PACK_FILE_BYTES)
            rel = path.relative_to(root).as_posix()
            digest.update(f"{rel}\0{len(data)}\0".encode() + data)
    except (OSError, ValueError, UnreadableFile):
        return None
    return digest.hexdigest()


def enabled() -> bool:
    return _enabled or program.running


def _entry(kind: str, key: Sequence[str]) -> Path | None:
    if not enabled():
        return None
    root = cache_root()
    if root is None:
        return None
    if (root / FOLDER).is_symlink():
        return None  # the memo's folder replaced by a link: never written or read through
    name = sha256("\0".join((code_fingerprint(), kind, *key)).encode()).hexdigest()
    # Named by its kind too: what the cache holds reads at a glance, and tests find theirs.
    return root / FOLDER / f"{kind}.{name[:40]}"


def recall(kind: str, key: Sequence[str]) -> tuple[dict[str, Any], list[bytes]] | None:
    """The JSON and the blobs kept for `key`, None when there is no intact entry."""
    try:
        entry = _entry(kind, key)
        if entry is None:
            return None
        try:
            # A plain file of the memo's folder only: never a pipe (a read would wait),
            # a device or a link out.
            data = read_regular_file(entry, MAX_ENTRY_BYTES, within=entry.parent)
        except UnreadableFile:
            return None
        if not data.startswith(MAGIC):
            return None
        checksum, _, body = data[len(MAGIC) :].partition(b"\n")
        if sha256(body).hexdigest().encode() != checksum:
            return None
        head, _, rest = body.partition(b"\n")
        meta = json.loads(head)
        sizes = meta.pop("\0blobs")
        if not all(type(n) is int and n >= 0 for n in sizes) or sum(sizes) != len(rest):
            return None
        blobs, offset = [], 0
        for size in sizes:
            blobs.append(rest[offset : offset + size])
            offset += size
        # Used: the cache's trimming (common/cache_trim.py) keeps it longest. Here, not
        # through that module, whose imports would cost a command that only reads.
        with contextlib.suppress(OSError):
            os.utime(entry, follow_symlinks=False)
        return meta, blobs
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def keep(kind: str, key: Sequence[str], meta: dict[str, Any], blobs: Sequence[bytes] = ()) -> None:
    """Keep `meta` (JSON data) and `blobs` for `key`; silently nothing when the disk will not
    take it."""
    try:
        entry = _entry(kind, key)
    except (OSError, ValueError):
        return
    if entry is None:
        return
    try:
        head = json.dumps({**meta, "\0blobs": [len(b) for b in blobs]}, ensure_ascii=True)
    except (TypeError, ValueError):
        return  # not JSON data: nothing is kept
    body = head.encode() + b"\n" + b"".join(blobs)
    if len(body) > MAX_ENTRY_BYTES:
        return
    data = MAGIC + sha256(body).hexdigest().encode() + b"\n" + body
    # Here, not above: the writer's imports (tempfile) cost a `today` that only reads.
    from generator.common import cache_trim
    from generator.common.atomic_write import write_atomic

    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(entry, data, private=True, durable=False)
        cache_trim.kept_something(entry.parents[1])
    except OSError:
        return
