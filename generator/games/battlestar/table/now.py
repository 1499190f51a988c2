"""`sheetgen today` for a Battlestar game: who the table waits for (the action queue of the
replayed table) and what to send and post, exactly as the commands wrote it: in a game begun
under rules 3 or later, every phase post ready since the last marked posted, in order, each
after its entries' private messages (thread_posted.py); in an older one, the latest entry's.

The table is opened from the game file (the seed never lives in the folder) and its log
replayed, so the latest entry's post and private messages are at hand; nothing is saved.
Before the setup: the choosing post the setup command wrote for the characters chosen so
far."""

from __future__ import annotations

import shlex

from generator.common.errors import SheetgenError, display_path
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.game import (
    Table,
    Written,
    check_latest_post,
    choosing_written,
    open_table,
    replay,
    setup_written,
)
from generator.games.battlestar.log import read_log
from generator.games.battlestar.posts.post import rendered
from generator.games.battlestar.posts.setup import GAME
from generator.games.battlestar.thread_posted import read_marks, unposted
from generator.host.table_view import PrivateSend, Step, TableNow, TableSource


def open_source(source: TableSource) -> Table:
    if source.game_file is None:
        raise SheetgenError(
            f"{GAME} keeps its seed in its game file: give it with --game GAME_FILE"
        )
    content = source.content
    loaded = None
    if source.pack is not None and isinstance(content, Battlestar):
        loaded = (source.pack, content)  # the core loaded the pack the file names
    return open_table(source.game_file, source.folder, loaded)


def table_now(source: TableSource) -> TableNow:
    table = open_source(source)
    file = shlex.quote(display_path(table.spec.path))
    title = f"{GAME} · Game {table.game_id}"
    if not read_log(table.folder).lines:
        return _before_setup(table, title, file)
    replay(table)
    state = table.state
    assert state is not None
    entry = table.entries[-1]
    n, command = int(entry["n"]), str(entry["cmd"])
    written = table.written[-1] if n > 0 else setup_written(table)
    act = list(state.queue())
    steps, keep = _steps(written), [m.file for m in written.messages if m.is_record]
    if table.phases is not None:
        steps, keep, note = _thread_steps(table, file)
        act.append(note)
    if state.over:
        act.append(
            f"After posting it: `sheetgen bsg reveal {file}` prints every private message "
            "and record with its salt, and the seed, for the thread."
        )
    where = "Setup · entry 0 logged" if n == 0 else f"Turn {state.turn} · entry {n} ({command})"
    return TableNow(
        folder=table.folder,
        title=title,
        where=where,
        act=tuple(act),
        steps=tuple(steps),
        entry=n,
        keep=tuple(keep),
        next="nothing: the game is over." if state.over else _next(file),
        to_act=tuple(state.acting()),
    )


def _steps(written: Written) -> list[Step]:
    """The private messages first (the post lists their commitments as sent), then the post."""
    sends: list[Step] = [PrivateSend(m.file, m.player) for m in written.messages if not m.is_record]
    return [*sends, rendered(written.post)]


def _thread_steps(table: Table, file: str) -> tuple[list[Step], list[str], str]:
    """A game begun under rules 3 or later: every post ready and not marked posted, in
    order, each after its entries' private messages not marked sent; then the messages of
    the post still being written (they go out at once). The files to keep; what to do."""
    due, growing = unposted(table)
    check_latest_post(table)
    sent = read_marks(table.folder).sent
    steps: list[Step] = []
    keep: list[str] = []
    for post in [*due, *([growing] if growing is not None else [])]:
        for n, message in post.sends:
            if n <= sent:
                continue
            if message.is_record:
                keep.append(message.file)
            else:
                steps.append(PrivateSend(message.file, message.player))
        if post.ready:
            steps.append(rendered(post.written.post))
    done = f"`sheetgen bsg posted {file}`"
    if growing is not None:
        note = (
            f"Not ready yet: {growing.key} (its phase goes on; each entry of the phase adds "
            "to it, and it is listed here once the table moves on or the players must "
            "answer)."
        )
    else:
        note = "Every post written is ready."
    if due:
        count = len(due)
        note += f" Once the {count} post{'s are' if count != 1 else ' is'} out: {done}."
    elif steps:
        note += f" Once the messages are sent: {done}."
    return steps, keep, note


def _next(file: str) -> str:
    return (
        f"record what happens next with its table command (`sheetgen bsg COMMAND {file} "
        "...`): it writes the next post; then run today again."
    )


def _before_setup(table: Table, title: str, file: str) -> TableNow:
    setup = f"`sheetgen bsg setup {file}`"
    if table.spec.all_chosen():
        return TableNow(
            folder=table.folder,
            title=title,
            where="Set up: not yet (nothing logged)",
            act=(f"Deal the game: {setup} writes the setup post and the private messages.",),
            steps=(),
            entry=0,
        )
    written = choosing_written(table)
    post = rendered(written.post)
    if not (table.folder / f"{post.key}.facebook.txt").is_file():
        return TableNow(
            folder=table.folder,
            title=title,
            where="Choosing characters (nothing logged)",
            act=(f"Write the choosing post: {setup}.",),
            steps=(),
            entry=0,
        )
    return TableNow(
        folder=table.folder,
        title=title,
        where="Choosing characters (nothing logged)",
        act=written.post.queue,
        steps=(post,),
        entry=0,
        next=f"write each choice into the game file, then run {setup} again: it writes the "
        "next post (and, once everyone has chosen, the setup).",
    )
