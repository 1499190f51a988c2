"""One file a command writes: the unit every renderer returns and the writer stores."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OutputFile:
    """One file to write, relative to the game's output folder (posix path)."""

    path: str
    data: bytes
