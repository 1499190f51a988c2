"""The draft's "Variations to test", switched on by a game file's `variations:` option.

- mirror: blocks may be mirrored; the blue die then picks one of the five free shapes (the
  2x2 block back) and its sixth face is a free placement (FREE_PLACEMENT, our ruling).
- overwrite: a block may go over used squares; each square drawn over is destroyed.
- drawn-corridors: a Corridor joins a neighbour only where the player drew the join.

Their words live here, not in the pack's YAML: every YAML file is part of the pack's content
digest, so a text there would change the commitment and the id of every Moon Drop game,
also those without variations. A game without variations reads exactly as before."""

from __future__ import annotations

from typing import Any

import msgspec

from generator.common.errors import SheetgenError
from generator.games.moon_drop.model import Shape
from generator.games.moon_drop.shapes import canonical, mirrored, rotations
from generator.pack.validation import FieldError, Strict

MIRROR = "mirror"
OVERWRITE = "overwrite"
DRAWN = "drawn-corridors"
# In this order everywhere (plan, commitment, posts), whatever order the game file gives.
VARIATIONS = (MIRROR, OVERWRITE, DRAWN)
Variations = tuple[str, ...]

FREE = "free"  # the shape id a free placement records in the plan
# The 2x2 block the draft's shapes leave out, numbered in reading order.
SQUARE_BLOCK = Shape(
    id="O",
    name="O block",
    description="a 2x2 square: squares 1 and 2 on the top row, 3 and 4 below them",
    face=5,
    cells=[(0, 0), (0, 1), (1, 0), (1, 1)],
)
# Made directly, so its id need not be a pack shape's letter (the pack's files are checked
# when they are read; a Struct made in code is not).
FREE_BLOCK = Shape(
    id=FREE,
    name="free placement",
    description="no shape: the four dice go on four squares joined side by side, any form",
    face=6,
    cells=[(0, 0), (0, 1), (0, 2), (0, 3)],  # the dice in a row, for the pictures only
)

# --- our rulings, for the posts, the sheet and the score account -------------------------
FREE_PLACEMENT = (
    "Free placement (blue die 6): no shape is given. Draw the round's four modules on any "
    "four squares joined side by side, in any of the five block forms, turned or mirrored, "
    "and put the white dice on those squares in any order you like (not lowest first)."
)
RULES: dict[str, str] = {
    MIRROR: (
        "Mirroring allowed: copy the block turned or mirrored (flipped over), as you like. "
        "The blue die picks one of five blocks: 1 I, 2 L, 3 T, 4 S, 5 O (the 2x2 square); "
        "6 is a free placement."
    ),
    OVERWRITE: (
        "Overwriting allowed: a block may go over squares you have already used. Each used "
        "square it covers is destroyed: scribble it out (fill it in completely). A destroyed "
        "square holds no module (neither the old one nor the new), is not empty, and blocks "
        "adjacency, routes and paths of empty squares. Write X for it in a grid file."
    ),
    DRAWN: (
        "Drawn corridors: a Corridor joins a neighbouring module only where you draw its "
        "line across the side they share (a join). Without a join crew cannot step between "
        "them and they are not one building; two Corridors side by side are one Corridor "
        "only if joined. Draw a join when you place the Corridor or, later, the neighbour; "
        "never after the last round. Modules other than Corridors join as usual."
    ),
}
# How the scorer reads each crisis and goal under each variation (only where it differs).
READINGS: dict[str, dict[str, str]] = {
    OVERWRITE: {
        "fire": "Destroyed squares are no modules: they split buildings.",
        "breach": "A destroyed square is not empty: a Corridor next to one is not breached.",
        "plague": "A destroyed square is no Quarters.",
        "quake": "A destroyed square is no neighbouring module.",
        "fungus": "A path through a destroyed square is broken.",
        "sabotage": "A destroyed square is no module: it splits groups.",
        "research": "A destroyed Research is gone: it scores nothing.",
        "mining": (
            "A destroyed square is not empty: it scores nothing and blocks a path of empty "
            "squares to the edge."
        ),
        "efficiency": "A destroyed square breaks a Corridor.",
        "population": "A destroyed Quarters is gone: it scores nothing.",
        "security": "Destroyed squares are no modules: they split buildings.",
    },
    DRAWN: {
        "fire": "Buildings follow your drawing: a Corridor without a join is not part of it.",
        "breach": "Next to means sharing a side, joined or not.",
        "quake": "Neighbours are modules sharing a side, joined or not.",
        "fungus": (
            "Connected means a path of modules not crossed out, stepping into or out of a "
            "Corridor only across a drawn join."
        ),
        "efficiency": "Your largest Corridor: Corridor squares linked by drawn joins.",
        "security": "Buildings follow your drawing: a Corridor without a join is not part of it.",
    },
}
# The words of rules.yaml's definitions that change (sheet and final post).
DEFINITIONS: dict[str, str] = {
    OVERWRITE: (
        "Destroyed square (overwriting): scribbled out, it holds no module, is not empty and "
        "is no way through; unlike a crossed-out module it belongs to no building."
    ),
    DRAWN: (
        "Join (drawn corridors): a Corridor's line drawn across a side into a neighbouring "
        "module. Building, reach and a Corridor's length follow the joins: into or out of a "
        "Corridor only across a join."
    ),
}


def parse_variations(value: Any) -> Variations:
    """`variations`: one name, a list of names, or `none`; in VARIATIONS order. ValueError
    says what was expected (the game file's check adds the file and line)."""
    if value is None:
        return ()
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list | tuple):
        raise ValueError(f"got {value!r} (expected a list of: {', '.join(VARIATIONS)})")
    chosen: list[str] = []
    for name in names:
        text = name.strip().lower() if isinstance(name, str) else name
        if text == "none" and len(names) == 1:
            return ()
        if text not in VARIATIONS:
            raise ValueError(f"got {name!r} (expected any of: {', '.join(VARIATIONS)}; or none)")
        if text in chosen:
            raise ValueError(f"{text} is given twice (expected each variation once)")
        chosen.append(text)
    return tuple(v for v in VARIATIONS if v in chosen)


class MoonDropOptions(Strict, frozen=True, kw_only=True):
    # The draft's variations to test: mirror, overwrite, drawn-corridors (none by default).
    variations: str | list[str] | None = None

    def __post_init__(self) -> None:
        try:
            parse_variations(self.variations)
        except ValueError as exc:
            raise FieldError("variations", str(exc)) from None


def variation_sets() -> list[dict[str, Any]]:
    """Every choice of variations a game may have been played with (the commitment covers
    them), as game options: `verify` tries each when a player gives none."""
    import itertools

    return [
        {"variations": list(chosen)}
        for size in range(1, len(VARIATIONS) + 1)
        for chosen in itertools.combinations(VARIATIONS, size)
    ]


def read_variations(options: dict[str, Any] | None) -> Variations:
    """The game options' `variations` (a game file's, checked there with its line, or
    `--option variations=...`'s), in VARIATIONS order."""
    options = options or {}
    unknown = sorted(set(options) - {"variations"})
    if unknown:
        raise SheetgenError(
            f"unknown game option {', '.join(unknown)} for Moon Drop (expected: variations)"
        )
    try:
        return parse_variations(options.get("variations"))
    except ValueError as exc:
        raise SheetgenError(f"variations: {exc}") from None


def options_of(variations: Variations) -> dict[str, Any] | None:
    """The game options as the plan records them (None without variations: the plan of a
    game without them stays as it was)."""
    return {"variations": list(variations)} if variations else None


def committed(variations: Variations) -> dict[str, str]:
    """What the commitment covers beside the pack and the seed."""
    return {"variations": ",".join(variations)} if variations else {}


def plan_variations(plan: Any) -> Variations:
    options = getattr(plan, "options", None) or {}
    return tuple(options.get("variations", ()))


def described(variations: Variations) -> str:
    return ", ".join(variations) if variations else "none"


def mirror_shapes(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
    """The blue die's six faces with mirroring allowed: the pack's shapes with a mirror
    image among the earlier ones left out, the 2x2 block added, then the free placement."""
    kept: list[Shape] = []
    forms: set[tuple[tuple[int, int], ...]] = set()
    for shape in sorted(shapes, key=lambda s: s.face):
        cells = [(row, column) for row, column in shape.cells]
        turned = rotations(cells) + rotations(mirrored(cells))
        keys = {canonical(t) for t in turned}
        if keys & forms:
            continue
        forms |= keys
        kept.append(shape)
    if canonical(list(SQUARE_BLOCK.cells)) not in forms:
        kept.append(SQUARE_BLOCK)
    if len(kept) != 5:
        raise SheetgenError(
            f"the mirror variation needs five shapes that are no mirror image of each other "
            f"(the pack's shapes give {len(kept)}; expected the six one-sided tetrominoes)"
        )
    faced = [msgspec.structs.replace(s, face=i) for i, s in enumerate(kept, start=1)]
    return (*faced, FREE_BLOCK)
