"""A component destroyed: what it held is lost, the ship may break, and the player keeps one
chunk and loses the rest, each tile of it a Lost Component. Aliens left without their life
support go home. No human left: the ship is out of the round.

Breaking apart is one rule for Galaxy Trucker and Keep on Trucking (`keepable`, `kept_line`):
the player keeps a chunk with a human aboard when there is one (a ship must keep a human); when
no chunk has one, the ship is out of the round, and still keeps one chunk and loses the rest
(the parts it lost count, even though nothing more is flown)."""

from __future__ import annotations

from generator.games.galaxy_trucker.flight.option import Option
from generator.games.galaxy_trucker.flight.ship import Cell, cell_name
from generator.games.galaxy_trucker.flight.state import Flight, State, unsupported_aliens

NO_HUMANS = "no human left aboard"


def drop_tiles(flight: Flight, state: State, cells: list[Cell]) -> tuple[State, list[str]]:
    """Remove tiles and everything in them; say what went with them."""
    gone = set(cells)
    # Each of the state's tuples split in one pass into what stays and what goes (a search
    # drops tiles tens of thousands of times a flight).
    humans, lost_humans = [], 0
    for pair in state.humans:
        if pair[0] in gone:
            lost_humans += pair[1]
        else:
            humans.append(pair)
    aliens, lost_aliens = [], []
    for alien in state.aliens:
        if alien[1] in gone:
            lost_aliens.append(alien[0])
        else:
            aliens.append(alien)
    charges, lost_cells = [], 0
    for pair in state.charges:
        if pair[0] in gone:
            lost_cells += pair[1]
        else:
            charges.append(pair)
    cargo = []
    lost_goods: list[str] = []
    for hold in state.cargo:
        if hold[0] in gone:
            lost_goods += hold[1]
        else:
            cargo.append(hold)
    state = state.evolve(
        present=state.present - gone,
        humans=tuple(humans),
        aliens=tuple(aliens),
        charges=tuple(charges),
        cargo=tuple(cargo),
        lost=state.lost + len(gone),
    )
    held = []
    if lost_humans:
        held.append(f"{lost_humans} human{'s' if lost_humans != 1 else ''}")
    held += [f"the {colour} alien" for colour in lost_aliens]
    if lost_cells:
        held.append(f"{lost_cells} batter{'ies' if lost_cells != 1 else 'y'}")
    if lost_goods:
        held.append(f"goods {flight.goods_words(lost_goods)}")
    return state, held


def crew_check(flight: Flight, state: State) -> tuple[State, list[str]]:
    lines = []
    # Which aliens lost their life support depends only on the tiles present and where the
    # aliens sit: once per flight for each.
    key = ("unsupported", state.present, state.aliens)
    unsupported = flight.memo.get(key)
    if unsupported is None:
        unsupported = flight.memo[key] = unsupported_aliens(flight.ship, state)
    for colour, _cabin in unsupported:
        state = state.evolve(aliens=tuple(a for a in state.aliens if a[0] != colour))
        lines.append(f"The {colour} alien lost its life support and goes home.")
    if state.human_count == 0 and not state.out:
        state = state.evolve(out=NO_HUMANS)
        lines.append("No human is left aboard: the ship is out of the round.")
    return state, lines


def keepable(chunks: list[list[Cell]], manned: list[list[Cell]]) -> list[list[Cell]]:
    """The chunks a player may keep: one with a human aboard when there is one, else any
    (the ship is then out of the round, and the rest is lost all the same)."""
    return manned or chunks


def broken_line(chunks: list[list[Cell]]) -> str:
    return (
        f"The ship breaks into {len(chunks)} chunks: "
        + "; ".join(
            f"{len(c)} tile{'s' if len(c) != 1 else ''} from {cell_name(c[0])}" for c in chunks
        )
        + "."
    )


def kept_line(chunk: list[Cell], rest: list[Cell], held: list[str]) -> str:
    """'Kept the chunk of 5 tiles from row 6, column 7; the other 3 lost (3 Lost
    Components), with 2 humans.'"""
    many = len(rest) != 1
    gone = f"; the other {len(rest)} lost" if many else "; the other tile is lost"
    count = f" ({len(rest)} Lost Component{'s' if many else ''})"
    what = f", with {', '.join(held)}" if held else ""
    return (
        f"Kept the chunk of {len(chunk)} tile{'s' if len(chunk) != 1 else ''} "
        f"from {cell_name(chunk[0])}{gone}{count}{what}."
    )


NO_CHUNK_MANNED = "No chunk has a human aboard: the ship is out of the round."


def destroy(flight: Flight, state: State, cell: Cell, why: str) -> list[Option]:
    label = flight.label(cell)
    state, held = drop_tiles(flight, state, [cell])
    lines = [f"{why}: {label} is destroyed" + (f", with {', '.join(held)}" if held else "") + "."]
    chunks = flight.ship.chunks(state.present)
    if len(chunks) <= 1:
        state, more = crew_check(flight, state)
        return [Option(state, 0, (*lines, *more))]
    humans = dict(state.humans)
    manned = [chunk for chunk in chunks if any(c in humans for c in chunk)]
    lines.append(broken_line(chunks))
    choices = keepable(chunks, manned)
    options = []
    for chunk in choices:
        rest = [c for other in chunks if other is not chunk for c in other]
        after, held = drop_tiles(flight, state, rest)
        if manned:
            after, more = crew_check(flight, after)
        else:
            after, more = after.evolve(out=NO_HUMANS), [NO_CHUNK_MANNED]
        options.append(
            Option(
                after,
                0,
                (*lines, kept_line(chunk, rest, held), *more),
                (f"keep the chunk from {cell_name(chunk[0])}",) if len(choices) > 1 else (),
            )
        )
    return options
