"""The entry points of one group, as `importlib.metadata.entry_points(group=...)` finds them,
read straight from the installed distributions' `entry_points.txt`: importing
importlib.metadata (with email, zipfile, csv and the rest) cost a table command and
`sheetgen --help` a fifth of their time, to read two lines.

Found as importlib.metadata finds them: every folder of `sys.path` in order, each
distribution once (the first of its name), its `*.dist-info` or `*.egg-info` folder's
`entry_points.txt`, whose `[group]` section lists `name = module:attribute [extras]`.
`tests/test_entry_points.py` holds it to importlib.metadata's answer for every group."""

from __future__ import annotations

import functools
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

METADATA = (".dist-info", ".egg-info")
MAX_FILE_BYTES = 1_000_000


@dataclass(frozen=True)
class EntryPoint:
    name: str
    value: str
    group: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    @property
    def attr(self) -> str:
        return self.value.partition(":")[2].partition("[")[0].strip()

    def load(self) -> Any:
        import importlib

        found: Any = importlib.import_module(self.module)
        for part in filter(None, self.attr.split(".")):
            found = getattr(found, part)
        return found


def _normalized(name: str) -> str:
    """A distribution's name as importlib.metadata compares them (PEP 503, with `_`)."""
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def entry_points(group: str) -> tuple[EntryPoint, ...]:
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except (OSError, ValueError):
            continue  # not a folder (a zip file), or gone
        for name in names:
            if not name.endswith(METADATA):
                continue
            distribution = _normalized(name.rpartition(".")[0].partition("-")[0])
            if distribution in seen:
                continue
            seen.add(distribution)
            text = _read(os.path.join(folder, name, "entry_points.txt"))
            if text:
                found += [EntryPoint(n, v, group) for n, v in _section(text, group)]
    return tuple(found)


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines of `[group]` (configparser's reading of the file: comments
    and blank lines skipped, names and values stripped)."""
    lines: list[tuple[str, str]] = []
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            continue
        if current == group and "=" in line:
            name, _, value = line.partition("=")
            lines.append((name.strip(), value.strip()))
    return lines
