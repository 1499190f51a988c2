"""The turn as a sequence the kit enforces (issue 42): Receive Skills, movement, action,
Crisis card, activation, jump preparation, end; each once, for the current player only.
Every refusal is an error (exit 2) that says what the table waits for and never shows a
hand; a card that allows more says so by name (--extra CARD), and the post says it too."""

from __future__ import annotations

import re
from pathlib import Path

from bsg_helpers import FIVE, FIVE_DRAWS, FIVE_SEED, BsgGame

from generator.games.battlestar.board import step_toward

SKILL_CARD = re.compile(r"\b(Politics|Leadership|Tactics|Piloting|Engineering) \d|\b[a-z]+:\d")


def refused(game: BsgGame, *args: str) -> str:
    result = game.run(*args, code=2)
    out = result.output
    assert out.startswith("error: ") and "Traceback" not in out, out
    # An error line may be pasted into the thread: it never lists a hand.
    assert not SKILL_CARD.search(out.replace(" ".join(args), "")), out
    return out


def skills(game: BsgGame) -> None:
    state = game.state()
    me = state.player(state.current_seat)
    game.run("skills", me.name, *FIVE_DRAWS.get(me.character, []))


def test_each_step_once_for_the_current_player(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    state = game.state()
    assert state.sequenced and state.player(state.current_seat).name == "Ann"
    # `next` twice after the setup skipped a player: now the turn must begin.
    out = refused(game, "next")
    assert "Receive Skills first" in out and "the table waits for: Ann (" in out
    assert "Receive Skills" in refused(game, "draw", "crisis", "--kind", "event")
    # Another player's Receive Skills, reveal, play: refused; a card that lets them: named.
    assert "current player's" in refused(game, "skills", "Cat")
    assert "current player's" in refused(game, "cylon", "Cat")
    held = [c for d, c in game.state().player(3).hand if d.startswith("skill:")]
    assert "--interrupt" in refused(game, "play", "Cat", held[0])
    extra = game.run("skills", "Cat", "leadership=1", "--extra", "Research Lab").stdout
    assert "(Research Lab allows it)" in extra
    skills(game)
    assert "already" in refused(game, "skills", "Ann", *FIVE_DRAWS["kara-thrace"])
    # The action: Starbuck launches from the Hangar Deck; then no movement, no 2nd action.
    game.run("launch", "lower-aft", "--pilot", "Ann")
    assert "before the action" in refused(game, "move", "Ann", "lower-fore")
    game.run("place", "lower-aft", "raider=1")
    assert "taken the turn's action" in refused(game, "attack", "viper", "raider", "lower-aft")
    out = refused(game, "attack", "galactica", "raider", "fore")
    assert "Weapons Control" in out
    # `next` before the Crisis step, a second Crisis card, `prep` out of its step.
    assert "Crisis card is not drawn" in refused(game, "next")
    game.run("draw", "crisis", "--kind", "event", "--jump")
    assert "one Crisis card a turn" in refused(game, "draw", "crisis", "--kind", "event")
    assert "after resolve" in refused(game, "prep")
    game.run("resolved")
    game.run("prep")
    assert "already" in refused(game, "prep")
    assert "step is over" in refused(game, "attack", "viper", "raider", "lower-aft")
    # A card that says to draw another Crisis card: by name, in the post.
    out = game.run(
        "draw", "crisis", "--kind", "event", "--extra", "Crisis: Jump Computer Offline"
    ).stdout
    assert "Jump Computer Offline allows it" in out
    game.run("resolved")
    game.run("next")
    assert game.state().player(game.state().current_seat).name == "Cat"


def test_unmanned_vipers_are_commands_and_move(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    skills(game)
    # Not at Command: an unmanned viper neither attacks nor moves (but a card may).
    assert "Command" in refused(game, "shift", "viper", "lower-aft", "aft")
    game.run("move", "Ann", "command")
    game.run("shift", "viper", "lower-aft", "aft")
    out = game.run("attack", "viper", "raider", "fore", code=2).output
    assert "no viper" in out or "may attack" in out
    game.run("shift", "viper", "lower-fore", "fore")
    # Two activations, one each: a third is refused.
    assert "at most 2" in refused(game, "shift", "viper", "fore", "upper-fore")
    # A civilian ship moves only by a card; a viper goes back to the reserves likewise.
    assert "--extra CARD" in refused(game, "shift", "civilian", "aft", "upper-aft")
    game.run("shift", "civilian", "aft", "upper-aft", "--extra", "a Crisis card")
    game.run("shift", "viper", "fore", "reserves", "--extra", "a Crisis card")
    assert game.state().board.areas["upper-aft"].civilians


def test_brig_red_zone_and_galactica_on_a_heavy_raider(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    skills(game)
    game.run("move", "Ann", "ftl-control")
    out = refused(game, "jump", "2")
    assert "red zone" in out
    game.run("prep", "3", "--extra", "a Crisis card")
    game.run("jump", "1")  # FTL Control, outside the red zone: the action
    assert game.state().acted
    game.run("draw", "crisis", "--kind", "event")
    game.run("resolved")
    game.run("brig", "Cat")  # a card sends the next player to the Brig
    game.run("next")
    skills(game)
    # In the Brig: no movement, no Crisis card; the turn ends after the action step.
    assert "Brig" in refused(game, "draw", "crisis", "--kind", "event")
    assert "in the Brig" in game.state().queue()[-1]
    game.run("next")
    skills(game)
    game.run("place", "fore", "heavy-raider=1")
    state = game.state()
    card = next(c for d, c in state.player(state.current_seat).hand if d.startswith("skill:"))
    game.run("move", "Ben", "weapons-control", "--discard", card)
    out = game.run("attack", "galactica", "heavy-raider", "fore").stdout
    assert "Galactica on a heavy-raider in Fore: die" in out


def test_raiders_break_ties_clockwise() -> None:
    # From Aft, the two nearest targets are Lower aft and Upper aft: clockwise is Upper aft.
    assert step_toward("aft", ["lower-aft", "upper-aft"]) == "upper-aft"
    assert step_toward("fore", ["lower-fore", "upper-fore"]) == "lower-fore"
    # A log begun before keeps the old order (it replays as it was accepted).
    assert step_toward("aft", ["lower-aft", "upper-aft"], clockwise=False) == "lower-aft"


def test_a_dial_never_passes_its_top_silently(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    assert "dial stops at" in refused(game, "fleet", "food=+20")
    out = game.run("fleet", "morale=-20").stdout
    assert "the dial stops at 0" in out


def test_small_words(tmp_path: Path) -> None:
    """Plurals, a roll with no reason, the check named after its Crisis card."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    out = game.run("place", "aft", "civilian=2", "heavy-raider=1").stdout
    assert "+2 civilian ships (face down)" in out and "+1 heavy raider\n" in out
    assert "Die roll for a roll:" in game.run("roll", "''").stdout
    skills(game)
    game.run("draw", "crisis", "--kind", "check")
    crisis = game.state().crisis
    assert crisis is not None
    out = game.run("check-open", "--types", "tactics", "--difficulty", "3").stdout
    assert f"Skill check {crisis.card}:" in out and "skill check skill check" not in out.lower()
    game.run("damage", "viper", "lower-aft")
    damage = len(game.log_bytes().splitlines()) - 1  # the entry's number
    host = (game.folder / f"{game.post_with(damage)}.host.txt").read_text(encoding="utf-8")
    assert "1 viper damaged" in host and "1 vipers" not in host


def command_turn(game: BsgGame) -> None:
    """Ann (Starbuck) begins turn 1 at Command, a raider in Aft and in Lower aft."""
    game.run("setup")
    skills(game)
    game.run("place", "aft", "raider=1")
    game.run("place", "lower-aft", "raider=1")
    game.run("move", "Ann", "command")


def test_a_viper_command_moved_is_not_activated_again_where_it_went(tmp_path: Path) -> None:
    """Command: up to 2 unmanned vipers, each activated once (to move or to attack): the
    viper moved into Aft cannot attack there in the same activation."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    command_turn(game)
    game.run("shift", "viper", "lower-aft", "aft")
    out = refused(game, "attack", "viper", "raider", "aft")
    assert "activated by Command already" in out and "one that moved there is done" in out
    assert "activated by Command already" in refused(game, "shift", "viper", "aft", "upper-aft")
    # The other unmanned viper is still to activate: it moves where the first came from.
    game.run("shift", "viper", "lower-fore", "lower-aft")
    assert "at most 2" in refused(game, "attack", "viper", "raider", "lower-aft")
    assert game.state().command_vipers == {"aft": 1, "lower-aft": 1}


def test_a_viper_command_launched_is_not_activated_again(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    game.run("destroy", "viper", "lower-aft")  # a card's loss: Lower aft is empty
    skills(game)
    game.run("place", "lower-aft", "raider=1")
    game.run("move", "Ann", "command")
    game.run("launch", "lower-aft")  # an unmanned viper launched: its activation
    assert "activated by Command already" in refused(game, "attack", "viper", "raider", "lower-aft")
    # A card that activates it (not Command) still may: by name.
    game.run("attack", "viper", "raider", "lower-aft", "--extra", "Launch Reserves")


def test_a_log_begun_under_rules_3_counts_command_per_area_as_it_did(tmp_path: Path) -> None:
    """Its entries replay as they were accepted: the moved viper attacked again there."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=3)
    command_turn(game)
    game.run("shift", "viper", "lower-aft", "aft")
    game.run("attack", "viper", "raider", "aft")
    state = game.state()
    assert state.rules == 3 and state.command_used == {"lower-aft": 1, "aft": 1}


def held_skills(game: BsgGame, name: str) -> list[str]:
    state = game.state()
    player = next(p for p in state.players if p.name == name)
    return [c for d, c in player.hand if d.startswith("skill:")]


def test_the_current_players_card_says_whether_it_is_the_action(tmp_path: Path) -> None:
    """The kit cannot read a card's text: a card the current player plays in their turn is
    the turn's action (--action) or played when its text allows (--interrupt). A plain play
    is asked about, so an Action card never passes beside the turn's one action."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    skills(game)
    first, second, third, *_ = held_skills(game, "Ann")
    out = refused(game, "play", "Ann", first)
    assert "--action (its text is an Action" in out and "--interrupt" in out
    assert "not both" in refused(game, "play", "Ann", first, "--action", "--interrupt")
    assert "neither" in refused(game, "play", "Ann", first, "--discard", "--action")
    out = game.run("play", "Ann", first, "--interrupt").stdout
    assert "(a card played when its text allows)" in out
    assert not game.state().acted  # the action is still to take
    out = game.run("play", "Ann", second, "--action").stdout
    assert "as the turn's action" in out and game.state().acted
    assert "taken the turn's action" in refused(game, "play", "Ann", third, "--action")
    assert "--interrupt" in refused(game, "play", "Ann", third)
    game.run("play", "Ann", third, "--discard")


def test_a_log_begun_under_rules_3_takes_a_plain_play_as_it_did(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE, rules=3)
    game.run("setup")
    skills(game)
    game.run("play", "Ann", held_skills(game, "Ann")[0])
    assert not game.state().acted
