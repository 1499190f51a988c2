"""One public post per phase of a turn (issue 42, fewer posts): the 24-turn five-player
script of tests/bsg_script.py played for 21 turns makes at most 3 posts a turn and one
board picture each; `today` lists every post ready since the last one marked posted, in
order, after the private messages of its entries; a post marked posted is never written
again; the catch-up page shows the phase posts."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from bsg_helpers import FIVE, FIVE_DRAWS, FIVE_SEED, BsgGame
from bsg_script import THREAD_TURNS
from click.testing import CliRunner, Result
from test_table_today import keys, now_lines

from generator.cli import main
from generator.games.battlestar.game import open_table, replay
from generator.games.battlestar.thread_posted import thread_posts

TURNS = THREAD_TURNS


def posts_of(game: BsgGame) -> list[str]:
    return sorted(
        p.name[: -len(".facebook.txt")] for p in (game.folder / "public").glob("*.facebook.txt")
    )


def pictures_of(game: BsgGame) -> list[str]:
    return sorted(
        p.name[: -len(".board.png")] for p in (game.folder / "public").glob("*.board.png")
    )


def today(game: BsgGame) -> Result:
    result = CliRunner().invoke(main, ["today", "--game", str(game.file)])
    assert result.exit_code == 0, result.output
    return result


def thread_keys(game: BsgGame) -> list[str]:
    table = replay(open_table(game.file))
    return [p.key for p in thread_posts(table)]


@pytest.fixture(scope="module")
def played(battlestar_script: dict[int, tuple[BsgGame, Counter[str]]]) -> BsgGame:
    """The script's game after its 21 turns."""
    return battlestar_script[TURNS][0]


@pytest.mark.slow
def test_a_21_turn_game_posts_at_most_three_times_a_turn(played: BsgGame) -> None:
    game = played
    log = (game.folder / "table-log.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(log) > 200  # one entry per command still: the log is the truth
    posts = posts_of(game)
    assert len(posts) <= 3 * TURNS
    assert pictures_of(game) == posts  # one board picture per post
    per_turn = Counter(re.match(r"turn-(\d\d)-", p)[1] for p in posts if p != "000-setup")  # type: ignore[index]
    assert sorted(per_turn) == [f"{t:02d}" for t in range(1, TURNS + 1)]
    assert max(per_turn.values()) <= 3
    # The thread's posts are the folder's, and each holds its entries' parts in log order.
    assert sorted(k.removeprefix("public/") for k in thread_keys(game)) == posts
    text = (game.folder / "public/turn-07-3-end.facebook.txt").read_text(encoding="utf-8")
    entries = [int(n) for n in re.findall(r"\(entry (\d+)\)", text)]
    assert entries == sorted(entries) and len(entries) > 3
    assert "Next turn" in text and "Turn 8:" in text


@pytest.mark.slow
def test_today_lists_every_unposted_post_in_order(played: BsgGame, tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    shutil.copytree(played.folder, game.folder)
    thread = thread_keys(game)
    out = today(game).stdout
    listed = [k for k in keys(out) if k.startswith("public/")]
    assert listed == thread  # nothing marked yet: every post since the setup, in order
    sends = [k for k in keys(out) if not k.startswith("public/")]
    assert len(sends) == len(list((game.folder / "private").rglob("*.txt")))
    # Each post comes after its entries' private messages: turn 2's skills before its start.
    order = keys(out)
    skills = next(i for i, k in enumerate(order) if "-skills/" in k and i > 6)
    assert order[skills + 1] == "public/turn-02-1-start"

    game.run("posted", "turn-05-3-end")
    out = today(game).stdout
    later = thread[thread.index("public/turn-05-3-end") + 1 :]
    assert [k for k in keys(out) if k.startswith("public/")] == later
    # Only the messages of the entries after turn 5's last post.
    table = replay(open_table(game.file))
    assert table.phases is not None
    first = next(p.first for p in table.phases.posts if p.key == later[0])
    sent = [int(k.split("private/")[1][:3]) for k in keys(out) if k.startswith("to ")]
    assert sent and min(sent) >= first

    game.run("posted")  # everything ready
    assert keys(today(game).stdout) == []
    # A new turn: the skills go out at once, the post is not ready while its phase goes on.
    state = game.state()
    game.run("skills", state.player(state.current_seat).name)
    out = today(game).stdout
    assert [k for k in keys(out) if k.startswith("public/")] == []
    assert any(k.startswith("to ") for k in keys(out))
    assert any("Not ready yet: public/turn-22-1-start" in line for line in now_lines(out))
    refused = game.run("posted", "turn-22-1-start", code=2).output
    assert "is not ready: its phase goes on" in refused


@pytest.mark.slow
def test_a_posted_post_is_never_written_again(played: BsgGame, tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    shutil.copytree(played.folder, game.folder)
    game.run("posted")
    before = game.files("public")
    game.run("undo")  # undoes the last turn's `next`: its correction is a post of its own
    after = game.files("public")
    assert {k: v for k, v in after.items() if k in before} == before
    new = sorted({k.split(".")[0] for k in after} - {k.split(".")[0] for k in before})
    assert new == ["public/turn-21-3-end-2"]
    text = after["public/turn-21-3-end-2.facebook.txt"]
    assert "Correction: entry" in text and "is undone" in text


@pytest.mark.slow
def test_the_catch_up_page_shows_the_phase_posts(played: BsgGame, tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    shutil.copytree(played.folder, game.folder)
    result = CliRunner().invoke(main, ["digest", "--game", str(game.file)])
    assert result.exit_code == 0, result.output
    assert f"{len(thread_keys(game))} posts in the catch-up page." in result.output
    page = (game.folder / "digest.html").read_text(encoding="utf-8")
    assert "Crisis resolved, activation, jump preparation, end of the turn" in page
    assert "public-turn-07-2-crisis" in page


def test_an_old_log_keeps_one_post_per_entry(tmp_path: Path) -> None:
    """A log begun under rules 2 replays as it was written: a post per entry."""
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    state = game.state()
    game.run("skills", state.player(state.current_seat).name)
    game.run("draw", "crisis")
    assert posts_of(game) == ["000-setup", "001-skills", "002-draw"]
    assert pictures_of(game) == ["000-setup", "001-skills", "002-draw"]
    assert "bsg posted" not in today(game).stdout
    assert "older sheetgen" in game.run("posted", code=2).output


def test_a_phase_post_a_stopped_command_left_behind_is_said_as_such(tmp_path: Path) -> None:
    """A command stopped after its log line, before rewriting its phase's post: the post's
    files still hold the text before it. today refuses to list it; the next command writes it."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    game.run("skills", "Ann", *FIVE_DRAWS["kara-thrace"])
    post = game.folder / "public" / "turn-01-1-start.facebook.txt"
    older = post.read_bytes()
    game.run("fleet", "fuel=-1")
    assert post.read_bytes() != older
    post.write_bytes(older)  # as a stopped command leaves it
    result = CliRunner().invoke(main, ["today", "--game", str(game.file)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "turn-01-1-start.* is behind the log" in result.output
    page = CliRunner().invoke(main, ["digest", "--game", str(game.file)])
    assert page.exit_code == 2 and "turn-01-1-start.* is behind the log" in page.output
    game.run("fleet", "food=-1")
    text = post.read_text(encoding="utf-8")
    assert "(entry 2)" in text and "(entry 3)" in text
    today(game)


def one_turn(game: BsgGame) -> None:
    """The table set up and turn 1 played up to its Crisis card resolved."""
    game.run("setup")
    state = game.state()
    game.run("skills", state.player(state.current_seat).name)
    game.run("draw", "crisis", "--kind", "event")
    game.run("resolved")


def test_what_comes_between_next_and_receive_skills_is_the_new_turns(tmp_path: Path) -> None:
    """The rules have no step between turns: after `next` (the end of the jump preparation
    step hands the turn on) the new player's turn has begun. What is logged before their
    Receive Skills is in their turn's first post, said as such, in the order it happened;
    the turn just ended keeps its post as it was posted."""
    game = BsgGame(tmp_path)
    one_turn(game)
    game.run("next")
    game.run("posted")
    ended = game.files("public")
    game.run("fleet", "food=-1")
    game.run("roll", "Crisis 4")
    game.run("skills", "Carol", *FIVE_DRAWS["kara-thrace"])
    assert {k: v for k, v in game.files("public").items() if k in ended} == ended
    assert [game.post_with(n) for n in (5, 6, 7)] == ["public/turn-02-1-start"] * 3
    text = (game.folder / "public/turn-02-1-start.facebook.txt").read_text(encoding="utf-8")
    parts = re.findall(r"^(\w[\w ]*) \(entry (\d+)(, before Receive Skills)?\)$", text, re.M)
    assert parts == [
        ("Fleet", "5", ", before Receive Skills"),
        ("Die roll", "6", ", before Receive Skills"),
        ("Skill cards", "7", ""),
    ]


def test_an_undo_that_puts_next_in_place_ends_its_turns_post(tmp_path: Path) -> None:
    """`bsg undo next`: the entry it undoes was meant to end the turn, so its correction
    closes the turn's end post (as `next` would), and the next player's post begins after."""
    game = BsgGame(tmp_path)
    one_turn(game)
    game.run("fleet", "food=-1")  # meant to be `next`
    game.run("undo", "next")
    assert game.post_with(5) == "public/turn-01-3-end"
    keys = thread_keys(game)
    assert keys[-1] == "public/turn-01-3-end"  # ready: nothing joins it any more
    assert "public/turn-01-3-end" in [k for k in listed_posts(today(game).stdout)]
    game.run("fleet", "fuel=-1")
    assert game.post_with(6) == "public/turn-02-1-start"
    # A log begun under rules 3 files them as it did: the correction in the next turn's post.
    old = BsgGame(tmp_path / "rules-3", rules=3)
    one_turn(old)
    old.run("fleet", "food=-1")
    old.run("undo", "next")
    assert old.post_with(5) == "public/turn-02-1-start"
    text = (old.folder / "public/turn-02-1-start.facebook.txt").read_text(encoding="utf-8")
    assert "before Receive Skills" not in text


def listed_posts(out: str) -> list[str]:
    return [k for k in keys(out) if k.startswith("public/")]
