"""The environment switches that turn a speed-up off (SHEETGEN_PALETTE_DRAWING,
SHEETGEN_PALETTE_FROM_COUNTS, SHEETGEN_REUSE_MEMORY ...): each one is read the same way, so
"off", "0" and "no" mean off for all of them. What they switch gives the same bytes either
way (tests/test_speedups_identical.py)."""

from __future__ import annotations

import os


def switched_off(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("off", "0", "no")
