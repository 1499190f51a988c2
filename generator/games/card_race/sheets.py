"""Print-and-play sheets: the score pad for 3, 4 or 5 players and the one-page rules card,
each in English and German, on A4 and US Letter."""

from __future__ import annotations

from generator.art.surface import BLACK, WHITE
from generator.games.card_race.content import CardRace
from generator.render.pdf import (
    INK_GREY,
    LINE,
    SHADE,
    THICK,
    LayoutError,
    Page,
    PageSpec,
    fit_size,
    mm,
    paragraph,
    paragraph_height,
    render_pdf,
)

SCALE_BAR = 50  # mm


def scale_bar(page: Page, x: float, y: float, label: str) -> None:
    """A 50 mm bar: players check the sheet printed at 100 %."""
    s = page.surface
    s.rect(x, y, mm(SCALE_BAR), mm(2), stroke=BLACK, fill=BLACK, width=LINE)
    page.mark("scale-bar", x, y, mm(SCALE_BAR), mm(2))
    s.text(x + mm(SCALE_BAR) + mm(3), y + mm(2), label, size=7, color=INK_GREY)


def score_pad_pdf(content: CardRace, players: int, paper: str, lang: str) -> bytes:
    t = content.lang(lang)
    title = t.get("pad_title", game=t.get("game_name"), players=players)
    page = score_pad_page(content, players, paper, lang)
    return render_pdf([page], paper, title=title, subject=t.get("game_name"))


MIN_CELL = 10.0  # mm: the narrowest cell a number is written in, at 5 players too
MIN_ROW = 6.0  # mm: the lowest
# Each player's columns: the bid, the tricks taken, the Boosters that paid, the running
# total and the race position. The round's points are the total's change: no column.
PLAYER_COLUMNS = ("pad_bid", "pad_tricks", "pad_booster", "pad_total", "pad_position")
WEIGHTS = {
    "pad_bid": 1.0,
    "pad_tricks": 1.0,
    "pad_booster": 1.0,
    "pad_total": 1.2,
    "pad_position": 1.0,
}


def pad_lines(players: int, room: float) -> list[tuple[str, ...]]:
    """The player's columns on one line per round when each cell is at least MIN_CELL wide
    there, else on two (bid, tricks, Booster above; total and position below)."""
    group = room / players
    one = group / sum(WEIGHTS.values())
    if one * min(WEIGHTS.values()) >= mm(MIN_CELL):
        return [PLAYER_COLUMNS]
    return [PLAYER_COLUMNS[:3], PLAYER_COLUMNS[3:]]


def score_pad_page(content: CardRace, players: int, paper: str, lang: str) -> PageSpec:
    """One landscape page: a row per round up to the most rounds (the rounds past the
    default shaded), per player a name field, then bid, tricks, Boosters, running total and
    race position, each cell at least 10 mm wide (at 5 players on two lines a round)."""
    t = content.lang(lang)
    low, high, default = content.round_range(players, True)
    title = t.get("pad_title", game=t.get("game_name"), players=players)

    def draw(page: Page) -> None:
        s = page.surface
        s.text(page.left, page.top + 14, title, size=14, font="VeraBd")
        fixed = [
            (t.get("pad_round"), mm(9)),
            (t.get("pad_cards"), mm(9)),
            (t.get("pad_dealer"), mm(16)),
            (t.get("pad_trump"), mm(12)),
        ]
        room = page.inner_width - sum(w for _, w in fixed)
        group = room / players
        lines = pad_lines(players, room)
        top = page.top + 24
        head1 = mm(11)  # the name field
        head2 = 13.0 * len(lines)
        footer = 44.0
        row_h = (page.bottom - footer - top - head1 - head2) / high
        sub_h = row_h / len(lines)
        if sub_h < mm(MIN_ROW):
            raise LayoutError(f"score pad rows under {MIN_ROW} mm for {players} players on {paper}")

        def widths(keys: tuple[str, ...]) -> list[float]:
            total = sum(WEIGHTS[k] for k in keys)
            return [group * WEIGHTS[k] / total for k in keys]

        for keys in lines:
            if min(widths(keys)) < mm(MIN_CELL) - 0.01:
                raise LayoutError(f"score pad cells under {MIN_CELL} mm for {players} players")
        # Header: the fixed columns span both header rows.
        x = page.left
        for label, width in fixed:
            s.rect(x, top, width, head1 + head2, stroke=BLACK, fill=SHADE, width=LINE)
            size = fit_size(s, label, width - 4, 8, "VeraBd")
            s.text(x + width / 2, top + head1 + 4, label, size=size, font="VeraBd", anchor="middle")
            x += width
        name_label = t.get("pad_name")
        for seat in range(players):
            gx = x + seat * group
            red, green, blue = content.ship_colour(seat).colour
            colour = (red, green, blue)
            s.rect(gx, top, group, head1, stroke=BLACK, fill=WHITE, width=THICK)
            page.mark("name-box", gx, top, group, head1)
            s.polygon(
                [(gx + 14, top + 8), (gx + 4, top + 3), (gx + 6.5, top + 8), (gx + 4, top + 13)],
                stroke=BLACK,
                fill=colour,
                width=LINE,
            )
            label = t.get("pad_player", seat=seat + 1)
            s.text(gx + 17, top + 10, f"{label} · {name_label}", size=6.5, color=INK_GREY)
            # A line to write the name on, the box's width.
            s.line(gx + 4, top + head1 - 5, gx + group - 4, top + head1 - 5, color=INK_GREY,
                   width=LINE)  # fmt: skip
            page.mark("name-line", gx + 4, top + head1 - 5, group - 8, 0)
            for line_no, keys in enumerate(lines):
                sx = gx
                sy = top + head1 + 13.0 * line_no
                for key, width in zip(keys, widths(keys), strict=True):
                    label = t.get(key)
                    s.rect(sx, sy, width, 13.0, stroke=BLACK, fill=SHADE, width=LINE)
                    size = fit_size(s, label, width - 3, 8, "VeraBd")
                    s.text(sx + width / 2, sy + 9, label, size=size, font="VeraBd",
                           anchor="middle")  # fmt: skip
                    page.mark(f"heading:{key}", sx, sy, width, 13.0)
                    sx += width
        # Rows: round number and cards dealt printed; the rest written in.
        y = top + head1 + head2
        for number in range(1, high + 1):
            x = page.left
            shade = SHADE if number > default else None
            for i, (_, width) in enumerate(fixed):
                s.rect(x, y, width, row_h, stroke=BLACK, fill=shade, width=LINE)
                if i < 2:
                    s.text(x + width / 2, y + row_h / 2 + 3, str(number), size=9, anchor="middle")
                x += width
            for seat in range(players):
                for line_no, keys in enumerate(lines):
                    sx = x + seat * group
                    sy = y + sub_h * line_no
                    for key, width in zip(keys, widths(keys), strict=True):
                        s.rect(sx, sy, width, sub_h, stroke=BLACK, fill=shade, width=LINE)
                        page.mark("cell", sx, sy, width, sub_h)
                        page.mark(f"cell:{key}", sx, sy, width, sub_h)
                        sx += width
            # A firmer line between rounds than between a round's two lines.
            s.line(page.left, y + row_h, x + players * group, y + row_h, color=BLACK, width=THICK)
            y += row_h
        # A thick rule between players, the whole height, so each player's columns read as one.
        for seat in range(players + 1):
            gx = x + seat * group
            s.line(gx, top, gx, y, color=BLACK, width=THICK)
        rng = f"{low}-{high}"
        paragraph(
            s,
            page.left,
            y + 6,
            page.inner_width,
            t.get("pad_footer", range=rng, default=default),
            size=7.5,
        )
        scale_bar(page, page.left, page.bottom - mm(3), t.get("pad_scale"))

    return PageSpec("landscape", draw)


def rules_card_pdf(content: CardRace, paper: str, lang: str) -> bytes:
    t = content.lang(lang)
    title = t.get("rules_title", game=t.get("game_name"))
    page = rules_card_page(content, paper, lang)
    return render_pdf([page], paper, title=title, subject=t.get("game_name"))


def rules_card_page(content: CardRace, paper: str, lang: str) -> PageSpec:
    t = content.lang(lang)
    title = t.get("rules_title", game=t.get("game_name"))
    sections = [item.split("|", 1) for item in t.items("rules_sections")]

    def height(page: Page, size: float) -> float:
        return sum(
            paragraph_height(page.surface, page.inner_width, text, size=size, lead=head)
            + size * 0.6
            for head, text in sections
        )

    def draw(page: Page) -> None:
        s = page.surface
        s.text(page.left, page.top + 18, title, size=18, font="VeraBd")
        room = page.bottom - page.top - 40 - mm(10)
        size = 12.5
        while height(page, size) > room and size > 7:
            size -= 0.25
        if height(page, size) > room:
            raise LayoutError(f"the rules card does not fit one {paper} page")
        y = page.top + 34
        for head, text in sections:
            y = paragraph(s, page.left, y, page.inner_width, text, size=size, lead=head)
            y += size * 0.6
        scale_bar(page, page.left, page.bottom - mm(3), t.get("pad_scale"))

    return PageSpec("portrait", draw)
