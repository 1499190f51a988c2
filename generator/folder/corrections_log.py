"""The log of corrections to published posts, `corrections.jsonl` in a game folder: one
JSON line per correction, appended whole (host/corrections.py writes it; the posting guide,
`today`, the console and the catch-up page read it).

A correction's number is its place in the log, and its files (`corrections/correction-NN.*`)
are written again from the log by every run that writes them: so a line cut from the middle
or edited by hand would renumber or reword corrections already posted, silently. Each line
therefore records its own number and the SHA-256 of what it says, and a log whose lines no
longer match them is refused with the line at fault (a published correction stands; what
takes it back is a new one). Lines of earlier versions, without them, are read as before.
The words of every line are held to the rule for what a host types (common/host_text.py),
as `correct --say` is: a NUL or an ESC typed into the log reaches no post.

The log is one game's: each line names the game it was made for (`"game": "game 8C1F-22AB
check 3e5a0b71"`, folder/game_mark.py: the same game as drawn, as the folder's ImageIDs
are). When another game is written into the folder (`sheetgen game --force` with another
seed, pack, content, start date or options), the log is set aside, whole, under the name
of the game it was made for (`corrections-8C1F-22AB-3e5a0b71.jsonl`): the new game starts
with no corrections, and no guide, `today`, console or catch-up page shows the old game's as
its own. The same game written again (a posting rhythm changed) keeps its log."""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.errors import SheetgenError, abridge, display_path
from generator.common.host_text import pasted, refused_character
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.game_mark import GameMark, holder_mark, mark_named, same_drawn_game

CORRECTIONS_FILE = "corrections.jsonl"
CORRECTIONS_DIR = "corrections"
MAX_LOG_BYTES = 5_000_000
# A correction's number is its line in the log; so many is far beyond a month's mistakes.
MAX_CORRECTIONS = 99
MAX_TEXT = 1000  # characters: a correction is a sentence or two, and stays one Discord message
MAX_TITLE = 200  # a post's title as the log names it


@dataclass(frozen=True)
class Correction:
    number: int  # 1, 2, ... in the order they were made
    key: str  # the corrected post's file stem
    title: str  # the corrected post's title
    turn: int
    text: str  # the host's words, as typed
    at: dt.datetime  # when it was made

    @property
    def stem(self) -> str:
        return f"{CORRECTIONS_DIR}/correction-{self.number:02d}"


def correction_text_problem(text: str) -> str | None:
    """Why a correction's words cannot be posted (one phrase), or None."""
    if not text.strip():
        return "the correction's words are empty (expected what changed)"
    if len(text) > MAX_TEXT:
        return (
            f"{len(text)} characters (expected at most {MAX_TEXT}: a correction says what "
            "changed in a sentence or two)"
        )
    refused = refused_character(text, lines=True)
    return None if refused is None else f"holds {refused}"


def _digest(line: dict[str, Any]) -> str:
    """What a line says (every field but this digest), as the line's SHA-256 records it."""
    said = {k: v for k, v in line.items() if k != "sha256"}
    return hashlib.sha256(json.dumps(said, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def log_line(number: int, fields: dict[str, Any]) -> bytes:
    """The log's line for correction `number`: its fields, its number and their digest."""
    line = {**fields, "number": number}
    line["sha256"] = _digest(line)
    return json.dumps(line, sort_keys=True, ensure_ascii=False).encode("utf-8") + b"\n"


def read_corrections(root: Path) -> list[Correction]:
    """The log's corrections in order. A line cut short by a killed run, or anything not
    ours, is passed by; a line whose number or words no longer match what it recorded is
    refused (see the module's docstring)."""
    path = root / CORRECTIONS_FILE
    if not path.exists() and not path.is_symlink():
        _check_none_cut_from_the_end(root, 0)
        return []
    try:
        data = read_regular_file(path, MAX_LOG_BYTES, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    found = _parsed(data, display_path(path))
    _check_none_cut_from_the_end(root, len(found))
    return found


def _check_none_cut_from_the_end(root: Path, count: int) -> None:
    """The files of a correction after the log's last: its line was cut from the log (the
    log is written before the files, so no run leaves files without their line)."""
    stem = f"correction-{count + 1:02d}."
    folder = root / CORRECTIONS_DIR
    try:
        written = any(name.startswith(stem) for name in os.listdir(folder))
    except OSError:
        return  # no corrections folder: nothing was written
    if written:
        raise SheetgenError(
            f"{display_path(root / CORRECTIONS_FILE)}: holds {count} corrections, but "
            f"{display_path(folder)}/{stem}* was written: its line was removed from the log. "
            "Published corrections keep their numbers and words: put the line back (to take "
            "a correction back, make a new one with `sheetgen correct`)"
        )


def _parsed(data: bytes, shown: str) -> list[Correction]:
    found: list[Correction] = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = json.loads(raw)
            at = dt.datetime.fromisoformat(line["at"])
            fields = (line["key"], line["title"], line["text"])
            turn = line["turn"]
        except (ValueError, KeyError, TypeError, RecursionError):
            continue
        if not all(isinstance(f, str) for f in fields) or not isinstance(turn, int):
            continue
        if at.tzinfo is None or len(found) >= MAX_CORRECTIONS:
            continue
        where = f"{shown}:{number}"
        _check_recorded(line, len(found) + 1, where)
        key, title, text = fields[0], pasted(fields[1]), pasted(fields[2])
        for name, problem in (
            ("key", refused_character(key, lines=False)),
            ("title", refused_character(title, lines=False)),
            ("text", correction_text_problem(text.strip())),
        ):
            if problem is not None:
                raise SheetgenError(f"{where}: {name}: {problem}")
        if len(key) > MAX_TITLE or len(title) > MAX_TITLE:
            raise SheetgenError(f"{where}: {abridge(key)}: not a post of this game")
        found.append(Correction(len(found) + 1, key, title, turn, text.strip(), at))
    return found


def _check_recorded(line: dict[str, Any], number: int, where: str) -> None:
    """A line that records its number and digest still says what it did when written."""
    recorded = line.get("number")
    if recorded is None and "sha256" not in line:
        return  # written by an earlier version: nothing to check it against
    if type(recorded) is not int or recorded != number:
        shown = recorded if type(recorded) is int else abridge(str(recorded))
        raise SheetgenError(
            f"{where}: this line was written as correction {shown}, and is now correction "
            f"{number}: a line before it was removed, moved or no longer reads. Published "
            "corrections keep their numbers and words: put the log back as it was (to take a "
            "correction back, make a new one with `sheetgen correct`)"
        )
    if line.get("sha256") != _digest(line):
        raise SheetgenError(
            f"{where}: correction {number} was edited since it was made (its words no longer "
            "match what it recorded). A published correction is never rewritten: put the "
            "line back as it was, and say what changed in a new correction with "
            "`sheetgen correct`"
        )


def append_correction(root: Path, fields: dict[str, Any]) -> int:
    """Add a correction to the log, numbered after those it holds; its number. The log is
    locked while it is read and added to (two runs at once get two numbers), and never
    written through a link. OSError when it cannot be written; SheetgenError for a log
    that is refused or full."""
    path = root / CORRECTIONS_FILE
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    fd = os.open(path, flags, 0o666)  # the umask decides, as for every file of the folder
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size > MAX_LOG_BYTES:
            raise SheetgenError(f"{display_path(path)}: larger than {MAX_LOG_BYTES} bytes")
        data = os.pread(fd, size, 0)
        made = _parsed(data, display_path(path))
        if len(made) >= MAX_CORRECTIONS:
            raise SheetgenError(f"this game has {MAX_CORRECTIONS} corrections already")
        line = log_line(len(made) + 1, fields)
        if data and not data.endswith(b"\n"):
            line = b"\n" + line  # a line a killed run cut short: this one starts its own
        os.write(fd, line)
        return len(made) + 1
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


@dataclass(frozen=True)
class SetAside:
    """A log set aside for the game it was made for: its new name, and the host's line."""

    kept: str
    said: str


def log_to_set_aside(
    root: Path, holder: dict[str, Any] | None, plan: dict[str, Any]
) -> SetAside | None:
    """Before another game is written into the folder (under the folder's lock): the name
    the log of the game it held (`holder`, its plan; None when it held none it could read)
    is set aside as, for that game, never deleted. The write's commit renames it
    (folder/in_place.py), so the log goes exactly when its game does. None when there is
    nothing to set aside."""
    if same_drawn_game(holder, plan):
        return None
    path = root / CORRECTIONS_FILE
    if not path.is_file() or path.is_symlink():
        return None
    owner = holder_mark(holder)
    if holder is None:
        owner = _recorded_game(path, root) or owner
    kept = _free_name(root, f"corrections-{owner.game_id}-{owner.check}")
    whose = f"game {owner.game_id}"
    if owner.game_id == str(plan.get("game_id")):
        whose += " as written before (another start date or options)"
    return SetAside(
        kept,
        f"{CORRECTIONS_FILE} held the corrections of {whose}, not this game's: set aside "
        f"as {kept}, so this game starts with none",
    )


def _recorded_game(path: Path, root: Path) -> GameMark | None:
    """The game the log's last line names, when one does (a log of an earlier version names
    none)."""
    try:
        data = read_regular_file(path, MAX_LOG_BYTES, within=root)
    except UnreadableFile:
        return None
    for raw in reversed(data.split(b"\n")):
        try:
            named = json.loads(raw).get("game")
        except (ValueError, AttributeError, RecursionError):
            continue
        found = mark_named(named) if isinstance(named, str) else None
        if found is not None:
            return found
    return None


def _free_name(root: Path, stem: str) -> str:
    """`stem`.jsonl, or -2, -3 ... when a log of that game was set aside before."""
    name, number = f"{stem}.jsonl", 1
    while os.path.lexists(root / name):
        number += 1
        name = f"{stem}-{number}.jsonl"
    return name
