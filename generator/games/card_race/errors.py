"""Errors of the table commands, said in the table's language and told apart by who may read
them: a refusal's line for the thread (`error:` / `Fehler:`) never holds a hand or a hidden
bid; what only the host may read (the cards a player still holds, a bid typed in secret) is
on lines of its own that say so, so a host can paste the first and keep the rest."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import IO, Any

import click

from generator.common.errors import SheetgenError
from generator.games.card_race.content import CardRace


class TableError(SheetgenError):
    """One message, line by line, each with its prefix (exit code 2, no traceback)."""

    def __init__(self, lines: list[tuple[str, str]]) -> None:
        self.lines = lines
        super().__init__("\n".join(text for _, text in lines))

    def show(self, file: IO[Any] | None = None) -> None:
        for prefix, text in self.lines:
            click.echo(f"{prefix}: {text}", file=file, err=True)


def thread_prefix(content: CardRace, code: str) -> str:
    return content.lang(code).get("err_prefix")


def host_prefix(content: CardRace, code: str) -> str:
    return content.lang(code).get("err_host_prefix")


@contextlib.contextmanager
def in_language(content: CardRace, code: str) -> Iterator[None]:
    """Any error of the commands inside, with the prefix of language `code`: a German
    table's host reads `Fehler:`, not `error:`."""
    try:
        yield
    except TableError:
        raise
    except SheetgenError as exc:
        raise TableError([(thread_prefix(content, code), exc.format_message())]) from None
