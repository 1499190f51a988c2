"""Validation of a YAML document against a content model, every error a file:line problem.

The API a content model is written against (msgspec, https://jcristharif.com/msgspec/):

- `Strict` is the base of every model: a `msgspec.Struct`, frozen, refusing unknown keys,
  its fields given by keyword. Each model says `frozen=True, kw_only=True` on its class
  line again (`class Good(Strict, frozen=True, kw_only=True)`): msgspec applies `kw_only`
  only to the fields a class defines itself (so a required field may follow one with a
  default), and a type checker knows a subclass is frozen only so (PEP 681).
- A tagged union: the base names the key (`class CardBase(Strict, tag_field="kind", ...)`),
  each member its value (`class PlanetsCard(CardBase, tag="planets", frozen=True,
  kw_only=True)`); a union of the members is chosen by that key, and a wrong or missing
  one is reported there with the values allowed. The tag is no attribute: a base that
  wants one reads it as a property (`type(self).__struct_config__.tag`).
- A field's limits: `Annotated[int, msgspec.Meta(ge=0, le=99)]`, `Meta(pattern=...,
  max_length=...)` on text, `Meta(min_length=1)` on a list or a map. A pattern ends with
  `\\Z`, not `$`: msgspec searches with Python's `re`, whose `$` also matches before a
  final newline (an id `abc` + newline, from a `|` block); a message shows it as `$`.
- A key written otherwise than its attribute (`from`): `msgspec.field(name="from")`.
- A model's own checks: `def __post_init__(self) -> None:` raising `ValueError(message)`;
  the message is reported at that object's path and line. A check of one field raises
  `FieldError(key, message)` instead: reported at that field's path and line.
- A game's registries (which kinds its files may name): `validation_context()` inside
  `__post_init__` returns the mapping given to `validate(doc, model, context)` for that
  call (an empty one when a model is built in code, so a check must allow for that). A
  game file's options are checked with `{"content": the game's content}`.
- `field_keys(model)`: the keys a model takes, as written in a file.

Text stays text: where the schema wants text and YAML read a plain scalar as something else
(`0042` as 34, `yes` as True, `12:30` as 750), the text the author wrote is used (the
document's `raw`), so a seed or an id is what was typed, never a number YAML made of it.
Otherwise values are read as pydantic's lax mode read them: `"3"` or `3.0` for a whole
number, a date written as a YAML date or as ISO text.

msgspec stops at the first error of a value. So that an author sees every broken entry at
once, each list or map on the path of an error is checked entry by entry: three broken
cards give three problems, two broken meteors of one card two; and every unknown key of an
object is named. What is lost beside pydantic: several other errors in one object (a card
with a wrong level and a missing id), or one outside any list or map, are reported one at a
time, the next once the first is fixed."""

from __future__ import annotations

import datetime as dt
import re
import string
import types
import typing
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar, cast

import msgspec

from generator.common.errors import ContentError, Problem, SheetgenError, abridge, display_path
from generator.pack.document import Document, PathKey

M = TypeVar("M")


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base for every content model: frozen, and unknown keys are errors."""


_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})
_CONTEXT: ContextVar[Mapping[str, Any]] = ContextVar("validation_context", default=_NO_CONTEXT)


class FieldError(ValueError):
    """A model's own check (`__post_init__`) that faults one of its fields, `key` as the
    file writes it: the problem names that field and its line, as a field's limit does."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def validation_context() -> Mapping[str, Any]:
    """The registries the current `validate` call was given (empty outside one)."""
    return _CONTEXT.get()


def load_validated(path: Path, model: type[M], what: str = "game file") -> tuple[Document, M]:
    """A hand-written file (a game file, say) read and validated as `model`, or every problem
    in it as one ContentError; a missing path or a folder is a one-line error."""
    from generator.pack.yamlio import load_document

    shown = display_path(path)
    if not path.exists() and not path.is_symlink():
        raise SheetgenError(f"{shown}: no such {what}")
    if path.is_dir():
        raise SheetgenError(f"{shown}: is a folder, not a {what}")
    doc, problems = load_document(path, shown)
    if doc is None:
        raise ContentError(problems)
    spec, problems = validate(doc, model)
    if spec is None:
        raise ContentError(problems)
    return doc, spec


def validate(
    doc: Document, model: type[M], context: Mapping[str, Any] | None = None
) -> tuple[M | None, list[Problem]]:
    """The document as a model, or its problems (see the module's docstring). `context`
    reaches the model's checks through `validation_context()`."""
    token = _CONTEXT.set(MappingProxyType(dict(context)) if context else _NO_CONTEXT)
    try:
        checked = _Check(doc).run(doc.data, model, ())
    finally:
        _CONTEXT.reset(token)
    if checked.errors:
        return None, [doc.problem(path, message) for path, message in checked.errors]
    return checked.value, []


def field_keys(model: type[Any]) -> tuple[str, ...]:
    """The keys a model takes, as written in a file, in the model's order."""
    return tuple(f.encode_name for f in msgspec.structs.fields(model))


# --- msgspec's error messages ---------------------------------------------------------------

# A dict value's place in msgspec's path (`$.goods[...].value`): the key is not named.
ANY_VALUE = "[...]"
# A dict key's error (`... - at `key` in `$.cells``): the path ends at the dict.
KEY = "[key]"
_LOCATED = re.compile(r"^(?P<message>.*) - at (?P<key>`key` in )?`\$(?P<path>[^`]*)`$", re.S)
_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]|(\[\.\.\.\])")


def error_location(text: str) -> tuple[str, tuple[str | int, ...]]:
    """msgspec's error (`Expected `int`, got `str` - at `$.cards[4].days``) as its message
    and its path (`('cards', 4, 'days')`); a dict value's place is ANY_VALUE, a path that
    ends with KEY names a dict whose key is wrong. An error of the whole value has no
    location: the path is empty."""
    found = _LOCATED.match(text)
    if found is None:
        return text, ()
    parts: list[str | int] = []
    for name, index, any_value in _PART.findall(found["path"]):
        parts.append(name or (int(index) if index else any_value))
    if found["key"]:
        parts.append(KEY)
    return found["message"], tuple(parts)


class _Checked(typing.NamedTuple):
    value: Any  # the model, or None with errors
    data: Any  # the data as validated: text put back where the schema wants text
    errors: list[tuple[PathKey, str]]


class _Check:
    """One document's validation: the whole first, then entry by entry where it fails."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def run(self, data: Any, tp: Any, prefix: PathKey) -> _Checked:
        message, path = "", cast(PathKey, ())
        for _ in range(len(self.doc.raw) + 1):
            try:
                return _Checked(msgspec.convert(data, tp, strict=False), data, [])
            except msgspec.ValidationError as exc:
                message, path = error_location(str(exc))
                if isinstance(exc.__cause__, FieldError):  # msgspec chains the check's error
                    path = (*path, exc.__cause__.key)
            text = self._text_for(message, prefix, path, data)
            if text is None:
                break
            data = _replaced(data, path, text)
        return self._entries(data, tp, prefix, message, path)

    def _text_for(self, message: str, prefix: PathKey, path: PathKey, data: Any) -> str | None:
        """The author's text, where the error is text wanted and YAML made it a value."""
        if not _WANTS_TEXT.match(message) or ANY_VALUE in path or KEY in path:
            return None
        if _get(data, path) is None:
            return None
        return self.doc.raw.get((*prefix, *path))

    def _entries(
        self, data: Any, tp: Any, prefix: PathKey, message: str, path: PathKey
    ) -> _Checked:
        """Each entry of the first list or map on the error's path checked alone, so every
        broken entry is reported; else the error as it is."""
        at = next(
            (i for i, p in enumerate(path) if isinstance(p, int) or p in (ANY_VALUE, KEY)), None
        )
        if at is not None:
            here = path[:at]
            container = _get(data, here)
            shape = _container_type(_type_at(tp, here, data))
            if shape is not None and isinstance(container, list | dict):
                checked = self._each(container, shape, (*prefix, *here))
                if checked.errors:
                    return _Checked(None, data, checked.errors)
                if checked.data is not container:  # text put back inside: the whole again
                    return self.run(_replaced(data, here, checked.data), tp, prefix)
        return _Checked(None, data, _problems(message, (*prefix, *path), path, tp, data, prefix))

    def _each(self, container: Any, shape: tuple[Any, Any], prefix: PathKey) -> _Checked:
        key_tp, value_tp = shape
        errors: list[tuple[PathKey, str]] = []
        fixed = list(container) if isinstance(container, list) else dict(container)
        changed = False
        items = enumerate(container) if isinstance(container, list) else container.items()
        for key, value in items:
            if key_tp is not None:
                try:
                    msgspec.convert(key, key_tp, strict=False)
                except msgspec.ValidationError as exc:
                    said = _key_words(error_location(str(exc))[0], key, key_tp)
                    errors.append(((*prefix, key), "key: " + said))
                    continue
            checked = self.run(value, value_tp, (*prefix, key))
            errors += checked.errors
            if checked.data is not value:
                fixed[key] = checked.data
                changed = True
        return _Checked(None, fixed if changed else container, errors)


_WANTS_TEXT = re.compile(r"Expected `[^`]*\bstr\b[^`]*`, got `")
_UNKNOWN = re.compile(r"Object contains unknown field `(.*)`$", re.S)
_MISSING = re.compile(r"Object missing required field `(.*)`$", re.S)
_BAD_LITERAL = re.compile(r"Invalid enum value ")
_BAD_TAG = re.compile(r"Invalid value ")
_BOUND = re.compile(r"Expected `(?:int|float)` (>=|>|<=|<) (\S+)$")
_PATTERN = re.compile(r"Expected `str` matching regex (.*)$", re.S)
_LENGTH = re.compile(r"Expected `(str|array|object)` of length (>=|<=) (\d+)$")
_TYPE = re.compile(r"Expected `([^`]*)`(?:, got `[^`]*`)?$")
_BAD_DATE = re.compile(r"Invalid RFC3339 encoded (date|time|datetime)$")
_BOUND_WORDS = {
    ">=": "greater than or equal to",
    ">": "greater than",
    "<=": "less than or equal to",
    "<": "less than",
}
_TYPE_WORDS = {
    "str": "text",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "null": "nothing",
    "array": "a list",
    "object": "a mapping",
    "date": "a date (YYYY-MM-DD)",
    "time": "a time (HH:MM)",
    "datetime": "a date and time",
}


def _problems(
    message: str, where: PathKey, path: PathKey, tp: Any, data: Any, prefix: PathKey
) -> list[tuple[PathKey, str]]:
    """The problems of msgspec's first error. msgspec names the first unknown key of an
    object; every unknown key of it is reported, as a misspelt key is the commonest slip
    and an author fixing them one run at a time would not be served."""
    said = _said(message, where, path, tp, data, prefix)
    given = _get(data, path)
    if not _UNKNOWN.match(message) or not isinstance(given, dict):
        return [said]
    allowed = set(_keys_of(_type_at(tp, path, data), given))
    text = said[1]
    return [((*where, key), text) for key in given if key not in allowed]


def _said(
    message: str, where: PathKey, path: PathKey, tp: Any, data: Any, prefix: PathKey
) -> tuple[PathKey, str]:
    """msgspec's message as the author reads it, and where (the file's path)."""
    if path and path[-1] == KEY:
        # msgspec names no key of an object (`Expected `str` - at `key` in `$``): the first
        # that is no text is the one, at its own line.
        keys = _get(data, path[:-1])
        bad = (
            next((k for k in keys if not isinstance(k, str)), None)
            if isinstance(keys, dict)
            else None
        )
        if bad is not None:
            return (*where[:-1], bad), "a key: " + _words(message, bad)
        return (*where[:-1],), "a key: " + _words(message, None)
    if found := _UNKNOWN.match(message):
        allowed = ", ".join(_keys_of(_type_at(tp, path, data), _get(data, path)))
        return (*where, found[1]), f"unknown key (allowed keys: {allowed})"
    if found := _MISSING.match(message):
        return (*where, found[1]), "required field is missing"
    given = _get(data, path)
    if _BAD_LITERAL.match(message) and (values := _literals(_type_at(tp, path, data))):
        return where, f"got {_shown(given)} (expected one of {_one_of(values)})"
    if _BAD_TAG.match(message) and path:
        union = _type_at(tp, path[:-1], data)
        tags = ", ".join(repr(t) for t in _tags(union))
        return where, f"got {_shown(given)} (expected one of {tags})"
    return where, _words(message, given)


def _key_words(message: str, key: Any, key_tp: Any) -> str:
    """A map's key refused: the keys allowed where the key type names them."""
    if _BAD_LITERAL.match(message) and (values := _literals(key_tp)):
        return f"got {_shown(key)} (expected one of {_one_of(values)})"
    return _words(message, key)


def _words(message: str, given: Any) -> str:
    """A type or limit error in words (pydantic's, that authors know), with the value."""
    got = "" if isinstance(given, dict | list) else f" (got {_shown(given)})"
    if found := _BOUND.match(message):
        return f"input should be {_BOUND_WORDS[found[1]]} {found[2]}{got}"
    if found := _PATTERN.match(message):
        pattern = found[1].replace("\\\\Z", "$")  # as written in a message: '...\\Z'
        return f"string should match pattern {pattern}{got}"
    if found := _LENGTH.match(message):
        what, most, count = found[1], found[2] == "<=", int(found[3])
        bound = "at most" if most else "at least"
        if what == "str":
            unit = "character" if count == 1 else "characters"
            return f"string should have {bound} {count} {unit}{got}"
        unit = "item" if count == 1 else "items"
        noun = "list" if what == "array" else "mapping"
        size = f", not {len(given)}" if isinstance(given, dict | list) else ""
        return f"{noun} should have {bound} {count} {unit}{size}"
    if found := _BAD_DATE.match(message):  # text of the right shape, but no such day or time
        return f"expected {_TYPE_WORDS[found[1]]}{got}"
    if found := _TYPE.match(message):
        wanted = " or ".join(_TYPE_WORDS.get(t, t) for t in found[1].split(" | "))
        if isinstance(given, dict | list):  # what was given, in words: no repr of all of it
            got = f" (got {'a mapping' if isinstance(given, dict) else 'a list'})"
        return f"expected {wanted}{got}"
    return f"{message}{got}" if message.startswith(("Expected", "Invalid")) else message


# --- the model's types along a path ---------------------------------------------------------


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, msgspec.Struct)


def _unwrap(tp: Any) -> Any:
    """The type without its limits (Annotated) and without `| None`."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _members(tp: Any) -> list[Any]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(tp) if a is not type(None)]
    return []


def _tags(union: Any) -> list[Any]:
    return [m.__struct_config__.tag for m in _members(_unwrap(union)) if _is_struct(m)]


def _literals(tp: Any) -> tuple[Any, ...]:
    """The values a Literal allows, or those of every Literal of a union (`Literal["A",
    "base"] | list[...]`); empty for other types."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) is typing.Literal:
        return typing.get_args(tp)
    return tuple(
        v for m in _members(tp) if typing.get_origin(m) is typing.Literal for v in _literals(m)
    )


def _chosen(tp: Any, data: Any) -> Any:
    """A union's member that `data` names by its tag (the first member else); of a union
    without tagged members (`str | list[str]`), the list or map member when data is one."""
    tp = _unwrap(tp)
    members = [m for m in _members(tp) if _is_struct(m)]
    if not members:
        shaped = [
            m
            for m in _members(tp)
            if (shape := _container_type(m)) is not None
            and (shape[0] is None) == isinstance(data, list)
            and isinstance(data, list | dict)
        ]
        return shaped[0] if len(shaped) == 1 else tp
    for member in members:
        config = member.__struct_config__
        if isinstance(data, dict) and data.get(config.tag_field) == config.tag:
            return member
    return members[0]


def _type_at(tp: Any, path: PathKey, data: Any) -> Any:
    """The model's type at `path` of `data` (None where the model has none)."""
    for part in path:
        tp = _chosen(tp, data)
        shape = _container_type(tp)
        if _is_struct(tp):
            found = next((f for f in msgspec.structs.fields(tp) if f.encode_name == part), None)
            tp = found.type if found else None
        elif shape is not None and part != KEY:
            tp = shape[1]
        else:
            return None
        data = _get(data, (part,)) if part != ANY_VALUE else None
    return tp


def _container_type(tp: Any) -> tuple[Any, Any] | None:
    """(key type, entry type) of a map, (None, item type) of a list; None for others."""
    tp = _unwrap(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (list, tuple, set, frozenset) or tp in (list, tuple):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return None  # a fixed-length tuple: its places have types of their own
        return None, (args[0] if args else Any)
    if origin is dict:
        return (args[0], args[1]) if len(args) == 2 else (Any, Any)
    return None


def _keys_of(tp: Any, data: Any) -> Iterator[str]:
    tp = _chosen(tp, data)
    if _is_struct(tp):
        if tp.__struct_config__.tag_field:
            yield tp.__struct_config__.tag_field
        yield from (f.encode_name for f in msgspec.structs.fields(tp))


def _one_of(values: tuple[Any, ...]) -> str:
    shown = [repr(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _shown(value: Any) -> str:
    if value is None:  # YAML's empty value or `~`, not Python's None
        return "nothing"
    if isinstance(value, dt.date | dt.time):  # a YAML timestamp, as written, not Python's repr
        return repr(value.isoformat())
    return abridge(repr(value), 60)


def _get(data: Any, path: PathKey) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _replaced(data: Any, path: PathKey, value: Any) -> Any:
    """A copy of data with the value at path replaced (copies only along the path)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        copy = dict(data)
        copy[head] = _replaced(data[head], rest, value)
        return copy
    if isinstance(data, list) and isinstance(head, int):
        items = list(data)
        items[head] = _replaced(data[head], rest, value)
        return items
    return data


def template_problem(doc: Document, path: PathKey, text: str, allowed: set[str]) -> Problem | None:
    """A post text's {placeholders} must be ones the game fills: a typo is a content error,
    not a crash on day 17. Only the plain `{name}` form is allowed: a format spec
    (`{game_id:>300000000}`), a conversion (`{game_id!r}`), a number (`{0}`) or an
    attribute or index (`{game_id.x}`, `{game_id[0]}`) could crash or exhaust memory when
    the post is written."""
    try:
        fields = [
            (f, spec, conv) for _, f, spec, conv in string.Formatter().parse(text) if f is not None
        ]
    except ValueError as exc:
        return doc.problem(path, f"bad placeholder: {exc} (write {{{{ and }}}} for braces)")
    for name, spec, conversion in fields:
        if not name.isidentifier() or spec or conversion:
            written = "{" + name + (f"!{conversion}" if conversion else "")
            written += (f":{spec}" if spec else "") + "}"
            return doc.problem(
                path,
                f"placeholder {abridge(written, 40)} is not allowed (expected a plain {{name}}; "
                "write {{ and }} for braces)",
            )
    names = {f for f, _, _ in fields}
    unknown = sorted(n for n in names if n not in allowed)
    if unknown:
        return doc.problem(
            path,
            f"unknown placeholder {{{unknown[0]}}} (allowed: "
            f"{', '.join('{' + a + '}' for a in sorted(allowed)) or 'none'})",
        )
    return None
