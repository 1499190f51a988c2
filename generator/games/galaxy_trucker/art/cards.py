"""The face of an adventure card: a coloured header with the card's name and level, then its
parameters as rows of pictograms and numbers (crew, days, credits, goods cubes with their
values, planets, meteors and shots with size and direction, enemy strength, reward and
penalty). Rows share the body evenly; long meteor and shot lists go two to a line on small
cards so the text stays large."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.art import icons
from generator.art.icons import INK, TRAVEL
from generator.art.surface import WHITE, Color, Surface
from generator.art.text import wrap
from generator.games.galaxy_trucker.art import goods as goods_art
from generator.games.galaxy_trucker.kinds import Hit

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.content import GalaxyTrucker
    from generator.games.galaxy_trucker.model import Card

LEVELS = {1: "I", 2: "II", 3: "III"}
BODY: Color = (251, 249, 242)

# A row draws itself in (x, y, w, h) with text of the given size.
RowDraw = Callable[[Surface, float, float, float, float, float], None]


@dataclass(frozen=True)
class Row:
    draw: RowDraw
    weight: float = 1.0
    compact: bool = False  # a meteor or shot: may share a line with the next one


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _baseline(y: float, h: float, size: float) -> float:
    return y + h / 2 + size * 0.36


def stat(icon: Callable[[Surface, float, float, float], None], text: str) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        # The icon at least 1.55 text sizes, so a coin's C is as large as the words.
        icon(s, x + h * 0.5, y + h / 2, min(max(h * 0.78, ts * 1.55), h))
        s.text(x + h * 1.12, _baseline(y, h, ts), text, size=ts, font="VeraBd", color=INK)

    return Row(draw)


def _cubes(
    s: Surface, goods: list[str], content: GalaxyTrucker, x: float, y: float, room: float, h: float
) -> None:
    size = min(h * 0.78, room / max(len(goods), 1))
    for i, colour in enumerate(goods):
        value = content.goods[colour].value if colour in content.goods else None
        goods_art.cube(
            s, x + size * (i + 0.5), y + h / 2, size, colour, str(value) if value else None
        )


def goods_row(content: GalaxyTrucker, label: str, goods: list[str]) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        s.text(x, _baseline(y, h, ts), label, size=ts, font="VeraBd", color=INK)
        start = x + s.text_width(label, size=ts, font="VeraBd") + ts * 0.4
        _cubes(s, goods, content, start, y, x + w - start, h)

    return Row(draw)


def planet_row(content: GalaxyTrucker, number: int, goods: list[str]) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        icons.planet(s, x + h * 0.5, y + h / 2, h * 0.95, number)
        _cubes(s, goods, content, x + h * 1.15, y, w - h * 1.15, h)

    return Row(draw)


# The words beside a meteor or shot, longest first: "small, from the left" where it fits.
# Every wording names the size (the arrow shows the direction), so the rock or bolt carries
# no letter: an S inside a small rock was too small to read in a post.
HIT_WORDINGS = (
    lambda size, direction: f"{size}, from the {direction}",
    lambda size, direction: f"{size}, {direction}",
    lambda size, direction: size,
    lambda size, direction: size[0].upper(),
)


def hit_row(
    number: int,
    size: str,
    direction: str,
    kind: str,
    siblings: list[tuple[str, str]],
    chosen: dict[str, Any],
) -> Row:
    """One meteor or shot: its number, its picture (size) and an arrow along its path.

    `siblings` are all (size, direction) of the card: every row uses the longest wording that
    fits all of them, so one card never mixes "small, from the left" with "large, front".
    The first row drawn (the narrowest: rows pair up from the top) decides, in `chosen`."""
    large = size == "large"

    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        s.text(
            x + ts * 0.35,
            _baseline(y, h, ts),
            str(number),
            size=ts,
            font="VeraBd",
            color=INK,
            anchor="middle",
        )
        icon_x = x + ts * 0.8 + h * 0.5
        if kind == "meteor":
            icons.meteor(s, icon_x, y + h / 2, h * 0.9, large, letter=False)
        else:
            icons.shot(s, icon_x, y + h / 2, h * 0.9, large, letter=False)
        icons.arrow(s, icon_x + h * 0.95, y + h / 2, h * 0.7, TRAVEL[direction])
        left = icon_x + h * 1.45
        room = x + w - left
        wording = chosen.get("wording") or next(
            (
                fmt
                for fmt in HIT_WORDINGS
                if all(
                    s.text_width(fmt(sz, d), size=ts, font="VeraBd") <= room for sz, d in siblings
                )
            ),
            HIT_WORDINGS[-1],
        )
        chosen["wording"] = wording
        words = wording(size, direction)
        s.text(left, _baseline(y, h, ts), words, size=ts, font="VeraBd", color=INK)

    return Row(draw, compact=True)


def heading(text: str) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        s.text(x, _baseline(y, h, ts), text, size=ts, font="VeraIt", color=INK)

    return Row(draw, weight=0.8)


def big(icon: Callable[[Surface, float, float, float], None], copies: int = 1) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        step = h * 0.9
        left = x + w / 2 - step * (copies - 1) / 2
        for i in range(copies):
            icon(s, left + i * step, y + h / 2, h * 0.85)

    return Row(draw, weight=2.0)


def line_row(text: str) -> Row:
    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        s.text(
            x + w / 2, _baseline(y, h, ts), text, size=ts, font="VeraBd", color=INK, anchor="middle"
        )

    return Row(draw, weight=0.8)


def sign(n: int) -> str:
    return f"\u2212{n}"  # a true minus sign reads better than a hyphen


def caption(surface: Surface, text: str, room: float, size: float) -> list[Row]:
    """A sentence in centred lines under a big pictogram."""
    return [line_row(t) for t in wrap(surface, text, room, size, "VeraBd")]


def days_row(n: int) -> Row:
    return stat(icons.days, f"{sign(n)} {'day' if n == 1 else 'days'}")


def hit_rows(hits: list[Hit]) -> list[Row]:
    """A card's meteors or shots, all in one wording (see hit_row)."""
    siblings = [(h.size, h.direction) for h in hits]
    chosen: dict[str, Any] = {}
    return [
        hit_row(i, h.size, h.direction, h.noun, siblings, chosen) for i, h in enumerate(hits, 1)
    ]


def _lines(rows: list[Row]) -> list[list[Row]]:
    """Rows paired two to a line where both are compact (meteors, shots)."""
    lines: list[list[Row]] = []
    for row in rows:
        if row.compact and lines and len(lines[-1]) == 1 and lines[-1][0].compact:
            lines[-1].append(row)
        else:
            lines.append([row])
    return lines


def draw_card(
    surface: Surface, content: GalaxyTrucker, card: Card, x: float, y: float, w: float, h: float
) -> None:
    """Draw the face of `card` in the box (x, y, w, h)."""
    card_body(surface, x, y, w, h)
    card_inside(surface, content, card, x, y, w, h)


def card_body(surface: Surface, x: float, y: float, w: float, h: float) -> None:
    """What every card starts with, whatever it is: its body and outline (the pictures of
    a card size draw it once and start each card from a copy)."""
    surface.rect(x, y, w, h, stroke=INK, fill=BODY, width=w * 0.012, radius=w * 0.045)


def card_inside(
    surface: Surface, content: GalaxyTrucker, card: Card, x: float, y: float, w: float, h: float
) -> None:
    """Everything of `card` drawn over its body (`card_body`)."""
    line = w * 0.012
    # Header: the name on a band of the card's colour, the level in a white badge.
    band = min(w * 0.16, h * 0.16)
    colour = content.kinds.card(card).colour
    surface.rect(x, y, w, band, stroke=INK, fill=colour, width=line, radius=w * 0.045)
    surface.rect(x + line / 2, y + band * 0.5, w - line, band * 0.5, stroke=None, fill=colour)
    surface.line(x, y + band, x + w, y + band, color=INK, width=line)
    # The level in a white pill at the right of the band, as on the printed cards.
    level = LEVELS[card.level]
    level_size = band * 0.42
    pill_w = surface.text_width(level, size=level_size, font="VeraBd") + band * 0.4
    pill_h = band * 0.62
    pill_x = x + w - w * 0.04 - pill_w
    surface.rect(
        pill_x,
        y + (band - pill_h) / 2,
        pill_w,
        pill_h,
        stroke=INK,
        fill=WHITE,
        width=line,
        radius=pill_h / 2,
    )
    surface.text(
        pill_x + pill_w / 2,
        y + band / 2 + level_size * 0.36,
        level,
        size=level_size,
        font="VeraBd",
        color=INK,
        anchor="middle",
    )
    name = content.texts.cards[card.kind].name
    title_size = band * 0.46
    room = pill_x - x - w * 0.08
    width = surface.text_width(name, size=title_size, font="VeraBd")
    if width > room:
        title_size *= room / width
    surface.text(
        x + w * 0.05,
        y + band / 2 + title_size * 0.36,
        name,
        size=title_size,
        font="VeraBd",
        color=WHITE,
    )

    # Body: rows spread evenly, as big as the card allows.
    pad = w * 0.06
    bx, by = x + pad, y + band + pad * 0.6
    bw, bh = w - 2 * pad, h - band - pad * 1.2
    ts = w * 0.072
    rows = content.kinds.card(card).rows(surface, content, card, bw, ts)
    if not rows:
        return
    lines = [[r] for r in rows]
    unit = min(bh / sum(r.weight for r in rows), w * 0.15)
    if unit < w * 0.11 and any(r.compact for r in rows):
        lines = _lines(rows)
        unit = min(bh / sum(ln[0].weight for ln in lines), w * 0.15)
    # Text keeps at least 0.065 of the card's width (28 px on a 435 px card in a post).
    ts = min(ts, max(unit * 0.55, w * 0.065))
    total = sum(ln[0].weight for ln in lines) * unit
    cy = by + (bh - total) / 2
    for ln in lines:
        rh = ln[0].weight * unit
        cell_w = bw / len(ln)
        for i, row in enumerate(ln):
            row.draw(surface, bx + i * cell_w, cy, cell_w, rh, ts)
        cy += rh
