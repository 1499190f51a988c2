"""Goods and crew gained or given on a Keep on Trucking ship: loading with reactor
furnaces, Infected Goods, crew given up (aliens of any colour, cyan included), and what a
Junkyard reward refills.

Furnaces: whenever goods are loaded, each furnace joined to a battery component that is
not full may burn one good and refill that battery. It burns a good left behind when
there is one (that costs nothing); otherwise the player may burn the cheapest good aboard
or keep it (both are offered to the search)."""

from __future__ import annotations

from dataclasses import replace

from generator.games.galaxy_trucker.flight.ship import Cell
from generator.games.galaxy_trucker.flight.state import arrange, remove_crew
from generator.games.keep_on_trucking.flight.damage import crew_check, take_sleepers
from generator.games.keep_on_trucking.flight.geometry import joined_to
from generator.games.keep_on_trucking.flight.tstate import TFlight, TState

ALIEN_ORDERS: tuple[tuple[str, ...], ...] = (
    (),
    ("purple",),
    ("brown",),
    ("cyan",),
    ("purple", "brown"),
    ("purple", "cyan"),
    ("brown", "cyan"),
    ("purple", "brown", "cyan"),
)


def crew_loss_options(
    flight: TFlight, state: TState, count: int, keep_a_human: bool
) -> list[tuple[TState, str]]:
    """Every way the player may lose `count` crew: which aliens go (any colour, in any
    order), then which cabins the humans leave (`human_losses`: the player's choice where a
    stasis chamber could refill the cabin). Never more humans than are aboard (a forced
    loss beyond the crew takes sleepers: the caller's rule)."""
    found = []
    for order in ALIEN_ORDERS:
        if len(order) > count or any(state.alien(c) is None for c in order):
            continue
        gone = remove_crew(state, len(order), order)
        humans = min(count - len(order), gone.human_count)
        aliens = " and ".join(f"the {c} alien" for c in order)
        for after, words, _n in human_losses(flight, gone, humans):
            if keep_a_human and after.human_count < 1:
                continue
            who = " and ".join(w for w in (aliens, words if humans else "") if w)
            found.append((after, who or "nobody"))
    return found


def capacity(flight: TFlight, cell: Cell) -> int:
    return flight.ship.parts[cell].type.cells or 0


def _furnaces(flight: TFlight, state: TState) -> list[tuple[Cell, Cell]]:
    """(furnace, the battery it would refill) for each working furnace joined to a battery
    that is not full."""
    ship = flight.ship
    charges = dict(state.charges)
    found = []
    for cell in ship.where(lambda k: k.name == "reactor-furnace", state.present):
        if not flight.works(cell):
            continue
        batteries = [
            b
            for b in joined_to(ship, cell, state.present, lambda k: k.battery)
            if b in charges and charges[b] < capacity(flight, b) and flight.works(b)
        ]
        if batteries:
            found.append((cell, min(batteries, key=lambda b: (charges[b], b))))
    return found


def load(flight: TFlight, state: TState, new: list[str]) -> list[tuple[TState, list[str], int]]:
    """Every way to load `new` (goods aboard kept if better): (state, lines, goods loaded
    of the new ones)."""
    before = state.goods()
    after, left = arrange(flight, state, [*before, *new])
    loaded = max(0, len(after.goods()) - len(before))
    words = f"holds now carry {flight.goods_words(after.goods())}" + (
        f" (left behind: {flight.goods_words(left)})" if left else ""
    )
    ways: list[tuple[TState, list[str], int]] = [(after, [words], loaded)]
    for furnace, battery in _furnaces(flight, after):
        grown = []
        for s, lines, n in ways:
            charges = dict(s.charges)
            if charges.get(battery, 0) >= capacity(flight, battery):
                grown.append((s, lines, n))
                continue
            refill = replace(
                s,
                charges=tuple(sorted({**charges, battery: capacity(flight, battery)}.items())),
            )
            if left:
                burnt = left[-1]
                left = left[:-1]
                grown.append(
                    (
                        refill,
                        [
                            *lines,
                            f"{flight.label(furnace)} burns a {burnt} good left behind and "
                            f"refills {flight.label(battery)}.",
                        ],
                        n,
                    )
                )
                continue
            loads = {c: list(g) for c, g in refill.cargo}
            filled = [(flight.value(g[-1]), c) for c, g in loads.items() if g]
            grown.append((s, lines, n))
            if filled:
                _, hold = min(filled)
                good = loads[hold].pop()
                burnt_state = replace(refill, cargo=tuple((c, tuple(g)) for c, g in loads.items()))
                grown.append(
                    (
                        burnt_state,
                        [
                            *lines,
                            f"{flight.label(furnace)} burns a {good} good and refills "
                            f"{flight.label(battery)}.",
                        ],
                        n,
                    )
                )
        ways = grown
    if flight.has("infected-goods"):
        ways = [w for way in ways for w in _infected(flight, way, len(new))]
    return ways


def joined_words(lines: list[str]) -> str:
    """A load's lines as one sentence's parts (the sentences inside lose their full stop)."""
    return "; ".join(line.removesuffix(".") for line in lines)


def _infected(
    flight: TFlight, way: tuple[TState, list[str], int], offered: int
) -> list[tuple[TState, list[str], int]]:
    """Infected Goods, as the rulebook's example: one human for each good *offered* beyond
    the aliens aboard (1 alien, 3 goods offered: 2 humans), whatever was loaded; sleepers
    when the humans run out. Each choice of cabins is a way of its own."""
    s, lines, n = way
    sick = max(0, offered - len(s.aliens))
    if not sick:
        return [way]
    found = []
    head = (
        f"Infected Goods: {offered} good{'s' if offered != 1 else ''} offered, "
        f"{len(s.aliens)} alien{'s' if len(s.aliens) != 1 else ''} aboard: "
    )
    for after, who, gone in human_losses(flight, s, sick):
        after, more = crew_check(flight, after, s.crew_count)
        verb = "falls ill and leaves" if gone == 1 else "fall ill and leave"
        found.append((after, [*lines, f"{head}{who} {verb}.", *more], n))
    return found


def _chamber_cabins(flight: TFlight, state: TState) -> list[Cell]:
    """Cabins with humans that a stasis chamber with sleepers is joined to: where a human
    leaves decides whether a sleeper can wake, so the player's choice among them matters."""
    ship = flight.ship
    found: set[Cell] = set()
    for chamber, count in state.sleepers:
        if count and chamber in state.present and flight.works(chamber):
            found.update(joined_to(ship, chamber, state.present, lambda k: k.crew))
    return sorted(c for c, _ in state.humans if c in found)


def _spread(limits: list[int], total: int) -> list[tuple[int, ...]]:
    """Every way to take up to `total` from places holding `limits`."""
    if not limits:
        return [()]
    return [
        (k, *rest)
        for k in range(min(limits[0], total) + 1)
        for rest in _spread(limits[1:], total - k)
    ]


def human_losses(flight: TFlight, state: TState, count: int) -> list[tuple[TState, str, int]]:
    """Every way the player may lose `count` humans: which cabins they leave (the cabins
    a stasis chamber can refill one by one; the others are alike, as crew moves between
    events, so they lose the emptiest first), then sleepers, fullest chamber first, when
    the humans run out. (state, words naming the cabins, how many left)."""
    humans = dict(state.humans)
    take = min(count, state.human_count)
    choosable = [] if flight.has("personalized-cabins") else _chamber_cabins(flight, state)
    rest_room = sum(n for c, n in humans.items() if c not in choosable)
    found = []
    for spread in _spread([humans[c] for c in choosable], take):
        others = take - sum(spread)
        if others > rest_room:
            continue
        left = dict(humans)
        for cabin, k in zip(choosable, spread, strict=True):
            left[cabin] -= k
        for _ in range(others):
            cabin = min(
                (c for c in left if c not in choosable and left[c]),
                key=lambda c: (left[c], c),
            )
            left[cabin] -= 1
        after = replace(state, humans=tuple(sorted((c, k) for c, k in left.items() if k)))
        words = [
            f"{humans[c] - left[c]} from {flight.label(c)}"
            for c in sorted(humans)
            if humans[c] != left[c]
        ]
        parts = [f"{take} human{'s' if take != 1 else ''} ({', '.join(words)})"] if take else []
        taken = 0
        if count > take:
            after, taken = take_sleepers(after, count - take)
            if taken:
                parts.append(f"{taken} sleeper{'s' if taken != 1 else ''}")
        found.append((after, " and ".join(parts) or "nobody", take + taken))
    return found


def refill_batteries(flight: TFlight, state: TState, count: int) -> tuple[TState, int]:
    """Gained batteries fill free room only, emptiest battery first."""
    charges = dict(state.charges)
    given = 0
    for _ in range(count):
        room = [c for c in charges if charges[c] < capacity(flight, c) and flight.works(c)]
        if not room:
            break
        cell = min(room, key=lambda c: (charges[c], c))
        charges[cell] += 1
        given += 1
    return replace(state, charges=tuple(sorted(charges.items()))), given


def gain_crew(flight: TFlight, state: TState, count: int) -> tuple[TState, int]:
    """Gained crew fill free room only: humans into cabins (no alien there), then sleepers
    into stasis chambers; aliens never come this way."""
    ship = flight.ship
    humans = dict(state.humans)
    alien_at = {c for _, c in state.aliens}
    given = 0
    for cell in ship.where(lambda k: k.crew, state.present):
        if cell in alien_at or not flight.works(cell):
            continue
        while given < count and humans.get(cell, 0) < 2:
            humans[cell] = humans.get(cell, 0) + 1
            given += 1
    sleepers = dict(state.sleepers)
    for cell in sorted(sleepers):
        room = (ship.parts[cell].type.sleepers or 0) - sleepers[cell]
        take = min(room, count - given)
        if take > 0:
            sleepers[cell] += take
            given += take
    after = replace(
        state, humans=tuple(sorted(humans.items())), sleepers=tuple(sorted(sleepers.items()))
    )
    return after, given


def pay_goods(flight: TFlight, state: TState, count: int) -> tuple[TState, list[str]] | None:
    """Pay `count` goods of any colour, the cheapest first (None: not enough)."""
    if len(state.goods()) < count:
        return None
    loads = {c: list(g) for c, g in state.cargo}
    paid = []
    for _ in range(count):
        filled = [(flight.value(g[-1]), c) for c, g in loads.items() if g]
        _, cell = min(filled)
        paid.append(loads[cell].pop())
    return replace(state, cargo=tuple((c, tuple(g)) for c, g in loads.items())), paid
