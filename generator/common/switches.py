"""The environment switches that turn a speed-up off (SHEETGEN_PALETTE_DRAWING): each one is
read the same way, so "off", "0" and "no" mean off. What they switch gives the same bytes
either way."""

from __future__ import annotations

import os


def switched_off(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("off", "0", "no")
