"""A scheduled game's posts as its folder's plan gives them, in posting order: what
`today`, the console, corrections and the catch-up page read (light: no page or PDF code)."""

from __future__ import annotations

from generator.games import ScheduledGame, Scope
from generator.games.capabilities import lacking
from generator.host.game_folder import GameFolder
from generator.render.guide import posting_order
from generator.render.text import Post


def game_posts(game: GameFolder) -> list[Post]:
    rules = game.rules
    if not isinstance(rules, ScheduledGame):
        raise lacking(game.title, "posts", "the catch-up page")
    return posting_order(rules.posts(game.content, game.typed, Scope("game"), game.papers))
