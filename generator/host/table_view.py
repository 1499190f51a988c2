"""What a table game tells the host's commands about its thread: the data its `TableHost`
(generator/games/capabilities.py) returns, and what `today` and `digest` are given to ask.

A table game's posts follow the players' moves, one log entry at a time, so there is no
schedule to read: the game replays its table log and
says who acts now, which posts and private messages are due now, and which posts the thread
holds so far. The core turns that into the same steps and the same catch-up page as for a
scheduled game. Plain data, no game named."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.output_file import OutputFile
from generator.pack.load import Pack
from generator.render.text import Post

if TYPE_CHECKING:
    from generator.plan.model import Plan

# Why a post of a logged entry can be missing, and what to do: said the same by today and digest.
MISSING = (
    "if a table command was stopped before writing it, the next table command writes it "
    "(post it before anything newer); a file removed by hand must be restored"
)


@dataclass(frozen=True)
class TableSource:
    """Where a table is read from. `folder` is None when only the game file says where
    (a game whose game file names its folder); `pack` is the pack the core loaded from the
    game file (None when it loaded the folder's copy); `plan` is the folder's plan.json as
    the game's plan type reads it, when the game writes one."""

    folder: Path | None
    game_file: Path | None
    pack: Pack | None
    content: Any
    plan: Plan | None = None


@dataclass(frozen=True)
class PrivateSend:
    """A private message the host sends one player, never posted in the thread: named by
    its file and recipient only, so nothing secret is printed."""

    file: str  # relative to the game folder: the text to paste
    to: str
    attach: tuple[str, ...] = ()  # pictures to attach, relative to the game folder
    note: str | None = None  # the host's note beside it (the pictures' alt texts)


Step = Post | PrivateSend


@dataclass(frozen=True)
class TableNow:
    """The table after its latest entry, for `sheetgen today`."""

    folder: Path
    title: str  # the game and its id: "Galactic Card Race · game E8AB-9530"
    where: str  # "Round 3 of 7 · 45 entries logged (the last: Ben played W7)"
    act: tuple[str, ...]  # who acts now (and what the host does first), in order
    steps: tuple[Step, ...]  # the posts and private messages due now, in order
    entry: int  # the latest logged entry's number; 0 when nothing is logged yet
    keep: tuple[str, ...] = ()  # files written now that the host keeps (never posted)
    next: str = ""  # how the next post comes: the command that records the next move
    # The players the table waits for now, by name as the game file has them (whom
    # `sheetgen send` pings); none while the next move is the host's or a secret's.
    to_act: tuple[str, ...] = ()


@dataclass(frozen=True)
class ThreadPost:
    """One post of the thread: its file stem (the post's `KEY.html` is what the page shows)
    and where the page puts it."""

    key: str
    entry: int  # the number of the log entry that made it due (0: due at the start)
    section: str  # the page's anchor of its round or turn: "round-03", "turn-2", "setup"
    section_name: str  # "Round 3"
    phase: str  # a heading within the section ("Bidding", "Trick 2"), or ""
    title: str  # what the post is, for the page: "Ben plays W7"
    when: str  # "Entry 45", "Before the first entry"


@dataclass(frozen=True)
class TableThread:
    """Every post of the thread so far, in the order they were due."""

    folder: Path
    title: str  # the game and its id, as the posts' headlines begin
    latest: int  # the latest logged entry's number (0 when none is)
    grouped_by: str  # what a section is: "round", "turn"
    posts: tuple[ThreadPost, ...]
    # Folders (relative, ending in "/") whose files never go on a page: the hands, the
    # private messages, a moderator's records. A post or picture under one is refused.
    private: tuple[str, ...] = ()
    # Sheets to print that the folder does not hold (made from the pack), beside its sheets/.
    sheets: tuple[OutputFile, ...] = field(default_factory=tuple)
    # The language of its posts, which the catch-up page is framed in ("en", "de").
    lang: str = "en"
