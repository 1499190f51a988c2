"""Warnings, counted: every command says them the same way ("warning: …" on stderr), and with
`sheetgen --strict` a run that gave any ends with exit code 1, as a build that treats
warnings as errors (MkDocs' --strict) does. A strict run stops at its first write once a
warning has been given, so that it fails with nothing written rather than after a whole
game."""

from __future__ import annotations

from typing import IO, Any

import click

from generator.common.errors import MAX_PROBLEM_LINE, MAX_PROBLEMS_SHOWN, abridge

_given: list[str] = []
_strict = False


class StoppedStrict(click.ClickException):
    """A strict run that gave a warning, stopped before it wrote anything: exit code 1."""

    exit_code = 1

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.format_message(), file=file, err=True)


def warn(text: str) -> None:
    """Say a warning (without its "warning: ", which is added here) and count it. As an
    error does (common/errors.py), the first ones are said, each cut short, the rest only
    counted: a pack of 10^5 odd lines does not print 10 MB."""
    _given.append(text)
    if len(_given) <= MAX_PROBLEMS_SHOWN:
        click.echo(abridge(f"warning: {text}", MAX_PROBLEM_LINE), err=True)
    elif len(_given) == MAX_PROBLEMS_SHOWN + 1:
        click.echo("warning: … further warnings not shown", err=True)


def given() -> list[str]:
    return list(_given)


def start_counting(strict: bool = False) -> None:
    """A new command: no warning given yet (the CLI may run several in one process)."""
    global _strict
    _strict = strict
    _given.clear()


def stop_before_writing() -> None:
    """Called by every writer of a game folder before its first file: a strict run that has
    given a warning ends here, with nothing written (exit code 1)."""
    if _strict and _given:
        count = len(_given)
        _given.clear()  # said here; the run's end has nothing more to count
        raise StoppedStrict(
            f"{count} warning{'s' if count != 1 else ''} in strict mode: nothing written"
        )
