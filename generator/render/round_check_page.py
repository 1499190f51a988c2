"""The round check page (`sheets/round-check.html`): one offline HTML file handed to players
with the print pack. A player pastes the game start post and a round's last post; the page
reads the round's record as plan/round_commit.py does, recomputes its SHA-256 in the
browser and says MATCH or MISMATCH, then shows the round's tiles, cards and dice as a
table. Its HTML, style and script are files (generator/pages/round_check.*).

It holds public data only: the words for each id a record may name (a tile's code, a
card's id), from the pack, and its game's id, which keys the game start post it keeps on the
phone (every page opened from a file shares the browser's storage: the next game's page
must not compare with this game's commitments). It never sees the plan or the seed."""

from __future__ import annotations

import html
from collections.abc import Mapping

from generator.common.output_file import OutputFile
from generator.pages import asset, fill, script_json
from generator.render.round_reveal import CHECK_PAGE, PROVES

CHECK_FILE = f"sheets/{CHECK_PAGE}"
CHECK_WORDS = (
    f"Also attached: {CHECK_PAGE}, a page for your phone or computer (it needs no internet). "
    "The game start post lists a commitment for each round, and each round's last post "
    "reveals that round's record: paste both into the page the day a round ends and it says "
    "MATCH or MISMATCH, and shows the round's tiles, cards and dice as a table to set beside "
    "the posts."
)


def round_check_html(
    game_name: str,
    game_id: str,
    names: Mapping[str, str],
    groups: Mapping[str, str] | None = None,
) -> bytes:
    """The page. `names`: words for the ids a record names; `groups`: items that start a
    new line in the table, with their label (a build turn's sets)."""
    data = {
        "game": game_name,
        "gameId": game_id,
        "names": dict(names),
        "groups": dict(groups or {}),
        "proves": PROVES,
    }
    page = fill(
        asset("round_check.html"),
        TITLE=html.escape(f"{game_name} · game {game_id}: check a round"),
        STYLE=asset("round_check.css"),
        SCRIPT=fill(asset("round_check.js"), DATA=script_json(data, compact=True)),
    )
    return page.encode("utf-8")


def round_check_file(
    game_name: str,
    game_id: str,
    names: Mapping[str, str],
    groups: Mapping[str, str] | None = None,
) -> OutputFile:
    return OutputFile(CHECK_FILE, round_check_html(game_name, game_id, names, groups))
