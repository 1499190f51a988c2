"""Adding one line to a record file, so that a killed run leaves the line whole or cut
short at the end, never inside another line: the readers pass a cut-short line by."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def append_line(path: Path, data: bytes) -> None:
    """One write(2) with O_APPEND; never through a symbolic link. A line an earlier run left
    cut short gets its newline first, so this one starts a line of its own."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(path, flags, 0o666)  # the umask decides, as for every file of the folder
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        os.write(fd, data)
    finally:
        os.close(fd)
