"""The pydantic model of each content model (pack/record.py), made from its declaration when
a file is first validated, and the validated data handed back as instances of the declared
classes. The only module that imports pydantic for the content; imported by validation
alone, so a run that validates nothing never loads pydantic.

A content model's pydantic twin has its name, module, settings, fields (the declared types
read where they were written, each content model in them replaced by its twin, each
`Field(...)` by pydantic's), validators and methods (which validators may call), and the
twin of its base as its base: pydantic validates, reports and locates errors exactly as
for a model declared with pydantic itself."""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, ClassVar, Union

import pydantic
from pydantic import BaseModel

from generator.pack.record import AfterValidator, FieldSpec, Record, ValidatorMark

_TWINS: dict[type, type[BaseModel]] = {}
_MAKING: set[type] = set()


def twin(cls: type[Record]) -> type[BaseModel]:
    """The pydantic model that validates `cls`'s data."""
    found = _TWINS.get(cls)
    if found is not None:
        return found
    if cls in _MAKING:
        raise TypeError(f"{cls.__qualname__}: a content model may not contain itself")
    _MAKING.add(cls)
    try:
        made = _make(cls)
    finally:
        _MAKING.discard(cls)
    _TWINS[cls] = made
    return made


def _make(cls: type[Record]) -> type[BaseModel]:
    bases = tuple(twin(b) for b in cls.__bases__ if issubclass(b, Record) and b is not Record)
    namespace: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__,
        "__record__": cls,
        "model_config": pydantic.ConfigDict(**cls.model_config),  # type: ignore[typeddict-item]
    }
    annotations: dict[str, Any] = {}
    for name in cls.__record_own__:
        decl = cls.__record_fields__[name]
        annotations[name] = _twinned(decl.resolved())
        spec = decl.spec
        if isinstance(spec, FieldSpec):
            arguments = spec.arguments()
            if arguments:
                namespace[name] = pydantic.Field(**arguments)
        else:  # pydantic's own FieldInfo, given by a game that imports pydantic itself
            namespace[name] = spec
    for attr, value in vars(cls).items():
        if attr.startswith("__") or attr.startswith("model_") or attr in namespace:
            continue
        if isinstance(value, ValidatorMark):
            if value.kind == "model":
                namespace[attr] = pydantic.model_validator(mode=value.mode)(value.func)  # type: ignore[call-overload]
            else:
                namespace[attr] = pydantic.field_validator(*value.fields, mode=value.mode)(  # type: ignore[call-overload]
                    value.func
                )
        elif callable(value) or isinstance(value, property | classmethod | staticmethod):
            namespace[attr] = value  # a method validators may call
        else:
            namespace[attr] = value  # a class variable (ClassVar in the declaration)
            annotations[attr] = ClassVar[Any]
    namespace["__annotations__"] = annotations
    return type(cls.__name__, bases or (BaseModel,), namespace)


def _twinned(tp: Any) -> Any:
    """`tp` with every content model in it replaced by its twin, every `Field` and
    `AfterValidator` by pydantic's."""
    if isinstance(tp, type) and issubclass(tp, Record):
        return twin(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is None or not args or origin is typing.Literal or origin is ClassVar:
        return tp
    if origin is Annotated:
        inner, *meta = args
        return Annotated[(_twinned(inner), *(_metadata(m) for m in meta))]
    mapped = tuple(_twinned(a) for a in args)
    if all(a is b for a, b in zip(args, mapped, strict=True)):
        return tp
    if origin in (Union, types.UnionType):
        return Union[mapped]  # noqa: UP007 (a union made from a tuple of types)
    return origin[mapped]


def _metadata(item: Any) -> Any:
    if isinstance(item, FieldSpec):
        return pydantic.Field(**item.arguments())
    if isinstance(item, AfterValidator):
        return pydantic.AfterValidator(item.func)
    return item


def to_record(value: Any) -> Any:
    """Validated data with each twin's instance turned into one of its declared class."""
    if isinstance(value, BaseModel):
        declared = getattr(type(value), "__record__", None)
        if declared is None:
            return value  # a model of pydantic's own, from a game that declares them so
        made = object.__new__(declared)
        object.__setattr__(made, "__dict__", {k: to_record(v) for k, v in vars(value).items()})
        return made
    kind = type(value)
    if kind is list:
        return [to_record(v) for v in value]
    if kind is tuple:
        return tuple(to_record(v) for v in value)
    if kind is dict:
        return {to_record(k): to_record(v) for k, v in value.items()}
    if kind is set or kind is frozenset:
        return kind(to_record(v) for v in value)
    return value


def schema_of(model: type) -> type[BaseModel]:
    """What validates `model`: a content model's twin, or a pydantic model as it is."""
    if isinstance(model, type) and issubclass(model, Record):
        return twin(model)
    return model


def validate_python(model: type, data: Any, context: dict[str, Any] | None = None) -> Any:
    """`data` validated as `model`; pydantic's ValidationError (a ValueError) if it is not."""
    return to_record(schema_of(model).model_validate(data, context=context))
