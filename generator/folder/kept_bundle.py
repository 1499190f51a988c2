"""Many small pieces of data kept together in one file of the host's cache (the palette
indices of every tile and card a pack's posts paste; the pictures as a folder's console and
catch-up pages embed them), beside the single blobs of kept_blobs.py and named the same way
(the digest of its key and of the code's fingerprint).

A game pastes some 200 of them: one file read once per run, instead of a file opened,
checked and read for each, and one file written when a run made new ones, instead of one
each (on some disks creating a file costs a millisecond). The file starts with the SHA-256
of the rest, checked when it is read; anything damaged, too big or not a plain file reads
as empty, and its pieces are made again. A run that made new pieces writes the bundle when
it ends (`flush`), merged with what the file holds by then (another run or a pool worker
may have added some), under a lock on its folder, to a temporary file renamed into place:
two runs at once both keep what they made, and a reader sees the old file or the new one.
Keeping never fails a run."""

from __future__ import annotations

import atexit
import hashlib
import json
from pathlib import Path

from generator.common import cache_trim
from generator.common.folder_lock import folder_locked
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.cache import cache_root
from generator.folder.kept_blobs import blob_path

MAGIC = b"sheetgen-bundle 1\n"
MAX_BUNDLE_BYTES = 64_000_000
_DIGEST = 32


class Bundle:
    """The pieces kept under one key, read from its file on first use."""

    def __init__(self, key: tuple[str, ...]) -> None:
        self.key = key
        self.path = blob_path(("bundle", *key))  # None with the cache off
        self._pieces: dict[str, bytes] | None = None
        self._new: dict[str, bytes] = {}

    def get(self, name: str) -> bytes | None:
        if name in self._new:
            return self._new[name]
        return self._kept().get(name)

    def put(self, name: str, data: bytes) -> None:
        if not self._new:
            _to_flush.append(self)
            if not _at_exit:
                _at_exit.append(True)
                atexit.register(flush_all)
        self._new[name] = data

    def _kept(self) -> dict[str, bytes]:
        if self._pieces is None:
            self._pieces = {} if self.path is None else _read(self.path)
        return self._pieces

    def flush(self) -> None:
        """Write what this run added, with what the file holds now."""
        new, self._new, path = self._new, {}, self.path
        if not new or path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # One writer at a time (the pool's workers end together): each merges what
            # the one before it wrote. A link in the folder's place is not locked through.
            with folder_locked(path.parent, follow=False):
                self._write(path, new)
        except OSError:
            return  # a read-only or full disk: made again next time

    def _write(self, path: Path, new: dict[str, bytes]) -> None:
        pieces = {**_read(path), **new}
        self._pieces = pieces
        names = sorted(pieces)
        head = json.dumps([[name, len(pieces[name])] for name in names], ensure_ascii=True)
        body = head.encode() + b"\n" + b"".join(pieces[name] for name in names)
        if len(body) > MAX_BUNDLE_BYTES:
            return  # a pack with far more pictures than any game: kept no further
        # Here, not above: the writer's imports (tempfile) cost a run that only reads.
        from generator.common.atomic_write import write_atomic

        data = MAGIC + hashlib.sha256(body).digest() + body
        write_atomic(path, data, private=True, durable=False)
        cache_trim.kept_something(path.parents[2])


def _read(path: Path) -> dict[str, bytes]:
    """The pieces of an intact bundle file; {} for anything else."""
    try:
        # A plain file of the blobs' folder only: never a pipe, a device or a link out.
        raw = read_regular_file(path, len(MAGIC) + _DIGEST + MAX_BUNDLE_BYTES, within=path.parent)
    except UnreadableFile:
        return {}
    if not raw.startswith(MAGIC):
        return {}
    digest, body = raw[len(MAGIC) : len(MAGIC) + _DIGEST], raw[len(MAGIC) + _DIGEST :]
    if hashlib.sha256(body).digest() != digest:
        return {}
    head, _, rest = body.partition(b"\n")
    try:
        listed = json.loads(head)
        pieces, offset = {}, 0
        for name, size in listed:
            if not isinstance(name, str) or type(size) is not int or size < 0:
                return {}
            pieces[name] = rest[offset : offset + size]
            offset += size
    except (ValueError, TypeError, RecursionError):
        return {}
    if offset != len(rest):
        return {}
    cache_trim.touch(path)
    return pieces


_BUNDLES: dict[tuple[str | None, tuple[str, ...]], Bundle] = {}
_to_flush: list[Bundle] = []  # the bundles with pieces added since their last flush
_at_exit: list[bool] = []  # [True] once flush_all is registered to run at exit


def bundle(key: tuple[str, ...]) -> Bundle:
    """This process's bundle for `key` (in the cache in use now: SHEETGEN_CACHE may change).
    Found by the cache's place, not by the bundle's file name: a post asks for its bundle
    once per picture, and naming the file takes a digest of the code's fingerprint."""
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
    """Read every bundle again from its file (what this process added is dropped)."""
    _BUNDLES.clear()
    _to_flush.clear()
