"""Snapshots of a table game's replayed state, so a command replays only the entries logged
since the last one, not the whole game: a command costs the same at entry 10 and at 1,000.

A snapshot is an optimisation, never a record: the log stays the only truth.
- It lives in the host's cache (see generator/folder/cache.py: $SHEETGEN_CACHE, ...), not in the
  game folder: the folder's files are listed in its manifest and sent to players, and a
  replayed state holds what the folder does not (Battlestar's decks in their seeded order,
  that is every draw still to come).
- It is kept for the game (its deal or setup) in the game folder (its real path and inode:
  a copy of the folder may lack posts this one has), for this sheetgen's code, and holds the
  number of entries it covers and the SHA-256 of the log's bytes up to the end of the last
  one. It is used only when the log still begins with exactly those bytes; the entries after
  it are replayed (and checked) as usual. A log edited, cut short or replaced, or a snapshot
  missing, stale, damaged or from other code: the game is replayed from its first entry.
- Its bytes carry an HMAC keyed by the game's secret (its seed), checked before anything is
  unpickled: a snapshot nobody without the seed could have written is never loaded.
- A game saves one only when every file of every entry it covers was written, so the files
  a crash between log and post left unwritten are always among the entries replayed.
- Objects the game rebuilds anyway (the pack's content) are not stored: they are named
  `shared` and put back on load."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import io
import json
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import __version__
from generator.common import cache_trim
from generator.common.atomic_write import write_atomic
from generator.common.safe_read import read_regular_file
from generator.folder.cache import cache_root
from generator.folder.table_log import LogText

MAGIC = b"sheetgen table snapshot 1\n"
MAX_SNAPSHOT_BYTES = 50_000_000
KEEP = 3  # the newest snapshots of a game kept (a host may restore a copy a few entries old)


@dataclass(frozen=True)
class Snapshots:
    """The snapshots of one game in one folder. `key` names the game (e.g. its setup
    digest), `secret` is what only its host holds (the seed), `shared` the objects kept out
    of the pickle."""

    game: str
    key: str
    secret: bytes
    place: Path
    shared: dict[str, object] = field(default_factory=dict)

    def folder(self) -> Path | None:
        root = cache_root()
        # SHEETGEN_TABLE_SNAPSHOTS=off: every command replays the whole log (to compare).
        if root is None or os.environ.get("SHEETGEN_TABLE_SNAPSHOTS", "").lower() == "off":
            return None
        try:
            where = f"{os.path.realpath(self.place)}\0{os.stat(self.place).st_ino}"
        except OSError:
            return None
        # The code is not part of the name: a new version's snapshots replace the old ones.
        parts = (self.game, self.key, where)
        name = hashlib.sha256("\0".join(parts).encode()).hexdigest()
        return root / "table-snapshots" / name[:40]

    def load(self, log: LogText) -> tuple[int, Any] | None:
        """(entries covered, state) from the newest snapshot the log begins with, or None."""
        folder = self.folder()
        if folder is None or not log.lines:
            return None
        try:
            names = {p.name for p in folder.iterdir()}
        except OSError:
            return None
        best: tuple[int, Any] | None = None
        for count, prefix in prefixes(log):
            if f"{prefix}.snap" in names:
                best = (count, prefix)
        if best is None:
            return None
        count, prefix = best
        try:
            found = count, self._read(folder / f"{prefix}.snap", count, prefix)
            cache_trim.touch(folder)
            return found
        except Exception:
            # Damaged, forged, of other code (a class that changed shape): the replay
            # rebuilds the state and the next save replaces the file. Never fails a command.
            return None

    def _read(self, path: Path, count: int, prefix: str) -> Any:
        data = read_regular_file(path, MAX_SNAPSHOT_BYTES)
        if not data.startswith(MAGIC):
            raise ValueError("not a snapshot")
        head, _, payload = data[len(MAGIC) :].partition(b"\n")
        header = json.loads(head)
        if header.get("count") != count or header.get("prefix") != prefix:
            raise ValueError("a snapshot of another log")
        if header.get("code") != code_fingerprint():
            raise ValueError("a snapshot of another version of sheetgen")
        if not hmac.compare_digest(str(header.get("mac")), self._mac(count, prefix, payload)):
            raise ValueError("a snapshot not written by this game's host")
        return _Unpickler(io.BytesIO(payload), self.shared).load()

    def save(self, log: LogText, state: Any) -> None:
        """Keep `state`, the table after every entry of `log`. Never fails a command: a
        cache that cannot be written only means the next command replays more."""
        folder = self.folder()
        if folder is None or not log.lines:
            return
        count, prefix = list(prefixes(log))[-1]
        buffer = io.BytesIO()
        try:
            _Pickler(buffer, self.shared).dump(state)
        except Exception:
            return  # a state that cannot be kept is replayed next time
        payload = buffer.getvalue()
        header = {
            "count": count,
            "prefix": prefix,
            "code": code_fingerprint(),
            "mac": self._mac(count, prefix, payload),
        }
        data = MAGIC + json.dumps(header).encode() + b"\n" + payload
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(folder / f"{prefix}.snap", data, private=True)
            cache_trim.kept_something(folder.parents[1])
            _prune(folder)

    def _mac(self, count: int, prefix: str, payload: bytes) -> str:
        fields = (self.game, self.key, str(count), prefix, code_fingerprint())
        message = "\0".join(fields).encode() + b"\0" + payload
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """This sheetgen's code, by the size and modification time of every source file (a
    pickled table is read back by the classes that wrote it: an upgrade or an edit of any
    module changes this, and every snapshot of older code is left unused). Stat calls, not
    reads: this is paid by every table command, and hashing every source costs more than
    the replay it spares at the start of a game."""
    package = Path(__file__).resolve().parents[1]  # the whole generator package
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0{pickle.HIGHEST_PROTOCOL}".encode())
    for base, folders, files in os.walk(package):
        folders.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(base, name)
                info = os.stat(path)
                digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def prefixes(log: LogText) -> list[tuple[int, str]]:
    """(k, SHA-256 of the log's bytes through the end of entry k) for every entry."""
    digest = hashlib.sha256()
    start = 0
    found = []
    for count, line in enumerate(log.lines, 1):
        digest.update(log.raw[start : line.end])
        start = line.end
        found.append((count, digest.copy().hexdigest()))
    return found


def _prune(folder: Path) -> None:
    snaps = sorted(folder.glob("*.snap"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in snaps[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()


class _Pickler(pickle.Pickler):
    def __init__(self, out: io.BytesIO, shared: dict[str, object]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self._ids = {id(obj): name for name, obj in shared.items()}

    def persistent_id(self, obj: object) -> str | None:
        return self._ids.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: io.BytesIO, shared: dict[str, object]) -> None:
        super().__init__(data)
        self._shared = shared

    def persistent_load(self, pid: Any) -> object:
        if pid not in self._shared:
            raise pickle.UnpicklingError(f"no shared object {pid!r}")
        return self._shared[pid]
