"""The round start picture of the Rough Roads cards drawn for a round: one card per band,
its name on a dark-red header and our wording below, text at least 28 px on a 1080 px
image. Dice are never drawn here (they are hidden in the post text); a card with dice says
so on its face. The "rough-roads" kind of this game's post images (its rules' `image_drawers`)."""

from __future__ import annotations

from generator.art.icons import INK
from generator.art.indexed_surface import IndexedSurface
from generator.art.surface import WHITE, Color
from generator.art.text import wrap
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.pictures import layout
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.games.keep_on_trucking.rough_roads import RoughRoadsCard, card_of

ROAD_RED: Color = (150, 35, 30)
CARD_BODY: Color = (251, 246, 236)
GAP = 24
HEADER = 64.0  # the card's dark-red name bar
PAD = 22.0
LEADING = 1.22  # line height, in text sizes
END = 6.0  # the band's bottom, below the last baseline
LARGEST = 36.0
# Text smaller than the 28 px of every other post picture only where three long cards do not
# fit at 28 (about a third of the insane draws); every shipped draw fits at 24.
SMALLEST = 22.0

Band = tuple[float, float, list[str]]  # its height, the text's size, the text's lines


def draw_rough_roads(
    surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage
) -> None:
    # The drawers' table is typed for Galaxy Trucker's plan; this game's rules give it theirs.
    drawn = plan.rough_roads[image.round - 1]  # type: ignore[attr-defined]  # a KoT plan
    difficulty = plan.options.difficulty  # type: ignore[attr-defined]  # a KoT plan
    top = layout.post_header(
        surface,
        f"Round {image.round} · Rough Roads",
        [f"difficulty {difficulty}: {len(drawn)} card{'s' if len(drawn) != 1 else ''}"],
    )
    bottom = layout.post_footer(surface, content, plan)
    x, w = layout.SAFE * 0.6, layout.WIDTH - layout.SAFE * 1.2
    cards = [card_of(content, road.id) for road in drawn]
    room = bottom - top - GAP * (len(cards) - 1)
    y = top
    bands = _equal_bands(surface, cards, w, room) or _bands_by_text(surface, cards, w, room)
    for card, (band, size, lines) in zip(cards, bands, strict=True):
        _draw_card(surface, card, x, y, w, band, size, lines)
        y += band + GAP


def _equal_bands(
    surface: IndexedSurface, cards: list[RoughRoadsCard], w: float, room: float
) -> list[Band] | None:
    """Each card an equal share of the room, its text the largest (36 down to 28 px) that
    fits it; None when a card's text would not fit its share at 28 px."""
    band = room / max(len(cards), 1)
    bands = []
    for card in cards:
        size = LARGEST
        while True:
            lines = wrap(surface, card.text, w - 2 * PAD, size, "Vera")
            if HEADER + PAD + len(lines) * size * LEADING <= band or size <= layout.MIN_TEXT:
                break
            size -= 1
        if not _all_drawn(band, size, lines):
            return None
        bands.append((band, size, lines))
    return bands


def _bands_by_text(
    surface: IndexedSurface, cards: list[RoughRoadsCard], w: float, room: float
) -> list[Band]:
    """One text size for every card, the largest whose lines fit when each card's band is
    as tall as its text (the room left over shared out): three long cards (insane) that do
    not fit equal shares. Below 28 px only where even that does not fit: every word of a
    card is shown, as the post's text has it (smaller rather than cut short)."""
    size = LARGEST
    while True:
        wrapped = [wrap(surface, card.text, w - 2 * PAD, size, "Vera") for card in cards]
        needs = [HEADER + PAD + len(lines) * size * LEADING + END for lines in wrapped]
        if sum(needs) <= room or size <= SMALLEST:
            break
        size -= 1
    extra = max(room - sum(needs), 0.0) / max(len(cards), 1)
    return [(need + extra, size, lines) for need, lines in zip(needs, wrapped, strict=True)]


def _all_drawn(band: float, size: float, lines: list[str]) -> bool:
    """Whether the last line's baseline stays in the band (as _draw_card draws it)."""
    return HEADER + PAD + size * 0.9 + (len(lines) - 1) * size * LEADING <= band - END


def _draw_card(
    surface: IndexedSurface,
    card: RoughRoadsCard,
    x: float,
    y: float,
    w: float,
    band: float,
    size: float,
    lines: list[str],
) -> None:
    surface.rect(x, y, w, band, stroke=INK, fill=CARD_BODY, width=3, radius=18)
    surface.rect(x, y, w, HEADER, stroke=INK, fill=ROAD_RED, width=3, radius=18)
    surface.rect(x + 2, y + HEADER / 2, w - 4, HEADER / 2, stroke=None, fill=ROAD_RED)
    surface.text(x + PAD, y + HEADER * 0.68, card.name, size=40, font="VeraBd", color=WHITE)
    ty = y + HEADER + PAD + size * 0.9
    for line in lines:
        if ty > y + band - END:
            break
        surface.text(x + PAD, ty, line, size=size, color=INK)
        ty += size * LEADING
