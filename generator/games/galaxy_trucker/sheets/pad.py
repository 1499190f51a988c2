"""The host's score pad: one landscape table with a row per player, each round's breakdown
(Position, Events, Cargo, Lost Components, Pretty Ship, round score), the total and rank."""

from __future__ import annotations

from collections.abc import Callable

from generator.art.surface import BLACK, FontName
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.sheets.common import (
    FOOTER_H,
    HEADER_H,
    LABEL,
    NOTE,
    footer,
    header,
)
from generator.render.pdf import (
    MARGIN,
    MIN_LINE,
    SHADE,
    THICK,
    LayoutError,
    Page,
    PageSpec,
    TextMeasure,
    fit_size,
    mm,
    page_size,
    paragraph,
    paragraph_height,
)

BREAKDOWN = ("Position", "Events", "Cargo", "Lost", "Pretty", "Score")
ROW_H = mm(7.5)
HEAD_H = mm(11)
NUMBER_W, TOTAL_W, RANK_W = mm(7), mm(15), mm(11)
NAME_MIN = mm(34)
PAGES = 2  # numbered on: a host with many players prints both


def _note(content: GalaxyTrucker) -> str:
    rounds = " + ".join(f"Round {r.round}" for r in content.rounds)
    return (
        "Round score = Position + Events + Cargo + Lost Components + Pretty Ship "
        "(as on each player's ship sheet); Pretty Ship and the round score may be negative. "
        f"Total = {rounds}. Rank by total; equal totals share a rank. "
        "Print as many copies as you need."
    )


def draw_pad(page: Page, content: GalaxyTrucker, first: int = 1) -> None:
    """The table, its rows numbered from `first`."""
    s = page.surface
    rounds = content.rounds
    header(page, content, "Score pad", "For the host: one row per player.", player_box=False)
    y = page.top + HEADER_H
    y = paragraph(s, page.left, y, page.inner_width, _note(content), size=NOTE) + mm(2)
    cols = len(rounds) * len(BREAKDOWN)
    for col_mm in (12.0, 11.5, 11.0, 10.5, 10.0, 9.5):
        col_w = mm(col_mm)
        name_w = page.inner_width - NUMBER_W - TOTAL_W - RANK_W - cols * col_w
        if name_w >= NAME_MIN:
            break
    else:
        raise LayoutError(f"the score pad's {cols} columns do not fit on {page.paper} paper")
    # Column edges, left to right: #, Player, the rounds' breakdowns, Total, Rank.
    widths = [NUMBER_W, name_w] + [col_w] * cols + [TOTAL_W, RANK_W]
    edges = [page.left]
    for w in widths:
        edges.append(edges[-1] + w)
    bottom = page.bottom - FOOTER_H - mm(3)
    rows = int((bottom - y - HEAD_H) // ROW_H)
    table_bottom = y + HEAD_H + rows * ROW_H
    # Shading of the columns a host adds up (colour helps; bold headers carry the meaning).
    shaded = [2 + k * len(BREAKDOWN) + len(BREAKDOWN) - 1 for k in range(len(rounds))]
    shaded.append(2 + cols)
    for c in shaded:
        s.rect(edges[c], y, widths[c], table_bottom - y, stroke=None, fill=SHADE)
    # Group headings: one per round over its breakdown columns.
    group_h = HEAD_H / 2
    for k, rnd in enumerate(rounds):
        x0 = edges[2 + k * len(BREAKDOWN)]
        x1 = edges[2 + (k + 1) * len(BREAKDOWN)]
        label = f"Round {rnd.round} · Ship {rnd.ship}"
        size = fit_size(s, label, x1 - x0 - mm(2), LABEL, "VeraBd")
        s.text((x0 + x1) / 2, y + group_h * 0.7, label, size=size, font="VeraBd", anchor="middle")
    names = ["#", "Player"] + list(BREAKDOWN) * len(rounds) + ["Total", "Rank"]
    for c, name in enumerate(names):
        font: FontName = "VeraBd" if name in ("Score", "Total", "Rank", "Player") else "Vera"
        size = fit_size(s, name, widths[c] - mm(1.5), NOTE + 0.5, font)
        s.text(
            edges[c] + widths[c] / 2,
            y + HEAD_H - mm(1.6),
            name,
            size=size,
            font=font,
            anchor="middle",
        )
    # Rules: thin row lines, thick lines around each round group and the table.
    s.line(edges[2], y + group_h, edges[2 + cols], y + group_h, width=MIN_LINE)
    for r in range(rows + 1):
        ry = y + HEAD_H + r * ROW_H
        s.line(page.left, ry, edges[-1], ry, width=THICK if r == 0 else MIN_LINE)
        if r < rows:
            s.text(
                edges[0] + widths[0] / 2,
                ry + ROW_H * 0.65,
                str(first + r),
                size=NOTE,
                anchor="middle",
            )
            page.mark("pad-row", page.left, ry, edges[-1] - page.left, ROW_H)
    group_edges = {2 + k * len(BREAKDOWN) for k in range(len(rounds) + 1)} | {0, len(widths)}
    for c, ex in enumerate(edges):
        top = y if c in group_edges or c in (1, len(widths) - 1) else y + group_h
        if c < 2 or c > 2 + cols:
            top = y
        s.line(ex, top, ex, table_bottom, width=THICK if c in group_edges else MIN_LINE)
    s.rect(
        page.left, y, edges[-1] - page.left, table_bottom - y, stroke=BLACK, fill=None, width=THICK
    )
    page.mark("pad-table", page.left, y, edges[-1] - page.left, table_bottom - y)
    footer(page, content, "Score pad")


def pad_rows(content: GalaxyTrucker, paper: str) -> int:
    """How many player rows a page of the pad holds on this paper (as `draw_pad` lays out)."""
    width, height = page_size(paper, "landscape")
    note_h = paragraph_height(TextMeasure(), width - 2 * MARGIN, _note(content), size=NOTE)
    top = MARGIN + HEADER_H + note_h + mm(2)
    bottom = height - MARGIN - FOOTER_H - mm(3)
    return int((bottom - top - HEAD_H) // ROW_H)


def pad_pages(content: GalaxyTrucker, paper: str) -> list[PageSpec]:
    rows = pad_rows(content, paper)

    def page_drawer(first: int) -> Callable[[Page], None]:
        return lambda page: draw_pad(page, content, first)

    return [PageSpec("landscape", page_drawer(1 + k * rows)) for k in range(PAGES)]
