"""The player aid, two pages in two columns: what each tile does, the connector rules and
how a round runs (page 1); how to resolve each of the ten event kinds, cargo values and
the scoring formula (page 2). Rule texts come from the pack, so the aid says what the posts
say."""

from __future__ import annotations

import string
from collections.abc import Callable

from generator.art.text import Measure
from generator.games.galaxy_trucker.art.tiles import draw_tile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Round, Tile
from generator.games.galaxy_trucker.sheets.art import connector_tiles, sample_tiles
from generator.games.galaxy_trucker.sheets.common import (
    FOOTER_H,
    HEADER_H,
    TITLE,
    footer,
    header,
    note_under_height,
    title_line,
)
from generator.render.pdf import (
    Column,
    LayoutBlock,
    LayoutError,
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

GAP = mm(5)
ART = mm(10)
BODY = 7.5
EVENT_BODY = 8.5
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
    "count": "N",
    "limits": "the card's lines (each a component type and the most of it a ship may keep)",
    # Round texts
    "round": "this",
    "stack_size": "2/3/4",
    "lost_boxes": "your",
    "rolls_where": "in the post",
    "reply": "to the host",
}
SYMBOLS = (
    "On the cards: S enemy strength, C credits, D days lost, X crew or goods, N meteors "
    "or shots; "
    "meteors and shots come with their own 2-dice rolls in the post."
)


def generic_text(template: str) -> str:
    """A post text with the card's (or round's) own numbers named generically."""
    # "round {round}" would read "round N" on paper: the aid speaks of "this round".
    template = template.replace("round {round}", "this round").replace(
        "Round {round}", "This round"
    )
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    text = template.format(**{n: GENERIC.get(n, n) for n in names})
    return text[:1].upper() + text[1:]


def _text_block(name: str, title: str, text: str, size: float = BODY) -> LayoutBlock:
    def height(m: Measure, w: float) -> float:
        return TITLE * 1.5 + paragraph_height(m, w, text, size=size)

    def draw(page: Page, x: float, y: float, w: float) -> None:
        y = title_line(page.surface, x, y, w, title, "")
        paragraph(page.surface, x, y, w, text, size=size)

    return LayoutBlock(name, mm(60), height, draw)


def _entry_block(
    name: str,
    heading: str,
    text: str,
    art: Callable[[Page, float, float], None] | None = None,
    size: float = BODY,
) -> LayoutBlock:
    """A bold name and its explanation, with an optional picture on the left."""
    indent = ART + mm(2) if art else 0.0
    lead = f"{heading}:"

    def height(m: Measure, w: float) -> float:
        body = paragraph_height(m, w - indent, text, size=size, lead=lead)
        return max(ART if art else 0.0, body)

    def draw(page: Page, x: float, y: float, w: float) -> None:
        if art:
            art(page, x, y)
        paragraph(page.surface, x + indent, y, w - indent, text, size=size, lead=lead)

    return LayoutBlock(name, mm(60), height, draw)


def _heading(name: str, title: str, note: str = "") -> LayoutBlock:
    def height(m: Measure, w: float) -> float:
        return TITLE * 1.5 + note_under_height(m, w, title, note)

    def draw(page: Page, x: float, y: float, w: float) -> None:
        title_line(page.surface, x, y, w, title, note)

    return LayoutBlock(name, mm(40), height, draw)


# How the aid names a round's ship ("Ship I"); an expansion with other boards may say more.
ShipWords = Callable[[Round], str]


def _ship(rnd: Round) -> str:
    return f"Ship {rnd.ship}"


def aid_blocks(content: GalaxyTrucker, ship_words: ShipWords = _ship) -> list[LayoutBlock]:
    def tile_art(tile: Tile) -> Callable[[Page, float, float], None]:
        def art(page: Page, x: float, y: float) -> None:
            draw_tile(page.surface, content, tile, x, y, ART)
            page.mark("aid-tile", x, y, ART, ART)

        return art

    blocks: list[LayoutBlock] = [_heading("tiles", "Tiles", "rotate freely, never mirror")]
    for name, tile in sample_tiles(content):
        summary = content.tile_type(tile).summary
        blocks.append(_entry_block(f"tile-{name}", name, summary, tile_art(tile)))
    blocks.append(_heading("connectors", "Connectors"))
    rules = {
        "smooth": f"no connector; {content.texts.side_rule}. Empty space is fine too.",
        "single": "fits single or universal.",
        "double": "fits double or universal.",
        "universal": "fits single, double and universal.",
    }
    for name, tile in connector_tiles(content):
        blocks.append(_entry_block(f"conn-{name}", name, rules[name], tile_art(tile)))
    # Placing tiles is in the Building text below (the post's own words), so it is not
    # repeated here.
    return blocks + _round_blocks(content, ship_words)


def event_blocks(content: GalaxyTrucker) -> list[LayoutBlock]:
    blocks = [
        _heading("events", "Events", "write each result in its Event box"),
        _text_block("symbols", "Reading a card", SYMBOLS, size=EVENT_BODY),
    ]
    used = {c.kind for c in content.cards}
    for kind in (k for k in content.kinds.cards if k in used):
        card = content.texts.cards[kind]
        text = generic_text(card.resolve)
        blocks.append(_entry_block(f"event-{kind}", card.name, text, size=EVENT_BODY))
    blocks.append(_text_block("out", "Out of the round", content.texts.out_of_round, EVENT_BODY))
    goods = "; ".join(
        f"{g.name} {g.value}" + (" (hazardous holds only)" if g.hazardous else "")
        for g in content.goods.values()
    )
    pretty = " / ".join(str(r.pretty_ship) for r in content.rounds)
    blocks.append(
        _text_block(
            "cargo",
            "Cargo values",
            f"{goods}. Write a good's value in a free slot of a hold when you load it. "
            "Goods are rearranged (or thrown out) only when you load new ones.",
            EVENT_BODY,
        )
    )
    blocks.append(
        _text_block(
            "scoring",
            "Scoring a round",
            "Starting Position = Skipped Parts × −2. Events = the sum of your Event boxes. "
            "Cargo = the values of all your goods. Lost Components = marked boxes × −2. "
            f"Pretty Ship = {pretty} (rounds "
            f"{', '.join(str(r.round) for r in content.rounds)}) minus your exposed "
            "connectors; it can be negative (no floor).\nRound score = Position + Events + "
            "Cargo + Lost Components + Pretty Ship. Your game total is the sum of your "
            "round scores; most money wins.",
            EVENT_BODY,
        )
    )
    return blocks


def _round_blocks(content: GalaxyTrucker, ship_words: ShipWords = _ship) -> list[LayoutBlock]:
    """How a round runs, from the pack's own post texts, and each round's numbers."""
    texts = content.texts
    table = "\n".join(
        f"Round {r.round}, {ship_words(r)}: {r.build_turns} build turns, "
        f"{r.stacks * r.stack_size} events, peek stacks of {r.stack_size}, "
        f"Pretty Ship {r.pretty_ship}, {r.lost_component_boxes} Lost Component boxes."
        for r in content.rounds
    )
    return [
        _text_block("rounds", "The rounds", table),
        _text_block(
            "building",
            "Building",
            generic_text(texts.build_turn.replace("{side_rule}", texts.side_rule)),
        ),
        _text_block("peeking", "Peeking", generic_text(texts.peek_rule)),
        _text_block("end-of-building", "After building", generic_text(texts.end_of_building)),
        _text_block("flying", "Flying", generic_text(texts.flight_turn)),
    ]


def aid_pages(
    content: GalaxyTrucker, paper: str, total: int = 2, ship_words: ShipWords = _ship
) -> list[PageSpec]:
    """Page 1: tiles, connectors and how a round runs; page 2: the events. `total` is the
    aid's page count (an expansion may add pages after these two)."""
    width, height = page_size(paper, "portrait")
    margin = mm(12)
    col_w = (width - 2 * margin - GAP) / 2
    top, bottom = margin + HEADER_H, height - margin - FOOTER_H - mm(3)
    columns = [Column(margin + k * (col_w + GAP), top, col_w, bottom) for k in range(2)]
    pages = []
    for number, blocks in enumerate((aid_blocks(content, ship_words), event_blocks(content))):
        placed = flow(TextMeasure(), blocks, columns, mm(1.8))
        if placed is None:
            raise LayoutError(f"page {number + 1} of the player aid does not fit on {paper}")
        pages.append(PageSpec("portrait", _page_drawer(content, number, placed, total)))
    return pages


def _page_drawer(
    content: GalaxyTrucker, number: int, placed: list[Placement], total: int = 2
) -> Callable[[Page], None]:
    def draw(page: Page) -> None:
        header(
            page,
            content,
            f"Player aid {number + 1}/{total}",
            "Tiles, connectors, rounds, cargo, scoring and events. "
            "The posts give each card's own numbers.",
            player_box=False,
        )
        for p in placed:
            p.block.draw(page, p.x, p.y, p.w)
        footer(page, content, f"Player aid, page {number + 1}")

    return draw
