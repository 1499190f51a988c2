"""Where a roll lands on Keep on Trucking's ships, and the new tiles' wiring.

Landings (rulings: reference/keep-on-trucking.md, "Ships A"; hits.py words them for posts):
- plain boards: as Galaxy Trucker's, a column from the front or rear, a row from a side;
- IA ("labels"): the sheet edge the hit enters by is the compass's front turned by the
  hit's direction; it travels along the printed line whose label holds the roll (a column
  when it enters by the top or bottom edge, a row by the left or right edge);
- IIA ("mirror"): a front or rear roll c hits column c and column 14 - c at once;
- IIIA ("wrap"): a front or rear roll in the WRAP table comes from that table's side, row.
Gravitational Anomaly swaps front and rear, left and right, before any of this.

Fancy wiring: a booster, reactor furnace, catapult, stasis chamber or life support works
only joined (connector to connector) to its partner: one that is not falls off, at the end
of building and whenever a loss in flight leaves it unjoined."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.games.galaxy_trucker.flight.ship import FROM_SIDE, Cell, E, N, S, Ship, W
from generator.games.galaxy_trucker.model import Board
from generator.games.keep_on_trucking.hits import EDGES, TURNS

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.kinds import TileKind

EDGE_SIDE = {"top": N, "right": E, "bottom": S, "left": W}
SWAP = {"front": "rear", "rear": "front", "left": "right", "right": "left"}
SIDE_EDGE = {v: k for k, v in EDGE_SIDE.items()}


@dataclass(frozen=True)
class Strike:
    """One line a hit travels along: from which side of the sheet, which row or column."""

    side: int  # n/e/s/w of the sheet: where the hit comes in
    number: int  # the row (side e/w) or column (side n/s) number as printed
    how: str = ""  # "mirrored", "wrapped", "labels", ""


def landings(
    board: Board, direction: str, total: int, front_edge: str | None, flipped: bool = False
) -> list[Strike]:
    """The lines a hit from `direction` (as the card says) with 2d6 sum `total` travels
    along; [] when it misses the board's lines."""
    if flipped:
        direction = SWAP[direction]
    if board.hits == "labels":
        edge = EDGES[(EDGES.index(front_edge or "top") + TURNS[direction]) % 4]
        side = EDGE_SIDE[edge]
        found = [n for n, sums in board.labels.items() if total in sums]
        return [Strike(side, n, "labels") for n in found]
    side = FROM_SIDE[direction]
    lines = board.columns if side in (N, S) else board.rows
    if board.hits == "mirror" and side in (N, S):
        return [Strike(side, n, "mirrored") for n in sorted({total, 14 - total} & set(lines))]
    if board.hits == "wrap" and side in (N, S):
        to = board.wrap.get(direction, {}).get(total)  # type: ignore[call-overload]  # front/rear
        if to is not None:
            return [Strike(FROM_SIDE[to.direction], to.row, "wrapped")]
    return [Strike(side, total)] if total in lines else []


def coordinate(board: Board, line: str, total: int) -> int | None:
    """A coordinate roll (Sabotage, Metal Fatigue, Cosmic Psychosis, Dead Zone): the printed
    row or column it names, never mirrored or wrapped; on Ship IA by the labels."""
    if board.hits == "labels":
        return next((n for n, sums in board.labels.items() if total in sums), None)
    lines = board.rows if line == "row" else board.columns
    return total if total in lines else None


# --- fancy wiring ------------------------------------------------------------------------
# Tile kind -> what its partner must do (a fact of the partner's kind).
PARTNERS = {
    "cannon-booster": lambda k: k.cannon,
    "engine-booster": lambda k: k.engine,
    "shield-booster": lambda k: k.shield,
    "reactor-furnace": lambda k: k.battery,
    "catapult": lambda k: k.hold,
    "stasis-chamber": lambda k: k.crew,
    "life-support": lambda k: k.crew,
}


def partnered(ship: Ship, cell: Cell, present: frozenset[Cell]) -> bool:
    """A wired tile joined to a present partner (tiles of other kinds always are)."""
    need = PARTNERS.get(ship.parts[cell].does.name)
    if need is None:
        return True
    return any(need(ship.parts[o].does) for o in ship.links(cell, present))


def unwired(ship: Ship, present: frozenset[Cell]) -> list[Cell]:
    """Present wired tiles with no partner joined, in reading order."""
    return [c for c in ship.order if c in present and not partnered(ship, c, present)]


def joined_to(
    ship: Ship, cell: Cell, present: frozenset[Cell], fact: Callable[[TileKind], bool]
) -> list[Cell]:
    """The present tiles joined to `cell` whose kind has `fact`."""
    return [o for o in ship.links(cell, present) if fact(ship.parts[o].does)]


def arrows(ship: Ship, cell: Cell) -> list[int]:
    """A catapult's arrows as it sits (its printed arrows turned with the tile)."""
    part = ship.parts[cell]
    k = part.rotation // 90
    return [("n", "e", "s", "w").index(a) + k for a in part.type.arrows or ()]


def arrow_sides(ship: Ship, cell: Cell) -> list[int]:
    return [a % 4 for a in arrows(ship, cell)]


def opposite_edge(edge: str) -> str:
    return SIDE_EDGE[(EDGE_SIDE[edge] + 2) % 4]
