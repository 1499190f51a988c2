"""Warnings, counted: every command says them the same way ("warning: …" on stderr), and with
`sheetgen --strict` a run that gave any ends with exit code 1, as a build that treats
warnings as errors (MkDocs' --strict) does."""

from __future__ import annotations

import click

_given: list[str] = []


def warn(text: str) -> None:
    """Say a warning (without its "warning: ", which is added here) and count it."""
    _given.append(text)
    click.echo(f"warning: {text}", err=True)


def given() -> list[str]:
    return list(_given)


def start_counting() -> None:
    """A new command: no warning given yet (the CLI may run several in one process)."""
    _given.clear()
