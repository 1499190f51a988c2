"""Beat the bot: each round's rankings post gives the game's bot score for the round's posts
and the players who matched or beat it (Galaxy Trucker, Keep on Trucking)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.games.galaxy_trucker.flight.balance import play_rounds
from generator.host.rankings import Entry, ScoreSpec, rank
from generator.host.rankings_post import GameTitle, ranking_post
from generator.kit.session import open_game

SEED = "beat-the-bot-seed-0123456789"
GAME = GameTitle("Galaxy Trucker Roll'n'Write", "ABCD-1234")


def _entries(rows: list[tuple[str, str, int]]) -> list[Entry]:
    return [Entry(i + 2, p, r, score, {}, {}) for i, (p, r, score) in enumerate(rows)]


def test_the_rankings_name_who_beat_and_who_matched_the_bot() -> None:
    spec = ScoreSpec(rounds=("1", "2", "3"), bot=lambda: {"1": 5, "2": 30, "3": 0})
    entries = _entries(
        [("Ann", "1", 9), ("Bo", "1", 5), ("Cy", "1", 4), ("Ann", "2", 12), ("Bo", "2", 8)]
    )
    one, two = rank(entries, spec, None)
    assert one.bot == 5 and [s.player for s in one.beat_bot] == ["Ann", "Bo"]
    text = ranking_post(one, spec, GAME).facebook or ""
    assert (
        "Beat the bot: playing round 1's posts (the same tiles, cards and dice), the bot "
        "scores 5. Ann (9) beat it and Bo (5) matched it!" in text
    )
    assert two.bot == 30 and not two.beat_bot
    assert "the bot scores 30. Nobody reached it this time." in (
        ranking_post(two, spec, GAME).discord
    )


def test_titles_do_not_count_against_the_bot_and_a_game_without_a_bot_says_nothing() -> None:
    entries = _entries([("Ann", "1", 4)])
    (with_bot,) = rank(entries, ScoreSpec(rounds=("1", "2"), bot=lambda: {"1": 4}), None)
    assert [s.total for s in with_bot.beat_bot] == [4]
    spec = ScoreSpec(rounds=("1", "2"))
    (ranking,) = rank(entries, spec, None)
    assert ranking.bot is None
    assert "bot" not in (ranking_post(ranking, spec, GAME).facebook or "")


def test_galaxy_truckers_bot_scores_are_the_balance_bots(run: Any, tmp_path: Path) -> None:
    game = open_game("galaxy-trucker", SEED, None)
    scoring = game.rules.capabilities.scoring
    assert scoring is not None
    spec = scoring(game.content, game.plan)
    assert spec.bot is not None
    plays = play_rounds(game.content, game.plan.rounds)
    assert spec.bot() == {str(n): p.score for n, p in enumerate(plays, 1)}
    made = run("game", "--no-images", "--seed", SEED, "-o", "g")
    assert made.exit_code == 0, made.output
    bot = plays[0].score
    (tmp_path / "g" / "scores.csv").write_text(
        f"player,round,score,note\nAnn,1,{bot + 1},\nBo,1,{bot - 1},\n"
    )
    ranked = run("rankings", "-o", "g")
    assert ranked.exit_code == 0, ranked.output
    post = (tmp_path / "g" / "rankings" / "round-1.facebook.txt").read_text()
    assert f"the bot scores {bot}. Ann ({bot + 1}) beat it!" in post


def test_keep_on_truckings_bot_flies_its_own_ships() -> None:
    game = open_game("keep-on-trucking", SEED, None, options={"ships": "A"})
    scoring = game.rules.capabilities.scoring
    assert scoring is not None
    spec = scoring(game.content, game.plan)
    assert spec.bot is not None
    from generator.games.keep_on_trucking.flight.balance import play_plan

    plays = play_plan(game.content, game.plan)
    assert spec.bot() == {str(n): p.score for n, p in enumerate(plays, 1)}
