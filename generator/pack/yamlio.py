"""YAML in, plain data out, with the line of every value kept so errors can point at it.

Only safe-loader semantics: no Python tags. Sizes are bounded so a hostile or broken file
(an alias bomb, a huge paste, nesting a thousand deep) fails with a message instead of
eating the machine. Files are read through generator.common.safe_read: regular files only."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from generator.common.errors import Problem, abridge
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.pack.document import MAX_FILE_BYTES as MAX_FILE_BYTES
from generator.pack.document import Document as Document
from generator.pack.document import PathKey as PathKey
from generator.pack.document import format_path as format_path

MAX_NODES = 200_000
# Content is a few levels deep; PyYAML composes recursively, so a deep paste would otherwise
# end in a RecursionError.
MAX_DEPTH = 40
MAX_INT_DIGITS = 100  # decimal digits of the longest whole number a file may hold
MAX_INT_BITS = 333  # 10**100 needs 333 bits

# A lone UTF-16 half (U+D800-U+DFFF): no character, and no UTF-8 can hold it.
SURROGATE = re.compile("[\ud800-\udfff]")
SAFE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[PathKey, int] = {}
        self.raw: dict[PathKey, str] = {}
        self.problems: list[Problem] = []
        self.nodes = 0
        self.constructor = yaml.SafeLoader("")

    def scalar(self, node: yaml.Node, path: PathKey) -> Any:
        """A scalar's value; a date that is no date or a number too long is a located problem."""
        try:
            value = self.constructor.construct_object(node)
        except (ValueError, OverflowError) as exc:
            if node.tag.endswith(":timestamp"):
                # `2026-13-45` is no date: keep the text, so a field that wants text takes it
                # and a date field reports it with this line.
                return str(node.value)
            what = "number"
            reason = "too many digits" if "digits" in str(exc) else abridge(str(exc), 60)
            self.problems.append(
                Problem(
                    self.file,
                    node.start_mark.line + 1,
                    format_path(path),
                    f"{abridge(str(node.value), 40)!r} is not a valid {what} ({reason}); "
                    "quote it if it is text",
                )
            )
            return str(node.value)
        if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            # A 3,600-digit hex literal is read fine but can never be printed back (Python
            # limits int-to-text conversion); no field needs a number of that size.
            self.problems.append(
                Problem(
                    self.file,
                    node.start_mark.line + 1,
                    format_path(path),
                    f"{abridge(str(node.value), 40)!r} is not a valid number (more than "
                    f"{MAX_INT_DIGITS} digits); quote it if it is text",
                )
            )
            return str(node.value)
        if isinstance(value, str) and SURROGATE.search(value):
            # "\ud800" in double quotes: no character (PyYAML reads even a pair's halves so),
            # it cannot be written out as UTF-8.
            self.problems.append(
                Problem(
                    self.file,
                    node.start_mark.line + 1,
                    format_path(path),
                    "a \\uD800-\\uDFFF escape is no character (write the character itself, "
                    "or \\U and its eight hex digits)",
                )
            )
            return value.encode("utf-8", "replace").decode("utf-8")
        # null stays null: an empty or `~` value is a missing value, not the text "~".
        plain = isinstance(node, yaml.ScalarNode) and not node.style
        if plain and value is not None and not isinstance(value, str):
            self.raw[path] = str(node.value)
        return value

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBig
        if len(path) > MAX_DEPTH:
            # Also the end of a recursive alias (`&a [*a]`), which never bottoms out.
            raise _TooDeep(node.start_mark.line + 1)
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
                key = self.scalar(key_node, (*path, "[key]"))
                if isinstance(key, bool) or not isinstance(key, str | int):
                    # Only text and whole numbers make sense as keys; a date, a float or a
                    # truth value (`yes:`, `on:`, `true:`) is kept as the text written, so
                    # messages name the key as the author wrote it and lookups stay simple.
                    key = str(key_node.value)
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
        return self.scalar(node, path)


class _TooBig(Exception):
    pass


class _TooDeep(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with a bound on nesting while composing (which recurses)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 2:
                event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
                raise _TooDeep(event.start_mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _BadTag(Exception):
    def __init__(self, tag: str, line: int) -> None:
        super().__init__(tag)
        self.tag = tag
        self.line = line


def load_document(path: Path, shown_as: str) -> tuple[Document | None, list[Problem]]:
    """Parse one YAML file. Returns the document, or None with the problems that stopped it."""
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        return None, [Problem(shown_as, 0, "", str(exc))]
    return parse_bytes(raw, shown_as)


def parse_bytes(raw: bytes, shown_as: str) -> tuple[Document | None, list[Problem]]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return None, [Problem(shown_as, line, "", f"not UTF-8 text (byte {exc.start})")]
    return parse_text(text, shown_as)


# libyaml's parser gives the same nodes and line marks several times faster. It is used
# only for a file it reads without complaint and whose nesting, counted on its event stream
# (which does not recurse), is within MAX_DEPTH; anything else is read again by the bounded
# Python loader, whose checks and messages (and lines) are the ones users and tests know.
FAST_LOADER: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)


class _Slow(Exception):
    pass


def _fast_compose(text: str, loader: type[yaml.CSafeLoader]) -> yaml.Node | None:
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _Slow
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            depth -= 1
    return yaml.compose(text, Loader=loader)


def _compose(text: str) -> yaml.Node | None:
    if FAST_LOADER is not None:
        try:
            return _fast_compose(text, FAST_LOADER)
        except (yaml.YAMLError, _Slow):
            pass
    loader = _BoundedLoader(text)  # checks every character first (yaml.ReaderError)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def parse_text(text: str, shown_as: str) -> tuple[Document | None, list[Problem]]:
    builder = _Builder(shown_as)
    try:
        node = _compose(text)
        data = builder.build(node, ()) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        what = abridge(str(exc.problem or exc.context or "cannot parse"), 120)
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
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        return None, [
            Problem(
                shown_as,
                line,
                "",
                f"character #x{exc.character:04x} is not allowed in YAML (a control character)",
            )
        ]
    except yaml.YAMLError as exc:
        return None, [Problem(shown_as, 0, "", f"invalid YAML: {abridge(str(exc), 120)}")]
    except _TooBig:
        return None, [
            Problem(shown_as, 1, "", f"more than {MAX_NODES} YAML values (aliases count each use)")
        ]
    except _TooDeep as exc:
        return None, [
            Problem(
                shown_as,
                exc.line,
                "",
                f"nested more than {MAX_DEPTH} levels deep (or an alias that contains itself)",
            )
        ]
    except RecursionError:  # pragma: no cover - the depth bounds above come first
        return None, [Problem(shown_as, 1, "", "nested too deeply")]
    if builder.problems:
        return None, builder.problems
    return Document(shown_as, data, builder.lines, builder.raw), []
