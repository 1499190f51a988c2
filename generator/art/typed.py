"""What players typed, laid out for drawing: names in any script, in PNG and PDF alike.

The game's own text is set in Vera (reportlab's fonts). A name may hold letters Vera lacks
(Greek, Cyrillic, Hebrew, Arabic, ...): those are set in DejaVu Sans, which ships inside
sheetgen (`generator/art/fonts/`, its licence beside it), covers them, and is Vera's own
design extended, so a name looks like the text around it. Both backends draw the same runs
from the same files: the result is the same on every machine.

Layout before drawing, since the drawing is a plain left-to-right row of glyphs (Pillow's
basic layout, reportlab's text): Arabic letters take their joined forms (arabic-reshaper's
presentation forms, which DejaVu Sans has), then the text is put in display order by
Unicode's bidi algorithm (python-bidi), a name between FSI and PDI being a unit in its own
direction. A character neither font has, and every one past U+FFFF (emoji: see
`MAX_DRAWN`), is drawn as its code point, "[U+1F600]", never as an empty box; an invisible
one the fonts lack (a variation selector, a joiner) is left out, as a screen shows nothing
for it."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.art.surface import FONTS
from generator.common.bidi import FSI, PDI, holds_rtl, strip_isolates

if TYPE_CHECKING:
    from arabic_reshaper import ArabicReshaper

FONT_DIR = Path(__file__).resolve().parent / "fonts"
WIDE_FONTS: dict[str, Path] = {
    "DejaVuSans": FONT_DIR / "DejaVuSans.ttf",
    "DejaVuSans-Bold": FONT_DIR / "DejaVuSans-Bold.ttf",
}
# The wide-coverage font that stands beside each of the game's fonts.
COMPANION: dict[str, str] = {
    "Vera": "DejaVuSans",
    "VeraBd": "DejaVuSans-Bold",
    "VeraIt": "DejaVuSans",
    "VeraBI": "DejaVuSans-Bold",
}
Run = tuple[str, str]  # (text in display order, font name)
# The last code point drawn as a glyph. reportlab writes a PDF's text layer (its ToUnicode
# map) wrongly for characters past the Basic Multilingual Plane, so a reader would copy
# another character; the few such glyphs DejaVu Sans has (😀 among them) get the stand-in
# too, in PDF and PNG alike.
MAX_DRAWN = 0xFFFF
# Characters every font here has a glyph for, that are drawn as they are and never reorder
# a line (tests/test_typed_text.py holds this against each font's cmap): printable ASCII and
# the rest of Latin-1 but its soft hyphen (invisible). A text of these alone is one run in
# the font asked for, found without reading a font file (reading Vera's cmap with
# reportlab's TrueType reader costs more than drawing a board picture's text).
SAFE_CHARACTERS = frozenset(
    chr(code) for code in (*range(0x20, 0x7F), *range(0xA0, 0x100)) if code != 0xAD
)


def font_path(font: str) -> Path:
    return FONTS[font] if font in FONTS else WIDE_FONTS[font]


@lru_cache(maxsize=8)
def coverage(font: str) -> frozenset[int]:
    """The code points the font has a glyph for (its cmap)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    return frozenset(TTFontFile(str(font_path(font))).charToGlyph)


def stand_in(char: str) -> str:
    """What is drawn for a character no font here has: its code point, in brackets."""
    return f"[U+{ord(char):04X}]"


def _invisible(char: str) -> bool:
    """Format characters (joiners, marks) and variation selectors: nothing to see."""
    code = ord(char)
    return (
        unicodedata.category(char) == "Cf"
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or code == 0x034F
    )


def _arabic(char: str) -> bool:
    return unicodedata.bidirectional(char) == "AL"


@lru_cache(maxsize=1)
def _reshaper() -> ArabicReshaper:
    from arabic_reshaper import ArabicReshaper

    # Keep every mark that was typed; `_reorder` keeps each on its letter.
    return ArabicReshaper(configuration={"delete_harakat": False})


_LEVEL = re.compile(r"Level\(\s*(\d+)")


def _levels(text: str) -> list[int]:
    """Each character's embedding level in a left-to-right line, as python-bidi resolves it
    (its `debug` report gives them byte by byte of the UTF-8 text)."""
    from bidi import get_display

    report = str(get_display(text, base_dir="L", debug=True))
    start, end = report.find("levels:"), report.find("paragraphs:")
    per_byte = [int(n) for n in _LEVEL.findall(report[start:end])] if start >= 0 else []
    levels, at = [], 0
    for char in text:
        if at >= len(per_byte):
            raise ValueError("python-bidi reported no level for a character")
        levels.append(per_byte[at])
        at += len(char.encode("utf-8"))
    if at != len(per_byte):
        raise ValueError("python-bidi reported levels for another text")
    # L1: spaces and isolate controls that end the line take the line's level.
    index = len(text)
    while index and (text[index - 1].isspace() or text[index - 1] in (FSI, PDI)):
        index -= 1
        levels[index] = 0
    return levels


def _reorder(text: str, levels: list[int]) -> str:
    """Unicode's rules L2-L4: from the highest level down to 1, every run at that level or
    above is reversed (L2); a bracket or other mirrored character at an odd level takes its
    mirror image (L4). Marks (L3): DejaVu Sans draws a left-to-right mark (an accent)
    over the glyph before it and a right-to-left one (a Hebrew vowel point, an Arabic
    haraka) over the glyph after it, so a mark stays after its letter in a left-to-right
    run (one cluster) and comes before it once a right-to-left run is reversed."""
    from bidi.mirror import MIRRORED

    clusters: list[tuple[str, int]] = []
    for char, level in zip(text, levels, strict=True):
        if clusters and unicodedata.combining(char) and level % 2 == 0:
            clusters[-1] = (clusters[-1][0] + char, clusters[-1][1])
            continue
        if level % 2 and unicodedata.mirrored(char):
            char = MIRRORED.get(char, char)
        clusters.append((char, level))
    for floor in range(max(levels, default=0), 0, -1):
        index = 0
        while index < len(clusters):
            if clusters[index][1] < floor:
                index += 1
                continue
            end = index
            while end < len(clusters) and clusters[end][1] >= floor:
                end += 1
            clusters[index:end] = clusters[index:end][::-1]
            index = end
    return "".join(cluster for cluster, _ in clusters)


def display_order(text: str) -> str:
    """The text as it is seen from left to right: NFC (a letter typed as a base and an
    accent becomes the one precomposed glyph), Arabic joined, right-to-left runs reversed
    (bidi algorithm, a left-to-right line), isolate controls removed."""
    text = unicodedata.normalize("NFC", text)
    if not holds_rtl(text):
        return strip_isolates(text)
    if any(_arabic(char) for char in text):
        text = _reshaper().reshape(text)
    return strip_isolates(_reorder(text, _levels(text)))


@lru_cache(maxsize=8)
def _plain(font: str) -> frozenset[int]:
    """The characters `runs` keeps as they are, in `font`: ones it has a glyph for that
    are drawn (not invisible, not past `MAX_DRAWN`) and never reorder a line."""
    return frozenset(
        code
        for code in coverage(font)
        if code <= MAX_DRAWN and not _invisible(chr(code)) and not holds_rtl(chr(code))
    )


def runs(text: str, font: str) -> list[Run]:
    """The text in display order, cut into runs by font: the game's font where it has the
    glyph, its companion where only that has it, a stand-in where neither has it. A mark
    stays in the font of the letter it sits on when that font has it."""
    # Most text (all of the game's own) is plain characters of the font, already in NFC:
    # display order is the text itself, and it is one run (what the loop below finds, a
    # character at a time, a hundred times slower).
    if SAFE_CHARACTERS.issuperset(text):
        return [(text, font)] if text else []  # Latin-1 alone: NFC, and no font lacks one
    if unicodedata.is_normalized("NFC", text) and _plain(font).issuperset(map(ord, text)):
        return [(text, font)] if text else []
    wide = COMPANION[font]
    pieces: list[list[str]] = []
    for char in display_order(text):
        code = ord(char)
        last = pieces[-1][1] if pieces else None
        if unicodedata.category(char) == "Cc":
            chosen, piece = font, char  # a line break: the caller's to lay out
        elif _invisible(char):
            continue
        elif code > MAX_DRAWN:
            chosen, piece = font, stand_in(char)
        elif unicodedata.combining(char) and last is not None and code in coverage(last):
            chosen, piece = last, char
        elif code in coverage(font):
            chosen, piece = font, char
        elif code in coverage(wide):
            chosen, piece = wide, char
        else:
            chosen, piece = font, stand_in(char)
        if pieces and pieces[-1][1] == chosen:
            pieces[-1][0] += piece
        else:
            pieces.append([piece, chosen])
    return [(piece, chosen) for piece, chosen in pieces]


def name_runs(name: str, font: str) -> list[Run]:
    """A name drawn on its own (a podium step, a table row): in its own direction, so that
    "שרה 2" shows its digit on the left, as a Hebrew reader expects."""
    if SAFE_CHARACTERS.issuperset(name):
        return runs(name, font)  # left to right whatever is around it: no isolate needed
    return runs(f"{FSI}{name}{PDI}", font)


def shown(text: str, font: str = "Vera") -> str:
    """The characters drawn, left to right (what a text layer holds)."""
    return "".join(piece for piece, _ in runs(text, font))
