"""The seed is the host's secret: it decides the whole game, so anyone who knows it can print
every post in advance. Players get a public game id and a commitment instead; at the end the
host reveals the seed and anyone can check the commitment."""

from __future__ import annotations

import hashlib
import secrets

from generator.common.host_text import refused_character

COMMITMENT_VERSION = "sheetgen-commitment-v1"
MIN_SAFE_LENGTH = 16
MAX_SEED_LENGTH = 200


def normalise_seed(raw: str | int) -> str:
    """Seeds are strings; an int seed and its decimal string are the same seed."""
    text = str(raw).strip()
    if not text:
        raise ValueError("the seed is empty")
    if len(text) > MAX_SEED_LENGTH:
        raise ValueError(f"the seed is longer than {MAX_SEED_LENGTH} characters")
    if any(ord(c) < 32 for c in text):
        raise ValueError("the seed contains control characters")
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        # "\ud800" in a game file, or bytes that are not UTF-8 on the command line.
        raise ValueError("the seed contains a lone surrogate (not a character: not text)")
    # The reveal post prints the seed for every player to type into `verify`: a DEL, a C1
    # control (a terminal escape) or a bidi override would act on their screens or flip it.
    why = refused_character(text, lines=False)
    if why is not None:
        raise ValueError(f"the seed contains {why}")
    return text


def choose_seed() -> str:
    """A seed nobody can guess: 128 random bits, written as words of hex for easy copying."""
    raw = secrets.token_hex(16)
    return "-".join(raw[i : i + 8] for i in range(0, 32, 8))


def weakness(seed: str) -> str | None:
    """Why players could guess this seed, or None when it looks safe enough."""
    if len(seed) < MIN_SAFE_LENGTH:
        return (
            f"the seed {seed!r} is short ({len(seed)} characters): players who guess it can "
            f"print the whole game; use at least {MIN_SAFE_LENGTH} random characters or omit "
            "--seed to have one chosen"
        )
    if len(set(seed)) <= 3:
        return f"the seed {seed!r} repeats a few characters: players could guess it"
    return None


def commitment(
    pack: str, seed: str, content_digest: str, options: dict[str, str] | None = None
) -> str:
    """SHA-256 over the seed and the pack's content: published at the start, checked at the end.
    `options`: game options a game commits to as well (a variation of its rules), one line
    each; without them the text, and so the commitment, is what it always was."""
    text = f"{COMMITMENT_VERSION}\n{pack}\n{seed}\n{content_digest}"
    for key, value in sorted((options or {}).items()):
        text += f"\noption {key}={value}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_id(commitment_hex: str) -> str:
    """A short public name for the game, derived from the commitment (not from the seed alone)."""
    return f"{commitment_hex[:4].upper()}-{commitment_hex[4:8].upper()}"
