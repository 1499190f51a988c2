"""A pack's pack.yaml: its name, title and version, the game that plays it and the pack it
extends. Validated when a pack is loaded (pack/load.py), which finds and lists packs
without it."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, field

from generator.pack.folders import MAX_NAME_LENGTH, NAME_PATTERN
from generator.pack.validation import Strict


class PackMeta(Strict, frozen=True, kw_only=True):
    name: Annotated[str, Meta(pattern=NAME_PATTERN, max_length=MAX_NAME_LENGTH)]
    title: str
    version: str
    game: Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_]*\Z")]
    extends: str | None = None
    edition: str | None = None
    notes: list[str] = field(default_factory=list)
    # The pack commands use when none is named; one shipped pack says so.
    default: bool = False
