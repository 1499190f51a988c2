"""Keep on Trucking's print-and-play files, per paper size:

    sheets/ship-<round>-<paper>.pdf     Ships I, II, III (the base boards), as in the base game
    sheets/ship-<round>A-<paper>.pdf    Ships IA, IIA, IIIA
    sheets/player-aid-<paper>.pdf       the base aid (base tiles), then the technology page
    sheets/score-pad-<paper>.pdf        the host's table
    sheets/print-pack-<paper>.pdf       all six ships and the aid

Every ship sheet gets the expansion's boxes (cyan ability, sleepers, catapult goods); the A
ships add their hit rule: IA's dice compass and labelled lines, IIA's mirror table, IIIA's
WRAP table. Like the base sheets they depend on the pack only, never on the seed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from generator.art.surface import BLACK, WHITE
from generator.art.text import Measure
from generator.games import OutputFile
from generator.games.galaxy_trucker.art.tiles import draw_tile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Round, Tile
from generator.games.galaxy_trucker.sheets.aid import aid_pages
from generator.games.galaxy_trucker.sheets.common import (
    FOOTER_H,
    HEADER_H,
    NOTE,
    TITLE,
    title_line,
)
from generator.games.galaxy_trucker.sheets.files import aid_pad_and_pack
from generator.games.galaxy_trucker.sheets.ship import (
    GAP,
    NUMBER_BAND,
    SIDE_COLUMN_MIN,
    ShipSheet,
    draw_board_cells,
    line_range,
)
from generator.games.keep_on_trucking.hits import label_words
from generator.games.keep_on_trucking.model import ExpansionFile
from generator.games.keep_on_trucking.sheets.adventures import adventures_page
from generator.games.keep_on_trucking.sheets.columns import (
    split_lead,
    text_entry,
    two_column_aid_page,
)
from generator.render.pdf import (
    MARGIN,
    PAPER_NAMES,
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
    mm,
    page_size,
    paragraph,
    paragraph_height,
    render_pdf,
)

FOLDER = "sheets"
CHECK = mm(4.2)
CHECK_GAP = mm(1)
SLEEPER_BOXES = 12  # 3 stasis chambers' sleepers; more chambers write on the tile
TABLE = 7.0
EXTRA_CELL_SIZES_MM = (19, 18)


def expansion(content: GalaxyTrucker) -> ExpansionFile:
    found: ExpansionFile = content.extras["expansion"]  # the pack's, loaded by the game
    return found


@dataclass(frozen=True)
class TruckingShipSheet(ShipSheet):
    """A ship sheet with Keep on Trucking's boxes and, on the A ships, their hit rule."""

    def blocks(self) -> dict[str, LayoutBlock]:
        blocks = super().blocks()
        blocks["trucking"] = LayoutBlock("trucking", mm(50), self._trucking_height, self._trucking)
        if self.board.hits != "plain":
            blocks["hits"] = LayoutBlock("hits", mm(50), self._hits_height, self._hits)
        return blocks

    def _crew_text(self) -> str:
        # The cyan alien is written as the other aliens are: a letter in its cabin.
        return (
            "H human (2 per cabin) · L laser alien (purple) · E engine alien (brown) · "
            "C cyan alien. An alien fills a whole cabin: colour out its other space, and "
            "colour out the space of each crew member who leaves."
        )

    # --- the expansion's boxes ----------------------------------------------------------
    def _trucking_text(self) -> str:
        return "Sleepers: tick 4 per stasis chamber, cross one out as it wakes."

    def _trucking_height(self, m: Measure, w: float) -> float:
        text = paragraph_height(m, w, self._trucking_text(), size=NOTE)
        sleepers = box_grid_height(w, SLEEPER_BOXES, size=CHECK, gap=CHECK_GAP)
        return TITLE * 1.5 + mm(8) + mm(1.2) + text + mm(0.8) + sleepers

    def _trucking(self, page: Page, x: float, y: float, w: float) -> None:
        s = page.surface
        y = title_line(s, x, y, w, "Keep on Trucking", "")
        # One row: the cyan ability, then the two title counts (games with `titles:`), so
        # the titles take no height from sheets that are already full.
        count_w = mm(17)
        cyan_w = w - 2 * (count_w + mm(1.5))
        label = "Cyan alien ability (while it is aboard)"
        if s.text_width(label, size=5.5) > cyan_w - mm(2):
            label = "Cyan alien ability"
        box(s, x, y, cyan_w, mm(8), label=label)
        page.mark("cyan-ability", x, y, cyan_w, mm(8))
        for i, (key, name) in enumerate(
            (("aesthete", "Aesthete"), ("contraptionist", "Contraptionist"))
        ):
            bx = x + cyan_w + mm(1.5) + i * (count_w + mm(1.5))
            box(s, bx, y, count_w, mm(8), label=name, label_size=5)
            page.mark(f"{key}-count", bx, y, count_w, mm(8))
        y += mm(8) + mm(1.2)
        y = paragraph(s, x, y, w, self._trucking_text(), size=NOTE) + mm(0.8)
        box_grid(page, "sleeper", x, y, w, SLEEPER_BOXES, size=CHECK, gap=CHECK_GAP)

    # --- the A ships' hit rule ------------------------------------------------------------
    def _hit_lines(self) -> tuple[str, list[str]]:
        board = self.board
        exp = expansion(self.content)
        if board.hits == "labels":
            compass = ", ".join(compass_lines(exp))
            return (
                "Dice compass",
                [
                    f"1 die (the round start post): {compass} edge is the front; turn the "
                    "sheet so it is at the top.",
                    *exp.printed_lines,
                ],
            )
        if board.hits == "mirror":
            pairs = [f"column {c} also hits column {14 - c}" for c in board.columns if c < 7]
            return (
                "Mirror (front and rear hits)",
                [
                    *pairs,
                    "column 7: one hit only",
                    "columns 2, 3, 11, 12: miss",
                    "Side hits and coordinates: not mirrored. One shield covers both hits.",
                    *self._start_exposed(),
                ],
            )
        return ("WRAP table", [])

    def _start_exposed(self) -> list[str]:
        """A starting cabin whose rear cell is not on the board keeps that connector
        exposed all round (Ship IIA): players are told once, on the sheet."""
        board = self.board
        row, column = board.start.row, board.start.column
        if board.has_cell(row + 1, column):
            return []
        return [
            "Starting cabin: the cell behind it is not on this ship, so its rear connector "
            "always stays exposed (Pretty Ship, Stardust; a small rear meteor in column "
            f"{column} can hit it)."
        ]

    def _wrap_rows(self) -> list[tuple[str, str, str]]:
        """(column roll, where a front hit goes, where a rear hit goes)."""
        board = self.board
        front, rear = board.wrap.get("front", {}), board.wrap.get("rear", {})
        rolls = sorted(set(front) | set(rear))

        def where(table: dict[int, Any], roll: int) -> str:
            to = table.get(roll)
            return f"{to.direction}, row {to.row}" if to else "as printed"

        return [(str(r), where(front, r), where(rear, r)) for r in rolls]

    WRAP_NOTE = "A front or rear hit on these columns comes from the side shown instead."
    WRAP_FOOT = "Other columns hit as printed; coordinate rolls are not redirected."

    def _hits_height(self, m: Measure, w: float) -> float:
        _, lines = self._hit_lines()
        height = TITLE * 1.5 + sum(paragraph_height(m, w, ln, size=TABLE) for ln in lines)
        if self.board.hits == "wrap":
            height += paragraph_height(m, w, self.WRAP_NOTE, size=NOTE)
            height += (len(self._wrap_rows()) + 1) * TABLE * 1.35
            height += paragraph_height(m, w, self.WRAP_FOOT, size=NOTE)
        return height

    def _hits(self, page: Page, x: float, y: float, w: float) -> None:
        title, lines = self._hit_lines()
        s = page.surface
        top = y
        y = title_line(s, x, y, w, title, "")
        for line in lines:
            y = paragraph(s, x, y, w, line, size=TABLE)
        if self.board.hits == "wrap":
            y = paragraph(s, x, y, w, self.WRAP_NOTE, size=NOTE)
            tabs = (x, x + w * 0.22, x + w * 0.61)
            pitch = TABLE * 1.35
            for n, cells in enumerate([("Column", "Front hit", "Rear hit"), *self._wrap_rows()]):
                base = y + pitch * (n + 0.8)
                for tab, cell in zip(tabs, cells, strict=True):
                    s.text(tab, base, cell, size=TABLE, font="VeraBd" if n == 0 else "Vera")
                page.mark("wrap-row", x, y + pitch * n, w, pitch)
            y += pitch * (len(self._wrap_rows()) + 1)
            y = paragraph(s, x, y, w, self.WRAP_FOOT, size=NOTE)
        page.mark(f"hits-{self.board.hits}", x, top, w, y - top)

    # --- IA: labelled lines, no fixed front ---------------------------------------------
    def draw_grid(self, page: Page, x: float, y: float, cell: float) -> None:
        if self.board.hits != "labels":
            super().draw_grid(page, x, y, cell)
            return
        s = page.surface
        board = self.board
        rows, cols = line_range(board.rows), line_range(board.columns)
        gw, gh = self.grid_size(cell)
        cx0, cy0 = x + NUMBER_BAND, y + NUMBER_BAND
        inner_w, inner_h = len(cols) * cell, len(rows) * cell
        size = 7.5
        for i, col in enumerate(cols):
            cx = cx0 + i * cell + cell / 2
            text = label_words(board, col)
            s.text(cx, cy0 - NUMBER_BAND * 0.28, text, size=size, font="VeraBd", anchor="middle")
            s.text(
                cx,
                cy0 + inner_h + NUMBER_BAND * 0.78,
                text,
                size=size,
                font="VeraBd",
                anchor="middle",
            )
        # The side bands are 5 mm wide: a range is set on two lines ("10-" over "12").
        side = 6.5
        for j, row in enumerate(rows):
            text = label_words(board, row)
            first, dash, last = text.partition("-")
            lines = [first + dash, last] if dash else [text]
            mid = cy0 + j * cell + cell / 2
            for n, part in enumerate(lines):
                base = mid + side * 0.36 + (n - (len(lines) - 1) / 2) * side * 1.15
                for bx in (cx0 - NUMBER_BAND / 2, cx0 + inner_w + NUMBER_BAND / 2):
                    s.text(bx, base, part, size=side, font="VeraBd", anchor="middle")
        draw_board_cells(page, board, rows, cols, cx0, cy0, cell)
        # The dice compass in the two top corners (outside the ship): which die makes
        # which edge the front. Each box carries the whole heading, so neither reads as
        # half of a sentence split across the ship.
        lines = compass_lines(expansion(self.content))
        halves = (lines[: (len(lines) + 1) // 2], lines[(len(lines) + 1) // 2 :])
        room = cell - 2 * mm(1) - mm(1.5)
        title = next(
            (t for t in COMPASS_TITLES if s.text_width(t, size=6.5, font="VeraBd") <= room),
            COMPASS_TITLES[-1],
        )
        for k, half in enumerate(halves):
            px = cx0 + (0 if k == 0 else inner_w - cell)
            pad = mm(1)
            s.rect(
                px + pad,
                cy0 + pad,
                cell - 2 * pad,
                cell - 2 * pad,
                stroke=BLACK,
                fill=WHITE,
                width=0.8,
                radius=mm(1),
            )
            page.mark("compass", px, cy0, cell, cell)
            s.text(px + cell / 2, cy0 + mm(5), title, size=6.5, font="VeraBd", anchor="middle")
            for n, line in enumerate(half):
                s.text(
                    px + cell / 2,
                    cy0 + mm(9.5) + n * mm(4),
                    line,
                    size=7.5,
                    font="VeraBd",
                    anchor="middle",
                )
        start = board.start
        sx = cx0 + cols.index(start.column) * cell
        sy = cy0 + rows.index(start.row) * cell
        pad = mm(0.8)
        draw_tile(s, self.content, self.content.starting_cabin, sx + pad, sy + pad, cell - 2 * pad)
        page.mark("start", sx, sy, cell, cell)
        page.mark("grid", x, y, gw, gh)

    # --- layout: a tall, narrow ship (IIIA) may take its boxes beside the grid -----------
    def layout(self, paper: str) -> tuple[Orientation, float, Callable[[Page], None]]:
        """As the base sheets, but the expansion's extra boxes may push the cells down to
        18 mm (tiles still drawn at 16 mm) where 20 mm leaves them no room."""
        try:
            return super().layout(paper)
        except LayoutError:
            pass
        measure = TextMeasure()
        orientations: tuple[Orientation, ...] = ("portrait", "landscape")
        for cell_mm in EXTRA_CELL_SIZES_MM:
            for orientation in orientations:
                drawer = self._try(measure, paper, orientation, mm(cell_mm))
                if drawer is not None:
                    return orientation, mm(cell_mm), drawer
        raise LayoutError(
            f"round {self.rnd.round}: ship {self.rnd.ship} and its boxes do not fit on {paper} "
            f"paper with cells of at least {EXTRA_CELL_SIZES_MM[-1]} mm"
        )

    def _try(
        self, measure: Measure, paper: str, orientation: Orientation, cell: float
    ) -> Callable[[Page], None] | None:
        found = super()._try(measure, paper, orientation, cell)
        if found is not None or orientation != "portrait":
            return found
        width, height = page_size(paper, orientation)
        left, top = MARGIN, MARGIN + HEADER_H
        right, bottom = width - MARGIN, height - MARGIN - FOOTER_H - mm(2)
        gw, gh = self.grid_size(cell)
        side_x = left + gw + GAP
        if top + gh > bottom or right - side_x < SIDE_COLUMN_MIN:
            return None
        # Beside the grid down to its foot, then the full width under it.
        columns = [
            Column(side_x, top, right - side_x, top + gh),
            Column(left, top + gh + GAP, right - left, bottom),
        ]
        placed = assign(measure, list(self.blocks().values()), columns, GAP, strip=False)
        if placed is None:
            return None
        return self.drawer(left, top, cell, placed)

    def _subtitle(self) -> str:
        if self.board.hits == "labels":
            r = self.rnd
            return (
                f"Ship {r.ship} · no fixed front: the dice compass picks it · lines are "
                "labelled with the 2d6 sums that hit them"
            )
        return super()._subtitle()


# The corner boxes' heading, the longest that fits the cell.
COMPASS_TITLES = ("COMPASS: FRONT EDGE", "FRONT EDGE", "FRONT")


def compass_lines(exp: ExpansionFile) -> list[str]:
    """'1-2 top', '3 right', ...: the die faces that make each edge the front."""
    groups: dict[str, list[int]] = {}
    for die, edge in sorted(exp.compass.items()):
        groups.setdefault(edge, []).append(die)
    return [
        (f"{dice[0]}-{dice[-1]}" if len(dice) > 1 else str(dice[0])) + f" {edge}"
        for edge, dice in groups.items()
    ]


def base_view(content: GalaxyTrucker) -> GalaxyTrucker:
    """The content with only the base game's tile types (and card kinds), for the base
    player aid."""
    from generator.games.keep_on_trucking.card_kinds import ADVENTURE_KINDS

    base_types = {t.type for t in content.tiles if not t.ours} | {content.starting_cabin.type}
    return dataclasses.replace(
        content,
        tile_types={k: v for k, v in content.tile_types.items() if k in base_types},
        tiles=tuple(t for t in content.tiles if not t.ours),
        cards=tuple(c for c in content.cards if c.kind not in ADVENTURE_KINDS),
    )


def technology_blocks(content: GalaxyTrucker) -> list[LayoutBlock]:
    """The technology page: each new tile type's picture and rule, then the ships A."""
    exp = expansion(content)
    blocks: list[LayoutBlock] = []
    shown: set[str] = set()
    base_types = {t.type for t in content.tiles if not t.ours}
    for tile in content.tiles:
        # Plated cabins, holds... are base types with a plated side: one Plating entry.
        if not tile.ours or tile.type in shown or tile.type in base_types:
            continue
        shown.add(tile.type)
        blocks.append(_tile_entry(content, tile))
    plated = next(t for t in content.tiles if t.ours and "plating" in t.sides.as_tuple())
    blocks.insert(0, _tile_entry(content, plated, exp.technology["plating"].rule))
    for key in ("fancy-wiring", "combined"):
        blocks.append(text_entry(exp.technology[key].rule))
    by_event = "; ".join(
        f"{content.texts.cards[kind].name} - "
        + ", ".join(exp.technology[key].name.lower() for key in keys)
        for kind, keys in exp.card_technology.items()
        if kind in content.texts.cards
    )
    blocks.append(text_entry(f"What matters in each event: {by_event}."))
    blocks.append(text_entry(f"Cyan alien abilities: {exp.cyan_note}"))
    for name, words in exp.cyan_abilities.items():
        blocks.append(text_entry(f"{name}: {words}"))
    for rule in exp.ship_rules.values():
        blocks.append(text_entry(rule))
    return blocks


ART = mm(12)


def _ship_words(content: GalaxyTrucker) -> Callable[[Round], str]:
    """The aid is the same for every game of the pack: a round names both of its ships."""
    ships_a = expansion(content).ships_a

    def words(rnd: Round) -> str:
        other = ships_a.get(rnd.round)
        return (
            f"Ship {rnd.ship} or Ship {other} (the game start post says which)"
            if other
            else (f"Ship {rnd.ship}")
        )

    return words


def _tile_entry(content: GalaxyTrucker, tile: Tile, text: str = "") -> LayoutBlock:
    tt = content.tile_type(tile)
    exp = expansion(content)
    from generator.games.keep_on_trucking.posts.technology import tile_technology

    keys = [k for k in tile_technology(content, tile) if k not in ("fancy-wiring", "plating")]
    if not text:
        text = exp.technology[keys[0]].rule if keys else tt.summary
    lead, body = split_lead(text)
    if keys and keys[0] == "combined":
        lead, body = f"{tt.name}:", tt.summary
    indent = ART + mm(2)

    def height(m: Measure, w: float) -> float:
        return max(ART, paragraph_height(m, w - indent, body, size=7.0, lead=lead))

    def draw(page: Page, x: float, y: float, w: float) -> None:
        draw_tile(page.surface, content, tile, x, y, ART)
        page.mark("tech-tile", x, y, ART, ART)
        paragraph(page.surface, x + indent, y, w - indent, body, size=7.0, lead=lead)

    return LayoutBlock(f"tech-{tile.type}", mm(60), height, draw)


def technology_page(content: GalaxyTrucker, paper: str) -> PageSpec:
    return two_column_aid_page(
        content,
        paper,
        technology_blocks(content),
        "Player aid 3/4",
        "Keep on Trucking's tiles (our own design), cyan aliens and the A ships.",
        "Player aid, new technology",
    )


def ship_rounds(content: GalaxyTrucker) -> list[tuple[str, Round]]:
    """(file suffix, round with its ship): the base ships, then the A ships."""
    exp = expansion(content)
    found = [(str(r.round), r) for r in content.rounds]
    found += [
        (f"{r.round}A", msgspec.structs.replace(r, ship=exp.ships_a[r.round]))
        for r in content.rounds
    ]
    return found


def sheet_files(content: GalaxyTrucker, papers: tuple[str, ...]) -> list[OutputFile]:
    files: list[OutputFile] = []
    game = content.texts.game_name
    last = len(content.rounds)
    for paper in papers:
        paper_name = PAPER_NAMES[paper]
        ships: list[PageSpec] = []
        for suffix, rnd in ship_rounds(content):
            # The legend shows the base tiles; the new ones are on the technology page.
            page = TruckingShipSheet(base_view(content), rnd, rnd.round == last).page(paper)
            ships.append(page)
            files.append(
                OutputFile(
                    f"{FOLDER}/ship-{suffix}-{paper}.pdf",
                    render_pdf(
                        [page],
                        paper,
                        title=f"{game}: Ship {rnd.ship} sheet, round {rnd.round} ({paper_name})",
                    ),
                )
            )
        aid = [
            *aid_pages(base_view(content), paper, total=4, ship_words=_ship_words(content)),
            technology_page(content, paper),
            adventures_page(content, paper, 4, 4),
        ]
        files += aid_pad_and_pack(content, paper, ships, aid)
    return files
