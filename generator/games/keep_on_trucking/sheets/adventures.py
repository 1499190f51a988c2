"""The player aid's adventures page of Keep on Trucking: the new adventure cards (how to resolve
each), the two title counts with their examples, and what Rough Roads do to a round."""

from __future__ import annotations

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.sheets.aid import generic_text
from generator.games.keep_on_trucking.card_kinds import ADVENTURE_KINDS
from generator.games.keep_on_trucking.sheets.columns import text_entry, two_column_aid_page
from generator.render.pdf import (
    LayoutBlock,
    PageSpec,
)


def adventure_blocks(content: GalaxyTrucker) -> list[LayoutBlock]:
    used = {c.kind for c in content.cards}
    blocks = [
        text_entry(f"{content.texts.cards[k].name}: {generic_text(content.texts.cards[k].resolve)}")
        for k in ADVENTURE_KINDS
        if k in used
    ]
    titles = content.extras["titles"]
    for title in titles.titles.values():
        blocks.append(text_entry(f"{title.count} {title.example}"))
    roads = content.extras["rough-roads"]
    blocks.append(
        text_entry(
            "Rough Roads (games with a difficulty): the round start post shows the round's "
            f"cards, their dice hidden. {roads.read_dice} The flight posts say where a card "
            "changes an event."
        )
    )
    return blocks


def adventures_page(content: GalaxyTrucker, paper: str, number: int, total: int) -> PageSpec:
    return two_column_aid_page(
        content,
        paper,
        adventure_blocks(content),
        f"Player aid {number}/{total}",
        "Keep on Trucking's adventure cards (our own design), titles and Rough Roads.",
        "Player aid, new adventures",
    )
