"""Valid data validated without pydantic: the same models (pack/record.py declarations),
the same values, and pydantic imported only when this declines.

Why: a pack's files validated through pydantic cost a first game (and every `sheetgen check`
of a pack being edited) some 0.14 s of CPU: importing pydantic (0.07 s), its plugin lookup
(0.02 s) and building the schemas of the pack's models (0.04 s); validating the data itself
took 2 ms.

What this accepts is data whose every value already has its field's exact type (text for
`str`, a whole number that is not a boolean for `int`, a list for `list[...]` or a fixed
`tuple[...]`, a mapping for a model or `dict[...]`, a date for `date`, one of the values of a
`Literal`) and meets its constraints (ge, le, min_length, max_length, pattern, a union's
discriminator), with the models' own validators run as pydantic runs them (before-field
validators in reverse order, then the type, then `AfterValidator`s, after-field validators
in order; after-model validators last) and missing fields given their defaults. For such
data pydantic's lax mode gives these very values. Anything else (a value pydantic would
coerce, a problem, a validator that raises, a type or setting not listed here) declines:
pydantic validates it as before, and reports any problem with its own messages and
locations. tests/test_quick_validation.py checks every shipped file and thousands of
damaged ones against pydantic."""

from __future__ import annotations

import datetime as dt
import inspect
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from generator.pack.record import MISSING, AfterValidator, FieldSpec, Record, ValidatorMark

Check = Callable[[Any, Any], Any]  # (value, validation context) -> the validated value

# The settings every content model has (pack/validation.py `Strict`); any other declines.
EXPECTED_CONFIG = {"extra": "forbid", "frozen": True, "populate_by_name": True}
CONSTRAINTS = frozenset({"ge", "le", "min_length", "max_length", "pattern", "discriminator"})


class Decline(Exception):
    """Not validated here: pydantic validates it, and says what is wrong if anything is."""


def quick_validate(model: type, data: Any, context: Any = None) -> Any | None:
    """`data` validated as `model` (a content model), or None where pydantic must do it."""
    if not (isinstance(model, type) and issubclass(model, Record)):
        return None
    try:
        return _model_check(model)(data, context)
    except Decline:
        return None
    except Exception:
        # A validator's complaint, or anything this did not foresee: pydantic decides, and
        # reports a problem with its location.
        return None


class QuickInfo:
    """What a validator taking `info` reads (pydantic's ValidationInfo): the context, the
    fields validated so far, the field being validated."""

    __slots__ = ("context", "data", "field_name")
    mode = "python"
    config = None

    def __init__(self, context: Any, data: dict[str, Any], field_name: str | None) -> None:
        self.context, self.data, self.field_name = context, data, field_name


# --- models ---------------------------------------------------------------------------------
# Each model's check, built once (None: it declines). A model inside another is looked up
# when a value of it is checked, so building one never builds another.
_MODELS: dict[type, Check | None] = {}


def _model_check(cls: type[Record]) -> Check:
    found = _MODELS.get(cls, MISSING)
    if found is MISSING:
        try:
            found = _build_model(cls)
        except Decline:
            found = None
        _MODELS[cls] = found
    if found is None:
        raise Decline
    return found


def _validators(cls: type[Record]) -> dict[str, ValidatorMark]:
    """The model's validators by name, a base's first and a subclass's own overriding it
    (pydantic collects them along the class hierarchy the same way)."""
    found: dict[str, ValidatorMark] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, ValidatorMark):
                found[name] = value
    return found


def _bound_field_validator(cls: type, mark: ValidatorMark) -> tuple[Callable[..., Any], bool]:
    """A field validator as pydantic calls it (a classmethod bound to the model, or a
    plain function whose first parameter is `cls` made one), and whether it takes `info`."""
    func = mark.func
    if isinstance(func, classmethod | staticmethod):
        bound = func.__get__(None, cls)
    elif list(inspect.signature(func).parameters)[:1] == ["cls"]:
        bound = types.MethodType(func, cls)
    else:
        bound = func
    return bound, _takes_info(bound)


def _takes_info(func: Callable[..., Any]) -> bool:
    """Whether pydantic passes `info` to a validator: (value) or (value, info), a model's
    after-validator (self) or (self, info)."""
    count = len(_positional(func))
    if count not in (1, 2):
        raise Decline
    return count == 2


def _build_model(cls: type[Record]) -> Check:
    if dict(cls.model_config) != EXPECTED_CONFIG:
        raise Decline
    marks = _validators(cls)
    before: dict[str, list[tuple[Callable[..., Any], bool]]] = {}
    after: dict[str, list[tuple[Callable[..., Any], bool]]] = {}
    model_after: list[tuple[Callable[..., Any], bool]] = []
    for mark in marks.values():
        if mark.kind == "model":
            if mark.mode != "after" or isinstance(mark.func, classmethod | staticmethod):
                raise Decline
            model_after.append((mark.func, _takes_info(mark.func)))  # (self) or (self, info)
            continue
        if mark.mode not in ("before", "after"):
            raise Decline
        for name in mark.fields:
            if name not in cls.__record_fields__:
                raise Decline
            (before if mark.mode == "before" else after).setdefault(name, []).append(
                _bound_field_validator(cls, mark)
            )
    fields = []
    keys: set[str] = set()
    for name, decl in cls.__record_fields__.items():
        spec = decl.spec
        if not isinstance(spec, FieldSpec):
            raise Decline  # pydantic's own FieldInfo
        check = _with_constraints(decl.resolved(), spec.constraints)
        alias = spec.alias
        keys.add(name)
        if alias is not None:
            keys.add(alias)
        # pydantic runs before-validators in reverse order of declaration, after ones in order
        fields.append((name, alias, decl, check, before.get(name, [])[::-1], after.get(name, [])))

    def validated(data: Any, context: Any) -> Any:
        if type(data) is not dict or not keys.issuperset(data):
            raise Decline  # not a mapping, or a key no field has (extra="forbid")
        values: dict[str, Any] = {}
        for name, alias, decl, check, befores, afters in fields:
            if alias is not None and alias in data:
                if name != alias and name in data:
                    raise Decline  # given twice
                value = data[alias]
            elif name in data:
                value = data[name]
            else:
                value = decl.value_when_missing()
                if value is MISSING:
                    raise Decline  # a required field left out
                values[name] = value  # a default is not validated (as pydantic's)
                continue
            info = QuickInfo(context, values, name)
            for func, with_info in befores:
                value = func(value, info) if with_info else func(value)
            value = check(value, context)
            for func, with_info in afters:
                value = func(value, info) if with_info else func(value)
            values[name] = value
        made = object.__new__(cls)
        object.__setattr__(made, "__dict__", values)
        for func, with_info in model_after:
            made = func(made, QuickInfo(context, values, None)) if with_info else func(made)
            if type(made) is not cls:
                raise Decline
        return made

    return validated


def _positional(func: Callable[..., Any]) -> list[inspect.Parameter]:
    return [
        p
        for p in inspect.signature(func).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


# --- types ----------------------------------------------------------------------------------
def _exact(kind: type) -> Check:
    def check(value: Any, context: Any) -> Any:
        if type(value) is not kind:
            raise Decline
        return value

    return check


def _none(value: Any, context: Any) -> Any:
    if value is not None:
        raise Decline
    return None


_SCALARS: dict[Any, Check] = {
    str: _exact(str),
    int: _exact(int),  # type(True) is bool: a boolean is no whole number here
    bool: _exact(bool),
    dt.date: _exact(dt.date),  # a datetime is not a date here
    type(None): _none,
    None: _none,
}


def _type_check(tp: Any) -> Check:
    if tp in _SCALARS:
        return _SCALARS[tp]
    if isinstance(tp, type) and issubclass(tp, Record):
        return lambda value, context: _model_check(tp)(value, context)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        inner, *metadata = args
        if len(metadata) == 1 and isinstance(metadata[0], FieldSpec):
            return _with_constraints(inner, _constraints_of(metadata[0]))
        if any(isinstance(item, FieldSpec) for item in metadata):
            raise Decline  # constraints beside a validator: pydantic orders them its own way
        check = _type_check(inner)
        for item in metadata:
            if isinstance(item, AfterValidator):
                check = _after(check, item.func)
            else:
                raise Decline
        return check
    if origin is typing.Literal:
        return _literal(args)
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if origin is list and len(args) == 1:
        item = _type_check(args[0])
        return lambda value, context: [item(v, context) for v in _of_type(value, list)]
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [_type_check(a) for a in args]

        def fixed(value: Any, context: Any) -> Any:
            if type(value) not in (list, tuple) or len(value) != len(items):
                raise Decline
            return tuple(check(v, context) for check, v in zip(items, value, strict=True))

        return fixed
    if origin is dict and len(args) == 2:
        key, item = _type_check(args[0]), _type_check(args[1])
        return lambda value, context: {
            key(k, context): item(v, context) for k, v in _of_type(value, dict).items()
        }
    raise Decline  # a type this does not know: pydantic validates it


def _of_type(value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise Decline
    return value


def _literal(args: tuple[Any, ...]) -> Check:
    allowed = {(type(a), a) for a in args}
    if any(type(a) not in (str, int, bool) for a in args):
        raise Decline

    kinds = {kind for kind, _ in allowed}

    def check(value: Any, context: Any) -> Any:
        if type(value) not in kinds or (type(value), value) not in allowed:
            raise Decline
        return value

    return check


# What kind of input a union member takes: its members must take different kinds, so the
# member a value goes to is the one pydantic's smart mode picks (the only exact match).
def _input_kind(tp: Any) -> str:
    if tp in (type(None), None):
        return "none"
    if tp in (str, int, bool, dt.date):
        return tp.__name__
    if isinstance(tp, type) and issubclass(tp, Record):
        return "dict"
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _input_kind(typing.get_args(tp)[0])
    if origin is typing.Literal:
        kinds = {type(a) for a in typing.get_args(tp)}
        if len(kinds) == 1 and kinds <= {str, int, bool}:
            return kinds.pop().__name__
        raise Decline
    if origin in (list, dict):
        return origin.__name__
    raise Decline


def _union(members: tuple[Any, ...]) -> Check:
    kinds = {_input_kind(m): _type_check(m) for m in members}
    if len(kinds) != len(members):
        raise Decline
    by_type = {"none": type(None), "str": str, "int": int, "bool": bool, "date": dt.date}
    by_type |= {"list": list, "dict": dict}
    routes = {by_type[kind]: check for kind, check in kinds.items()}

    def check(value: Any, context: Any) -> Any:
        route = routes.get(type(value))
        if route is None:
            raise Decline
        return route(value, context)

    return check


def _discriminated(tp: Any, field: str) -> Check:
    """A union of models told apart by one field's value (`Field(discriminator=...)`)."""
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        raise Decline
    routes: dict[str, Check] = {}
    for member in typing.get_args(tp):
        if not (isinstance(member, type) and issubclass(member, Record)):
            raise Decline
        decl = member.__record_fields__.get(field)
        if decl is None or decl.alias is not None:
            raise Decline
        tag = decl.resolved()
        if typing.get_origin(tag) is not typing.Literal:
            raise Decline
        for value in typing.get_args(tag):
            if type(value) is not str or value in routes:
                raise Decline
            routes[value] = _type_check(member)

    def check(value: Any, context: Any) -> Any:
        if type(value) is not dict:
            raise Decline
        tag = value.get(field)
        if type(tag) is not str or tag not in routes:
            raise Decline
        return routes[tag](value, context)

    return check


def _constraints_of(spec: FieldSpec) -> dict[str, Any]:
    """The constraints of a `Field(...)` inside `Annotated` (which gives no default)."""
    if spec.alias is not None or spec.default is not MISSING or spec.default_factory:
        raise Decline
    return spec.constraints


def _with_constraints(tp: Any, constraints: dict[str, Any]) -> Check:
    """The check of a type with a `Field`'s constraints, applied where pydantic applies
    them: a discriminator picks a union's member; on `X | None`, the rest constrain X."""
    if not constraints:
        return _type_check(tp)
    if typing.get_origin(tp) is typing.Annotated and not all(
        isinstance(item, FieldSpec) for item in typing.get_args(tp)[1:]
    ):
        raise Decline  # a field's constraints on a type with a validator: pydantic's order
    if "discriminator" in constraints:
        if len(constraints) != 1 or not isinstance(constraints["discriminator"], str):
            raise Decline
        return _discriminated(tp, constraints["discriminator"])
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        members = [m for m in typing.get_args(tp) if m is not type(None)]
        if len(members) != 1 or len(typing.get_args(tp)) != 2:
            raise Decline
        inner = _with_constraints(members[0], constraints)
        return lambda value, context: None if value is None else inner(value, context)
    return _constrained(tp, _type_check(tp), constraints)


def _constrained(tp: Any, check: Check, constraints: dict[str, Any]) -> Check:
    if not CONSTRAINTS.issuperset(constraints) or "discriminator" in constraints:
        raise Decline
    base = tp
    while typing.get_origin(base) is typing.Annotated:
        base = typing.get_args(base)[0]
    base = typing.get_origin(base) or base
    if base not in (str, int, list, dict, tuple):
        raise Decline  # constraints on a union, say: pydantic applies them its own way
    ge, le = constraints.get("ge"), constraints.get("le")
    shortest, longest = constraints.get("min_length"), constraints.get("max_length")
    pattern = constraints.get("pattern")
    if (ge is not None or le is not None) and base is not int:
        raise Decline
    if pattern is not None and base is not str:
        raise Decline
    if (shortest is not None or longest is not None) and base is int:
        raise Decline
    regex = re.compile(pattern) if pattern is not None else None

    def constrained(value: Any, context: Any) -> Any:
        value = check(value, context)
        if ge is not None and not value >= ge:
            raise Decline
        if le is not None and not value <= le:
            raise Decline
        if shortest is not None and len(value) < shortest:
            raise Decline
        if longest is not None and len(value) > longest:
            raise Decline
        if regex is not None:
            # pydantic's regular expressions are Rust's; on ASCII text without a line break
            # they match as Python's do (`$` before a final newline is Python's alone).
            if not value.isascii() or "\n" in value or regex.search(value) is None:
                raise Decline
        return value

    return constrained


def _after(check: Check, func: Callable[..., Any]) -> Check:
    with_info = _takes_info(func)

    def checked(value: Any, context: Any) -> Any:
        value = check(value, context)
        return func(value, QuickInfo(context, {}, None)) if with_info else func(value)

    return checked
