"""The grid page (`sheets/moon-drop-grid.html`): one offline HTML file a player opens on a
phone to copy each round's block onto the grid by taps, see at once whether the rules let it
go there (placement.py, under the game's variations), and save the grid file that
`sheetgen score` and `rankings` (its `grid` column) read. Its HTML, style and script are files
(generator/pages/moon_drop_grid.*); this module computes the data they show.

Public data only: the grid, the modules, the blue die's blocks and the game's variations (all
in the first post). The player types each round's dice as posted; the page never sees the
plan. It keeps the grid in the browser's storage (by game id) and wipes it only when asked."""

from __future__ import annotations

import html
from typing import Any

from generator.common.output_file import OutputFile
from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.options import (
    MIRROR,
    RULES,
    Variations,
    mirror_shapes,
)
from generator.games.moon_drop.placement import FORM, JOIN, MODULE, OFF_GRID, TWICE, USED
from generator.games.moon_drop.posts import GRID_PAGE
from generator.pages import asset, fill, script_json

GRID_FILE = "moon-drop-grid.txt"  # the name the page saves the grid file under

WORDS = {
    OFF_GRID: "A square of the block is off the grid.",
    TWICE: "The block names a square twice.",
    FORM: (
        "The squares are not the block as rolled, turned{mirror} (its square 1 where you tapped)."
    ),
    MODULE: "A square holds a module its die does not make.",
    USED: "The block covers a used square: it cannot overwrite what is drawn.",
    JOIN: (
        "A join must be drawn from a Corridor to a neighbouring module, across a side of "
        "this block's squares."
    ),
}
FREE_WORDS = "The four squares are not joined side by side."


def grid_page_data(content: MoonDrop, variations: Variations, game_id: str) -> dict[str, Any]:
    shapes = mirror_shapes(content.shapes) if MIRROR in variations else content.shapes
    by_face = sorted(shapes, key=lambda s: s.face)
    words = dict(WORDS)
    words[FORM] = words[FORM].format(mirror=" or mirrored" if MIRROR in variations else "")
    words["formFree"] = FREE_WORDS
    return {
        "game": content.texts.game_name,
        "gameId": game_id,
        "fileName": GRID_FILE,
        "rows": content.rows,
        "columns": content.columns,
        "rounds": content.rounds,
        "modules": [
            {"id": m.id, "name": m.name, "letter": m.letter, "faces": list(m.faces)}
            for m in content.modules
        ],
        "shapes": [
            {"id": s.id, "name": s.name, "cells": [list(c) for c in s.cells]} for s in by_face
        ],
        "variations": list(variations),
        "rulesWords": " ".join(RULES[v] for v in variations)
        or "Blocks are turned, never mirrored, and never drawn over used squares.",
        "words": words,
    }


def grid_page_html(content: MoonDrop, variations: Variations, game_id: str) -> bytes:
    data = script_json(grid_page_data(content, variations, game_id), compact=True)
    page = fill(
        asset("moon_drop_grid.html"),
        TITLE=html.escape(f"{content.texts.game_name}: grid"),
        STYLE=asset("moon_drop_grid.css"),
        SCRIPT=fill(asset("moon_drop_grid.js"), DATA=data),
    )
    return page.encode("utf-8")


def grid_page_file(content: MoonDrop, variations: Variations, game_id: str) -> OutputFile:
    return OutputFile(GRID_PAGE, grid_page_html(content, variations, game_id))
