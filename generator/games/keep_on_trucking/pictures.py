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
from generator.games.keep_on_trucking.rough_roads import card_of

ROAD_RED: Color = (150, 35, 30)
CARD_BODY: Color = (251, 246, 236)
GAP = 24


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
    band = (bottom - top - GAP * (len(drawn) - 1)) / max(len(drawn), 1)
    y = top
    for road in drawn:
        card = card_of(content, road.id)
        text = card.text
        size = 36.0
        pad = 22.0
        header = 64.0
        # The largest text (not below 28 px) whose lines fit the band.
        while True:
            lines = wrap(surface, text, w - 2 * pad, size, "Vera")
            if header + pad + len(lines) * size * 1.22 <= band or size <= layout.MIN_TEXT:
                break
            size -= 1
        surface.rect(x, y, w, band, stroke=INK, fill=CARD_BODY, width=3, radius=18)
        surface.rect(x, y, w, header, stroke=INK, fill=ROAD_RED, width=3, radius=18)
        surface.rect(x + 2, y + header / 2, w - 4, header / 2, stroke=None, fill=ROAD_RED)
        surface.text(x + pad, y + header * 0.68, card.name, size=40, font="VeraBd", color=WHITE)
        ty = y + header + pad + size * 0.9
        for line in lines:
            if ty > y + band - 6:
                break
            surface.text(x + pad, ty, line, size=size, color=INK)
            ty += size * 1.22
        y += band + GAP
