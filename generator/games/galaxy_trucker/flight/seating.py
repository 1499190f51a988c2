"""Moving crew between events: every way worth trying to seat the crew before an event.

The rules: "Between events, you may move astronauts between Cabins (Aliens must still have
life-support)." A cabin holds 2 humans or 1 alien; an alien sits only in a cabin (never the
starting cabin) joined to a life support of its colour. Any seating of the same crew can be
reached between two events, so where the crew sat before an event does not limit where they
sit for it.

Crew move only before an epidemic, and only to lose fewer crew to it. An epidemic has no
dice: a player sees the card and can seat the crew so that fewer occupied cabins are
joined. Meteors and pirates' shots also care where the crew sit (a destroyed cabin's crew
is lost), but their dice are read only when the event is resolved, after the crew have
moved; the engine knows those rolls, and seating the crew by them would give advice no
player could follow (and, to escape a negative Pretty Ship, could even seat the last humans
where a meteor lands). So before them the crew stay where they sit (`SEATS_KEPT`). A kind
whose events care where the crew sit and that a player can see through before the event
has a seating function in `SEATERS` (registry.py's tables).

The seatings an epidemic lists: the crew where they sit, and, up to which cabins are
occupied, those that lose the fewest crew to it, each as close to the crew's current places
as it can be."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import Any

from generator.games.galaxy_trucker.flight.ship import Cell
from generator.games.galaxy_trucker.flight.state import Flight, Pairs, State, alien_cabins

# (flight, state, card, rolls) -> the seatings worth trying, the current one first.
Seater = Callable[[Flight, State, Any, tuple[tuple[int, int], ...]], list[State]]
# (flight, crew before, crew seated, state after the event) -> why the move helps, in words.
Reason = Callable[[Flight, State, State, State], str]

# The part of a state that the rest of the round's score depends on once crew may move
# before every event that cares where they sit: crew counts, not their cabins.
CrewFree = tuple[Hashable, ...]


def crew_free(state: State) -> CrewFree:
    return (
        state.present,
        state.human_count,
        tuple(colour for colour, _ in state.aliens),
        state.charges,
        state.cargo,
        state.lost,
        state.out,
        *state.extras(),
    )


def crew_cabins(flight: Flight, state: State) -> list[Cell]:
    """The cabins still aboard, in reading order."""
    return [c for c in flight.ship.order if c in state.present and flight.ship.parts[c].does.crew]


def alien_seatings(flight: Flight, state: State) -> list[tuple[tuple[str, Cell], ...]]:
    """Every way to seat the aliens aboard, each in its own cabin with its life support."""
    colours = [colour for colour, _ in state.aliens]
    choices = [alien_cabins(flight.ship, state.present, colour) for colour in colours]
    found = []
    for cabins in itertools.product(*choices):
        if len(set(cabins)) == len(cabins):
            found.append(tuple(sorted(zip(colours, cabins, strict=True))))
    return found


def moves_needed(before: State, after: State) -> int:
    """How many crew change cabin between two seatings of the same crew."""
    old = dict(before.humans)
    stay = sum(min(n, old.get(c, 0)) for c, n in after.humans)
    aliens = len(set(after.aliens) - set(before.aliens))
    return after.human_count - stay + aliens


def _seated(state: State, aliens: tuple[tuple[str, Cell], ...], humans: dict[Cell, int]) -> State:
    return state.evolve(humans=tuple(sorted(humans.items())), aliens=aliens)


def _ordered(state: State, seatings: list[State]) -> list[State]:
    """Distinct seatings, fewest moves first (the current seating, if listed, leads)."""
    unique = list(dict.fromkeys(seatings))
    return sorted(unique, key=lambda s: moves_needed(state, s))


def joined_occupied(flight: Flight, state: State) -> list[Cell]:
    """Occupied cabins joined by a connector to another occupied cabin (an epidemic's
    victims)."""
    occupied = {c for c, n in state.humans if n > 0} | {c for _, c in state.aliens}
    ship = flight.ship
    return [c for c in sorted(occupied) if any(o in occupied for o in ship.links(c, state.present))]


def epidemic_seatings(flight: Flight, state: State, card: Any, rolls: Any) -> list[State]:
    """An epidemic cares only which cabins are occupied: one seating per set of occupied
    cabins that can hold the crew, kept only if it changes who falls ill."""
    # The seatings depend only on the tiles present and where the crew sit: remembered per
    # flight (the search brings the same crew to the epidemic with other goods, batteries).
    key = ("epidemic_seatings", state.present, state.humans, state.aliens)
    seats = flight.memo.get(key)
    if seats is None:
        seats = [(s.humans, s.aliens) for s in _epidemic_seatings(flight, state)]
        flight.memo[key] = seats
    # The first is the crew where they sit: `state` itself.
    return [state, *(_seated_as(state, humans, aliens) for humans, aliens in seats[1:])]


def _seated_as(state: State, humans: Pairs, aliens: tuple[tuple[str, Cell], ...]) -> State:
    return state.evolve(humans=humans, aliens=aliens)


def _epidemic_seatings(flight: Flight, state: State) -> list[State]:
    current = dict(state.humans)
    count = state.human_count
    found = []
    for aliens in alien_seatings(flight, state):
        taken = {cabin for _, cabin in aliens}
        cabins = [c for c in crew_cabins(flight, state) if c not in taken]
        least = (count + 1) // 2
        for size in range(least, min(count, len(cabins)) + 1):
            for chosen in itertools.combinations(cabins, size):
                # One human in each chosen cabin, the rest as a second human where one
                # already sits two (fewest moves).
                humans = dict.fromkeys(chosen, 1)
                extra = count - size
                for cell in sorted(chosen, key=lambda c: -current.get(c, 0)):
                    if extra:
                        humans[cell] = 2
                        extra -= 1
                found.append(_seated(state, aliens, humans))
    # One seating per outcome: who falls ill (humans by number, aliens by colour).
    if not found:
        return [state]
    seen: dict[tuple[int, tuple[str, ...]], State] = {}
    for seating in _ordered(state, found):
        ill = joined_occupied(flight, seating)
        alien_at = {cabin: colour for colour, cabin in seating.aliens}
        key = (
            sum(1 for c in ill if c not in alien_at),
            tuple(sorted(alien_at[c] for c in ill if c in alien_at)),
        )
        seen.setdefault(key, seating)
    # Crew move to lose fewer crew, never more: besides leaving them where they sit, only
    # the seatings the epidemic strikes least.
    fewest = min(humans + len(aliens) for humans, aliens in seen)
    best = [s for (humans, aliens), s in seen.items() if humans + len(aliens) == fewest]
    return list(dict.fromkeys([state, *best]))


def move_lines(flight: Flight, before: State, after: State) -> list[str]:
    """The moves from one seating to another, in words a player follows."""
    old = dict(before.humans)
    new = dict(after.humans)
    cells = sorted(set(old) | set(new))
    away = [(c, old.get(c, 0) - new.get(c, 0)) for c in cells if old.get(c, 0) > new.get(c, 0)]
    into = [(c, new.get(c, 0) - old.get(c, 0)) for c in cells if new.get(c, 0) > old.get(c, 0)]
    old_aliens = dict(before.aliens)
    moves = []
    # Aliens leaving a cabin humans move into go first; the rest after the humans.
    alien_moves = [
        (colour, old_aliens[colour], cabin)
        for colour, cabin in after.aliens
        if old_aliens.get(colour) != cabin
    ]
    into_cells = {c for c, _ in into}
    for colour, src, dst in alien_moves:
        if src in into_cells:
            moves.append(f"the {colour} alien from {flight.label(src)} to {flight.label(dst)}")
    away = list(away)
    for dst, wanted in into:
        while wanted:
            src, spare = away[0]
            n = min(spare, wanted)
            moves.append(
                f"{n} human{'s' if n != 1 else ''} from {flight.label(src)} to {flight.label(dst)}"
            )
            wanted -= n
            if spare == n:
                away.pop(0)
            else:
                away[0] = (src, spare - n)
    for colour, src, dst in alien_moves:
        if src not in into_cells:
            moves.append(f"the {colour} alien from {flight.label(src)} to {flight.label(dst)}")
    return moves


def epidemic_reason(flight: Flight, before: State, seated: State, after: State) -> str:
    was = len(joined_occupied(flight, before))
    now = len(joined_occupied(flight, seated))
    if now == 0:
        return "so the epidemic finds no two occupied cabins joined"
    return f"so the epidemic finds only {now} occupied cabins joined to another, not {was}"
