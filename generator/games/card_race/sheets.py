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


def score_pad_page(content: CardRace, players: int, paper: str, lang: str) -> PageSpec:
    """One landscape page: a row per round up to the most rounds (the rounds past the
    default shaded), per player bid, tricks, round score, running total and race position."""
    t = content.lang(lang)
    low, high, default = content.round_range(players, True)
    title = t.get("pad_title", game=t.get("game_name"), players=players)

    def draw(page: Page) -> None:
        s = page.surface
        s.text(page.left, page.top + 14, title, size=14, font="VeraBd")
        fixed = [
            (t.get("pad_round"), 30.0),
            (t.get("pad_cards"), 30.0),
            (t.get("pad_dealer"), 56.0),
            (t.get("pad_trump"), 44.0),
        ]
        subs = [
            t.get(k) for k in ("pad_bid", "pad_tricks", "pad_score", "pad_total", "pad_position")
        ]
        weights = [0.8, 0.8, 1.2, 1.3, 0.7]
        room = page.inner_width - sum(w for _, w in fixed)
        group = room / players
        unit = group / sum(weights)
        top = page.top + 26
        head1, head2 = 20.0, 14.0
        footer = 52.0
        row_h = (page.bottom - footer - top - head1 - head2) / high
        if row_h < mm(6):
            raise LayoutError(f"score pad rows under 6 mm for {players} players on {paper}")
        # Header: the fixed columns span both header rows.
        x = page.left
        for label, width in fixed:
            s.rect(x, top, width, head1 + head2, stroke=BLACK, fill=SHADE, width=LINE)
            size = fit_size(s, label, width - 4, 7.5, "VeraBd")
            s.text(x + width / 2, top + head1 + 4, label, size=size, font="VeraBd", anchor="middle")
            x += width
        for seat in range(players):
            gx = x + seat * group
            colour = tuple(content.ship_colour(seat).colour)
            s.rect(gx, top, group, head1, stroke=BLACK, fill=WHITE, width=THICK)
            page.mark("name-box", gx, top, group, head1)
            s.polygon(
                [(gx + 14, top + 10), (gx + 4, top + 5), (gx + 6.5, top + 10), (gx + 4, top + 15)],
                stroke=BLACK,
                fill=colour,  # type: ignore[arg-type]
                width=LINE,
            )
            label = t.get("pad_player", seat=seat + 1)
            s.text(gx + 17, top + 8, label, size=6, color=INK_GREY)
            sx = gx
            for label, weight in zip(subs, weights, strict=True):
                width = unit * weight
                s.rect(sx, top + head1, width, head2, stroke=BLACK, fill=SHADE, width=LINE)
                size = fit_size(s, label, width - 3, 7, "VeraBd")
                s.text(
                    sx + width / 2,
                    top + head1 + 9.5,
                    label,
                    size=size,
                    font="VeraBd",
                    anchor="middle",
                )
                sx += width
        # Rows: round number and cards dealt printed; the rest written in.
        y = top + head1 + head2
        for number in range(1, high + 1):
            x = page.left
            shade = SHADE if number > default else None
            for i, (_, width) in enumerate(fixed):
                s.rect(x, y, width, row_h, stroke=BLACK, fill=shade, width=LINE)
                if i < 2:
                    s.text(x + width / 2, y + row_h * 0.68, str(number), size=9, anchor="middle")
                x += width
            for seat in range(players):
                sx = x + seat * group
                for weight in weights:
                    width = unit * weight
                    s.rect(
                        sx,
                        y,
                        width,
                        row_h,
                        stroke=BLACK,
                        fill=shade,
                        width=LINE,
                    )
                    page.mark("cell", sx, y, width, row_h)
                    sx += width
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
