"""A component destroyed on a Keep on Trucking ship: Galaxy Trucker's rule (the player keeps
one chunk, one with crew aboard when there is one, and loses the rest, each tile a Lost
Component, also when the ship then goes out), plus what the expansion adds: wired tiles
left without their partner fall off, sleepers wake when crew is lost, Explosive Stuff sets
off what is joined to an exploding battery or red-goods hold."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from generator.games.galaxy_trucker.flight.damage import (
    NO_CHUNK_MANNED,
    NO_HUMANS,
    broken_line,
    drop_tiles,
    keepable,
    kept_line,
)
from generator.games.galaxy_trucker.flight.option import Option
from generator.games.galaxy_trucker.flight.ship import Cell, cell_name
from generator.games.galaxy_trucker.flight.state import unsupported_aliens
from generator.games.keep_on_trucking.flight.geometry import joined_to, unwired
from generator.games.keep_on_trucking.flight.tstate import TFlight, TState


def drop(flight: TFlight, state: TState, cells: list[Cell]) -> tuple[TState, list[str]]:
    """Remove tiles and everything in them (each one Lost Component); say what went: Galaxy
    Trucker's rule, and the sleepers of a destroyed stasis chamber with them."""
    gone = set(cells)
    lost_humans = sum(n for c, n in state.humans if c in gone)
    lost_aliens = sum(1 for _, c in state.aliens if c in gone)
    lost_sleepers = sum(n for c, n in state.sleepers if c in gone)
    after, held = drop_tiles(flight, state, cells)
    assert isinstance(after, TState)
    after = replace(after, sleepers=tuple((c, n) for c, n in after.sleepers if c not in gone))
    if lost_sleepers:
        # Said after the crew, before the batteries and goods, as the account always has.
        at = (1 if lost_humans else 0) + lost_aliens
        held.insert(at, f"{lost_sleepers} sleeper{'s' if lost_sleepers != 1 else ''}")
    return after, held


def wake(flight: TFlight, state: TState) -> tuple[TState, list[str]]:
    """Sleepers wake into the free places of cabins joined to their chamber (no alien)."""
    if flight.has("personalized-cabins") or not state.sleepers:
        return state, []
    ship = flight.ship
    humans = dict(state.humans)
    alien_at = {c for _, c in state.aliens}
    sleepers = dict(state.sleepers)
    lines = []
    for chamber in sorted(sleepers):
        for cabin in joined_to(ship, chamber, state.present, lambda k: k.crew):
            if cabin in alien_at or not flight.works(cabin):
                continue
            room = 2 - humans.get(cabin, 0)
            take = min(room, sleepers[chamber])
            if take <= 0:
                continue
            humans[cabin] = humans.get(cabin, 0) + take
            sleepers[chamber] -= take
            lines.append(
                f"{take} sleeper{'s' if take != 1 else ''} wake{'s' if take == 1 else ''} in "
                f"{flight.label(chamber)} and move{'s' if take == 1 else ''} into "
                f"{flight.label(cabin)}."
            )
    if not lines:
        return state, []
    after = replace(
        state,
        humans=tuple(sorted(humans.items())),
        sleepers=tuple(sorted((c, n) for c, n in sleepers.items())),
    )
    return after, lines


def take_sleepers(state: TState, count: int) -> tuple[TState, int]:
    """A forced loss larger than the awake crew: sleepers go too, fullest chamber first."""
    sleepers = dict(state.sleepers)
    taken = 0
    while taken < count and any(sleepers.values()):
        cell = max(sleepers, key=lambda c: (sleepers[c], -c[0], -c[1]))
        sleepers[cell] -= 1
        taken += 1
    return replace(state, sleepers=tuple(sorted(sleepers.items()))), taken


def crew_check(flight: TFlight, state: TState, crew_before: int) -> tuple[TState, list[str]]:
    """Aliens without life support go home; crew lost wakes sleepers; no human: out."""
    lines = []
    for colour, _cabin in unsupported_aliens(flight.ship, state):
        state = replace(state, aliens=tuple(a for a in state.aliens if a[0] != colour))
        lines.append(f"The {colour} alien lost its life support and goes home.")
    if state.crew_count < crew_before:
        state, woke = wake(flight, state)
        lines += woke
    if state.human_count == 0 and not state.out:
        state = replace(state, out=NO_HUMANS)
        lines.append("No human is left aboard: the ship is out of the round.")
    return state, lines


def _manned(state: TState, chunk: list[Cell]) -> bool:
    inside = set(chunk)
    return any(c in inside for c, _ in state.humans) or any(
        c in inside for c, n in state.sleepers if n
    )


def settle(
    flight: TFlight, state: TState, lines: tuple[str, ...], crew_before: int
) -> list[Option[TState]]:
    """After tiles are gone: wired tiles left alone fall off, a broken ship keeps one chunk
    (the player's choice among those with crew or sleepers), then the crew check."""
    ship = flight.ship
    lonely = unwired(ship, state.present)
    while lonely:
        state, held = drop(flight, state, lonely)
        lines += tuple(
            f"{flight.label(c)} falls off (fancy wiring: no partner joined any more)"
            + (f", with {', '.join(held)}" if held and i == len(lonely) - 1 else "")
            + "."
            for i, c in enumerate(lonely)
        )
        lonely = unwired(ship, state.present)
    chunks = ship.chunks(state.present)
    if len(chunks) <= 1:
        state, more = crew_check(flight, state, crew_before)
        return [Option(state, 0, (*lines, *more))]
    lines += (broken_line(chunks),)
    manned = [chunk for chunk in chunks if _manned(state, chunk)]
    choices = keepable(chunks, manned)
    options = []
    for chunk in choices:
        rest = [c for other in chunks if other is not chunk for c in other]
        after, held = drop(flight, state, rest)
        kept = (kept_line(chunk, rest, held),)
        choice = (f"keep the chunk from {cell_name(chunk[0])}",) if len(choices) > 1 else ()
        if not manned:
            out = replace(after, out=NO_HUMANS)
            options.append(Option(out, 0, (*lines, *kept, NO_CHUNK_MANNED), choice))
            continue
        for option in settle(flight, after, lines + kept, crew_before):
            options.append(replace(option, choices=choice + option.choices))
    return options


def explosion(flight: TFlight, state: TState, cell: Cell) -> list[Cell]:
    """Explosive Stuff: the cells destroyed with `cell` (a battery with charge left or a hold
    with a red good explodes, destroying what is joined to it; the chain goes on). Every
    effect that destroys a component asks this (meteors, shots, sabotage, Metal Fatigue, an
    explosion); one that falls off or is given up never does."""
    if not flight.has("explosive-stuff"):
        return [cell]
    charges = dict(state.charges)
    cargo = dict(state.cargo)

    def explodes(c: Cell) -> bool:
        red = any(flight.content.goods[g].hazardous for g in cargo.get(c, ()))
        return charges.get(c, 0) > 0 or red

    found = [cell]
    queue = deque([cell])
    while queue:
        c = queue.popleft()
        if not explodes(c):
            continue
        for other in flight.ship.links(c, state.present):
            if other not in found:
                found.append(other)
                queue.append(other)
    return found


def destroy(flight: TFlight, state: TState, cell: Cell, why: str) -> list[Option[TState]]:
    crew_before = state.crew_count
    cells = explosion(flight, state, cell)
    label = flight.label(cell)
    state, held = drop(flight, state, cells)
    line = f"{why}: {label} is destroyed" + (f", with {', '.join(held)}" if held else "") + "."
    return settle(flight, state, (line, *exploded(flight, cells)), crew_before)


def exploded(flight: TFlight, cells: list[Cell]) -> tuple[str, ...]:
    """The account's line for what an explosion took with the first of `cells`."""
    if len(cells) <= 1:
        return ()
    return (
        "Explosive Stuff: it explodes and destroys "
        + ", ".join(flight.label(c) for c in cells[1:])
        + ".",
    )
