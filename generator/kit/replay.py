"""A command that writes part of a game folder (`turn N`) run again with the same inputs:
what it worked out the first time (the lines it reported, the plan and the files it wrote,
the text it printed) is kept in the host's cache (common/memo.py) and said and written
again, without loading the pack, planning the game or drawing its pictures. The folder is
still written as every run writes it (all or nothing, under its lock, refused when it holds
another game), so a file deleted or changed since is put back.

The key holds every input the result depends on besides the code: the pack copy's files,
the folder's plan.json as read, the arguments, the working folder (the paths said are
relative to it). A run is kept only when nothing else could change it: no warning given
(a warning is said by the run that finds it), no calendar or posting guide among its files
(they depend on the folder's calendar and corrections), no posting rhythm that moves posts
already due, and a pack read from its copy alone."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.memo import files_digest, keep, recall
from generator.common.output_file import OutputFile
from generator.render.calendar_name import CALENDAR_FILE
from generator.render.guide import GUIDE_FILE

KIND = "scope-files"
# Files that depend on more than the key says (the folder's calendar, its corrections).
NOT_KEPT = (CALENDAR_FILE, GUIDE_FILE)


@dataclass(frozen=True)
class Written:
    """What a run worked out: the lines it reported before writing, the plan and files it
    wrote, and the text it printed."""

    messages: list[str]
    plan: dict[str, Any]
    files: list[OutputFile]
    printed: str


def scope_key(
    scope: str,
    number: int,
    pack: str,
    seed: str,
    start: str | None,
    output: Path | None,
    folder_plan: dict[str, Any] | None,
    settings: dict[str, Any],
) -> list[str] | None:
    """The key of a run of `scope` `number` (None: such a run is not kept). `pack`: the pack
    reference, which must be a folder (the game folder's copy); `folder_plan`: plan.json as
    the run read it; `settings`: every other argument (paper, images, force, options)."""
    if output is None or folder_plan is None or not os.path.isdir(pack):
        return None
    digest = files_digest(Path(pack))
    if digest is None:
        return None
    return [
        scope,
        str(number),
        os.getcwd(),
        str(output),
        pack,
        str(Path(pack).resolve()),
        digest,
        seed,
        str(start),
        json.dumps(settings, sort_keys=True, default=str),
        json.dumps(folder_plan, ensure_ascii=False),
    ]


def recall_written(key: list[str] | None) -> Written | None:
    if key is None:
        return None
    kept = recall(KIND, key)
    if kept is None:
        return None
    meta, blobs = kept
    try:
        paths = meta["paths"]
        if len(paths) != len(blobs) or not all(isinstance(p, str) for p in paths):
            return None
        files = [OutputFile(path, data) for path, data in zip(paths, blobs, strict=True)]
        messages = [str(m) for m in meta["messages"]]
        plan, printed = meta["plan"], meta["printed"]
        if not isinstance(plan, dict) or not isinstance(printed, str):
            return None
        return Written(messages, plan, files, printed)
    except (KeyError, TypeError):
        return None


def keep_written(
    key: list[str] | None,
    written: Written,
    folder_plan: dict[str, Any],
    pack_roots: list[Path],
    pack: str,
) -> None:
    """Keep a run's result when nothing outside the key could change it (see the module's
    docstring); `pack_roots`: the folders the run read its pack from."""
    if key is None:
        return
    if any(f.path in NOT_KEPT for f in written.files):
        return
    if folder_plan.get("schedule") != written.plan.get("schedule"):
        return  # a new posting rhythm: whether posts already due moved depends on the hour
    copy = Path(pack).resolve()
    if not all(root == copy or copy in root.parents for root in pack_roots):
        return
    meta = {
        "messages": written.messages,
        "plan": written.plan,
        "printed": written.printed,
        "paths": [f.path for f in written.files],
    }
    keep(KIND, key, meta, [f.data for f in written.files])
