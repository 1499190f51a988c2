"""A Battlestar game in a scratch folder, driven through the CLI as a moderator would."""

from __future__ import annotations

import hashlib
import json
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
        rules: int | None = None,
    ) -> None:
        """`rules`: the game's log is begun under these older turn rules (a log a former
        sheetgen wrote, which replays as it was accepted): 2, before the kit enforced the
        turn's sequence. For tests of something else than the sequence, played loosely."""
        self.rules = rules
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
        if args[0] == "setup" and self.rules is not None and code == 0:
            self._begin_under(self.rules)
        return result

    def _begin_under(self, rules: int) -> None:
        log = self.folder / "table-log.jsonl"
        if not log.is_file():
            return
        lines = log.read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0])
        if len(lines) == 1 and head.get("rules") != rules:
            head["rules"] = rules
            lines[0] = json.dumps(head, ensure_ascii=False, sort_keys=True)
            log.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def state(self) -> TableState:
        table = replay(open_table(self.file))
        assert table.state is not None
        return table.state

    def files(self, under: str) -> dict[str, str]:
        """Each file's text (a picture's: its SHA-256, so that files compare alike)."""
        base = self.folder / under
        return {
            str(p.relative_to(self.folder)): (
                "png " + hashlib.sha256(p.read_bytes()).hexdigest()
                if p.suffix == ".png"
                else p.read_text(encoding="utf-8")
            )
            for p in sorted(base.rglob("*"))
            if p.is_file()
        }

    def post_with(self, entry: int) -> str:
        """The public post that holds entry `entry` (one post per phase of a turn, rules 3
        on): its key, e.g. `public/turn-01-2-crisis`."""
        table = replay(open_table(self.file))
        assert table.phases is not None
        return next(p.key for p in table.phases.posts if entry in p.entries)

    def log_bytes(self) -> bytes:
        return (self.folder / "table-log.jsonl").read_bytes()


# Five players, two with multi-skills (Starbuck and Apollo), a legal choosing order for
# FIVE_SEED (first player: Ann, seat 3).
FIVE_SEED = "moderator-trial-seed-7781"
FIVE = [
    ("Dan", "lee-adama", None),
    ("Eve", "galen-tyrol", None),
    ("Ann", "kara-thrace", None),
    ("Cat", "william-adama", None),
    ("Ben", "laura-roslin", None),
]
# Each player's Receive Skills choice, in the order a moderator types it (not alphabetical).
FIVE_DRAWS = {
    "kara-thrace": ["tactics=2", "piloting=2", "engineering=1"],
    "lee-adama": ["piloting=2", "tactics=1", "politics=1", "leadership=1"],
}


def settle(game: BsgGame, run: Any = None) -> None:
    """What a table does before `next`: the Sympathizer revealed at once, and everyone over
    the hand limit (or a revealed Cylon above 3) discarding down, lowest cards first."""
    run = run or game.run
    state = game.state()
    if state.sympathizer_due():
        holder = next(p for p in state.players if p.holds_sympathizer())
        run("sympathizer", holder.name)
        state = game.state()
    for player in state.players:
        keep = state.discard_to.get(player.seat, 10)
        skills = [c for d, c in player.hand if d.startswith("skill:")]
        if len(skills) > keep:
            lowest = sorted(skills, key=lambda c: (int(c.partition(":")[2]), c))
            run("play", player.name, *lowest[: len(skills) - keep], "--discard")


class Recorder:
    """Keeps each private file as it was when first written (what the player received)."""

    def __init__(self, game: BsgGame) -> None:
        self.game = game
        self.kept: dict[str, str] = {}
        self.take()

    def take(self) -> None:
        for under in ("private", "moderator"):
            if (self.game.folder / under).exists():
                for name, text in self.game.files(under).items():
                    self.kept.setdefault(name, text)

    def run(self, *args: str, code: int = 0) -> Result:
        result = self.game.run(*args, code=code)
        self.take()
        return result


def play_five(game: BsgGame, turns: int = 5) -> Recorder:
    """A moderator's first turns, in the turn's sequence: skills (multi-skills typed out of
    alphabetical order), a Crisis card (a skill check every other turn, else an event with
    the jump icon), a Quorum draw, fleet changes, the jump preparation, next."""
    game.run("setup")
    rec = Recorder(game)
    for turn in range(1, turns + 1):
        state = game.state()
        current = state.player(state.current_seat)
        rec.run("skills", current.name, *FIVE_DRAWS.get(current.character, []))
        if turn == 2:
            rec.run("draw", "quorum")
        if turn % 2 == 1:
            rec.run("draw", "crisis", "--kind", "check")
            rec.run(
                "check-open", "--types", "tactics,piloting", "--difficulty", "6",
                "--partial", "3", "--name", f"Crisis {turn}",
            )  # fmt: skip
            check = game.state().check
            assert check is not None
            for seat in check.order:
                player = game.state().player(seat)
                held = [c for d, c in player.hand if d.startswith("skill:")]
                rec.run("check-add", player.name, *held[: (seat + turn) % 3])
            rec.run("check-resolve")
        else:
            rec.run("draw", "crisis", "--kind", "event", "--jump")
        rec.run("fleet", "morale=-1", "food=-1")
        if turn % 2 == 0:
            rec.run("resolved")
            rec.run("prep")
        settle(game, rec.run)
        rec.run("next")
    return rec
