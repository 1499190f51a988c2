"""When a schedule entry goes out, read from the plan alone: light (no msgspec), so that
the commands a host types every day (`today`) read the schedule without loading the
posting rhythm's schema (plan/rhythm.py, which re-exports these)."""

from __future__ import annotations

import datetime as dt
from typing import Any

DEFAULT_TIMEZONE = "UTC"


def moment(entry: dict[str, Any]) -> dt.datetime | None:
    """When a schedule entry goes out (timezone-aware), or None for an undated game."""
    at = entry.get("at")
    return dt.datetime.fromisoformat(at) if at else None
