"""A parsed YAML file as the loader hands it on: its data and where every value came from
(file and line), to locate every problem. Separate from the parser (yamlio.py), which
imports PyYAML."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.common.errors import Problem, abridge

MAX_FILE_BYTES = 2_000_000
PathKey = tuple[str | int, ...]


@dataclass
class Document:
    """One parsed YAML file: its data and the line (1-based) of every path in it. A file
    merged from a base pack and an expansion (packmerge.py) also knows which file each
    path came from (`sources`); a plain file came from `file`."""

    file: str
    data: Any
    lines: dict[PathKey, int] = field(default_factory=dict)
    # The source text of every plain scalar YAML read as something other than a string
    # (`0042` -> 34, `yes` -> True, `12:30` -> 750): where the schema wants a string, the
    # text the author wrote is used instead (see validation.validate).
    raw: dict[PathKey, str] = field(default_factory=dict)
    sources: dict[PathKey, str] = field(default_factory=dict)
    # A merged entry's path in the merged data -> its path in its own file (cards[56] of
    # the merged deck is cards[0] of the expansion's cards.yaml).
    renames: dict[PathKey, PathKey] = field(default_factory=dict)

    def _deepest(self, table: dict[PathKey, Any], path: PathKey) -> Any:
        for end in range(len(path), -1, -1):
            found = table.get(tuple(path[:end]))
            if found is not None:
                return found
        return None

    def line_of(self, path: PathKey) -> int:
        """The line of the deepest known prefix of `path` (a missing key points at its parent)."""
        return self._deepest(self.lines, path) or 1

    def file_of(self, path: PathKey) -> str:
        return self._deepest(self.sources, path) or self.file

    def own_path(self, path: PathKey) -> PathKey:
        """`path` as it reads in the file it came from."""
        for end in range(len(path), 0, -1):
            renamed = self.renames.get(tuple(path[:end]))
            if renamed is not None:
                return (*renamed, *path[end:])
        return path

    def problem(self, path: PathKey, message: str) -> Problem:
        shown = format_path(self.own_path(path))
        return Problem(self.file_of(path), self.line_of(path), shown, message)


def format_path(path: PathKey) -> str:
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            name = abridge(str(part), 40)
            text += f".{name}" if text else name
    return text
