"""Table commands for a skill check: open it, take each player's cards in order, resolve it
with the Destiny cards.

While cards are added, the thread sees how many each player added. At the resolve the added
cards are shuffled with the Destiny cards and every card is shown (type and value, in the
shuffled order), sorted into positive (the check's types) and negative, with both sums, the
total, the difficulty and the outcome: as at the table, where that reveal is the game's main
clue. Who added which card is never posted: each addition is a moderator's record, committed
in the thread and revealed at the end; the resolve's record names the Destiny cards and
where each shuffled card came from (the moderator's view of the check)."""

from __future__ import annotations

from typing import Any

from generator.common.bidi import isolate
from generator.games.battlestar.commit import record
from generator.games.battlestar.posts.post import Span, TableBlock, b, item, para
from generator.games.battlestar.setup import build_destiny
from generator.games.battlestar.state import (
    SkillCheck,
    TableState,
    skill_deck,
)
from generator.games.battlestar.table.common import (
    Outcome,
    TableError,
    cards_text,
    commitments,
    free_text,
    no_open_check,
    not_over,
    seat_of,
    take_from_hand,
)
from generator.games.battlestar.table.sequence import action_step, extra_card, refuse
from generator.plan.rng import Stream


# --- skill checks -------------------------------------------------------------------------
def _limits(difficulty: Any, partial: Any) -> tuple[int, int | None]:
    value = int(difficulty)
    low = int(partial) if partial is not None else None
    if not 0 <= value <= 99 or (low is not None and not 0 <= low < value):
        raise TableError(
            f"difficulty {value}"
            + (f", partial {low}" if low is not None else "")
            + ": expected a difficulty 0-99 and a partial value below it"
        )
    return value, low


def _limits_text(difficulty: int, partial: int | None) -> str:
    return f"difficulty {difficulty}" + (f", partial {partial}" if partial is not None else "")


def _check_title(name: str) -> tuple[str | Span, ...]:
    """'Skill check Crisis 12', or 'Skill check' alone when the check has no name of its own
    (never "Skill check skill check")."""
    if name.casefold() == "skill check":
        return ("Skill check",)
    return ("Skill check ", b(name))


def _post_title(name: str) -> str:
    return "Skill check" if name.casefold() == "skill check" else f"Skill check: {name}"


def cmd_check_open(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    no_open_check(state)
    content = state.content
    crisis = state.crisis
    for_crisis = crisis is not None and crisis.kind == "check" and not crisis.checked
    default = crisis.card if for_crisis and crisis is not None else "skill check"
    name = free_text(args.get("name") or default, "check name")
    if state.sequenced:
        card = extra_card(args)
        if card is not None:
            pass  # a card's check, in or out of the sequence
        elif for_crisis and crisis is not None:
            crisis.checked = True
        elif crisis is not None or state.crises:
            raise refuse(
                state,
                f"{crisis.card if crisis else 'the Crisis card'} has no skill check to open "
                "(a check a card asks for: --extra CARD)",
            )
        else:
            action_step(state, "a skill check before the Crisis card (a location's or card's)")
    types = tuple(str(t) for t in args.get("types") or [])
    if not types:
        raise TableError("name the check's skill types (e.g. --types politics,leadership)")
    for type_id in types:
        if type_id not in content.skill_type_ids():
            raise TableError(
                f"unknown skill type {type_id!r} (expected one of: "
                f"{', '.join(content.skill_type_ids())})"
            )
    difficulty, partial = _limits(args["difficulty"], args.get("partial"))
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
        _post_title(name),
        [
            para(*_check_title(name), f": {kinds}, {limits}."),
            para(
                "Add cards face down by private message to the moderator, in this order "
                "(matching types count for, others against):"
            ),
            *(item(state.who(s)) for s in order),
        ],
    )


def cmd_check_add(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A player's cards (none: a pass), in the check's order. The thread sees how many; which
    ones is the moderator's record, committed in the post and revealed at the end."""
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
    refs = [str(c) for c in args.get("cards") or []]
    if state.strict and state.player(seat).brig and len(refs) > 1:
        raise TableError(
            f"{state.player(seat).name} is in the Brig: at most 1 card to a skill check"
        )
    cards = take_from_hand(state, seat, refs, skill_only=True)
    check.added[seat] = [c[1] for c in cards]
    count = len(cards)
    text = f"{count} card{'s' if count != 1 else ''}" if count else "no cards (passes)"
    content = state.content
    added = ", ".join(content.skill_card_name(c[1]) for c in cards) or "none (passed)"
    note = record(
        f"{n:03d}-check-add/record",
        "\n".join(
            [
                f"Battlestar Galactica · Game {state.game_id} · Turn {state.turn} · the "
                f"moderator's record of the skill check {check.name}",
                "",
                f"{state.who(seat)} added: {added}",
                "",
            ]
        ),
    )
    return Outcome(
        _post_title(check.name),
        [
            para(f"{state.who(seat)} adds ", b(text), " to the skill check."),
            *commitments(state, [note]),
        ],
        [note],
    )


def cmd_check_resolve(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Shuffle the added cards with the Destiny cards and show every one. The difficulty
    (and partial value) may change first: `difficulty`/`partial` in the arguments."""
    not_over(state)
    check = state.check
    if check is None:
        raise TableError("no skill check is open")
    missing = [state.player(s).name for s in check.order if s not in check.added]
    if missing:
        raise TableError(f"still to add cards (or pass): {', '.join(missing)}")
    content = state.content
    opened = (check.difficulty, check.partial)
    difficulty, partial = check.difficulty, check.partial
    if args.get("difficulty") is not None or args.get("partial") is not None:
        difficulty, partial = _limits(
            args["difficulty"] if args.get("difficulty") is not None else difficulty,
            args["partial"] if args.get("partial") is not None else partial,
        )
    destiny: list[str] = []
    for _ in range(content.destiny_per_check):
        if not state.destiny:
            build_destiny(state)
        destiny.append(state.destiny.pop(0))
    # (card, where it came from): the source is the secret, kept for the record only.
    sourced = [(c, state.who(seat)) for seat in check.order for c in check.added[seat]]
    sourced += [(c, "the Destiny deck") for c in destiny]
    shuffled = Stream(state.seed, "bsg", "check", n, "shuffle").shuffled(sourced)
    positive = [c for c, _ in shuffled if c.partition(":")[0] in check.types]
    negative = [c for c, _ in shuffled if c.partition(":")[0] not in check.types]
    plus = sum(int(c.partition(":")[2]) for c in positive)
    minus = sum(int(c.partition(":")[2]) for c in negative)
    total = plus - minus
    if total >= difficulty:
        result = "PASS"
    elif partial is not None and total >= partial:
        result = "PARTIAL PASS"
    else:
        result = "FAIL"
    for key, _ in shuffled:
        state.decks[skill_deck(key.partition(":")[0])].discard.append(key)
    state.check = None
    if state.crisis is not None and state.crisis.kind == "check" and not args.get("not_crisis"):
        state.crisis.resolved = True

    def names(cards: list[str]) -> str:
        return ", ".join(content.skill_card_name(c) for c in cards) or "none"

    def added(cards: list[str]) -> str:
        return names(cards) if cards else "none (passed)"

    kinds = " + ".join(content.skill_name(t) for t in check.types)
    limits = _limits_text(difficulty, partial)
    changed: list[TableBlock] = []
    if (difficulty, partial) != opened:
        changed.append(
            para(
                f"Before the reveal the check changed from {_limits_text(*opened)} to ",
                b(limits),
                ".",
            )
        )
    order_lines = [
        f"{i}. {content.skill_card_name(c)} ({source})" for i, (c, source) in enumerate(shuffled, 1)
    ]
    note = record(
        f"{n:03d}-check-resolve/record",
        "\n".join(
            [
                f"Battlestar Galactica · Game {state.game_id} · Turn {state.turn} · the "
                f"moderator's record of the skill check {check.name}",
                "",
                f"Check: {kinds}, {limits}",
                f"Destiny cards: {names(destiny)}",
                *(f"{state.who(seat)} added: {added(check.added[seat])}" for seat in check.order),
                "The cards as shuffled and shown:",
                *order_lines,
                f"Positive {plus}, negative {minus}, total {total}: {result}",
                "",
            ]
        ),
    )
    counts = [
        item(
            f"{isolate(state.player(s).name)}: "
            + (cards_text(len(check.added[s])) if check.added[s] else "passed")
        )
        for s in check.order
    ]
    return Outcome(
        _post_title(check.name),
        [
            para(*_check_title(check.name), f" resolved: {kinds}, {limits}."),
            *changed,
            para("Cards added (who added which card stays secret):"),
            *counts,
            item(f"Destiny deck: {cards_text(len(destiny))}"),
            para(f"The {cards_text(len(shuffled))}, shuffled together and shown in that order:"),
            *(
                item(f"Card {i}: ", b(content.skill_card_name(c)))
                for i, (c, _) in enumerate(shuffled, 1)
            ),
            para(f"Positive ({kinds}): {names(positive)} = ", b(str(plus))),
            para(f"Negative (other types): {names(negative)} = ", b(f"−{minus}" if minus else "0")),
            para(
                f"Total strength: {plus} − {minus} = ",
                b(str(total)),
                f" against {limits}: ",
                b(result),
            ),
            para(*commitments(state, [note])[0].spans),
        ],
        [note],
    )
