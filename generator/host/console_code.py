"""The console's hand-back code: the slots ticked as posted on the host's device, short
enough to type, for `sheetgen posted --code`. The page (generator/pages/console.js) writes
it: `FIRST.MASK.CHECK`, the first ticked turn, the ticked turns from it as a hexadecimal bit
mask (bit i is turn FIRST + i) and two base-36 letters that check both against the game, so
a mistyped code or one from another game's page is refused rather than marking the wrong
slots."""

from __future__ import annotations

import re

from generator.common.errors import SheetgenError

CODE = re.compile(r"^(\d{1,4})\.([0-9A-F]{1,64})\.([0-9A-Z]{2})$")


def code_check(text: str) -> str:
    """FNV-1a (32 bits) over the UTF-8 bytes, as two base-36 letters (console.js `check`)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    number = value % 1296
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return digits[number // 36] + digits[number % 36]


def make_code(game_id: str, turns: list[int]) -> str:
    """The code the page gives for these ticked turns (the tests' and the docs' reference)."""
    first = min(turns)
    mask = sum(1 << (t - first) for t in set(turns))
    payload = f"{first}.{mask:X}"
    return f"{payload}.{code_check(f'{game_id}/{payload}')}"


def read_code(code: str, game_id: str) -> list[int]:
    """The turns a code names, or a clear error."""
    match = CODE.match(code.strip().upper())
    if not match:
        raise SheetgenError(
            f"--code {code!r}: expected the code the console shows, like 12.1B.K4 "
            "(the first turn, the ticked slots, two check letters)"
        )
    first, mask, check = match.groups()
    payload = f"{int(first)}.{mask}"
    if code_check(f"{game_id}/{payload}") != check:
        raise SheetgenError(
            f"--code {code}: its check letters do not fit this game ({game_id}): a typo, or "
            "a code from another game's console? Nothing was marked"
        )
    bits = int(mask, 16)
    return [int(first) + i for i in range(bits.bit_length()) if bits >> i & 1]
