"""Content models without pydantic at run time: a model is declared as a pydantic model is
(class attributes with types, `Field(...)` constraints, validators), but its instances are
plain frozen objects of the class itself, and pydantic is imported only to validate a file
(pack/schema.py builds the pydantic model from the declaration, validates, and hands back
instances of the declared class).

Why: importing pydantic and building the schemas of some eighty models took a third of the
CPU of a `sheetgen turn N`, and a tenth of a whole game's, for packs the host's cache
already knows to be valid (pack/kept_content.py). A declaration here is read by nothing but
Python itself: the types stay unevaluated strings until a file is validated.

What an instance offers is what the code uses of pydantic's models: attributes, equality
and hashing by value (frozen models), `repr`, iteration over (name, value), copies
(`model_copy(update=...)`, `model_construct`), `model_dump` (python or JSON mode, by alias,
with exclusions) and `model_fields`; `Strict.model_validate` (pack/validation.py) validates,
through pydantic.
An instance made in code (`Tile(id=..., ...)`) is not validated, as `model_construct`
is not: only data read from files is, and it always goes through `model_validate`."""

from __future__ import annotations

import copy
import datetime as dt
import inspect
import sys
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Self

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()


class FieldSpec:
    """What `Field(...)` says of a field: its default and the constraints pydantic checks
    (ge, le, min_length, max_length, pattern, discriminator ...), its alias."""

    __slots__ = ("alias", "constraints", "default", "default_factory")

    def __init__(
        self,
        default: Any = MISSING,
        *,
        default_factory: Callable[[], Any] | None = None,
        alias: str | None = None,
        **constraints: Any,
    ) -> None:
        self.default = default
        self.default_factory = default_factory
        self.alias = alias
        self.constraints = constraints

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.arguments().items()]
        return f"Field({', '.join(parts)})"

    def arguments(self) -> dict[str, Any]:
        """The arguments of pydantic's `Field` that say the same."""
        args: dict[str, Any] = dict(self.constraints)
        if self.default is not MISSING:
            args["default"] = self.default
        if self.default_factory is not None:
            args["default_factory"] = self.default_factory
        if self.alias is not None:
            args["alias"] = self.alias
        return args


# pydantic's names (Field, ConfigDict), so a model reads as one.
def Field(
    default: Any = MISSING,
    *,
    default_factory: Callable[[], Any] | None = None,
    alias: str | None = None,
    **constraints: Any,
) -> Any:
    return FieldSpec(default, default_factory=default_factory, alias=alias, **constraints)


class AfterValidator:
    """A check run after a value's type is validated (pydantic's `AfterValidator`), as
    `Annotated` metadata."""

    __slots__ = ("func",)

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func


class ValidatorMark:
    """A method marked as a validator (`model_validator`, `field_validator`): pydantic runs
    it when a file is validated; at run time it is the method it wraps."""

    def __init__(self, kind: str, mode: str, fields: tuple[str, ...], func: Any) -> None:
        self.kind, self.mode, self.fields, self.func = kind, mode, fields, func

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self.func.__get__(obj, owner)


def model_validator(*, mode: str) -> Callable[[Any], Any]:
    def mark(func: Any) -> ValidatorMark:
        return ValidatorMark("model", mode, (), func)

    return mark


def field_validator(*fields: str, mode: str = "after") -> Callable[[Any], Any]:
    def mark(func: Any) -> ValidatorMark:
        return ValidatorMark("field", mode, fields, func)

    return mark


def ConfigDict(**settings: Any) -> dict[str, Any]:
    return dict(settings)


class FieldDecl:
    """One field of a model: its name, its type as declared (text, or a type object for a
    model made in code), where that text is read, and its `Field` spec."""

    __slots__ = ("_type", "annotation", "name", "namespace", "spec")

    def __init__(self, name: str, annotation: Any, namespace: dict[str, Any], spec: Any) -> None:
        self.name, self.annotation, self.namespace, self.spec = name, annotation, namespace, spec
        self._type: Any = MISSING

    @property
    def alias(self) -> str | None:
        return getattr(self.spec, "alias", None)

    @property
    def default(self) -> Any:
        found = getattr(self.spec, "default", MISSING)
        return MISSING if _is_undefined(found) else found

    @property
    def default_factory(self) -> Callable[[], Any] | None:
        return getattr(self.spec, "default_factory", None)

    def resolved(self) -> Any:
        """The declared type as a type object: its text read where it was written (once:
        pydantic's twin reads it)."""
        if self._type is MISSING:
            annotation = self.annotation
            # The text of a type in the project's own declarations, read as Python reads it.
            self._type = (
                eval(annotation, self.namespace) if isinstance(annotation, str) else annotation
            )
        return self._type

    def value_when_missing(self) -> Any:
        factory = self.default_factory
        if factory is not None:
            return factory()
        default = self.default
        if default is MISSING:
            return MISSING
        # As pydantic does: each instance gets its own copy of a mutable default.
        return copy.deepcopy(default) if isinstance(default, list | dict | set) else default


def _is_undefined(value: Any) -> bool:
    return value is MISSING or type(value).__name__ == "PydanticUndefinedType"


def _is_spec(value: Any) -> bool:
    return isinstance(value, FieldSpec) or (
        type(value).__name__ == "FieldInfo" and type(value).__module__.startswith("pydantic")
    )


def _is_class_var(annotation: Any) -> bool:
    if isinstance(annotation, str):
        text = annotation.strip()
        return text.startswith(("ClassVar", "typing.ClassVar"))
    return getattr(annotation, "__origin__", None) is ClassVar or annotation is ClassVar


class Record:
    """The base of every content model (`Strict` in pack/validation.py): see the module's
    docstring. `model_config` holds pydantic's settings for its schema."""

    model_config: ClassVar[dict[str, Any]] = {}
    __record_fields__: ClassVar[dict[str, FieldDecl]] = {}
    __record_own__: ClassVar[tuple[str, ...]] = ()
    model_fields: ClassVar[dict[str, FieldDecl]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _declare(cls)

    # --- instances ------------------------------------------------------------------
    def __init__(self, **data: Any) -> None:
        values = self._values(data)
        object.__setattr__(self, "__dict__", values)

    @classmethod
    def _values(cls, data: dict[str, Any]) -> dict[str, Any]:
        """Every field's value: given by name (or alias), else its default."""
        values: dict[str, Any] = {}
        for name, decl in cls.__record_fields__.items():
            if name in data:
                value = data.pop(name)
            elif decl.alias is not None and decl.alias in data:
                value = data.pop(decl.alias)
            else:
                value = decl.value_when_missing()
                if value is MISSING:
                    raise TypeError(f"{cls.__name__}: missing field {name!r}")
            values[name] = value
        if data:
            raise TypeError(f"{cls.__name__}: unknown field(s) {', '.join(sorted(data))}")
        return values

    def __setattr__(self, name: str, value: Any) -> None:
        if self.model_config.get("frozen"):
            raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be set")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self.model_config.get("frozen"):
            raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")
        object.__delattr__(self, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        if not self.model_config.get("frozen"):
            raise TypeError(f"unhashable type: {type(self).__name__!r}")
        values = tuple(self.__dict__.values())
        # pydantic's: the field value itself for a model of one field, else their tuple.
        return hash(values[0] if len(values) == 1 else values)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({args})"

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        yield from self.__dict__.items()

    def __copy__(self) -> Self:
        made = object.__new__(type(self))
        object.__setattr__(made, "__dict__", dict(self.__dict__))
        return made

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        made = object.__new__(type(self))
        object.__setattr__(made, "__dict__", copy.deepcopy(self.__dict__, memo))
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), self.__dict__))

    # --- pydantic's names -------------------------------------------------------------
    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        made = object.__new__(cls)
        object.__setattr__(made, "__dict__", cls._values(values))
        return made

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        made = object.__new__(type(self))
        values = copy.deepcopy(self.__dict__) if deep else dict(self.__dict__)
        values.update(update or {})
        object.__setattr__(made, "__dict__", values)
        return made

    def model_dump(
        self,
        *,
        mode: str = "python",
        by_alias: bool = False,
        exclude: set[str] | None = None,
    ) -> dict[str, Any]:
        fields = type(self).__record_fields__
        dumped = {}
        for name, value in self.__dict__.items():
            if exclude and name in exclude:
                continue
            decl = fields.get(name)
            key = decl.alias if by_alias and decl is not None and decl.alias else name
            dumped[key] = _dumped(value, mode, by_alias)
        return dumped


def _rebuilt(cls: type[Record], values: dict[str, Any]) -> Record:
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", dict(values))
    return made


def _dumped(value: Any, mode: str, by_alias: bool) -> Any:
    if isinstance(value, Record):
        return value.model_dump(mode=mode, by_alias=by_alias)
    if isinstance(value, dict):
        dumped = {_dumped(k, mode, by_alias): _dumped(v, mode, by_alias) for k, v in value.items()}
        return {_json_key(k): v for k, v in dumped.items()} if mode == "json" else dumped
    if isinstance(value, list):
        return [_dumped(v, mode, by_alias) for v in value]
    if isinstance(value, tuple):
        items = [_dumped(v, mode, by_alias) for v in value]
        return items if mode == "json" else tuple(items)
    if mode == "json":
        if isinstance(value, set | frozenset):
            return [_dumped(v, mode, by_alias) for v in value]
        if isinstance(value, dt.datetime):
            # pydantic writes these its own way (Z for UTC, milliseconds): no model holds one.
            raise TypeError("a datetime field: dump it through its pydantic twin")
        if isinstance(value, dt.date | dt.time):
            return value.isoformat()
    return value


# Every content model by "module:qualname", for reading kept ones back (record_data.py);
# None for a name two models share (models made in code, such as each game's cards file).
RECORDS: dict[str, type[Record] | None] = {}


def record_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _json_key(key: Any) -> str:
    """A dict key as pydantic's JSON mode writes it: JSON's keys are text."""
    if isinstance(key, bool):
        return "true" if key else "false"
    return key if isinstance(key, str) else str(key)


def _declare(cls: type[Record]) -> None:
    """Record the fields and settings of a model class (and its bases'); its validators stay
    its methods, which pack/schema.py finds. A field's type is read (by pack/schema.py) in
    its class's module, or where a field of another model was declared (`create_model`)."""
    annotations = dict(inspect.get_annotations(cls))
    module = sys.modules.get(cls.__module__)
    namespace: dict[str, Any] = vars(module) if module is not None else {}
    elsewhere: dict[str, dict[str, Any]] = cls.__dict__.get("__record_namespaces__", {})
    fields: dict[str, FieldDecl] = {}
    config: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        if issubclass(base, Record):
            fields.update(base.__dict__.get("__record_fields__", {}))
            config.update(base.__dict__.get("model_config", {}))
    config.update(cls.__dict__.get("model_config", {}))
    own = []
    for name, annotation in annotations.items():
        if _is_class_var(annotation) or name.startswith("_"):
            continue
        default = cls.__dict__.get(name, MISSING)
        spec = default if _is_spec(default) else FieldSpec(default)
        if name in cls.__dict__:
            delattr(cls, name)  # a default is the field's, not a class attribute
        fields[name] = FieldDecl(name, annotation, elsewhere.get(name, namespace), spec)
        own.append(name)
    cls.__record_fields__ = fields
    cls.__record_own__ = tuple(own)
    cls.model_config = config
    # `Model.model_fields`: the fields by name, as pydantic's class attribute gives them.
    cls.model_fields = dict(fields)
    name = record_name(cls)
    RECORDS[name] = cls if RECORDS.get(name, cls) is cls else None


def create_model(name: str, *, __base__: type[Record], **fields: Any) -> type[Record]:
    """A model made in code (pydantic's `create_model`): each field a (type, default) pair,
    the default a `Field(...)` or a value, or a field of another model (`model_fields`),
    whose type is then read where that model declared it."""
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__module__": __base__.__module__, "__qualname__": name}
    where: dict[str, dict[str, Any]] = {}
    for field_name, (annotation, default) in fields.items():
        annotations[field_name] = annotation
        if isinstance(default, FieldDecl):
            where[field_name] = default.namespace
            default = default.spec
        namespace[field_name] = default
    namespace["__annotations__"] = annotations
    namespace["__record_namespaces__"] = where
    return type(name, (__base__,), namespace)
