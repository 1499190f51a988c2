"""Choosing characters at setup: the order (seat order from the first player) and the rule
that each pick is of the most plentiful type still available among political leaders,
military leaders and pilots (support characters at any time)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.model import RULED_TYPES


def choice_order(player_count: int, first_seat: int) -> list[int]:
    """Seats in the order they choose (and are dealt): the first player, then clockwise."""
    return [(first_seat + i) % player_count for i in range(player_count)]


def allowed_now(content: Battlestar, taken: list[str]) -> list[str]:
    """The characters the next chooser may take, in the pack's order."""
    available = [c for c in content.characters if c.id not in taken]
    counts = Counter(c.type for c in available if c.type in RULED_TYPES)
    most = max(counts.values(), default=0)
    plentiful = {t for t, n in counts.items() if n == most}
    return [c.id for c in available if c.type == "support" or c.type in plentiful or most == 0]


@dataclass(frozen=True)
class ChoiceProgress:
    """How far the choosing has got: the seats that chose (in order), the next chooser
    and what they may take, or the first pick that broke the rule."""

    chosen_seats: tuple[int, ...]
    next_seat: int | None
    allowed: tuple[str, ...]
    error: str | None = None


def check_choices(
    content: Battlestar, characters: list[str | None], first_seat: int
) -> ChoiceProgress:
    """Walk the picks in choice order. Picks must be made in that order: a later seat with a
    character while an earlier one has none is an error too."""
    order = choice_order(len(characters), first_seat)
    taken: list[str] = []
    chosen: list[int] = []
    for position, seat in enumerate(order):
        pick = characters[seat]
        allowed = allowed_now(content, taken)
        if pick is None:
            later = [s for s in order[position + 1 :] if characters[s] is not None]
            if later:
                return ChoiceProgress(
                    tuple(chosen),
                    seat,
                    tuple(allowed),
                    f"seat {later[0] + 1} has a character but seat {seat + 1} chooses before "
                    "them and has none (characters are chosen in order from the first player)",
                )
            return ChoiceProgress(tuple(chosen), seat, tuple(allowed))
        if pick not in allowed:
            character = content.character(pick)
            return ChoiceProgress(
                tuple(chosen),
                seat,
                tuple(allowed),
                f"seat {seat + 1} may not choose {character.name} ({character.type}): when they "
                f"choose, the most plentiful type left allows only "
                f"{', '.join(allowed)}",
            )
        taken.append(pick)
        chosen.append(seat)
    return ChoiceProgress(tuple(chosen), None, ())
