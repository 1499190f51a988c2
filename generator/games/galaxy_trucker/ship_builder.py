"""The ship builder page (`sheets/ship-builder.html`): one offline HTML file a player opens on
a phone to place the tiles they took, see what the end of building will say, and copy the
ship file text for the host (the format `sheetgen score` reads). Its HTML, style and script
are files (generator/pages/ship_builder.*); this module computes the data they show.

The page holds public data only: the pack's tiles (by the code every build post and picture
shows, the tile id), ship boards and its game's id (the first post's). It never sees the
plan, so it cannot know what will be drawn, and it does not check that a tile was posted
this round: the scorer does that.

Plain JavaScript, no network: the page works from a file opened on a phone, and keeps each
board's ship in the browser's own storage, by game id and board (never wiped but by Clear,
which asks): a player's next game of the same pack opens on an empty ship, not on the last
game's, since every page opened from a file shares the browser's storage. Its
checks are the flight engine's end-of-building check (flight/legality.py) written again in
JavaScript, step for step, so the page names the same tiles, in the same order, that the
scorer will remove; tests/test_ship_builder.py holds the two together on many ships."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from generator.common.output_file import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import tile_code
from generator.games.galaxy_trucker.flight.ship import CONNECTORS, FITS
from generator.games.galaxy_trucker.flight.shipfile import line_labels
from generator.games.galaxy_trucker.model import Board, Tile
from generator.games.galaxy_trucker.posts import BUILDER_FILE
from generator.pages import asset, fill, script_json

FLAGS = ("crew", "engine", "cannon", "shield", "battery", "hold", "life_support")


@dataclass(frozen=True)
class Rules:
    """What the page's check needs beyond the base game's: each wired kind's partner (a
    kind flag, FLAGS) and its words; the boards whose rear the player picks (a compass);
    the edge names of the engines' rule then; whether ship files may say `ability:`."""

    wiring: dict[str, tuple[str, str]] = field(default_factory=dict)
    compass: tuple[str, ...] = ()
    edges: tuple[str, ...] = ()
    ability: bool = False


def _board(board_id: str, board: Board, rules: Rules) -> dict[str, Any]:
    return {
        "compass": board_id in rules.compass,
        "id": board_id,
        "name": board.name,
        "rows": list(range(board.rows[0], board.rows[-1] + 1)),
        "columns": list(range(board.columns[0], board.columns[-1] + 1)),
        "cells": [[r, c] for r in board.rows for c in sorted(board.cells[r])],
        "start": [board.start.row, board.start.column],
        # The printed labels a ship file may name its rows and columns by (shipfile.py).
        "rowLabels": line_labels(board, list(range(board.rows[0], board.rows[-1] + 1))),
        "columnLabels": line_labels(board, list(range(board.columns[0], board.columns[-1] + 1))),
    }


def _tile(content: GalaxyTrucker, tile: Tile, rules: Rules) -> dict[str, Any]:
    tile_type = content.tile_type(tile)
    kind = content.kinds.tile(tile_type.kind)
    found: dict[str, Any] = {
        "does": [f for f in FLAGS if getattr(kind, f)],
        "code": tile_code(tile.id),
        "name": tile_type.name,
        "kind": tile_type.kind,
        "sides": list(tile.sides.as_tuple()),
    }
    for key in ("strength", "cells", "slots", "alien"):
        value = getattr(tile_type, key)
        if value is not None:
            found[key] = value
    if tile_type.hazardous:
        found["hazardous"] = True
    if kind.name in rules.wiring:
        found["wired"], found["wiredWords"] = rules.wiring[kind.name]
    return found


def builder_data(
    content: GalaxyTrucker, board_ids: list[str], game_id: str, rules: Rules | None = None
) -> dict[str, Any]:
    """The page's data: its game, the boards players build on and every tile of the pack."""
    rules = rules or Rules()
    return {
        "game": content.texts.game_name,
        "gameId": game_id,
        "boards": [_board(b, content.boards[b], rules) for b in board_ids],
        "start": _tile(content, content.starting_cabin, rules),
        "tiles": {tile_code(t.id): _tile(content, t, rules) for t in content.tiles},
        "edges": list(rules.edges) or None,
        # The engine's own side rule (flight/ship.py), so the page cannot drift from it.
        "fits": {side: list(others) for side, others in FITS.items()},
        "connectors": list(CONNECTORS),
        "ability": rules.ability,
    }


def round_boards(content: GalaxyTrucker) -> list[str]:
    """The ship boards of the pack's rounds, in round order, each once."""
    return list(dict.fromkeys(r.ship for r in content.rounds))


def builder_html(
    content: GalaxyTrucker, board_ids: list[str], game_id: str, rules: Rules | None = None
) -> bytes:
    """The page: generator/pages/ship_builder.html with its style and script, the script
    given the pack's data and the game's id as a JSON literal (`var DATA = __DATA__;`)."""
    data = script_json(builder_data(content, board_ids, game_id, rules), compact=True)
    page = fill(
        asset("ship_builder.html"),
        TITLE=html.escape(f"{content.texts.game_name} · game {game_id}: ship builder"),
        STYLE=asset("ship_builder.css"),
        SCRIPT=fill(asset("ship_builder.js"), DATA=data),
    )
    return page.encode("utf-8")


def builder_file(
    content: GalaxyTrucker,
    game_id: str,
    board_ids: list[str] | None = None,
    rules: Rules | None = None,
) -> OutputFile:
    boards = board_ids or round_boards(content)
    return OutputFile(BUILDER_FILE, builder_html(content, boards, game_id, rules))
