"""The suite's own rules (tests/conftest.py): each test has an empty cache of its own, a test
that starts Chromium must say so, the slow list names only tests that exist, and the
end-to-end tests run the installed program."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import headless
import pytest
from lanes import SLOW
from program import sheetgen


def test_each_test_starts_with_an_empty_cache_of_its_own(sheet_cache: Path) -> None:
    own = Path(os.environ["SHEETGEN_CACHE"])
    assert own != sheet_cache and own.is_dir()
    assert list(own.iterdir()) == []


def test_a_test_that_starts_chromium_unmarked_is_stopped() -> None:
    with pytest.raises(AssertionError, match="mark it browser"):
        headless.chromium()


def test_every_slow_listed_test_exists() -> None:
    """conftest checks the modules a run collects; this checks every file the list names."""
    here = Path(__file__).parent
    gone = []
    for key in sorted(SLOW):
        file, name = key.split("::")
        path = here / file
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        names = set(re.findall(r"^def (\w+)\(", text, re.MULTILINE))
        if name not in names:
            gone.append(key)
    assert not gone, f"tests/lanes.py names tests that are gone: {gone}"


def test_the_end_to_end_program_is_the_installed_console_script() -> None:
    program = Path(sheetgen())
    assert program.name == "sheetgen" and program.parent == Path(sys.executable).parent
