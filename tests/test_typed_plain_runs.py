"""The quick way `runs` lays out plain text (one run, as typed) gives what its character by
character way gives, for text of every kind: the game's own, names in any script, marks,
controls, isolates, joiners, emoji, text that is not in NFC."""

from __future__ import annotations

import random

import pytest

from generator.art import typed

ODD = ["\n", "\t", "\u2068", "\u2069", "\u200d", "\ufe0f", "😀", "e\u0301", "\u202e", "\u212b"]
POOL = [chr(code) for code in range(0x20, 0x3000)] + ODD
GAME = "Round 1 · Build turn 3 of 8 — Événement Å\u0301 Zoë\n"


def character_by_character(text: str, font: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patched:
        patched.setattr(typed, "_plain", lambda _font: frozenset())
        patched.setattr(typed, "SAFE_CHARACTERS", frozenset())
        return typed.runs(text, font)


def name_character_by_character(name: str, font: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patched:
        patched.setattr(typed, "_plain", lambda _font: frozenset())
        patched.setattr(typed, "SAFE_CHARACTERS", frozenset())
        return typed.name_runs(name, font)


@pytest.mark.parametrize("font", ["Vera", "VeraBd", "VeraIt", "VeraBI"])
def test_plain_text_is_laid_out_as_before(font: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = random.Random(font)
    quick = 0
    for _ in range(4000):
        source = POOL if chosen.random() < 0.5 else GAME
        text = "".join(chosen.choice(source) for _ in range(chosen.randint(0, 8)))
        assert typed.runs(text, font) == character_by_character(text, font, monkeypatch), text
        quick += typed._plain(font).issuperset(map(ord, text))
    assert quick > 1000  # the quick way was taken often enough to be tested


@pytest.mark.parametrize("font", ["Vera", "VeraBd", "VeraIt", "VeraBI"])
def test_names_are_laid_out_as_before(font: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = random.Random(f"names {font}")
    for _ in range(1000):
        source = POOL if chosen.random() < 0.5 else GAME.replace("\n", "")
        name = "".join(chosen.choice(source) for _ in range(chosen.randint(0, 8)))
        assert typed.name_runs(name, font) == name_character_by_character(name, font, monkeypatch)


@pytest.mark.parametrize("font", [*typed.COMPANION, *typed.WIDE_FONTS])
def test_every_font_draws_the_safe_characters_as_they_are(font: str) -> None:
    assert {ord(char) for char in typed.SAFE_CHARACTERS} <= typed._plain(font)


def test_latin_text_is_laid_out_without_reading_a_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board picture's text and the names at a table are Latin-1 almost always: reading a
    font's cmap for them would cost more than drawing them."""

    def unread(font: str) -> frozenset[int]:
        raise AssertionError(f"{font}'s cmap was read")

    monkeypatch.setattr(typed, "coverage", unread)
    monkeypatch.setattr(typed, "_plain", unread)
    assert typed.runs("Turn 3 · Zoë ×2 «Apollo»", "Vera") == [("Turn 3 · Zoë ×2 «Apollo»", "Vera")]
    assert typed.name_runs("Zoë O'Brien", "VeraBd") == [("Zoë O'Brien", "VeraBd")]
    assert typed.name_runs("", "Vera") == []


def test_the_quick_way_keeps_what_needs_the_slow_one() -> None:
    assert typed.runs("Zoë · 3", "Vera") == [("Zoë · 3", "Vera")]
    assert typed.runs("", "Vera") == []
    assert typed.runs("Жmega", "Vera") == [("Ж", "DejaVuSans"), ("mega", "Vera")]
    assert typed.runs("שרה 2", "Vera") == [("2 ", "Vera"), ("הרש", "DejaVuSans")]
    assert typed.runs("A\u212b", "Vera") == [("AÅ", "Vera")]  # NFC first
    assert typed.runs("a\u200db", "Vera") == [("ab", "Vera")]  # a joiner is not drawn
    assert typed.runs("😀", "Vera") == [("[U+1F600]", "Vera")]
