"""Item 2 of issue 19 for the Rough Roads dice: one Facebook comment per card, so reading one
card's dice never shows another's; the round start post names each comment."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# With this seed round 2 draws three Rough Roads cards, each with dice of its own.
SEED = "kot-rough-roads-seed-1-0123456789"


def test_each_rough_roads_card_has_its_own_comment(run: Any, tmp_path: Path) -> None:
    game = tmp_path / "k.yaml"
    game.write_text(
        f"pack: keep-on-trucking\nseed: {SEED}\nstart: 2026-12-01\ndifficulty: insane\n"
    )
    assert run("game", "--game", str(game), "--no-images", "-o", "k").exit_code == 0
    root = tmp_path / "k"
    plan = json.loads((root / "plan.json").read_text())
    rolling = [n for n, road in enumerate(plan["rough_roads"][1], 1) if road.get("rolls")]
    assert rolling == [1, 2, 3]
    post = (root / "round-2" / "start.facebook.txt").read_text()
    assert "The dice of RR1, RR2 and RR3 are in the comments “RR1”, “RR2” and “RR3”" in post
    for index, number in enumerate(rolling, 1):
        comment = (root / "round-2" / f"start.facebook-comment-{index}.txt").read_text()
        assert comment.startswith(f"RR{number} · SPOILER")
        dice = [line for line in comment.splitlines() if line.startswith("RR")][1:]
        assert dice and all(line.startswith(f"RR{number} Dice for ") for line in dice)
    host = (root / "round-2" / "start.host.txt").read_text()
    assert host.index("Comment 1 of 3 (RR1)") < host.index("Comment 3 of 3 (RR3)")
