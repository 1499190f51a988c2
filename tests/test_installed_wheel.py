"""sheetgen installs like a Python tool: the wheel carries the five game packs, so a host who
ran `pipx install .` (or pip install of the wheel) makes a game in an empty folder, far from
any checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PIP = (sys.executable, "-m", "pip", "-q")
PACKS = ("battlestar", "card-race", "galaxy-trucker", "keep-on-trucking", "moon-drop")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the built wheel in it; the libraries it needs are borrowed
    from this test's own environment by path (no download, and not this checkout)."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(work / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
        cwd=work,
    )
    assert built.returncode == 0, built.stderr
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
