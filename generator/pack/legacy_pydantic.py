"""The content models not yet moved to msgspec (generator/pack/validation.py): their pydantic
base and the reading of pydantic's errors. Only during the move: a game whose models are
msgspec Structs never imports this module, nor pydantic; it goes with the last pydantic
model.

Pydantic reports a location like ('cards', 4, 'planets', 'days'), where 'planets' is the tag
of a discriminated union, not a key in the file. We walk the location through the data and
the model types together, so the message names the real field path and line, and an unknown
key lists the keys that are allowed there."""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from generator.common.errors import Problem, abridge
from generator.pack.document import Document, PathKey

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base for every pydantic content model: frozen, and unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


MAX_TEXT_ROUNDS = 5


def validate_pydantic(
    doc: Document, model: type[M], context: dict[str, Any] | None = None
) -> tuple[M | None, list[Problem]]:
    """validation.validate for a pydantic model: every problem pydantic finds, located."""
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
