"""A table game's append-only log: one JSON object a line, in the game folder. The one
implementation both table games use (Galactic Card Race's `table.jsonl`, Battlestar's
`table-log.jsonl`); a game names its file and says what its entries look like.

- Writing: the whole log with the new line added goes to a temporary file in the same
  folder, is flushed to disk and renamed over the log, so a crash at any moment leaves the
  old log or the new one, never half a line. A last line without its newline (a log edited
  by hand, copied by a tool that drops it) is read as usual; the next entry adds the newline
  first. A last line that is not a whole JSON object cannot come from a crash of ours (see
  above): it is refused with its line number like any other, never dropped silently, since
  it may be an entry whose post was sent.
- Entry numbers: entry k of the log (blank lines aside) carries `n` = first + k - 1; a line
  deleted, repeated or moved shows as a wrong number, named by file and line, before anything
  replays it or a new entry reuses a number whose post was sent. A game whose older logs
  had no numbers says so (`unnumbered_before`): entries without `n` are accepted until the
  first one that has it.
- The shape of an entry is the game's: `check(entry)` returns what is wrong, or None.
- The log is a regular file, never a symlink or a FIFO: a link (dangling or not) would let
  the table be read from or written to somewhere else; a FIFO would hang the command.
- One command at a time: see `locked`."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.common import json_text
from generator.common.atomic_write import write_atomic
from generator.common.errors import SheetgenError, display_path, not_utf8
from generator.common.folder_lock import folder_locked
from generator.common.safe_read import UnreadableFile, read_regular_file

Check = Callable[[dict[str, Any]], str | None]
# (log file as shown, line, problem) -> the message: a game may say it in the table's language.
Describe = Callable[[str, int, str], str]


@dataclass(frozen=True)
class Line:
    """One logged entry: its line in the file and where that line ends (the byte offset just
    after its newline)."""

    number: int
    entry: dict[str, Any]
    end: int


@dataclass(frozen=True)
class LogText:
    """The log as read: its bytes and its entries."""

    raw: bytes
    lines: list[Line] = field(default_factory=list)

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [line.entry for line in self.lines]


@dataclass(frozen=True)
class TableLog:
    """The log file of one game folder and the rules its lines follow."""

    folder: Path
    name: str
    max_bytes: int
    first: int = 1  # the number the first entry carries
    unnumbered_before: bool = False  # entries of an older log may carry no `n`
    check: Check | None = None
    describe: Describe | None = None
    bad_line: str = "not a JSON entry"  # how the game's users call a line that is not JSON

    @property
    def path(self) -> Path:
        return self.folder / self.name

    def where(self, line: int) -> str:
        return f"{display_path(self.path)}:{line}"

    def problem(self, line: int, problem: str) -> SheetgenError:
        """An entry that does not fit: its file, its line and what is wrong with it."""
        if self.describe is not None:
            return SheetgenError(self.describe(display_path(self.path), line, problem))
        return SheetgenError(f"{self.where(line)}: {problem}")

    def present(self) -> bool:
        """False when there is no log yet; an error when the name holds anything but a
        regular file (a symlink, even one to nothing, is not an empty log)."""
        try:
            mode = os.lstat(self.path).st_mode
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise SheetgenError(
                f"{display_path(self.path)}: cannot read ({exc.strerror})"
            ) from None
        if stat.S_ISLNK(mode):
            target = os.readlink(self.path)
            raise SheetgenError(
                f"{display_path(self.path)}: is a symbolic link (to {target}), not the "
                "table's log; put the log itself in the game folder"
            )
        if not stat.S_ISREG(mode):
            raise SheetgenError(
                f"{display_path(self.path)}: not a regular file (a FIFO or device?)"
            )
        return True

    def read(self) -> LogText:
        """Every entry, each one's number and shape checked; a line that fails is an error
        naming the file and the line."""
        raw = self._bytes()
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SheetgenError(not_utf8(display_path(self.path), raw, exc)) from None
        lines: list[Line] = []
        numbered = not self.unnumbered_before
        offset = 0
        for number, data in enumerate(raw.splitlines(keepends=True), 1):
            offset += len(data)
            if not data.strip():
                continue
            entry = self._entry(number, data)
            numbered = numbered or "n" in entry
            if numbered:
                self._check_number(number, entry, self.first + len(lines))
            problem = self.check(entry) if self.check is not None else None
            if problem is not None:
                raise self.problem(number, problem)
            lines.append(Line(number, entry, offset))
        return LogText(raw, lines)

    def _bytes(self) -> bytes:
        if not self.present():
            return b""
        try:
            # Bounded and regular files only, even if the file changed since the check.
            return read_regular_file(self.path, self.max_bytes)
        except UnreadableFile as exc:
            raise SheetgenError(f"{display_path(self.path)}: {exc}") from None

    def _entry(self, number: int, data: bytes) -> dict[str, Any]:
        try:
            entry = json_text.loads(data)
        except json.JSONDecodeError as exc:
            raise SheetgenError(
                f"{self.where(number)}: {self.bad_line} ({exc.msg}, column {exc.colno})"
            ) from None
        except (ValueError, RecursionError):
            # A number too long to read, or nesting too deep: no entry of ours looks so.
            raise SheetgenError(
                f"{self.where(number)}: {self.bad_line} (a number of thousands of digits or "
                "nesting too deep: edited by hand?)"
            ) from None
        if not isinstance(entry, dict):
            raise SheetgenError(f"{self.where(number)}: {self.bad_line} (expected an object)")
        return entry

    def _check_number(self, number: int, entry: dict[str, Any], expected: int) -> None:
        n = entry.get("n")
        if "n" not in entry:
            raise self.problem(
                number,
                f"n: missing (entry {expected} comes after numbered entries; was it added "
                "by hand?)",
            )
        if type(n) is not int:  # bool is an int in Python: `true` is not entry 1
            shown = json.dumps(n, ensure_ascii=False)[:40]
            raise self.problem(number, f"n: expected a whole number, got {shown}")
        if n != expected:
            raise self.problem(
                number,
                f"entry number {n} where entry {expected} belongs (a line deleted, repeated "
                "or moved?); restore the log",
            )

    def append(self, entry: dict[str, Any], old: LogText) -> LogText:
        """Add one entry and return the log as it now is; `old` is the log the caller
        replayed, so a log that changed meanwhile (by a byte, or into a link) is refused,
        never replaced. Called with the table locked."""
        if self._bytes() != old.raw:
            raise SheetgenError(
                f"{display_path(self.path)} changed while this command ran; run it again"
            )
        data = old.raw
        if data and not data.endswith(b"\n"):
            data += b"\n"
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n"
        new = data + line.encode("utf-8")
        try:
            write_atomic(self.path, new)
        except OSError as exc:
            # A full disk or a read-only folder: nothing was recorded, the log is as it was.
            raise SheetgenError(
                f"cannot record in {display_path(self.path)}: {exc.strerror or exc}; "
                "nothing was recorded"
            ) from exc
        number = data.count(b"\n") + 1  # the new line's number in the file
        return LogText(new, [*old.lines, Line(number, entry, len(new))])


@contextlib.contextmanager
def locked(folder: Path, message: str) -> Iterator[None]:
    """Hold the table's lock; `message` (in the table's language) if another run holds it.

    The lock is on the game folder itself, for both games (common/folder_lock.py): a killed
    run never blocks the next one, and no lock file is left in a folder whose files are
    listed in a manifest and sent to players. A lock file an older version left
    (`table.lock`, `.table.lock`) is not a lock any more and is left alone."""

    def refuse() -> None:
        raise SheetgenError(message)

    with contextlib.ExitStack() as held:
        try:
            held.enter_context(folder_locked(folder, refuse))
        except OSError as exc:
            raise SheetgenError(f"{display_path(folder)}: cannot open ({exc.strerror})") from None
        yield
