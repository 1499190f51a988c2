"""Words laid out in lines: the one word-wrapper every picture and sheet uses."""

from __future__ import annotations

from typing import Protocol

from generator.art.surface import FontName


class Measure(Protocol):
    """Anything that measures text (a surface, or the PDF fonts' metrics alone)."""

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float: ...


def wrap(
    measure: Measure,
    text: str,
    width: float,
    size: float,
    font: FontName = "Vera",
    first_indent: float = 0.0,
) -> list[str]:
    """Greedy word wrap; newlines in `text` start new lines. The first line is
    `first_indent` shorter (room for a bold lead-in). A word longer than the width gets a
    line of its own rather than being cut."""
    lines: list[str] = []
    for paragraph_text in text.split("\n"):
        line = ""
        for word in paragraph_text.split():
            room = width - (first_indent if not lines else 0.0)
            candidate = f"{line} {word}" if line else word
            fits = measure.text_width(candidate, size=size, font=font) <= room
            if not line and not lines and first_indent and not fits:
                # The lead-in fills the first line: the text starts on the next one.
                lines.append("")
                line = word
            elif not line or fits:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
