"""The host's console: one self-contained HTML page (inline CSS and JavaScript, pictures as
data: URIs) with what to post now and next, per platform, each text behind a Copy button.
Its shell, style and script are files (generator/pages/console.html, .css, .js); this module
writes the markup of the model into them.

The page is a pure function of its model (`Console`): host/console.py reads the game
folder and fills it. Every text and alt text sits once in a JSON block and the Copy buttons
copy exactly that; every picture sits once in another, and the page puts it into its
<img> and Save links when it opens, so a picture shown on three platforms is carried once.
The check boxes are kept in the browser (localStorage), per game and step."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from generator.pages import asset, fill, script_json

PLATFORM_NAMES = {"facebook": "Facebook", "discord": "Discord", "bgg": "BGG"}


@dataclass(frozen=True)
class PasteText:
    """A text to paste, exactly as its file holds it."""

    label: str  # what to do with it: "New post: paste round-1/turn-03.facebook.txt"
    file: str
    text: str


@dataclass(frozen=True)
class Picture:
    """A picture to attach (or upload), with its alt text; `file` keys the page's pictures."""

    label: str  # "Attach to the post", "Upload to your BGG gallery"
    file: str
    alt: str


@dataclass(frozen=True)
class Note:
    text: str


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


class _Texts:
    """The page's texts, each once, by index."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def console_html(page: Console) -> str:
    texts = _Texts()
    body = [
        *(_banner(b) for b in page.banners),
        "<main>",
        f"<h1>{_text(page.title)}</h1>",
        '<div class="intro">',
        *(f"<p>{_text(line)}</p>" for line in page.intro),
        "</div>",
    ]
    if any(slot.platforms for slot in page.slots) and page.platforms:
        body.append('<nav class="tabs" aria-label="Platform">')
        body += [
            f'<button type="button" data-platform="{_attr(p)}" aria-pressed="false">'
            f"{_text(PLATFORM_NAMES.get(p, p))}</button>"
            for p in page.platforms
        ]
        if page.week:
            body.append(
                '<button type="button" data-platform="facebook-week" aria-pressed="false">'
                "FB week</button>"
            )
        body.append("</nav>")
    if page.clock is not None:
        body.append(_clock_box(page))
    if page.saves:
        body.append('<div class="saves"><h2>Files to save and share</h2><div class="buttons">')
        body += [
            f'<a href="{_attr(file)}" download="{_attr(file.rpartition("/")[2])}">'
            f"Save {_text(label)}</a>"
            for label, file in page.saves
        ]
        body.append("</div></div>")
    body.append('<div id="slots">')
    body += [_slot(slot, texts, page.pictures) for slot in page.slots]
    body.append("</div>")
    if page.week:
        body += [
            '<section class="slot week platform" data-platform="facebook-week" id="facebook-week">',
            "<h2>Facebook: schedule the week</h2>",
            '<p class="when">In the group, start a post, then the clock icon (Schedule post): '
            "give the date and time below, paste the text, add the pictures. Comments cannot "
            "be scheduled: the ones marked LIVE are posted by hand at their time.</p>",
            *(_step(step, n, texts, page.pictures) for n, step in enumerate(page.week, 1)),
            "</section>",
        ]
    if page.after:
        body += ['<div class="after">', *(f"<p>{_text(line)}</p>" for line in page.after)]
        body.append("</div>")
    if page.footer:
        body.append(f"<footer>{_text(page.footer)}</footer>")
    body.append("</main>")
    return fill(
        asset("console.html"),
        TITLE=_text(page.title),
        STYLE=asset("console.css").strip(),
        GAME=_attr(page.game_id),
        BODY="\n".join(body),
        TEXTS=script_json(texts.items, ascii_only=False),
        PICTURES=script_json(sorted(page.pictures), ascii_only=False),
        CLOCK=script_json(page.clock, ascii_only=False),
        SCRIPT=asset("console.js").strip(),
    )


def _banner(text: str) -> str:
    kind = "banner preview" if "PREVIEW" in text else "banner"
    return f'<div class="{kind}" role="note">{_text(text)}</div>'


def _clock_box(page: Console) -> str:
    """The span's end said plainly, and the code that hands the ticks back to `posted`
    (filled by the script; without it, the span's dates still show)."""
    clock = page.clock or {}
    return "\n".join(
        [
            f'<p class="span">{_text(str(clock.get("span_words", "")))}</p>',
            '<div class="span-over" id="span-over" role="alert" hidden>'
            f"{_text(str(clock.get('over_words', '')))}</div>",
            '<div class="handback" id="handback" hidden>',
            '<div class="label">Slots ticked as posted on this device: to record them, '
            "run on the computer with the game folder:</div>",
            '<pre id="handback-command"></pre>',
            '<div class="buttons"><button type="button" id="copy-handback">Copy</button></div>',
            "</div>",
        ]
    )


def _slot(slot: Slot, texts: _Texts, pictures: dict[str, str] | None = None) -> str:
    timed = ""
    if slot.at_ms is not None:
        timed = f' data-at="{slot.at_ms}" data-day="{_attr(slot.day)}" data-turn="{slot.turn}"'
    out = [
        f'<section class="slot {_attr(slot.kind)}"{timed}>',
        f"<h2>{_text(slot.heading)}</h2>",
        f'<p class="when">{_text(slot.when)}</p>',
        '<ol class="titles">',
        *(f"<li>{_text(title)}</li>" for title in slot.titles),
        "</ol>",
    ]
    if slot.at_ms is not None:
        out.append(
            f'<label class="slot-tick"><input type="checkbox" data-slot="{slot.turn}">'
            "<span>All of this slot is posted</span></label>"
        )
    out.append('<div class="texts">')
    for platform, steps in slot.platforms:
        out.append(f'<div class="platform" data-platform="{_attr(platform)}">')
        out.append(f"<h3>{_text(PLATFORM_NAMES.get(platform, platform))}</h3>")
        out += [_step(step, number, texts, pictures or {}) for number, step in enumerate(steps, 1)]
        out.append("</div>")
    out.append("</div>")
    if slot.note:
        out.append(f'<p class="when">{_text(slot.note)}</p>')
    out.append("</section>")
    return "\n".join(out)


def _step(step: Step, number: int, texts: _Texts, pictures: dict[str, str]) -> str:
    out = [
        f'<div class="step{" private" if step.private else ""}">',
        f'<label><input type="checkbox" data-step="{_attr(step.key)}">'
        f"<span>{number}. {_text(step.title)}</span></label>",
    ]
    for item in step.items:
        out.append(_item(item, texts, pictures))
    out.append("</div>")
    return "\n".join(out)


def _item(item: Item, texts: _Texts, pictures: dict[str, str]) -> str:
    if isinstance(item, Note):
        return f'<div class="item label">{_text(item.text)}</div>'
    if isinstance(item, PasteText):
        index = texts.add(item.text)
        return (
            '<div class="item">'
            f'<div class="label">{_text(item.label)}</div>'
            f'<div class="buttons"><button type="button" data-copy="{index}" '
            f'data-file="{_attr(item.file)}">Copy</button></div>'
            # A <pre> drops one newline right after its tag: the text shown starts with one.
            f"<pre>\n{_text(item.text)}</pre>"
            "</div>"
        )
    name = item.file.rpartition("/")[2]
    alt = texts.add(item.alt)
    return (
        '<div class="item">'
        f'<div class="label">{_text(item.label)}: {_text(item.file)}</div>'
        # The picture itself in the <img>, so that it shows without the script; Save names
        # the file beside the page and the script points it at the picture carried here.
        f'<img src="{_attr(pictures.get(item.file, item.file))}" data-picture="{_attr(item.file)}"'
        f' alt="{_attr(item.alt)}">'
        '<div class="buttons">'
        f'<a href="{_attr(item.file)}" data-picture="{_attr(item.file)}" download="{_attr(name)}">'
        "Save</a>"
        f'<button type="button" class="light" data-share="{_attr(item.file)}">Share</button>'
        f'<button type="button" class="light" data-copy="{alt}" '
        f'data-file="{_attr(item.file)} alt">Copy alt text</button>'
        "</div>"
        f'<div class="alt">Alt text: {_text(item.alt)}</div>'
        "</div>"
    )


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    return html.escape(text, quote=True)
