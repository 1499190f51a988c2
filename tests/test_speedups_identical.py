"""Every speed-up that has a switch leaves every output file as it was: the drawing pool
(SHEETGEN_WORKERS=2 draws in a pool of two, =1 in-process, as a game's pictures are drawn
unless told), the posts drawn straight in the palette (SHEETGEN_PALETTE_DRAWING=off draws
them in RGB and maps them after), the sheet cache (SHEETGEN_CACHE=off), reportlab's
C accelerator (`_rl_accel`, blocked here so reportlab uses its Python code), the sheets'
operators written by the surface itself (SHEETGEN_PDF_OPS=canvas draws through reportlab's
canvas methods), freed memory reused and RGB pictures let go once mapped
(SHEETGEN_REUSE_MEMORY=off keeps both as they were), the palette found from the mosaic's
colour counts (SHEETGEN_PALETTE_FROM_COUNTS=off runs Pillow's quantizer); and two without
a switch, turned off here as a run starts: plainly valid files validated without pydantic
(pack/quick_validation.py) and each PDF stream compressed once (art/pdf_streams.py). Five
packs, each run as a host runs it, a process of its own."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

SEED = "speed-switch-seed-0123456789abcdef"
# What a run does first, to switch off a speed-up that has no switch of its own.
NO_ACCELERATOR = "import sys; sys.modules['_rl_accel'] = None"
PYDANTIC_ONLY = (
    "import generator.pack.quick_validation as q; q.quick_validate = lambda *a, **k: None"
)
REPORTLAB_FLATE = "import generator.art.pdf_surface as s; s.compress_streams_once = lambda: None"
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


def _run(where: Path, args: list[str], env: dict[str, str], prelude: str = "") -> None:
    code = (
        f"{prelude}\nimport sys\nfrom generator.entry import run\nsys.argv[0] = 'sheetgen'\nrun()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=where, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def _outputs(
    tmp: Path, pack: str, name: str, env: dict[str, str], prelude: str = ""
) -> dict[str, str]:
    where = tmp / name
    where.mkdir()
    if pack == "battlestar":
        (where / "game.yaml").write_text(BATTLESTAR.format(seed=SEED), encoding="utf-8")
        _run(where, ["bsg", "setup", "game.yaml"], env, prelude)
        _run(where, ["sheets", "--pack", pack, "--seed", SEED, "-o", "sheets"], env, prelude)
        return {**_hashes(where / "table"), **_hashes(where / "sheets")}
    _run(
        where,
        ["game", "--pack", pack, "--seed", SEED, "--start", "2026-12-01", "-o", "g"],
        env,
        prelude,
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
    cold = dict(base, SHEETGEN_CACHE="off")
    switched = {
        "pool on": (dict(base, SHEETGEN_WORKERS="2"), ""),
        "pool off": (dict(base, SHEETGEN_WORKERS="1"), ""),
        "cache off": (cold, ""),
        "cache warm": (base, ""),
        "drawing in RGB": (dict(base, SHEETGEN_PALETTE_DRAWING="off"), ""),
        "RGB, cache off": (dict(cold, SHEETGEN_PALETTE_DRAWING="off"), ""),
        "no C accelerator": (cold, NO_ACCELERATOR),
        "PDF through the canvas": (dict(cold, SHEETGEN_PDF_OPS="canvas"), ""),
        # Every file validated by pydantic, none by pack/quick_validation.py.
        "pydantic validates all": (cold, PYDANTIC_ONLY),
        # Every PDF stream compressed by reportlab's own filter (art/pdf_streams.py).
        "reportlab flate": (cold, REPORTLAB_FLATE),
        # malloc as the system sets it, every RGB picture kept (common/memory.py).
        "memory not reused": (dict(cold, SHEETGEN_REUSE_MEMORY="off"), ""),
        # The game's palette by Pillow's quantizer (art/octree_palette.py).
        "palette by the quantizer": (dict(cold, SHEETGEN_PALETTE_FROM_COUNTS="off"), ""),
    }
    for name, (env, prelude) in switched.items():
        found = _outputs(tmp_path, pack, name.replace(" ", "-"), env, prelude)
        differ = sorted(
            k for k in reference.keys() | found.keys() if reference.get(k) != found.get(k)
        )
        assert not differ, (name, differ[:5])
