"""A Galactic Card Race table in a scratch folder, as a host starts and plays it: shared by
the Card Race tests and the folder-hash guard."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import Result

from generator.games.card_race.cards import sorted_hand
from generator.games.card_race.content import CardRace
from generator.games.card_race.judge import may_play
from generator.games.card_race.model import Table
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.planner import make_plan
from generator.games.card_race.table.replay import TableState, bid, choose_trump, new_table, play
from generator.kit.session import load_content, plan_header
from generator.pack.load import load_pack
from generator.plan.model import read_plan, to_data

SEED = "card-race-played-table-seed-0123456789"  # a PlayedTable's, unless told


def start_table(
    where: Path,
    run: Callable[..., Result],
    seed: str,
    lang: str = "en",
    bidding: str = "standard",
    players: str = "[Ada, Ben, Cleo]",
) -> Path:
    """`card-race new` of a 7-round game file for these players; the game folder."""
    game_file = where / "game.yaml"
    game_file.write_text(
        f"pack: card-race\nseed: {seed}\nplayers: {players}\nrounds: 7\n"
        f"bidding: {bidding}\nlang: {lang}\npaper: a4\n",
        encoding="utf-8",
    )
    folder = where / "game"
    result = run("card-race", "new", str(game_file), "-o", str(folder), "--no-images")
    assert result.exit_code == 0, result.output
    return folder


def plan_of(folder: Path) -> dict[str, Any]:
    """The folder's plan.json as it is written."""
    return json.loads((folder / "plan.json").read_text(encoding="utf-8"))


def typed_plan(data: dict[str, Any]) -> CardRacePlan:
    """plan.json's data read as the table reads it."""
    return read_plan(CardRacePlan, data, "plan.json")


def table_plan_of(folder: Path) -> CardRacePlan:
    """The folder's plan, as the table reads it."""
    return typed_plan(plan_of(folder))


def dealt_plan(content: CardRace, table: Table, seed: str) -> CardRacePlan:
    """A game's plan dealt for `table` (as `card-race new` deals it from a game file)."""
    data = to_data(plan_header(load_pack("card-race"), seed, None))
    data.update(make_plan(content, table, seed, None))
    return typed_plan(data)


def next_legal_action(state: TableState) -> list[str]:
    """The next table command a host could type, played on `state`: trump when a Navigator
    asks for it, a bid of 0, else the lowest card the player may play."""
    rnd = state.current
    if rnd.trump_open:
        choose_trump(state, "P")
        return ["trump", "P"]
    if not rnd.bidding_done:
        player = rnd.waiting_bids()[0]
        bid(state, player, 0)
        return ["bid", player, "0"]
    player = rnd.next_player()
    hand = rnd.hands[player]
    so_far = [c for _, c in rnd.current]
    card = next(c for c in sorted_hand(hand) if may_play(c, hand, so_far))
    play(state, player, card.code)
    return ["play", player, card.code]


class PlayedTable:
    """A Card Race table and a copy of its state, played one legal entry at a time."""

    def __init__(
        self, where: Path, run: Callable[..., Result], seed: str = SEED, **options: str
    ) -> None:
        self.run = run
        self.folder = start_table(where, run, seed, **options)
        self.plan = plan_of(self.folder)
        self.state: TableState = new_table(load_content("card-race")[2], typed_plan(self.plan))
        self.entries = 0

    def play(self) -> list[str]:
        command, *words = next_legal_action(self.state)
        result = self.run("card-race", command, str(self.folder), *words)
        assert result.exit_code == 0, result.output
        self.entries += 1
        return [command, *words]

    def today(self, *options: str) -> Result:
        result = self.run("today", "-o", str(self.folder), *options)
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        return result
