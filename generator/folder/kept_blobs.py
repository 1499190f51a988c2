"""Single pieces of data that depend on a pack and this code alone (the picture of a tile or
a card in the posts), kept in the host's cache beside the sheets (generator/folder/cache.py:
where it is, how it is switched off) and shared by every game of the pack.

A blob's file name is the digest of its key and of the code's fingerprint, so a code change
never serves a stale one; its first 32 bytes are the SHA-256 of the rest, checked on every
read. Blobs are written to a temporary file and renamed into place, so two runs at once both
succeed and a killed run leaves no half blob. Anything missing, damaged, too big or not a
plain file reads as absent: the caller makes the data again. Keeping never fails a run."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

from generator.folder.cache import cache_root, code_fingerprint

BLOBS = "blobs"
MAX_BLOB_BYTES = 8_000_000
_DIGEST = 32


def _path(key: tuple[str, ...]) -> Path | None:
    root = cache_root()
    if root is None:
        return None
    name = hashlib.sha256("\0".join((code_fingerprint(), *key)).encode()).hexdigest()
    return root / BLOBS / name[:2] / name[2:40]


def read_kept(key: tuple[str, ...]) -> bytes | None:
    """The data kept for `key`, if an intact blob exists."""
    path = _path(key)
    if path is None:
        return None
    try:
        # Not following a link, and not waiting on a pipe put where a blob should be.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as stream:
            raw = stream.read(_DIGEST + MAX_BLOB_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    digest, data = raw[:_DIGEST], raw[_DIGEST:]
    if len(data) > MAX_BLOB_BYTES or hashlib.sha256(data).digest() != digest:
        return None
    return data


def keep(key: tuple[str, ...], data: bytes) -> None:
    """Keeps `data` for `key` (nothing happens when the cache is off or cannot be written)."""
    path = _path(key)
    if path is None or len(data) > MAX_BLOB_BYTES:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, staging = tempfile.mkstemp(prefix=".blob-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as stream:
                stream.write(hashlib.sha256(data).digest() + data)
            os.replace(staging, path)
        except BaseException:
            Path(staging).unlink(missing_ok=True)
            raise
    except OSError:
        return  # a read-only or full disk: the run goes on without keeping it
