"""`sheetgen send` for a table game: the posts `today` lists after the latest entry, after the
private messages the host sends (a webhook cannot), then one message that pings only the
players the table waits for, by the Discord ids the host gave."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from bsg_helpers import BsgGame
from card_race_helpers import PlayedTable
from click.testing import CliRunner, Result

from generator.cli import main
from generator.host import discord_webhook
from tests.discord_stub import Stub, start_stub

IDS = {"Ada": "123456789012345678", "Ben": "223456789012345678", "Cleo": "323456789012345678"}


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[Stub]:
    server = start_stub()
    monkeypatch.setenv("SHEETGEN_DISCORD_WEBHOOK", server.url)
    monkeypatch.setattr(discord_webhook, "pause", lambda seconds: None)
    yield server
    server.close()


@pytest.fixture
def table(tmp_path: Path, run: Callable[..., Result]) -> PlayedTable:
    played = PlayedTable(tmp_path, run)
    lines = "".join(f"{name} {user}\n" for name, user in IDS.items())
    (played.folder / "discord-players.txt").write_text(lines)
    return played


def send(table: PlayedTable, *args: str, code: int = 0) -> Result:
    result = CliRunner().invoke(main, ["send", "-o", str(table.folder), *args])
    assert result.exit_code == code, result.output
    return result


def test_the_table_posts_wait_for_the_hands_then_go_with_a_ping(
    table: PlayedTable, stub: Stub
) -> None:
    first = send(table)
    assert "Not by webhook, send it yourself: the private message to Ada:" in first.output
    assert "`sheetgen send --private-sent`" in first.output
    assert stub.requests == 0
    send(table, "--private-sent")
    round_post = (table.folder / "round-01/round.discord.md").read_text().rstrip("\n")
    assert [m.content for m in stub.messages][:1] == [round_post]
    ping = stub.messages[-1]
    # Standard bidding: the first to bid is pinged, and only they may be.
    (waiting,) = [name for name, user in IDS.items() if f"<@{user}>" in ping.content]
    assert ping.allowed_mentions == {"parse": [], "users": [IDS[waiting]]}
    assert f"{waiting} to bid." in ping.content
    assert "Nothing to send now." in send(table).output  # never twice
    count = len(stub.messages)
    table.play()  # the bid: its table post, then the next bidder is pinged
    send(table)
    new = stub.messages[count:]
    assert len(new) >= 2
    assert new[-1].allowed_mentions["users"] != [IDS[waiting]]
    assert all("<@" not in m.content for m in new[:-1])


def test_a_player_without_an_id_is_not_pinged(table: PlayedTable, stub: Stub) -> None:
    (table.folder / "discord-players.txt").write_text("# nobody yet\n")
    send(table, "--private-sent")
    assert stub.messages and all(m.allowed_mentions["users"] == [] for m in stub.messages)
    assert all("<@" not in m.content for m in stub.messages)


def test_a_wrong_id_line_is_said_at_its_line(table: PlayedTable, stub: Stub) -> None:
    (table.folder / "discord-players.txt").write_text("Ada 12ab\n")
    result = send(table, "--private-sent", code=2)
    assert "discord-players.txt:1: expected a player's name and their Discord user id" in (
        result.output
    )


def test_battlestar_pings_the_player_whose_turn_it_is(tmp_path: Path, stub: Stub) -> None:
    game = BsgGame(tmp_path)
    game.run("setup")
    names = [p["name"] for p in yaml.safe_load(game.file.read_text())["players"]]
    users = {name: f"{index + 1}" * 18 for index, name in enumerate(names)}
    (game.folder / "discord-players.txt").write_text(
        "".join(f"{name} {user}\n" for name, user in users.items())
    )
    args = ["send", "--game", str(game.file)]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "Not by webhook, send it yourself: the private message to" in first.output
    assert stub.requests == 0  # the setup post waits for the loyalty cards
    sent = CliRunner().invoke(main, [*args, "--private-sent"])
    assert sent.exit_code == 0, sent.output
    ping = stub.messages[-1]
    assert len(ping.allowed_mentions["users"]) == 1
    (user,) = ping.allowed_mentions["users"]
    assert f"<@{user}>" in ping.content
    assert all("<@" not in m.content for m in stub.messages[:-1])
