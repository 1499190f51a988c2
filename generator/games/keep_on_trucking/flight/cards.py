"""One resolver per card kind on a Keep on Trucking flight (Galaxy Trucker's ten kinds flown
with the new technology, and the expansion's five), each returning every option the
player has, the natural choice first. `resolver` wraps each one with what applies on every
card: the Techie's free battery, Bad Luck's -1 a battery, the Diplomat.

Choices the rules make before the dice are read are not made by the recorded rolls
(ruling): Meteor Vortex's ignored side is the side whose meteors could destroy the most
unprotected components over all 36 rolls of each; a Junkyard row whose cost is meteors or
shots is offered only when that expected count is below one half (EXPECTED_RISK)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from generator.games.galaxy_trucker.flight.option import Option, distinct, then_all
from generator.games.galaxy_trucker.flight.resolvers_trade import epidemic_losses
from generator.games.galaxy_trucker.flight.ship import CONNECTORS, DIRECTION_NAMES, Cell, Part
from generator.games.galaxy_trucker.flight.state import crew_words, lose_goods
from generator.games.keep_on_trucking.flight.combat import (
    combat,
    meteor_gunners,
    strike,
    volley,
)
from generator.games.keep_on_trucking.flight.damage import (
    crew_check,
    drop,
    exploded,
    explosion,
    settle,
    take_sleepers,
)
from generator.games.keep_on_trucking.flight.geometry import coordinate, landings
from generator.games.keep_on_trucking.flight.goods import (
    crew_loss_options,
    gain_crew,
    human_losses,
    joined_words,
    load,
    pay_goods,
    refill_batteries,
)
from generator.games.keep_on_trucking.flight.strength import engine_powers
from generator.games.keep_on_trucking.flight.tstate import TFlight, TState, can_pay, spend

Rolls = tuple[tuple[int, int], ...]
Resolver = Callable[[TFlight, TState, Any, Rolls], list[Option[TState]]]
EXPECTED_RISK = 0.5
DIPLOMAT_KINDS = ("pirates", "slavers", "smugglers")
SIDES = ("front", "right", "rear", "left")


def resolver(inner: Resolver) -> Resolver:
    def run(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
        start = replace(state, free_battery=state.active == "Techie", battery_uses=0)
        options = inner(flight, start, card, rolls)
        if card.kind in DIPLOMAT_KINDS and state.active == "Diplomat":
            gone = replace(start, aliens=tuple(a for a in start.aliens if a[0] != "cyan"))
            options = [
                Option(
                    gone,
                    0,
                    ("Diplomat: the card is ignored (record 0); the diplomat leaves the ship.",),
                    ("send the diplomat",),
                ),
                *[replace(o, choices=("keep the diplomat", *o.choices)) for o in options],
            ]
        kept = []
        for o in options:
            value = o.value
            lines = o.lines
            if flight.has("bad-luck") and o.state.battery_uses:
                value -= o.state.battery_uses
                lines = (
                    *lines,
                    f"Bad Luck: -{o.state.battery_uses} for the batteries and catapult goods used.",
                )
            kept.append(
                replace(
                    o,
                    state=replace(o.state, free_battery=False, battery_uses=0),
                    value=value,
                    lines=lines,
                )
            )
        return distinct(kept)

    return run


# --- meteors -----------------------------------------------------------------------------
def meteoric_swarm(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    hits = [(m.size, m.direction) for m in card.meteors]
    return [
        replace(o, lines=(*o.lines, f"Record {o.value}."))
        for o in volley(flight, state, hits, rolls, "meteor")
    ]


def unprotected(flight: TFlight, state: TState, noun: str, size: str, came_from: str) -> float:
    """Over the 36 rolls, the expected number of components a hit would destroy if the
    player paid for nothing (plating, smooth sides and single cannons protect for free)."""
    board = flight.ship.board
    total = 0
    for a in range(1, 7):
        for b in range(1, 7):
            for spot in landings(board, came_from, a + b, flight.front_edge, state.flipped):
                line = flight.ship.line(spot.side, spot.number, state.present)
                if not line:
                    continue
                facing = flight.ship.parts[line[0]].sides[spot.side]
                if facing == "plating":
                    continue
                if noun == "meteor" and size == "small" and facing not in CONNECTORS:
                    continue
                if noun == "meteor" and size == "large":
                    if any(
                        k == "cannon"
                        for k, _ in meteor_gunners(flight, state, spot.side, spot.number)
                    ):
                        continue
                total += 1
    return total / 36


def vortex_side(flight: TFlight, state: TState, card: Any) -> tuple[str, list[str]]:
    risk: dict[str, float] = {}
    for m in card.meteors:
        risk[m.direction] = risk.get(m.direction, 0.0) + unprotected(
            flight, state, "meteor", m.size, m.direction
        )
    side = max(risk, key=lambda d: (risk[d], -list(risk).index(d)))
    words = ", ".join(f"{d} {v:.2f}" for d, v in risk.items())
    return side, [
        f"Side ignored: {side}, chosen before the rolls are read (the side whose meteors could "
        f"destroy the most unprotected components, expected over all rolls: {words})."
    ]


def meteor_vortex(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    side, lines = vortex_side(flight, state, card)
    hits = [(m.size, m.direction) for m in card.meteors]
    return [
        replace(o, lines=(*lines, *o.lines, f"Record {o.value}."))
        for o in volley(flight, state, hits, rolls, "meteor", ignored=side)
    ]


# --- fights ------------------------------------------------------------------------------
def pirates(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    value = card.credits - card.days

    def win(s: TState) -> list[Option[TState]]:
        return [
            Option(s, value, (f"Record {card.credits} credits - {card.days} day(s) = {value}.",))
        ]

    def lose(s: TState) -> list[Option[TState]]:
        hits = [(shot.size, shot.direction) for shot in card.shots]
        return [
            replace(o, lines=(*o.lines, f"Record {o.value}."))
            for o in volley(flight, s, hits, rolls, "shot")
        ]

    return combat(flight, state, card.strength, win, lose)


def slavers(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    value = card.credits - card.days

    def win(s: TState) -> list[Option[TState]]:
        return [
            Option(s, value, (f"Record {card.credits} credits - {card.days} day(s) = {value}.",))
        ]

    def lose(s: TState) -> list[Option[TState]]:
        options = []
        ways = crew_loss_options(flight, s, card.crew_lost, keep_a_human=False)
        # A forced loss larger than the awake crew takes sleepers too.
        excess = max(0, card.crew_lost - s.crew_count)
        for after, who in ways:
            if excess:
                after, taken = take_sleepers(after, excess)
                if taken:
                    who += f" and {taken} sleeper{'s' if taken != 1 else ''}"
            left = crew_words(after)  # before any sleeper wakes (said next)
            after, more = crew_check(flight, after, s.crew_count)
            options.append(
                Option(
                    after,
                    0,
                    (f"They take {who}; left aboard: {left}.", *more, "Record 0."),
                    (f"give up {who}",) if len(ways) > 1 else (),
                )
            )
        return options

    return combat(flight, state, card.strength, win, lose)


def smugglers(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    def win(s: TState) -> list[Option[TState]]:
        options = []
        for after, lines, _n in load(flight, s, list(card.goods)):
            options.append(
                Option(
                    after,
                    -card.days,
                    (
                        f"Loaded {flight.goods_words(list(card.goods))}; "
                        + joined_words(lines)
                        + f"; record -{card.days}.",
                    ),
                    ("take the goods",),
                )
            )
        skip = Option(s, 0, ("Left their goods: record 0.",), ("leave the goods",))
        return distinct([*options, skip])

    def lose(s: TState) -> list[Option[TState]]:
        after, taken = lose_goods(flight, s, card.goods_lost)
        short = card.goods_lost - len(taken)
        lines = [f"They take goods: {flight.goods_words(taken)}." if taken else "No goods to take."]
        ways = [(after, lines, short)]
        if short and flight.has("union-ship"):
            # Union Ship: missing goods are paid in crew, 1 each, while a human can stay;
            # the player picks the cabins (a stasis chamber may refill one).
            crew = min(short, max(0, after.crew_count - 1), max(0, after.human_count - 1))
            if crew:
                ways = []
                for paid, who, _n in human_losses(flight, after, crew):
                    woke, more = crew_check(flight, paid, after.crew_count)
                    words = f"Union Ship: they take {who} instead of goods."
                    ways.append((woke, [*lines, words, *more], short - crew))
        return [_batteries_for_goods(s2, more, left) for s2, more, left in ways]

    def _batteries_for_goods(after: TState, lines: list[str], short: int) -> Option[TState]:
        if short:
            batteries = min(short, after.battery_count)
            charges = dict(after.charges)
            for _ in range(batteries):
                cell = max(charges, key=lambda c: (charges[c], -c[0], -c[1]))
                charges[cell] -= 1
            after = replace(after, charges=tuple(sorted(charges.items())))
            lines = [
                *lines,
                f"They take {batteries} batter{'ies' if batteries != 1 else 'y'} instead."
                if batteries
                else "No batteries either: they make fun of you and leave.",
            ]
        return Option(after, 0, (*lines, "Record 0."))

    return combat(flight, state, card.strength, win, lose)


# --- engines -----------------------------------------------------------------------------
def _engines(flight: TFlight, state: TState, twice: bool) -> list[Option[TState]]:
    # Gravitational Anomaly: only Open Space spins the ship (rough-roads.yaml).
    options = []
    for p in engine_powers(flight, state):
        power = max(p.power, 0)
        value = 2 * power if twice else power
        lines = [p.words + (f": record 2 × {power} = {value}." if twice else f": record {value}.")]
        after = p.state
        if power <= 0:
            after = replace(after, out="adrift in open space (engine strength 0)")
            lines.append("Engine strength 0: the ship is adrift and out of the round.")
        elif state.active == "Micronavigator":
            value += 1
            lines.append("Micronavigator: +1 (flight days gained).")
        if flight.has("gravitational-anomaly") and not after.out and not twice:
            after = replace(after, flipped=not after.flipped)
            lines.append(
                "Gravitational Anomaly: the ship spins round - "
                + (
                    "front and rear, left and right swap until the next Open Space."
                    if after.flipped
                    else "it faces the way it was built again."
                )
            )
        options.append(Option(after, value, tuple(lines), (p.words,)))
    if len(options) == 1:
        options = [replace(options[0], choices=())]
    return options


def open_space(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    return _engines(flight, state, False)


def wide_open_space(
    flight: TFlight, state: TState, card: Any, rolls: Rolls
) -> list[Option[TState]]:
    return _engines(flight, state, True)


# --- goods -------------------------------------------------------------------------------
def planets(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    options = []
    locals_roll = flight.road("paranoid-locals")
    for i, goods in enumerate(card.planets, start=1):
        start = [
            Option(
                state,
                -card.days,
                (f"Landed on planet {i} ({flight.goods_words(goods)}).",),
                (f"land on planet {i}",),
            )
        ]
        if locals_roll:
            start = then_all(
                start,
                lambda s: [
                    replace(o, lines=("Paranoid Locals fire:", *o.lines))
                    for o in strike(flight, s, 1, "small", "front", locals_roll[0], "shot")
                ],
            )
        for o in start:
            if o.state.out:
                options.append(o)
                continue
            for after, lines, _n in load(flight, o.state, list(goods)):
                options.append(
                    Option(
                        after,
                        o.value,
                        (*o.lines, joined_words(lines) + f"; record -{card.days}."),
                        o.choices,
                    )
                )
    options.sort(key=lambda o: -flight.goods_value(o.state.goods()))
    options.append(Option(state, 0, ("Flew past: record 0.",), ("fly past",)))
    return distinct(options)


def abandoned_station(
    flight: TFlight, state: TState, card: Any, rolls: Rolls
) -> list[Option[TState]]:
    head = f"Crew aboard: {crew_words(state)} ({state.crew_count}; {card.crew_needed} needed)."
    if state.crew_count < card.crew_needed:
        return [Option(state, 0, (head, "Too few crew to enter the station: record 0."))]
    options = [
        Option(
            after,
            -card.days,
            (
                head,
                f"Docked and loaded {flight.goods_words(list(card.goods))}; "
                + joined_words(lines)
                + f"; record -{card.days}.",
            ),
            ("dock and load",),
        )
        for after, lines, _n in load(flight, state, list(card.goods))
    ]
    options.append(Option(state, 0, (head, "Flew past: record 0."), ("fly past",)))
    return distinct(options)


def _union(flight: TFlight, state: TState, crew: int) -> tuple[TState, str] | None:
    if not flight.has("union-ship"):
        return state, ""
    paid = pay_goods(flight, state, crew)
    if paid is None:
        return None
    return paid[0], f" Union Ship: also paid {flight.goods_words(paid[1])}."


def abandoned_ship(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    value = card.credits - card.days
    head = f"Crew aboard: {crew_words(state)}."
    options = []
    if state.crew_count >= card.crew_lost:
        for after, who in crew_loss_options(flight, state, card.crew_lost, keep_a_human=True):
            union = _union(flight, after, card.crew_lost)
            if union is None:
                continue
            after, words = union
            after, more = crew_check(flight, after, state.crew_count)
            options.append(
                Option(
                    after,
                    value,
                    (
                        head,
                        f"Took the ship: {who} stay behind; record {card.credits} credits "
                        f"- {card.days} day(s) = {value}.{words}",
                        *more,
                    ),
                    (f"take the ship, leaving {who}",),
                )
            )
    options.append(
        Option(state, 0, (head, "Flew past: record 0."), ("fly past",) if options else ())
    )
    return distinct(options)


def stardust(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    exposed = flight.ship.exposed(state.present)
    where = ", ".join(f"{flight.ship.parts[c].tile.id} {DIRECTION_NAMES[d]}" for c, d in exposed)
    return [
        Option(
            state,
            -len(exposed),
            (
                f"{len(exposed)} exposed connectors ({where or 'none'}; plated sides are not "
                f"connectors): record -{len(exposed)}.",
            ),
        )
    ]


def epidemic(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    after, lines = epidemic_losses(flight, state)
    after, more = crew_check(flight, after, state.crew_count)
    return [Option(after, 0, (*lines, *more, "Record 0."))]


# --- the expansion's cards ---------------------------------------------------------------
def _counted(flight: TFlight, state: TState, component: str) -> list[Cell]:
    ship = flight.ship
    facts: dict[str, Callable[[Part], bool]] = {
        "single-cannon": lambda p: p.does.cannon and (p.type.strength or 1) == 1,
        "double-cannon": lambda p: p.does.cannon and p.type.strength == 2,
        "single-engine": lambda p: p.does.engine and (p.type.strength or 1) == 1,
        "double-engine": lambda p: p.does.engine and p.type.strength == 2,
        "shield": lambda p: p.does.shield,
        "battery": lambda p: p.does.battery,
    }
    fact = facts[component]
    return [c for c in ship.order if c in state.present and fact(ship.parts[c])]


def antitrust_check(
    flight: TFlight, state: TState, card: Any, rolls: Rolls
) -> list[Option[TState]]:
    options = [Option(state)]
    for number, limit in enumerate(card.limits, start=1):

        def line(s: TState, n: int = number, lim: Any = limit) -> list[Option[TState]]:
            found = _counted(flight, s, lim.component)
            words = lim.component.replace("-", " ")
            if len(found) <= lim.limit:
                return [
                    Option(
                        s,
                        0,
                        (
                            f"Line {n}: {len(found)} × {words}, limit {lim.limit}: "
                            "nothing to give up.",
                        ),
                    )
                ]
            ways = []
            for cell in found:
                after, held = drop(flight, s, [cell])
                head = (
                    f"Line {n}: {len(found)} × {words}, limit {lim.limit}: give up "
                    f"{flight.label(cell)}"
                    + (f", with {', '.join(held)}" if held else "")
                    + " (1 Lost Component)."
                )
                for o in settle(flight, after, (head,), s.crew_count):
                    ways.append(replace(o, choices=(f"give up {flight.label(cell)}", *o.choices)))
            return distinct(ways)

        options = then_all(options, line)
    return [replace(o, lines=(*o.lines, "Record 0.")) for o in options]


def _row_hits(card: Any, rolls: Rolls) -> list[tuple[list[tuple[str, str, str]], Rolls]]:
    """Per row: its hits (noun, size, from) and their hidden rolls."""
    found = []
    at = 0
    for row in card.rows:
        hits = [("meteor", m.size, m.direction) for m in row.cost.meteors or []]
        hits += [("shot", s.size, s.direction) for s in row.cost.shots or []]
        found.append((hits, rolls[at : at + len(hits)]))
        at += len(hits)
    return found


def _reward(flight: TFlight, state: TState, reward: Any) -> list[tuple[TState, int, str]]:
    """(state, Event box value, words) for one reward."""
    value = reward.credits or 0
    words = []
    ways: list[tuple[TState, list[str]]] = [(state, [])]
    if reward.credits:
        words.append(f"+{reward.credits} credits")
    if reward.days:
        value += reward.days
        words.append(f"+{reward.days} days")
        if state.active == "Micronavigator":
            value += 1
            words.append("+1 Micronavigator (days gained)")
    if reward.batteries:
        s, given = refill_batteries(flight, state, reward.batteries)
        ways = [(s, [f"{given} of {reward.batteries} batteries fit"])]
    if reward.crew:
        s, given = gain_crew(flight, ways[0][0], reward.crew)
        ways = [(s, [*ways[0][1], f"{given} of {reward.crew} crew fit"])]
    if reward.goods:
        grown = []
        for s, lines in ways:
            for after, more, _n in load(flight, s, list(reward.goods)):
                grown.append(
                    (
                        after,
                        [
                            *lines,
                            f"loaded {flight.goods_words(list(reward.goods))}: "
                            + joined_words(more),
                        ],
                    )
                )
        ways = grown
    return [(s, value, ", ".join(words + lines) or "nothing") for s, lines in ways]


def junkyard(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    from generator.games.keep_on_trucking.card_kinds import row_words

    options = []
    for number, (row, (hits, hit_rolls)) in enumerate(
        zip(card.rows, _row_hits(card, rolls), strict=True), start=1
    ):
        cost = row.cost
        title = row_words(number, row)
        if hits:
            risk = sum(unprotected(flight, state, n, z, f) for n, z, f in hits)
            if risk >= EXPECTED_RISK:
                continue
        starts: list[Option[TState]] = []
        if cost.crew:
            if state.crew_count < cost.crew:
                continue
            for after, who in crew_loss_options(flight, state, cost.crew, keep_a_human=True):
                union = _union(flight, after, cost.crew)
                if union is None:
                    continue
                after, extra = union
                after, more = crew_check(flight, after, state.crew_count)
                starts.append(
                    Option(
                        after,
                        0,
                        (f"{title}: gave up {who}.{extra}", *more),
                        (f"row {number}, giving up {who}",),
                    )
                )
        else:
            starts.append(Option(state, 0, (f"{title}.",), (f"row {number}",)))
        if cost.batteries:
            paid = []
            for o in starts:
                if not can_pay(o.state, cost.batteries) or o.state.battery_count < cost.batteries:
                    continue
                after, _used, _free = spend(o.state, cost.batteries)
                after = replace(after, battery_uses=after.battery_uses)
                paid.append(
                    replace(o, state=after, lines=(*o.lines, f"Paid {cost.batteries} batteries."))
                )
            starts = paid
        if cost.goods:
            paid = []
            for o in starts:
                found = pay_goods(flight, o.state, cost.goods)
                if found is None:
                    continue
                paid.append(
                    replace(
                        o,
                        state=found[0],
                        lines=(*o.lines, f"Paid goods {flight.goods_words(found[1])}."),
                    )
                )
            starts = paid
        if cost.days:
            starts = [
                replace(o, value=o.value - cost.days, lines=(*o.lines, f"-{cost.days} day(s)."))
                for o in starts
            ]
        if hits:
            noun = hits[0][0]
            for k, ((n, z, f), roll) in enumerate(zip(hits, hit_rolls, strict=True), start=1):
                hit = functools.partial(
                    strike, flight, index=k, size=z, came_from=f, roll=roll, noun=n
                )
                starts = then_all(starts, hit)
            starts = [
                replace(
                    o,
                    lines=(
                        f"(Row {number}'s hidden {noun} rolls, read only now; "
                        "the row was chosen without them.)",
                        *o.lines,
                    ),
                )
                if not o.lines[0].startswith("(")
                else o
                for o in starts
            ]
        for o in starts:
            if o.state.out:
                options.append(o)
                continue
            for k, reward in enumerate(row.reward, start=1):
                for after, value, words in _reward(flight, o.state, reward):
                    choice = (f"reward {k}",) if len(row.reward) > 1 else ()
                    total = o.value + value
                    options.append(
                        Option(
                            after,
                            total,
                            (*o.lines, f"Reward: {words}; record {total}."),
                            o.choices + choice,
                        )
                    )
    options.append(Option(state, 0, ("Took no row: record 0.",), ("take no row",)))
    return distinct(options)


def bad_day(flight: TFlight, state: TState, card: Any, rolls: Rolls) -> list[Option[TState]]:
    from generator.games.keep_on_trucking.card_kinds import BAD_DAY_ROWS

    rows = BAD_DAY_ROWS[min(flight.rnd.round, 3)]
    options = [
        replace(o, lines=("Epidemic:", *o.lines[:-1])) for o in epidemic(flight, state, card, rolls)
    ]
    if "sabotage" in rows:

        def sabotage(s: TState) -> list[Option[TState]]:
            board = flight.ship.board
            for k in range(card.sabotage_rolls):
                row_roll, column_roll = rolls[2 * k], rolls[2 * k + 1]
                row = coordinate(board, "row", sum(row_roll))
                column = coordinate(board, "column", sum(column_roll))
                where = f"try {k + 1}: row roll {sum(row_roll)}, column roll {sum(column_roll)}"
                if row is None or column is None or (row, column) not in s.present:
                    continue
                cells = explosion(flight, s, (row, column))
                after, lines = _drop_line(flight, s, (row, column), f"Sabotage {where}")
                if len(cells) > 1:
                    after, _held = drop(flight, after, cells[1:])
                return settle(flight, after, lines + exploded(flight, cells), s.crew_count)
            return [Option(s, 0, ("Sabotage: no try names a component; nothing happens.",))]

        options = then_all(options, sabotage)
    if "stardust" in rows:
        options = then_all(
            options,
            lambda s: [
                replace(o, lines=("Stardust:", *o.lines)) for o in stardust(flight, s, card, rolls)
            ],
        )
    return [replace(o, lines=(*o.lines, f"Record {o.value}.")) for o in options]


def _drop_line(
    flight: TFlight, state: TState, cell: Cell, why: str
) -> tuple[TState, tuple[str, ...]]:
    label = flight.label(cell)
    after, held = drop(flight, state, [cell])
    return after, (
        f"{why}: {label} is destroyed (plating does not help)"
        + (f", with {', '.join(held)}" if held else "")
        + ".",
    )


RESOLVERS: dict[str, Resolver] = {
    "meteoric-swarm": meteoric_swarm,
    "meteor-vortex": meteor_vortex,
    "pirates": pirates,
    "slavers": slavers,
    "smugglers": smugglers,
    "open-space": open_space,
    "wide-open-space": wide_open_space,
    "planets": planets,
    "abandoned-station": abandoned_station,
    "abandoned-ship": abandoned_ship,
    "stardust": stardust,
    "epidemic": epidemic,
    "antitrust-check": antitrust_check,
    "junkyard": junkyard,
    "bad-day": bad_day,
}
