"""Shared fixtures. Golden files are refreshed only with `pytest --update-golden`."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import devtools
import headless
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings
from lanes import SLOW

from generator.cli import main
from generator.pack.load import CONTENT_DIR

GOLDEN_DIR = Path(__file__).parent / "golden"

# The suite's property tests run a fixed set of cases, the same on every run, so a CI run
# cannot pass or fail by chance. A long exploring run by hand sets HYPOTHESIS_EXPLORE=1 (and
# SHEETGEN_FUZZ_EXAMPLES=N for the pack fuzz); what it finds becomes a plain regression case.
# No per-example deadline and no speed health check either: a busy CI machine is slower,
# not wrong (speed is measured in benchmarks/).
settings.register_profile(
    "suite", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("HYPOTHESIS_EXPLORE") else "suite")


@pytest.fixture(autouse=True, scope="session")
def sheet_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The cache of the suite's session- and module-wide fixtures (games built once and
    read by many tests), never the user's ~/.cache. Each test has its own (own_cache)."""
    folder = tmp_path_factory.mktemp("sheet-cache")
    before = os.environ.get("SHEETGEN_CACHE")
    os.environ["SHEETGEN_CACHE"] = str(folder)
    yield folder
    if before is None:
        del os.environ["SHEETGEN_CACHE"]
    else:
        os.environ["SHEETGEN_CACHE"] = before


@pytest.fixture(autouse=True)
def own_cache(
    sheet_cache: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Each test starts with an empty cache of its own: it passes or fails alone, whatever
    ran before it or beside it (the suite runs in parallel), and a `sheetgen` it starts
    inherits it. Outside the test's tmp_path, which then holds only what the test made."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("SHEETGEN_CACHE", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)  # a game's sheets and pictures: megabytes


@pytest.fixture(autouse=True)
def chromium_only_in_the_browser_lane(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A test that starts Chromium says so (@pytest.mark.browser): the fast lane never waits
    on a browser without anyone having decided it should."""
    if request.node.get_closest_marker("browser") is not None:
        return

    def unmarked() -> str:
        raise AssertionError(f"{request.node.nodeid} starts Chromium: mark it browser")

    for module in (headless, devtools):
        monkeypatch.setattr(module, "chromium", unmarked)


@pytest.hookimpl(tryfirst=True)  # before -m picks the lane
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests tests/lanes.py moves out of the fast lane are marked slow; a name there that
    its module no longer has is an error (a renamed test would come back to the fast lane)."""
    modules: dict[str, object] = {}
    for item in items:
        module = getattr(item, "module", None)
        if module is None:
            continue
        modules[item.path.name] = module
        name = getattr(item, "originalname", item.name)
        if f"{item.path.name}::{name}" in SLOW:
            item.add_marker(pytest.mark.slow)
    stale = [
        key
        for key in SLOW
        if key.split("::")[0] in modules
        and not hasattr(modules[key.split("::")[0]], key.split("::")[1])
    ]
    if stale:
        raise pytest.UsageError(f"tests/lanes.py names tests that are gone: {', '.join(stale)}")


LANE_WEIGHT = (("packaging", 20.0), ("browser", 3.0), ("e2e", 1.5), ("slow", 1.5))
FAST_WEIGHT = 0.1
# Work a session-wide fixture does once for every module that reads it.
SHARED_WEIGHT = {"battlestar_script": 45.0}


class LongestFirst:
    """The modules in the order of the work they hold, the most first (each module's tests
    together and in their order, so a module's fixtures are made once per process). With
    `--dist worksteal` (the Makefile) a process that runs out takes half of what the other
    still has queued: when the longest work has started first, what is left at the end is
    short tests, and both cores stay busy to the end. The weights are a test's CPU seconds
    by lane, roughly (7 Dec 2026); only the order depends on them, never a result."""

    @staticmethod
    def weight(item: pytest.Item) -> float:
        for lane, weight in LANE_WEIGHT:
            if item.get_closest_marker(lane) is not None:
                return weight
        return FAST_WEIGHT

    @pytest.hookimpl(trylast=True)  # after -m has chosen the lane, and pytest's own order
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        work: dict[Path, float] = {}
        shared: dict[Path, set[str]] = {}
        for item in items:
            work[item.path] = work.get(item.path, 0.0) + self.weight(item)
            shared.setdefault(item.path, set()).update(
                name for name in SHARED_WEIGHT if name in getattr(item, "fixturenames", ())
            )
        for path, names in shared.items():
            work[path] += sum(SHARED_WEIGHT[name] for name in names)
        first_seen = {path: index for index, path in enumerate(dict.fromkeys(work))}
        items.sort(key=lambda item: (-work[item.path], first_seen[item.path]))


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(LongestFirst(), "longest-first")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite golden files from the current output (review the diff!)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run the CLI in-process from a scratch working directory."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    return invoke


@pytest.fixture(scope="session")
def _written_once() -> dict[tuple[object, ...], tuple[Path, Result]]:
    return {}


@pytest.fixture
def game_once(
    run: Callable[..., Result],
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    _written_once: dict[tuple[object, ...], tuple[Path, Result]],
) -> Callable[..., Result]:
    """`run` for `sheetgen game ...` in a fixture: each distinct game (the same arguments and
    the same files beside them) is written once per test process, and every test gets a copy
    of its own of what that run left in its folder. Many tests start from the same game;
    drawing it again for each would be most of the suite's time."""

    def write(*args: str) -> Result:
        beside = tuple(sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir() if p.is_file()))
        key = (args, beside)
        if key not in _written_once:
            where = tmp_path_factory.mktemp("game-once")
            for name, data in beside:
                (where / name).write_bytes(data)
            os.chdir(where)
            try:
                result = run(*args)
            finally:
                os.chdir(tmp_path)
            assert result.exit_code == 0, result.output
            _written_once[key] = (where, result)
        where, result = _written_once[key]
        shutil.copytree(where, tmp_path, symlinks=True, dirs_exist_ok=True)
        return result

    return write


@pytest.fixture(scope="session")
def battlestar_script(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """The scripted five-player Battlestar game (tests/bsg_script.py), played once per test
    process and read at two points: after 21 turns (the thread's tests) and after 24 (the
    board's). Its 900 commands are the suite's longest piece of work; the tests read the
    folder or work on copies of their own."""
    from bsg_script import play_script

    return play_script(tmp_path_factory.mktemp("battlestar-script"))


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    """A host's editable copy of the shipped Galaxy Trucker pack."""
    target = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", target)
    return target
