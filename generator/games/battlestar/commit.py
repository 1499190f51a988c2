"""Private messages and their commitments.

Each private message gets a salt derived from the seed and the message's id (one-way: a
revealed salt says nothing about the seed or another message). Its commitment is
SHA-256 over the salt and the exact text, published in the thread when the message is
sent; `sheetgen bsg reveal` prints every message with its salt at the end, and anyone can
recompute the hash: sha256(salt + "\\n" + text), text as printed, UTF-8."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

SALT_VERSION = "sheetgen-bsg-salt-v1"


def message_salt(seed: str, message_id: str) -> str:
    text = f"{SALT_VERSION}\n{seed}\n{message_id}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def commitment(salt: str, text: str) -> str:
    return hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()


MODERATOR = "the moderator's record"


@dataclass(frozen=True)
class PrivateMessage:
    """A message the moderator sends one player. `id` names it without saying anything
    about its content (e.g. `005-sleeper/seat-3`).

    A *record* (seat -1, id `012-check-add/record`) is a secret sent to nobody: what the
    moderator alone knows (who added which card to a skill check). It is committed in the
    thread and revealed at the end like a message, and kept in `moderator/`."""

    id: str
    seat: int
    player: str
    text: str

    @property
    def is_record(self) -> bool:
        return self.seat < 0

    def salt(self, seed: str) -> str:
        return message_salt(seed, self.id)

    def commitment(self, seed: str) -> str:
        return commitment(self.salt(seed), self.text)

    @property
    def file(self) -> str:
        return f"moderator/{self.id}.txt" if self.is_record else f"private/{self.id}.txt"


def record(record_id: str, text: str) -> PrivateMessage:
    """A secret the moderator keeps and commits to (see PrivateMessage)."""
    return PrivateMessage(record_id, -1, MODERATOR, text)
