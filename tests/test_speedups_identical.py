"""Every speed-up that has a switch leaves every output file as it was: the drawing pool
(SHEETGEN_WORKERS=2 draws in a pool of two, =1 in-process, as a game's pictures are drawn
unless told), the posts drawn straight in the palette (SHEETGEN_PALETTE_DRAWING=off draws
them in RGB and maps them after), the sheet cache (SHEETGEN_CACHE=off), reportlab's
C accelerator (`_rl_accel`, blocked here so reportlab uses its Python code) and the sheets'
operators written by the surface itself (SHEETGEN_PDF_OPS=canvas draws through reportlab's
canvas methods). Five packs, each run as a host runs it, a process of its own."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

SEED = "speed-switch-seed-0123456789abcdef"
NO_ACCELERATOR = (
    "import sys; sys.modules['_rl_accel'] = None; "
    "from generator.entry import run; sys.argv[0] = 'sheetgen'; run()"
)
BATTLESTAR = """\
pack: battlestar
seed: {seed}
output: table
players:
  - {{name: alice, character: laura-roslin}}
  - {{name: bob, character: william-adama}}
  - {{name: carol, character: kara-thrace, setup_skills: [tactics, piloting, leadership]}}
  - {{name: dave, character: galen-tyrol}}
"""


def _hashes(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != "console.html"
    }


def _run(where: Path, args: list[str], env: dict[str, str], accelerator: bool = True) -> None:
    code = NO_ACCELERATOR if not accelerator else "from generator.entry import run; run()"
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=where, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def _outputs(
    tmp: Path, pack: str, name: str, env: dict[str, str], accelerator: bool = True
) -> dict[str, str]:
    where = tmp / name
    where.mkdir()
    if pack == "battlestar":
        (where / "game.yaml").write_text(BATTLESTAR.format(seed=SEED), encoding="utf-8")
        _run(where, ["bsg", "setup", "game.yaml"], env, accelerator)
        _run(where, ["sheets", "--pack", pack, "--seed", SEED, "-o", "sheets"], env, accelerator)
        return {**_hashes(where / "table"), **_hashes(where / "sheets")}
    _run(
        where,
        ["game", "--pack", pack, "--seed", SEED, "--start", "2026-12-01", "-o", "g"],
        env,
        accelerator,
    )
    return _hashes(where / "g")


@pytest.mark.parametrize(
    "pack", ["galaxy-trucker", "keep-on-trucking", "moon-drop", "card-race", "battlestar"]
)
def test_each_speed_up_switched_off_gives_the_same_bytes(tmp_path: Path, pack: str) -> None:
    base = dict(os.environ, SHEETGEN_CACHE=str(tmp_path / "cache"))
    base.pop("SHEETGEN_WORKERS", None)
    reference = _outputs(tmp_path, pack, "default", base)
    assert any(name.endswith(".pdf") for name in reference), sorted(reference)[:5]
    if pack in ("galaxy-trucker", "keep-on-trucking", "moon-drop"):
        assert any(name.endswith(".png") for name in reference)
    switched = {
        "pool on": (dict(base, SHEETGEN_WORKERS="2"), True),
        "pool off": (dict(base, SHEETGEN_WORKERS="1"), True),
        "cache off": (dict(base, SHEETGEN_CACHE="off"), True),
        "cache warm": (base, True),
        "drawing in RGB": (dict(base, SHEETGEN_PALETTE_DRAWING="off"), True),
        "RGB, cache off": (dict(base, SHEETGEN_PALETTE_DRAWING="off", SHEETGEN_CACHE="off"), True),
        "no C accelerator": (dict(base, SHEETGEN_CACHE="off"), False),
        "PDF through the canvas": (
            dict(base, SHEETGEN_PDF_OPS="canvas", SHEETGEN_CACHE="off"),
            True,
        ),
    }
    for name, (env, accelerator) in switched.items():
        found = _outputs(tmp_path, pack, name.replace(" ", "-"), env, accelerator)
        differ = sorted(
            k for k in reference.keys() | found.keys() if reference.get(k) != found.get(k)
        )
        assert not differ, (name, differ[:5])
