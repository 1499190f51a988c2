"""Single pieces of data that depend on their inputs and this code alone (a pack's post
palette), kept in the host's cache beside the sheets (generator/folder/cache.py: where it
is, how it is switched off) and shared by every game. Pieces made many at a time are kept
together, one file for all (kept_bundle.py, named the same way): a pack's tile and card
pictures, the pictures a folder's console and catch-up pages embed.

A blob's file name is the digest of its key and of the code's fingerprint, so a code change
never serves a stale one; its first 32 bytes are the SHA-256 of the rest, checked on every
read. Blobs are written to a temporary file and renamed into place, so two runs at once both
succeed and a killed run leaves no half blob. Anything missing, damaged, too big or not a
plain file reads as absent: the caller makes the data again. Keeping never fails a run."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.common import cache_trim
from generator.common.atomic_write import write_atomic
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.cache import cache_root, code_fingerprint

BLOBS = "blobs"
MAX_BLOB_BYTES = 8_000_000
_DIGEST = 32


def blob_path(key: tuple[str, ...]) -> Path | None:
    """Where the blob of `key` is kept; None with the cache off."""
    root = cache_root()
    if root is None:
        return None
    if (root / BLOBS).is_symlink():
        return None  # the cache's folder replaced by a link: never written or read through
    name = hashlib.sha256("\0".join((code_fingerprint(), *key)).encode()).hexdigest()
    return root / BLOBS / name[:2] / name[2:40]


def read_kept(key: tuple[str, ...]) -> bytes | None:
    """The data kept for `key`, if an intact blob exists."""
    path = blob_path(key)
    if path is None:
        return None
    try:
        # A plain file of the blobs' folder only: never a pipe, a device or a link out.
        raw = read_regular_file(path, _DIGEST + MAX_BLOB_BYTES, within=path.parent)
    except UnreadableFile:
        return None
    digest, data = raw[:_DIGEST], raw[_DIGEST:]
    if hashlib.sha256(data).digest() != digest:
        return None
    cache_trim.touch(path)
    return data


def keep(key: tuple[str, ...], data: bytes) -> None:
    """Keeps `data` for `key` (nothing happens when the cache is off or cannot be written)."""
    path = blob_path(key)
    if path is None or len(data) > MAX_BLOB_BYTES:
        return
    try:
        blob = hashlib.sha256(data).digest() + data
        try:
            write_atomic(path, blob, private=True, durable=False)
        except FileNotFoundError:  # its folder's first blob (no mkdir asked for each one)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, blob, private=True, durable=False)
        cache_trim.kept_something(path.parents[2])
    except OSError:
        return  # a read-only or full disk: the run goes on without keeping it
