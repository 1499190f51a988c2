"""`sheetgen send` for a table game (Card Race, Battlestar): the thread's posts that `today`
lists now (host/table_view.py `TableNow.steps`), as the same Discord messages as a
scheduled game's, then one short message that pings the players the table waits for.

A private message (a hand, a loyalty card) is never sent by webhook: it goes to one player
alone, and a webhook can only post in the channel; `send` names it and leaves it to the host.

Whom to ping: `discord-players.txt` in the game folder, one line a player: the name as the
game file has it, a space, the player's Discord user id (Discord's Developer Mode, then
right-click the player > Copy User ID). A player without a line is named, not pinged; the
message may ping only the players it names (`allowed_mentions`)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.discord_webhook import Message
from generator.host.names import name_key
from generator.host.send import Batch, Outgoing, post_messages
from generator.host.table_open import TableGame
from generator.host.table_view import PrivateSend, TableNow
from generator.render.text import Post

PLAYERS_FILE = "discord-players.txt"
_USER_ID = re.compile(r"^\d{17,20}$")


def read_discord_players(root: Path) -> dict[str, str]:
    """Player name (as `name_key` folds it) -> Discord user id; no file, nobody."""
    path = root / PLAYERS_FILE
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        data = read_regular_file(path, 100_000, within=root)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    ids: dict[str, str] = {}
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, _, user = text.rpartition(" ")
        if not name.strip() or not _USER_ID.match(user):
            raise SheetgenError(
                f"{display_path(path)}:{number}: expected a player's name and their Discord "
                "user id (17 to 20 digits), e.g. `Ada 123456789012345678`"
            )
        ids[name_key(name.strip())] = user
    return ids


def table_batches(game: TableGame) -> tuple[Path, list[Batch], list[str]]:
    """The folder, the messages to send now, and what is left to the host: the private
    messages not yet said to be sent. The posts after a private message wait for it (a
    round post says the hands are out), so they go at the run after `--private-sent`."""
    now = game.host.now(game.source)
    from generator.host.table_today import check_written

    check_written(now)  # a post a stopped table command left unwritten: said, nothing sent
    root = now.folder
    done = private_sent(root)
    batches: list[Batch] = []
    left: list[str] = []
    for step in now.steps:
        if isinstance(step, PrivateSend):
            if step.file not in done:
                left.append(f"the private message to {step.to}: {step.file}")
            continue
        if left:
            break  # this post follows a private message the host has not sent yet
        batches.append(_post_batch(root, step))
    ping = _ping(now, read_discord_players(root)) if not left else None
    if ping is not None:
        batches.append(ping)
    return root, batches, left


def private_sent(root: Path) -> set[str]:
    """The private messages the host said are sent (`send --private-sent`)."""
    from generator.host.send_record import read_send_lines

    done: set[str] = set()
    for line in read_send_lines(root):
        names = line.get("private_sent")
        if isinstance(names, list):
            done |= {name for name in names if isinstance(name, str)}
    return done


def record_private_sent(root: Path, names: list[str], at: str) -> None:
    from generator.host.send_record import record_line

    record_line(root, {"private_sent": names, "at": at})


def _post_batch(root: Path, post: Post) -> Batch:
    # A table post's key names it once in the thread: the same post listed again (not yet
    # marked in the game's own record) is never sent twice.
    messages = tuple(
        Outgoing(m.ident, m.what, m.message, None) for m in post_messages(root, post, "table")
    )
    return Batch(post.title, messages, None)


def _ping(now: TableNow, ids: dict[str, str]) -> Batch | None:
    """'<@id> (Cleo): your move. Cleo to play (trick 2 of 5).' after the posts of an entry,
    once per entry; none when the table waits for nobody or nobody has an id."""
    users = [(name, ids.get(name_key(name))) for name in now.to_act]
    known = [(name, user) for name, user in users if user is not None]
    if not known:
        return None
    who = " ".join(f"<@{user}> ({name})" for name, user in known)
    waits = next((line for line in now.act if any(n in line for n, _ in known)), "")
    text = f"{who}: your move." + (f" {waits}" if waits else "")
    message = Message(text[:2000], (), tuple(user for _, user in known))
    ident = f"table · ping · entry {now.entry} · {' '.join(u for _, u in known)}"
    return Batch("Whom the table waits for", (Outgoing(ident, "the ping", message, None),), None)
