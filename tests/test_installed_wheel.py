"""sheetgen installs like a Python tool: the wheel carries the five game packs and every
module and data file of the package, so a host who ran `pipx install .` (or pip install of
the wheel) makes a game of every pack in an empty folder, far from any checkout, and runs
every command family on it: today, console, digest, and score or balance where the game has
them (a table game through its own commands).

Slow (it builds and installs the wheel): marked `packaging`, so `pytest -m packaging` runs
it alone and `-m "not packaging"` leaves it out."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"
PIP = (sys.executable, "-m", "pip", "-q")
PACKS = ("battlestar", "card-race", "galaxy-trucker", "keep-on-trucking", "moon-drop")


# What a build does not read: the checkout's environments, caches, outputs and tests.
NOT_SOURCE = {"build", "output", "seeds", "tests", "benchmarks", "docs"}


def _not_source(folder: str, names: list[str]) -> set[str]:
    """Left out of the copy the wheel is built from (the checkout's top level only)."""
    if Path(folder) != ROOT:
        return {"__pycache__"} & set(names)
    return {n for n in names if n in NOT_SOURCE or n.startswith(".") or n.endswith(".egg-info")}


def _build_traces() -> dict[str, int]:
    """What an in-place build writes in the checkout: its metadata and its build folder."""
    return {
        str(p.relative_to(ROOT)): p.stat().st_mtime_ns
        for pattern in ("*.egg-info", "*.egg-info/*", "build")
        for p in ROOT.glob(pattern)
    }


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the built wheel in it; the libraries it needs are borrowed
    from this test's own environment by path (no download, and not this checkout).

    Built from a copy of the checkout: setuptools rewrites `sheetgen.egg-info` in the folder
    it builds, and the tests running beside this one read the project's entry points from
    the checkout's (the console's `bsg` command was missing once, mid-rewrite)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=_not_source)
    before = _build_traces()
    built = subprocess.run(
        [*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(work / "dist"), str(source)],
        capture_output=True,
        text=True,
        cwd=work,
    )
    assert built.returncode == 0, built.stderr
    assert _build_traces() == before, "the build wrote into the checkout"
    (wheel,) = (work / "dist").glob("sheetgen-*.whl")
    env_dir = work / "venv"
    venv.create(env_dir, with_pip=False)
    target = env_dir / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    site = target / "site-packages"
    # Only the libraries' folder, as a plain path: the editable install's hooks stay out.
    (site / "borrowed-libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = subprocess.run(
        [*PIP, "install", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
        capture_output=True,
        text=True,
        cwd=work,
    )
    assert install.returncode == 0, install.stderr
    return env_dir


@pytest.fixture(scope="module")
def wheel_files(installed: Path) -> set[str]:
    """The package files the wheel installed, as paths inside the package."""
    site = next(installed.glob("lib/python*/site-packages"))
    return {
        str(p.relative_to(site))
        for p in (site / "generator").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def _run(env_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from generator.entry import run; sys.argv[0] = 'sheetgen'; run()"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def test_the_installed_wheel_makes_a_whole_game_in_an_empty_folder(
    installed: Path, tmp_path: Path
) -> None:
    where = _run(installed, tmp_path, "--version")
    assert where.returncode == 0 and "sheetgen" in where.stdout
    located = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import generator; print(generator.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert str(installed) in located.stdout and str(ROOT) not in located.stdout
    made = _run(installed, tmp_path, "game", "--no-images", "--seed", "wheel-test-seed-0123456789")
    assert made.returncode == 0, made.stderr
    (folder,) = (tmp_path / "output").iterdir()
    assert (folder / "plan.json").is_file() and (folder / "posting-guide.md").is_file()
    assert list((folder / "sheets").glob("*.pdf"))


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_ships_in_the_wheel(installed: Path, tmp_path: Path, pack: str) -> None:
    result = _run(installed, tmp_path, "check", pack)
    assert result.returncode == 0, result.stderr
    assert "OK" in result.stdout


def test_the_names_font_ships_in_the_wheel(installed: Path, tmp_path: Path) -> None:
    """DejaVu Sans and its licence are package data: the installed sheetgen draws a Hebrew
    name in the podium picture with the font from its own package, not from a checkout."""
    code = (
        "from generator.art.typed import WIDE_FONTS, FONT_DIR; "
        "print(FONT_DIR); print(all(p.is_file() for p in WIDE_FONTS.values())); "
        "print((FONT_DIR / 'LICENSE-DejaVu.txt').is_file())"
    )
    found = subprocess.run(
        [str(installed / "bin" / "python"), "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    folder, fonts, licence = found.stdout.split()
    assert str(installed) in folder and fonts == licence == "True", found.stderr
    made = _run(
        installed, tmp_path, "game", "--pack", "moon-drop", "--no-images", "-o", "md",
        "--seed", "wheel-names-seed-0123456789", "--start", "2026-12-07",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    (tmp_path / "md" / "scores.csv").write_text(
        "player,round,score\nשרה,final,7\nАна,final,5\n", encoding="utf-8"
    )
    ranked = _run(installed, tmp_path, "rankings", "-o", "md")
    assert ranked.returncode == 0, ranked.stderr
    assert (tmp_path / "md" / "rankings" / "final.png").is_file()


def test_the_wheel_holds_every_file_of_the_checkout(wheel_files: set[str]) -> None:
    """Every source and data file git keeps under generator/ and content/ is in the wheel (a
    folder of modules without __init__.py, or a data file no pattern names, would not be)."""
    tracked = subprocess.run(
        ["git", "ls-files", "generator", "content"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    expected = {
        "generator/packs/" + name.removeprefix("content/") if name.startswith("content/") else name
        for name in tracked.stdout.splitlines()
        if (ROOT / name).is_file()
    }
    missing = sorted(expected - wheel_files)
    assert missing == []


def ok(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    return result


AT = ("--at", "2026-12-08 12:00")  # day 2 of a game whose day 1 is 2026-12-07
SEED = "wheel-every-pack-seed-0123456789"


def _planned_game(env: Path, here: Path, pack: str) -> None:
    ok(_run(env, here, "new", pack, "game.yaml", "--seed", SEED, "--start", "2026-12-07"))
    ok(_run(env, here, "game", "--game", "game.yaml", "--no-images", "--paper", "a4", "-o", "g"))
    assert "Day 2" in ok(_run(env, here, "today", "-o", "g", *AT)).stdout
    ok(_run(env, here, "console", "-o", "g", *AT))
    assert (here / "g" / "console-HOST-ONLY-unposted-posts.html").is_file()
    ok(_run(env, here, "digest", "-o", "g"))
    assert (here / "g" / "digest.html").is_file()


def test_galaxy_trucker_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    _planned_game(installed, tmp_path, "galaxy-trucker")
    shutil.copy(CASES / "ships" / "seed-42-round-1.txt", tmp_path / "ship.txt")
    scored = ok(_run(installed, tmp_path, "score", "galaxy-trucker", "ship.txt",
                     "--seed", "42", "--round", "1"))  # fmt: skip
    assert "Round 1 score" in scored.stdout
    balance = ok(_run(installed, tmp_path, "balance", "--seeds", "2", "--workers", "1"))
    assert balance.stdout.strip()


def test_keep_on_trucking_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    """The game that crashed from every installed wheel: its flight engine (a folder of
    modules) and its balance references were left out."""
    _planned_game(installed, tmp_path, "keep-on-trucking")
    shutil.copy(CASES / "ships" / "kot-real-seed-22-round-2.txt", tmp_path / "ship.txt")
    scored = ok(_run(installed, tmp_path, "score", "keep-on-trucking", "ship.txt",
                     "--seed", "kot-real-seed-22", "--round", "2",
                     "--option", "ships=A", "--option", "difficulty=hard"))  # fmt: skip
    assert "score" in scored.stdout.lower()
    balance = ok(_run(installed, tmp_path, "balance", "--pack", "keep-on-trucking",
                      "--seeds", "2", "--workers", "1"))  # fmt: skip
    assert balance.stdout.strip()


def test_moon_drop_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    _planned_game(installed, tmp_path, "moon-drop")
    shutil.copy(CASES / "moon-drop" / "grids" / "fire-plague-fungus.txt", tmp_path / "grid.txt")
    scored = ok(_run(installed, tmp_path, "score", "moon-drop", "grid.txt", "--seed", "s-27"))
    assert "Score: " in scored.stdout


def test_card_race_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    ok(_run(installed, tmp_path, "new", "card-race", "table.yaml", "--seed", SEED))
    made = ok(_run(installed, tmp_path, "card-race", "new", "table.yaml", "--no-images", "-o", "g"))
    assert "sheetgen card-race bid" in made.stdout
    status = ok(_run(installed, tmp_path, "card-race", "status", "g", "--json"))
    first = json.loads(status.stdout)
    assert first["round"] == 1
    assert "to bid" in ok(_run(installed, tmp_path, "today", "-o", "g")).stdout
    ok(_run(installed, tmp_path, "console", "-o", "g"))
    ok(_run(installed, tmp_path, "digest", "-o", "g"))
    assert (tmp_path / "g" / "console-HOST-ONLY-unposted-posts.html").is_file() and (
        tmp_path / "g" / "digest.html"
    ).is_file()
    (tmp_path / "scores.txt").write_text("round player bid tricks boosters\n1 Ada 1 1 0\n"
                                         "1 Ben 0 0 0\n1 Cleo 0 0 0\n")  # fmt: skip
    assert "Ada" in ok(_run(installed, tmp_path, "score", "card-race", "scores.txt")).stdout


def test_battlestar_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    ok(_run(installed, tmp_path, "new", "battlestar", "bsg.yaml", "--seed", SEED))
    ok(_run(installed, tmp_path, "bsg", "setup", "bsg.yaml", "-o", "g"))
    assert (tmp_path / "g" / "posting-guide.md").is_file()
    game = ("--game", "bsg.yaml", "-o", "g")
    assert "turn 1" in ok(_run(installed, tmp_path, "today", *game)).stdout
    ok(_run(installed, tmp_path, "console", *game))
    ok(_run(installed, tmp_path, "digest", *game))
    assert (tmp_path / "g" / "console-HOST-ONLY-unposted-posts.html").is_file() and (
        tmp_path / "g" / "digest.html"
    ).is_file()
    # `game` on the pack alone is refused with the way in, and writes nothing.
    refused = _run(installed, tmp_path, "game", "--pack", "battlestar", "-o", "x")
    assert refused.returncode == 2 and "sheetgen bsg setup FILE" in refused.stderr
    assert not (tmp_path / "x").exists()
