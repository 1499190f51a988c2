"""Replacing one file so that a crash leaves the old one or the new one, never a mix."""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from pathlib import Path


@functools.cache
def _umask() -> int:
    # Read once: os.umask can only be read by setting it, and is put back at once.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> None:
    """Temp file in the same folder, fsync, rename (over a symlink, never through it).

    The file gets the mode any new file of the user gets (0644 under the usual umask), as
    the rest of a game folder does: a host uploads a catch-up page or a post from it as it
    is (mkstemp alone would leave it 0600)."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
