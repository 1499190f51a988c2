"""What a Keep on Trucking flight adds to Galaxy Trucker's state and flight.

`TState` adds the sleepers left in each stasis chamber, the cyan ability written on the
sheet, whether Gravitational Anomaly has the ship turned round, and the Techie's free
battery of the current card. `TFlight` adds what is fixed for the round: the edge that is
the front (Ship IA's compass; the top elsewhere), the Rough Roads cards with their dice,
and the Dead Zone's column.

Conventions (the rules leave these to the player; none changes the round score now):
- sleepers wake, whenever crew is lost, into every free place of a cabin joined to their
  chamber (no alien there): awake they are crew like any other, and a forced loss would
  take them anyway;
- the Techie's free battery is the first battery the card asks for; being free, Bad Luck
  does not charge for it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from generator.games.galaxy_trucker.flight.ship import Cell, N, opposite
from generator.games.galaxy_trucker.flight.state import Flight, Pairs, State

CYAN = "cyan"
ABILITIES = ("Lawyer", "Manager", "Merchant", "Micronavigator", "Techie", "Diplomat")


@dataclass(frozen=True)
class TState(State):
    sleepers: Pairs = ()  # stasis chamber -> sleepers still asleep there
    ability: str = ""  # the cyan ability written at the end of building
    flipped: bool = False  # Gravitational Anomaly: turned round by an odd number of Open Spaces
    free_battery: bool = False  # the Techie's free battery of this card, not used yet
    battery_uses: int = 0  # batteries paid on this card (Bad Luck's count; the Techie's is free)

    def extras(self) -> tuple[object, ...]:
        return (self.sleepers, self.ability, self.flipped, self.free_battery, self.battery_uses)

    @property
    def active(self) -> str:
        """The cyan ability while the cyan alien is aboard, else nothing."""
        return self.ability if self.alien(CYAN) is not None else ""

    @property
    def sleeper_count(self) -> int:
        return sum(n for _, n in self.sleepers)


@dataclass(frozen=True)
class TFlight(Flight):
    front: int = N  # the side (n, e, s, w of the sheet) that is the front
    front_edge: str | None = None  # on Ship IA, the edge the compass named
    roads: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()  # Rough Roads, dice
    dead: tuple[str, int] | None = None  # Dead Zone: ("column", number)
    abilities: tuple[str, ...] = field(default=ABILITIES)

    def road(self, card_id: str) -> tuple[tuple[int, int], ...] | None:
        return next((rolls for rid, rolls in self.roads if rid == card_id), None)

    def has(self, card_id: str) -> bool:
        return self.road(card_id) is not None

    def forward(self, state: State) -> int:
        """The side facing the way the ship flies (turned round by Gravitational Anomaly)."""
        if isinstance(state, TState) and state.flipped:
            return opposite(self.front)
        return self.front

    def rear(self) -> int:
        """Engines' side: the rear edge as built (Gravitational Anomaly turns the ship, not
        its engines' rule)."""
        return opposite(self.front)

    def works(self, cell: Cell) -> bool:
        """False in the Dead Zone's column (nothing works there)."""
        if self.dead is None:
            return True
        return cell[1] != self.dead[1]


def spend(state: TState, count: int) -> tuple[TState, list[Cell], int]:
    """Use `count` batteries: the Techie's free one first (when one is left to use), the
    rest from the fullest battery. Returns the state, the cells drawn on, and how many were
    free."""
    free = 0
    if count and state.free_battery and state.battery_count > 0 and state.active == "Techie":
        free = 1
    charges = dict(state.charges)
    used = []
    for _ in range(count - free):
        cell = max(charges, key=lambda c: (charges[c], -c[0], -c[1]))
        charges[cell] -= 1
        used.append(cell)
    after = replace(
        state,
        charges=tuple(sorted(charges.items())),
        free_battery=state.free_battery and not free,
        battery_uses=state.battery_uses + count - free,
    )
    return after, used, free


def can_pay(state: TState, count: int) -> bool:
    free = 1 if count and state.free_battery and state.active == "Techie" else 0
    return state.battery_count >= max(count - free, 1 if count else 0)


def battery_words(count: int, used: list[Cell], free: int) -> str:
    from generator.games.galaxy_trucker.flight.ship import cell_name

    parts = []
    if free:
        parts.append("1 free (Techie)")
    if used:
        parts.append(
            f"{len(used)} batter{'ies' if len(used) != 1 else 'y'} from "
            + ", ".join(cell_name(c) for c in dict.fromkeys(used))
        )
    return "; ".join(parts) if parts else "no battery"
