"""The player aid: what each tile does, the connector rules, how to resolve each of the ten
event kinds, cargo values and the scoring formula, flowed into two columns over at most
two pages."""

from __future__ import annotations

import string
from collections.abc import Callable

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import CARD_KINDS
from generator.art.tiles import draw_tile
from generator.games.galaxy_trucker.sheets_art import connector_tiles, sample_tiles
from generator.games.galaxy_trucker.sheets_common import (
    FOOTER_H,
    HEADER_H,
    LABEL,
    NOTE,
    TITLE,
    footer,
    header,
    title_line,
)
from generator.render.pdf import (
    Block,
    Column,
    LayoutError,
    Measure,
    Page,
    PageSpec,
    Placement,
    TextMeasure,
    flow,
    mm,
    page_size,
    paragraph,
    paragraph_height,
)

PAGES = 2
GAP = mm(5)
ART = mm(10)
BODY = 7.0
# Card texts are templates filled from each card in the posts; the aid names the card's
# printed values instead.
GENERIC = {
    "crew_lost": "X",
    "credits": "C",
    "days": "D",
    "crew_needed": "X",
    "goods": "the goods shown",
    "goods_value": "their value",
    "planets": "the goods shown on each planet",
    "strength": "S",
    "goods_lost": "X",
    "count": "The",
}
SYMBOLS = (
    "On the cards: S enemy strength, C credits, D days lost, X crew or goods; "
    "meteors and shots come with their own 2-dice rolls in the post."
)


def generic_text(template: str) -> str:
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return template.format(**{n: GENERIC.get(n, n) for n in names})


def _text_block(name: str, title: str, text: str, size: float = BODY) -> Block:
    def height(m: Measure, w: float) -> float:
        return TITLE * 1.5 + paragraph_height(m, w, text, size=size)

    def draw(page: Page, x: float, y: float, w: float) -> None:
        y = title_line(page.surface, x, y, title, "")
        paragraph(page.surface, x, y, w, text, size=size)

    return Block(name, mm(60), height, draw)


def _entry_block(
    name: str,
    heading: str,
    text: str,
    art: Callable[[Page, float, float], None] | None = None,
) -> Block:
    """A bold name and its explanation, with an optional picture on the left."""
    indent = ART + mm(2) if art else 0.0
    body = f"{heading}: {text}"

    def height(m: Measure, w: float) -> float:
        return max(ART if art else 0.0, paragraph_height(m, w - indent, body, size=BODY))

    def draw(page: Page, x: float, y: float, w: float) -> None:
        if art:
            art(page, x, y)
        s = page.surface
        lines = paragraph_height(s, w - indent, body, size=BODY)
        paragraph(s, x + indent, y, w - indent, body, size=BODY)
        # The heading again in bold over its plain twin keeps one wrapped paragraph.
        s.text(x + indent, y + BODY * 0.9, f"{heading}:", size=BODY, font="VeraBd")
        del lines

    return Block(name, mm(60), height, draw)


def _heading(name: str, title: str, note: str = "") -> Block:
    return Block(
        name,
        mm(40),
        lambda m, w: TITLE * 1.5,
        lambda page, x, y, w: (title_line(page.surface, x, y, title, note), None)[1],
    )


def aid_blocks(content: GalaxyTrucker) -> list[Block]:
    def tile_art(tile):  # type: ignore[no-untyped-def]
        def art(page: Page, x: float, y: float) -> None:
            draw_tile(page.surface, content, tile, x, y, ART)
            page.mark("aid-tile", x, y, ART, ART)

        return art

    blocks: list[Block] = [_heading("tiles", "Tiles", "rotate freely, never mirror")]
    for name, tile in sample_tiles(content):
        summary = content.tile_type(tile).summary
        blocks.append(_entry_block(f"tile-{name}", name, summary, tile_art(tile)))
    blocks.append(_heading("connectors", "Connectors"))
    rules = {
        "smooth": "no connector; only next to another smooth side (or empty space).",
        "single": "fits single or universal.",
        "double": "fits double or universal.",
        "universal": "fits single, double and universal.",
    }
    for name, tile in connector_tiles(content):
        blocks.append(_entry_block(f"conn-{name}", name, rules[name], tile_art(tile)))
    blocks.append(
        _text_block(
            "placing",
            "Placing tiles",
            "Every new tile must connect to your ship through matching connectors, and every "
            "side touching a neighbour must match. Nothing may sit in front of a cannon's "
            "barrel or behind an engine's exhaust; engines face the rear. Exposed connectors "
            "cost you in Stardust, let small meteors in and lower the Pretty Ship score.",
        )
    )
    blocks.append(_heading("events", "Events", "write each result in its Event box"))
    blocks.append(_text_block("symbols", "Reading a card", SYMBOLS))
    for kind in CARD_KINDS:
        card = content.texts.cards[kind]  # type: ignore[index]
        blocks.append(_entry_block(f"event-{kind}", card.name, generic_text(card.resolve)))
    goods = "; ".join(
        f"{g.name} {g.value}" + (" (hazardous holds only)" if g.hazardous else "")
        for g in content.goods.values()
    )
    blocks.append(_text_block("cargo", "Cargo values", f"{goods}. Write a good's value in a "
                              "free slot of a hold when you load it."))
    pretty = " / ".join(str(r.pretty_ship) for r in content.rounds)
    lost = " / ".join(str(r.lost_component_boxes) for r in content.rounds)
    blocks.append(
        _text_block(
            "scoring",
            "Scoring a round",
            f"Position = Skipped Parts × −2. Events = the sum of your Event boxes. Cargo = "
            f"the values of all your goods. Lost Components = marked boxes × −2 (at most "
            f"{lost} boxes in rounds {', '.join(str(r.round) for r in content.rounds)}). "
            f"Pretty Ship = {pretty} (by round) minus your exposed connectors.\n"
            "Round score = Position + Events + Cargo + Lost Components + Pretty Ship. "
            "Your game total is the sum of your round scores; most money wins.",
        )
    )
    blocks.append(_text_block("out", "No humans left", content.texts.out_of_round))
    return blocks


def aid_pages(content: GalaxyTrucker, paper: str) -> list[PageSpec]:
    width, height = page_size(paper, "portrait")
    margin = mm(12)
    col_w = (width - 2 * margin - GAP) / 2
    top, bottom = margin + HEADER_H, height - margin - FOOTER_H - mm(3)
    columns = [
        Column(margin + k * (col_w + GAP), top, col_w, bottom)
        for _ in range(PAGES)
        for k in range(2)
    ]
    placed = flow(TextMeasure(), aid_blocks(content), columns, mm(1.8))
    if placed is None:
        raise LayoutError(f"the player aid does not fit on {PAGES} {paper} pages")
    used = max(p.column for p in placed) // 2 + 1

    def page_drawer(number: int) -> Callable[[Page], None]:
        mine: list[Placement] = [p for p in placed if p.column // 2 == number]

        def draw(page: Page) -> None:
            header(
                page,
                content,
                f"Player aid {number + 1}/{used}",
                "Tiles, connectors, events, cargo and scoring. "
                "The posts give each card's numbers.",
                player_box=False,
            )
            for p in mine:
                p.block.draw(page, p.x, p.y, p.w)
            footer(page, content, f"Player aid, page {number + 1}")

        return draw

    return [PageSpec("portrait", page_drawer(n)) for n in range(used)]


__all__ = ["LABEL", "aid_pages"]
