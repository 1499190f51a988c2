"""One process at a time in a folder: fcntl.flock on the folder itself. The kernel drops the
lock with the process however it ends (kill -9 included), so a killed run never blocks the
next one, and no lock file is left in a folder whose files are listed, sent or cached (nor
one a symlink could point elsewhere)."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable, Iterator
from pathlib import Path


@contextlib.contextmanager
def folder_locked(
    folder: Path, busy: Callable[[], None] | None = None, follow: bool = True
) -> Iterator[None]:
    """Hold the lock on `folder`. `busy` is called when another process holds it: it may
    raise to refuse, or say so, and then this waits. `follow=False`: a symlink in the
    folder's place is refused (OSError), never locked through. OSError when the folder
    cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(folder, flags)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if busy is not None:
                busy()
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
