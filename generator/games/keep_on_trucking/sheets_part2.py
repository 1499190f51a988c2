"""The player aid's page for Keep on Trucking part 2: the new adventure cards (how to resolve
each), the two title counts with their examples, and what Rough Roads do to a round."""

from __future__ import annotations

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.sheets_aid import generic_text
from generator.games.galaxy_trucker.sheets_common import FOOTER_H, HEADER_H, footer, header
from generator.games.keep_on_trucking.card_kinds import PART_TWO_KINDS
from generator.games.keep_on_trucking.sheets import _text_entry
from generator.render.pdf import (
    Block,
    Column,
    LayoutError,
    Page,
    PageSpec,
    TextMeasure,
    flow,
    mm,
    page_size,
)


def adventure_blocks(content: GalaxyTrucker) -> list[Block]:
    used = {c.kind for c in content.cards}
    blocks = [
        _text_entry(
            f"{content.texts.cards[k].name}: {generic_text(content.texts.cards[k].resolve)}"
        )
        for k in PART_TWO_KINDS
        if k in used
    ]
    titles = content.extras["titles"]
    for title in titles.titles.values():
        blocks.append(_text_entry(f"{title.count} {title.example}"))
    roads = content.extras["rough-roads"]
    blocks.append(
        _text_entry(
            "Rough Roads (games with a difficulty): the round start post shows the round's "
            f"cards, their dice hidden. {roads.read_dice} The flight posts say where a card "
            "changes an event."
        )
    )
    return blocks


def adventures_page(content: GalaxyTrucker, paper: str, number: int, total: int) -> PageSpec:
    width, height = page_size(paper, "portrait")
    margin = mm(12)
    gap = mm(5)
    col_w = (width - 2 * margin - gap) / 2
    top, bottom = margin + HEADER_H, height - margin - FOOTER_H - mm(3)
    columns = [Column(margin + k * (col_w + gap), top, col_w, bottom) for k in range(2)]
    placed = flow(TextMeasure(), adventure_blocks(content), columns, mm(1.8))
    if placed is None:
        raise LayoutError(f"the new adventures page of the player aid does not fit on {paper}")

    def draw(page: Page) -> None:
        header(
            page,
            content,
            f"Player aid {number}/{total}",
            "Keep on Trucking's adventure cards (our own design), titles and Rough Roads.",
            player_box=False,
        )
        for p in placed:
            p.block.draw(page, p.x, p.y, p.w)
        footer(page, content, "Player aid, new adventures")

    return PageSpec("portrait", draw)
