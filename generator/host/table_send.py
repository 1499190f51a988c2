"""`sheetgen send` for a table game: the posts its latest entry asks for (host/table_view.py),
as messages; a private message is never sent by webhook (it goes to one player alone)."""

from __future__ import annotations

from pathlib import Path

from generator.common.errors import SheetgenError
from generator.host.send import Batch
from generator.host.table_open import TableGame


def table_batches(game: TableGame) -> tuple[Path, list[Batch]]:
    raise SheetgenError(
        f"{game.title} is a table game: `sheetgen send` does not send its posts yet"
    )
