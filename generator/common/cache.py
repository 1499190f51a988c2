"""The host's cache: what depends on a pack version alone (its print-and-play sheets, its
posts' palette and the palette indices of its tile and card pictures), made once and reused
by every later game of that pack, and `today`'s outline of a game folder (host/outline.py).

One store, one format. An entry is one file, `entries/KIND-NAME`, NAME the SHA-256 of what
the entry is made from: the inputs its caller names (the pack's content digest, the paper,
the plan) and this code's fingerprint (`code_fingerprint`: every source file of the
package, the Python version, the installed libraries), so a changed pack, program or
library never serves a stale entry. The file holds named pieces of bytes:

    sheetgen-cache 1\\n
    SHA-256 of the body, in hex\\n
    body: a JSON line {"kind": KIND, "name": NAME, "pieces": [[piece, size], ...]}\\n,
          then the pieces' bytes one after the other

and is checked whole before any of it is used: the magic line, the checksum, the kind and
name it says it is, the sizes. Anything else reads as no entry, and is made again.

Whom it trusts. The checksum finds damage, not forgery: whoever can write an entry can make
its checksum agree. So the cache is used only when it is the user's alone, as pip checks its
cache: the folder (and `entries/`) owned by this user and writable by nobody else, every
entry file owned by this user, writable by nobody else and a regular file (never a link,
a pipe or a folder in an entry's place), and the folder's own name a link only if the
link is the user's. Anything else is refused with one line on stderr
and the run goes on without the cache. What an entry holds is then as trusted as the
user's own files, and no more: it never holds a post's text. Sheets and pictures are pixels
and PDF pages (a sheets entry holding any file but a PDF under sheets/ is not used, so it
cannot write a post into a game folder); `today`'s outline is used only when every post text
it names is, byte for byte, the file the game folder holds (host/outline.py), so an edited
entry cannot put a word into what the host posts. (What `today` says beside the posts, the
game's name and the month's tasks, it reads from the outline as kept.)

Writing: to a temporary file in `entries/` (0600), renamed into place, so two runs at once
both succeed and a killed run leaves no half entry (its temporary file is swept within the
hour by the trim). An entry over MAX_ENTRY_BYTES is neither written nor read. A disk that
will not take an entry goes without: the cache never fails a run.

Kept to a size: the entries used longest ago go first once the cache outgrows
SHEETGEN_CACHE_MAX_MB (default 500), looked at by a run that wrote to it, at most once a
day; only files named as this module names its entries are ever removed (and, once, the
folders an earlier sheetgen tagged as its cache: `sweep_earlier_formats`).

Where: $SHEETGEN_CACHE, else $XDG_CACHE_HOME/sheetgen, else ~/.cache/sheetgen.
SHEETGEN_CACHE=off (or "", 0, no) turns it off."""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from hashlib import sha256
from pathlib import Path, PurePosixPath

from generator.common.output_file import OutputFile

MAGIC = b"sheetgen-cache 1\n"
# Where a game folder keeps its print-and-play PDFs, the one kind of file `reuse` keeps.
SHEETS_FOLDER = "sheets"
ENTRIES = "entries"
MAX_ENTRY_BYTES = 64_000_000  # a pack's sheets on two papers are ~3 MB; its pictures ~5 MB
MARKER = "CACHEDIR.TAG"
# https://bford.info/cachedir/: backup tools skip a folder holding this file.
MARKER_TEXT = (
    b"Signature: 8a477f597d28d172789f06886806bc55\n"
    b"# This folder holds files sheetgen keeps between runs and makes again when missing.\n"
    b"# For information about cache directory tags see https://bford.info/cachedir/\n"
)
DEFAULT_BUDGET_MB = 500
KEEP_SHARE = 0.8  # trimmed down to this share of the budget, so it is not trimmed every day
STAMP = ".trimmed"
ONCE_EVERY = 24 * 3600.0  # seconds between two looks at the cache's size
STALE = 3600.0  # a temporary file this old belongs to a killed run
TOUCH_AGAIN = 3600.0  # a hit sets an entry's time again only this long after the last
OFF = ("", "off", "0", "no")

_ENTRY_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}-[0-9a-f]{40}")
_TEMP_NAME = re.compile(r"\.[a-z][a-z0-9-]{0,39}-[0-9a-f]{40}\.[0-9a-f]{16}\.tmp")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW


class Refused(Exception):
    """The cache is not the user's alone: not used (the message says why)."""


def cache_root() -> Path | None:
    """Where the cache lives; None when SHEETGEN_CACHE turns it off."""
    configured = os.environ.get("SHEETGEN_CACHE")
    if configured is not None:
        return None if configured.strip().lower() in OFF else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sheetgen"


@functools.cache
def code_fingerprint() -> str:
    """This sheetgen and what it runs on: the bytes of every module of the package, the size
    and time of its other files (fonts), the Python version, and every installed
    distribution (its name-version folder and when it was installed)."""
    digest = sha256(sys.version.encode())
    package = Path(__file__).resolve().parents[1]  # the whole generator package
    start = len(str(package)) + 1
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
    # The site folders, not every entry of sys.path: under `python -m` the first is the
    # working folder, and the fingerprint would change with the folder a run starts in.
    import site

    for entry in sorted({*site.getsitepackages(), site.getusersitepackages()}):
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        installed = [n for n in names if n.endswith((".dist-info", ".egg-info"))]
        if installed:
            digest.update(("lib\0" + entry).encode())
        for name in installed:
            try:  # a reinstall of the same version rewrites its folder
                changed = os.stat(os.path.join(entry or ".", name)).st_mtime_ns
            except OSError:
                changed = 0
            digest.update(f"\0{name}\0{changed}".encode())
    return digest.hexdigest()


def entry_name(kind: str, key: Sequence[str]) -> str:
    """The file name of the entry of `kind` made from `key` by this code."""
    made_from = "\0".join((code_fingerprint(), kind, *key)).encode()
    return f"{kind}-{sha256(made_from).hexdigest()[:40]}"


# --- the folder, and whose it is ----------------------------------------------------------

_said: set[str] = set()  # the refusals said already (once a run each)


def _say_refused(why: str) -> None:
    if why not in _said:
        _said.add(why)
        print(f"sheetgen: {why}; the cache is not used this run.", file=sys.stderr)


def _only_mine(info: os.stat_result, what: str) -> None:
    """Refused unless this user owns it and nobody else may write it."""
    if not hasattr(os, "geteuid"):
        return
    if info.st_uid != os.geteuid():
        raise Refused(f"{what} belongs to another user (uid {info.st_uid})")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise Refused(f"{what} may be written by other users (chmod go-w it)")


def _open_folder(name: str | Path, at: int | None, what: str) -> int:
    """A folder of the cache opened (below the root never through a link), checked as only
    this user's; made (0700) when missing."""
    flags = _FOLDER if at is None else _FOLDER | _NOFOLLOW
    try:
        fd = os.open(name, flags, dir_fd=at)
    except FileNotFoundError:
        if at is None:
            os.makedirs(name, mode=0o700, exist_ok=True)
        else:
            os.mkdir(name, 0o700, dir_fd=at)
        fd = os.open(name, flags, dir_fd=at)
    except NotADirectoryError:
        raise Refused(f"{what} is not a folder (a file or a link stands there)") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Refused(f"{what} is a symbolic link") from None
        raise
    try:
        _only_mine(os.fstat(fd), what)
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextlib.contextmanager
def _entries_folder() -> Iterator[int | None]:
    """The entries' folder, opened; None when the cache is off, refused or unusable."""
    root = cache_root()
    if root is None:
        yield None
        return
    fd = None
    try:
        _link_of_mine(root)
        root_fd = _open_folder(root, None, f"the cache folder {root}")
        try:
            fd = _open_folder(ENTRIES, root_fd, f"the cache folder {root / ENTRIES}")
        finally:
            os.close(root_fd)
        # Marked in entries/, not in the root: SHEETGEN_CACHE may name a folder of the
        # user's own, which their backups must not skip.
        _mark(fd)
    except Refused as exc:
        _say_refused(str(exc))
    except OSError:
        pass  # a read-only or missing disk: the run goes without
    try:
        yield fd
    finally:
        if fd is not None:
            os.close(fd)


def _link_of_mine(root: Path) -> None:
    """The cache's own name may be a link (a cache moved to another disk), but only the
    user's: in a shared folder such as /tmp, another user's link would lead the cache into
    any folder of this user's."""
    try:
        info = os.lstat(root)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode) and hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise Refused(f"the cache folder {root} is another user's link")


def _mark(folder: int) -> None:
    """The entries' folder is tagged as a cache (backup tools skip it), once."""
    with contextlib.suppress(OSError):
        fd = os.open(MARKER, _NEW_FILE, 0o644, dir_fd=folder)
        try:
            os.write(fd, MARKER_TEXT)
        finally:
            os.close(fd)


# --- one entry: read and written whole ----------------------------------------------------


def _read(folder: int, name: str, kind: str) -> dict[str, bytes] | None:
    """The pieces of the intact entry `name`; None for anything else. Refused (the whole
    cache) when the file is not this user's alone."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW, dir_fd=folder)
    except OSError:
        return None  # missing, a link, a pipe without a writer: no entry
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES + 200:
            return None
        _only_mine(info, f"the cache entry {name}")
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > info.st_size:
                return None  # it grows while read: not an entry this module wrote
        data = b"".join(chunks)
    finally:
        os.close(fd)
    return _decoded(data, kind, name)


def _decoded(data: bytes, kind: str, name: str) -> dict[str, bytes] | None:
    if not data.startswith(MAGIC):
        return None
    checksum, _, body = data[len(MAGIC) :].partition(b"\n")
    if sha256(body).hexdigest().encode() != checksum:
        return None
    head, _, rest = body.partition(b"\n")
    try:
        meta = json.loads(head)
        if meta["kind"] != kind or meta["name"] != name:
            return None  # an entry copied under another entry's name
        pieces, offset = {}, 0
        for piece, size in meta["pieces"]:
            if not isinstance(piece, str) or type(size) is not int or size < 0:
                return None
            pieces[piece] = rest[offset : offset + size]
            offset += size
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    return pieces if offset == len(rest) else None


def _encoded(kind: str, name: str, pieces: dict[str, bytes]) -> bytes:
    listed = [[piece, len(data)] for piece, data in pieces.items()]
    head = json.dumps({"kind": kind, "name": name, "pieces": listed}, ensure_ascii=True)
    body = head.encode() + b"\n" + b"".join(pieces.values())
    return MAGIC + sha256(body).hexdigest().encode() + b"\n" + body


def _write(folder: int, name: str, data: bytes) -> None:
    """`data` as the entry `name`: a temporary file renamed into place (an entry file or a
    link in its place is replaced, a folder in its place is not)."""
    temp = f".{name}.{secrets.token_hex(8)}.tmp"
    fd = os.open(temp, _NEW_FILE, 0o600, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)
        raise


def _touch(folder: int, name: str) -> None:
    """Used now: it goes last when trimmed (a use within the hour is the same use)."""
    with contextlib.suppress(OSError):
        if time.time() - os.stat(name, dir_fd=folder, follow_symlinks=False).st_mtime > TOUCH_AGAIN:
            os.utime(name, dir_fd=folder, follow_symlinks=False)


def read(kind: str, key: Sequence[str]) -> dict[str, bytes] | None:
    """The pieces kept for `key`, None when there is no intact entry of this user's."""
    with _entries_folder() as folder:
        if folder is None:
            return None
        name = entry_name(kind, key)
        try:
            found = _read(folder, name, kind)
        except Refused as exc:
            _say_refused(str(exc))
            _refused.append(True)
            return None
        except OSError:
            return None
        if found is not None:
            _touch(folder, name)
        return found


_refused: list[bool] = []  # an entry of another's was found: nothing more is read or kept


def write(kind: str, key: Sequence[str], pieces: dict[str, bytes]) -> None:
    """Keep `pieces` for `key`; nothing when the cache is off, refused or full."""
    if _refused:
        return
    name = entry_name(kind, key)
    data = _encoded(kind, name, pieces)
    if len(data) > MAX_ENTRY_BYTES:
        return
    with _entries_folder() as folder:
        if folder is None:
            return
        try:
            _write(folder, name, data)
            _trim_if_due(folder)
        except OSError:
            return


# --- what the callers keep ----------------------------------------------------------------


def reuse(key: tuple[str, ...], build: Callable[[], list[OutputFile]]) -> list[OutputFile]:
    """The print-and-play PDFs `build` makes for `key` (a pack's sheets, each a
    `sheets/NAME.pdf`), from the cache when kept. An entry holding anything else (a post's
    file name, a path out of sheets/, a file that is no PDF) is not used, whatever its
    checksum says: what the cache writes into a game folder is sheets, never a post."""
    found = read("sheets", key)
    if found and all(_a_sheet(path, data) for path, data in found.items()):
        return [OutputFile(path, data) for path, data in found.items()]
    files = build()
    if all(_a_sheet(f.path, f.data) for f in files):
        write("sheets", key, {f.path: f.data for f in files})
    return files


def _a_sheet(path: str, data: bytes) -> bool:
    """`sheets/NAME.pdf` holding a PDF."""
    posix = PurePosixPath(path)
    return (
        len(posix.parts) == 2
        and posix.parts[0] == SHEETS_FOLDER
        and posix.suffix == ".pdf"
        and posix.name not in ("", ".", "..")
        and data.startswith(b"%PDF-")
    )


def read_kept(key: tuple[str, ...]) -> bytes | None:
    """The one piece kept for `key` (a pack's post palette), if any."""
    found = read("piece", key)
    return None if found is None else found.get("data")


def keep(key: tuple[str, ...], data: bytes) -> None:
    write("piece", key, {"data": data})


class Bundle:
    """Many small pieces kept under one key in one entry (a pack's picture indices: a game
    pastes some 200): read once, and written once when the run ends (`flush_all`), merged
    with what the entry holds by then (a pool worker or another run may have added some)."""

    def __init__(self, key: tuple[str, ...]) -> None:
        self.key = key
        self._pieces: dict[str, bytes] | None = None
        self._new: dict[str, bytes] = {}

    def get(self, name: str) -> bytes | None:
        if name in self._new:
            return self._new[name]
        if self._pieces is None:
            self._pieces = read("bundle", self.key) or {}
        return self._pieces.get(name)

    def put(self, name: str, data: bytes) -> None:
        if not self._new:
            _to_flush.append(self)
            if not _at_exit:
                _at_exit.append(True)
                import atexit

                atexit.register(flush_all)
        self._new[name] = data

    def flush(self) -> None:
        new, self._new = self._new, {}
        if not new or _refused:
            return
        with _entries_folder() as folder:
            if folder is None:
                return
            try:
                import fcntl

                fcntl.flock(folder, fcntl.LOCK_EX)  # one writer merges at a time
                name = entry_name("bundle", self.key)
                pieces = {**(_read(folder, name, "bundle") or {}), **new}
                self._pieces = pieces
                data = _encoded("bundle", name, dict(sorted(pieces.items())))
                if len(data) <= MAX_ENTRY_BYTES:
                    _write(folder, name, data)
                    _trim_if_due(folder)
            except Refused as exc:
                _say_refused(str(exc))
            except OSError:
                return  # closing the folder releases the lock


_BUNDLES: dict[tuple[str | None, tuple[str, ...]], Bundle] = {}
_to_flush: list[Bundle] = []
_at_exit: list[bool] = []


def bundle(key: tuple[str, ...]) -> Bundle:
    """This process's bundle for `key`, in the cache in use now."""
    root = cache_root()
    where = None if root is None else str(root)
    found = _BUNDLES.get((where, key))
    if found is None:
        found = _BUNDLES[(where, key)] = Bundle(key)
    return found


def flush_all() -> None:
    """Write every bundle this process added to (at the latest when it ends)."""
    while _to_flush:
        _to_flush.pop().flush()


def forget() -> None:
    """Read every bundle again from the cache (what this process added is dropped)."""
    _BUNDLES.clear()
    _to_flush.clear()


# --- kept to a size -----------------------------------------------------------------------


def budget_bytes() -> int:
    """SHEETGEN_CACHE_MAX_MB in bytes; the default for a value that is not a whole number."""
    raw = os.environ.get("SHEETGEN_CACHE_MAX_MB", "").strip()
    return (int(raw) if raw.isdigit() else DEFAULT_BUDGET_MB) * 1_000_000


def _trim_if_due(folder: int, now: float | None = None) -> list[str]:
    now = time.time() if now is None else now
    try:
        last = os.stat(STAMP, dir_fd=folder, follow_symlinks=False)
        if stat.S_ISREG(last.st_mode) and now - last.st_mtime < ONCE_EVERY:
            return []
    except FileNotFoundError:
        pass
    with contextlib.suppress(OSError):
        os.unlink(STAMP, dir_fd=folder)  # whatever stands there (a link stays a link's)
    with contextlib.suppress(OSError):
        os.close(os.open(STAMP, _NEW_FILE, 0o600, dir_fd=folder))
    with contextlib.suppress(OSError):
        root = os.open("..", _FOLDER, dir_fd=folder)
        try:
            sweep_earlier_formats(root)
        finally:
            os.close(root)
    return trim(folder, budget_bytes(), now)


# The folders an earlier sheetgen kept its formats in, right in the cache folder.
EARLIER_FORMATS = ("memo", "files", "blobs", "table-snapshots")


def sweep_earlier_formats(root: int) -> list[str]:
    """Removes the folders an earlier sheetgen filled (nothing reads them now), only those it
    tagged as its own with the cache's CACHEDIR.TAG (it tagged a folder only when everything
    in it was named as it names its files) and owned by this user: their regular files and
    the folders these leave empty, never through a link (a link or anything else in them
    stays, and so does its folder). The names of the folders removed."""
    removed = []
    for name in EARLIER_FORMATS:
        try:
            fd = os.open(name, _FOLDER | _NOFOLLOW, dir_fd=root)
        except OSError:
            continue  # none, a link, a file: not an earlier cache's folder
        try:
            if not _tagged_mine(fd):
                continue
            _empty(fd, depth=3)
        finally:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.rmdir(name, dir_fd=root)
            removed.append(name)
    return removed


def _tagged_mine(folder: int) -> bool:
    try:
        _only_mine(os.fstat(folder), "an earlier cache folder")
        fd = os.open(MARKER, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW, dir_fd=folder)
    except (Refused, OSError):
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, 4096) == MARKER_TEXT
    finally:
        os.close(fd)


def _empty(folder: int, depth: int) -> None:
    """The regular files in `folder` and, `depth` levels down, in its folders, removed."""
    with os.scandir(folder) as items:
        listed = list(items)
    for item in listed:
        with contextlib.suppress(OSError):
            info = item.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode):
                os.unlink(item.name, dir_fd=folder)
            elif stat.S_ISDIR(info.st_mode) and depth > 0:
                inner = os.open(item.name, _FOLDER | _NOFOLLOW, dir_fd=folder)
                try:
                    _empty(inner, depth - 1)
                finally:
                    os.close(inner)
                os.rmdir(item.name, dir_fd=folder)


def trim(folder: int, budget: int, now: float | None = None) -> list[str]:
    """Removes killed runs' temporary files, then the entries used longest ago until the
    entries hold at most KEEP_SHARE of `budget` bytes; the names removed. Only regular files
    named as this module names what it writes are ever removed."""
    now = time.time() if now is None else now
    removed: list[str] = []
    live: list[tuple[float, str, int]] = []
    with os.scandir(folder) as items:
        for item in items:
            try:
                info = item.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            if _TEMP_NAME.fullmatch(item.name):
                if now - info.st_mtime > STALE and _unlink(folder, item.name):
                    removed.append(item.name)
            elif _ENTRY_NAME.fullmatch(item.name):
                live.append((info.st_mtime, item.name, info.st_size))
    total = sum(size for _, _, size in live)
    if total <= budget:
        return removed
    for _, name, size in sorted(live):
        if total <= budget * KEEP_SHARE:
            break
        if _unlink(folder, name):
            removed.append(name)
        total -= size
    return removed


def _unlink(folder: int, name: str) -> bool:
    try:
        os.unlink(name, dir_fd=folder)
        return True
    except OSError:
        return False


@contextlib.contextmanager
def opened_entries() -> Iterator[int | None]:
    """The entries' folder opened, as the store itself opens it (for `trim`)."""
    with _entries_folder() as folder:
        yield folder
