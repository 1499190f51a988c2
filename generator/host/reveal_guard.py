"""The seed is the host's secret until the last post is due: `sheetgen reveal` refuses to
give it away before then unless the host insists, and then says what it gives away."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.common.errors import SheetgenError
from generator.common.plural import counted
from generator.plan.moments import game_slots, now
from generator.plan.schedule import when

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan


def refuse_early_reveal(plan: SharedPlan, before_end: bool) -> str | None:
    """None when the reveal is due; a warning for the host when `before_end` insists on an
    early one; otherwise a clear refusal (exit 2)."""
    if not plan.schedule:
        raise SheetgenError(
            f"game {plan.game_id} is a table game with no posting schedule: its "
            "secrets come out through its own table commands (each round's last post, or its "
            "reveal command), not `sheetgen reveal`"
        )
    slots = [s for s in game_slots(plan) if s.day >= 1]
    last = slots[-1]
    if last.at is None:
        if before_end:
            return (
                "this game has no dates, so sheetgen cannot tell that its last post "
                f"({when(last.entry)}) is out; if it is not, the seed gives away every post "
                "still to come"
            )
        raise SheetgenError(
            "this game has no dates, so sheetgen cannot tell that its last post "
            f"({when(last.entry)}) is out: once it is, run again with --before-end"
        )
    moment = now()
    future = [s for s in slots if s.at is not None and s.at > moment]
    if not future:
        return None
    span = (
        f"{counted(len(future), 'turn')} not yet due, from turn {future[0].turn} "
        f"({when(future[0].entry)}) to turn {last.turn} ({when(last.entry)})"
    )
    if not before_end:
        raise SheetgenError(
            f"the last post is not yet due ({when(last.entry)}): the seed would give away "
            f"{span}. Reveal after it, or add --before-end to insist"
        )
    return (
        f"revealed before the end: with the seed and the pack anyone rebuilds {span} "
        "(every tile, card and die still to come)"
    )
