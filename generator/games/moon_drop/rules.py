"""The end of a Moon Drop game as steps: the Safety Check, the six crises and the five goals.

Every step reads a board and the set of crossed-out squares and returns its Choices: how many
options the player has, the options themselves (each the squares it crosses out), produced one
at a time and never all at once (a grid packed with Quarters can offer billions), and the
account lines for any one of them. A step with no choice offers one option. The order of the
options is the order the search tries them: the squares the `prefer` function ranks first come
first. The readings of unclear wording are in the pack's rules.yaml; the comments name them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from generator.games.moon_drop.grid import Board, Square, square_name

Crossed = frozenset[Square]
CORRIDOR = "corridor"
LIFE_SUPPORT = "life-support"
HYDROPONICS = "hydroponics"
QUARTERS = "quarters"
DOCK = "dock"
RESEARCH = "research"
# Reading "routes": crew walk on from these; other rooms end the way.
PASSAGES = frozenset({QUARTERS, CORRIDOR, DOCK})
Pick = tuple[Square, ...]  # the squares one option crosses out
# Orders the squares a player may choose to cross out, the ones to try first first.
Prefer = Callable[[Sequence[Square]], list[Square]]


def reading_order(squares: Sequence[Square]) -> list[Square]:
    return sorted(squares)


@dataclass(frozen=True)
class Choices:
    """What one step offers. `picks()` yields the options lazily, in the order to try them;
    `size` squares at least are crossed by every option, and when `kind` is set every option
    crosses only modules of that kind (both bound the best score still reachable)."""

    total: int
    size: int
    kind: str | None
    picks: Callable[[], Iterator[Pick]]
    describe: Callable[[Pick], tuple[str, ...]]
    choice: Callable[[Pick], str] | None = None  # the choice in words, when there is one

    @staticmethod
    def single(pick: Iterable[Square], lines: tuple[str, ...]) -> Choices:
        fixed = tuple(pick)
        return Choices(1, len(fixed), None, lambda: iter((fixed,)), lambda _: lines)

    def all(self) -> list[Pick]:
        """Every option (only for small steps: tests and the brute-force check)."""
        return list(self.picks())


def lazy_product(parts: Sequence[Callable[[], Iterable[Pick]]]) -> Iterator[Pick]:
    """The concatenated picks of every combination of one pick per part, in order, without
    holding more than one pick per part at a time (itertools.product would first store every
    part's picks: billions for a building packed with Quarters)."""
    if not parts:
        yield ()
        return
    for head in parts[0]():
        for rest in lazy_product(parts[1:]):
            yield head + rest


def split(pick: Pick, sizes: Sequence[int]) -> list[Pick]:
    parts, at = [], 0
    for size in sizes:
        parts.append(pick[at : at + size])
        at += size
    return parts


class Names:
    """Words for squares and modules in the account."""

    def __init__(self, module_names: dict[str, str]) -> None:
        self.module_names = module_names

    def square(self, board: Board, square: Square) -> str:
        return f"{square_name(square)} {self.module_names[board.cells[square]]}"

    def squares(self, board: Board, squares: Iterable[Square]) -> str:
        return ", ".join(self.square(board, s) for s in sorted(squares))

    def building(self, group: list[Square]) -> str:
        size = len(group)
        return f"building at {square_name(group[0])} ({size} square{'s' if size != 1 else ''})"


class Table:
    """What is known about a board that never changes while scoring: its buildings (crossed-out
    modules still belong to them) and which Docks an empty route joins."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.buildings = board.groups(board.cells)
        empty_regions = board.groups(s for s in board.squares if board.is_empty(s))
        region_of = {s: i for i, region in enumerate(empty_regions) for s in region}
        self.enclosed_regions = [r for r in empty_regions if not any(board.on_edge(s) for s in r)]
        docks = [s for s in board.squares if board.cells.get(s) == DOCK]
        touching = {d: {region_of[n] for n in board.neighbours(d) if n in region_of} for d in docks}
        # Reading "dock-routes": two Docks are joined when they touch the same empty region.
        self.dock_links: dict[Square, list[Square]] = {
            d: [e for e in docks if e != d and touching[d] & touching[e]] for d in docks
        }

    def live(self, crossed: Crossed, kind: str | None = None) -> list[Square]:
        """Squares with a module not crossed out (of one kind), in reading order."""
        return [
            s
            for s in self.board.squares
            if s in self.board.cells
            and s not in crossed
            and (kind is None or self.board.cells[s] == kind)
        ]

    def is_live(self, crossed: Crossed, square: Square, kind: str | None = None) -> bool:
        module = self.board.cells.get(square)
        return module is not None and square not in crossed and (kind is None or module == kind)

    def reachable(self, crossed: Crossed) -> set[Square]:
        starts = self.live(crossed, QUARTERS)
        seen = set(starts)
        queue = deque(starts)
        while queue:
            here = queue.popleft()
            kind = self.board.cells[here]
            if kind not in PASSAGES:
                continue
            ahead = [n for n in self.board.neighbours(here) if self.is_live(crossed, n)]
            if kind == DOCK:
                ahead += [d for d in self.dock_links[here] if self.is_live(crossed, d)]
            for square in ahead:
                if square not in seen:
                    seen.add(square)
                    queue.append(square)
        return seen

    def live_neighbours(self, crossed: Crossed, square: Square) -> list[Square]:
        return [n for n in self.board.neighbours(square) if self.is_live(crossed, n)]


StepFn = Callable[[Table, Crossed, Names, Prefer], Choices]


# --- the Safety Check ------------------------------------------------------------------
def check_routes(
    table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order
) -> Choices:
    reached = table.reachable(crossed)
    lost = [s for s in table.live(crossed) if s not in reached]
    if not lost:
        return Choices.single((), ("Check Routes: every module still standing can be reached.",))
    return Choices.single(
        lost,
        (
            f"Check Routes: cross out {names.squares(table.board, lost)}: no route from "
            "any Quarters.",
        ),
    )


def life_support(
    table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order
) -> Choices:
    lines = []
    lost: list[Square] = []
    for group in table.buildings:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        if quarters and not any(table.is_live(crossed, s, LIFE_SUPPORT) for s in group):
            lost += quarters
            lines.append(
                f"Life Support: the {names.building(group)} has no Life Support: cross out "
                f"{names.squares(table.board, quarters)}."
            )
    if not lines:
        lines = ["Life Support: every building with Quarters has a Life Support."]
    return Choices.single(lost, tuple(lines))


def _combinations(squares: list[Square], count: int) -> Callable[[], Iterable[Pick]]:
    return lambda: combinations(squares, count)


def hydroponics(
    table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order
) -> Choices:
    notes: list[str] = []
    parts: list[Callable[[], Iterable[Pick]]] = []
    sizes: list[int] = []
    total = 1
    for group in table.buildings:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        farms = sum(1 for s in group if table.is_live(crossed, s, HYDROPONICS))
        if len(quarters) > farms:
            excess = len(quarters) - farms
            notes.append(
                f"Hydroponics: the {names.building(group)} has {len(quarters)} Quarters and "
                f"{farms} Hydroponics: cross out {excess} Quarters"
            )
            ways = comb(len(quarters), excess)
            parts.append(_combinations(prefer(quarters) if ways > 1 else quarters, excess))
            sizes.append(excess)
            total *= ways
    if not notes:
        return Choices.single((), ("Hydroponics: no building has more Quarters than Hydroponics.",))

    def describe(pick: Pick) -> tuple[str, ...]:
        return tuple(
            f"{note}: {names.squares(table.board, part)}."
            for note, part in zip(notes, split(pick, sizes), strict=True)
        )

    def choice(pick: Pick) -> str:
        return f"cross out {names.squares(table.board, pick)}"

    return Choices(
        total,
        sum(sizes),
        QUARTERS,
        lambda: lazy_product(parts),
        describe,
        choice if total > 1 else None,
    )


SAFETY_CHECK: tuple[tuple[str, StepFn], ...] = (
    ("routes", check_routes),
    ("life-support", life_support),
    ("routes", check_routes),
    ("hydroponics", hydroponics),
    ("routes", check_routes),
)


# --- crises ----------------------------------------------------------------------------
def _pairs(firsts: list[Square], seconds: list[Square]) -> Callable[[], Iterable[Pick]]:
    """One of `firsts` and one of `seconds` (either may be empty: then none of it)."""

    def picks() -> Iterator[Pick]:
        for a in firsts or [None]:
            for b in seconds or [None]:
                yield tuple(s for s in (a, b) if s is not None)

    return picks


def fire(table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order) -> Choices:
    standing = [g for g in table.buildings if any(table.is_live(crossed, s) for s in g)]
    lacking = [g for g in standing if not any(table.is_live(crossed, s, LIFE_SUPPORT) for s in g)]
    if not lacking:
        return Choices.single((), ("Safe: every building has a Life Support.",))
    head = (
        "Failed: no Life Support in the "
        + "; ".join(names.building(g) for g in lacking)
        + ". Every building loses 1 Quarters and 1 other module."
    )
    parts: list[Callable[[], Iterable[Pick]]] = []
    sizes: list[int] = []
    total = 1
    for group in standing:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        others = [
            s for s in group if table.is_live(crossed, s) and table.board.cells[s] != QUARTERS
        ]
        if len(quarters) > 1:
            quarters = prefer(quarters)
        if len(others) > 1:
            others = prefer(others)
        parts.append(_pairs(quarters, others))
        sizes.append(min(1, len(quarters)) + min(1, len(others)))
        total *= max(1, len(quarters)) * max(1, len(others))

    def describe(pick: Pick) -> tuple[str, ...]:
        lines = [head]
        for group, part in zip(standing, split(pick, sizes), strict=True):
            what = names.squares(table.board, part) if part else "nothing (nothing standing)"
            lines.append(f"The {names.building(group)}: cross out {what}.")
        return tuple(lines)

    def choice(pick: Pick) -> str:
        return f"cross out {names.squares(table.board, pick)}"

    return Choices(
        total,
        sum(sizes),
        None,
        lambda: lazy_product(parts),
        describe,
        choice if total > 1 else None,
    )


def breach(table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order) -> Choices:
    board = table.board
    open_corridors = [
        s
        for s in table.live(crossed, CORRIDOR)
        if any(board.is_empty(n) for n in board.neighbours(s))
    ]
    if not open_corridors:
        return Choices.single((), ("Safe: no Corridor is next to an empty square.",))
    quarters = table.live(crossed, QUARTERS)
    count = min(len(open_corridors), len(quarters))
    head = (
        f"Failed: {len(open_corridors)} Corridor{'s' if len(open_corridors) != 1 else ''} "
        f"next to an empty square ({', '.join(square_name(s) for s in open_corridors)})"
    )
    if count == 0:
        return Choices.single((), (f"{head}, but no Quarters is left to cross out.",))
    shortfall = (
        f" (only {len(quarters)} Quarters left)" if len(quarters) < len(open_corridors) else ""
    )
    total = comb(len(quarters), count)
    ordered = prefer(quarters) if total > 1 else quarters

    def describe(pick: Pick) -> tuple[str, ...]:
        return (f"{head}: cross out {count} Quarters{shortfall}: {names.squares(board, pick)}.",)

    def choice(pick: Pick) -> str:
        return f"cross out {names.squares(board, pick)}"

    return Choices(
        total,
        count,
        QUARTERS,
        _combinations(ordered, count),
        describe,
        choice if total > 1 else None,
    )


def plague(table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order) -> Choices:
    sick = [
        s
        for s in table.live(crossed, QUARTERS)
        if any(table.is_live(crossed, n, QUARTERS) for n in table.board.neighbours(s))
    ]
    if not sick:
        return Choices.single((), ("Safe: no Quarters is next to another Quarters.",))
    return Choices.single(
        sick,
        (f"Failed: cross out every Quarters next to another: {names.squares(table.board, sick)}.",),
    )


def quake(table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order) -> Choices:
    weak = [
        s
        for s in table.live(crossed)
        if table.board.cells[s] != CORRIDOR and len(table.live_neighbours(crossed, s)) < 2
    ]
    if not weak:
        return Choices.single((), ("Safe: every module other than a Corridor has two neighbours.",))
    return Choices.single(
        weak,
        (
            "Failed: cross out each module with fewer than two neighbouring modules: "
            f"{names.squares(table.board, weak)}.",
        ),
    )


def fungus(table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order) -> Choices:
    # Reading "fungus": connected means joined by a path of modules not crossed out.
    joined: set[Square] = set()
    for group in table.board.groups(table.live(crossed)):
        if any(table.board.cells[s] == LIFE_SUPPORT for s in group):
            joined.update(group)
    rotten = [s for s in table.live(crossed, HYDROPONICS) if s not in joined]
    if not rotten:
        return Choices.single((), ("Safe: every Hydroponics is connected to a Life Support.",))
    return Choices.single(
        rotten,
        (
            "Failed: cross out each Hydroponics not connected to a Life Support: "
            f"{names.squares(table.board, rotten)}.",
        ),
    )


def sabotage(
    table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order
) -> Choices:
    board = table.board
    lonely = [
        d
        for d in table.live(crossed, DOCK)
        if not any(table.is_live(crossed, n, QUARTERS) for n in board.neighbours(d))
    ]
    if not lonely:
        return Choices.single((), ("Safe: every Dock is next to a Quarters.",))
    head = f"Failed: no Quarters next to the Dock at {', '.join(square_name(d) for d in lonely)}"
    members = [s for s in table.live(crossed) if board.cells[s] not in (CORRIDOR, QUARTERS)]
    groups = board.groups(members)
    if not groups:
        return Choices.single((), (f"{head}, but there is no group to cross out.",))
    largest = max(len(g) for g in groups)
    # Equal groups are at most 81 / largest: few enough to list, in reading order.
    biggest = [tuple(g) for g in groups if len(g) == largest]

    def describe(pick: Pick) -> tuple[str, ...]:
        return (
            f"{head}. The largest group of modules other than Corridors and Quarters has "
            f"{largest} square{'s' if largest != 1 else ''}: cross out "
            f"{names.squares(board, pick)}.",
        )

    def choice(pick: Pick) -> str:
        return f"take the group at {square_name(pick[0])} ({len(biggest)} groups of {largest})"

    return Choices(
        len(biggest),
        largest,
        None,
        lambda: iter(biggest),
        describe,
        choice if len(biggest) > 1 else None,
    )


CRISES: dict[str, StepFn] = {
    "fire": fire,
    "breach": breach,
    "plague": plague,
    "quake": quake,
    "fungus": fungus,
    "sabotage": sabotage,
}


# --- goals -----------------------------------------------------------------------------
GoalFn = Callable[[Table, Crossed], tuple[int, list[Square]]]


def research(table: Table, crossed: Crossed) -> tuple[int, list[Square]]:
    squares = table.live(crossed, RESEARCH)
    return len(squares), squares


def mining(table: Table, crossed: Crossed) -> tuple[int, list[Square]]:
    squares = sorted(s for r in table.enclosed_regions for s in r)
    return len(squares), squares


def efficiency(table: Table, crossed: Crossed) -> tuple[int, list[Square]]:
    groups = table.board.groups(table.live(crossed, CORRIDOR))
    if not groups:
        return 0, []
    best = max(groups, key=len)  # the first of the largest, in reading order
    return len(best), best


def population(table: Table, crossed: Crossed) -> tuple[int, list[Square]]:
    squares = table.live(crossed, QUARTERS)
    return len(squares), squares


def security(table: Table, crossed: Crossed) -> tuple[int, list[Square]]:
    inhabited = [g for g in table.buildings if any(table.is_live(crossed, s, QUARTERS) for s in g)]
    return 4 * max(0, len(inhabited) - 1), [g[0] for g in inhabited]


GOALS: dict[str, GoalFn] = {
    "research": research,
    "mining": mining,
    "efficiency": efficiency,
    "population": population,
    "security": security,
}

# Goals that score one point per standing module of one kind: a step that must cross out n
# modules of that kind lowers the best score still reachable by n.
GOAL_COUNTS: dict[str, str] = {"research": RESEARCH, "population": QUARTERS}
