"""The print-and-play files of a Galaxy Trucker game, per paper size:

    sheets/ship-<round>-<paper>.pdf   one page per round's ship
    sheets/player-aid-<paper>.pdf     tiles, connectors, events, cargo, scoring
    sheets/score-pad-<paper>.pdf      the host's table of everyone's scores
    sheets/print-pack-<paper>.pdf     what a player prints once: ships + player aid

They depend on the pack only (never on the seed), so every game of a pack prints the same
sheets and a player can reuse a print pack."""

from __future__ import annotations

from generator.games import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.sheets.aid import aid_pages
from generator.games.galaxy_trucker.sheets.pad import pad_pages
from generator.games.galaxy_trucker.sheets.ship import ShipSheet
from generator.render.pdf import PAPER_NAMES, PageSpec, render_pdf

FOLDER = "sheets"


def sheet_files(content: GalaxyTrucker, papers: tuple[str, ...]) -> list[OutputFile]:
    files: list[OutputFile] = []
    game = content.texts.game_name
    last = len(content.rounds)
    for paper in papers:
        paper_name = PAPER_NAMES[paper]
        ships: list[PageSpec] = []
        for rnd in content.rounds:
            page = ShipSheet(content, rnd, rnd.round == last).page(paper)
            ships.append(page)
            files.append(
                OutputFile(
                    f"{FOLDER}/ship-{rnd.round}-{paper}.pdf",
                    render_pdf(
                        [page],
                        paper,
                        title=f"{game}: round {rnd.round} ship sheet ({paper_name})",
                    ),
                )
            )
        files += aid_pad_and_pack(content, paper, ships, aid_pages(content, paper))
    return files


def aid_pad_and_pack(
    content: GalaxyTrucker, paper: str, ships: list[PageSpec], aid: list[PageSpec]
) -> list[OutputFile]:
    """The player aid, the score pad and the print pack (ships + aid) of one paper size;
    an expansion passes its own ship and aid pages."""
    game = content.texts.game_name
    paper_name = PAPER_NAMES[paper]
    return [
        OutputFile(
            f"{FOLDER}/player-aid-{paper}.pdf",
            render_pdf(aid, paper, title=f"{game}: player aid ({paper_name})"),
        ),
        OutputFile(
            f"{FOLDER}/score-pad-{paper}.pdf",
            render_pdf(pad_pages(content, paper), paper, title=f"{game}: score pad ({paper_name})"),
        ),
        OutputFile(
            f"{FOLDER}/print-pack-{paper}.pdf",
            render_pdf(
                ships + aid, paper, title=f"{game}: print pack, ships and aid ({paper_name})"
            ),
        ),
    ]
