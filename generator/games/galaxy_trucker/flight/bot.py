"""A bot that builds a ship from a round's posted sets, as a player would by post.

The heuristic, set by set in posting order (turn 1 set A, B, C, turn 2 ...):
1. Peek: in rounds whose stacks hold 3 or more cards, once its ship has a tile besides the
   starting cabin, the bot looks at stack 1 (one Skipped Parts box) and leans its wants
   towards what it saw (meteors: shields; fights: cannons; goods: holds; open space:
   engines; crew cards: cabins). Two cards (round 1) are not worth a box.
2. Pass: when no empty cell of the board can take a tile any more, the bot passes. When a
   set has nothing worth taking, the bot skips it (-2) only while its ship fills less than
   half the board (SKIP_WHILE_FILLED_BELOW) and it has not just skipped one; otherwise it
   passes: a fuller ship that finds nothing to take will mostly go on skipping, and passing
   marks nothing. (On 40 seeds this scored 1.5 to 3 points a round more than skipping up to
   two sets in a row before passing.)
3. Pick: every tile of the set is tried in every empty cell beside the ship and every
   rotation that is legal (connectors fit, barrels and exhausts clear, engines to the rear,
   at least one connector joined). Each placement is worth what the ship still wants of
   that kind (first cabins, engines, forward cannons, batteries when something uses them,
   two shields covering different sides, holds, life support beside a free cabin), plus
   0.3 per connector joined, 0.15 per connector facing an empty cell of the board (room to
   grow), minus 0.5 per connector facing off the board (exposed for good). The best placement of
   the set is taken when it is worth at least SKIP_BELOW (-1: a tile is nearly always
   better than a -2 skip); otherwise the set is skipped.
Ties go to the earlier tile, cell (reading order) and rotation, so the bot is deterministic."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.legality import clashes
from generator.games.galaxy_trucker.flight.ship import (
    CONNECTORS,
    Cell,
    N,
    Part,
    S,
    Ship,
    board_cells,
    fits,
    joined,
    make_part,
    neighbour,
    opposite,
    start_cell,
)
from generator.games.galaxy_trucker.flight.shipfile import Placement, ShipFile
from generator.games.galaxy_trucker.kinds import TileKind
from generator.games.galaxy_trucker.model import Board, Round, Tile
from generator.games.galaxy_trucker.plan import RoundPlan

SKIP_BELOW = -1.0
PASS_AFTER_SKIPS = 2
SKIP_WHILE_FILLED_BELOW = 0.5  # share of the board's cells
JOIN_BONUS = 0.3
EXPOSED_COST = 0.5
GROW_BONUS = 0.15
PEEK_FROM_STACK_SIZE = 3
MARKS = ("cannon", "engine")  # sides that must touch no tile


@dataclass
class Built:
    ship: Ship
    skipped: int
    peeked: list[str]
    log: list[str]
    placements: dict[Cell, Placement]

    def ship_file(self, name: str = "bot") -> ShipFile:
        return ShipFile(name, self.skipped, dict(self.placements))


def edges_after(parts: dict[Cell, Part], cells: set[Cell], cell: Cell, part: Part) -> float:
    """How the placement changes the ship's edge: a connector facing an empty board cell is
    a place to grow (+GROW_BONUS); one facing off the board stays exposed (-EXPOSED_COST);
    covering a neighbour's open connector tidies the ship (+JOIN_BONUS, counted as links)."""
    change = 0.0
    for d in range(4):
        other = neighbour(cell, d)
        if other in parts or part.sides[d] not in CONNECTORS:
            continue
        change += GROW_BONUS if other in cells else -EXPOSED_COST
    return change


# Placed tiles of the one pack this process builds with, by (tile, rotation): a balance
# worker builds thousands of ships from one pack, and a part depends on the pack alone.
_PARTS: tuple[GalaxyTrucker | None, dict[tuple[str, int], Part]] = (None, {})


def _part(content: GalaxyTrucker, tile: Tile, rotation: int) -> Part:
    global _PARTS
    if _PARTS[0] is not content:
        _PARTS = (content, {})
    parts = _PARTS[1]
    key = (tile.id, rotation)
    found = parts.get(key)
    if found is None:
        found = parts[key] = make_part(content, tile, rotation)
    return found


@dataclass(frozen=True)
class Tally:
    """What `Builder.want` counts over the ship's tiles, counted once per ship (each
    placement of a set asks again and again, and the ship changes only when a tile goes in)."""

    berths: int
    engine_power: int
    fire: float  # forward cannons count whole, others half (in tile order, as summed before)
    battery_users: int  # shields, double cannons and double engines
    battery_tiles: int
    battery_cells: int
    covered: frozenset[int]  # sides covered by a shield
    holds: int
    supports: frozenset[str | None]  # alien colours of the life supports


def _tally(parts: dict[Cell, Part]) -> Tally:
    values = parts.values()
    return Tally(
        berths=sum(1 for p in values if p.does.alien_berth),
        engine_power=sum(p.type.strength or 1 for p in values if p.does.engine),
        fire=sum(
            (p.type.strength or 1) * (1 if p.facing("cannon") == N else 0.5)
            for p in values
            if p.does.cannon
        ),
        battery_users=sum(
            1
            for p in values
            if p.does.shield or ((p.does.cannon or p.does.engine) and p.type.strength == 2)
        ),
        battery_tiles=sum(1 for p in values if p.does.battery),
        battery_cells=sum(p.type.cells or 0 for p in values if p.does.battery),
        covered=frozenset(d for p in values if p.does.shield for d in p.shield_covers()),
        holds=sum(1 for p in values if p.does.hold),
        supports=frozenset(p.type.alien for p in values if p.does.life_support),
    )


class Builder:
    def __init__(self, content: GalaxyTrucker, rnd: Round, board: Board) -> None:
        self.content = content
        self.rnd = rnd
        self.board = board
        self.start = start_cell(board)
        self.parts: dict[Cell, Part] = {self.start: make_part(content, content.starting_cabin, 0)}
        self.cells = board_cells(board)
        self.cell_set = set(self.cells)
        self.lean: Counter[str] = Counter()
        # Worked out once per ship: tiles are only ever added to `parts` (never moved or
        # taken back), so its size says which ship they were worked out for.
        self._tally: tuple[int, Tally] | None = None
        self._open: tuple[int, list[Cell]] | None = None
        self._surroundings: (
            tuple[int, list[tuple[Cell, dict[int, str], list[tuple[int, bool]]]]] | None
        ) = None

    def tally(self) -> Tally:
        if self._tally is None or self._tally[0] != len(self.parts):
            self._tally = (len(self.parts), _tally(self.parts))
        return self._tally[1]

    def count(self, fact: Callable[[TileKind], bool]) -> int:
        return sum(1 for p in self.parts.values() if fact(p.does))

    def want(self, part: Part, cell: Cell) -> float:
        k = part.does
        lean = self.lean[k.name]
        t = part.type
        if k.alien_berth:
            return max(0.6, 3.2 - 0.5 * self.tally().berths) + 0.5 * lean
        if k.engine:
            power = self.tally().engine_power
            worth = max(0.3, 3.5 - 1.0 * power) + 0.7 * lean
            return worth * (0.7 if t.strength == 2 and self.batteries() == 0 else 1.0)
        if k.cannon:
            forward = part.facing("cannon") == N
            fire = self.tally().fire
            worth = max(0.4, 3.0 - 0.5 * fire) + 0.5 * lean
            return worth * (1.0 if forward else 0.5)
        if k.battery:
            # What draws on batteries: shields and double cannons and engines.
            users = self.tally().battery_users
            return (0.6 + 0.8 * min(users, 3)) / (1 + 0.5 * self.tally().battery_tiles)
        if k.shield:
            covered = self.tally().covered
            new = len(set(part.shield_covers()) - covered)
            return 1.2 * new + 0.5 * lean
        if k.hold:
            return max(0.5, 2.2 - 0.5 * self.tally().holds) + 0.5 * lean + 0.2 * (t.slots or 1)
        if k.life_support:
            has = t.alien in self.tally().supports
            beside = any(
                neighbour(cell, d) in self.parts
                and self.parts[neighbour(cell, d)].does.alien_berth
                and joined(part.sides[d], self.parts[neighbour(cell, d)].sides[opposite(d)])
                for d in range(4)
            )
            return 2.2 if beside and not has else 0.2
        return 0.4  # structural, and any kind that does none of the above

    def batteries(self) -> int:
        return self.tally().battery_cells

    def open_cells(self) -> list[Cell]:
        """Empty board cells beside the ship that no barrel or exhaust points at."""
        if self._open is not None and self._open[0] == len(self.parts):
            return self._open[1]
        parts = self.parts
        blocked = set()
        for cell, part in parts.items():
            for d, side in enumerate(part.sides):
                if side in ("cannon", "engine"):
                    blocked.add(neighbour(cell, d))
        found = []
        for cell in self.cells:
            if cell in parts or cell in blocked:
                continue
            row, column = cell
            if (
                (row - 1, column) in parts
                or (row, column + 1) in parts
                or (row + 1, column) in parts
                or (row, column - 1) in parts
            ):
                found.append(cell)
        self._open = (len(parts), found)
        return found

    def placements(self, tile_id: str) -> list[tuple[float, Cell, int, Part]]:
        tile = self.content.tiles_by_id[tile_id]
        # The tile's distinct turnings (a turn giving the same sides as an earlier one is the
        # same placement), with what rules a turning out wherever it goes: an exhaust that
        # does not face the rear.
        turnings = []
        seen = set()
        for rotation in (0, 90, 180, 270):
            part = _part(self.content, tile, rotation)
            if part.sides in seen:
                continue
            seen.add(part.sides)
            exhaust = part.facing("engine")
            if exhaust is not None and exhaust != S:
                continue
            turnings.append((rotation, part, part.facing("cannon")))
        found = []
        for cell, touching, empty in self.surroundings():
            for rotation, part, barrel in turnings:
                sides = part.sides
                # Every side touching a tile must fit it, and one at least be joined; no
                # barrel or exhaust may touch a tile (an exhaust may not face off the rear).
                links = 0
                for d, theirs in touching.items():
                    mine = sides[d]
                    if mine in MARKS or theirs in MARKS or not fits(mine, theirs):
                        break
                    links += joined(mine, theirs)
                else:
                    if links == 0 or barrel in touching:
                        continue
                    # As edges_after counts it: room to grow, or exposed for good.
                    edges = 0.0
                    for d, on_board in empty:
                        if sides[d] in CONNECTORS:
                            edges += GROW_BONUS if on_board else -EXPOSED_COST
                    score = self.want(part, cell) + JOIN_BONUS * links + edges
                    found.append((score, cell, rotation, part))
        return found

    def surroundings(self) -> list[tuple[Cell, dict[int, str], list[tuple[int, bool]]]]:
        """Each open cell with what is around it, worked out once per ship (every tile of a
        set is tried in every open cell): the sides of the tiles beside it, by direction
        (the side facing the cell), and the directions with no tile, each with whether the
        board goes on there; directions in n, e, s, w order."""
        if self._surroundings is not None and self._surroundings[0] == len(self.parts):
            return self._surroundings[1]
        parts = self.parts
        found = []
        for cell in self.open_cells():
            touching: dict[int, str] = {}
            empty: list[tuple[int, bool]] = []
            for d in range(4):
                other = neighbour(cell, d)
                if other in parts:
                    touching[d] = parts[other].sides[opposite(d)]
                else:
                    empty.append((d, other in self.cell_set))
            found.append((cell, touching, empty))
        self._surroundings = (len(parts), found)
        return found

    def can_grow(self) -> bool:
        return bool(self.open_cells())

    def clashes(self, ship: Ship) -> list[tuple[list[Cell], str]]:
        """The tiles the end-of-building check would take off this builder's ship."""
        return clashes(ship)


def build(
    content: GalaxyTrucker, rplan: RoundPlan, rnd: Round, bot: Builder | None = None
) -> Built:
    """The bot's turn-by-turn loop: each set's best placement, a skip or a pass, and a peek
    at the first stack. `bot`: the builder (an expansion's), by default this game's."""
    board = content.boards[rplan.ship]
    bot = bot or Builder(content, rnd, board)
    skipped = 0
    peeked: list[str] = []
    log: list[str] = []
    placements: dict[Cell, Placement] = {}
    passed = False
    skips_in_a_row = 0
    want_peek = rnd.stack_size >= PEEK_FROM_STACK_SIZE and rnd.peekable_stacks > 0
    for turn in rplan.build_turns:
        for s, tiles in enumerate(turn.sets):
            name = f"turn {turn.turn} set {'ABC'[s]}"
            if passed:
                continue
            if not bot.can_grow():
                passed = True
                log.append(f"{name}: pass (no empty cell can take a tile)")
                continue
            best: tuple[Any, ...] | None = None
            for i, ref in enumerate(tiles):
                for score, cell, rotation, part in bot.placements(ref.id):
                    key = (score, -i, (-cell[0], -cell[1]), -rotation)
                    if best is None or key > best[0]:
                        best = (key, score, i, cell, rotation, part)
            if best is None or best[1] < SKIP_BELOW:
                small = len(bot.parts) < SKIP_WHILE_FILLED_BELOW * len(bot.cells)
                if not small or skips_in_a_row + 1 >= PASS_AFTER_SKIPS:
                    passed = True
                    log.append(f"{name}: pass (nothing worth taking twice in a row)")
                    continue
                skipped += 1
                skips_in_a_row += 1
                log.append(f"{name}: skip")
                continue
            skips_in_a_row = 0
            _, score, i, cell, rotation, part = best
            bot.parts[cell] = part
            placements[cell] = Placement(part.tile.id, rotation, 0, 0)
            log.append(f"{name}: {part.tile.id} at {cell} @{rotation} (worth {score:.1f})")
            if want_peek and not peeked:
                stack = rplan.stacks[0]
                peeked = [c.type for c in stack]
                skipped += 1
                for kind in peeked:
                    bot.lean.update(content.kinds.cards[kind].leans)
                log.append(f"peek at stack 1: {', '.join(peeked)}")
    ship = Ship(board, dict(bot.parts), bot.start)
    assert not bot.clashes(ship), "the bot placed an illegal tile"
    return Built(ship, skipped, peeked, log, placements)
