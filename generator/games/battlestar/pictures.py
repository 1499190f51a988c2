"""The board picture in every moderator post, with its alt text and the compact state line
each platform's text carries: all three from one `BoardView`, the public facts of the table
at that moment (never a hand, a loyalty card or a face-down token).

The picture is 780 px wide (a phone shows it at 390 CSS px, two image pixels to one) and
its smallest text is 22 px there (11 px on the phone). It is drawn with Pillow, in Vera for
the game's words and with players' names as typed (art/typed.py), and encoded by the one
PNG encoder of the art layer: the same view gives the same bytes."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from generator.art.png_surface import draw_typed, encode_png, load_font
from generator.common.bidi import isolate
from generator.games.battlestar.board import (
    AREA_NAMES,
    AREAS,
    BOARDING_SPACES,
    GALACTICA_DESTROYED_AT,
    LIMITS,
    LOCATIONS,
    SHIP_NAMES,
    SPACE,
    STRANDED,
    civilian_text,
    damage_text,
)
from generator.games.battlestar.state import TableState

WIDTH = 780


@dataclass(frozen=True)
class AreaView:
    id: str
    basestars: tuple[str, ...]  # "A" or "A (2 damage)"
    raiders: int
    heavy_raiders: int
    vipers: int  # unmanned
    pilots: tuple[str, ...]  # names of the pilots in vipers here
    civilians: int


@dataclass(frozen=True)
class BoardView:
    turn: int
    current: str
    resources: tuple[tuple[str, int, bool], ...]  # name, value, in the red
    jump: int
    jump_track: tuple[str, ...]
    distance: int
    distance_goal: int
    areas: tuple[AreaView, ...]
    vipers_reserve: int
    vipers_damaged: int
    vipers_destroyed: int
    raptors_reserve: int
    raptors_destroyed: int
    nukes: int
    damage: tuple[str, ...]  # the tokens on Galactica, as words
    centurions: tuple[int, ...]
    civilians_lost: tuple[str, ...]
    civilians_left: int  # face down, not yet placed
    places: tuple[tuple[str, tuple[str, ...]], ...]  # location name -> who is there
    titles: tuple[tuple[str, str], ...]  # President/Admiral -> name
    revealed: tuple[str, ...]
    over: str  # "" or "the humans win: ..."

    def cylon_count(self, what: str) -> int:
        if what == "basestars":
            return sum(len(a.basestars) for a in self.areas)
        if what == "raiders":
            return sum(a.raiders for a in self.areas)
        return sum(a.heavy_raiders for a in self.areas)

    def vipers_in_space(self) -> int:
        return sum(a.vipers + len(a.pilots) for a in self.areas)


def _short(state: TableState, seat: int) -> str:
    return isolate(state.player(seat).name)


def board_view(state: TableState) -> BoardView:
    board = state.board
    content = state.content
    areas = []
    for area_id in AREAS:
        area = board.areas[area_id]
        stars = tuple(
            s.label + (f" ({s.strength_lost()} dmg)" if s.damage else "") for s in area.basestars
        )
        areas.append(
            AreaView(
                area_id,
                stars,
                area.raiders,
                area.heavy_raiders,
                sum(1 for v in area.vipers if v is None),
                tuple(_short(state, v) for v in area.vipers if v is not None),
                len(area.civilians),
            )
        )
    places: dict[str, list[str]] = {}
    for seat in range(len(state.players)):
        where = board.positions.get(seat, STRANDED)
        if where.startswith(SPACE):
            continue  # drawn in its area
        name = "Stranded" if where == STRANDED else LOCATIONS[where][0]
        places.setdefault(name, []).append(_short(state, seat))
    order = [LOCATIONS[k][0] for k in LOCATIONS] + ["Stranded"]
    titles = tuple(
        (title.capitalize(), _short(state, seat) if seat is not None else "nobody")
        for title, seat in state.titles.items()
    )
    over = ""
    if state.winner:
        over = f"{state.winner} win: {state.end_reason}"
    return BoardView(
        turn=state.turn,
        current=_short(state, state.current_seat),
        resources=tuple(
            (r.name, state.resources[r.id], state.resources[r.id] <= r.red_at)
            for r in content.resources
        ),
        jump=state.jump,
        jump_track=tuple(s.name for s in content.jump_track),
        distance=state.distance,
        distance_goal=content.distance_goal,
        areas=tuple(areas),
        vipers_reserve=state.reserves.get("vipers", 0),
        vipers_damaged=board.vipers_damaged,
        vipers_destroyed=board.vipers_destroyed,
        raptors_reserve=state.reserves.get("raptors", 0),
        raptors_destroyed=board.raptors_destroyed,
        nukes=state.nukes,
        damage=tuple(damage_text(t) for t in board.galactica_damage),
        centurions=tuple(sorted(board.centurions)),
        civilians_lost=tuple(civilian_text(i) for i in board.civilians_lost),
        civilians_left=len(board.civilian_pile),
        places=tuple((n, tuple(places[n])) for n in order if n in places),
        titles=titles,
        revealed=tuple(_short(state, p.seat) for p in state.players if p.revealed),
        over=over,
    )


# --- words --------------------------------------------------------------------------------
def _area_words(area: AreaView) -> str:
    parts = []
    if area.basestars:
        parts.append(
            f"basestar{'s' if len(area.basestars) > 1 else ''} " + ", ".join(area.basestars)
        )
    if area.raiders:
        parts.append(f"{area.raiders} raider{'s' if area.raiders != 1 else ''}")
    if area.heavy_raiders:
        parts.append(f"{area.heavy_raiders} heavy raider{'s' if area.heavy_raiders != 1 else ''}")
    vipers = area.vipers + len(area.pilots)
    if vipers:
        piloted = f" ({', '.join(area.pilots)} piloting)" if area.pilots else ""
        parts.append(f"{vipers} viper{'s' if vipers != 1 else ''}{piloted}")
    if area.civilians:
        parts.append(f"{area.civilians} civilian ship{'s' if area.civilians != 1 else ''}")
    return ", ".join(parts) or "empty"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def state_line(view: BoardView) -> str:
    """One line for the top of every moderator post's facts: dials, jump, distance, damage,
    boarding, Cylon ships, vipers."""
    dials = " ".join(f"{n} {v}{' (red)' if red else ''}" for n, v, red in view.resources)
    track = view.jump_track
    return (
        f"State: {dials} · Jump {view.jump}/{len(track) - 1} ({track[view.jump]}) · "
        f"Distance {view.distance}/{view.distance_goal} · Galactica damage "
        f"{len(view.damage)}/{GALACTICA_DESTROYED_AT} · Centurions {len(view.centurions)} · "
        f"Cylons: {_n(view.cylon_count('basestars'), 'basestar')}, "
        f"{_n(view.cylon_count('raiders'), 'raider')}, {view.cylon_count('heavy')} heavy · "
        f"Vipers {view.vipers_in_space()} out, "
        f"{view.vipers_reserve} in reserve, {view.vipers_damaged} damaged, "
        f"{view.vipers_destroyed} destroyed"
    )


def alt_text(view: BoardView) -> str:
    """The picture in words: everything it shows, in the order it shows it."""
    dials = ", ".join(f"{n} {v}{' (red)' if red else ''}" for n, v, red in view.resources)
    lines = [
        f"Board, turn {view.turn} ({view.current}). {dials}.",
        f"Jump track {view.jump_track[view.jump]} ({view.jump} of {len(view.jump_track) - 1}); "
        f"distance {view.distance} of {view.distance_goal}.",
        *(f"{AREA_NAMES[a.id]}: {_area_words(a)}." for a in view.areas),
        f"Reserves: {_count(view.vipers_reserve, 'viper')}, "
        f"{_count(view.raptors_reserve, 'raptor')}; "
        f"{_count(view.vipers_damaged, 'viper')} damaged, {view.vipers_destroyed} destroyed; "
        f"{_count(view.raptors_destroyed, 'raptor')} lost; nukes {view.nukes}.",
        f"Galactica damage {len(view.damage)} of {GALACTICA_DESTROYED_AT}"
        + (f": {'; '.join(view.damage)}." if view.damage else "."),
        f"Boarding track: {len(view.centurions)} centurions"
        + (
            f" (space {', '.join(str(c + 1) for c in view.centurions)} of {BOARDING_SPACES})."
            if view.centurions
            else "."
        ),
        f"Civilian ships lost: {len(view.civilians_lost)}"
        + (f" ({'; '.join(view.civilians_lost)})." if view.civilians_lost else "."),
        "Characters: " + "; ".join(f"{n}: {', '.join(who)}" for n, who in view.places) + ".",
        "Titles: " + ", ".join(f"{t} {who}" for t, who in view.titles) + ".",
    ]
    if view.revealed:
        lines.append(f"Revealed Cylons: {', '.join(view.revealed)}.")
    if view.over:
        lines.append(f"Game over: {view.over}.")
    return " ".join(lines)


# --- the picture -----------------------------------------------------------------------------
INK = (20, 24, 32)
PAPER = (246, 244, 238)
SPACE_BG = (28, 36, 56)
SPACE_LINE = (90, 110, 150)
LIGHT = (235, 240, 250)
RED = (196, 40, 40)
CYLON = (220, 70, 60)
VIPER = (110, 190, 255)
CIVILIAN = (240, 210, 110)
HULL = (150, 156, 168)
MUTED = (110, 110, 110)
GREEN = (40, 140, 70)

# Space: aft on the left, fore on the right (full height), the four others above and
# below Galactica.
SPACE_TOP, SPACE_H = 150, 420
BOXES = {
    "aft": (0, SPACE_TOP, 170, SPACE_TOP + SPACE_H),
    "upper-aft": (170, SPACE_TOP, 390, SPACE_TOP + 170),
    "upper-fore": (390, SPACE_TOP, 610, SPACE_TOP + 170),
    "fore": (610, SPACE_TOP, 780, SPACE_TOP + SPACE_H),
    "lower-aft": (170, SPACE_TOP + 250, 390, SPACE_TOP + SPACE_H),
    "lower-fore": (390, SPACE_TOP + 250, 610, SPACE_TOP + SPACE_H),
}


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int] = INK, anchor: str = "la") -> None:  # fmt: skip
    draw.text(xy, text, fill=fill, font=load_font("Vera", size), anchor=anchor)


def _bold(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int] = INK, anchor: str = "la") -> None:  # fmt: skip
    draw.text(xy, text, fill=fill, font=load_font("VeraBd", size), anchor=anchor)


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _wrapped(draw: ImageDraw.ImageDraw, y: float, text: str, fill: tuple[int, int, int],
             bold: bool = False) -> float:  # fmt: skip
    """A line of 22 px text wrapped at the picture's width (a long damage list or end reason
    is never cut off); returns the y after it."""
    font = load_font("VeraBd" if bold else "Vera", 22)
    lines: list[str] = []
    for word in text.split(" "):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and draw.textlength(trial, font=font) <= WIDTH - 24:
            lines[-1] = trial
        else:
            lines.append(word)
    for line in lines:
        draw.text((12, y), line, fill=fill, font=font)
        y += 30
    return y + 4


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, colour: tuple[int, int, int],
          count: int) -> float:  # fmt: skip
    """A ship token (a rounded label) and its count; returns the x after it."""
    font = load_font("VeraBd", 22)
    w = font.getlength(label) + 14
    draw.rounded_rectangle([x, y, x + w, y + 30], radius=8, fill=colour)
    draw.text((x + w / 2, y + 15), label, fill=INK, font=font, anchor="mm")
    draw.text((x + w + 4, y + 15), f"×{count}", fill=LIGHT, font=font, anchor="lm")
    return x + w + 4 + font.getlength(f"×{count}") + 10


def _area(draw: ImageDraw.ImageDraw, area: AreaView) -> None:
    x0, y0, x1, y1 = BOXES[area.id]
    draw.rectangle([x0, y0, x1, y1], fill=SPACE_BG, outline=SPACE_LINE, width=2)
    _text(draw, (x0 + 8, y0 + 6), AREA_NAMES[area.id], 20, SPACE_LINE)
    y: float = y0 + 34
    x: float = x0 + 8
    rows: list[tuple[str, tuple[int, int, int], int]] = []
    for star in area.basestars:
        rows.append((f"B{star}" if len(star) == 1 else f"B{star[0]}*", CYLON, 1))
    if area.raiders:
        rows.append(("R", CYLON, area.raiders))
    if area.heavy_raiders:
        rows.append(("H", CYLON, area.heavy_raiders))
    if area.vipers:
        rows.append(("V", VIPER, area.vipers))
    if area.civilians:
        rows.append(("C", CIVILIAN, area.civilians))
    for label, colour, count in rows:
        if x > x1 - 80:
            x, y = x0 + 8, y + 38
        x = _chip(draw, x, y, label, colour, count)
    y += 38
    for pilot in area.pilots:
        draw.rounded_rectangle([x0 + 8, y, x0 + 38, y + 28], radius=6, fill=VIPER)
        _bold(draw, (x0 + 23, y + 14), "V", 20, INK, "mm")
        draw_typed(draw, (x0 + 44, y + 22), pilot, size=22, fill=LIGHT, font="Vera", name=False)
        y += 32


def render_png(view: BoardView) -> bytes:
    image = Image.new("RGB", (WIDTH, 1600), PAPER)  # cropped to what is drawn
    draw = ImageDraw.Draw(image)
    # Dials: four boxes, red when half or less.
    _bold(draw, (12, 10), f"Turn {view.turn}", 26)
    draw_typed(draw, (150, 36), view.current, size=26, font="Vera", fill=INK, name=False)
    for i, (name, value, red) in enumerate(view.resources):
        x = 12 + i * 192
        draw.rounded_rectangle([x, 52, x + 180, 140], radius=10, fill=RED if red else INK)
        _text(draw, (x + 90, 68), name, 22, LIGHT, "mt")
        _bold(draw, (x + 90, 98), str(value), 34, LIGHT, "mt")
    for area in view.areas:
        _area(draw, area)
    # Galactica between the upper and lower areas.
    gy0, gy1 = SPACE_TOP + 172, SPACE_TOP + 248
    draw.rectangle([170, gy0, 610, gy1], fill=SPACE_BG)
    draw.polygon([(180, gy0 + 8), (570, gy0 + 8), (604, (gy0 + gy1) / 2), (570, gy1 - 8),
                  (180, gy1 - 8)], fill=HULL)  # fmt: skip
    damage = len(view.damage)
    _bold(draw, (390, gy0 + 14), "GALACTICA", 24, INK, "mt")
    _text(draw, (390, gy0 + 44), f"damage {damage}/{GALACTICA_DESTROYED_AT}", 22,
          RED if damage else INK, "mt")  # fmt: skip
    y: float = SPACE_TOP + SPACE_H + 6
    _text(draw, (12, y), "B basestar (* damaged) · R raider · H heavy raider · V viper", 20,
          MUTED)  # fmt: skip
    _text(
        draw,
        (12, y + 24),
        "C civilian ship (face down) · a centurion at LOSE: Cylons win",
        20,
        MUTED,
    )
    y += 66
    # Jump track and distance.
    _bold(draw, (12, y), "Jump", 24)
    for i, name in enumerate(view.jump_track):
        x = 100 + i * 92
        here = i == view.jump
        draw.rounded_rectangle([x, y - 4, x + 84, y + 32], radius=6,
                               fill=INK if here else PAPER, outline=INK, width=2)  # fmt: skip
        label = name if len(name) <= 6 else name.split()[0][:6]
        _text(draw, (x + 42, y + 14), label, 20, LIGHT if here else INK, "mm")
    y += 48
    _bold(draw, (12, y), f"Distance {view.distance}/{view.distance_goal}", 24)
    _text(draw, (330, y + 2), f"Nukes {view.nukes}", 22)
    _text(draw, (480, y + 2), f"Raptors {view.raptors_reserve}", 22)
    y += 40
    _text(draw, (12, y), f"Vipers: {view.vipers_reserve} reserve · {view.vipers_damaged} damaged"
          f" · {view.vipers_destroyed} destroyed", 22)  # fmt: skip
    y += 38
    # Boarding track: BOARDING_SPACES spaces, then the end (Cylons win).
    _bold(draw, (12, y), "Boarding", 24)
    for i in range(BOARDING_SPACES + 1):
        x = 150 + i * 96
        end = i == BOARDING_SPACES
        count = sum(1 for c in view.centurions if c == i)
        draw.rounded_rectangle([x, y - 4, x + 88, y + 32], radius=6,
                               fill=RED if end else PAPER, outline=INK, width=2)  # fmt: skip
        text = "LOSE" if end else (f"C×{count}" if count else str(i + 1))
        colour = LIGHT if end else (CYLON if count else MUTED)
        _bold(draw, (x + 44, y + 14), text, 20, colour, "mm")
    y += 46
    damage_words = ", ".join(d.split(" damaged")[0].split(":")[0] for d in view.damage)
    y = _wrapped(draw, y, f"Damage: {damage_words or 'none'}", RED if view.damage else INK)
    lost = len(view.civilians_lost)
    _text(draw, (12, y), f"Civilian ships lost: {lost} · in the pile: {view.civilians_left}"
          f" (of {LIMITS['civilians']})", 22)  # fmt: skip
    y += 40
    # Characters at their locations, and the titles.
    draw.line([(12, y), (WIDTH - 12, y)], fill=INK, width=2)
    y += 10
    titles = " · ".join(f"{t}: {who}" for t, who in view.titles)
    draw_typed(draw, (12, y + 22), titles, size=22, font="Vera", fill=INK, name=False)
    y += 36
    for place, who in view.places:
        ship = next((SHIP_NAMES[s] for n, s in LOCATIONS.values() if n == place), "")
        _bold(draw, (12, y), place, 22, CYLON if ship == "Cylon" else INK)
        names = ", ".join(who)
        draw_typed(draw, (300, y + 20), names, size=22, font="Vera", fill=INK, name=False)
        y += 30
    if view.revealed:
        draw_typed(draw, (12, y + 22), "Revealed Cylons: " + ", ".join(view.revealed), size=22,
                   font="Vera", fill=CYLON, name=False)  # fmt: skip
        y += 32
    if view.over:
        y = _wrapped(draw, y + 4, f"Game over: {view.over}", GREEN, bold=True) - 2
    return encode_png(image.crop((0, 0, WIDTH, y + 12)))
