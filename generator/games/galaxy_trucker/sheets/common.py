"""What every Galaxy Trucker sheet shares: text sizes, the header and the footer."""

from __future__ import annotations

from generator.art.surface import Surface
from generator.art.text import Measure
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.render.pdf import (
    INK_GREY,
    PAPER_NAMES,
    THICK,
    Page,
    box,
    fit_size,
    mm,
    paragraph,
    paragraph_height,
    scale_bar,
)

TITLE = 9.0  # block titles
LABEL = 7.5  # box labels and score lines
NOTE = 6.5  # explanations; still readable at arm's length on paper
NOTE_MIN = 5.5  # a title's note set smaller to stay on the title's line, no smaller
HEADER_H = mm(14)
FOOTER_H = mm(8)


def pack_line(content: GalaxyTrucker) -> str:
    return f"pack {content.pack_name} {content.pack_version}"


def _note_beside(measure: Measure, width: float, title: str, note: str) -> float | None:
    """The size at which the note fits on the title's line within the block's width: its
    own size, or a little smaller (down to NOTE_MIN); None when even that runs past."""
    room = width - measure.text_width(title, size=TITLE, font="VeraBd") - mm(2)
    size = fit_size(measure, note, room, NOTE, "Vera")
    return size if size >= NOTE_MIN else None


def note_under_height(measure: Measure, width: float, title: str, note: str) -> float:
    """The height a title's note adds under the title when it does not fit beside it (a
    narrow column, letter paper): 0 when it fits. A block's height counts it, so the
    layout places the next block below the wrapped note."""
    if not note or _note_beside(measure, width, title, note) is not None:
        return 0.0
    return paragraph_height(measure, width, note, size=NOTE)


def title_line(surface: Surface, x: float, y: float, width: float, title: str, note: str) -> float:
    """A bold block title with an optional note after it, set a little smaller or wrapped
    under the title where it would run past the block's `width`; returns the y below."""
    base = y + TITLE
    surface.text(x, base, title, size=TITLE, font="VeraBd")
    if not note:
        return y + TITLE * 1.5
    size = _note_beside(surface, width, title, note)
    if size is not None:
        tx = x + surface.text_width(title, size=TITLE, font="VeraBd") + mm(2)
        surface.text(tx, base, note, size=size, color=INK_GREY)
        return y + TITLE * 1.5
    paragraph(surface, x, y + TITLE * 1.2, width, note, size=NOTE, color=INK_GREY)
    return y + TITLE * 1.5 + note_under_height(surface, width, title, note)


def header(
    page: Page, content: GalaxyTrucker, title: str, subtitle: str, *, player_box: bool
) -> None:
    """Game name and sheet title on the left; the player's name box on the right."""
    s = page.surface
    # The pack line shares the title's line when there is no player box: keep clear of it.
    box_w = mm(58) if player_box else s.text_width(pack_line(content), size=6) + mm(2)
    text_w = page.inner_width - box_w - mm(4)
    heading = f"{content.texts.game_name} — {title}"
    size = fit_size(s, heading, text_w, 15, "VeraBd")
    s.text(page.left, page.top + mm(5.5), heading, size=size, font="VeraBd")
    sub = fit_size(s, subtitle, text_w, 7.5, "Vera")
    s.text(page.left, page.top + mm(10.5), subtitle, size=sub, color=INK_GREY)
    if player_box:
        bx = page.right - box_w
        box(s, bx, page.top, box_w, mm(9), label="Player", label_size=6, width=THICK)
        page.mark("player", bx, page.top, box_w, mm(9))
        s.text(
            page.right, page.top + mm(12), pack_line(content), size=6, color=INK_GREY, anchor="end"
        )
    else:
        s.text(
            page.right, page.top + mm(5.5), pack_line(content), size=6, color=INK_GREY, anchor="end"
        )


def footer(page: Page, content: GalaxyTrucker, name: str) -> None:
    """The 50 mm scale bar on the left; what this sheet is on the right."""
    s = page.surface
    y = page.bottom - FOOTER_H
    scale_bar(page, page.left, y, size=6.5)
    s.text(
        page.right,
        page.bottom - mm(1),
        f"{name} · {PAPER_NAMES[page.paper]} · {pack_line(content)}",
        size=6,
        color=INK_GREY,
        anchor="end",
    )
