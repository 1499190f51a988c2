"""The numbers BGG gave the host's uploaded pictures, typed once: `bgg-images.txt` in the game
folder, one line a picture (its file in the folder, then its ImageID), filled by `sheetgen
bgg-image PICTURE ID` (host/bgg_images.py) and read by every run that writes or shows a BGG
text (render/bgg_image_ids.py fills them in).

The numbers are one game's: its `game` line names it (`game 8C1F-22AB check 3e5a0b71`). A
folder that takes another game (`sheetgen game --force` with another seed, pack, content,
start date or options) keeps the host's file, but its pictures are not the ones BGG holds
under those numbers: every reader uses the numbers only for the game they name, and a file
from before the line was written is the folder's game's, as it always was."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.common.atomic_write import write_atomic
from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.game_mark import NO_GAME, GameMark, game_mark, mark_named

BGG_IMAGES_FILE = "bgg-images.txt"
MAX_MAP_BYTES = 1_000_000
HEADER = (
    "# The numbers BGG gave your uploaded pictures: `sheetgen bgg-image PICTURE ID` adds one.\n"
    "# One line a picture: its file in this folder, a space, its ImageID.\n"
    "# The game line names the game they are for: another game written into this folder\n"
    "# does not use them (its pictures are not the ones BGG holds under these numbers).\n"
)
# The game a folder's numbers are for: folder/game_mark.py (the same game as drawn, as its
# corrections are).


@dataclass(frozen=True)
class ImageMap:
    """What bgg-images.txt holds: picture file -> ImageID, and the game they are for (None:
    a file from before the numbers named their game, the folder's game's)."""

    ids: dict[str, int] = field(default_factory=dict)
    game: GameMark | None = None

    def owner(self, holder: Mapping[str, Any] | None) -> GameMark | None:
        """The game the numbers are for: the one the file names, else the game the folder
        held when it was read (`holder`, its plan); None when neither says."""
        if self.game is not None:
            return self.game
        return game_mark(holder) if holder is not None else None

    def ids_for(self, plan: Mapping[str, Any], holder: Mapping[str, Any] | None) -> dict[str, int]:
        """The numbers, when they are for the game of `plan`; else none."""
        return self.ids if self.owner(holder) == game_mark(plan) else {}

    def another_games(self, plan: Mapping[str, Any], holder: Mapping[str, Any] | None) -> str:
        """Whose numbers the file holds, in words, when they are not `plan`'s game's ("" when
        they are, or when it holds none)."""
        if not self.ids or self.ids_for(plan, holder):
            return ""
        theirs = self.owner(holder)
        if theirs is None or theirs == NO_GAME:
            return "of no game this folder names"
        if theirs.game_id == game_mark(plan).game_id:
            return f"of game {theirs.game_id} as written before (another start date or options)"
        return f"of game {theirs.game_id}"

    def left_out(self, plan: Mapping[str, Any], holder: Mapping[str, Any] | None) -> str | None:
        """One line for the host when the file holds numbers of another game, else None."""
        whose = self.another_games(plan, holder)
        if not whose:
            return None
        return (
            f"{BGG_IMAGES_FILE} holds the ImageIDs {whose}, not this game's "
            f"({plan.get('game_id')}): left out, so its BGG texts keep [ImageID=…] until you "
            "give this game's numbers (`sheetgen bgg-image PICTURE ID`)"
        )


def read_image_map(root: Path) -> ImageMap:
    """The numbers and their game; no file, no numbers. A line not understood is an error
    at its line (the host edits this file too)."""
    path = root / BGG_IMAGES_FILE
    if not path.exists() and not path.is_symlink():
        return ImageMap()
    try:
        data = read_regular_file(path, MAX_MAP_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    ids: dict[str, int] = {}
    game: GameMark | None = None
    game_line = 0
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        where = f"{display_path(path)}:{number}"
        if text.split()[0] == "game":
            if game_line:
                raise SheetgenError(
                    f"{where}: a second game line (the first is line {game_line}): the numbers "
                    "are one game's"
                )
            game, game_line = _game_line(text, where), number
            continue
        name, _, value = text.rpartition(" ")
        if not name.strip() or not value.isdigit():
            raise SheetgenError(
                f"{where}: expected a picture's file and its ImageID "
                f"(e.g. round-1/turn-01-build-tiles.png 8123456), got {abridged(text)!r}"
            )
        ids[name.strip()] = int(value)
    return ImageMap(ids, game)


def _game_line(text: str, where: str) -> GameMark:
    found = mark_named(text)
    if found is None:
        raise SheetgenError(
            f"{where}: expected the game the numbers are for, as `sheetgen bgg-image` writes "
            f"it (e.g. game 8C1F-22AB check 3e5a0b71), got {abridged(text)!r}"
        )
    return found


def folder_left_out(root: Path, plan: Mapping[str, Any]) -> str | None:
    """The line that tells the host the folder's numbers are another game's, if they are."""
    if not (root / BGG_IMAGES_FILE).is_file():
        return None
    return read_image_map(root).left_out(plan, plan)


def abridged(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def write_image_ids(root: Path, game: GameMark, ids: Mapping[str, int]) -> None:
    """The map written whole, with its game (common/atomic_write.py: never half a file, and
    never through a symlink in its place)."""
    path = root / BGG_IMAGES_FILE
    lines = [f"{name} {ids[name]}\n" for name in sorted(ids)]
    try:
        write_atomic(path, (HEADER + game.line() + "\n" + "".join(lines)).encode("utf-8"))
    except OSError as exc:
        raise SheetgenError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from None


def keep_with_their_game(
    root: Path, holder: Mapping[str, Any] | None, plan: Mapping[str, Any]
) -> None:
    """Before another game is written into the folder: a file that names no game gets the
    game its numbers were given for (`holder`, the game the folder holds; NO_GAME when it
    held none it could read), so that `today` and the console, which take such a file as
    the folder's game's, never give them to the new game. Nothing to do when the file names
    its game."""
    if holder is not None and game_mark(holder) == game_mark(plan):
        return
    if not (root / BGG_IMAGES_FILE).is_file():
        return
    recorded = read_image_map(root)
    if recorded.game is None and recorded.ids:
        write_image_ids(root, game_mark(holder) if holder is not None else NO_GAME, recorded.ids)
