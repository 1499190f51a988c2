"""The ship builder page (`sheets/ship-builder.html`): one offline HTML file a player opens on
a phone to place the tiles they took, see what the end of building will say, and copy the
ship file text for the host (the format `sheetgen score` reads).

The page holds public data only: the pack's tiles (by the code every build post and picture
shows, the tile id) and ship boards. It never sees the plan, so it cannot know what will be
drawn, and it does not check that a tile was posted this round: the scorer does that."""

from __future__ import annotations

import html
import json
from typing import Any

from generator.common.output_file import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import tile_code
from generator.games.galaxy_trucker.model import Board, Tile
from generator.games.galaxy_trucker.posts import BUILDER_FILE
from generator.games.galaxy_trucker.ship_builder_page import PAGE


def _board(board_id: str, board: Board) -> dict[str, Any]:
    return {
        "id": board_id,
        "name": board.name,
        "rows": list(range(board.rows[0], board.rows[-1] + 1)),
        "columns": list(range(board.columns[0], board.columns[-1] + 1)),
        "cells": [[r, c] for r in board.rows for c in sorted(board.cells[r])],
        "start": [board.start.row, board.start.column],
    }


def _tile(content: GalaxyTrucker, tile: Tile) -> dict[str, Any]:
    tile_type = content.tile_type(tile)
    found: dict[str, Any] = {
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
    return found


def builder_data(content: GalaxyTrucker, board_ids: list[str]) -> dict[str, Any]:
    """The page's data: the boards players build on and every tile of the pack."""
    return {
        "game": content.texts.game_name,
        "boards": [_board(b, content.boards[b]) for b in board_ids],
        "start": _tile(content, content.starting_cabin),
        "tiles": {tile_code(t.id): _tile(content, t) for t in content.tiles},
    }


def round_boards(content: GalaxyTrucker) -> list[str]:
    """The ship boards of the pack's rounds, in round order, each once."""
    return list(dict.fromkeys(r.ship for r in content.rounds))


def builder_html(content: GalaxyTrucker, board_ids: list[str]) -> bytes:
    data = json.dumps(builder_data(content, board_ids), sort_keys=True, separators=(",", ":"))
    # "</" inside a script would end it early; JSON allows "<\/".
    data = data.replace("</", "<\\/")
    title = html.escape(f"{content.texts.game_name}: ship builder")
    return PAGE.replace("__TITLE__", title).replace("__DATA__", data).encode("utf-8")


def builder_file(content: GalaxyTrucker, board_ids: list[str] | None = None) -> OutputFile:
    return OutputFile(BUILDER_FILE, builder_html(content, board_ids or round_boards(content)))
