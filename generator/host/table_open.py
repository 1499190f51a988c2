"""The game `today` and `digest` work on: a scheduled game's folder, or a table game (its
folder, or its game file for a game that keeps its seed there).

A table game is told by the kind its rules declare (`TableGame`), never by its name:
- one whose folder has a plan.json (the host's copy of every choice) is opened from it;
- one that keeps its seed in its game file and out of its folder is opened from that file
  (`--game GAME_FILE`); its folder is the one `-o` names, else the one the file names. Its
  folder alone is recognised by the pack copy it keeps (pack/), so that `-o` without the
  file says what is missing rather than "no game here"."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.common.errors import SheetgenError, display_path
from generator.folder.write import PLAN_FILE
from generator.host.game_folder import GameFolder, find_folder, open_folder
from generator.pack.folders import SNAPSHOT_DIR

if TYPE_CHECKING:
    # Loaded by the table games' paths only: a scheduled game's `today` goes without.
    from generator.games import TableHost
    from generator.host.table_view import TableSource


@dataclass(frozen=True)
class TableGame:
    title: str  # the game's name, as its pack calls it
    host: TableHost
    source: TableSource


def open_host_game(
    folder: Path | None, game_file: Path | None, outline: bool = False
) -> GameFolder | TableGame:
    """`outline` (`today`, `posted`): a scheduled game comes with its outline
    (host/outline.py), its pack loaded only if the outline is not kept."""
    if game_file is not None:
        return _from_game_file(folder, game_file)
    if folder is not None and not (folder / PLAN_FILE).is_file():
        _refuse_folder_without_its_file(folder)
    game = open_folder(find_folder(folder), lazy=outline)
    if outline:
        from generator.host.outline import folder_outline

        game.outline = folder_outline(game)
        game.title = game.outline.title
        if not game.outline.table:
            return game
        game.outline = None
    from generator.games import table_of
    from generator.host.table_view import TableSource

    table = table_of(game.rules)
    if table is None:
        return game
    if table.needs_game_file:  # a plan.json beside such a table: its seed is not read from it
        raise _needs_file(game.title, game.root)
    return TableGame(
        game.title, table, TableSource(game.root, None, None, game.content, game.typed)
    )


def _from_game_file(folder: Path | None, game_file: Path) -> TableGame:
    from generator.host.table_view import TableSource
    from generator.kit.session import load_content
    from generator.pack.load import default_pack

    named = _pack_named_in(game_file)
    from generator.games import table_of

    pack, rules, content = load_content(named or default_pack())
    table = table_of(rules)
    if table is None or not table.needs_game_file:
        which = f"a {pack.meta.title} game file" if named else "a game file naming no pack"
        raise SheetgenError(
            f"--game {display_path(game_file)}: {which}; --game is for a table game that "
            "keeps its seed in its game file. Give the game's folder with -o FOLDER instead"
        )
    return TableGame(pack.meta.title, table, TableSource(folder, game_file, pack, content))


def _pack_named_in(game_file: Path) -> str | None:
    """The pack a game file names (a path relative to the file), None when it names none.
    The file's own problems are reported by the game when it reads it."""
    from generator.pack.yamlio import load_document

    doc, problems = load_document(game_file, display_path(game_file))
    if doc is None:
        raise SheetgenError("\n".join(str(p) for p in problems))
    pack = doc.data.get("pack") if isinstance(doc.data, dict) else None
    if not isinstance(pack, str) or not pack:
        return None
    if "/" in pack or pack.startswith("."):
        return str(game_file.parent / pack)
    return pack


def _refuse_folder_without_its_file(folder: Path) -> None:
    """A folder with no plan.json may be a table game's that keeps its seed in its game
    file: its pack copy says which game, and the error says to give the file. Anything else
    is left to the usual "holds no game"."""
    from generator.kit.session import load_content

    kept = folder / SNAPSHOT_DIR
    if not (kept / "pack.yaml").is_file() or kept.is_symlink():
        return
    try:
        pack, rules, _ = load_content(str(kept))
    except SheetgenError:
        return
    from generator.games import table_of

    table = table_of(rules)
    if table is not None and table.needs_game_file:
        raise _needs_file(pack.meta.title, folder)


def _needs_file(title: str, folder: Path) -> SheetgenError:
    return SheetgenError(
        f"{display_path(folder)}: {title} keeps its seed in its game file, not in its "
        "folder, and its table cannot be read without it: give the file with --game "
        "GAME_FILE (and -o FOLDER when the file names another folder)"
    )
