"""Keep on Trucking's building bot: Galaxy Trucker's heuristic (flight/bot.py there), with
the round's front (Ship IA's compass may make any edge the front: engines face the rear
edge, forward cannons the front edge) and wants for the new tiles:
- a wired tile (booster, furnace, catapult, stasis chamber, life support) is placed only
  joined to its partner, or it would fall off at the end of building;
- cannon and engine boosters are worth what a cannon or engine is, a shield booster a
  little; a catapult beside a hold is worth about a forward cannon, a furnace beside a
  battery a battery, a stasis chamber beside a cabin a cabin;
- a cannon-engine is worth an engine and most of a cannon; a hold + battery both halves;
- a plated side facing out of the ship is as tidy as a smooth one.
Ties go as in the base bot, so the bot is deterministic."""

from __future__ import annotations

from collections import Counter

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.bot import (
    JOIN_BONUS,
    Builder,
    Built,
    edges_after,
)
from generator.games.galaxy_trucker.flight.bot import build as base_build
from generator.games.galaxy_trucker.flight.ship import (
    Cell,
    N,
    Part,
    Ship,
    fits,
    joined,
    make_part,
    neighbour,
    opposite,
)
from generator.games.galaxy_trucker.model import Board, Round
from generator.games.galaxy_trucker.plan import RoundPlan
from generator.games.keep_on_trucking.flight.geometry import PARTNERS
from generator.games.keep_on_trucking.flight.legality import clashes

FALLS_OFF = -5.0


class TruckingBuilder(Builder):
    def __init__(self, content: GalaxyTrucker, rnd: Round, board: Board, front: int = N) -> None:
        super().__init__(content, rnd, board)
        self.front = front
        self.rear = opposite(front)
        self.lean: Counter[str] = Counter()

    def legal_here(self, cell: Cell, part: Part) -> int | None:
        exhaust = part.facing("engine")
        if exhaust is not None and exhaust != self.rear:
            return None
        links = 0
        for d in range(4):
            other = neighbour(cell, d)
            if other not in self.parts:
                continue
            mine = part.sides[d]
            theirs = self.parts[other].sides[opposite(d)]
            if mine in ("cannon", "engine") or theirs in ("cannon", "engine"):
                return None
            if not fits(mine, theirs):
                return None
            links += joined(mine, theirs)
        return links or None

    def partners(self, cell: Cell, part: Part) -> int:
        need = PARTNERS.get(part.does.name)
        if need is None:
            return 1
        return sum(
            1
            for d in range(4)
            if neighbour(cell, d) in self.parts
            and need(self.parts[neighbour(cell, d)].does)
            and joined(part.sides[d], self.parts[neighbour(cell, d)].sides[opposite(d)])
        )

    def firepower(self) -> float:
        return sum(
            (p.type.strength or 1) * (1 if p.facing("cannon") == self.front else 0.5)
            for p in self.parts.values()
            if p.does.cannon
        )

    def want(self, part: Part, cell: Cell) -> float:
        k = part.does
        name = k.name
        if name in PARTNERS and self.partners(cell, part) == 0:
            return FALLS_OFF
        if name in ("cannon-booster", "engine-booster"):
            return 1.6
        if name == "shield-booster":
            return 0.7
        if name == "catapult":
            return max(0.6, 2.4 - 0.4 * self.firepower())
        if name == "reactor-furnace":
            return 0.8
        if name == "stasis-chamber":
            return 1.8
        if k.cannon and not k.engine:
            fire = self.firepower()
            worth = max(0.4, 3.0 - 0.5 * fire) + 0.5 * self.lean["cannon"]
            return worth * (1.0 if part.facing("cannon") == self.front else 0.5)
        if k.cannon and k.engine:
            return self.engine_want(part) + 0.6 * max(0.4, 3.0 - 0.5 * self.firepower())
        if k.engine:
            return self.engine_want(part)
        if k.hold and k.battery:
            return 0.5 * super().want(part, cell) + 0.8
        return super().want(part, cell)

    def engine_want(self, part: Part) -> float:
        power = sum(p.type.strength or 1 for p in self.parts.values() if p.does.engine)
        worth = max(0.3, 3.5 - 1.0 * power) + 0.7 * self.lean["engine"]
        return worth * (0.7 if part.type.strength == 2 and self.batteries() == 0 else 1.0)

    def clashes(self, ship: Ship) -> list[tuple[list[Cell], str]]:
        return clashes(ship, self.rear)

    def placements(self, tile_id: str) -> list[tuple[float, Cell, int, Part]]:
        tile = self.content.tiles_by_id[tile_id]
        found = []
        for cell in self.open_cells():
            seen = set()
            for rotation in (0, 90, 180, 270):
                part = make_part(self.content, tile, rotation)
                if part.sides in seen:
                    continue
                seen.add(part.sides)
                links = self.legal_here(cell, part)
                if links is None:
                    continue
                barrel = part.facing("cannon")
                if barrel is not None and neighbour(cell, barrel) in self.parts:
                    continue
                score = (
                    self.want(part, cell)
                    + JOIN_BONUS * links
                    + edges_after(self.parts, self.cell_set, cell, part)
                )
                found.append((score, cell, rotation, part))
        return found


def build(content: GalaxyTrucker, rplan: RoundPlan, rnd: Round, front: int = N) -> Built:
    """The base bot's turn-by-turn loop, with this game's builder."""
    board = content.boards[rplan.ship]
    return base_build(content, rplan, rnd, TruckingBuilder(content, rnd, board, front))
