"""Text a host types: a correction's words (`correct --say`, or the same words edited into
corrections.jsonl) and a player's name. One rule for what such text may hold, since each
reaches every player's post on three platforms, their PNGs and PDFs:

- Pastes are taken as meant: a spreadsheet's tab is a space, Windows' CR LF and a lone CR
  are a line break (`pasted`).
- Characters that act on the text around them are refused (`refused_character`): control
  characters (C0, DEL, C1: a terminal escape would reach every screen), line and paragraph
  separators, surrogates (no character at all: they cannot be written as UTF-8), private
  and unassigned code points, and the bidi embeddings, overrides, isolates and marks
  (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C: they could flip a score or a
  name after them). Right-to-left words need none of them: the renderers isolate each
  name themselves (common/bidi.py). A line break is allowed where the text may have
  lines (a correction's words), never in a name."""

from __future__ import annotations

import unicodedata

# Category Cf holds the bidi controls, with invisible joiners some scripts need (ZWJ,
# ZWNJ), so they are listed one by one.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def pasted(text: str) -> str:
    """Tabs as spaces and every line break as LF, as a host pasting from a spreadsheet or
    from Windows means them."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")


def refused_character(text: str, lines: bool, place: str = "") -> str | None:
    """Why `text` cannot be shown as typed (one phrase naming the first character at
    fault, then `place`, e.g. " in the name"), or None. `lines`: the text may hold line
    breaks (LF)."""
    for char in text:
        if lines and char == "\n":
            continue
        code = ord(char)
        if char in BIDI_CONTROLS:
            return (
                f"a bidi control character U+{code:04X}{place} (expected the text as typed; "
                "right-to-left words need none)"
            )
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return f"a control character U+{code:04X}{place} (expected printable text)"
    return None
