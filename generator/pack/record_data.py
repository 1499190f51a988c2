"""Content models (pack/record.py) as JSON data and back, to keep a validated pack in the
host's cache (pack/kept_content.py) and read it again without parsing or validating it.

Every value is tagged with what it was, so it reads back as exactly that: a model by its
class ("module:qualname"), a tuple, a dict (its keys keep their types: a board's rows are
numbers), a date. Only these and JSON's own values are kept; anything else (`Unkept`)
leaves the pack to be validated every time. Reading back makes instances of content models
only, each with exactly its class's fields: kept data never names any other class."""

from __future__ import annotations

import datetime as dt
from typing import Any

from generator.pack.record import RECORDS, Record, record_name


class Unkept(Exception):
    """A value this module does not keep, or kept data that does not read back."""


def encoded(value: Any) -> Any:
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return value
    if isinstance(value, Record):
        fields = {k: encoded(v) for k, v in vars(value).items()}
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


def decoded(data: Any, root: type[Record] | None = None) -> Any:
    """The value `encoded` made; `root`: the class of the outermost model, when its name is
    one that several models share."""
    if isinstance(data, list):
        return [decoded(v) for v in data]
    if not isinstance(data, dict):
        return data
    try:
        if "§" in data:
            name = data["§"]
            cls = root if root is not None and record_name(root) == name else RECORDS.get(name)
            fields = data["f"]
            if cls is None or not isinstance(fields, dict):
                raise Unkept(f"no content model {name!r}")
            if list(fields) != list(cls.__record_fields__):
                raise Unkept(f"{name}: other fields")
            made = object.__new__(cls)
            object.__setattr__(made, "__dict__", {k: decoded(v) for k, v in fields.items()})
            return made
        if "§t" in data:
            return tuple(decoded(v) for v in data["§t"])
        if "§d" in data:
            return {decoded(k): decoded(v) for k, v in data["§d"]}
        if "§date" in data:
            return dt.date.fromisoformat(data["§date"])
    except (TypeError, ValueError, KeyError) as exc:
        raise Unkept(str(exc)) from None
    raise Unkept("an untagged object")


def read_back(data: Any, model: type[Record]) -> Any:
    """Kept data as an instance of exactly `model`, or None if it does not read back so."""
    try:
        made = decoded(data, root=model)
    except Unkept:
        return None
    return made if type(made) is model else None
