"""Pydantic validation of a YAML document, with every error turned into a file:line problem.

Pydantic reports a location like ('cards', 4, 'planets', 'days'), where 'planets' is the tag
of a discriminated union, not a key in the file. We walk the location through the data and
the model types together, so the message names the real field path and line, and an unknown
key lists the keys that are allowed there."""

from __future__ import annotations

import string
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from generator.common.errors import ContentError, Problem, SheetgenError, abridge, display_path
from generator.pack.document import Document, PathKey

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base for every content model: frozen, and unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


MAX_TEXT_ROUNDS = 5


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
    doc: Document, model: type[M], context: dict[str, Any] | None = None
) -> tuple[M | None, list[Problem]]:
    """The document as a model, or every problem in it. `context` reaches the model's
    validators (a game's own registries: which kinds its files may name).

    Where the schema wants text and YAML read a plain scalar as something else (`0042` as 34,
    `yes` as True, `12:30` as 750), the text the author wrote is used: a seed or an id is
    what was typed, never a number YAML made of it. pydantic validates; its messages and
    locations make the problems."""
    data = doc.data
    for _ in range(MAX_TEXT_ROUNDS):
        try:
            return model.model_validate(data, context=context), []
        except ValidationError as exc:
            errors = exc.errors()
        replaced = False
        for err in errors:
            if err["type"] != "string_type":
                continue
            path, _ = _walk(model, tuple(err["loc"]), data)
            text = doc.raw.get(path)
            if text is not None and _get(data, path) is not None:
                data = _replaced(data, path, text)
                replaced = True
        if not replaced:
            break
    return None, [_problem(doc, model, err) for err in errors]


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


def _shown(value: Any) -> str:
    return abridge(repr(value), 60)


def _unwrap(tp: Any) -> Any:
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


def _union_members(tp: Any) -> list[Any]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(tp) if a is not type(None)]
    return []


def _tag_of(member: Any) -> set[str]:
    """The string literals a union member is tagged with (its discriminator's values)."""
    tags: set[str] = set()
    if isinstance(member, type) and issubclass(member, BaseModel):
        for info in member.model_fields.values():
            values = typing.get_args(info.annotation)
            if typing.get_origin(info.annotation) is typing.Literal and all(
                isinstance(v, str) for v in values
            ):
                tags |= set(values)
    return tags


def _walk(model: type[BaseModel], loc: tuple[Any, ...], data: Any) -> tuple[PathKey, Any]:
    """Follow a pydantic location. Returns the path in the file and the type reached."""
    path: list[str | int] = []
    tp: Any = model
    for part in loc:
        tp = _unwrap(tp)
        members = _union_members(tp)
        if members:
            chosen = next(
                (m for m in members if isinstance(part, str) and part in _tag_of(m)), None
            )
            if chosen is not None:  # a union tag: no key in the file
                tp = chosen
                continue
            tp = members[0]
        origin = typing.get_origin(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            info = tp.model_fields.get(str(part))
            if info is None:  # an alias or an unknown key
                info = next((f for f in tp.model_fields.values() if f.alias == part), None)
            tp = info.annotation if info else None
        elif origin in (list, tuple, typing.Sequence) or tp in (list, tuple):
            args = typing.get_args(tp)
            tp = args[0] if args else None
        elif origin is dict:
            args = typing.get_args(tp)
            tp = args[1] if len(args) == 2 else None
            if part == "[key]":
                continue
        else:
            tp = None
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            data = None
        path.append(part)
    return tuple(path), tp


def _allowed_keys(model: type[BaseModel], loc: tuple[Any, ...], data: Any) -> list[str]:
    _, tp = _walk(model, loc[:-1], data)
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [f.alias or name for name, f in tp.model_fields.items()]
    return []


def _problem(doc: Document, model: type[BaseModel], err: Any) -> Problem:
    loc = tuple(err["loc"])
    path, _ = _walk(model, loc, doc.data)
    kind = err["type"]
    ctx = err.get("ctx") or {}
    given = err.get("input")
    if kind == "extra_forbidden":
        allowed = ", ".join(_allowed_keys(model, loc, doc.data))
        message = f"unknown key (allowed keys: {allowed})"
    elif kind == "missing":
        message = "required field is missing"
    elif kind == "literal_error":
        message = f"got {_shown(given)} (expected one of {ctx.get('expected', '?')})"
    elif kind == "union_tag_invalid":
        message = f"got {_shown(ctx.get('tag'))} (expected one of {ctx.get('expected_tags', '?')})"
        path = (*path, ctx.get("discriminator", "").strip("'"))
    elif kind == "union_tag_not_found":
        disc = ctx.get("discriminator", "").strip("'")
        path = (*path, disc)
        message = "required field is missing"
    else:
        text = err["msg"]
        text = text[0].lower() + text[1:] if text else text
        message = f"{text} (got {_shown(given)})" if not isinstance(given, dict | list) else text
        message = message.replace("value error, ", "")
    return doc.problem(path, message)


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
