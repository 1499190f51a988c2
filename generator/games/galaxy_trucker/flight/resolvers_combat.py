"""Resolvers of the cards that shoot or fight: meteoric swarms, pirates, slavers, smugglers.

Rulings (shared/DESIGN.md): each meteor and each shot has its own 2d6 roll naming a row
(from a side) or a column (from the front or rear); a line with no tile misses. A small
meteor bounces off a smooth side (barrels and exhausts count as smooth) or off a shield
covering that side (1 battery). A large meteor is shot by a cannon facing it: from the front
or rear, one in that column; from a side, one in that row or either adjacent row; a double
cannon costs a battery per shot. Small pirate shots are stopped only by a shield; large
ones by nothing. What is not stopped destroys the first tile in its line."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from generator.games.galaxy_trucker.card_kinds import MeteoricSwarmCard as MeteoricSwarm
from generator.games.galaxy_trucker.card_kinds import PiratesCard as Pirates
from generator.games.galaxy_trucker.card_kinds import SlaversCard as Slavers
from generator.games.galaxy_trucker.card_kinds import SmugglersCard as Smugglers
from generator.games.galaxy_trucker.flight.damage import crew_check, destroy
from generator.games.galaxy_trucker.flight.option import Option, distinct, then_all
from generator.games.galaxy_trucker.flight.resolvers_trade import StateT, crew_loss_options
from generator.games.galaxy_trucker.flight.ship import (
    CONNECTORS,
    DIRECTION_NAMES,
    FROM_SIDE,
    Cell,
    N,
    S,
    cell_name,
)
from generator.games.galaxy_trucker.flight.state import (
    Flight,
    State,
    arrange,
    cannon_options,
    crew_words,
    halves,
    lose_goods,
    spend,
)

Rolls = tuple[tuple[int, int], ...]


def _line_words(side: int, number: int) -> str:
    return f"{'column' if side in (N, S) else 'row'} {number}"


def _shields(flight: Flight, present: frozenset[Cell], side: int) -> list[Cell]:
    return [
        c
        for c in flight.ship.having("shield", present)
        if side in flight.ship.parts[c].shield_covers()
    ]


def _gunners(flight: Flight, present: frozenset[Cell], side: int, number: int) -> list[Cell]:
    """Cannons that can shoot a large meteor coming from `side` along line `number`."""
    found = []
    for cell in flight.ship.having("cannon", present):
        if flight.ship.parts[cell].facing("cannon") != side:
            continue
        if side in (N, S) and cell[1] == number:
            found.append(cell)
        elif side not in (N, S) and abs(cell[0] - number) <= 1:
            found.append(cell)
    # Single cannons first: they shoot for free.
    return sorted(found, key=lambda c: (flight.ship.parts[c].type.strength or 1, c))


def _battery_or_hit(
    flight: Flight, state: State, target: Cell, head: str, saved: str, choice: str, what: str
) -> list[Option]:
    """One battery saves the tile (`saved` says how), or the player lets the hit land and
    keeps the battery for later."""
    hit = destroy(flight, state, target, head)
    after, used = spend(state, 1)
    spent = Option(after, 0, (f"{saved} (1 battery from {cell_name(used[0])}).",), (choice,))
    let = f"let {what} hit (keeping the battery)"
    taken = [Option(o.state, o.value, o.lines, (let, *o.choices)) for o in hit]
    return [spent, *taken]


# What a meteor or a shot does to a ship, before what the ship holds is counted:
# ("pass", line): nothing is destroyed (it misses, bounces off, is shot down for free);
# ("destroy", cell, why): the tile in `cell` is destroyed;
# ("battery", cell, head, saved, choice, what): a battery saves the tile, or it is destroyed.
Aim = tuple[Any, ...]


def _strike(
    flight: Flight,
    state: State,
    index: int,
    size: str,
    came_from: str,
    roll: tuple[int, int],
    noun: str,
) -> list[Option]:
    # Where it strikes and what can stop it depend only on the tiles present and whether a
    # battery is left: worked out once per flight for each (the search meets the same ship
    # with other crew, goods and charges again and again).
    charged = state.battery_count > 0
    key = ("strike", index, size, came_from, roll, noun, state.present, charged)
    aim: Aim | None = flight.memo.get(key)
    if aim is None:
        aim = flight.memo[key] = _aim(
            flight, state.present, charged, index, size, came_from, roll, noun
        )
    if aim[0] == "pass":
        return [Option(state, 0, (aim[1],))]
    if aim[0] == "destroy":
        return destroy(flight, state, aim[1], aim[2])
    return _battery_or_hit(flight, state, *aim[1:])


def _aim(
    flight: Flight,
    present: frozenset[Cell],
    charged: bool,
    index: int,
    size: str,
    came_from: str,
    roll: tuple[int, int],
    noun: str,
) -> Aim:
    side = FROM_SIDE[came_from]
    number = roll[0] + roll[1]
    what = f"{noun} {index}"
    head = (
        f"{noun.capitalize()} {index} ({size}, from the {came_from}), roll {roll[0]}+{roll[1]} = "
        f"{number}: {_line_words(side, number)}"
    )
    line = flight.ship.line(side, number, present)
    if not line:
        return ("pass", f"{head}: no tile in that line, it misses.")
    target = line[0]
    facing = flight.ship.parts[target].sides[side]
    head_hit = f"{head}, first tile {flight.label(target)}"
    if noun == "meteor" and size == "small":
        if facing not in CONNECTORS:
            word = {"cannon": "barrel", "engine": "exhaust"}.get(facing, "smooth side")
            return ("pass", f"{head_hit}: it bounces off the {word}.")
        exposed = f"{head_hit} (exposed {facing} connector on its {DIRECTION_NAMES[side]})"
        return _shield_or_hit(flight, present, charged, exposed, side, target, what)
    if noun == "shot" and size == "small":
        return _shield_or_hit(flight, present, charged, head_hit, side, target, what)
    if noun == "shot":
        return ("destroy", target, f"{head_hit}: a large shot cannot be stopped")
    gunners = _gunners(flight, present, side, number)
    single = [c for c in gunners if (flight.ship.parts[c].type.strength or 1) == 1]
    if single:
        return ("pass", f"{head_hit}: cannon {flight.label(single[0])} shoots it down.")
    if not gunners:
        return ("destroy", target, f"{head_hit}: no cannon faces it")
    if not charged:
        return ("destroy", target, f"{head_hit}: no battery left for the double cannon")
    cannon = f"double cannon {flight.label(gunners[0])}"
    saved = f"{head_hit}: {cannon} shoots it down"
    return ("battery", target, head_hit, saved, f"shoot {what}", what)


def _shield_or_hit(
    flight: Flight,
    present: frozenset[Cell],
    charged: bool,
    head: str,
    side: int,
    target: Cell,
    what: str,
) -> Aim:
    shields = _shields(flight, present, side)
    if not shields:
        return ("destroy", target, head)
    if not charged:
        return ("destroy", target, f"{head}; no battery left for the shield")
    shield = f"shield {flight.ship.parts[shields[0]].tile.id} at {cell_name(shields[0])}"
    return ("battery", target, head, f"{head}: {shield} stops it", f"shield {what}", what)


def _volley(
    flight: Flight, state: State, hits: Sequence[tuple[str, str]], rolls: Rolls, noun: str
) -> list[Option]:
    options = [Option(state)]
    for index, ((size, came_from), roll) in enumerate(zip(hits, rolls, strict=True), start=1):
        strike = functools.partial(
            _strike, flight, index=index, size=size, came_from=came_from, roll=roll, noun=noun
        )
        options = then_all(options, strike)
    return options


def meteoric_swarm(flight: Flight, state: State, card: MeteoricSwarm, rolls: Rolls) -> list[Option]:
    hits = [(m.size, m.direction) for m in card.meteors]
    return [
        Option(o.state, o.value, (*o.lines, "Record 0."), o.choices)
        for o in _volley(flight, state, hits, rolls, "meteor")
    ]


def _fight(flight: Flight, state: State, strength: int) -> list[tuple[State, str, str, str]]:
    """(state after powering cannons, outcome 'win'/'tie'/'lose', firepower words, choice),
    one per outcome the player can reach, each with the fewest batteries."""
    found: dict[str, tuple[State, str, str, str]] = {}
    for used, power in cannon_options(flight, state):
        outcome = "win" if power > 2 * strength else "tie" if power == 2 * strength else "lose"
        if outcome in found:
            continue
        after, _ = spend(state, used)
        purple = " (+2 purple alien)" if state.alien("purple") is not None and power > 0 else ""
        how = (
            f"{used} double cannon{'s' if used != 1 else ''} powered "
            f"({used} batter{'ies' if used != 1 else 'y'})"
            if used
            else "no double cannon powered"
        )
        words = f"Firepower {halves(power)}{purple}, {how}, against strength {strength}"
        choice = f"power {used} double cannon{'s' if used != 1 else ''}"
        found[outcome] = (after, outcome, words, choice)
    order = {"win": 0, "tie": 1, "lose": 2}
    return sorted(found.values(), key=lambda f: order[f[1]])


def _combat(
    flight: Flight,
    state: State,
    strength: int,
    win: Callable[[State], list[Option]],
    lose: Callable[[State], list[Option]],
) -> list[Option]:
    return fight_options(_fight(flight, state, strength), win, lose)


def fight_options(
    fights: Sequence[tuple[StateT, str, str, str]],
    win: Callable[[StateT], list[Option[StateT]]],
    lose: Callable[[StateT], list[Option[StateT]]],
) -> list[Option[StateT]]:
    """The options of a fight: each way to fight (state after paying, outcome, words,
    choice), then what beating them (`win`) or losing (`lose`) leaves."""
    options: list[Option[StateT]] = []
    for after, outcome, words, choice in fights:
        choices = (choice,) if len(fights) > 1 else ()
        if outcome == "win":
            found = win(after)
            head = f"{words}: they are beaten."
            options += [
                Option(o.state, o.value, (head, *o.lines), choices + o.choices) for o in found
            ]
        elif outcome == "tie":
            options.append(
                Option(after, 0, (f"{words}: a draw, nothing happens. Record 0.",), choices)
            )
        else:
            found = lose(after)
            head = f"{words}: they attack."
            options += [
                Option(o.state, o.value, (head, *o.lines), choices + o.choices) for o in found
            ]
    return distinct(options)


def pirates(flight: Flight, state: State, card: Pirates, rolls: Rolls) -> list[Option]:
    value = card.credits - card.days

    def win(s: State) -> list[Option]:
        return [
            Option(s, value, (f"Record {card.credits} credits - {card.days} day(s) = {value}.",))
        ]

    def lose(s: State) -> list[Option]:
        hits = [(shot.size, shot.direction) for shot in card.shots]
        return [
            Option(o.state, o.value, (*o.lines, "Record 0."), o.choices)
            for o in _volley(flight, s, hits, rolls, "shot")
        ]

    return _combat(flight, state, card.strength, win, lose)


def slavers(flight: Flight, state: State, card: Slavers, rolls: Rolls) -> list[Option]:
    value = card.credits - card.days

    def win(s: State) -> list[Option]:
        return [
            Option(s, value, (f"Record {card.credits} credits - {card.days} day(s) = {value}.",))
        ]

    def lose(s: State) -> list[Option]:
        options = []
        ways = crew_loss_options(s, card.crew_lost, keep_a_human=False)
        for after, who in ways:
            after, more = crew_check(flight, after)
            options.append(
                Option(
                    after,
                    0,
                    (f"They take {who}; left aboard: {crew_words(after)}.", *more, "Record 0."),
                    (f"give up {who}",) if len(ways) > 1 else (),
                )
            )
        return options

    return _combat(flight, state, card.strength, win, lose)


def smugglers(flight: Flight, state: State, card: Smugglers, rolls: Rolls) -> list[Option]:
    def win(s: State) -> list[Option]:
        after, left = arrange(flight, s, [*s.goods(), *card.goods])
        load = Option(
            after,
            -card.days,
            (
                f"Loaded {flight.goods_words(list(card.goods))}; holds now carry "
                f"{flight.goods_words(after.goods())}"
                + (f" (left behind: {flight.goods_words(left)})" if left else "")
                + f"; record -{card.days}.",
            ),
            ("take the goods",),
        )
        skip = Option(s, 0, ("Left their goods: record 0.",), ("leave the goods",))
        return distinct([load, skip]) if after != s else [Option(s, 0, skip.lines)]

    def lose(s: State) -> list[Option]:
        after, taken = lose_goods(flight, s, card.goods_lost)
        short = card.goods_lost - len(taken)
        lines = [f"They take goods: {flight.goods_words(taken)}." if taken else "No goods to take."]
        if short:
            batteries = min(short, after.battery_count)
            after, _ = spend(after, batteries)
            if batteries == 0:
                lines.append("No batteries either: they make fun of you and leave.")
            else:
                lines.append(
                    f"They take {batteries} batter{'ies' if batteries != 1 else 'y'} instead"
                    + ("." if batteries == short else " (all there were).")
                )
        return [Option(after, 0, (*lines, "Record 0."))]

    return _combat(flight, state, card.strength, win, lose)
