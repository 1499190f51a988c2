"""The host's console: one self-contained HTML page (inline CSS and JavaScript, pictures as
data: URIs) with what to post now and next, per platform, each text behind a Copy button.
The page is files: its markup a template (generator/pages/console.html, Jinja2), its style
and script beside it (.css, .js); this module gives the template the model and what the page
works out from it (the texts to copy, by index).

The page is a pure function of its model (`Console`): host/console.py reads the game
folder and fills it. Every text and alt text sits once in a JSON block and the Copy buttons
copy exactly that; every picture sits once in another, and the page puts it into its
<img> and Save links when it opens, so a picture shown on three platforms is carried once.
The check boxes are kept in the browser (localStorage), per game and step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from generator.pages import asset, script_json

PLATFORM_NAMES = {"facebook": "Facebook", "discord": "Discord", "bgg": "BGG"}


@dataclass(frozen=True)
class PasteText:
    """A text to paste, exactly as its file holds it."""

    label: str  # what to do with it: "New post: paste round-1/turn-03.facebook.txt"
    file: str
    text: str
    kind: ClassVar[str] = "paste"  # which markup the page gives it (pages/console.html)


@dataclass(frozen=True)
class Picture:
    """A picture to attach (or upload), with its alt text; `file` keys the page's pictures."""

    label: str  # "Attach to the post", "Upload to your BGG gallery"
    file: str
    alt: str
    kind: ClassVar[str] = "picture"


@dataclass(frozen=True)
class Note:
    text: str
    kind: ClassVar[str] = "note"


Item = PasteText | Picture | Note


@dataclass(frozen=True)
class Step:
    """One post (or private message) on one platform, with its check box."""

    key: str  # the check box's key within the game: "turn-3/facebook/round-1/turn-03"
    title: str
    items: tuple[Item, ...]
    private: bool = False  # a private message: named only, its text never on the page


@dataclass(frozen=True)
class Slot:
    kind: str  # "missed", "due" or "upcoming"
    heading: str  # "MISSED (1 of 2), post first"
    when: str  # "Day 3, morning (Thu 3 Dec 2026, 08:00 CET) · turn 7 of 51"
    titles: tuple[str, ...]
    # Per platform, its steps in the posting guide's order; empty for an upcoming slot
    # unless the host asked for the preview.
    platforms: tuple[tuple[str, tuple[Step, ...]], ...] = ()
    note: str = ""  # "When they are out: sheetgen posted now -o …"
    # A slot of the span (a scheduled game): its moment as a UTC instant in milliseconds,
    # its day in the game's zone (YYYY-MM-DD) and its turn, so that the page itself works
    # out from the device's clock whether it is due, missed or next, and ticks it by turn.
    at_ms: int | None = None
    day: str = ""
    turn: int | None = None


@dataclass(frozen=True)
class Console:
    title: str  # "Galaxy Trucker · game 1A2B-3C4D"
    game_id: str  # keys the check boxes in the browser
    banners: tuple[str, ...]
    intro: tuple[str, ...]  # "Now: …", where a table stands, who acts
    slots: tuple[Slot, ...]
    after: tuple[str, ...]  # why nothing is due, what comes next, what is left
    platforms: tuple[str, ...]
    pictures: dict[str, str] = field(default_factory=dict)  # file -> data: URI
    footer: str = ""
    # A scheduled game's span: what the page's script needs to know the time (the game's
    # zone, the span's first and last instants, the code's check), or None (a table game).
    clock: dict[str, object] | None = None
    saves: tuple[tuple[str, str], ...] = ()  # (label, file in the game folder) to Save
    # Facebook by the week: each post to schedule in Facebook, each live comment marked.
    week: tuple[Step, ...] = ()


def console_html(page: Console) -> str:
    # The template engine only here: `today` and a game use this module's model, not the page.
    from markupsafe import Markup

    from generator.pages.templates import render

    texts = _texts(page)
    return render(
        "console.html",
        page=page,
        # The platform tabs, where a slot shows its posts.
        tabs=any(slot.platforms for slot in page.slots) and bool(page.platforms),
        platform_names=PLATFORM_NAMES,
        texts=texts,
        style=Markup(asset("console.css").strip()),
        texts_json=Markup(script_json(list(texts), ascii_only=False)),
        pictures_json=Markup(script_json(sorted(page.pictures), ascii_only=False)),
        clock_json=Markup(script_json(page.clock, ascii_only=False)),
        script=Markup(asset("console.js").strip()),
    )


def _texts(page: Console) -> dict[str, int]:
    """The page's texts to copy (pasted texts and alt texts), each once, by its index in the
    page's JSON block, in the order the page shows them."""
    texts: dict[str, int] = {}
    steps = [step for slot in page.slots for _, steps in slot.platforms for step in steps]
    for step in [*steps, *page.week]:
        for item in step.items:
            if isinstance(item, PasteText | Picture):
                texts.setdefault(item.text if isinstance(item, PasteText) else item.alt, len(texts))
    return texts
