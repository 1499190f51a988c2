"""Meteors, shots and fights on a Keep on Trucking ship.

A hit lands by the board's rule (geometry.landings: IA labels and compass, IIA mirrored,
IIIA wrapped). On each line hit, the first tile is struck on the side the hit comes from:
- a plated side bounces every hit (small or large meteor, light or heavy shot);
- a small meteor bounces off a smooth side, a barrel or an exhaust; a small meteor on an
  exposed connector, or a light shot, is stopped by a shield covering that side
  (1 battery);
- a large meteor is shot by a cannon facing it (front or rear: in its column; a side: in
  its row or an adjacent one; a double costs 1 battery), by a catapult with an arrow that
  way in the same places (1 good from a joined hold), or stopped by a boosted shield;
- a heavy shot is stopped only by a boosted shield covering that side (shield battery and
  booster battery);
- on Ship IIA the two columns are hit at once: one shield (boosted or not) covers both,
  each large meteor needs its own shot.
Rough Roads: Bad Luck (-1 for each hit that reaches the ship, bounced or shielded too),
Murphy's Law (a roll of its result hits twice), Piercing Projectiles (a large meteor or
heavy shot that destroys a tile hits the next one in its line)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

from generator.games.galaxy_trucker.flight.option import Option, distinct, then, then_all
from generator.games.galaxy_trucker.flight.resolvers_combat import fight_options
from generator.games.galaxy_trucker.flight.ship import CONNECTORS, DIRECTION_NAMES, Cell, N, S
from generator.games.keep_on_trucking.flight.damage import destroy
from generator.games.keep_on_trucking.flight.geometry import (
    Strike,
    arrow_sides,
    joined_to,
    landings,
)
from generator.games.keep_on_trucking.flight.strength import Power, cannon_powers, throw
from generator.games.keep_on_trucking.flight.tstate import (
    TFlight,
    TState,
    battery_words,
    can_pay,
    spend,
)

Rolls = tuple[tuple[int, int], ...]
SIDE_WORDS = ("front", "right", "rear", "left")
EDGE_WORDS = ("top", "right", "bottom", "left")


def line_words(flight: TFlight, strike: Strike) -> str:
    line = "column" if strike.side in (N, S) else "row"
    if strike.how == "labels":
        sums = flight.ship.board.labels[strike.number]
        label = f"{sums[0]}-{sums[-1]}" if len(sums) > 1 else str(sums[0])
        return (
            f"the printed {line} labelled {label} ({line} {strike.number}), entering from the "
            f"{EDGE_WORDS[strike.side]} edge"
        )
    if strike.how == "wrapped":
        return f"wraps round: from the {SIDE_WORDS[strike.side]}, {line} {strike.number}"
    return f"{line} {strike.number}"


def _shields(flight: TFlight, state: TState, side: int) -> list[Cell]:
    ship = flight.ship
    return [
        c
        for c in ship.where(lambda k: k.shield, state.present)
        if flight.works(c) and side in ship.parts[c].shield_covers()
    ]


def _boosted_shields(flight: TFlight, state: TState, side: int) -> list[Cell]:
    ship = flight.ship
    return [
        c
        for c in _shields(flight, state, side)
        if any(
            flight.works(b)
            for b in joined_to(ship, c, state.present, lambda k: k.name == "shield-booster")
        )
    ]


def meteor_gunners(
    flight: TFlight, state: TState, side: int, number: int
) -> list[tuple[str, Cell]]:
    """What can shoot a large meteor from `side` on line `number`: single cannons first
    (free), then double cannons (1 battery), then catapults (1 good)."""
    ship = flight.ship

    def in_line(cell: Cell) -> bool:
        if side in (N, S):
            return cell[1] == number
        return abs(cell[0] - number) <= 1

    found: list[tuple[int, str, Cell]] = []
    for cell in ship.where(lambda k: k.cannon, state.present):
        if flight.works(cell) and ship.parts[cell].facing("cannon") == side and in_line(cell):
            double = ship.parts[cell].type.strength == 2
            found.append((1 if double else 0, "double cannon" if double else "cannon", cell))
    for cell in ship.where(lambda k: k.name == "catapult", state.present):
        if flight.works(cell) and side in arrow_sides(ship, cell) and in_line(cell):
            if any(
                load
                for c, load in state.cargo
                if c in joined_to(ship, cell, state.present, lambda k: k.hold)
            ):
                found.append((2, "catapult", cell))
    return [(what, cell) for _, what, cell in sorted(found)]


def _targets(flight: TFlight, state: TState, spots: list[Strike]) -> list[tuple[Strike, Cell]]:
    found = []
    for spot in spots:
        line = flight.ship.line(spot.side, spot.number, state.present)
        if line:
            found.append((spot, line[0]))
    return found


def _pay(state: TState, count: int, why: str) -> tuple[TState, str] | None:
    if not can_pay(state, count):
        return None
    after, used, free = spend(state, count)
    return after, f"{why} ({battery_words(count, used, free)})"


def _hit_all(
    flight: TFlight, state: TState, targets: list[tuple[Strike, Cell]], head: str, piercing: bool
) -> list[Option[TState]]:
    """Every target not stopped is struck in turn (a tile already gone is looked up again
    in its line)."""
    options = [Option(state)]
    for spot, _cell in targets:

        def step(s: TState, spot: Strike = spot) -> list[Option[TState]]:
            line = flight.ship.line(spot.side, spot.number, s.present)
            if not line:
                return [Option(s, 0, (f"Nothing is left in {line_words(flight, spot)}.",))]
            first = destroy(flight, s, line[0], "It hits")
            if not piercing:
                return first
            return then_all(first, functools.partial(_pierce, flight, spot=spot))

        options = then_all(options, step)
    return options


def _always(option: Option[TState]) -> Callable[[TState], list[Option[TState]]]:
    """A step whose one option is `option`, whatever the state before it."""
    return lambda _state: [option]


def _pierce(flight: TFlight, state: TState, spot: Strike) -> list[Option[TState]]:
    line = flight.ship.line(spot.side, spot.number, state.present)
    if not line:
        return [Option(state)]
    target = line[0]
    if flight.ship.parts[target].sides[spot.side] == "plating":
        return [
            Option(state, 0, (f"Piercing: the plated side of {flight.label(target)} stops it.",))
        ]
    return destroy(flight, state, target, "Piercing Projectiles: it goes on")


def strike(
    flight: TFlight,
    state: TState,
    index: int,
    size: str,
    came_from: str,
    roll: tuple[int, int],
    noun: str,
) -> list[Option[TState]]:
    total = roll[0] + roll[1]
    spots = landings(flight.ship.board, came_from, total, flight.front_edge, state.flipped)
    what = f"{noun} {index}"
    big = size == "large"
    label = ("heavy" if big else "light") if noun == "shot" else size
    flip = " (the ship is turned round: Gravitational Anomaly)" if state.flipped else ""
    head = (
        f"{noun.capitalize()} {index} ({label}, from the {came_from}{flip}), roll "
        f"{roll[0]}+{roll[1]} = {total}"
    )
    times = 1
    murphy = flight.road("murphys-law")
    if murphy and murphy[0]:
        result = sum(murphy[0])
        same = {result, 14 - result} if flight.ship.board.hits == "mirror" else {result}
        if flight.ship.board.hits == "labels":
            line = [n for n, sums in flight.ship.board.labels.items() if result in sums]
            same = {t for n in line for t in flight.ship.board.labels[n]}
        if total in same:
            times = 2
    options = [Option(state)]
    for time in range(times):
        extra = " (Murphy's Law: it hits a second time)" if time else ""

        def once(s: TState, extra: str = extra) -> list[Option[TState]]:
            return _strike_once(flight, s, spots, head + extra, big, noun, what)

        options = then_all(options, once)
    return options


def _strike_once(
    flight: TFlight,
    state: TState,
    spots: list[Strike],
    head: str,
    big: bool,
    noun: str,
    what: str,
) -> list[Option[TState]]:
    if not spots:
        return [Option(state, 0, (f"{head}: it misses the ship's lines.",))]
    targets = _targets(flight, state, spots)
    where = " and ".join(line_words(flight, s) for s in spots)
    if not targets:
        return [Option(state, 0, (f"{head}: {where}, no tile in that line, it misses.",))]
    side = spots[0].side
    bad_luck = -1 if flight.has("bad-luck") else 0
    lines: list[str] = []
    exposed: list[tuple[Strike, Cell]] = []
    value = 0
    for spot, cell in targets:
        facing = flight.ship.parts[cell].sides[side]
        at = f"{head}: {line_words(flight, spot)}, first tile {flight.label(cell)}"
        if facing == "plating":
            lines.append(f"{at}: it bounces off the plated side.")
            value += bad_luck
        elif noun == "meteor" and not big and facing not in CONNECTORS:
            word = {"cannon": "barrel", "engine": "exhaust"}.get(facing, "smooth side")
            lines.append(f"{at}: it bounces off the {word}.")
            value += bad_luck
        else:
            exposed.append((spot, cell))
            if noun == "meteor" and not big:
                lines.append(f"{at} (exposed {facing} connector on its {DIRECTION_NAMES[side]}).")
            else:
                lines.append(f"{at}.")
    base = Option(state, value, tuple(lines))
    if not exposed:
        return [base]
    piercing = big and flight.has("piercing-projectiles")
    if not big:
        return then(base, lambda s: _shielded(flight, s, exposed, side, head, what, bad_luck))
    if noun == "shot":
        return then(
            base, lambda s: _boosted(flight, s, exposed, side, head, what, bad_luck, piercing)
        )
    # Large meteors: one shot per line, or a boosted shield for all of them.
    shielded = _boosted_only(flight, state, side, what, bad_luck * len(exposed))
    options = [Option(base.state, base.value, base.lines)]
    for spot, _cell in exposed:
        shoot = functools.partial(
            _shoot, flight, spot=spot, head=head, what=what, bad_luck=bad_luck, piercing=piercing
        )
        options = then_all(options, shoot)
    if not shielded:
        return options
    found = [o for s in shielded for o in then(base, _always(s))]
    # Beside the boosted shield, every other way is the player's choice not to use it.
    others = [replace(o, choices=o.choices or (f"let {what} hit",)) for o in options]
    return distinct(found + others)


def _shielded(
    flight: TFlight,
    state: TState,
    exposed: list[tuple[Strike, Cell]],
    side: int,
    head: str,
    what: str,
    bad_luck: int,
) -> list[Option[TState]]:
    hit = _hit_all(flight, state, exposed, head, False)
    shields = _shields(flight, state, side)
    paid = (
        _pay(state, 1, f"shield {flight.ship.parts[shields[0]].tile.id} stops it")
        if shields
        else None
    )
    reach = bad_luck * len(exposed)
    taken = [
        replace(
            o,
            value=o.value + reach,
            choices=(f"let {what} hit (keeping the battery)", *o.choices) if paid else o.choices,
        )
        for o in hit
    ]
    if paid is None:
        return taken
    after, words = paid
    return [Option(after, reach, (f"{words}.",), (f"shield {what}",)), *taken]


def _boosted_only(
    flight: TFlight, state: TState, side: int, what: str, reach: int
) -> list[Option[TState]]:
    shields = _boosted_shields(flight, state, side)
    if not shields:
        return []
    paid = _pay(
        state,
        2,
        f"boosted shield {flight.ship.parts[shields[0]].tile.id} stops it (shield and booster)",
    )
    if paid is None:
        return []
    after, words = paid
    return [Option(after, reach, (f"{words}.",), (f"boost the shield against {what}",))]


def _boosted(
    flight: TFlight,
    state: TState,
    exposed: list[tuple[Strike, Cell]],
    side: int,
    head: str,
    what: str,
    bad_luck: int,
    piercing: bool,
) -> list[Option[TState]]:
    reach = bad_luck * len(exposed)
    hit = _hit_all(flight, state, exposed, head, piercing)
    shielded = _boosted_only(flight, state, side, what, reach)
    why = "a heavy shot is stopped only by a boosted shield"
    taken = [
        replace(
            o,
            value=o.value + reach,
            lines=(f"{why}.", *o.lines),
            choices=(f"let {what} hit", *o.choices) if shielded else o.choices,
        )
        for o in hit
    ]
    return [*shielded, *taken]


def _shoot(
    flight: TFlight,
    state: TState,
    spot: Strike,
    head: str,
    what: str,
    bad_luck: int,
    piercing: bool,
) -> list[Option[TState]]:
    line = flight.ship.line(spot.side, spot.number, state.present)
    if not line:
        return [Option(state)]
    gunners = meteor_gunners(flight, state, spot.side, spot.number)
    hit = [
        replace(o, value=o.value + bad_luck)
        for o in _hit_all(flight, state, [(spot, line[0])], head, piercing)
    ]
    for kind, cell in gunners:
        if kind == "cannon":
            return [Option(state, 0, (f"Cannon {flight.label(cell)} shoots it down.",))]
    options = []
    for kind, cell in gunners:
        if kind == "double cannon":
            paid = _pay(state, 1, f"double cannon {flight.label(cell)} shoots it down")
            if paid:
                options.append(Option(paid[0], 0, (f"{paid[1]}.",), (f"shoot {what}",)))
                break
    for kind, cell in gunners:
        if kind == "catapult":
            thrown = throw(flight, state, cell)
            if thrown:
                after, good = thrown
                options.append(
                    Option(
                        after,
                        0,
                        (f"Catapult {flight.label(cell)} throws a {good} good and destroys it.",),
                        (f"catapult a {good} good at {what}",),
                    )
                )
                break
    if not gunners:
        hit = [replace(o, lines=("No cannon or catapult faces it.", *o.lines)) for o in hit]
    if options:
        hit = [replace(o, choices=(f"let {what} hit", *o.choices)) for o in hit]
    return [*options, *hit]


def volley(
    flight: TFlight,
    state: TState,
    hits: list[tuple[str, str]],
    rolls: Rolls,
    noun: str,
    ignored: str | None = None,
) -> list[Option[TState]]:
    options = [Option(state)]
    for index, ((size, came_from), roll) in enumerate(zip(hits, rolls, strict=True), start=1):
        if ignored is not None and came_from == ignored:
            options = [
                Option(
                    o.state,
                    o.value,
                    (
                        *o.lines,
                        f"Meteor {index} ({size}, from the {came_from}): the side you "
                        "chose, it misses.",
                    ),
                    o.choices,
                )
                for o in options
            ]
            continue
        hit = functools.partial(
            strike, flight, index=index, size=size, came_from=came_from, roll=roll, noun=noun
        )
        options = then_all(options, hit)
    return options


# --- fights ------------------------------------------------------------------------------
def fight(flight: TFlight, state: TState, strength: int) -> list[tuple[TState, str, str, str]]:
    """(state after paying, outcome, words, choice) for each way worth trying."""
    found = []
    for p in cannon_powers(flight, state):
        outcome = "win" if p.power > 2 * strength else "tie" if p.power == 2 * strength else "lose"
        found.append((p, outcome))
    kept: list[tuple[TState, str, str, str]] = []
    order = {"win": 0, "tie": 1, "lose": 2}
    best: dict[str, list[Power]] = {}
    for p, outcome in found:
        others = best.setdefault(outcome, [])
        if any(q.batteries <= p.batteries and len(q.thrown) <= len(p.thrown) for q in others):
            continue
        others.append(p)
    for outcome in sorted(best, key=lambda o: order[o]):
        for p in best[outcome]:
            kept.append((p.state, outcome, f"{p.words} against strength {strength}", p.words))
    return kept


def combat(
    flight: TFlight,
    state: TState,
    strength: int,
    win: Callable[[TState], list[Option[TState]]],
    lose: Callable[[TState], list[Option[TState]]],
) -> list[Option[TState]]:
    return fight_options(fight(flight, state, strength), win, lose)
