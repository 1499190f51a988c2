"""The President and Admiral titles: given at setup by the lines of succession, and passed
on to the next in line when the holder is revealed as a Cylon, or (for the titles the pack
lists as lost in the Brig: the Admiral) sent to the Brig. A holder keeps a title while able to."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from generator.games.battlestar.content import TITLES, Battlestar


def may_hold(
    content: Battlestar, title: str, seat: int, revealed: Collection[int], brig: Collection[int]
) -> bool:
    if seat in revealed:
        return False
    return not (title in content.lost_in_brig and seat in brig)


def first_in_line(
    content: Battlestar,
    title: str,
    characters: Mapping[int, str],
    revealed: Collection[int] = (),
    brig: Collection[int] = (),
) -> int | None:
    """The seat of the first character in the title's line who may hold it, or None."""
    seat_of = {character: seat for seat, character in characters.items()}
    for character in content.succession[title]:
        seat = seat_of.get(character)
        if seat is not None and may_hold(content, title, seat, revealed, brig):
            return seat
    return None


def initial_titles(content: Battlestar, characters: Mapping[int, str]) -> dict[str, int | None]:
    return {title: first_in_line(content, title, characters) for title in TITLES}


def after_change(
    content: Battlestar,
    holders: Mapping[str, int | None],
    characters: Mapping[int, str],
    revealed: Collection[int],
    brig: Collection[int],
) -> dict[str, int | None]:
    """Titles after a reveal or a Brig move: a holder who may still hold keeps the title
    (succession never takes it back for someone higher in line); otherwise the next in line."""
    result: dict[str, int | None] = {}
    for title in TITLES:
        holder = holders.get(title)
        if holder is not None and may_hold(content, title, holder, revealed, brig):
            result[title] = holder
        else:
            result[title] = first_in_line(content, title, characters, revealed, brig)
    return result
