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
    line of its own rather than being cut. A measure that names its `metrics` (the PDF
    fonts' widths, the same for every page) has its wraps kept for the process: a sheet
    wraps a paragraph to know its height, then again to draw it, and a print pack draws
    its pages again."""
    metrics = getattr(measure, "metrics", None)
    if metrics is not None:
        return list(_kept_wrap(measure, metrics, text, width, size, font, first_indent))
    return _wrap(measure, text, width, size, font, first_indent)


_WRAPS: dict[tuple[object, ...], tuple[str, ...]] = {}


def _kept_wrap(
    measure: Measure,
    metrics: object,
    text: str,
    width: float,
    size: float,
    font: FontName,
    first_indent: float,
) -> tuple[str, ...]:
    key = (metrics, text, width, size, font, first_indent)
    found = _WRAPS.get(key)
    if found is None:
        found = _WRAPS[key] = tuple(_wrap(measure, text, width, size, font, first_indent))
    return found


def _wrap(
    measure: Measure,
    text: str,
    width: float,
    size: float,
    font: FontName,
    first_indent: float,
) -> list[str]:
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
