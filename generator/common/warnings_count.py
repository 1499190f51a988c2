"""Warnings, counted: every command says them the same way ("warning: …" on stderr), and with
`sheetgen --strict` a run that gave any ends with exit code 1, as a build that treats
warnings as errors (MkDocs' --strict) does."""

from __future__ import annotations

import click

from generator.common.errors import MAX_PROBLEM_LINE, MAX_PROBLEMS_SHOWN, abridge

_given: list[str] = []


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


def start_counting() -> None:
    """A new command: no warning given yet (the CLI may run several in one process)."""
    _given.clear()
