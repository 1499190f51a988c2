"""The installed `sheetgen` program, as the end-to-end tests run it: the console script pip
put beside this interpreter (what a host types), run in a process of its own with the
test's own cache (tests/conftest.py), never `python -m generator` or an import."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def sheetgen() -> str:
    found = shutil.which("sheetgen", path=str(Path(sys.executable).parent))
    if found is None:
        raise AssertionError(f"no sheetgen program beside {sys.executable}: pip install -e .")
    return found
