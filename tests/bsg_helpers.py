"""A Battlestar game in a scratch folder, driven through the CLI as a moderator would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner, Result

from generator.cli import main
from generator.games.battlestar.game import open_table, replay
from generator.games.battlestar.state import TableState

FOUR = [
    ("alice", "laura-roslin", None),
    ("bob_b", "william-adama", None),
    ("Carol", "kara-thrace", ["tactics", "piloting", "leadership"]),
    ("dave", "galen-tyrol", None),
]


class BsgGame:
    def __init__(
        self,
        root: Path,
        seed: str = "bsg-test-seed-0001-abcdef",
        players: list[tuple[str, str | None, list[str] | None]] | None = None,
        difficulty: str = "standard",
    ) -> None:
        self.root = root
        self.file = root / "game.yaml"
        self.folder = root / "table"
        entries: list[dict[str, Any]] = []
        for name, character, skills in players or FOUR:
            entry: dict[str, Any] = {"name": name}
            if character:
                entry["character"] = character
            if skills:
                entry["setup_skills"] = skills
            entries.append(entry)
        data = {
            "pack": "battlestar",
            "seed": seed,
            "difficulty": difficulty,
            "output": "table",
            "players": entries,
        }
        root.mkdir(parents=True, exist_ok=True)
        self.file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")

    def run(self, *args: str, code: int = 0) -> Result:
        result = CliRunner().invoke(main, ["bsg", *args[:1], str(self.file), *args[1:]])
        assert result.exit_code == code, (args, result.output, result.exception)
        assert "Traceback" not in result.output
        return result

    def state(self) -> TableState:
        table = replay(open_table(self.file))
        assert table.state is not None
        return table.state

    def files(self, under: str) -> dict[str, str]:
        base = self.folder / under
        return {
            str(p.relative_to(self.folder)): p.read_text(encoding="utf-8")
            for p in sorted(base.rglob("*"))
            if p.is_file()
        }

    def log_bytes(self) -> bytes:
        return (self.folder / "table-log.jsonl").read_bytes()
