"""The expansion's player-aid pages of flowing text: an entry (a bold lead-in and its text)
and a page that flows such entries into two columns."""

from __future__ import annotations

from generator.art.text import Measure
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.sheets.common import FOOTER_H, HEADER_H, footer, header
from generator.render.pdf import (
    Column,
    LayoutBlock,
    LayoutError,
    Page,
    PageSpec,
    TextMeasure,
    flow,
    mm,
    page_size,
    paragraph,
    paragraph_height,
)


def split_lead(text: str) -> tuple[str, str]:
    """'Catapult (three arrows): at the end...' -> ('Catapult (three arrows):', 'at the end...'),
    so the name a rule opens with is printed bold."""
    head, sep, rest = text.partition(": ")
    if sep and len(head) <= 60:
        return head + ":", rest
    return "", text


def text_entry(text: str) -> LayoutBlock:
    lead, body = split_lead(text)

    def height(m: Measure, w: float) -> float:
        return paragraph_height(m, w, body, size=7.0, lead=lead)

    def draw(page: Page, x: float, y: float, w: float) -> None:
        paragraph(page.surface, x, y, w, body, size=7.0, lead=lead)

    return LayoutBlock(f"text-{lead or body[:20]}", mm(60), height, draw)


def two_column_aid_page(
    content: GalaxyTrucker,
    paper: str,
    blocks: list[LayoutBlock],
    title: str,
    subtitle: str,
    footer_text: str,
) -> PageSpec:
    """A player-aid page of the expansion: text blocks flowed into two columns."""
    width, height = page_size(paper, "portrait")
    margin = mm(12)
    gap = mm(5)
    col_w = (width - 2 * margin - gap) / 2
    top, bottom = margin + HEADER_H, height - margin - FOOTER_H - mm(3)
    columns = [Column(margin + k * (col_w + gap), top, col_w, bottom) for k in range(2)]
    placed = flow(TextMeasure(), blocks, columns, mm(1.8))
    if placed is None:
        raise LayoutError(f"the {footer_text.lower()} page does not fit on {paper}")

    def draw(page: Page) -> None:
        header(page, content, title, subtitle, player_box=False)
        for p in placed:
            p.block.draw(page, p.x, p.y, p.w)
        footer(page, content, footer_text)

    return PageSpec("portrait", draw)
