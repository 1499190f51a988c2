"""Every random choice of a Galaxy Trucker game, made once from the seed.

Streams are named per round and purpose ("round-2/build", "round-2/stacks", ...), so a new
kind of random choice never shifts an existing one. Rulings (shared/DESIGN.md):
- a build turn shows sets of distinct tiles drawn without replacement from the round's
  full pool; the pool is whole again at each round;
- the round's stacks are dealt level by level as in the original game; the last stack is
  the hidden one; the flight is all stacks shuffled together;
- every meteor and every pirate shot gets its own 2d6 roll, recorded as two faces."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Card, Round, Tile
from generator.games.galaxy_trucker.plan import (
    BuildTurn,
    CardRef,
    Event,
    FlightTurn,
    RoundPlan,
    TileRef,
)
from generator.plan.rng import Stream


def tile_ref(tile: Tile) -> TileRef:
    return TileRef(id=tile.id, type=tile.type)


def card_ref(card: Card) -> CardRef:
    return CardRef(id=card.id, type=card.kind, level=card.level)


def rolls_needed(content: GalaxyTrucker, card: Card) -> int:
    """One 2d6 roll for each hit of the card (its kind says what those are)."""
    return len(content.kinds.card(card).hits(card))


def plan_round(
    content: GalaxyTrucker,
    seed: str,
    rnd: Round,
    first_turn: int,
    pool: Sequence[Tile] | None = None,
    ship: str | None = None,
) -> RoundPlan:
    """`pool`: the tiles the round draws from (all of the pack's unless an expansion sets
    some aside); `ship`: the board flown (the round's own unless the game chooses another)."""
    tag = f"round-{rnd.round}"
    # Build turns: one draw without replacement from the whole pool, cut into sets.
    per_turn = rnd.sets_per_turn * rnd.tiles_per_set
    tiles = content.tiles if pool is None else pool
    drawn = Stream(seed, tag, "build").sample(tiles, rnd.build_turns * per_turn)
    build_turns = []
    for i in range(rnd.build_turns):
        chunk = drawn[i * per_turn : (i + 1) * per_turn]
        sets = tuple(
            tuple(tile_ref(t) for t in chunk[s * rnd.tiles_per_set : (s + 1) * rnd.tiles_per_set])
            for s in range(rnd.sets_per_turn)
        )
        build_turns.append(BuildTurn(turn=first_turn + i, sets=sets))

    # Stacks: for each level, deal that level's share to every stack, as the original
    # game does; within a stack the cards are shuffled so levels do not give away order.
    stacks: list[list[Card]] = [[] for _ in range(rnd.stacks)]
    for level in sorted(rnd.stack_mix):
        per_stack = rnd.stack_mix[level]
        dealt = Stream(seed, tag, "deck", f"level-{level}").sample(
            content.cards_of_level(level), per_stack * rnd.stacks
        )
        for s in range(rnd.stacks):
            stacks[s] += dealt[s * per_stack : (s + 1) * per_stack]
    stacks = [
        Stream(seed, tag, "stack-order", s + 1).shuffled(stack) for s, stack in enumerate(stacks)
    ]

    # The flight: all stacks shuffled together, then rolls for every meteor and shot.
    flight = Stream(seed, tag, "flight").shuffled([c for stack in stacks for c in stack])
    dice = Stream(seed, tag, "dice")
    first_flight = first_turn + rnd.build_turns
    flight_turns = []
    for i in range(rnd.flight_turns):
        cards = flight[i * rnd.events_per_turn : (i + 1) * rnd.events_per_turn]
        events = tuple(
            Event(
                card=card_ref(c),
                rolls=tuple((dice.die(), dice.die()) for _ in range(rolls_needed(content, c))),
            )
            for c in cards
        )
        flight_turns.append(FlightTurn(turn=first_flight + i, events=events))

    return RoundPlan(
        round=rnd.round,
        ship=rnd.ship if ship is None else ship,
        build_turns=tuple(build_turns),
        stacks=tuple(tuple(card_ref(c) for c in stack) for stack in stacks),
        hidden_stack=rnd.stacks,
        flight_turns=tuple(flight_turns),
    )


def make_rounds(
    content: GalaxyTrucker,
    seed: str,
    pool: Sequence[Tile] | None = None,
    ships: Sequence[str] | None = None,
) -> tuple[RoundPlan, ...]:
    rounds = []
    turn = 1
    for i, rnd in enumerate(content.rounds):
        ship = None if ships is None else ships[i]
        rounds.append(plan_round(content, seed, rnd, turn, pool, ship))
        turn += rnd.build_turns + rnd.flight_turns
    return tuple(rounds)
