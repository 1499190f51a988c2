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


class _Item:
    """What the ordering reads of a collected test: its file, its lane, its fixtures."""

    def __init__(self, path: str, lane: str | None = None, *fixtures: str) -> None:
        self.path = Path(path)
        self.lane = lane
        self.fixturenames = list(fixtures)

    def get_closest_marker(self, name: str) -> object | None:
        return name if name == self.lane else None


def test_the_modules_holding_the_longest_work_run_first() -> None:
    """Each module's tests stay together and in their order (its fixtures made once); the
    module with the most work comes first, a session-wide game counted for its readers."""
    from conftest import LongestFirst

    fast = [_Item("a.py") for _ in range(30)]
    slow = [_Item("b.py", "slow"), _Item("b.py"), _Item("b.py", "slow")]
    browser = [_Item("c.py", "browser"), _Item("c.py", "browser")]
    script = [_Item("d.py", None, "battlestar_script")]
    items = [*fast, *slow, *browser, *script]
    LongestFirst().pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert items == [*script, *browser, *slow, *fast]
