"""The printed sheets: a fleet tracker (the four resource dials with their red parts, the
jump preparation track, distance, viper and raptor reserves, nukes) and a player aid
(turn steps, action types, the skill check's order), for A4 and US Letter.

Red parts are printed light red with a dark band inside the dial, so they still show on a
black-and-white printer."""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet

from generator.art.surface import BLACK, WHITE, Color, FontName
from generator.games.battlestar.board import BOARDING_SPACES, GALACTICA_DESTROYED_AT
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.model import Resource
from generator.render.pdf import (
    INK_GREY,
    LayoutError,
    Page,
    PageSpec,
    box,
    fit_size,
    mm,
    paragraph,
    render_pdf,
    scale_bar,
)

RED: Color = (244, 180, 180)
DARK_RED: Color = (150, 30, 30)
TRACKER = "battlestar-fleet-tracker"
AID = "battlestar-player-aid"


def all_sheets(content: Battlestar, paper: str) -> dict[str, bytes]:
    return {
        TRACKER: tracker_pdf(content, paper),
        AID: aid_pdf(content, paper),
    }


def tracker_pdf(content: Battlestar, paper: str) -> bytes:
    return render_pdf(
        [PageSpec("portrait", lambda page: draw_tracker(page, content))],
        paper,
        title="Battlestar Galactica fleet tracker",
        subject=f"{content.pack_title} {content.pack_version}",
    )


def aid_pdf(content: Battlestar, paper: str) -> bytes:
    return render_pdf(
        [PageSpec("portrait", lambda page: draw_aid(page, content))],
        paper,
        title="Battlestar Galactica player aid",
        subject=f"{content.pack_title} {content.pack_version}",
    )


# --- the tracker --------------------------------------------------------------------------
def _heading(page: Page, y: float, text: str, size: float = 11) -> float:
    page.surface.text(page.left, y + size, text, size=size, font="VeraBd")
    return y + size * 1.6


def draw_dial(
    page: Page, content: Battlestar, resource: Resource, cx: float, cy: float, r: float
) -> None:
    """A dial of 0..dial_max in equal wedges, clockwise from the top, the red ones shaded;
    the standard start is outlined."""
    s = page.surface
    steps = content.dial_max + 1
    inner = r * 0.55
    outline: list[tuple[float, float]] = []
    band = r * 0.42
    for value in range(steps):
        a0 = -math.pi / 2 + 2 * math.pi * value / steps
        a1 = -math.pi / 2 + 2 * math.pi * (value + 1) / steps
        arc = [a0 + (a1 - a0) * k / 6 for k in range(7)]
        outer_pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in arc]
        inner_pts = [(cx + inner * math.cos(a), cy + inner * math.sin(a)) for a in reversed(arc)]
        red = value <= resource.red_at
        s.polygon(outer_pts + inner_pts, stroke=BLACK, fill=RED if red else WHITE, width=0.75)
        if red:
            band_pts = [(cx + band * math.cos(a), cy + band * math.sin(a)) for a in reversed(arc)]
            s.polygon(inner_pts[::-1] + band_pts, stroke=None, fill=DARK_RED, width=0.5)
        mid = (a0 + a1) / 2
        tx, ty = cx + (r + inner) / 2 * math.cos(mid), cy + (r + inner) / 2 * math.sin(mid)
        start = value == resource.start
        s.text(
            tx,
            ty + 3.5,
            str(value),
            size=10 if start else 9,
            font="VeraBd" if start else "Vera",
            anchor="middle",
        )
        if start:
            outline = outer_pts + inner_pts
    # The standard start outlined last, so no neighbouring wedge covers its edge.
    s.polygon(outline, stroke=BLACK, fill=None, width=2.2)
    s.circle(cx, cy, band * 0.95, stroke=BLACK, fill=WHITE, width=0.75)
    label = fit_size(s, resource.name, band * 1.7, 11, "VeraBd")
    s.text(cx, cy - 2, resource.name, size=label, font="VeraBd", anchor="middle")
    s.text(cx, cy + 10, f"start {resource.start}", size=7, color=INK_GREY, anchor="middle")
    s.text(cx, cy + 19, f"red: {resource.red_at} or less", size=7, color=INK_GREY, anchor="middle")
    page.mark("dial", cx - r, cy - r, 2 * r, 2 * r)


def _across(
    page: Page, x: float, text: str, what: str, size: float, font: FontName = "Vera"
) -> None:
    """A line of the pack's words is never wrapped: one wider than the page is an error
    (`sheetgen check` then finds the text too long), not a line running off the paper."""
    if x + page.surface.text_width(text, size=size, font=font) > page.right + 0.01:
        raise LayoutError(f"{what} is wider than the page")


def _boxes(
    page: Page,
    y: float,
    labels: list[str],
    *,
    kind: str,
    size: float,
    shaded: AbstractSet[int] = frozenset(),
    notes: dict[int, str] | None = None,
) -> float:
    """A row of square boxes with labels; returns the y below the row and its notes."""
    gap = mm(2)
    x = page.left
    for i, label in enumerate(labels):
        if page.surface.text_width(label, size=8, font="VeraBd") > size:
            raise LayoutError(f"a name on the {kind} row is wider than its box")
        box(page.surface, x, y, size, size, fill=RED if i in shaded else WHITE)
        if i in shaded:
            page.surface.rect(x, y + size - mm(2), size, mm(2), stroke=None, fill=DARK_RED)
        page.surface.text(
            x + size / 2, y + size / 2 + 3, label, size=8, font="VeraBd", anchor="middle"
        )
        if notes and i in notes:
            page.surface.text(
                x + size / 2, y + size + 8, notes[i], size=6.5, color=INK_GREY, anchor="middle"
            )
        page.mark(kind, x, y, size, size)
        x += size + gap
    if x - gap > page.right + 0.01:
        raise LayoutError(f"the {kind} row is wider than the page")
    return y + size + (12 if notes else 4)


def draw_tracker(page: Page, content: Battlestar) -> None:
    s = page.surface
    y = page.top
    s.text(page.left, y + 16, "Battlestar Galactica · Fleet tracker", size=16, font="VeraBd")
    s.text(page.right, y + 16, "Game ______________", size=10, anchor="end")
    y += 26
    difficulties = "; ".join(f"{d.name} {d.adjust:+d}" for d in content.difficulties)
    marking = f"Mark each dial with a coin. Starting values by difficulty: {difficulties}."
    _across(page, page.left, marking, "the line of the difficulties", size=8)
    s.text(page.left, y + 8, marking, size=8)
    y += 16
    # Four dials in a 2 x 2 grid.
    r = min(page.inner_width / 4 - mm(6), mm(23))
    for i, resource in enumerate(content.resources):
        cx = page.left + page.inner_width * (0.25 + 0.5 * (i % 2))
        cy = y + r + (i // 2) * (2 * r + mm(6))
        draw_dial(page, content, resource, cx, cy, r)
    y += 4 * r + mm(10)
    # Jump preparation track.
    y = _heading(page, y, "Jump preparation")
    track = content.jump_track
    # The board shades the red zone (the start and the spaces before the first one FTL
    # Control may jump from), not the −3/−1 spaces.
    red_zone = {
        i
        for i, space in enumerate(track[:-1])
        if not any(s.population_risk for s in track[: i + 1])
    }
    notes = {
        i: f"−{space.population_risk} population"
        for i, space in enumerate(track)
        if space.population_risk
    }
    notes.update({i: "red zone" for i in red_zone if i not in notes})
    width = min(mm(22), (page.inner_width - mm(2) * (len(track) - 1)) / len(track))
    y = _boxes(
        page,
        y,
        [space.name for space in track],
        kind="jump",
        size=width,
        shaded=red_zone,
        notes=notes,
    )
    s.text(
        page.left,
        y + 6,
        "FTL Control jumps only outside the red zone; at Auto Jump the fleet jumps; the "
        "Admiral chooses from 2 Destination cards.",
        size=7.5,
    )
    y += mm(5)
    # Distance.
    y = _heading(page, y, "Distance travelled")
    count = content.distance_goal + 5
    size = min(mm(12), (page.inner_width - mm(2) * (count - 1)) / count)
    notes = {
        content.sleeper_distance: "sleeper agents",
        content.distance_goal: "Kobol: jump once more",
    }
    y = _boxes(page, y, [str(i) for i in range(count)], kind="distance", size=size, notes=notes)
    y += mm(2)
    # Reserves and nukes.
    y = _heading(page, y, "Reserves and nukes (cross one off as it leaves)")
    x0 = page.left
    setup_notes: list[str] = []
    for reserve in content.reserves:
        _across(page, x0, reserve.name, "a reserve's name", size=8, font="VeraBd")
        s.text(x0, y + 8, reserve.name, size=8, font="VeraBd")
        # One box per ship in the box; those the setup places elsewhere come crossed off.
        for i in range(reserve.count):
            bx = x0 + i * mm(6)
            box(s, bx, y + 11, mm(5), mm(5))
            page.mark(reserve.id, bx, y + 11, mm(5), mm(5))
            if i >= reserve.at_setup:
                s.line(bx, y + 11, bx + mm(5), y + 11 + mm(5), width=1)
                s.line(bx, y + 11 + mm(5), bx + mm(5), y + 11, width=1)
                page.mark(f"{reserve.id}-placed", bx, y + 11, mm(5), mm(5))
        if reserve.placed:
            launch = (
                f", {reserve.at_setup - 1} when a character launches one at setup (Apollo)"
                if reserve.id == "vipers" and any(c.launches_viper for c in content.characters)
                else ""
            )
            where = f" {reserve.placed_where}" if reserve.placed_where else ""
            setup_notes.append(
                f"{reserve.name}: {reserve.count} in the box, {reserve.placed} start{where} "
                f"(crossed), so {reserve.at_setup} at setup{launch}."
            )
        x0 += max(reserve.count * mm(6), mm(28)) + mm(8)
    s.text(x0, y + 8, f"Nukes (the Admiral's, {content.admiral_nukes})", size=8, font="VeraBd")
    for i in range(content.admiral_nukes):
        bx = x0 + i * mm(6)
        box(s, bx, y + 11, mm(5), mm(5))
        page.mark("nukes", bx, y + 11, mm(5), mm(5))
    y += 11 + mm(5) + mm(3)
    for note in setup_notes:
        _across(page, page.left, note, "a reserve's setup note", size=7)
        s.text(page.left, y + 6, note, size=7, color=INK_GREY)
        y += mm(4)
    y += mm(3)
    # The two tracks that lose the game.
    y = _heading(
        page, y, f"Galactica: damaged locations ({GALACTICA_DESTROYED_AT}: destroyed, Cylons win)"
    )
    labels = [str(i) for i in range(1, GALACTICA_DESTROYED_AT + 1)]
    y = _boxes(page, y, labels, kind="damage", size=mm(7.5), shaded={GALACTICA_DESTROYED_AT - 1})
    y = _heading(page, y, "Boarding track (a centurion at the end: boarded, Cylons win)")
    labels = [str(i) for i in range(1, BOARDING_SPACES + 1)] + ["END"]
    y = _boxes(page, y, labels, kind="boarding", size=mm(7.5), shaded={BOARDING_SPACES})
    y = paragraph(s, page.left, y, page.inner_width, END_TEXT.format(goal=content.distance_goal),
                  size=7.5)  # fmt: skip
    if y > page.bottom - mm(14):
        raise LayoutError("the fleet tracker does not fit its page")
    scale_bar(page, page.left, page.bottom - mm(8))
    s.text(
        page.right,
        page.bottom,
        f"{content.pack_title} {content.pack_version}",
        size=6,
        color=INK_GREY,
        anchor="end",
    )


# --- the player aid -----------------------------------------------------------------------
TURN_STEPS = (
    (
        "Receive Skills",
        "draw the Skill cards your character sheet lists; with a multi-skill, "
        "choose how many of each of its types (the total is fixed).",
    ),
    ("Movement", "you may move; moving to the other ship costs one Skill card (discard it)."),
    ("Action", "one action (see Action types)."),
    ("Crisis", "the moderator draws the top Crisis card and posts its number; resolve it."),
    ("Activate Cylon ships", "if any are in play, as the Crisis card's icon says."),
    (
        "Prepare for jump",
        "if the Crisis card shows the icon, the fleet token moves up the track; "
        "at Auto Jump the fleet jumps.",
    ),
)
ACTIONS = (
    ("Activate location", "the action of the location you are in."),
    ("Skill card", "play a Skill card that has an action."),
    ("Character", "an action on your character sheet."),
    ("Viper", "if piloting, move or attack with your viper."),
    ("Title or Quorum card", "an action it gives you."),
    (
        "Loyalty card",
        "reveal a You Are a Cylon card for its action (you are then a revealed Cylon).",
    ),
    ("Nothing", "go straight to the Crisis step."),
)
CHECK_STEPS = (
    "The card names the skill types that help and the difficulty (some also a partial pass).",
    "Starting with the player left of the current player and ending with the current player, each "
    "adds any number of Skill cards face down: by private message to the moderator.",
    "While cards are added, the moderator posts how many each player added, never which.",
    "The moderator shuffles them with {per_check} cards from the Destiny deck (rebuilt when "
    "empty: {per_type} of each type) and posts every card, in that order, never who added it.",
    "Cards of the named types add their value (positive); every other card subtracts (negative).",
    "Total at least the difficulty: pass. Else at least the partial value, if any: partial. "
    "Else: fail. The post gives both sums, the total, the difficulty and the result.",
)
END_TEXT = (
    "Humans win by travelling {goal} and then jumping once more. Cylons win if any resource "
    "reaches 0, if Galactica is destroyed ("
    + str(GALACTICA_DESTROYED_AT)
    + " damaged locations; the food and fuel tokens never count) "
    "or if a centurion reaches the end of the boarding track."
)
HELD_TO = (
    "Hand limit: 10 Skill cards at the end of every turn (discard down). In the Brig: at most 1 "
    "card to a skill check. The Sympathizer is revealed at once. A revealed Cylon discards "
    "down to 3 Skill cards, moves to the Resurrection Ship, draws a Super Crisis card (not "
    "from the Brig) and, in their own turn, skips its Crisis step. A new President is told "
    "the Quorum hand privately. An early jump's population die comes before the win check."
)
FORUM = (
    "Write game actions in bold. Never edit a post: post again.",
    "Every moderator post ends with the action queue: whom the game waits for.",
    "Private information (Loyalty, Skill and Quorum cards) comes by private message; keep those "
    "messages unedited. Each one's commitment is in the thread; at the end the moderator reveals "
    "the salts and anyone can check them (sha256 of salt, newline, text).",
)


def _extra(content: Battlestar, phase: str) -> str:
    names = [content.character(e.character).name for e in content.extra_cards if e.phase == phase]
    return f" ({', '.join(names)} two)" if names else ""


def draw_aid(page: Page, content: Battlestar) -> None:
    s = page.surface
    y = page.top
    s.text(
        page.left,
        y + 16,
        "Battlestar Galactica · Player aid (play by forum)",
        size=15,
        font="VeraBd",
    )
    y += 30
    width = page.inner_width
    size = 9.2

    def section(heading: str, y: float) -> float:
        s.text(page.left, y + 11, heading, size=11, font="VeraBd")
        return y + 17

    y = section("Your turn, in order", y)
    for i, (lead, text) in enumerate(TURN_STEPS, 1):
        y = (
            paragraph(s, page.left + mm(3), y, width - mm(3), text, size=size, lead=f"{i}. {lead}:")
            + 2.5
        )
    y += 6
    y = section("Action types (one per turn)", y)
    for lead, text in ACTIONS:
        y = (
            paragraph(s, page.left + mm(3), y, width - mm(3), text, size=size, lead=f"{lead}:")
            + 2.5
        )
    y += 6
    y = section("Skill checks, in order", y)
    counts = {"per_check": content.destiny_per_check, "per_type": content.destiny_per_type}
    for i, text in enumerate((step.format(**counts) for step in CHECK_STEPS), 1):
        y = paragraph(s, page.left + mm(3), y, width - mm(3), text, size=size, lead=f"{i}.") + 2.5
    y += 6
    y = section("Titles and Loyalty", y)
    president = ", ".join(content.character(c).name for c in content.succession["president"][:3])
    admiral = ", ".join(content.character(c).name for c in content.succession["admiral"][:3])
    titles = (
        f"President: first in line of {president}, ... Admiral: first of {admiral}, ... (holds "
        f"{content.admiral_nukes} nukes). A revealed Cylon loses a title to the next in line; "
        "so does an Admiral sent to the Brig (a President in the Brig keeps the title)."
    )
    y = paragraph(s, page.left + mm(3), y, width - mm(3), titles, size=size) + 2.5
    loyalty = (
        f"One Loyalty card each at setup{_extra(content, 'setup')}; one more each in the sleeper "
        f"agent phase, when the fleet has travelled {content.sleeper_distance}"
        f"{_extra(content, 'sleeper')}. " + END_TEXT.format(goal=content.distance_goal)
    )
    y = paragraph(s, page.left + mm(3), y, width - mm(3), loyalty, size=size) + 2.5
    y = paragraph(s, page.left + mm(3), y, width - mm(3), HELD_TO, size=size) + 2.5
    y += 6
    y = section("On the forum", y)
    for text in FORUM:
        y = paragraph(s, page.left + mm(3), y, width - mm(3), text, size=size, lead="•") + 2.5
    if y > page.bottom - mm(14):
        raise LayoutError("the player aid does not fit its page")
    scale_bar(page, page.left, page.bottom - mm(8))
    s.text(
        page.right,
        page.bottom,
        f"{content.pack_title} {content.pack_version}",
        size=6,
        color=INK_GREY,
        anchor="end",
    )
