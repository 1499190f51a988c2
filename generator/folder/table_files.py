"""Files a host's command writes into a table game's folder beside its table (the catch-up
page): never by rebuilding the folder as `sheetgen game` does, but each file atomically in
place, under the same locks as the table's commands, and listed in the folder's manifest
when it has one."""

from __future__ import annotations

import os
from pathlib import Path

from generator.common.atomic_write import write_atomic
from generator.common.errors import SheetgenError, display_path
from generator.common.output_file import OutputFile
from generator.folder.table_log import locked
from generator.folder.write import MANIFEST_FILE, folder_lock, record_files


def write_beside_table(folder: Path, files: list[OutputFile]) -> list[Path]:
    """Write `files` into the table's folder; the paths written."""
    from generator.common.warnings_count import stop_before_writing

    stop_before_writing()
    real = Path(os.path.realpath(folder))
    busy = f"a table command is running on {display_path(folder)}; try again"
    paths = []
    # The same order as a table command takes them (the folder's parent, then the folder),
    # so the manifest is never rewritten by two runs at once.
    with folder_lock(real), locked(folder, busy):
        for file in files:
            path = folder / file.path
            if path.is_symlink():
                raise SheetgenError(
                    f"{display_path(path)} is a symbolic link; refusing to write through it"
                )
            try:
                write_atomic(path, file.data)
            except OSError as exc:
                raise SheetgenError(
                    f"cannot write {display_path(path)}: {exc.strerror or exc}"
                ) from exc
            paths.append(path)
        manifest = folder / MANIFEST_FILE
        if manifest.is_file() and not manifest.is_symlink():
            record_files(folder, [str(f.path) for f in files])
    return paths
