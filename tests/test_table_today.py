"""`sheetgen today` for the table games: tied to the table log. Each logged entry makes today
show exactly that entry's posts (and what came due with them) and the next person to act;
before any entry it shows how the game starts; what only a schedule has is a clear error."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bsg_helpers import FOUR, BsgGame
from card_race_helpers import PlayedTable as Table
from click.testing import CliRunner, Result

from generator.cli import main
from generator.games.card_race.table.replay import TableState

Run = Callable[..., Result]


def steps(output: str) -> list[str]:
    """The "Do now" list: one line per post ("Post KEY: ...") or private message."""
    if "Do now" not in output:
        return []
    listed = output.split("in this order:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split(". ", 1)[1] for line in listed.splitlines()]


def keys(output: str) -> list[str]:
    """The posts of the "Do now" list by key, private messages as "to NAME: FILE"."""
    found = []
    for step in steps(output):
        post = re.match(r"Post (\S+): ", step)
        send = re.match(r"Send privately to (.+): (\S+)$", step)
        assert post or send, step
        found.append(post[1] if post else f"to {send[1]}: {send[2]}")  # type: ignore[index]
    return found


def now_lines(output: str) -> list[str]:
    block = output.split("Now:\n", 1)[1].split("\n\n", 1)[0]
    return [line.removeprefix("  - ") for line in block.splitlines()]


def fenced(output: str, name: str) -> str:
    """The text today prints after the step that names file NAME, between its fences."""
    after = output[output.index(f" {name}") :]
    body = after.split("┌", 1)[1].split("\n", 1)[1].split("\n└", 1)[0]
    return body + "\n"


def expected_actor(state: TableState) -> str:
    rnd = state.current
    if rnd.trump_open:
        return f"{rnd.dealer} (dealer) to choose trump."
    if not rnd.bidding_done:
        return f"{rnd.waiting_bids()[0]} to bid."
    return f"{rnd.next_player()} to play (trick {len(rnd.tricks) + 1} of {rnd.number})."


def hands(plan: dict[str, Any], number: int) -> list[str]:
    return [f"to {p}: private/round-{number:02d}/hand-{p}.txt" for p in plan["table"]["players"]]


def test_before_any_entry_today_says_how_the_race_starts(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    out = table.today().stdout
    assert "Round 1 of 7 · nothing logged yet" in out
    assert keys(out) == [*hands(table.plan, 1), "round-01/round"]
    first = table.plan["rounds"][0]["first"]
    assert now_lines(out) == [
        "Start the race: send round 1's hands, then post round 1's round post.",
        f"{first} to bid.",
    ]
    # The hand is named, never shown: its cards are the player's secret.
    hand = (table.folder / f"private/round-01/hand-{first}.txt").read_text()
    cards = [line for line in hand.splitlines() if line.startswith("- ")]
    assert cards and not any(line in out for line in cards)
    assert (
        fenced(out, "round-01/round.facebook.txt")
        == (table.folder / "round-01/round.facebook.txt").read_text()
    )


def test_each_entry_shows_exactly_its_posts_and_who_acts_next(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    seen: set[str] = set()
    # Round 1 (3 bids, 3 plays) and the first entries of round 2.
    for _ in range(9):
        table.play()
        serial = table.entries
        out = table.today().stdout
        number = int(
            json.loads((table.folder / "table.jsonl").read_text().splitlines()[-1])["round"]
        )
        post = f"round-{number:02d}/table-{serial:03d}"
        if serial == 6:  # round 1's last trick: the standings, then round 2 begins
            assert keys(out) == [
                post,
                "round-01/standings",
                *hands(table.plan, 2),
                "round-02/round",
            ]
            assert now_lines(out)[0] == (
                "Round 1 is over: post the standings, then send round 2's hands and post its "
                "round post."
            )
        else:
            assert keys(out) == [post]
        assert now_lines(out)[-1] == expected_actor(table.state)
        assert f"{serial} {'entry' if serial == 1 else 'entries'} logged" in out
        # What today pastes is the file the entry wrote, byte for byte.
        for flavour in ("facebook.txt", "discord.md", "bgg.txt"):
            assert (
                fenced(out, f"{post}.{flavour}") == (table.folder / f"{post}.{flavour}").read_text()
            )
        assert post not in seen  # a post is due once: the next entry's today moves on
        seen.add(post)


def test_platform_option_keeps_only_that_platform(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    table.play()
    out = table.today("--platform", "discord").stdout
    assert "=== Discord ===" in out and "=== Facebook ===" not in out and "=== BGG ===" not in out
    both = table.today("--platform", "bgg", "--platform", "facebook").stdout
    assert "=== BGG ===" in both and "=== Facebook ===" in both and "=== Discord ===" not in both


def test_hidden_bids_are_never_said(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run, bidding="hidden")
    command, player, value = table.play()
    out = table.today().stdout
    assert command == "bid" and f"(the last: {player} bids)" in out
    assert f"{player} bids {value}" not in out
    assert now_lines(out)[-1].startswith("Waiting for the bids (sent to you privately) of ")


def test_the_end_of_the_race(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    while not table.state.over:
        table.play()
    out = table.today().stdout
    serial = table.entries
    assert keys(out) == [f"round-07/table-{serial:03d}", "round-07/standings", "final"]
    assert now_lines(out) == ["The race is over: post the last standings, then the final post."]
    assert "Next: nothing: the race is over." in out


def test_both_languages_post_both_and_send_both_hands(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run, lang="both")
    out = table.today().stdout
    players = table.plan["table"]["players"]
    assert keys(out) == [
        *(
            f"to {p}: private/round-01/hand-{p}.{lang}.txt"
            for lang in ("en", "de")
            for p in players
        ),
        "round-01/round.en",
        "round-01/round.de",
    ]


def test_options_without_a_schedule_are_refused(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    for options in (("day", "2"), ("--at", "2026-12-02 09:00")):
        result = run("today", "-o", str(table.folder), *options)
        assert result.exit_code == 2, result.output
        assert "Galactic Card Race is a table game" in result.output
        assert "has no days or moments" in result.output and "Traceback" not in result.output
    game_file = tmp_path / "game.yaml"
    result = run("today", "--game", str(game_file))
    assert (
        result.exit_code == 2 and "--game is for a table game that keeps its seed" in result.output
    )


# --- Battlestar ---------------------------------------------------------------------------
def bsg_today(game: BsgGame, *options: str, code: int = 0) -> Result:
    result = CliRunner().invoke(main, ["today", "--game", str(game.file), *options])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result


def test_battlestar_today_follows_the_log(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    out = bsg_today(game).stdout
    names = [name for name, _, _ in FOUR]
    setup_sends = [f"to {n}: private/000-setup/seat-{s}.txt" for s, n in enumerate(names, 1)]
    assert keys(out) == [*setup_sends, "public/000-setup"]
    assert "Setup · entry 0 logged" in out
    assert now_lines(out) == list(game.state().queue())
    # Each command: exactly its post (and its messages), and the queue after it.
    current = game.state().player(game.state().current_seat).name
    for n, command in enumerate(
        (("skills", current), ("draw", "crisis"), ("fleet", "food=-1"), ("next",)), 1
    ):
        game.run(*command)
        out = bsg_today(game).stdout
        key = f"public/{n:03d}-{command[0]}"
        sent = sorted(p.name for p in (game.folder / "private" / key[7:]).glob("*.txt"))
        seats = {f"seat-{s}.txt": name for s, name in enumerate(names, 1)}
        assert keys(out) == [*(f"to {seats[s]}: private/{key[7:]}/{s}" for s in sent), key]
        assert now_lines(out) == list(game.state().queue())
        assert f"entry {n} ({command[0]})" in out
        assert (
            fenced(out, f"{key}.facebook.txt") == (game.folder / f"{key}.facebook.txt").read_text()
        )
    # A private message is named, never shown.
    for text in game.files("private").values():
        assert text.splitlines()[0] not in out


def test_battlestar_records_are_kept_not_posted(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("check-open", "--types", "politics", "--difficulty", "3")
    first = game.state().check.order[0]  # type: ignore[union-attr]
    game.run("check-add", game.state().player(first).name)
    out = bsg_today(game).stdout
    assert "Keep to yourself (never post or send): moderator/002-check-add/record.txt" in out
    assert "moderator/" not in "\n".join(steps(out))


def test_battlestar_while_characters_are_chosen(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, players=[(n, None, None) for n, _, _ in FOUR])
    out = bsg_today(game).stdout
    assert steps(out) == [] and "bsg setup" in now_lines(out)[0]
    game.run("setup")
    out = bsg_today(game).stdout
    assert keys(out) == ["public/choose-0"]
    assert now_lines(out)[0].endswith(": choose a character")


def test_battlestar_needs_its_game_file(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    result = CliRunner().invoke(main, ["today", "-o", str(game.folder)])
    assert result.exit_code == 2 and "keeps its seed in its game file" in result.output
    assert "--game GAME_FILE" in result.output
    for options in (("day", "1"), ("--at", "2026-12-01 08:00")):
        assert "has no days or moments" in bsg_today(game, *options, code=2).output
    # -o names the folder when it is not the game file's.
    moved = tmp_path / "elsewhere"
    game.folder.rename(moved)
    assert "public/000-setup" in bsg_today(game, "-o", str(moved)).stdout


def test_a_post_a_stopped_command_left_unwritten_is_said_as_such(tmp_path: Path, run: Run) -> None:
    """A run killed between logging entry 1 and writing its posts: today names the missing
    post (never a traceback, never the advice to write a scheduled game), and the next table
    command writes it."""
    from generator.games.card_race.table.replay import bid, choose_trump

    table = Table(tmp_path, run)
    rnd = table.state.current
    if rnd.trump_open:
        entry = choose_trump(table.state, "P")
    else:
        entry = bid(table.state, rnd.waiting_bids()[0], 0)
    with (table.folder / "table.jsonl").open("a", encoding="utf-8") as log:
        log.write(json.dumps({**entry, "n": 1}, sort_keys=True) + "\n")
    table.entries = 1
    result = run("today", "-o", str(table.folder))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "round-01/table-001.facebook.txt is missing" in result.output
    assert "the next table command writes it" in result.output
    table.play()
    assert (table.folder / "round-01" / "table-001.facebook.txt").is_file()
    assert keys(table.today().stdout) == ["round-01/table-002"]
