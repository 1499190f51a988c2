"""Validated content models as JSON data and back, to keep a validated pack in the host's
cache (pack/kept_content.py) and read it again without parsing or validating it.

Every value is tagged with what it was, so it reads back as exactly that: a model by its
class ("module:qualname"), a tuple, a dict (its keys keep their types: a board's rows are
numbers), a date. Only these and JSON's own values are kept; anything else (`Unkept`)
leaves the pack to be validated every time. Reading back makes instances of content models
(`Strict`) only, of a module already imported, each with exactly its class's fields: kept
data never names any other class, and never imports a module."""

from __future__ import annotations

import datetime as dt
import sys
from typing import Any

from pydantic import BaseModel

from generator.pack.validation import Strict


class Unkept(Exception):
    """A value this module does not keep, or kept data that does not read back."""


def record_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _content_model(name: str) -> type[Strict] | None:
    """The content model `name` ("module:qualname") names, if its module is loaded."""
    module_name, _, qualname = name.partition(":")
    found: Any = sys.modules.get(module_name)
    for part in qualname.split(".") if found is not None else ():
        found = vars(found).get(part)
    if isinstance(found, type) and issubclass(found, Strict) and record_name(found) == name:
        return found
    return None


def encoded(value: Any) -> Any:
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return value
    if isinstance(value, BaseModel):
        fields = {name: encoded(getattr(value, name)) for name in kind.model_fields}
        return {"§": record_name(kind), "f": fields}
    if kind is list:
        return [encoded(v) for v in value]
    if kind is tuple:
        return {"§t": [encoded(v) for v in value]}
    if kind is dict:
        return {"§d": [[encoded(k), encoded(v)] for k, v in value.items()]}
    if kind is dt.date:
        return {"§date": value.isoformat()}
    raise Unkept(f"a {kind.__name__} is not kept")


def decoded(data: Any, root: type[BaseModel] | None = None) -> Any:
    """The value `encoded` made; `root`: the class of the outermost model, when its name is
    one that several models share (a model made in code, such as each game's cards file)."""
    if isinstance(data, list):
        return [decoded(v) for v in data]
    if not isinstance(data, dict):
        return data
    try:
        if "§" in data:
            name = data["§"]
            cls = root if root is not None and record_name(root) == name else None
            cls = cls or _content_model(name)
            fields = data["f"]
            if cls is None or not isinstance(fields, dict):
                raise Unkept(f"no content model {name!r}")
            if list(fields) != list(cls.model_fields):
                raise Unkept(f"{name}: other fields")
            return cls.model_construct(**{k: decoded(v) for k, v in fields.items()})
        if "§t" in data:
            return tuple(decoded(v) for v in data["§t"])
        if "§d" in data:
            return {decoded(k): decoded(v) for k, v in data["§d"]}
        if "§date" in data:
            return dt.date.fromisoformat(data["§date"])
    except (TypeError, ValueError, KeyError) as exc:
        raise Unkept(str(exc)) from None
    raise Unkept("an untagged object")


def read_back(data: Any, model: type[BaseModel]) -> Any:
    """Kept data as an instance of exactly `model`, or None if it does not read back so."""
    try:
        made = decoded(data, root=model)
    except Unkept:
        return None
    return made if type(made) is model else None
