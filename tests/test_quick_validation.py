"""Plainly valid data is validated without pydantic (pack/quick_validation.py) into exactly
what pydantic makes of it, and anything else is left to pydantic: every file of every
shipped pack, and thousands of damaged copies of them."""

from __future__ import annotations

import copy
import datetime as dt
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import generator.pack.quick_validation as quick
from generator.games import rules_for
from generator.pack.load import load_pack
from generator.pack.record import Record
from generator.pack.schema import validate_python
from generator.plan.rhythm import Rhythm

PACKS = ("galaxy-trucker", "keep-on-trucking", "moon-drop", "card-race", "battlestar")
Sample = tuple[type, Any, Any]


@pytest.fixture(scope="module")
def samples() -> list[Sample]:
    """Every (model, data, context) the loads of the shipped packs validate."""
    seen: list[Sample] = []
    real = quick.quick_validate

    def spy(model: type, data: Any, context: Any = None) -> Any:
        seen.append((model, copy.deepcopy(data), context))
        return real(model, data, context)

    quick.quick_validate = spy  # type: ignore[assignment]
    try:
        for name in PACKS:
            pack = load_pack(name)
            rules_for(pack).load(pack)
    finally:
        quick.quick_validate = real  # type: ignore[assignment]
    # A game file's posting rhythm: validators before the type (weekday names tidied and
    # sorted, clock times read), after it (the zone) and on the whole (changes in order).
    rhythm = {
        "timezone": "Europe/Berlin",
        "times": {"morning": "09:00", "afternoon": "17:30"},
        "rest_days": ["Sunday", "saturday"],
        "skip": [dt.date(2026, 12, 24)],
        "changes": [
            {"from": dt.date(2027, 1, 4), "rest_days": "Monday", "timezone": "UTC"},
            {"from": dt.date(2027, 2, 1), "times": {"morning": "08:15"}},
        ],
    }
    seen.append((Rhythm, rhythm, None))
    return seen


def _difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two validated values differ in type, field order or value; None if nowhere."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} against {type(b).__name__}"
    if isinstance(a, Record):
        if list(vars(a)) != list(vars(b)):
            return f"{path}: fields {list(vars(a))} against {list(vars(b))}"
        pairs: Iterator[tuple[str, Any, Any]] = (
            (f"{path}.{k}", vars(a)[k], vars(b)[k]) for k in vars(a)
        )
    elif isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        pairs = ((f"{path}[{i}]", x, y) for i, (x, y) in enumerate(zip(a, b, strict=True)))
    elif isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)} against {list(b)}"
        pairs = ((f"{path}[{k!r}]", a[k], b[k]) for k in a)
    else:
        return None if a == b else f"{path}: {a!r} against {b!r}"
    for where, x, y in pairs:
        found = _difference(x, y, where)
        if found:
            return found
    return None


def _pydantic(model: type, data: Any, context: Any) -> Any:
    try:
        return validate_python(model, data, context)
    except (ValueError, TypeError):
        return None  # rejected


def test_every_shipped_file_is_validated_quickly_into_what_pydantic_makes(
    samples: list[Sample],
) -> None:
    assert len(samples) >= 30
    models = set()
    for model, data, context in samples:
        made = quick.quick_validate(model, data, context)
        assert made is not None, f"{model.__name__}: declined"
        assert _difference(made, validate_python(model, data, context)) is None, model.__name__
        models.add(model.__name__)
    # The cards file of Galaxy Trucker (a union picked by `kind`), a card race's table (an
    # optional number with bounds) and the rules with their validators are among them.
    assert {"CardsFile", "TilesFile", "Table", "DecksFile", "ShapesFile", "Rhythm"} <= models


ODD_VALUES: list[Any] = [
    0, -1, 1, 3, 99, 100, 10**30, True, False, None, 1.0, 2.5, "", "x", "A1", "a b",
    "small", "front", "from", "kind", "a\n", "ID\n", "Ünï", "z" * 200, "2026-01-01", [], [1],
    ["x"], [None], {}, {"x": 1}, {"id": "a"}, (1, 2, 3), [1, 2, 3], [0, 0], [[0, 0]],
    dt.date(2026, 1, 1), dt.datetime(2026, 1, 1, 12, 0), b"bytes",
]  # fmt: skip


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _damaged(data: Any, rng: random.Random) -> Any:
    """A copy of `data` with one or two things changed: a value replaced, a key left out,
    added or renamed, a list item left out or doubled."""
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 2))):
        paths = list(_paths(data))
        path = rng.choice(paths[1:] or paths)
        if not path:
            return rng.choice(ODD_VALUES)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        what = rng.randrange(5)
        if what == 0 or not isinstance(parent, dict | list):
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif what == 1:
            del parent[last]
        elif what == 2 and isinstance(parent, dict):
            parent[rng.choice(["extra", "from", "direction", "kind", "id", str(last) + "_"])] = (
                copy.deepcopy(parent[last])
            )
        elif what == 3 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


def test_damaged_files_are_validated_quickly_only_where_pydantic_makes_the_same(
    samples: list[Sample],
) -> None:
    rng = random.Random(20261202)
    accepted = declined = 0
    for _ in range(6000):
        model, data, context = rng.choice(samples)
        damaged = _damaged(data, rng)
        made = quick.quick_validate(model, damaged, context)
        if made is None:
            declined += 1
            continue
        accepted += 1
        expected = _pydantic(model, damaged, context)
        assert expected is not None, f"{model.__name__}: accepted what pydantic rejects"
        assert _difference(made, expected) is None, model.__name__
    # Both ways are exercised: damage pydantic would accept too (a changed name, a number
    # in range) and damage it would coerce or reject.
    assert accepted > 800 and declined > 2000, (accepted, declined)


def test_a_value_pydantic_would_coerce_is_left_to_pydantic(samples: list[Sample]) -> None:
    tiles = next(s for s in samples if s[0].__name__ == "TilesFile")
    model, data, context = tiles
    for odd in (True, 1.0, "1"):  # a level as a boolean, a float, a text
        damaged = copy.deepcopy(data)
        damaged["tile_types"][next(iter(damaged["tile_types"]))]["cells"] = odd
        assert quick.quick_validate(model, damaged, context) is None
    damaged = copy.deepcopy(data)
    damaged["tiles"][0]["id"] = "A1\n"  # `$` matches before a final newline in Python alone
    assert quick.quick_validate(model, damaged, context) is None


def test_loading_a_valid_pack_does_not_import_pydantic() -> None:
    code = (
        "import sys\n"
        "from generator.pack.load import load_pack\n"
        "from generator.games import rules_for\n"
        f"for name in {PACKS!r}:\n"
        "    pack = load_pack(name); rules_for(pack).load(pack)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"SHEETGEN_CACHE": "off", "PATH": ""},
        check=True,
    )
    assert done.stdout.strip() == "[]"
