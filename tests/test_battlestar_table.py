"""The moderator's table: a scripted 4-player game of 10 turns through the CLI, skill check
posts that name no card while cards are added, decks that reshuffle their discards, loss and
win, bad input (exit 2, log untouched), a crash mid-write, two commands at once, and replays."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from bsg_helpers import BsgGame, settle

from generator.games.battlestar.decks import Deck, DeckEmpty
from generator.games.battlestar.log import locked

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")
SKILL_CARD = re.compile(r"\b(Politics|Leadership|Tactics|Piloting|Engineering) \d|\b[a-z]+:\d")
TYPES = {
    "laura-roslin": [],
    "william-adama": [],
    "galen-tyrol": [],
    "kara-thrace": ["tactics=2", "piloting=2", "engineering=1"],
}


def skill_cards_held(game: BsgGame, seat: int) -> list[str]:
    return [card for deck, card in game.state().player(seat).hand if deck.startswith("skill:")]


def run_check(game: BsgGame, turn: int) -> dict[str, list[str]]:
    game.run(
        "check-open", "--types", "politics,leadership", "--difficulty", "8", "--partial", "4",
        "--name", f"Crisis check {turn}",
    )  # fmt: skip
    state = game.state()
    assert state.check is not None
    added = {}
    for seat in state.check.order:
        cards = skill_cards_held(game, seat)[: 1 + seat % 3]
        name = state.player(seat).name
        added[name] = cards
        out = game.run("check-add", name, *cards).stdout
        assert f"adds {len(cards)} card" in out or (not cards and "passes" in out)
    game.run("check-resolve")
    return added


@pytest.mark.slow
def test_scripted_four_player_game(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    contributed: list[str] = []
    revealed = False
    for turn in range(1, 11):
        state = game.state()
        assert state.turn == turn
        current = state.player(state.current_seat)
        types = ["tactics=2"] if current.revealed else TYPES[current.character]
        game.run("skills", current.name, *types)
        game.run("draw", "crisis")
        if turn % 2 == 0:
            for cards in run_check(game, turn).values():
                contributed += cards
        if turn == 2:
            game.run("draw", "quorum")  # the President draws
        game.run(
            "fleet", "morale=-1" if turn % 2 else "fuel=-1", *(["food=-1"] if turn % 3 == 0 else [])
        )
        if turn in (3, 6):
            game.run("prep", "5")
            assert game.state().jump_due
            game.run("next", code=2)  # the fleet must jump first
            game.run("draw", "destination", "2")
            admiral = game.state().holder("admiral")
            destinations = [c for d, c in game.state().player(admiral).hand if d == "destination"]
            game.run("jump", "2", "--destination", destinations[0])
        else:
            game.run("prep")
        if game.state().sleeper_due():
            game.run("sleeper")
            assert game.state().sleeper_done
        if turn == 7 and not revealed:
            state = game.state()
            cylon = next(p for p in state.players if p.holds_cylon_card())
            game.run("cylon", cylon.name)
            assert game.state().player(cylon.seat).revealed
            revealed = True
        if turn == 8:
            state = game.state()
            admiral = state.holder("admiral")
            assert admiral is not None
            game.run("brig", state.player(admiral).name)
            assert game.state().holder("admiral") != admiral
            game.run("release", state.player(admiral).name)
            assert game.state().holder("admiral") != admiral
        if turn == 9:
            seat = game.state().current_seat
            held = skill_cards_held(game, seat)
            game.run("play", game.state().player(seat).name, held[0], "--discard")
        settle(game)
        game.run("next")
    state = game.state()
    assert state.turn == 11 and state.distance == 4 and state.sleeper_done and revealed
    # Everyone has a second card but the Sympathizer's holder (revealed at once, it leaves).
    assert sum(len(p.loyalty) >= 2 for p in state.players) == 3
    # Every command is logged once, after the setup line.
    posts = {p.name.split(".")[0] for p in (game.folder / "public").glob("0*")}
    assert len(game.log_bytes().splitlines()) == len(posts)
    # While cards are added the posts show counts, never a card; the result shows every card
    # (the ruling: the shuffled cards are the clue), not who added it (see test_battlestar_checks).
    assert contributed
    for name, text in game.files("public").items():
        if "check-add" in name:
            assert not SKILL_CARD.search(text), (name, text)
    game.run("end", "cylons", "--reason", "Galactica destroyed")
    game.run("next", code=2)
    assert "game is over" in game.run("draw", "crisis", code=2).output


def test_every_post_has_the_action_queue(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("draw", "crisis")
    game.run("check-open", "--types", "tactics", "--difficulty", "3")
    files = game.files("public")
    # host notes and board pictures aside: every text has the queue
    posts = {n: t for n, t in files.items() if not n.endswith((".host.txt", ".png"))}
    assert {n.rpartition(".")[2] for n in posts} == {"txt", "md", "html"}
    assert all(f"{n.partition('.')[0]}.board.png" in files for n in posts)
    for name, text in posts.items():
        if ".discord" in name:  # a long post's Discord messages: the queue closes the last
            text = "".join(
                t for n, t in posts.items() if n.startswith(name.split(".")[0] + ".discord")
            )
        assert "Action queue" in text, name
    order = game.state().check.order  # type: ignore[union-attr]
    first = game.state().player(order[0]).name
    for flavour in ("facebook.txt", "discord.md", "bgg.txt", "html"):
        post = files[f"public/002-check-open.{flavour}"]
        assert f"{first} (" in post.split("Action queue")[1], flavour


@pytest.mark.slow
def test_a_different_card_changes_only_the_result_post(tmp_path: Path) -> None:
    """Tie the posts to the table: one contributed card different, and the only public text
    that changes is the total in the resolve post."""
    outputs = []
    for variant in (0, 1):
        game = BsgGame(tmp_path / f"v{variant}", rules=2)
        game.run("setup")
        game.run("check-open", "--types", "politics", "--difficulty", "30")
        state = game.state()
        assert state.check is not None
        varied = False
        for seat in state.check.order:
            held = sorted(set(skill_cards_held(game, seat)))
            pick = held[:1]
            if len(held) >= 2 and not varied:
                pick, varied = [held[variant]], True
            game.run("check-add", state.player(seat).name, *pick)
        assert varied
        game.run("check-resolve")
        outputs.append(game.files("public"))
    changed = [name for name in outputs[0] if outputs[0][name] != outputs[1][name]]
    assert any("check-resolve" in name for name in changed)
    for name in changed:  # an addition's post differs only in its record's commitment
        if "check-resolve" not in name:
            assert "check-add" in name, name
            assert HEX64.sub("", outputs[0][name]) == HEX64.sub("", outputs[1][name]), name


def test_skill_checks_follow_the_order_and_hands(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("check-resolve", code=2)
    game.run("check-open", "--types", "politics", "--difficulty", "5")
    state = game.state()
    order = state.check.order  # type: ignore[union-attr]
    second = state.player(order[1]).name
    assert "adds cards before" in game.run("check-add", second, code=2).output
    first = state.player(order[0]).name
    assert "holds no" in game.run("check-add", first, "engineering:9", code=2).output
    assert "still to add" in game.run("check-resolve", code=2).output
    game.run("check-open", "--types", "politics", "--difficulty", "5", code=2)


def test_bad_input_is_refused_and_the_log_is_untouched(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    before = game.log_bytes()
    bad = [
        ("draw", "quorum", "--player", "nobody"),
        ("skills", "alice", "politics=x"),
        ("skills", "alice", "cooking=2"),
        ("fleet", "hope=1"),
        ("fleet", "vipers=5"),
        ("fleet", "nukes=-3"),
        ("jump", "11"),
        ("sleeper",),
        ("play", "alice", "Quorum 99"),
        ("check-open", "--types", "politics", "--difficulty", "5", "--name", "[b]x[/b]"),
        ("title", "admiral", "zed"),
        ("prep", "9"),
    ]
    for args in bad:
        result = game.run(*args, code=2)
        assert result.output.strip(), args
    assert game.log_bytes() == before
    assert not [p for p in game.folder.rglob("*.tmp")]


def test_a_crash_mid_write_leaves_the_log_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("draw", "crisis")
    before = game.log_bytes()
    real_replace = os.replace

    def crash(src: str, dst: str) -> None:
        if str(dst).endswith("table-log.jsonl"):
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    assert "No space left" in game.run("draw", "crisis", code=2).output
    monkeypatch.setattr(os, "replace", real_replace)
    assert game.log_bytes() == before
    assert not [p for p in game.folder.rglob("*.tmp")]
    # The command was never logged: run again, it draws the same card as the crash's try.
    game.run("draw", "crisis")
    assert len(game.log_bytes().splitlines()) == 3


def test_two_commands_at_once_are_refused(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    with locked(game.folder):
        assert "another sheetgen bsg command" in game.run("draw", "crisis", code=2).output
    assert not (game.folder / ".table.lock").exists()  # the lock is on the folder
    game.run("draw", "crisis")


def test_a_changed_game_file_is_refused(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    text = game.file.read_text().replace("standard", "easier-for-humans")
    game.file.write_text(text)
    assert "changed since setup" in game.run("draw", "crisis", code=2).output
    assert "another game file" in game.run("setup", code=2).output


def test_a_hand_edited_log_is_refused(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    log = game.folder / "table-log.jsonl"
    log.write_bytes(log.read_bytes() + b"not json\n")
    assert "not a log entry" in game.run("draw", "crisis", code=2).output


@pytest.mark.slow
def test_same_commands_same_files(tmp_path: Path) -> None:
    results = []
    for name in ("a", "b"):
        game = BsgGame(tmp_path / name, rules=2)
        game.run("setup")
        game.run("skills", "alice")
        game.run("draw", "crisis", "3")
        game.run("draw", "quorum")
        results.append({**game.files("public"), **game.files("private")})
    assert results[0] == results[1]


def test_losing_a_resource_ends_the_game(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    out = game.run("fleet", "food=-4").stdout
    assert "In the red" in out and "Food" in out
    out = game.run("fleet", "food=-10").stdout
    assert "the Cylons win" in out and "Nobody: the game is over" in out
    assert game.state().over


@pytest.mark.slow
def test_jumping_past_the_goal_wins(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("jump", "4")
    assert "sleeper agent phase is due" in game.run("next", code=2).output
    game.run("sleeper")
    settle(game)  # the Sympathizer, at once
    game.run("jump", "4")
    assert not game.state().over
    assert "humans win" in game.run("jump", "1").stdout


def test_early_jump_from_a_red_space_mentions_the_risk(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("prep", "3")
    out = game.run("jump", "1").stdout
    # The die is rolled before the win check: 1-6 loses the 3 population the space shows.
    roll = int(re.search(r"Jumping early from 3: die (\d)", out)[1])
    population = game.state().resources["population"]
    assert population == (12 - 3 if roll <= 6 else 12)


def test_deck_reshuffles_its_discard_in_seeded_order() -> None:
    deck = Deck.shuffled("seed-x", "crisis", ["a", "b", "c"])
    drawn = deck.draw("seed-x", 3)
    assert sorted(drawn) == ["a", "b", "c"]
    deck.discard += drawn[:2]
    again = deck.draw("seed-x", 2)
    assert sorted(again) == sorted(drawn[:2]) and deck.reshuffles == 1 and not deck.discard
    with pytest.raises(DeckEmpty):
        deck.draw("seed-x", 1)
    twin = Deck.shuffled("seed-x", "crisis", ["a", "b", "c"])
    twin.draw("seed-x", 3)
    twin.discard += drawn[:2]
    assert twin.draw("seed-x", 2) == again


@pytest.mark.slow
def test_crisis_deck_reshuffles_after_discards(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    seen = []
    for _ in range(8):  # 80 cards: the 70-card deck runs out and its discards come back
        seen += re.findall(r"Crisis \d+", game.run("draw", "crisis", "10").stdout)
        game.run("next")
    assert len(seen) == 80 and len(set(seen[:70])) == 70
    assert set(seen[70:]) <= set(seen[:70])
    assert game.state().decks["crisis"].reshuffles == 1


@pytest.mark.slow
def test_destiny_deck_is_rebuilt_when_empty(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    for _ in range(6):  # 2 Destiny cards a check: 10 cards last 5 checks
        game.run("check-open", "--types", "tactics", "--difficulty", "1")
        for seat in game.state().check.order:  # type: ignore[union-attr]
            game.run("check-add", game.state().player(seat).name)
        game.run("check-resolve")
    state = game.state()
    assert state.destiny_builds == 2 and len(state.destiny) == 8


def test_a_linked_post_folder_is_refused(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    public = game.folder / "public"
    for path in public.iterdir():
        path.unlink()
    public.rmdir()
    public.symlink_to(elsewhere)
    assert "symbolic link" in game.run("draw", "crisis", code=2).output
    assert not list(elsewhere.iterdir())


def test_status_shows_the_moderator_everything(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    out = game.run("status").stdout
    assert out.count("loyalty: ") == 4 and "[president]" in out and "crisis: 70 to draw" in out


def test_the_sympathizer(tmp_path: Path) -> None:
    """Four players: the Sympathizer comes in the sleeper deal; its holder is told to reveal
    it; revealed with no resource in the red, it goes to the Brig, else it is a Cylon."""
    for red in (False, True):
        game = BsgGame(tmp_path / str(red), rules=2)
        game.run("setup")
        game.run("jump", "4")
        if red:
            game.run("fleet", "morale=-5")
        game.run("sleeper")
        state = game.state()
        holder = next(p for p in state.players if p.holds_sympathizer())
        [sent] = (game.folder / "private").glob(f"*-sleeper/seat-{holder.seat + 1}.txt")
        text = sent.read_text()
        assert "Sympathizer is revealed at once" in text
        others = [p for p in state.players if p.seat != holder.seat]
        assert "sympathizer" in game.run("sympathizer", others[0].name, code=2).output.lower()
        # Revealed at once: nothing else goes on first.
        assert "at once" in game.run("fleet", "food=-1", code=2).output
        out = game.run("sympathizer", holder.name).stdout
        after = game.state().player(holder.seat)
        assert (after.revealed, after.brig) == ((True, False) if red else (False, True))
        assert ("a Cylon!" in out) == red and ("to the Brig" in out) != red
