"""Table commands for turns: the next player, and the end of the game."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.posts.post import b, para
from generator.games.battlestar.state import HAND_LIMIT, TableState
from generator.games.battlestar.table.common import (
    Outcome,
    TableError,
    discard,
    free_text,
    no_open_check,
    no_sleeper_due,
    not_over,
)
from generator.games.battlestar.table.sequence import refuse


# --- turns and the end --------------------------------------------------------------------
def cmd_next(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    no_open_check(state)
    no_sleeper_due(state)
    if state.jump_due:
        raise TableError("the fleet is at Auto Jump: jump first (bsg jump)")
    if state.sympathizer_due():
        raise TableError("the Sympathizer is revealed at once: bsg sympathizer first")
    if state.sequenced:
        if not state.skills_received:
            raise refuse(state, "the turn has not begun: Receive Skills first")
        if state.crisis is None and not state.no_crisis_step():
            raise refuse(state, "the turn's Crisis card is not drawn")
    if state.crisis is not None and state.crisis.open_steps():
        raise TableError(
            f"{state.crisis.card} has steps left: {', '.join(state.crisis.open_steps())} "
            "(bsg resolved, bsg activate ICON, bsg prep)"
        )
    pending = state.over_hand_limit() + list(state.discard_to)
    if pending:
        names = ", ".join(
            f"{state.player(s).name} ({state.player(s).skill_cards()} skill cards)"
            for s in sorted(set(pending))
        )
        raise TableError(
            f"hand limit: discard first (bsg play PLAYER CARD... --discard): {names}; at most "
            f"{HAND_LIMIT} at the end of a turn"
            + (", 3 after a reveal" if state.discard_to else "")
        )
    done = state.who(state.current_seat)
    discard(state, state.table_cards)
    state.table_cards = []
    state.current_seat = (state.current_seat + 1) % len(state.players)
    state.turn += 1
    state.skills_received = state.moved = state.skip_crisis = state.acted = False
    state.command_used = {}
    state.command_vipers = {}
    state.crises = 0
    state.crisis = None
    return Outcome(
        "Next turn",
        [
            para(
                f"{done}'s turn is over. ",
                b(f"Turn {state.turn}: {state.who(state.current_seat)}"),
                ".",
            )
        ],
    )


CORRECTION_LIMIT = 1000  # characters, as `sheetgen correct --say` allows


def cmd_correct(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """`sheetgen correct N --say TEXT --game FILE`: a correction in the moderator's words of
    a posted entry (a typo in a reason, a name mistyped); the table is unchanged (to change
    it: bsg undo)."""
    entry = int(args["entry"])
    text = " ".join(str(args.get("text") or "").split())
    if not 0 <= entry < n:
        raise TableError(f"entry {entry}: expected a logged entry, 0-{n - 1}")
    if not 1 <= len(text) <= CORRECTION_LIMIT or any(c in text for c in "[]<>*_|`\\"):
        raise TableError(
            f"--say: expected 1-{CORRECTION_LIMIT} characters without [ ] < > * _ | ` \\ "
            "(they would turn into forum markup)"
        )
    return Outcome(
        f"Correction to entry {entry}",
        [
            para(b(f"Correction to entry {entry}"), f": {text}"),
            para("The table is unchanged: every entry stands as posted, but for these words."),
        ],
    )


def cmd_end(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """The moderator ends the game (e.g. Galactica destroyed or boarded)."""
    not_over(state)
    winner = str(args["winner"])
    if winner not in ("humans", "cylons"):
        raise TableError(f"winner {winner!r}: expected humans or cylons")
    state.winner = f"the {winner.capitalize()}" if winner == "cylons" else "the humans"
    state.end_reason = free_text(args.get("reason") or "declared by the moderator", "reason")
    return Outcome(
        "The end", [para(b(f"{state.winner.capitalize()} win"), f": {state.end_reason}.")]
    )
