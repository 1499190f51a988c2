"""The board by forum: the scripted five-player game through the CLI for 24 turns
(tests/bsg_script.py), with Cylon attacks (raiders, a basestar, heavy raiders and their
centurions), vipers launched, damaged and destroyed, civilian ships lost, Galactica damage,
movement with its discard, the Brig, a Cylon reveal, jumps; then four copies of the folder,
each ending one way the rules name. Every post's picture, alt text and state line is checked
against the table the log replays to at that entry, command by command from the setup."""

from __future__ import annotations

import hashlib
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from bsg_helpers import FIVE, FIVE_SEED, BsgGame, settle
from bsg_script import BOARD_TURNS, fast_state, skills_for
from test_battlestar_reveal import copied_reveals, thread_commitments

from generator.games.battlestar.game import open_table, replay
from generator.games.battlestar.log import read_log
from generator.games.battlestar.pictures import alt_text, board_view, render_png, state_line
from generator.games.battlestar.setup import set_up
from generator.games.battlestar.state import RULES, TableState
from generator.games.battlestar.table.commands import COMMANDS


@pytest.fixture(scope="module")
def played(
    battlestar_script: dict[int, tuple[BsgGame, Counter[str]]],
) -> tuple[BsgGame, Counter[str]]:
    """The script's game after its 24 turns (tests/bsg_script.py)."""
    return battlestar_script[BOARD_TURNS]


@pytest.mark.slow
def test_twenty_four_turns_exercise_the_board(played: tuple[BsgGame, Counter[str]]) -> None:
    game, seen = played
    state = fast_state(game)
    board = state.board
    assert state.turn == BOARD_TURNS + 1
    for what in ("moved with a discard", "launched", "pilot moved", "brig", "reveal", "jump"):
        assert seen[what], (what, seen)
    assert board.vipers_destroyed >= 1 and board.civilians_lost
    assert board.rolls > 20  # every attack rolled from the seed
    posts = game.files("public")
    joined = "\n".join(t for n, t in posts.items() if n.endswith(".facebook.txt"))
    assert "Basestar A on Galactica: die" in joined  # a basestar attacked
    assert "Raider in" in joined and "on a viper: die" in joined
    assert "Galactica is hit:" in joined
    assert "a centurion boards Galactica" in joined and "Centurions advance" in joined
    assert "turned face up" in joined  # a civilian ship revealed when destroyed
    assert "Discards" in joined and "to change ship" in joined
    assert "Resurrection Ship" in joined and "You Are a Cylon" in joined
    # Vipers are all accounted for: 8 in the box.
    out = sum(len(a.vipers) for a in board.areas.values())
    total = state.reserves["vipers"] + out + board.vipers_damaged + board.vipers_destroyed
    assert total == 8
    # The queue is always the turn's next step.
    assert state.queue()[-1].endswith("Receive Skills (then movement, action, crisis)")


def _entry_states(game: BsgGame) -> list[TableState]:
    """The table after each entry, applied command by command from a fresh setup."""
    table = open_table(game.file)
    state, _ = set_up(table.content, table.spec, table.game_id)
    state.rules = int(read_log(game.folder).entries[0]["rules"])
    import copy

    states = [copy.deepcopy(state, memo={id(state.content): state.content})]
    for line in read_log(game.folder).lines[1:]:
        entry = line.entry
        COMMANDS[entry["cmd"]](state, int(entry["n"]), entry.get("args") or {})
        states.append(copy.deepcopy(state, memo={id(state.content): state.content}))
    return states


@pytest.mark.slow
def test_every_post_shows_the_table_its_entry_leaves(played: tuple[BsgGame, Counter[str]]) -> None:
    """One post per phase of a turn: each shows the table its last entry leaves."""
    game, _ = played
    states = _entry_states(game)
    log = read_log(game.folder).lines
    assert len(states) == len(log) > 200
    table = replay(open_table(game.file))
    assert table.phases is not None
    posts = table.phases.posts
    # Every entry but the setup is in exactly one post, in log order.
    assert [n for p in posts for n in p.entries] == list(range(1, len(log)))
    for post in posts:
        key, state = post.key, states[post.last]
        view = board_view(state)
        png = (game.folder / f"{key}.board.png").read_bytes()
        assert png == render_png(view), key
        facebook = (game.folder / f"{key}.facebook.txt").read_text(encoding="utf-8")
        line_text = state_line(view)
        assert line_text in facebook, key
        # The state line's figures are the table's.
        dials = dict(re.findall(r"(Food|Fuel|Morale|Population) (\d+)", line_text))
        assert {k.lower(): int(v) for k, v in dials.items()} == state.resources, key
        damage = int(re.search(r"Galactica damage (\d)/6", line_text)[1])  # type: ignore[index]
        assert damage == len(state.board.galactica_damage), key
        host = (game.folder / f"{key}.host.txt").read_text(encoding="utf-8")
        assert alt_text(view) in host, key
        assert f"Boarding track: {len(state.board.centurions)} centurions" in alt_text(view)


def _branch(game: BsgGame, where: Path) -> BsgGame:
    copy = BsgGame(where, seed=FIVE_SEED, players=FIVE)
    shutil.copytree(game.folder, copy.folder)
    return copy


@pytest.mark.slow
def test_each_way_the_game_ends(played: tuple[BsgGame, Counter[str]], tmp_path: Path) -> None:
    game, _ = played
    # Galactica destroyed: damage tokens up to six.
    destroyed = _branch(game, tmp_path / "destroyed")
    # The ruling: six damaged locations; the food and fuel tokens cost their resource and
    # leave the game, never counting toward the six.
    out = destroyed.run("damage", "galactica", "--count", "8").stdout
    assert "Galactica is destroyed: the Cylons win" in out and fast_state(destroyed).over
    assert len(fast_state(destroyed).board.damaged_locations()) == 6
    assert "6 of 6 locations damaged" in out
    # Boarded: heavy raiders land, centurions run the track.
    boarded = _branch(game, tmp_path / "boarded")
    boarded.run("skills", fast_state(boarded).player(fast_state(boarded).current_seat).name,
                *skills_for(fast_state(boarded)))  # fmt: skip
    boarded.run("place", "lower-aft", "heavy-raider=1")
    for _ in range(6):
        if fast_state(boarded).over:
            break
        out = boarded.run("activate", "heavy-raiders", "--extra", "a Crisis card").stdout
    assert "have boarded Galactica: the Cylons win" in out
    # A resource at 0: each of the four.
    for resource in ("food", "fuel", "morale", "population"):
        starved = _branch(game, tmp_path / resource)
        out = starved.run("fleet", f"{resource}=-20").stdout
        assert f"run out of {resource}" in out and "the Cylons win" in out, resource
        assert "Nobody: the game is over" in out
    # The humans: past the distance goal, one more jump.
    home = _branch(game, tmp_path / "home")
    for _ in range(4):
        if fast_state(home).over:
            break
        out = home.run("jump", "3", "--extra", "a Destination card's jump").stdout
        settle(home)
        if fast_state(home).sleeper_due():
            home.run("sleeper")
            settle(home)
    assert "the humans win" in out and fast_state(home).winner == "the humans"
    for ended in (destroyed, boarded, starved, home):
        assert "game is over" in ended.run("draw", "crisis", code=2).output


@pytest.mark.slow
def test_refusals_say_why(played: tuple[BsgGame, Counter[str]], tmp_path: Path) -> None:
    """After 24 turns, every refusal of the turn's sequence (issue 42), each an error that
    says what the table waits for and never lists a hand; then two entries undone."""
    game = _branch(played[0], tmp_path / "refusals")
    hand = re.compile(r"\b(Politics|Leadership|Tactics|Piloting|Engineering) \d")

    def refused(*args: str) -> str:
        out = game.run(*args, code=2).output
        assert out.startswith("error: ") and not hand.search(out), out
        return out

    state = fast_state(game)
    me = state.player(state.current_seat)
    other = state.player((state.current_seat + 1) % 5)
    assert "Receive Skills first" in refused("next")
    assert "the table waits for" in refused("draw", "crisis", "--kind", "event")
    assert "current player's" in refused("skills", other.name, *skills_for(state))
    assert "current player's" in refused("cylon", other.name)
    held = [c for d, c in other.hand if d.startswith("skill:")]
    if held:
        assert "--interrupt" in refused("play", other.name, held[0])
    assert "holds no" in refused("play", me.name, "politics:99", "--interrupt")
    state = fast_state(game)
    me = state.player(state.current_seat)
    assert "skill set" in game.run("skills", me.name, "politics=9", code=2).output
    game.run("skills", me.name, *skills_for(state))
    assert "already" in game.run("skills", me.name, *skills_for(state), code=2).output
    assert "no space area" in game.run("place", "behind", "raider=1", code=2).output
    other = state.player((state.current_seat + 1) % 5)
    assert "only the current player" in game.run("move", other.name, "armory", code=2).output
    if not fast_state(game).no_crisis_step():
        assert "Crisis card is not drawn" in refused("next")
        # A location's action from elsewhere, unless the player is there.
        if fast_state(game).board.positions.get(me.seat) != "weapons-control":
            assert "Weapons Control" in refused("attack", "galactica", "raider", "fore")
        game.run("draw", "crisis", "--kind", "attack", "--icon", "raiders", "--jump")
        assert "one Crisis card a turn" in refused("draw", "crisis", "--kind", "event")
        out = game.run("next", code=2).output
        assert "steps left" in out and "resolve" in out
        queue = fast_state(game).queue()
        assert any("resolve Crisis" in q for q in queue) and any("activate" in q for q in queue)
        assert "after resolve" in refused("prep")
        assert "resolved" in refused("activate", "raiders")
        game.run("resolved")
        game.run("activate", "raiders")
        game.run("prep")
        assert "already" in refused("prep")
    # Two entries undone: the last one, then the one before it with what it should have been.
    before = fast_state(game).resources
    game.run("fleet", "morale=-1")
    out = game.run("undo").stdout
    assert "is undone" in out and fast_state(game).resources == before
    game.run("fleet", "fuel=-1")
    out = game.run("undo", "fleet", "fuel=-2").stdout
    assert "In its place: fleet" in out and "What changed" in out
    assert fast_state(game).resources["fuel"] == before["fuel"] - 2


@pytest.mark.slow  # plays the 24-turn game of the slow tests above
def test_the_reveal_is_posted_split_for_discord(
    played: tuple[BsgGame, Counter[str]], tmp_path: Path
) -> None:
    game = _branch(played[0], tmp_path / "reveal")
    game.run("end", "humans", "--reason", "test over")
    result = game.run("reveal")
    assert "public/reveal" in result.stderr
    public = game.folder / "public"
    parts = sorted(public.glob("reveal.discord*.md"))
    assert len(parts) > 5 and all(len(p.read_text(encoding="utf-8")) <= 2000 for p in parts)
    bgg = (public / "reveal.bgg.txt").read_text(encoding="utf-8")
    assert FIVE_SEED in bgg and "Die rolls:" in bgg
    # Every commitment the thread carried is in the reveal, with its salt.
    posted = set()
    for path in public.glob("[0-9]*.facebook.txt"):
        posted |= set(re.findall(r"\): ([0-9a-f]{64})", path.read_text(encoding="utf-8")))
    revealed = set(re.findall(r"commitment: ([0-9a-f]{64})", bgg))
    assert posted and posted <= revealed
    # A player's copy of each platform's reveal post recomputes every commitment published.
    for platform in ("facebook", "discord", "bgg", "html"):
        copied = copied_reveals(game, platform)
        published = thread_commitments(game, platform)
        checked = {
            hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()
            for salt, posted_hash, text in copied
            if hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest() == posted_hash
        }
        assert len(checked) == len(copied) and published <= checked, platform
    status = game.run("status").stdout
    assert "in reserve 6 vipers" in status or "in reserve" in status
    assert "{" not in status.split("Fleet:")[1].splitlines()[0]


@pytest.mark.slow
def test_a_log_begun_before_replays_as_it_was_accepted(tmp_path: Path) -> None:
    """A game set up by an older kit (no `rules` in its first entry) goes on under the rules
    its entries were accepted by: a second draw and a Sympathizer left unrevealed replay."""
    import json

    game = BsgGame(tmp_path / "old", seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    log = game.folder / "table-log.jsonl"
    head, *rest = log.read_text(encoding="utf-8").splitlines()
    entry = json.loads(head)
    assert entry.pop("rules") == RULES
    log.write_text("\n".join([json.dumps(entry), *rest]) + "\n", encoding="utf-8")
    state = fast_state(game)
    me = state.player(state.current_seat)
    game.run("skills", me.name, *skills_for(state))
    game.run("skills", me.name, *skills_for(state))  # accepted, as it was then
    assert not fast_state(game).strict
    new = BsgGame(tmp_path / "new", seed=FIVE_SEED, players=FIVE)
    new.run("setup")
    new.run("skills", me.name, *skills_for(state))
    assert "already" in new.run("skills", me.name, *skills_for(state), code=2).output
