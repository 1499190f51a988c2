"""Every random choice of a Moon Drop game, from the seed: the deal, the dice, the order
the crises are resolved in. Each has its own named stream, so adding one never shifts another."""

from __future__ import annotations

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.options import MIRROR, Variations, mirror_shapes
from generator.games.moon_drop.plan import BlockCell, Deal, RoundPlan
from generator.games.moon_drop.shapes import sort_whites
from generator.plan.rng import Stream

WHITE_DICE = 4


def make_deal(content: MoonDrop, seed: str) -> Deal:
    crises = Stream(seed, "deal", "crises").sample(
        [c.id for c in content.crises], content.crises_dealt
    )
    goals = [g.id for g in content.goals]
    goal = goals[Stream(seed, "deal", "goal").below(len(goals))]
    return Deal(crises=tuple(crises), goal=goal)


def make_round(content: MoonDrop, seed: str, number: int, variations: Variations = ()) -> RoundPlan:
    # The same dice whatever the variations: only what the blue die means changes.
    dice = Stream(seed, "round", number, "dice")
    blue = dice.die()
    whites = [dice.die() for _ in range(WHITE_DICE)]
    if MIRROR in variations:
        shape = mirror_shapes(content.shapes)[blue - 1]
    else:
        shape = content.shape_for_face(blue)
    cells = []
    for index, (face, (row, column)) in enumerate(
        zip(sort_whites(whites), shape.cells, strict=True), start=1
    ):
        cells.append(
            BlockCell(
                cell=index,
                row=row,
                column=column,
                face=face,
                modules=tuple(m.id for m in content.modules_for_face(face)),
            )
        )
    return RoundPlan(
        round=number,
        turn=number,
        blue=blue,
        white=tuple(whites),
        shape=shape.id,
        block=tuple(cells),
    )


def make_rounds(content: MoonDrop, seed: str, variations: Variations = ()) -> tuple[RoundPlan, ...]:
    return tuple(make_round(content, seed, n, variations) for n in range(1, content.rounds + 1))


def crisis_order(seed: str, dealt: tuple[str, ...]) -> tuple[str, ...]:
    """The face-up crises, shuffled: the order they are resolved in at the end."""
    return tuple(Stream(seed, "end", "crisis-order").shuffled(list(dealt)))
