"""The ship sheet of one round: the ship grid and every box the rules ask a player to fill.

Each (round, paper) pair gets its own layout: the grid first, at the largest cell size
(25 mm down to 20 mm) for which every block still fits, trying portrait and landscape
(portrait wins a tie); the blocks (Skipped Parts, Lost Components, Events, score, crew
key, legend) then flow into columns below or beside it. Nothing is scaled from one paper
onto the other."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.art.surface import BLACK, WHITE, FontName
from generator.art.text import Measure, wrap
from generator.games.galaxy_trucker.art.tiles import draw_tile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Board, Round, Tile
from generator.games.galaxy_trucker.sheets.art import sample_tiles
from generator.games.galaxy_trucker.sheets.common import (
    FOOTER_H,
    HEADER_H,
    LABEL,
    NOTE,
    TITLE,
    footer,
    header,
    note_under_height,
    title_line,
)
from generator.render.pdf import (
    INK_GREY,
    MARGIN,
    THICK,
    Column,
    LayoutBlock,
    LayoutError,
    Orientation,
    Page,
    PageSpec,
    TextMeasure,
    assign,
    box,
    box_grid,
    box_grid_height,
    fit_size,
    hatch,
    mm,
    page_size,
    paragraph,
    paragraph_height,
)

CELL_SIZES_MM = (25, 24, 23, 22, 21, 20)  # 20 mm: the smallest square a tile is drawn in
NUMBER_BAND = mm(5)
GAP = mm(3)
TITLE_H = TITLE * 1.45
CHECK, CHECK_GAP = mm(4.8), mm(1.1)
EVENT_W, EVENT_H, EVENT_GAP = mm(12), mm(9), mm(1.2)
EVENT_W_MAX = mm(20)
SCORE_BOX_W, SCORE_BOX_H = mm(22), mm(7.5)
SCORE_PITCH = mm(8.7)
SCORE_ITEM_MIN = mm(27)  # a score line laid out across: label over box
LEGEND_W, LEGEND_ART = mm(13), mm(9)
LEGEND_H = LEGEND_ART + mm(4.6)
SIDE_COLUMN_MIN = mm(56)
HOW = 5.8  # the explanation under each score line's name
SMALL = 5.0  # labels under legend pictures, two lines at most


def draw_board_cells(
    page: Page,
    board: Board,
    rows: list[int],
    cols: list[int],
    x0: float,
    y0: float,
    cell: float,
) -> None:
    """A ship board's grid at (x0, y0): squares outside the ship hatched, the ship's cells
    white and outlined, each marked on the page for the sheet's checks."""
    s = page.surface
    for j, row in enumerate(rows):
        for i, col in enumerate(cols):
            px, py = x0 + i * cell, y0 + j * cell
            if not board.has_cell(row, col):
                hatch(s, px, py, cell, cell)
                page.mark("outside", px, py, cell, cell)
    # Ship cells last, so their borders sit on top of the hatching next to them.
    for j, row in enumerate(rows):
        for i, col in enumerate(cols):
            if board.has_cell(row, col):
                px, py = x0 + i * cell, y0 + j * cell
                s.rect(px, py, cell, cell, stroke=BLACK, fill=WHITE, width=1.2)
                page.mark("cell", px, py, cell, cell)


def skipped_boxes(rnd: Round) -> int:
    """One per set of the round (a player may skip them all) plus one per peekable stack."""
    return rnd.build_turns * rnd.sets_per_turn + rnd.peekable_stacks


def event_count(rnd: Round) -> int:
    return rnd.stacks * rnd.stack_size


def balanced(count: int, most: int) -> int:
    """Items per row for `count` items, at most `most` a row, in as few rows as that allows
    and with rows as even as possible."""
    rows = -(-count // most)
    return -(-count // rows)


def line_range(numbers: list[int]) -> list[int]:
    return list(range(min(numbers), max(numbers) + 1))


@dataclass(frozen=True)
class ShipSheet:
    content: GalaxyTrucker
    rnd: Round
    last_round: bool

    @property
    def board(self) -> Board:
        return self.content.boards[self.rnd.ship]

    @functools.cached_property
    def legend_samples(self) -> list[tuple[str, Tile]]:
        """The legend's pictures: found once per sheet, though the layout asks the legend's
        height for every column and cell size it tries."""
        return sample_tiles(self.content, merge_sizes=True)

    # --- blocks ------------------------------------------------------------------------
    def blocks(self) -> dict[str, LayoutBlock]:
        blocks = {
            "skipped": LayoutBlock("skipped", mm(50), self._skipped_height, self._skipped),
            "lost": LayoutBlock("lost", mm(50), self._lost_height, self._lost),
            "events": LayoutBlock("events", EVENT_W * 4, self._events_height, self._events),
            "score": LayoutBlock("score", mm(62), self._score_height, self._score),
            "crew": LayoutBlock("crew", mm(50), self._crew_height, self._crew),
            "legend": LayoutBlock("legend", LEGEND_W * 3, self._legend_height, self._legend),
        }
        if self.last_round:
            blocks["game"] = LayoutBlock("game", mm(50), self._game_height, self._game)
        return blocks

    def _peek_text(self) -> str:
        r = self.rnd
        return (
            f"Peek: once your ship has a tile besides the cabin, mark 1 box to see one of "
            f"stacks 1-{r.peekable_stacks} ({r.stack_size} cards); it skips no set."
        )

    def _skipped_title(self) -> tuple[str, str]:
        count = skipped_boxes(self.rnd)
        return "Skipped Parts", f"{count} boxes; after building, × −2 = Starting Position"

    def _skipped_height(self, m: Measure, w: float) -> float:
        return (
            TITLE_H
            + note_under_height(m, w, *self._skipped_title())
            + paragraph_height(m, w, self._peek_text(), size=NOTE)
            + mm(0.8)
            + box_grid_height(w, skipped_boxes(self.rnd), size=CHECK, gap=CHECK_GAP)
        )

    def _skipped(self, page: Page, x: float, y: float, w: float) -> None:
        s = page.surface
        count = skipped_boxes(self.rnd)
        y = title_line(s, x, y, w, *self._skipped_title())
        y = paragraph(s, x, y, w, self._peek_text(), size=NOTE) + mm(0.8)
        labels = [str(i + 1) for i in range(count)]
        box_grid(
            page,
            "skipped",
            x,
            y,
            w,
            count,
            size=CHECK,
            gap=CHECK_GAP,
            labels=labels,
            label_size=4,
        )

    def _lost_note(self) -> str:
        return "Cross out a lost tile (placed illegally, or destroyed in flight); mark a box."

    def _lost_title(self) -> tuple[str, str]:
        return "Lost Components", f"at most {self.rnd.lost_component_boxes} boxes, each −2"

    def _lost_height(self, m: Measure, w: float) -> float:
        return (
            TITLE_H
            + note_under_height(m, w, *self._lost_title())
            + paragraph_height(m, w, self._lost_note(), size=NOTE)
            + mm(0.8)
            + box_grid_height(w, self.rnd.lost_component_boxes, size=CHECK, gap=CHECK_GAP)
        )

    def _lost(self, page: Page, x: float, y: float, w: float) -> None:
        s = page.surface
        count = self.rnd.lost_component_boxes
        y = title_line(s, x, y, w, *self._lost_title())
        y = paragraph(s, x, y, w, self._lost_note(), size=NOTE) + mm(0.8)
        labels = [str(i + 1) for i in range(count)]
        box_grid(
            page, "lost", x, y, w, count, size=CHECK, gap=CHECK_GAP, labels=labels, label_size=4
        )

    def _event_box_width(self, w: float) -> float:
        """As wide as the rows allow once they are balanced (no lone box on a last row)."""
        count = event_count(self.rnd)
        per_row = balanced(count, max(1, int((w + EVENT_GAP) // (EVENT_W + EVENT_GAP))))
        return min(EVENT_W_MAX, (w - (per_row - 1) * EVENT_GAP) / per_row)

    def _events_title(self) -> tuple[str, str]:
        return "Events", f"{event_count(self.rnd)} cards: write each card's result"

    def _events_height(self, m: Measure, w: float) -> float:
        count = event_count(self.rnd)
        size = self._event_box_width(w)
        title_h = TITLE_H + note_under_height(m, w, *self._events_title())
        return title_h + box_grid_height(w, count, size=size, gap=EVENT_GAP, height=EVENT_H)

    def _events(self, page: Page, x: float, y: float, w: float) -> None:
        count = event_count(self.rnd)
        y = title_line(page.surface, x, y, w, *self._events_title())
        labels = [f"Event {i + 1}" for i in range(count)]
        box_grid(
            page,
            "event",
            x,
            y,
            w,
            count,
            size=self._event_box_width(w),
            gap=EVENT_GAP,
            height=EVENT_H,
            labels=labels,
            label_size=5,
        )

    def _score_lines(self) -> list[tuple[str, str, str]]:
        """(operator, name, how to work it out)."""
        goods = ", ".join(f"{g.name} {g.value}" for g in self.content.goods.values())
        return [
            ("", "Starting Position", "Skipped Parts × −2"),
            ("+", "Events", f"sum of the {event_count(self.rnd)} Event boxes"),
            ("+", "Cargo", f"goods: {goods}"),
            ("+", "Lost Components", "marked boxes × −2"),
            ("+", "Pretty Ship", f"{self.rnd.pretty_ship} − exposed connectors"),
            ("=", f"Round {self.rnd.round} score", ""),
        ]

    def _score_across(self, w: float) -> int:
        """How many score lines fit side by side (1 means a vertical list)."""
        n = len(self._score_lines())
        for per_row in (n, (n + 1) // 2):
            if w / per_row >= SCORE_ITEM_MIN:
                return per_row
        return 1

    def _score_title(self) -> tuple[str, str]:
        return (
            f"Round {self.rnd.round} score",
            "Starting Position after building, the rest after the flight",
        )

    def _score_height(self, m: Measure, w: float) -> float:
        lines = len(self._score_lines())
        per_row = self._score_across(w)
        title_h = TITLE_H + note_under_height(m, w, *self._score_title())
        if per_row == 1:
            return title_h + lines * SCORE_PITCH
        rows = -(-lines // per_row)
        return title_h + rows * (self._label_h(m, w) + SCORE_BOX_H) + (rows - 1) * mm(1.5)

    def _how_lines(self, m: Measure, w: float, how: str) -> list[str]:
        per_row = self._score_across(w)
        room = w / per_row - mm(5.5)
        return wrap(m, how, room, HOW)

    def _label_h(self, m: Measure, w: float) -> float:
        """Name and explanation over each box; two lines of explanation where one is short."""
        most = max(len(self._how_lines(m, w, how)) for _, _, how in self._score_lines())
        return mm(3.6) + most * HOW * 1.15 + mm(0.6)

    def _score(self, page: Page, x: float, y: float, w: float) -> None:
        s = page.surface
        y = title_line(s, x, y, w, *self._score_title())
        lines = self._score_lines()
        per_row = self._score_across(w)
        for i, (op, name, how) in enumerate(lines):
            last = i == len(lines) - 1
            font: FontName = "VeraBd"
            if per_row == 1:
                by = y + i * SCORE_PITCH
                base = by + SCORE_BOX_H * 0.66
                s.text(x + mm(1.5), base, op, size=TITLE, font="VeraBd", anchor="middle")
                label = f"{name} ({how})" if how else name
                room = w - SCORE_BOX_W - mm(6)
                s.text(
                    x + mm(4.5), base, label, size=fit_size(s, label, room, LABEL, font), font=font
                )
                bx = x + w - SCORE_BOX_W
                bw = SCORE_BOX_W
            else:
                item_w = w / per_row
                ix = x + (i % per_row) * item_w
                label_h = self._label_h(s, w)
                by = y + (i // per_row) * (label_h + SCORE_BOX_H + mm(1.5))
                op_w = mm(4)
                s.text(
                    ix + op_w / 2,
                    by + label_h + SCORE_BOX_H * 0.7,
                    op,
                    size=TITLE + 1,
                    font="VeraBd",
                    anchor="middle",
                )
                room = item_w - op_w - mm(1.5)
                s.text(
                    ix + op_w,
                    by + mm(2.4),
                    name,
                    size=fit_size(s, name, room, LABEL, font),
                    font=font,
                )
                for k, how_line in enumerate(self._how_lines(s, w, how) if how else []):
                    s.text(
                        ix + op_w,
                        by + mm(3.6) + (k + 0.8) * HOW * 1.15,
                        how_line,
                        size=HOW,
                        color=INK_GREY,
                    )
                bx, by, bw = ix + op_w, by + label_h, room
            box(s, bx, by, bw, SCORE_BOX_H, width=THICK if last else 1.0)
            page.mark("score", bx, by, bw, SCORE_BOX_H)

    def _game_labels(self) -> list[str]:
        return [f"Round {r.round}" for r in self.content.rounds] + ["Game total"]

    GAME_TITLE = ("Your game", "the round scores and their sum")

    def _game_height(self, m: Measure, w: float) -> float:
        labels = self._game_labels()
        title_h = TITLE_H + note_under_height(m, w, *self.GAME_TITLE)
        return title_h + box_grid_height(w, len(labels), size=mm(18), gap=mm(2), height=mm(9))

    def _game(self, page: Page, x: float, y: float, w: float) -> None:
        labels = self._game_labels()
        y = title_line(page.surface, x, y, w, *self.GAME_TITLE)
        box_grid(
            page,
            "game-total",
            x,
            y,
            w,
            len(labels),
            size=mm(18),
            gap=mm(2),
            height=mm(9),
            labels=labels,
        )

    def _crew_text(self) -> str:
        return (
            "H human (2 per cabin) · L laser alien (purple) · E engine alien (brown). "
            "An alien fills a whole cabin: colour out its other space, and colour out the "
            "space of each crew member who leaves."
        )

    def _crew_height(self, m: Measure, w: float) -> float:
        return paragraph_height(m, w, self._crew_text(), size=NOTE + 0.5, lead="Crew key:")

    def _crew(self, page: Page, x: float, y: float, w: float) -> None:
        paragraph(page.surface, x, y, w, self._crew_text(), size=NOTE + 0.5, lead="Crew key:")

    def _rules_text(self) -> str:
        return (
            "Pipes on a side: 1 single, 2 double, 3 universal, none smooth. Single fits single "
            f"or universal; double fits double or universal; {self.content.texts.side_rule}. "
            "Rotate, never mirror. Nothing in front of a barrel or behind an engine; "
            "engines face the rear. Barrels and exhausts count as smooth."
        )

    def _legend_rows(self, w: float) -> tuple[int, int]:
        """(items per row, rows), balanced so that no row is left with a lone picture."""
        items = len(self.legend_samples)
        per_row = balanced(items, max(1, int(w // LEGEND_W)))
        return per_row, -(-items // per_row)

    LEGEND_TITLE = ("Tiles and connectors", "full list on the player aid")

    def _legend_height(self, m: Measure, w: float) -> float:
        _, rows = self._legend_rows(w)
        rules = paragraph_height(m, w, self._rules_text(), size=NOTE)
        return TITLE_H + note_under_height(m, w, *self.LEGEND_TITLE) + rows * LEGEND_H + rules

    def _legend(self, page: Page, x: float, y: float, w: float) -> None:
        s = page.surface
        y = title_line(s, x, y, w, *self.LEGEND_TITLE)
        per_row, rows = self._legend_rows(w)
        item_w = w / max(1, int(w // LEGEND_W))
        for i, (name, tile) in enumerate(self.legend_samples):
            ix = x + (i % per_row) * item_w
            iy = y + (i // per_row) * LEGEND_H
            ax = ix + (item_w - LEGEND_ART) / 2
            draw_tile(s, self.content, tile, ax, iy, LEGEND_ART)
            page.mark("legend-tile", ax, iy, LEGEND_ART, LEGEND_ART)
            size = SMALL
            lines = wrap(s, name, item_w - mm(0.4), size)
            while len(lines) > 2:
                size -= 0.25
                lines = wrap(s, name, item_w - mm(0.4), size)
            for k, line in enumerate(lines):
                s.text(
                    ix + item_w / 2,
                    iy + LEGEND_ART + mm(2.0) + k * size * 1.1,
                    line,
                    size=size,
                    anchor="middle",
                )
        paragraph(s, x, y + rows * LEGEND_H, w, self._rules_text(), size=NOTE)

    # --- the grid ------------------------------------------------------------------------
    def grid_size(self, cell: float) -> tuple[float, float]:
        rows, cols = line_range(self.board.rows), line_range(self.board.columns)
        return (len(cols) * cell + 2 * NUMBER_BAND, len(rows) * cell + 2 * NUMBER_BAND)

    def draw_grid(self, page: Page, x: float, y: float, cell: float) -> None:
        s = page.surface
        board = self.board
        rows, cols = line_range(board.rows), line_range(board.columns)
        gw, gh = self.grid_size(cell)
        cx0, cy0 = x + NUMBER_BAND, y + NUMBER_BAND
        inner_w, inner_h = len(cols) * cell, len(rows) * cell
        number = 9.0
        # Which way is the front: in the number bands, between the two middle columns
        # numbers (each number sits mid-column, so a 20 mm cell leaves room for the word).
        mid = cx0 + (len(cols) // 2) * cell
        s.text(mid, y + NUMBER_BAND * 0.72, "FRONT", size=6.5, font="VeraBd", anchor="middle")
        s.text(mid, y + gh - NUMBER_BAND * 0.28, "REAR", size=6.5, font="VeraBd", anchor="middle")
        for i, col in enumerate(cols):
            cx = cx0 + i * cell + cell / 2
            s.text(
                cx, cy0 - NUMBER_BAND * 0.28, str(col), size=number, font="VeraBd", anchor="middle"
            )
            s.text(
                cx,
                cy0 + inner_h + NUMBER_BAND * 0.78,
                str(col),
                size=number,
                font="VeraBd",
                anchor="middle",
            )
        for j, row in enumerate(rows):
            cy = cy0 + j * cell + cell / 2 + number * 0.36
            s.text(cx0 - NUMBER_BAND / 2, cy, str(row), size=number, font="VeraBd", anchor="middle")
            s.text(
                cx0 + inner_w + NUMBER_BAND / 2,
                cy,
                str(row),
                size=number,
                font="VeraBd",
                anchor="middle",
            )
        draw_board_cells(page, board, rows, cols, cx0, cy0, cell)
        start = board.start
        sx = cx0 + cols.index(start.column) * cell
        sy = cy0 + rows.index(start.row) * cell
        pad = mm(0.8)
        draw_tile(s, self.content, self.content.starting_cabin, sx + pad, sy + pad, cell - 2 * pad)
        page.mark("start", sx, sy, cell, cell)
        page.mark("grid", x, y, gw, gh)

    # --- the page ------------------------------------------------------------------------
    def layout(self, paper: str) -> tuple[Orientation, float, Callable[[Page], None]]:
        """The best fitting layout for the paper: the largest cells, portrait on a tie."""
        measure = TextMeasure()
        found: list[tuple[int, int, Orientation, Callable[[Page], None]]] = []
        orientations: tuple[Orientation, ...] = ("portrait", "landscape")
        for rank, orientation in enumerate(orientations):
            for cell_mm in CELL_SIZES_MM:
                drawer = self._try(measure, paper, orientation, mm(cell_mm))
                if drawer is not None:
                    found.append((cell_mm, -rank, orientation, drawer))
                    break
        if not found:
            raise LayoutError(
                f"round {self.rnd.round}: ship {self.rnd.ship} and its boxes do not fit "
                f"on {paper} paper with cells of at least {CELL_SIZES_MM[-1]} mm"
            )
        cell_mm, _, orientation, drawer = max(found, key=lambda f: (f[0], f[1]))
        return orientation, mm(cell_mm), drawer

    def _try(
        self, measure: Measure, paper: str, orientation: Orientation, cell: float
    ) -> Callable[[Page], None] | None:
        width, height = page_size(paper, orientation)
        left, top = MARGIN, MARGIN + HEADER_H
        right, bottom = width - MARGIN, height - MARGIN - FOOTER_H - mm(2)
        gw, gh = self.grid_size(cell)
        # The grid may reach into the side margins down to the 10 mm safe margin: its
        # outer number bands hold only the centred numbers.
        grid_left = (width - gw) / 2 if orientation == "portrait" else left
        if grid_left < mm(10) - 0.01 or top + gh > bottom:
            return None
        if orientation == "portrait":
            # Two columns under the grid, and a full-width strip above them if needed.
            below = top + gh + GAP
            half = (right - left - GAP) / 2
            columns = [
                Column(left, below, half, bottom),
                Column(left + half + GAP, below, half, bottom),
                Column(left, below, right - left, bottom),
            ]
        else:
            # Columns beside the grid, then one under it.
            side_x = left + gw + GAP
            side_w = right - side_x
            count = max(1, int((side_w + GAP) // (SIDE_COLUMN_MIN + GAP)))
            col_w = (side_w - (count - 1) * GAP) / count
            columns = [Column(side_x + k * (col_w + GAP), top, col_w, bottom) for k in range(count)]
            columns.append(Column(left, top + gh + GAP, gw, bottom))
        placed = assign(
            measure, list(self.blocks().values()), columns, GAP, strip=orientation == "portrait"
        )
        if placed is None:
            return None
        return self.drawer(grid_left, top, cell, placed)

    def drawer(
        self, grid_left: float, top: float, cell: float, placed: list[Any]
    ) -> Callable[[Page], None]:
        """The page: header, the grid at (grid_left, top) with cells of `cell`, the blocks as
        placed, footer."""

        def draw(page: Page) -> None:
            header(
                page,
                self.content,
                f"Round {self.rnd.round} · {self.board.name}",
                self._subtitle(),
                player_box=True,
            )
            self.draw_grid(page, grid_left, top, cell)
            for p in placed:
                p.block.draw(page, p.x, p.y, p.w)
            footer(page, self.content, f"Ship sheet, round {self.rnd.round}")

        return draw

    def _subtitle(self) -> str:
        r = self.rnd
        return (
            f"Ship class {r.ship} · {r.build_turns} build turns of {r.sets_per_turn} sets · "
            f"{event_count(r)} events · Pretty Ship {r.pretty_ship} · "
            "row and column numbers are the 2d6 rolls"
        )

    def page(self, paper: str) -> PageSpec:
        orientation, _, draw = self.layout(paper)
        return PageSpec(orientation, draw)
