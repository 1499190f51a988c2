"""The project's error types. Every one is a click exception with exit code 2, so the CLI
needs no try/except and a user never sees a traceback for bad input."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click


class SheetgenError(click.ClickException):
    """Bad input or a refused action: one clear message, exit code 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        lines = f"error: {self.format_message()}".splitlines() or ["error:"]
        for line in capped(lines, MAX_MESSAGE_LINES, MAX_MESSAGE_LINE):
            click.echo(line, file=file, err=True)


class LayoutError(SheetgenError):
    """A page's content does not fit its paper (a print sheet: render/pdf.py). Here, not
    there, so a command catches it without importing the PDF code."""


# What an error may print: a file of 10^5 bad lines, or one value of a megabyte, is
# reported by its first lines and a count, each line cut short, never echoed back whole.
MAX_PROBLEMS_SHOWN = 20
MAX_PROBLEM_LINE = 500
MAX_MESSAGE_LINES = 60
MAX_MESSAGE_LINE = 2000


def capped(lines: list[str], most: int, width: int) -> list[str]:
    """The first `most` lines, each at most `width` characters, then how many were left."""
    shown = [abridge(line, width) for line in lines[:most]]
    if len(lines) > most:
        shown.append(f"… and {len(lines) - most} more")
    return shown


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a content file, located by file, line and field path."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )


class ContentError(SheetgenError):
    """All the problems found in one run, reported together, one line each."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    def show(self, file: IO[Any] | None = None) -> None:
        lines = [str(p) for p in self.problems]
        for line in capped(lines, MAX_PROBLEMS_SHOWN, MAX_PROBLEM_LINE):
            click.echo(line, file=file, err=True)
        count = len(self.problems)
        click.echo(f"{count} problem{'s' if count != 1 else ''} found", file=file, err=True)


def display_path(path: Path) -> str:
    """A path as the user would type it: relative to the working directory when inside it.
    The last part is kept as named, never resolved: a symlink shows as itself, not as where
    it leads."""
    try:
        named = path.parent.resolve() / path.name if path.name else path.resolve()
        return str(named.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def as_typed(text: str, limit: int = 40) -> str:
    """What a user typed, for a message: cut short, and each character that is not
    printable written as its escape, as Python's repr writes it (`\\x1b`, `\\u202e`): a
    terminal escape or a bidi override would act on the screen, or flip the words after
    it. Letters of every script stay as typed."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return abridge(shown, limit)


def not_utf8(shown: str, raw: bytes, exc: UnicodeDecodeError) -> str:
    """A file that is not UTF-8 text, said at the line of its first bad byte (a line a text
    editor counts as YAML's are), so the host finds it."""
    line = raw.count(b"\n", 0, exc.start) + 1
    return f"{shown}:{line}: not UTF-8 text (byte {exc.start})"


def abridge(text: str, limit: int = 60) -> str:
    """A value shortened for a message: a whole wrong document is never echoed back."""
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else f"{text[: limit - 1]}…"
