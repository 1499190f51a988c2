"""Post images: a player's hand (sent privately) and the race track after a round.

Drawn against the shared `Surface` interface and rendered by the Pillow backend at
1080 × 1080 with a 10 % safe margin; every image has its alt text in the post."""

from __future__ import annotations

import io
import math

from generator.art.png_surface import PngSurface, TypedMeasure
from generator.art.surface import BLACK, WHITE, Color, FontName, Surface
from generator.common.bidi import isolate
from generator.games.card_race.cards import Card, sorted_hand
from generator.games.card_race.content import CardRace
from generator.render.pdf import fit_size

SIZE = 1080
SAFE = 108  # 10 % each side
TITLE = 40
INK: Color = (30, 30, 40)
SPACE: Color = (16, 20, 40)
TRACK: Color = (200, 205, 220)
OTHER_FILLS: dict[str, tuple[Color, Color]] = {
    "N": ((20, 30, 80), WHITE),
    "F": ((120, 120, 120), WHITE),
    "T": ((0, 120, 120), WHITE),
    "B": ((230, 170, 0), BLACK),
    "H": ((0, 0, 0), WHITE),
}


def _png(surface: PngSurface) -> bytes:
    buffer = io.BytesIO()
    surface.image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def draw_card(
    s: Surface, x: float, y: float, w: float, h: float, card: Card, content: CardRace, lang: str
) -> None:
    """One card face: technology cards white with their suit's colour, the rest solid."""
    label = content.card_name(card, lang)
    if card.is_tech:
        red, green, blue = content.suits[card.kind].colour
        colour = (red, green, blue)
        s.rect(x, y, w, h, stroke=colour, fill=WHITE, width=w * 0.05, radius=w * 0.08)
        s.rect(x, y, w, h * 0.2, stroke=None, fill=colour, radius=w * 0.08)
        s.text(
            x + w / 2,
            y + h * 0.16,
            card.kind,
            size=h * 0.14,
            font="VeraBd",
            color=WHITE,
            anchor="middle",
        )
        s.text(
            x + w / 2,
            y + h * 0.62,
            str(card.number),
            size=h * 0.34,
            font="VeraBd",
            color=colour,
            anchor="middle",
        )
        text_colour: Color = INK
        name = str(getattr(content.suits[card.kind], lang)).split("-")[0].split(" ")[0]
    else:
        fill, text_colour = OTHER_FILLS[card.kind]
        s.rect(x, y, w, h, stroke=BLACK, fill=fill, width=w * 0.02, radius=w * 0.08)
        s.text(
            x + w / 2,
            y + h * 0.6,
            card.kind,
            size=h * 0.38,
            font="VeraBd",
            color=text_colour,
            anchor="middle",
        )
        name = label
    size = fit_size(s, name, w * 0.9, h * 0.11, "Vera")
    s.text(x + w / 2, y + h * 0.9, name, size=size, color=text_colour, anchor="middle")


def _grid(count: int, width: float, height: float, gap: float) -> tuple[int, float, float]:
    """Columns and card size that fit `count` cards (ratio 1 : 1.4) in the area, largest."""
    best = (1, 0.0, 0.0)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        w = min((width - gap * (cols - 1)) / cols, (height - gap * (rows - 1)) / rows / 1.4)
        w = min(w, 220)
        if w >= best[1]:  # on a tie, the wider layout (fewer rows)
            best = (cols, w, w * 1.4)
    return best


def hand_png(content: CardRace, cards: list[Card], titles: list[str], lang: str) -> bytes:
    """`titles`: the lines above the cards (the round, then whose hand)."""
    s = PngSurface.blank(SIZE, SIZE, (245, 245, 250))
    y: float = SAFE
    for i, line in enumerate(titles):
        font: FontName = "VeraBd" if i else "Vera"
        size = fit_size(TypedMeasure(), line, SIZE - 2 * SAFE, TITLE if i else 30, font)
        y += size * 1.3
        s.typed_text(SIZE / 2, y, line, size=size, font=font, color=INK, anchor="middle")
    top = y + 40
    gap = 16.0
    area_w, area_h = SIZE - 2 * SAFE, SIZE - SAFE - top
    cols, w, h = _grid(len(cards), area_w, area_h, gap)
    rows = math.ceil(len(cards) / cols)
    y0 = top + (area_h - (rows * h + (rows - 1) * gap)) / 2
    for i, card in enumerate(sorted_hand(cards)):
        row, col = divmod(i, cols)
        in_row = min(cols, len(cards) - row * cols)
        x0 = (SIZE - (in_row * w + (in_row - 1) * gap)) / 2
        draw_card(s, x0 + col * (w + gap), y0 + row * (h + gap), w, h, card, content, lang)
    return _png(s)


def _ship(s: Surface, x: float, y: float, size: float, colour: Color) -> None:
    """A small arrow-shaped ship pointing right, its nose at (x, y)."""
    s.polygon(
        [
            (x, y),
            (x - size, y - size * 0.45),
            (x - size * 0.75, y),
            (x - size, y + size * 0.45),
        ],
        stroke=WHITE,
        fill=colour,
        width=2,
    )


def standings_png(
    content: CardRace,
    seats: list[str],
    totals: dict[str, int],
    places: dict[str, int],
    title: str,
) -> bytes:
    """The race track: one lane per player in seat order, each ship as far along as its
    fuel, its place and total beside it."""
    s = PngSurface.blank(SIZE, SIZE, SPACE)
    size = fit_size(s, title, SIZE - 2 * SAFE, TITLE, "VeraBd")
    s.text(SIZE / 2, SAFE + size, title, size=size, font="VeraBd", color=WHITE, anchor="middle")
    top = SAFE + TITLE + 50
    lane = (SIZE - SAFE - top) / len(seats)
    start, finish = SAFE + 70, SIZE - SAFE
    best = max(max(totals.values()), 1)
    s.line(finish, top, finish, SIZE - SAFE, color=WHITE, width=4, dash=(12, 8))
    for i, player in enumerate(seats):
        red, green, blue = content.ship_colour(i).colour
        colour = (red, green, blue)
        mid = top + lane * (i + 0.5)
        s.line(start, mid, finish, mid, color=TRACK, width=2, dash=(6, 10))
        ship = min(70, lane * 0.6)
        # The tail sits on the start line at 0 fuel, the nose on the finish line at the lead.
        x = start + ship + (finish - start - ship) * totals[player] / best
        _ship(s, x, mid, ship, colour)
        s.text(SAFE, mid + 14, str(places[player]), size=40, font="VeraBd", color=WHITE)
        label = f"{isolate(player)} · {totals[player]}"
        s.typed_text(start, mid - lane * 0.28, label, size=30, font="VeraBd", color=colour)
    return _png(s)
