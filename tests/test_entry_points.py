"""Entry points read without importlib.metadata (generator/common/entry_points.py) are the ones
importlib.metadata finds: every group of this environment, and made-up installs with a
distribution twice on the path, an egg-info, comments, extras and an unreadable file."""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest

from generator.common import entry_points as ours


def theirs(group: str) -> list[tuple[str, str]]:
    return sorted((e.name, e.value) for e in importlib.metadata.entry_points(group=group))


def mine(group: str) -> list[tuple[str, str]]:
    ours.entry_points.cache_clear()
    return sorted((e.name, e.value) for e in ours.entry_points(group))


def test_every_group_of_this_environment_is_found_alike() -> None:
    groups = {ep.group for d in importlib.metadata.distributions() for ep in d.entry_points}
    assert {"console_scripts", "sheetgen.commands"} <= groups
    for group in sorted(groups):
        assert mine(group) == theirs(group), group
    assert [e.name for e in ours.entry_points("sheetgen.commands")] == ["bsg", "card-race"]


def test_made_up_installs_are_found_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    files = {
        first / "Flip_Game-1.0.dist-info": "# games\n[sheetgen.games]\n flip = flip.rules \n\n"
        "[console_scripts]\nflip = flip.cli:main [extra]\n",
        second / "flip_game-2.0.dist-info": "[sheetgen.games]\nold = flip.old\n",  # shadowed
        second / "other.egg-info": "; a comment\n[sheetgen.games]\nother=other.game:RULES\n",
        second / "broken-1.0.dist-info": None,  # no entry_points.txt
    }
    for folder, text in files.items():
        folder.mkdir(parents=True)
        (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {folder.name}\n")
        if text is not None:
            (folder / "entry_points.txt").write_text(text)
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    importlib.invalidate_caches()
    for group in ("sheetgen.games", "console_scripts", "nothing"):
        assert mine(group) == theirs(group), group
    assert mine("sheetgen.games") == [("flip", "flip.rules"), ("other", "other.game:RULES")]
    point = next(e for e in ours.entry_points("console_scripts"))
    assert (point.module, point.attr) == ("flip.cli", "main")
    # A file that is no text (importlib.metadata raises on it) is passed over.
    (second / "bad-1.0.dist-info").mkdir()
    (second / "bad-1.0.dist-info" / "entry_points.txt").write_bytes(b"\xff\xfe[x]")
    assert mine("sheetgen.games") == [("flip", "flip.rules"), ("other", "other.game:RULES")]
    ours.entry_points.cache_clear()
