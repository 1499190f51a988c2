"""`turn N` writes only the posts of the rounds that hold turn N: for every turn of a Galaxy
Trucker and two Keep on Trucking games (Ships A with Rough Roads, the base ships) they are
the very posts the whole game's would give, filtered to that turn, in the same order."""

from __future__ import annotations

from typing import Any

import pytest

from generator.games import Scope
from generator.kit.session import open_game

PAPERS = ("a4", "letter")


@pytest.mark.parametrize(
    ("pack", "options"),
    [
        ("galaxy-trucker", None),
        ("keep-on-trucking", {"ships": "A", "difficulty": "hard"}),
        ("keep-on-trucking", {"ships": "base"}),
    ],
)
def test_a_turns_posts_are_the_whole_games_filtered(
    pack: str, options: dict[str, Any] | None
) -> None:
    game = open_game(pack, "turn-posts-seed-0123456789", None, options=options)
    writer = game.rules.writer_type(game.content, game.plan, PAPERS, True)
    every = writer.all_posts()
    turns = game.rules.turn_count(game.content)
    seen = 0
    for number in range(1, turns + 1):
        wanted = {0, 1} if number == 1 else {number}
        expected = [p for p in every if p.turn in wanted]
        found = game.rules._posts(game.content, game.plan, Scope("turn", number), PAPERS, True)
        assert found == expected and found, number
        seen += len(found)
    assert seen == len(every)  # every post of the game is some turn's


def test_a_turn_writes_no_other_turns_posts(monkeypatch: pytest.MonkeyPatch) -> None:
    """`turn N` for a turn not asked before writes that turn's posts, not its round's."""
    game = open_game("galaxy-trucker", "turn-posts-seed-0123456789", None)
    made: list[tuple[str, int]] = []
    writer = game.rules.writer_type
    for method in ("build_post", "flight_post"):
        original = getattr(writer, method)

        def counted(self: Any, rnd: Any, index: int, _o: Any = original, _m: str = method) -> Any:
            made.append((_m, index))
            return _o(self, rnd, index)

        monkeypatch.setattr(writer, method, counted)
    second = game.plan.rounds[1]
    flight = second.flight_turns[2].turn
    found = game.rules._posts(game.content, game.plan, Scope("turn", flight), PAPERS, True)
    assert made == [("flight_post", 2)]
    assert [p.turn for p in found] == [flight]
