"""A model validated once from some data, read back from the host's cache the next time the
same data is validated by the same code (common/memo.py): a game folder's plan.json holds
its posting rhythm, which every command that opens the folder validates, and validating it
is the one thing such a command would import pydantic for.

Only data that is JSON and validated without a context is kept, and only a success: data
that does not validate is validated, and says why, every time."""

from __future__ import annotations

import json
from typing import Any

from generator.common.memo import enabled, keep, recall
from generator.pack.record_data import Unkept, encoded, read_back, record_name
from generator.pack.validation import Strict

KIND = "validated"


def _key(model: type[Strict], data: Any) -> list[str] | None:
    try:
        return [record_name(model), json.dumps(data, sort_keys=True, ensure_ascii=True)]
    except (TypeError, ValueError):
        return None


def kept_validated(model: type[Strict], data: Any) -> Any:
    """`data` as `model` validated it before, or None."""
    key = _key(model, data) if enabled() else None
    found = recall(KIND, key) if key is not None else None
    return None if found is None else read_back(found[0].get("model"), model)


def keep_validated(model: type[Strict], data: Any, made: Any) -> None:
    key = _key(model, data) if enabled() else None
    if key is None:
        return
    try:
        keep(KIND, key, {"model": encoded(made)})
    except Unkept:
        return
