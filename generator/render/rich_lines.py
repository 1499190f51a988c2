"""A paragraph of mixed fonts (runs of regular, bold, a name's letters in DejaVu Sans) laid out
in lines: the catch-up page's PDF sets its text with this, a line at a time.

The words are broken at plain spaces only: a name's no-break spaces keep it on one line (a
right-to-left name is never split and misordered), and "\\n" starts a new line. Spaces run
together count as one, and none starts or ends a line, as in an HTML page. A word wider than
the line is cut at the letter that no longer fits (a long seed or file name), never left
sticking out of the page."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Span = tuple[str, str]  # (text, font name)
Line = tuple[Span, ...]  # the line's text, a span per change of font
Width = Callable[[str, str, float], float]  # (text, font, size) -> points

_TOKENS = re.compile(r"( +|\n)")


def _words(spans: Sequence[Span]) -> list[list[Span] | str]:
    """The spans as words (each a list of spans: a word may change font midway, "[spoiler
    3]:"), " " for a space between words (its font is that of the word before), "\\n"."""
    out: list[list[Span] | str] = []
    word: list[Span] = []
    for text, font in spans:
        for token in _TOKENS.split(text):
            if not token:
                continue
            if token == "\n" or token[0] == " ":
                if word:
                    out.append(word)
                    word = []
                if token == "\n":
                    out.append("\n")
                elif out and out[-1] not in (" ", "\n"):
                    out.append(" ")
                continue
            word.append((token, font))
    if word:
        out.append(word)
    return out


def _merged(spans: list[Span]) -> Line:
    """Neighbouring spans of one font as one (a line is drawn a font change at a time)."""
    merged: list[Span] = []
    for text, font in spans:
        if merged and merged[-1][1] == font:
            merged[-1] = (merged[-1][0] + text, font)
        else:
            merged.append((text, font))
    return tuple(merged)


def _cut(word: list[Span], room: float, size: float, width: Width) -> tuple[list[Line], list[Span]]:
    """A word wider than the line cut into lines of at most `room` (each at least one
    letter), and its last piece, which fits and goes on with the line: one pass over its
    letters, however long the word (a pasted hash, a host's typo)."""
    lines: list[Line] = []
    head: list[Span] = []
    used = 0.0
    for text, font in word:
        start = 0  # where this span's piece on the current line begins
        for at, char in enumerate(text):
            step = width(char, font, size)
            if (head or at > start) and used + step > room:
                if at > start:
                    head.append((text[start:at], font))
                lines.append(_merged(head))
                head, used, start = [], 0.0, at
            used += step
        if start < len(text):
            head.append((text[start:], font))
    return lines, head


def wrap_spans(spans: Sequence[Span], room: float, size: float, width: Width) -> list[Line]:
    """The paragraph's lines, each at most `room` points wide (greedy: as many words as fit),
    measured by `width` at `size`. An empty paragraph is one empty line."""
    if len(spans) == 1:
        # Most paragraphs are in one font: the same lines, a word at a time without spans.
        return _one_font(spans[0][0], spans[0][1], room, size, width)
    return _mixed(spans, room, size, width)


def _one_font(text: str, font: str, room: float, size: float, width: Width) -> list[Line]:
    """`_mixed`'s lines for a paragraph in one font."""
    if "\n" not in text and "  " not in text and text == text.strip(" "):
        # A short one (a title, a time) is the text itself, measured once; a hair's margin
        # leaves a text that just fits to the loop below, which sums its words.
        if text and width(text, font, size) < room - 0.01:
            return [((text, font),)]
    space = width(" ", font, size)
    lines: list[Line] = []
    parts = text.split("\n")
    if len(parts) > 1 and parts[-1].strip(" ") == "":
        parts.pop()  # a line break at the end starts no line
    for part in parts:
        line: list[str] = []
        used = 0.0
        for word in part.split(" "):
            if not word:
                continue
            wide = width(word, font, size)
            if line and used + space + wide > room:
                lines.append((((" ".join(line)), font),))
                line, used = [], 0.0
            if not line and wide > room:
                cut, rest = _cut([(word, font)], room, size, width)
                lines += cut
                word = rest[0][0]
                wide = width(word, font, size)
            used += (space if line else 0.0) + wide
            line.append(word)
        lines.append(((" ".join(line), font),) if line else ())
    return lines or [()]


def _mixed(spans: Sequence[Span], room: float, size: float, width: Width) -> list[Line]:
    lines: list[Line] = []
    line: list[Span] = []
    used = 0.0
    space: Span | None = None  # the space before the next word, if the line holds a word
    for item in _words(spans):
        if item == "\n":
            lines.append(_merged(line))
            line, used, space = [], 0.0, None
            continue
        if isinstance(item, str):  # " ", the space between two words
            if line:
                space = (" ", line[-1][1])
            continue
        word = list(item)
        gap = width(" ", space[1], size) if space else 0.0
        wide = sum(width(text, font, size) for text, font in word)
        if line and used + gap + wide > room:
            lines.append(_merged(line))
            line, used, space, gap = [], 0.0, None, 0.0
        if not line and wide > room:
            cut, word = _cut(word, room, size, width)
            lines += cut
            wide = sum(width(text, font, size) for text, font in word)
        if space:
            line.append(space)
        line.extend(word)
        used += gap + wide
        space = None
    if line or not lines:
        lines.append(_merged(line))
    return lines
