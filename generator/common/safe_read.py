"""Reading a file a user named or a pack holds, without trusting what it is.

A pack shared by a friend or a path typed by hand may be a FIFO (reading would wait
forever), a device (`/dev/zero` never ends), a directory named `*.yaml`, or a symlink out to
`/etc/passwd`. Only regular files are read, the size is checked on the open file before
reading, and the read itself is bounded, so no such file can hang or exhaust the machine."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class UnreadableFile(Exception):
    """Why a file was not read, in words for the user (the caller adds the file name)."""


def _within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def read_regular_file(path: Path, limit: int, within: Path | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    With `within`, a symlink is followed only if it stays inside that folder (a pack file
    may link to a sibling, never out of the pack)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise UnreadableFile("no such file") from None
    except OSError as exc:
        raise UnreadableFile(f"cannot read file ({exc.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        target = Path(os.path.realpath(path))
        if within is not None and not _within(target, Path(os.path.realpath(within))):
            raise UnreadableFile("is a symlink that leads out of the pack (not read)")
        if not target.exists():
            raise UnreadableFile("is a symlink to nothing (dangling)")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting.
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile("no such file") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise UnreadableFile("not a regular file (a FIFO or socket)") from None
        raise UnreadableFile(f"cannot read file ({exc.strerror})") from None
    try:
        opened = os.fstat(fd)
        if stat.S_ISDIR(opened.st_mode):
            raise UnreadableFile("is a folder, not a file")
        if not stat.S_ISREG(opened.st_mode):
            raise UnreadableFile("not a regular file (a FIFO, device or socket); not read")
        if within is not None and os.path.isdir("/proc/self/fd"):
            # The checks above looked at names; this looks at the file actually opened, so a
            # symlink swapped in between cannot lead out of the pack.
            # The kernel's own name for it, every link already resolved (one call, where
            # realpath would look at each folder of the name again).
            real = Path(os.readlink(f"/proc/self/fd/{fd}"))
            if not _within(real, Path(os.path.realpath(within))):
                raise UnreadableFile("is a symlink that leads out of the pack (not read)")
        if opened.st_size > limit:
            raise UnreadableFile(f"file is larger than {limit} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise UnreadableFile(f"file is larger than {limit} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile(f"cannot read file ({exc.strerror})") from None
    finally:
        os.close(fd)
