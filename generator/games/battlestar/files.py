"""Writing one of a Battlestar game's files (a post, a private message, the pack copy)."""

from __future__ import annotations

from pathlib import Path

from generator.common.atomic_write import write_atomic as replace_file
from generator.common.errors import SheetgenError, display_path


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file by temp file and rename: readers see the old or the new file, whole."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SheetgenError(f"cannot create {display_path(path.parent)}: {exc.strerror}") from exc
    if path.is_symlink():
        raise SheetgenError(
            f"{display_path(path)} is a symbolic link; refusing to write through it"
        )
    try:
        replace_file(path, data)
    except OSError as exc:
        # A full disk or a read-only folder: the user's machine, not a bug.
        raise SheetgenError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
