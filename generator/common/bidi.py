"""A name in a right-to-left script inside a left-to-right line: the Unicode isolates that
keep the line in order (FSI U+2068 ... PDI U+2069, Unicode's bidi algorithm since 6.3).

Every post text is written in English or German, so a name without a right-to-left
character cannot reorder its line: it is left exactly as typed. A name with one ("שרה",
"علي") would pull the punctuation and the score after it into its own direction
("42 :שרה"); isolated, it reads as one unit in its place. Names themselves never hold these
controls (generator/host/names.py refuses them), so an FSI ... PDI pair in a text is always
a name that the renderers put there: HTML turns it into `<bdi>`, PNG and PDF lay it out."""

from __future__ import annotations

import re
import unicodedata

FSI = "\u2068"  # FIRST STRONG ISOLATE: the name's own first letter sets its direction
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE
# Strong right-to-left letters (Hebrew R, Arabic AL) and Arabic-Indic digits (AN): each
# turns the neutrals after it (": ", " and ") right-to-left in a left-to-right line.
_RTL_CLASSES = frozenset({"R", "AL", "AN"})
ISOLATED = re.compile(f"{FSI}([^{FSI}{PDI}]*){PDI}")


def holds_rtl(text: str) -> bool:
    """Whether `text` has a character that can reorder a left-to-right line around it."""
    return any(unicodedata.bidirectional(char) in _RTL_CLASSES for char in text)


def isolate(name: str) -> str:
    """The name between FSI and PDI when it holds a right-to-left character; else as typed."""
    return f"{FSI}{name}{PDI}" if holds_rtl(name) else name


def strip_isolates(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")
