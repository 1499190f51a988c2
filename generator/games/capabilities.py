"""What a game can do beyond the stages of its kind, declared once as data, and the one
way a command says that a game lacks what it needs. Light on purpose: the CLI imports it
before any game is loaded."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from generator.common.errors import SheetgenError

if TYPE_CHECKING:
    from generator.host.rankings import ScoreSpec
    from generator.host.table_view import TableNow, TableSource, TableThread
    from generator.render.text import Post


class SheetScorer(Protocol):
    """Scores a player's sheet file, step by step (`sheetgen score PACK FILE`)."""

    def __call__(self, content: Any, plan: Any, sheet: Path, /) -> str: ...


class RoundSheetScorer(Protocol):
    """A scorer whose sheet is scored for one round (`sheetgen score ... --round N`)."""

    def __call__(
        self, content: Any, plan: Any, sheet: Path, /, round_number: int | None = None
    ) -> str: ...


class SheetPrinter(Protocol):
    """Lays out a pack's print sheets on every paper as `game` does, raising the error
    `game` would. `keep=False`: what it makes is not kept for a game (a pack shortened to
    find its text too long for a page, kit/too_long.py)."""

    def __call__(self, content: Any, /, keep: bool = True) -> None: ...


class BalanceRun(Protocol):
    """A balance bot over many seeds (`sheetgen balance`): the report it prints."""

    def __call__(
        self,
        pack_ref: str,
        content: Any,
        count: int,
        workers: int,
        prefix: str,
        save_reference: bool,
        /,
    ) -> str: ...


class OptionsBalanceRun(Protocol):
    """The balance run of a game that takes game options (they decide what the bot plays)."""

    def __call__(
        self,
        pack_ref: str,
        content: Any,
        count: int,
        workers: int,
        prefix: str,
        save_reference: bool,
        /,
        options: dict[str, Any] | None = None,
    ) -> str: ...


@dataclass(frozen=True)
class TableHost:
    """How a table game's host follows its thread (`sheetgen today`, `sheetgen digest`): its
    posts follow the players' moves, each logged in its table log, so both read the table
    as the log leaves it, never a schedule. Made by a `TableGame` from its stages."""

    # The table after its latest entry: who acts now, and what to post and send now.
    now: Callable[[TableSource], TableNow]
    # Every post published so far, in log order, with its round or turn.
    thread: Callable[[TableSource], TableThread]
    # The game keeps its secret (the seed) in its game file, never in its folder: today and
    # digest need that file (`--game GAME_FILE`) to replay the table.
    needs_game_file: bool = False
    # `sheetgen correct ENTRY --say TEXT`: a correction in words of a posted entry, logged
    # and posted by the game's table (None: the game corrects only by its own undo).
    correct: Callable[[TableSource, int, str], None] | None = None


@dataclass(frozen=True)
class Capabilities:
    """What a game can do beyond the stages of its kind (generator/games/__init__.py),
    declared once as data. None means the game has not got it; the command that needs it
    says so (`lacking`)."""

    # The phase a post belongs to, for the catch-up page's headings.
    phase_of: Callable[[Post], str] | None = None
    # The columns of the scores.csv players' scores are typed into (`sheetgen rankings`).
    scoring: Callable[[Any, Any], ScoreSpec] | None = None
    # Scores a player's sheet file, step by step (`sheetgen score PACK FILE`).
    score: SheetScorer | None = None
    # Scores a table of typed scores without a plan (`sheetgen score PACK TABLE`).
    score_table: Callable[[Any, Path, bool, str], str] | None = None
    # How hard a seed is for a balance bot, and a run of it over many seeds.
    verdict: Callable[[Any, Any], tuple[str, bool]] | None = None
    balance: BalanceRun | None = None
    # The name of the game's own command group (`sheetgen NAME ...`, a `sheetgen.commands`
    # entry point). Posts already published may spell a game command the old way, through
    # the core (`sheetgen verify PACK --round ...`): the core hands such a call on to the
    # group's command of the same name, with the pack as `--pack PACK`.
    commands: str | None = None
    # Lays out the pack's print sheets on every paper as `game` does, raising the error
    # `game` would (`sheetgen check`: a text too long for its page is found there).
    print_sheets: SheetPrinter | None = None
    # Checks a game file's own settings against the pack (`sheetgen check --game`).
    check_game_file: Callable[[Any, Path], str] | None = None
    # The game options its game file may set (a validation.Strict model; recorded in the
    # plan): the keys beside the core's (pack, seed, start, ...), with their types. An
    # option's key is its attribute's name.
    options: type[Any] | None = None
    # The option sets a game may have been played with that its commitment covers (a dice
    # game's rule variations, say): `verify` tries them when a player gives none, to name
    # the ones to add rather than blame the seed or the content.
    committed_options: Callable[[], list[dict[str, Any]]] | None = None
    # The command that starts a game from its game file, when it is not `sheetgen game`.
    game_file_command: str | None = None

    @property
    def takes_options(self) -> bool:
        return self.options is not None


# What a game without a capability lacks, as the CLI says it.
LACKING = {
    "posts": "planned posts (its posts follow the players' moves at the table)",
    "scoring": "scores to rank (a scores.csv of typed scores)",
    "score": "scorer",
    "verdict": "balance verdict",
    "balance": "balance check",
    "turns": "planned turns (its table runs from its own commands)",
}


def lacking(name: str, capability: str, needed_by: str | None = None) -> SheetgenError:
    """The one way a command says the game lacks what it needs: `name` is the game's title
    or "the PACK pack"."""
    why = f": {needed_by} needs it" if needed_by else ""
    return SheetgenError(f"{name} has no {LACKING[capability]}{why}")
