"""Inputs the long fuzz run found, kept as plain cases: each must be a clear content error
(file:line, exit 2), not a crash while the posts are written."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from generator.pack.load import CONTENT_DIR


def test_moon_drop_crisis_with_empty_safe_text_is_a_content_error(tmp_path: Path, run: Any) -> None:
    # Found by SHEETGEN_FUZZ_EXAMPLES=1500: `safe: ''` passed `check` and then crashed the
    # post writer, which capitalises the text's first letter.
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "moon-drop", pack)
    cards = pack / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("safe: Every building has a Life Support.", "safe: ''", 1), encoding="utf-8"
    )
    result = run("check", "pack")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "pack/cards.yaml:7: crises[0].safe:" in result.output, result.output


def test_moon_drop_empty_text_anywhere_players_read_is_refused(tmp_path: Path, run: Any) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "moon-drop", pack)
    texts = pack / "texts.yaml"
    lines = texts.read_text(encoding="utf-8").splitlines()
    key = next(line.split(":")[0] for line in lines if line.startswith("game_name:"))
    texts.write_text(
        "\n".join(f"{key}: ''" if line.startswith(f"{key}:") else line for line in lines) + "\n",
        encoding="utf-8",
    )
    result = run("check", "pack")
    assert result.exit_code == 2, result.output
    assert "pack/texts.yaml:" in result.output and "game_name" in result.output, result.output


def test_a_very_long_unknown_tile_kind_is_abridged_in_the_message(tmp_path: Path, run: Any) -> None:
    # Found by an exploring run of the Galaxy Trucker pack fuzz: the message echoed all
    # 3,000 characters of the wrong kind.
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", pack)
    tiles = pack / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text(text.replace("kind: cabin", "kind: " + "x" * 3000, 1), encoding="utf-8")
    result = run("check", "pack")
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if "unknown tile kind" in line]
    assert lines, result.output
    assert all(len(line) < 400 for line in lines), lines
