"""Table commands for a skill check: open it, take each player's cards in order, resolve it
with the Destiny cards. Posts give counts and the total, never a card."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.posts import b, item, para
from generator.games.battlestar.setup import build_destiny
from generator.games.battlestar.state import (
    SkillCheck,
    TableState,
    skill_deck,
)
from generator.games.battlestar.table_common import (
    Outcome,
    TableError,
    cards_text,
    free_text,
    no_open_check,
    not_over,
    seat_of,
    take_from_hand,
)


# --- skill checks -------------------------------------------------------------------------
def cmd_check_open(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    no_open_check(state)
    content = state.content
    name = free_text(args.get("name") or "skill check", "check name")
    types = tuple(str(t) for t in args.get("types") or [])
    if not types:
        raise TableError("name the check's skill types (e.g. --types politics,leadership)")
    for type_id in types:
        if type_id not in content.skill_type_ids():
            raise TableError(
                f"unknown skill type {type_id!r} (expected one of: "
                f"{', '.join(content.skill_type_ids())})"
            )
    difficulty = int(args["difficulty"])
    partial = args.get("partial")
    partial = int(partial) if partial is not None else None
    if not 0 <= difficulty <= 99 or (partial is not None and not 0 <= partial < difficulty):
        raise TableError("difficulty 0-99, and a partial threshold below it")
    count = len(state.players)
    order = tuple(
        seat
        for seat in ((state.current_seat + i) % count for i in range(1, count + 1))
        if not state.player(seat).revealed
    )
    state.check = SkillCheck(name, types, difficulty, partial, order)
    kinds = " + ".join(content.skill_name(t) for t in types)
    limits = f"difficulty {difficulty}" + (f", partial {partial}" if partial is not None else "")
    return Outcome(
        f"Skill check: {name}",
        [
            para("Skill check ", b(name), f": {kinds}, {limits}."),
            para(
                "Add cards face down by private message to the moderator, in this order "
                "(matching types count for, others against):"
            ),
            *(item(state.who(s)) for s in order),
        ],
    )


def cmd_check_add(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    check = state.check
    if check is None:
        raise TableError("no skill check is open (bsg check-open first)")
    seat = seat_of(state, args["player"])
    expected = check.next_seat()
    if expected is None:
        raise TableError("every player has added cards: resolve the check")
    if seat != expected:
        raise TableError(
            f"{state.player(expected).name} adds cards before {state.player(seat).name}"
        )
    cards = take_from_hand(state, seat, [str(c) for c in args.get("cards") or []], skill_only=True)
    check.added[seat] = [c[1] for c in cards]
    count = len(cards)
    text = f"{count} card{'s' if count != 1 else ''}" if count else "no cards (passes)"
    return Outcome(
        f"Skill check: {check.name}",
        [para(f"{state.who(seat)} adds ", b(text), " to the skill check.")],
    )


def cmd_check_resolve(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    check = state.check
    if check is None:
        raise TableError("no skill check is open")
    missing = [state.player(s).name for s in check.order if s not in check.added]
    if missing:
        raise TableError(f"still to add cards (or pass): {', '.join(missing)}")
    destiny: list[str] = []
    for _ in range(state.content.destiny_per_check):
        if not state.destiny:
            build_destiny(state)
        destiny.append(state.destiny.pop(0))
    cards = [c for seat in check.order for c in check.added[seat]] + destiny
    total = 0
    for key in cards:
        type_id, _, value = key.partition(":")
        total += int(value) if type_id in check.types else -int(value)
    if total >= check.difficulty:
        result = "PASS"
    elif check.partial is not None and total >= check.partial:
        result = "PARTIAL PASS"
    else:
        result = "FAIL"
    for key in cards:
        state.decks[skill_deck(key.partition(":")[0])].discard.append(key)
    counts = [
        item(f"{state.player(s).name}: {cards_text(len(check.added[s]))}") for s in check.order
    ]
    name = check.name
    state.check = None
    return Outcome(
        f"Skill check: {name}",
        [
            para("Skill check ", b(name), " resolved. Cards added:"),
            *counts,
            item(f"Destiny deck: {len(destiny)} cards"),
            para(
                "Total strength ",
                b(str(total)),
                f" against difficulty {check.difficulty}"
                + (f" (partial {check.partial})" if check.partial is not None else "")
                + ": ",
                b(result),
            ),
        ],
    )
