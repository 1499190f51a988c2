"""The end of a Moon Drop game as steps: the Safety Check, the six crises and the five goals.

Every step reads a board and the set of crossed-out squares and returns its Options: the
squares crossed out afterwards, the account lines, and (where the player may choose) what
was chosen. A step with no choice returns one option. The readings of unclear wording are in
the pack's rules.yaml; the comments name them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, islice, product
from math import comb, prod

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
# The most choices one step offers the search, in reading order. A real sheet (28 modules)
# stays far below; a grid packed with Quarters could otherwise offer millions.
MAX_OPTIONS = 512


@dataclass(frozen=True)
class Option:
    crossed: Crossed
    lines: tuple[str, ...]
    choice: str | None = None
    total: int = 1  # how many choices the step has in all (more than offered if capped)


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


StepFn = Callable[[Table, Crossed, Names], list[Option]]


def _cross(crossed: Crossed, squares: Iterable[Square]) -> Crossed:
    return crossed | frozenset(squares)


# --- the Safety Check ------------------------------------------------------------------
def check_routes(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    reached = table.reachable(crossed)
    lost = [s for s in table.live(crossed) if s not in reached]
    if not lost:
        return [Option(crossed, ("Check Routes: every module still standing can be reached.",))]
    return [
        Option(
            _cross(crossed, lost),
            (
                f"Check Routes: cross out {names.squares(table.board, lost)}: no route from "
                "any Quarters.",
            ),
        )
    ]


def life_support(table: Table, crossed: Crossed, names: Names) -> list[Option]:
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
    return [Option(_cross(crossed, lost), tuple(lines))]


def hydroponics(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    per_building: list[tuple[list[Square], list[Square], int, str]] = []
    for group in table.buildings:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        farms = sum(1 for s in group if table.is_live(crossed, s, HYDROPONICS))
        if len(quarters) > farms:
            excess = len(quarters) - farms
            note = (
                f"Hydroponics: the {names.building(group)} has {len(quarters)} Quarters and "
                f"{farms} Hydroponics: cross out {excess} Quarters"
            )
            per_building.append((group, quarters, excess, note))
    if not per_building:
        return [Option(crossed, ("Hydroponics: no building has more Quarters than Hydroponics.",))]
    total = prod(comb(len(quarters), excess) for _, quarters, excess, _ in per_building)
    every = product(*(combinations(quarters, excess) for _, quarters, excess, _ in per_building))
    options = []
    for picks in islice(every, MAX_OPTIONS):
        lost = [s for pick in picks for s in pick]
        lines = tuple(
            f"{note}: {names.squares(table.board, pick)}."
            for (_, _, _, note), pick in zip(per_building, picks, strict=True)
        )
        choice = None if total == 1 else f"cross out {names.squares(table.board, lost)}"
        options.append(Option(_cross(crossed, lost), lines, choice, total))
    return options


SAFETY_CHECK: tuple[tuple[str, StepFn], ...] = (
    ("routes", check_routes),
    ("life-support", life_support),
    ("routes", check_routes),
    ("hydroponics", hydroponics),
    ("routes", check_routes),
)


# --- crises ----------------------------------------------------------------------------
def fire(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    standing = [g for g in table.buildings if any(table.is_live(crossed, s) for s in g)]
    lacking = [g for g in standing if not any(table.is_live(crossed, s, LIFE_SUPPORT) for s in g)]
    if not lacking:
        return [Option(crossed, ("Safe: every building has a Life Support.",))]
    head = (
        "Failed: no Life Support in the "
        + "; ".join(names.building(g) for g in lacking)
        + ". Every building loses 1 Quarters and 1 other module."
    )
    per_building = []
    for group in standing:
        quarters = [s for s in group if table.is_live(crossed, s, QUARTERS)]
        others = [
            s for s in group if table.is_live(crossed, s) and table.board.cells[s] != QUARTERS
        ]
        picks = [
            tuple(p for p in pair if p is not None)
            for pair in product(quarters or [None], others or [None])
        ]
        per_building.append((group, picks))
    total = prod(len(p) for _, p in per_building)
    options = []
    for picks in islice(product(*(p for _, p in per_building)), MAX_OPTIONS):
        lost = [s for pick in picks for s in pick]
        lines = [head]
        for (group, _), pick in zip(per_building, picks, strict=True):
            what = names.squares(table.board, pick) if pick else "nothing (nothing standing)"
            lines.append(f"The {names.building(group)}: cross out {what}.")
        choice = None if total == 1 else f"cross out {names.squares(table.board, lost)}"
        options.append(Option(_cross(crossed, lost), tuple(lines), choice, total))
    return options


def breach(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    board = table.board
    open_corridors = [
        s
        for s in table.live(crossed, CORRIDOR)
        if any(board.is_empty(n) for n in board.neighbours(s))
    ]
    if not open_corridors:
        return [Option(crossed, ("Safe: no Corridor is next to an empty square.",))]
    quarters = table.live(crossed, QUARTERS)
    count = min(len(open_corridors), len(quarters))
    head = (
        f"Failed: {len(open_corridors)} Corridor{'s' if len(open_corridors) != 1 else ''} "
        f"next to an empty square ({', '.join(square_name(s) for s in open_corridors)})"
    )
    if count == 0:
        return [Option(crossed, (f"{head}, but no Quarters is left to cross out.",))]
    shortfall = (
        f" (only {len(quarters)} Quarters left)" if len(quarters) < len(open_corridors) else ""
    )
    options = []
    total = comb(len(quarters), count)
    for pick in islice(combinations(quarters, count), MAX_OPTIONS):
        text = f"{head}: cross out {count} Quarters{shortfall}: {names.squares(board, pick)}."
        choice = None if total == 1 else f"cross out {names.squares(board, pick)}"
        options.append(Option(_cross(crossed, pick), (text,), choice, total))
    return options


def plague(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    sick = [
        s
        for s in table.live(crossed, QUARTERS)
        if any(table.is_live(crossed, n, QUARTERS) for n in table.board.neighbours(s))
    ]
    if not sick:
        return [Option(crossed, ("Safe: no Quarters is next to another Quarters.",))]
    return [
        Option(
            _cross(crossed, sick),
            (
                f"Failed: cross out every Quarters next to another: "
                f"{names.squares(table.board, sick)}.",
            ),
        )
    ]


def quake(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    weak = [
        s
        for s in table.live(crossed)
        if table.board.cells[s] != CORRIDOR and len(table.live_neighbours(crossed, s)) < 2
    ]
    if not weak:
        return [Option(crossed, ("Safe: every module other than a Corridor has two neighbours.",))]
    return [
        Option(
            _cross(crossed, weak),
            (
                "Failed: cross out each module with fewer than two neighbouring modules: "
                f"{names.squares(table.board, weak)}.",
            ),
        )
    ]


def fungus(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    # Reading "fungus": connected means joined by a path of modules not crossed out.
    joined: set[Square] = set()
    for group in table.board.groups(table.live(crossed)):
        if any(table.board.cells[s] == LIFE_SUPPORT for s in group):
            joined.update(group)
    rotten = [s for s in table.live(crossed, HYDROPONICS) if s not in joined]
    if not rotten:
        return [Option(crossed, ("Safe: every Hydroponics is connected to a Life Support.",))]
    return [
        Option(
            _cross(crossed, rotten),
            (
                "Failed: cross out each Hydroponics not connected to a Life Support: "
                f"{names.squares(table.board, rotten)}.",
            ),
        )
    ]


def sabotage(table: Table, crossed: Crossed, names: Names) -> list[Option]:
    board = table.board
    lonely = [
        d
        for d in table.live(crossed, DOCK)
        if not any(table.is_live(crossed, n, QUARTERS) for n in board.neighbours(d))
    ]
    if not lonely:
        return [Option(crossed, ("Safe: every Dock is next to a Quarters.",))]
    head = f"Failed: no Quarters next to the Dock at {', '.join(square_name(d) for d in lonely)}"
    members = [s for s in table.live(crossed) if board.cells[s] not in (CORRIDOR, QUARTERS)]
    groups = board.groups(members)
    if not groups:
        return [Option(crossed, (f"{head}, but there is no group to cross out.",))]
    largest = max(len(g) for g in groups)
    biggest = [g for g in groups if len(g) == largest]
    options = []
    for group in biggest[:MAX_OPTIONS]:
        text = (
            f"{head}. The largest group of modules other than Corridors and Quarters has "
            f"{largest} square{'s' if largest != 1 else ''}: cross out "
            f"{names.squares(board, group)}."
        )
        choice = (
            None
            if len(biggest) == 1
            else f"take the group at {square_name(group[0])} ({len(biggest)} groups of {largest})"
        )
        options.append(Option(_cross(crossed, group), (text,), choice, len(biggest)))
    return options


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
