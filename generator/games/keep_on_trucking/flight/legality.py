"""Keep on Trucking's end-of-building check: Galaxy Trucker's, with the engines' rule read
against the round's rear (Ship IA's compass may make any edge the front), then fancy
wiring: a booster, furnace, catapult, stasis chamber or life support not joined to its
partner falls off (one Lost Component each), and so does anything left hanging by it."""

from __future__ import annotations

from generator.games.galaxy_trucker.flight import legality as base
from generator.games.galaxy_trucker.flight.legality import Removal
from generator.games.galaxy_trucker.flight.ship import DIRECTION_NAMES, Cell, S, Ship, opposite
from generator.games.keep_on_trucking.flight.geometry import PARTNERS, unwired

ENGINE_RULE = "an engine must face the rear"
PARTNER_WORDS = {
    "cannon-booster": "a cannon",
    "engine-booster": "an engine",
    "shield-booster": "a shield",
    "reactor-furnace": "a battery component",
    "catapult": "a cargo hold",
    "stasis-chamber": "a cabin",
    "life-support": "a cabin",
}
SIDE_WORDS = ("top", "right", "bottom", "left")


def clashes(ship: Ship, rear: int) -> list[tuple[list[Cell], str]]:
    found = [f for f in base.clashes(ship) if not f[1].startswith(ENGINE_RULE)]
    for cell in ship.order:
        exhaust = ship.parts[cell].facing("engine")
        if exhaust is not None and exhaust != rear:
            found.append(
                (
                    [cell],
                    f"{ENGINE_RULE} (the {SIDE_WORDS[rear]} edge; its exhaust "
                    f"faces the {SIDE_WORDS[exhaust]} edge)",
                )
            )
    return found


def check(ship: Ship, rear: int = S) -> tuple[Ship, list[Removal]]:
    """Galaxy Trucker's check with this game's placement rules, then the wiring: a tile
    that falls off may leave others hanging, and those may leave wired tiles alone."""
    ship, removed = base.without_clashes(ship, lambda s: clashes(s, rear))
    while True:
        ship, loose = base.without_loose(ship)
        removed += loose
        lonely = unwired(ship, frozenset(ship.parts))
        if not lonely:
            break
        for cell in lonely:
            kind = ship.parts[cell].does.name
            removed.append(
                Removal(
                    cell,
                    ship.parts[cell].label,
                    f"fancy wiring: not joined to {PARTNER_WORDS[kind]} (it falls off)",
                )
            )
        ship = ship.without(lonely)
    return ship, removed


__all__ = ["DIRECTION_NAMES", "PARTNERS", "Removal", "check", "opposite"]
