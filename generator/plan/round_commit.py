"""A commitment per round: what each round will show (tiles, cards, dice), fixed and
published in the first post, revealed with the round's last post, checkable the day it
closes, in a browser (sheets/round-check.html) or with `sheetgen verify`.

The canonical record, version `sheetgen-round-v1`, is plain text, one item per line:

    sheetgen-round-v1
    game 94C8-9F37
    round 1
    salt 5c1e...(64 hex digits)
    turn 1 set A: T075 T141 T051
    turn 9 event 2: meteoric-swarm-1a 2+6 1+3 5+3
    end

Lines between the salt and `end` are the round's record, each `where: items`, items
separated by one space: an id as posts and pictures show it, or a roll (`2+6`, the faces of
two dice; a lone digit is one die). The round's commitment is the SHA-256 (lowercase hex) of
the UTF-8 bytes of those lines joined by a line feed, with no line feed after `end`.

What chance decides after the last round, before the final scoring (an order of crises drawn
for the end), is a record of its own, `round final`, listed after the rounds in the first
post (`Round final: <64 hex>`) and revealed with the final scoring: in the last round's
record it would be known before the last round is played. What chance decides once and never
posts, and which changes play only through what the rounds show (tiles set aside at the
start: which tiles can come up), is in no record: the rounds' records hold what it changed,
and revealing it with a round would tell what the later rounds cannot bring.

Reading a pasted reveal (`canonical_lines`, and the page's script the same way): every line
is stripped of spaces and of the markup a platform puts around a code block (backticks,
BGG's `[c]` tags) or around a hidden one (Discord's `||`, BGG's `[o]` tags), so a post
pasted as it shows and its raw text read alike; lines left empty are skipped (a block too
long for one Discord message is closed and opened again); the record runs from the line
`sheetgen-round-v1` to the first `end`.

Each round's salt is HMAC-SHA256 keyed by the secret seed over `sheetgen-round-salt-v1`
and the round number: a revealed salt and record tell nothing about another round's salt
(without the seed), so a later round's record cannot be guessed from its commitment."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Sequence

ROUND_RECORD_VERSION = "sheetgen-round-v1"
SALT_DOMAIN = "sheetgen-round-salt-v1"
END = "end"
FINAL = "final"  # the record of what is decided after the last round
# A record's round: its number, or FINAL.
RoundKey = int | str
# Markup a platform wraps a code block's lines in: Discord's fences and inline code, BGG's
# [c]...[/c], and a spoiler around a hidden block (Discord's ||, BGG's [o]...[/o]). Taken
# off both ends of each line before it is read.
_WRAP = r"```|`|\|\||\[/?c\]|\[/?o\]"
_MARKUP = re.compile(rf"^(?:{_WRAP})+|(?:{_WRAP})+$", re.IGNORECASE)
COMMITMENT_LINE = re.compile(
    rf"\bround\s+(\d+|{FINAL})\b[^0-9a-f]*?\b([0-9a-f]{{64}})\b", re.IGNORECASE
)


def round_key(text: str) -> RoundKey | None:
    """The round a record's `round ...` line (or a commitment line) names."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    return FINAL if text == FINAL else None


def round_order(key: RoundKey) -> tuple[int, int]:
    """Rounds in their order, the final record after them."""
    return (1, 0) if isinstance(key, str) else (0, key)


def round_salt(seed: str, round_number: RoundKey) -> str:
    """The round's salt: 256 bits a reader of other rounds' reveals cannot compute."""
    message = f"{SALT_DOMAIN}\n{round_number}".encode()
    return hmac.new(seed.encode("utf-8"), message, hashlib.sha256).hexdigest()


def roll(faces: Iterable[int]) -> str:
    """A roll as a record item: `2+6`."""
    return "+".join(str(f) for f in faces)


def record_lines(
    game_id: str, round_number: RoundKey, salt: str, record: Sequence[str]
) -> list[str]:
    """The reveal's lines, in canonical form."""
    for entry in record:
        if "\n" in entry or entry != entry.strip() or entry in (END, ROUND_RECORD_VERSION):
            raise ValueError(f"not a record line: {entry!r}")
    return [
        ROUND_RECORD_VERSION,
        f"game {game_id}",
        f"round {round_number}",
        f"salt {salt}",
        *record,
        END,
    ]


def commitment_of(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def canonical_lines(pasted: str) -> list[str] | None:
    """The reveal found in a pasted post (any platform's flavour), or None."""
    found: list[str] | None = None
    for raw in pasted.splitlines():
        text = _MARKUP.sub("", raw.strip()).strip()
        if found is None:
            if text == ROUND_RECORD_VERSION:
                found = [text]
            continue
        if not text:
            continue  # a blank line, or the fences where a long block went on in a new message
        found.append(text)
        if text == END:
            return found
    return None


def all_reveals(pasted: str) -> dict[RoundKey, list[str]]:
    """Every reveal in a pasted text (a thread copied whole), by the round it names."""
    found: dict[RoundKey, list[str]] = {}
    rest = pasted
    while (lines := canonical_lines(rest)) is not None:
        key = round_key(lines[2].removeprefix("round ")) if len(lines) > 2 else None
        if key is not None:
            found.setdefault(key, lines)
        # Go on after this reveal's `end`.
        cut = rest.find(ROUND_RECORD_VERSION)
        after = rest.find(f"\n{END}", cut)
        if after < 0:
            break
        rest = rest[after + len(END) + 1 :]
    return found


def published_commitments(pasted: str) -> dict[RoundKey, str]:
    """Each `Round N ... <64 hex>` (and `Round final ...`) line of a pasted first post:
    round -> commitment."""
    found: dict[RoundKey, str] = {}
    for line in pasted.splitlines():
        match = COMMITMENT_LINE.search(line)
        key = round_key(match.group(1)) if match else None
        if match and key is not None:
            found[key] = match.group(2).lower()
    return found
