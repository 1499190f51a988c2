"""The trick judge anyone can run: `sheetgen card-race trick [--trump X] CARD...`."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from generator.common.errors import SheetgenError, as_typed
from generator.games.card_race.cards import Card, parse_code
from generator.games.card_race.content import CardRace
from generator.games.card_race.judge import judge


def parse_cards(content: CardRace, texts: list[str], lang: str) -> list[Card]:
    t = content.lang(lang)
    # A trick has one card per player, and the game is for 3 to 5 players.
    low, high = content.rules.players.min, content.rules.players.max
    if not low <= len(texts) <= high:
        raise SheetgenError(t.get("err_trick_size", low=low, high=high, count=len(texts)))
    cards = []
    for text in texts:
        try:
            card = parse_code(text)
        except ValueError:
            raise SheetgenError(t.get("err_unknown_card", card=as_typed(text))) from None
        if not card.is_tech and card.number:
            raise SheetgenError(t.get("err_unknown_card", card=as_typed(text)))
        cards.append(card)
    limits: dict[str, int] = {o.code: o.count for o in content.others.values()}
    for code, count in Counter(c.code for c in cards).items():
        allowed = limits.get(code, 1)
        if count > allowed:
            raise SheetgenError(f"{code} appears {count} times; the deck has {allowed}")
    return cards


def judge_report(content: CardRace, texts: list[str], trump: str, as_json: bool, lang: str) -> str:
    cards = parse_cards(content, texts, lang)
    trump_suit = None if trump.lower() == "none" else trump.upper()
    result = judge(cards, trump_suit)
    if as_json:
        winner = None if result.winner is None else result.winner + 1
        return json.dumps({"winner": winner, "bonus": [p + 1 for p in result.bonus]}) + "\n"
    t = content.lang(lang)

    def name(i: int) -> str:
        return f"{content.card_name(cards[i], lang)} ({cards[i].code})"

    lines = [
        t.get("judge_played", cards=", ".join(f"{i + 1}. {name(i)}" for i in range(len(cards))))
    ]
    lines.append(t.get("judge_trump", suit=content.suit_name(trump_suit, lang)))
    led = result.led
    lines.append(
        t.get("judge_led", suit=content.suit_name(led, lang)) if led else t.get("judge_no_led")
    )
    values: dict[str, Any] = dict(result.reason_values)
    if result.reason == "reason_tractor":
        values = {"best": name(values["best"])}
    elif result.reason == "reason_black_hole":
        values = {"player": t.get("judge_position", position=values["position"] + 1)}
    reason = t.get(result.reason, **values)
    if result.winner is None:
        lines.append(f"{t.get('judge_no_winner')} — {reason}")
    else:
        said = t.get("judge_winner", position=result.winner + 1, card=name(result.winner))
        lines.append(f"{said} — {reason}")
    points = content.rules.scoring.booster
    for booster in result.boosters:
        lines.append(t.get(booster.why, position=booster.position + 1, points=points))
    return "\n".join(lines) + "\n"
