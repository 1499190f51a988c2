"""YAML in, plain data out, with the line of every value kept so errors can point at it.

Only safe-loader semantics: no Python tags. Sizes are bounded so a hostile or broken file
(an alias bomb, a huge paste) fails with a message instead of eating the machine."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import Problem

MAX_FILE_BYTES = 2_000_000
MAX_NODES = 200_000

PathKey = tuple[str | int, ...]
SAFE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)


@dataclass
class Document:
    """One parsed YAML file: its data and the line (1-based) of every path in it. A file
    merged from a base pack and an expansion (packmerge.py) also knows which file each
    path came from (`sources`); a plain file came from `file`."""

    file: str
    data: Any
    lines: dict[PathKey, int] = field(default_factory=dict)
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
            text += f".{part}" if text else str(part)
    return text


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[PathKey, int] = {}
        self.problems: list[Problem] = []
        self.nodes = 0
        self.constructor = yaml.SafeLoader("")

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBig
        self.lines[path] = node.start_mark.line + 1
        if node.tag not in SAFE_TAGS:
            # Safe YAML only: a Python or custom tag is refused, not silently ignored.
            raise _BadTag(node.tag, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problems.append(
                        Problem(self.file, key_node.start_mark.line + 1, "", "keys must be plain")
                    )
                    continue
                key = self.constructor.construct_object(key_node)
                if key == "<<":
                    self.problems.append(
                        Problem(
                            self.file,
                            key_node.start_mark.line + 1,
                            "",
                            "merge keys (<<) are not supported; write the fields out",
                        )
                    )
                    continue
                if key in result:
                    self.problems.append(
                        Problem(
                            self.file,
                            key_node.start_mark.line + 1,
                            format_path((*path, key)),
                            "duplicate key (each key may appear once)",
                        )
                    )
                result[key] = self.build(value_node, (*path, key))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.constructor.construct_object(node)


class _TooBig(Exception):
    pass


class _BadTag(Exception):
    def __init__(self, tag: str, line: int) -> None:
        super().__init__(tag)
        self.tag = tag
        self.line = line


def load_document(path: Path, shown_as: str) -> tuple[Document | None, list[Problem]]:
    """Parse one YAML file. Returns the document, or None with the problems that stopped it."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Problem(shown_as, 0, "", f"cannot read file ({exc.strerror})")]
    if len(raw) > MAX_FILE_BYTES:
        return None, [Problem(shown_as, 0, "", f"file is larger than {MAX_FILE_BYTES} bytes")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [Problem(shown_as, 0, "", f"not UTF-8 text (byte {exc.start})")]
    return parse_text(text, shown_as)


# libyaml's parser gives the same nodes and line marks several times faster; its error
# messages are worded differently, so a file it rejects is parsed again by the Python
# parser, whose messages (and lines) are the ones users and tests know.
FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def _compose(text: str) -> yaml.Node | None:
    if FAST_LOADER is not None:
        try:
            return yaml.compose(text, Loader=FAST_LOADER)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def parse_text(text: str, shown_as: str) -> tuple[Document | None, list[Problem]]:
    builder = _Builder(shown_as)
    try:
        node = _compose(text)
        data = builder.build(node, ()) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        what = str(exc.problem or exc.context or "cannot parse")
        if exc.context and exc.context_mark and exc.context_mark.line + 1 != line:
            what += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        return None, [Problem(shown_as, line, "", f"invalid YAML: {what}")]
    except _BadTag as exc:
        return None, [
            Problem(
                shown_as,
                exc.line,
                "",
                f"tag {exc.tag!r} is not allowed (expected plain YAML: no Python or custom tags)",
            )
        ]
    except yaml.YAMLError as exc:
        return None, [Problem(shown_as, 0, "", f"invalid YAML: {exc}")]
    except _TooBig:
        return None, [Problem(shown_as, 0, "", f"more than {MAX_NODES} YAML values")]
    if builder.problems:
        return None, builder.problems
    return Document(shown_as, data, builder.lines), []
