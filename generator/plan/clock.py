"""When a schedule entry goes out, read from the plan alone: light (no msgspec), so that
the commands a host types every day (`today`) read the schedule without loading the
posting rhythm's schema (plan/rhythm.py, which re-exports these)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.plan.model import Slot

DEFAULT_TIMEZONE = "UTC"


def moment(entry: Slot) -> dt.datetime | None:
    """When a schedule entry goes out (timezone-aware), or None for an undated game."""
    return dt.datetime.fromisoformat(entry.at) if entry.at else None
