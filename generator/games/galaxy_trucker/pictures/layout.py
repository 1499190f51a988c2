"""The layouts of the post images: 1080 wide, 1350 tall (4:5) or 1080 square when the
content is one row (two flight cards, a round-1 stack, one roll), so no large empty band is
left. A header, the content inside a ~10 % side margin, and the public game id in the footer
(never the seed), all above the bottom 8 % that feeds and phones cover. Text is at least
28 px.

Tile, card and dice pictures are drawn once against `Surface` (generator.art), rendered at
twice the size and scaled down for smooth edges, and cached per process: a tile appears in
many build turns and a card in both its stack and its flight turn. Each post is composed
in the game's palette (art/indexed_surface.py), pasting the pictures mapped onto it, which
are kept between runs (`KeptPicture`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from generator.art.dice import draw_die
from generator.art.indexed_surface import IndexedSurface, palette_map
from generator.art.png_surface import (
    PngSurface,
    indices_from,
    make_palette,
    palette_data,
    palette_from,
    picture_data,
)
from generator.art.surface import Color
from generator.common.cache import bundle, keep, read_kept
from generator.common.cache import forget as forget_bundles
from generator.games.galaxy_trucker.art.cards import card_body, card_inside
from generator.games.galaxy_trucker.art.tiles import tile_frame, tile_inside
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import (
    SET_NAMES,
    card_title,
    event_number,
    roll_labels,
    tile_code,
)
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.plan.schedule import when

WIDTH, HEIGHT = 1080, 1350
SQUARE = 1080
SAFE = 108  # 10 % of the width
BOTTOM_SAFE = 0.08  # nothing is drawn in the bottom 8 % of an image
TILE_MARGIN = 80
BACKGROUND: Color = (24, 30, 50)
TEXT: Color = (245, 245, 240)
MUTED: Color = (175, 185, 205)
ACCENT: Color = (250, 200, 70)
ROW_PANEL: Color = (38, 46, 72)
MIN_TEXT = 28
SUPERSAMPLE = 2

_PICTURES: dict[tuple[Any, ...], Image.Image] = {}
# What many pictures start with (every tile's frame), drawn once at twice the size: a
# picture starting with it starts from it pasted whole onto its canvas, the same pixels.
_STARTS: dict[tuple[Any, ...], Image.Image] = {}

# The canvases pictures are drawn on, by size (`_canvas`).
_CANVASES: dict[tuple[int, int], PngSurface] = {}

# A picture's first steps, shared with others: (what they depend on, how they are drawn).
Start = tuple[tuple[Any, ...], Any]


def _picture(
    key: tuple[Any, ...],
    w: int,
    h: int,
    draw: Any,
    background: Color = BACKGROUND,
    start: Start | None = None,
) -> Image.Image:
    """A picture of w x h pixels, drawn at twice the size on what it is pasted over (kept
    for this process and between runs by `KeptPicture`).
    `start`: the steps it shares with other pictures, drawn before `draw`."""
    key = (*key, background)
    found = _PICTURES.get(key)
    if found is None:
        size = (w * SUPERSAMPLE, h * SUPERSAMPLE)
        big = _canvas(size)
        if start is None:
            big.image.paste(background, (0, 0, *size))
        else:
            start_key = (*start[0], size, background)
            begun = _STARTS.get(start_key)
            if begun is None:
                first = PngSurface.blank(*size, background)
                start[1](first, *size)
                begun = _STARTS[start_key] = first.image
            big.image.paste(begun, (0, 0))
        draw(big, *size)
        # An exact 2x2 box average: smooth edges for a tenth of a Lanczos filter's time.
        found = _PICTURES[key] = big.image.reduce(SUPERSAMPLE)
    return found


def _canvas(size: tuple[int, int]) -> PngSurface:
    """The one canvas of this size that pictures are drawn on at twice their size, one after
    another: each starts by covering all of it (a fill or its start pasted whole), so nothing
    of the picture before stays. Writing over a canvas already in memory costs a fraction
    of making a new image of a card's size (which the system hands over page by page)."""
    found = _CANVASES.get(size)
    if found is None:
        found = _CANVASES[size] = PngSurface.blank(*size)
    return found


class KeptPicture:
    """A picture pasted whole into a post: its RGB pixels (`_picture`, drawn once), and the
    palette index of each, mapped once and, with `kept_as` (what it depends on: the kind, the
    pack digest, the tile, card or die), kept between runs in one bundle per pack and palette
    (common/cache.py): a pack's later games paste them without drawing or mapping the
    picture again."""

    def __init__(
        self,
        key: tuple[Any, ...],
        w: int,
        h: int,
        draw: Any,
        background: Color,
        kept_as: tuple[str, ...] | None = None,
        start: Start | None = None,
    ) -> None:
        self.key, self.w, self.h, self.draw = key, w, h, draw
        self.background, self.kept_as, self.start = background, kept_as, start

    def rgb(self) -> Image.Image:
        """The picture in RGB, drawn in this process."""
        return _picture(self.key, self.w, self.h, self.draw, self.background, self.start)

    def indices(self, palette: Image.Image) -> Image.Image:
        """The picture mapped onto `palette` (mode "P"), as mapping a post holding it maps
        its pixels."""
        colours = bytes(palette.getpalette("RGB") or [])
        key = (*self.key, self.background, colours)
        found = _INDICES.get(key)
        if found is not None:
            return found
        kept, name = None, ""
        if self.kept_as is not None:
            # One bundle per pack and palette holds every tile's, card's and die's indices.
            kind, pack_digest, ident = self.kept_as
            which = hashlib.sha256(colours).hexdigest()
            kept = bundle(("post-picture-indices", pack_digest, which))
            name = "\0".join((kind, ident, f"{self.w}x{self.h}", str(self.background)))
        data = None if kept is None else kept.get(name)
        found = None if data is None else indices_from(data, (self.w, self.h))
        if found is None:
            found = palette_map(palette).mapped(self.rgb())
            if kept is not None:
                kept.put(name, picture_data(found))
        _INDICES[key] = found
        return found


_INDICES: dict[tuple[Any, ...], Image.Image] = {}


def forget_pictures() -> None:
    """This process draws every picture again from here on."""
    _PICTURES.clear()
    _STARTS.clear()
    _CANVASES.clear()
    _INDICES.clear()
    forget_bundles()


# Every tile starts with the same frame (art/tiles.py `draw_tile`: the frame, then the rest).
TILE_START: Start = (("tile-frame",), lambda s, w, h: tile_frame(s, 0, 0, w))
# Every card of a size starts with the same body (art/cards.py `draw_card`): a copy of it
# costs a third of filling the picture's background and then the body over nearly all of it.
CARD_START: Start = (("card-body",), lambda s, w, h: card_body(s, 0, 0, w, h))


def tile_picture(content: GalaxyTrucker, tile_id: str, size: int) -> KeptPicture:
    tile = content.tiles_by_id[tile_id]
    return KeptPicture(
        ("tile", content.pack_name, tile_id, size),
        size,
        size,
        lambda s, w, h: tile_inside(s, content, tile, 0, 0, w),
        ROW_PANEL,
        ("tile", content.pack_digest, tile_id),
        TILE_START,
    )


def card_picture(content: GalaxyTrucker, card_id: str, w: int, h: int) -> KeptPicture:
    card = content.cards_by_id[card_id]
    return KeptPicture(
        ("card", content.pack_name, card_id, w, h),
        w,
        h,
        lambda s, ww, hh: card_inside(s, content, card, 0, 0, ww, hh),
        BACKGROUND,
        ("card", content.pack_digest, card_id),
        CARD_START,
    )


def die_picture(content: GalaxyTrucker, value: int, size: int) -> KeptPicture:
    """A die showing `value`, kept between runs with the pack's tiles and cards: every roll
    post pastes two, as large as the post allows."""
    return KeptPicture(
        ("die", value, size),
        size,
        size,
        lambda s, w, h: draw_die(s, value, w * 0.04, h * 0.04, w * 0.92),
        ROW_PANEL,
        ("die", content.pack_digest, str(value)),
    )


# --- the game's palette ---------------------------------------------------------------------
_PALETTES: dict[str, Image.Image] = {}
PALETTE_TILE = 290
PALETTE_CARD = (435, 600)


def game_palette(content: GalaxyTrucker) -> Image.Image:
    """One palette for every post image of a pack: the colours of a mosaic of one tile of
    each type, each connector, one card of each kind, the dice and the frame's text on its
    backgrounds. It depends on the pack alone, so an image's bytes never depend on which
    command (a turn, a round, the game) drew it."""
    found = _PALETTES.get(content.pack_digest)
    if found is None:
        # Kept between runs: drawing the mosaic and finding its palette is a tenth of a
        # warm game's work, and it depends on the pack (and this code) alone.
        key = ("post-palette", content.pack_digest)
        data = read_kept(key)
        if not data or len(data) % 3 or len(data) > 3 * 256:  # none yet, or not a palette
            data = palette_data(_mosaic_palette(content))
            keep(key, data)
        found = _PALETTES[content.pack_digest] = palette_from(data)
    return found


def _mosaic_palette(content: GalaxyTrucker) -> Image.Image:
    from generator.games.galaxy_trucker.sheets.art import connector_tiles, sample_tiles

    tiles = [tile for _, tile in [*sample_tiles(content), *connector_tiles(content)]]
    cards = list({card.kind: card for card in reversed(content.cards)}.values())
    per_row = WIDTH // PALETTE_TILE
    tile_rows = -(-len(tiles) // per_row)
    card_rows = -(-len(cards) // 2)
    height = tile_rows * PALETTE_TILE + card_rows * PALETTE_CARD[1] + 200
    mosaic = PngSurface.blank(WIDTH, height, BACKGROUND)
    for i, tile in enumerate(tiles):
        # A tile of the pack is the very picture its posts paste at that size (drawn once);
        # the legend's made-up connector tiles have pictures of their own.
        shared = content.tiles_by_id.get(tile.id) == tile
        key = ("tile" if shared else "palette-tile", content.pack_name, tile.id, PALETTE_TILE)
        picture = _picture(
            key,
            PALETTE_TILE,
            PALETTE_TILE,
            lambda s, w, h, tile=tile: tile_inside(s, content, tile, 0, 0, w),
            ROW_PANEL,
            TILE_START,
        )
        mosaic.image.paste(picture, ((i % per_row) * PALETTE_TILE, (i // per_row) * PALETTE_TILE))
    top = tile_rows * PALETTE_TILE
    for i, card in enumerate(cards):
        picture = card_picture(content, card.id, *PALETTE_CARD).rgb()
        mosaic.image.paste(picture, ((i % 2) * PALETTE_CARD[0], top + (i // 2) * PALETTE_CARD[1]))
    y = top + card_rows * PALETTE_CARD[1]
    for value in range(1, 7):
        mosaic.image.paste(die_picture(content, value, 80).rgb(), ((value - 1) * 90, y))
    mosaic.rect(600, y, 480, 200, stroke=None, fill=ROW_PANEL, radius=18)
    for k, colour in enumerate((TEXT, MUTED, ACCENT)):
        mosaic.text(20, y + 130 + k * 30, "Round 1 · Turn", size=MIN_TEXT, color=colour)
        mosaic.text(620, y + 60 + k * 40, "A1 Event = 7", size=34, font="VeraBd", color=colour)
    return make_palette(mosaic.image)


# --- shared frame -------------------------------------------------------------------------
def post_header(surface: IndexedSurface, title: str, lines: list[str]) -> float:
    """Title and sub-lines at the top; returns where the content may start."""
    y = 96.0
    surface.text(WIDTH / 2, y, title, size=52, font="VeraBd", color=TEXT, anchor="middle")
    y += 12
    for line in lines:
        y += 44
        surface.text(WIDTH / 2, y, line, size=32, color=MUTED, anchor="middle")
    return y + 36


def image_height(content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage) -> int:
    """Square for one row of content, 4:5 for more."""
    if image.kind == "rolls":
        return SQUARE
    rnd = plan.rounds[image.round - 1]
    if image.kind == "flight":
        return SQUARE if len(rnd.flight_turns[image.index].events) <= 2 else HEIGHT
    if image.kind == "stack":
        return SQUARE if len(rnd.stacks[image.index]) <= 2 else HEIGHT
    return HEIGHT


def post_footer(surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan) -> float:
    """The game's public id (never the seed) above the bottom safe area; returns where
    content must end."""
    height = surface.image.height
    baseline = int(height * (1 - BOTTOM_SAFE)) - 12  # descenders stay above the safe area
    text = f"{content.texts.game_name} · Game {plan.game_id}"
    surface.text(WIDTH / 2, baseline, text, size=MIN_TEXT, color=MUTED, anchor="middle")
    return baseline - 44


def _turn_line(plan: GalaxyTruckerPlan, turn: int) -> str:
    return f"Turn {turn} of {len(plan.schedule)} · {when(plan.schedule[turn - 1])}"


# --- the four kinds -----------------------------------------------------------------------
def draw_build(
    surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage
) -> None:
    rnd = plan.rounds[image.round - 1]
    build = rnd.build_turns[image.index]
    top = post_header(
        surface,
        f"Round {rnd.round} · Build turn {image.index + 1} of {len(rnd.build_turns)}",
        [_turn_line(plan, build.turn)],
    )
    bottom = post_footer(surface, content, plan)
    sets = build.sets
    per_set = max(len(tiles) for tiles in sets)
    # Tiles take a little of the safe margin and the rows sit close, so a tile is 290 px
    # (as wide as three fit) and a label that fills its panel is still 28 px tall.
    gap = 24
    label_h = 34
    row_gap = 4
    pad = 4
    size = int(
        min(
            (WIDTH - 2 * TILE_MARGIN - gap * (per_set - 1)) / per_set,
            (bottom - top - row_gap * (len(sets) - 1)) / len(sets) - label_h - pad,
        )
    )
    row_h = label_h + size + pad
    used = row_h * len(sets) + row_gap * (len(sets) - 1)
    y = top + (bottom - top - used) / 2
    for s, tiles in enumerate(sets):
        width = per_set * size + gap * (per_set - 1)
        x0 = (WIDTH - width) / 2
        surface.rect(x0 - 18, y, width + 36, row_h, stroke=None, fill=ROW_PANEL, radius=18)
        for i, tile in enumerate(tiles):
            x = round(x0 + i * (size + gap))
            surface.text(
                x + size / 2,
                y + 31,
                f"{SET_NAMES[s]}{i + 1} · {tile_code(tile.id)}",
                size=34,
                font="VeraBd",
                color=ACCENT,
                anchor="middle",
            )
            surface.paste(tile_picture(content, tile.id, size), (x, round(y + label_h)))
        y += row_h + row_gap


def _cards_grid(
    surface: IndexedSurface,
    content: GalaxyTrucker,
    labelled: list[tuple[str, str]],
    top: float,
    bottom: float,
) -> None:
    """Cards (label, card id) two to a row, each with its label above it."""
    gap = 30
    label_h = 50 if any(label for label, _ in labelled) else 0
    rows = (len(labelled) + 1) // 2
    w = int((WIDTH - 2 * (SAFE - 18) - gap) / 2)
    h = int(min((bottom - top - gap * (rows - 1)) / rows - label_h, w * 1.45))
    used = rows * (h + label_h) + gap * (rows - 1)
    y = top + (bottom - top - used) / 2
    for r in range(rows):
        row = labelled[2 * r : 2 * r + 2]
        width = len(row) * w + gap * (len(row) - 1)
        x0 = (WIDTH - width) / 2
        for i, (label, card_id) in enumerate(row):
            x = round(x0 + i * (w + gap))
            if label:
                surface.text(
                    x + w / 2, y + 38, label, size=36, font="VeraBd", color=ACCENT, anchor="middle"
                )
            surface.paste(card_picture(content, card_id, w, h), (x, round(y + label_h)))
        y += h + label_h + gap


def draw_flight(
    surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage
) -> None:
    rnd = plan.rounds[image.round - 1]
    flight = rnd.flight_turns[image.index]
    setting = content.rounds[rnd.round - 1]
    first = event_number(rnd, image.index, 0)
    last = event_number(rnd, image.index, len(flight.events) - 1)
    top = post_header(
        surface,
        f"Round {rnd.round} · Flight turn {image.index + 1} of {len(rnd.flight_turns)}",
        [
            _turn_line(plan, flight.turn),
            f"Events {first}-{last} of {setting.stacks * setting.stack_size}",
        ],
    )
    bottom = post_footer(surface, content, plan)
    labelled = [
        (f"Event {event_number(rnd, image.index, k)}", e.card.id)
        for k, e in enumerate(flight.events)
    ]
    _cards_grid(surface, content, labelled, top, bottom)


def draw_stack(
    surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage
) -> None:
    rnd = plan.rounds[image.round - 1]
    setting = content.rounds[rnd.round - 1]
    if not 0 <= image.index < setting.peekable_stacks:
        raise ValueError(f"stack {image.index + 1} of round {rnd.round} may not be shown")
    cards = rnd.stacks[image.index]
    top = post_header(
        surface,
        f"Round {rnd.round} · Stack {image.index + 1}",
        [f"{len(cards)} cards · peeking costs 1 Skipped Parts box"],
    )
    bottom = post_footer(surface, content, plan)
    _cards_grid(
        surface, content, [(f"Card {i}", c.id) for i, c in enumerate(cards, 1)], top, bottom
    )


def draw_rolls(
    surface: IndexedSurface, content: GalaxyTrucker, plan: GalaxyTruckerPlan, image: PlannedImage
) -> None:
    """One roll: which event and meteor or shot it is for, and its two dice, large."""
    rnd = plan.rounds[image.round - 1]
    flight = rnd.flight_turns[image.index]
    event = flight.events[image.event]
    card = content.cards_by_id[event.card.id]
    label = image.label or roll_labels(content, card)[image.roll]
    a, b = event.rolls[image.roll]
    number = event_number(rnd, image.index, image.event)
    notes = [f"Round {rnd.round} · Turn {flight.turn} · {card_title(content, card)}"]
    condition = content.kinds.card(card).roll_condition  # "Only if the pirates beat you"
    if condition:
        notes.append(condition)
    top = post_header(surface, f"Event {number} · {label.split(',')[0].capitalize()}", notes)
    bottom = post_footer(surface, content, plan)
    words = label.split(", ", 1)[1]  # "small, from the left (row)"
    words_size = 44
    surface.text(WIDTH / 2, top + 40, words, size=words_size, color=TEXT, anchor="middle")
    area_top = top + 80
    gap = 60
    # The dice as large as the width and height allow, so no wide empty band is left.
    below = 110 + (70 if image.note else 0)  # the sum, and the note under it
    die = int(min((WIDTH - 2 * SAFE - gap) / 2 - 30, bottom - area_top - 110 - below))
    x0 = (WIDTH - 2 * die - gap) / 2
    y = area_top + (bottom - area_top - die - below) / 2
    surface.rect(
        x0 - 30, y - 30, 2 * die + gap + 60, die + 60, stroke=None, fill=ROW_PANEL, radius=24
    )
    for n, value in enumerate((a, b)):
        surface.paste(die_picture(content, value, die), (round(x0 + n * (die + gap)), round(y)))
    surface.text(
        WIDTH / 2,
        y + die + 110,
        f"{a} + {b} = {a + b}",
        size=72,
        font="VeraBd",
        color=ACCENT,
        anchor="middle",
    )
    if image.note:
        size = 40.0
        room = WIDTH - 2 * SAFE
        while size > MIN_TEXT and surface.text_width(image.note, size=size) > room:
            size -= 1
        surface.text(WIDTH / 2, y + die + 175, image.note, size=size, color=TEXT, anchor="middle")


# (surface, content, plan, image): draws one kind of post picture (on an IndexedSurface).
Drawer = Callable[[Any, GalaxyTrucker, GalaxyTruckerPlan, PlannedImage], None]
# The game's pictures by kind; an expansion's rules name their own table (`image_drawers`).
DRAW: Mapping[str, Drawer] = {
    "build": draw_build,
    "flight": draw_flight,
    "stack": draw_stack,
    "rolls": draw_rolls,
}


def render_png(
    content: GalaxyTrucker,
    plan: GalaxyTruckerPlan,
    image: PlannedImage,
    draw: Mapping[str, Drawer] = DRAW,
) -> bytes:
    """One post picture, composed in the game's palette (the bytes of drawing it in RGB and
    mapping it after). `draw`: the drawing of each kind of picture the game has."""
    height = image_height(content, plan, image)
    surface = IndexedSurface(WIDTH, height, BACKGROUND, game_palette(content))
    draw[image.kind](surface, content, plan, image)
    return surface.png()
