"""The end of a Moon Drop game as steps: the Safety Check, the six crises and the five goals.

Every step reads a board and the set of crossed-out squares and returns its Choices: how many
options the player has, the options themselves (each the squares it crosses out), produced one
at a time and never all at once (a grid packed with Quarters can offer billions), and the
account lines for any one of them. A step with no choice offers one option. The order of the
options is the order the search tries them: the squares the `prefer` function ranks first come
first. The readings of unclear wording are in the pack's rules.yaml; the comments name them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
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


# Called on every partial pick (the squares chosen so far, how many are still to choose):
# True skips every option that starts so.
Prune = Callable[[Pick, int], bool]
# Choose `count` of `items` (in their order), then the next task's, and so on.
Task = tuple[tuple[Square, ...], int]


@dataclass(frozen=True)
class Choices:
    """What one step offers: `total` options, each a set of squares to cross out. The options
    are either listed (`listed`) or made by `tasks`, one square at a time, so that a search
    can skip every option sharing a hopeless beginning. `size` squares at least are crossed
    by every option, and when `kind` is set every option crosses only modules of that kind
    (both bound the best score still reachable)."""

    total: int
    size: int
    kind: str | None
    describe: Callable[[Pick], tuple[str, ...]]
    choice: Callable[[Pick], str] | None = None  # the choice in words, when there is one
    tasks: tuple[Task, ...] = ()
    listed: tuple[Pick, ...] | None = None

    @staticmethod
    def single(pick: Iterable[Square], lines: tuple[str, ...]) -> Choices:
        fixed = tuple(pick)
        return Choices(1, len(fixed), None, lambda _: lines, listed=(fixed,))

    def picks(self, prune: Prune | None = None) -> Iterator[Pick]:
        """The options in order (combinations in the order of each task's squares), one at a
        time: never all at once (itertools.product would first store every part's options,
        billions for a building packed with Quarters)."""
        if self.listed is not None:
            yield from self.listed
        else:
            yield from choose(self.tasks, prune)

    def all(self) -> list[Pick]:
        """Every option (only for small steps: tests and the brute-force check)."""
        return list(self.picks())


def choose(tasks: Sequence[Task], prune: Prune | None) -> Iterator[Pick]:
    later = [sum(count for _, count in tasks[i + 1 :]) for i in range(len(tasks))]

    def walk(task: int, start: int, need: int, prefix: Pick) -> Iterator[Pick]:
        if need == 0:
            if task + 1 >= len(tasks):
                yield prefix
            else:
                yield from walk(task + 1, 0, tasks[task + 1][1], prefix)
            return
        items = tasks[task][0]
        for i in range(start, len(items) - need + 1):
            grown = (*prefix, items[i])
            if prune is not None and prune(grown, need - 1 + later[task]):
                continue
            yield from walk(task, i + 1, need - 1, grown)

    if not tasks:
        yield ()
    else:
        yield from walk(0, 0, tasks[0][1], ())


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
        # Buildings follow the joins (every side with the base rules, drawn ones with drawn
        # corridors); a destroyed square is no module, so it joins nothing.
        self.buildings = board.joined_groups(board.cells)
        empty_regions = board.groups(s for s in board.squares if board.is_empty(s))
        region_of = {s: i for i, region in enumerate(empty_regions) for s in region}
        self.enclosed_regions = [r for r in empty_regions if not any(board.on_edge(s) for s in r)]
        docks = [s for s in board.squares if board.cells.get(s) == DOCK]
        touching = {d: {region_of[n] for n in board.neighbours(d) if n in region_of} for d in docks}
        # Reading "dock-routes": two Docks are joined when they touch the same empty region.
        self.dock_links: dict[Square, list[Square]] = {
            d: [e for e in docks if e != d and touching[d] & touching[e]] for d in docks
        }
        # Looked up again and again by the search: worked out once.
        self.modules = tuple(s for s in board.squares if s in board.cells)
        self.of_kind = {
            kind: tuple(s for s in self.modules if board.cells[s] == kind)
            for kind in set(board.cells.values())
        }
        # Where crew in a square can step next: neighbouring modules, and linked Docks.
        self.ways: dict[Square, tuple[Square, ...]] = {
            s: (
                board.links[s] + tuple(self.dock_links.get(s, ()))
                if board.cells[s] in PASSAGES
                else ()
            )
            for s in self.modules
        }

    def live(self, crossed: Crossed, kind: str | None = None) -> list[Square]:
        """Squares with a module not crossed out (of one kind), in reading order."""
        squares = self.modules if kind is None else self.of_kind.get(kind, ())
        return [s for s in squares if s not in crossed]

    def is_live(self, crossed: Crossed, square: Square, kind: str | None = None) -> bool:
        module = self.board.cells.get(square)
        return module is not None and square not in crossed and (kind is None or module == kind)

    def reachable(self, crossed: Crossed) -> set[Square]:
        starts = self.live(crossed, QUARTERS)
        seen = set(starts)
        stack = starts
        ways = self.ways
        while stack:
            for square in ways[stack.pop()]:
                if square not in seen and square not in crossed:
                    seen.add(square)
                    stack.append(square)
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


def hydroponics(
    table: Table, crossed: Crossed, names: Names, prefer: Prefer = reading_order
) -> Choices:
    notes: list[str] = []
    tasks: list[Task] = []
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
            tasks.append((tuple(prefer(quarters) if ways > 1 else quarters), excess))
            total *= ways
    if not notes:
        return Choices.single((), ("Hydroponics: no building has more Quarters than Hydroponics.",))
    sizes = [count for _, count in tasks]

    def describe(pick: Pick) -> tuple[str, ...]:
        return tuple(
            f"{note}: {names.squares(table.board, part)}."
            for note, part in zip(notes, split(pick, sizes), strict=True)
        )

    def choice(pick: Pick) -> str:
        return f"cross out {names.squares(table.board, pick)}"

    return Choices(
        total, sum(sizes), QUARTERS, describe, choice if total > 1 else None, tuple(tasks)
    )


SAFETY_CHECK: tuple[tuple[str, StepFn], ...] = (
    ("routes", check_routes),
    ("life-support", life_support),
    ("routes", check_routes),
    ("hydroponics", hydroponics),
    ("routes", check_routes),
)


# --- crises ----------------------------------------------------------------------------
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
    tasks: list[Task] = []
    sizes: list[int] = []
    total = 1
    for group in standing:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        others = [
            s for s in group if table.is_live(crossed, s) and table.board.cells[s] != QUARTERS
        ]
        # One Quarters and one other module, each when the building has any.
        for part in (quarters, others):
            if part:
                tasks.append((tuple(prefer(part) if len(part) > 1 else part), 1))
            total *= max(1, len(part))
        sizes.append(min(1, len(quarters)) + min(1, len(others)))

    def describe(pick: Pick) -> tuple[str, ...]:
        lines = [head]
        for group, part in zip(standing, split(pick, sizes), strict=True):
            what = names.squares(table.board, part) if part else "nothing (nothing standing)"
            lines.append(f"The {names.building(group)}: cross out {what}.")
        return tuple(lines)

    def choice(pick: Pick) -> str:
        return f"cross out {names.squares(table.board, pick)}"

    return Choices(total, sum(sizes), None, describe, choice if total > 1 else None, tuple(tasks))


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
        total, count, QUARTERS, describe, choice if total > 1 else None, ((tuple(ordered), count),)
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
    for group in table.board.joined_groups(table.live(crossed)):
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
    groups = board.joined_groups(members)
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
        describe,
        choice if len(biggest) > 1 else None,
        listed=tuple(biggest),
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
    groups = table.board.joined_groups(table.live(crossed, CORRIDOR))
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


def goal_bound(
    table: Table, crossed: Crossed, rule: str, life_support_ahead: bool, hydroponics_ahead: bool
) -> int:
    """At most what the Goal can still score once more squares are crossed out. Population
    and Security count Quarters, and a Safety Check still to come will leave Quarters only in
    buildings with a Life Support, and no more of them than the building has Hydroponics (it
    can only have fewer by then)."""
    if rule not in ("population", "security"):
        return GOALS[rule](table, crossed)[0]
    cells = table.board.cells
    quarters_left = 0
    inhabited = 0
    for group in table.buildings:
        kinds = [cells[s] for s in group if s not in crossed]
        quarters = kinds.count(QUARTERS)
        if life_support_ahead and LIFE_SUPPORT not in kinds:
            quarters = 0
        if hydroponics_ahead:
            quarters = min(quarters, kinds.count(HYDROPONICS))
        quarters_left += quarters
        inhabited += quarters > 0
    return quarters_left if rule == "population" else 4 * max(0, inhabited - 1)
