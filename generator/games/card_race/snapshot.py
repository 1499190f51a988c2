"""Which snapshots (generator/folder/table_snapshot.py) belong to a Galactic Card Race table: those
of its deal. The plan is the deal, so its whole text is the key, and its seed (which the
players never see) is the secret a snapshot is signed with."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from generator.folder.table_snapshot import Snapshots
from generator.games.card_race.content import CardRace


def snapshots(folder: Path, content: CardRace, plan: dict[str, Any]) -> Snapshots:
    deal = json.dumps(plan, sort_keys=True, ensure_ascii=False, default=str)
    return Snapshots(
        game="card-race",
        key=hashlib.sha256(deal.encode("utf-8")).hexdigest(),
        secret=str(plan.get("seed", "")).encode("utf-8"),
        place=folder,
        # The replayed table holds the pack's content and the plan: the command has both.
        shared={"content": content, "plan": plan},
    )
