"""Moon Drop's bot: the par a player's grid may beat ("Beat the bot" in the rankings post).

The bot plays the posted blocks with hindsight: it knows every round's dice, the crises dealt
(and the order they are resolved in) and the goal before it draws its first block, and it
searches for a grid that scores well at the end. A block placed "where it scores best now"
scores 0 on most games: a building earns nothing until its Quarters, Life Support and
Hydroponics are together and crew can reach them, and a Corridor by an empty square costs a
Quarters at a Breach. So the bot plans:

- a beam search over the rounds in their order: each round every grid kept is grown by every
  legal copy of the round's block (the engine's own rule, placement.py, with the game's
  variations); the copies are ranked by what they add to the buildings they join (goal
  progress: Quarters kept alive, what the Goal counts) less the crises they court (a
  Corridor by an empty square at a Breach, Quarters side by side at a Plague, ...); the best
  of those are scored by the engine's own end of the game (rules.py, its cheapest choices),
  plus the goal progress and less the crisis risks of the whole grid, and the best grids go
  on to the next round. A block no building can use goes apart from the others: crossed out
  at the first Safety Check, it is safe from every crisis. Mining counts empty squares, not
  modules: there the copies are ranked by the squares they enclose, and nearly enclose;
- at the end the grids kept, and the greedy player's (each block where the grid scores best
  were the game to end then), are scored by the scorer exactly as a player's grid file is
  (`sheetgen score`), and the best is the par: a naive player never beats it.

What the bot leaves untried, to keep its work small: it never overwrites a used square;
with drawn corridors it draws every join its block may have (its buildings are then those
of the base rules); a block gets at most one Life Support (more are drawn as Hydroponics);
a free placement keeps its dice lowest first (on any of the five blocks' forms). Its work
is counted in copies tried, never in time, so the same plan always gives the same grid and
the same par, on any machine: about a second of CPU a game."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import CORRIDOR, Board, Square, parse_grid
from generator.games.moon_drop.options import (
    DRAWN,
    FREE,
    MIRROR,
    OVERWRITE,
    Variations,
    mirror_shapes,
    plan_variations,
)
from generator.games.moon_drop.placement import Placement, Sheet, forms, grid_text, placed, problems
from generator.games.moon_drop.plan import MoonDropPlan, RoundPlan
from generator.games.moon_drop.rules import (
    DOCK,
    GOALS,
    HYDROPONICS,
    LIFE_SUPPORT,
    PASSAGES,
    QUARTERS,
    RESEARCH,
    Crossed,
    Names,
    Table,
    reading_order,
)
from generator.games.moon_drop.scoring import end_steps, run_end

# How much searching the bot does (counted work, the same on every machine): the grids kept
# from round to round, the copies of a block per grid scored by the end of the game, and the
# grids the scorer scores after the last round.
# Measured on 20 seeds (benchmarks/moon_drop_bot.py): wider searches cost more CPU for
# little more score.
BEAM_WIDTH = 6
SCORED_PER_GRID = 30
FINAL_GRIDS = 24
# The end of the game's score outweighs goal progress and crisis risks: those rank grids
# that score the same (most grids score 0 until their buildings are complete).
SCORE_WEIGHT = 10.0
RISK_WEIGHT = 0.5
# Mining's progress: an empty square counts FAR_WEIGHT for each step (up to FAR_CAP) its
# shortest path of empty squares to the edge takes.
FAR_WEIGHT = 0.1
FAR_CAP = 4

KINDS = (QUARTERS, LIFE_SUPPORT, HYDROPONICS, CORRIDOR, DOCK, RESEARCH)
# A grid lacking any of these has no Quarters left after the end's first Safety Check.
_SURVIVORS = frozenset((QUARTERS, LIFE_SUPPORT, HYDROPONICS))
Mix = tuple[int, int, int, int, int, int]  # a building's modules, counted in KINDS order


@dataclass(frozen=True)
class Block:
    """A round's block as the placement rule reads it: the shape, its cells in number order
    and the modules each numbered square's die makes."""

    shape: str
    cells: tuple[tuple[int, int], ...]
    dice: tuple[tuple[str, ...], ...]


def block_of(round_plan: RoundPlan) -> Block:
    return Block(
        round_plan.shape,
        tuple((cell.row, cell.column) for cell in round_plan.block),
        tuple(cell.modules for cell in round_plan.block),
    )


@dataclass(frozen=True)
class BotPlay:
    """The bot's game: its placement of each round's block (in round order), the grid they
    make, the grid file a player would hand in for it, and the scorer's score for that file."""

    placements: tuple[Placement, ...]
    sheet: Sheet
    grid_file: str
    score: int


def play(content: MoonDrop, plan: MoonDropPlan, width: int = BEAM_WIDTH) -> BotPlay:
    """The bot's best grid for the plan's blocks, scored as `sheetgen score` scores it: the
    best of the beam's last grids and the greedy player's (`greedy_line`), so a player who
    places each block where it scores best at once never beats the par. (The greedy grid is
    not put into the beam: its children crowd out the beam's own lines, which then score
    less on some games.)"""
    variations = plan_variations(plan)
    search = BotSearch(content, plan, variations)
    greedy = greedy_line(search, plan)
    beam = [_Grid(Sheet(content.rows, content.columns), (), 0.0)]
    for number, round_plan in enumerate(plan.rounds, start=1):
        block = block_of(round_plan)
        grown: dict[tuple[object, ...], _Grid] = {}
        for grid in beam:
            for child in search.children(grid, block, width):
                key = _grid_key(child.sheet)
                if key not in grown or child.value > grown[key].value:
                    grown[key] = child
        if not grown:
            break  # no legal copy anywhere (a full grid): the game stops here for the bot
        # After the last block more grids are kept: the scorer's own search, which may find
        # better choices than the cheapest ones, picks among them.
        keep = width if number < len(plan.rounds) else FINAL_GRIDS
        beam = sorted(grown.values(), key=lambda g: (-g.value, _grid_key(g.sheet)))[:keep]
    best: BotPlay | None = None
    finals = [grid.placements for grid in beam]
    if greedy not in finals:
        finals.append(greedy)
    for placements in finals:
        scored = score_play(content, plan, placements)
        if best is None or scored.score > best.score:
            best = scored
    assert best is not None
    return best


def greedy_line(search: BotSearch, plan: MoonDropPlan) -> tuple[Placement, ...]:
    """The greedy player's game, the floor of the par: each block, in round order, where the
    grid so far scores best were the game to end then (the engine's end of the game, its
    cheapest choices), the first such copy on ties; it stops at a block with no legal copy."""
    sheet = Sheet(search.content.rows, search.content.columns)
    line: list[Placement] = []
    for round_plan in plan.rounds:
        best: tuple[int, Placement] | None = None
        for copy in search.copies(sheet, block_of(round_plan)):
            copy = search.with_joins(sheet, copy)
            now = search.score_now(placed(sheet, copy))
            if best is None or now > best[0]:
                best = (now, copy)
        if best is None:
            break
        line.append(best[1])
        sheet = placed(sheet, best[1])
    return tuple(line)


def score_play(content: MoonDrop, plan: MoonDropPlan, placements: Sequence[Placement]) -> BotPlay:
    """Replays the placements through the engine's placement rule (each must be legal under
    the game's variations) and scores the grid file they make as the scorer scores a
    player's grid file."""
    variations = plan_variations(plan)
    sheet = Sheet(content.rows, content.columns)
    for number, (round_plan, placement) in enumerate(
        zip(plan.rounds, placements, strict=False), start=1
    ):
        block = block_of(round_plan)
        found = problems(sheet, block.shape, block.cells, block.dice, placement, variations)
        if found:
            raise ValueError(f"the bot's block in round {number} is not legal: {found}")
        sheet = placed(sheet, placement)
    text = grid_text(sheet, content.letters, "the bot's grid")
    board = parse_grid(
        text,
        "the bot's grid",
        content.rows,
        content.columns,
        content.letters,
        overwrite=OVERWRITE in variations,
        drawn=DRAWN in variations,
    )
    result = run_end(content, board, plan.end.crisis_order, plan.deal.goal)
    return BotPlay(tuple(placements), sheet, text, result.score)


@dataclass(frozen=True)
class _Grid:
    sheet: Sheet
    placements: tuple[Placement, ...]
    value: float


def _grid_key(sheet: Sheet) -> tuple[object, ...]:
    return (
        tuple(sorted(sheet.cells.items())),
        tuple(sorted(sheet.destroyed)),
        tuple(sorted(tuple(sorted(j)) for j in sheet.joins)),
    )


class BotSearch:
    """The bot's view of one game: the copies of a block it may place, and what a grid is
    worth to it (the benchmark's greedy and random players use the same)."""

    def __init__(self, content: MoonDrop, plan: MoonDropPlan, variations: Variations) -> None:
        self.content = content
        self.variations = variations
        self.goal = content.goal(plan.deal.goal).rule
        self.crises = frozenset(content.crisis(c).rule for c in plan.deal.crises)
        self.steps = end_steps(content, plan.end.crisis_order)
        self.names = Names({m.id: m.name for m in content.modules})
        # A free placement (mirroring's blue 6) may take any of the five blocks' forms.
        self.free_forms: list[list[Square]] = []
        if MIRROR in variations:
            for shape in mirror_shapes(content.shapes)[:5]:
                cells = [(row, column) for row, column in shape.cells]
                self.free_forms += [f for f in forms(cells, (MIRROR,)) if f not in self.free_forms]

    # --- the copies of a block --------------------------------------------------------------
    def layouts(self, block: Block) -> list[tuple[list[Square], tuple[str, ...]]]:
        """The block's forms with the module drawn on each square, before placing (a free
        placement: the five blocks' forms, its dice lowest first)."""
        shapes = self.free_forms if block.shape == FREE else forms(block.cells, self.variations)
        found: dict[tuple[tuple[Square, str], ...], tuple[list[Square], tuple[str, ...]]] = {}
        for form in shapes:
            for modules in itertools.product(*block.dice):
                if modules.count(LIFE_SUPPORT) > 1:
                    continue  # one Life Support keeps a building: the rest as Hydroponics
                key = tuple(sorted(zip(form, modules, strict=True)))
                found.setdefault(key, (form, modules))
        return list(found.values())

    def copies(self, sheet: Sheet, block: Block) -> Iterator[Placement]:
        """Every copy of the block on empty squares (the bot never overwrites)."""
        taken = sheet.cells.keys() | sheet.destroyed
        for form, modules in self.layouts(block):
            height = max(r for r, _ in form) + 1
            breadth = max(c for _, c in form) + 1
            for top in range(sheet.rows - height + 1):
                for left in range(sheet.columns - breadth + 1):
                    squares = tuple((r + top, c + left) for r, c in form)
                    if not any(s in taken for s in squares):
                        yield Placement(squares, modules)

    def with_joins(self, sheet: Sheet, placement: Placement) -> Placement:
        """With drawn corridors the bot draws every join its block may have."""
        if DRAWN not in self.variations:
            return placement
        mine = dict(zip(placement.squares, placement.modules, strict=True))
        joins: set[tuple[Square, Square]] = set()
        for square, module in mine.items():
            r, c = square
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                kind = mine.get(other) or sheet.cells.get(other)
                if kind is not None and CORRIDOR in (module, kind):
                    joins.add((min(square, other), max(square, other)))
        return Placement(placement.squares, placement.modules, tuple(sorted(joins)))

    # --- growing a grid ---------------------------------------------------------------------
    def children(self, grid: _Grid, block: Block, width: int) -> list[_Grid]:
        sheet = grid.sheet
        building, mixes = _buildings(sheet)
        taken = sheet.cells.keys() | sheet.destroyed
        mining = self.goal == "mining"
        ranked: list[tuple[float, tuple[Square, ...], tuple[str, ...], Placement]] = []
        for copy in self.copies(sheet, block):
            if mining:
                # Mining counts empty squares alone, whatever is crossed out: the grid's
                # shape is its score, quick to measure for every copy.
                quick = _mining_value(sheet.rows, sheet.columns, taken | set(copy.squares))
            else:
                quick = self.quick_value(sheet, building, mixes, copy)
            ranked.append((-quick, copy.squares, copy.modules, copy))
        ranked.sort(key=lambda item: item[:3])
        children = []
        for negative, _, _, copy in ranked[: max(SCORED_PER_GRID, 2 * width)]:
            copy = self.with_joins(sheet, copy)
            after = placed(sheet, copy)
            value = -negative if mining else self.value(after)
            children.append(_Grid(after, (*grid.placements, copy), value))
        return children

    def quick_value(
        self,
        sheet: Sheet,
        building: dict[Square, int],
        mixes: list[Mix],
        copy: Placement,
    ) -> float:
        """What the copy adds to the buildings it joins (goal progress), and the crises it
        courts or averts, looked at around the block only."""
        mine = dict(zip(copy.squares, copy.modules, strict=True))
        cells = sheet.cells
        touched: set[int] = set()
        contacts = 0
        breach = quake = sabotage = plague = 0.0
        for square, module in mine.items():
            r, c = square
            neighbours = 0
            near_quarters = False
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if not (0 <= other[0] < sheet.rows and 0 <= other[1] < sheet.columns):
                    continue
                kind = cells.get(other)
                if kind is not None:
                    touched.add(building[other])
                    contacts += 1
                    neighbours += 1
                    # What the copy mends around it.
                    if kind == CORRIDOR:
                        breach += 1
                    elif kind == DOCK and module == QUARTERS:
                        sabotage += 1
                    if kind != CORRIDOR:
                        quake += 0.5
                elif other in mine:
                    kind = mine[other]
                    neighbours += 1
                elif other not in sheet.destroyed and module == CORRIDOR:
                    breach -= 1
                near_quarters = near_quarters or kind == QUARTERS
                if module == QUARTERS and kind == QUARTERS:
                    plague -= 1
            if module != CORRIDOR and neighbours < 2:
                quake -= 1
            if module == DOCK and not near_quarters:
                sabotage -= 1
        # Only modules crew can reach count; a way through drawn next to a room already
        # on the grid lets crew reach it.
        reached = [m for sq, m in mine.items() if _served(cells, sq, mine)]
        newly: set[Square] = set()
        for square, module in mine.items():
            if module not in PASSAGES:
                continue
            r, c = square
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if other in cells and other not in newly and not _served(cells, other, {}):
                    newly.add(other)
                    reached.append(cells[other])
        merged = _mix(reached)
        before = 0.0
        for index in sorted(touched):
            merged = _add(merged, mixes[index])
            before += self.building_value(mixes[index])
        gain = self.building_value(merged) - before
        if merged[0] == 0:
            # No Quarters: crossed out at the first Safety Check, whatever the crises. A
            # block of no use is best kept away from the buildings that count.
            return gain + (0.05 * contacts if self.goal == "mining" else -0.05 * contacts)
        risk = (
            0.3 * breach * ("breach" in self.crises)
            + 0.5 * quake * ("quake" in self.crises)
            + 0.5 * sabotage * ("sabotage" in self.crises)
            + 1.0 * plague * ("plague" in self.crises)
        )
        return gain + risk + 0.05 * contacts

    def building_value(self, mix: Mix) -> float:
        """Goal progress of one building: what it scores once its Quarters are kept alive
        (a Life Support, a Hydroponics for each), and a little for each of the three it has."""
        quarters, life, farms, corridors, _docks, research = mix
        kept = min(quarters, farms) if life else 0
        parts = min(quarters, 1) + min(life, 1) + min(farms, 1)
        alive = kept > 0
        if self.goal == "population":
            return kept + 0.3 * parts
        if self.goal == "security":
            return 4.0 * alive + 0.5 * parts - 0.2 * max(0, quarters - farms)
        if self.goal == "research":
            return (research if alive else 0.3 * research * min(quarters, 1)) + 0.3 * parts
        if self.goal == "efficiency":
            return (corridors if alive else 0.2 * corridors) + 0.3 * parts
        return 0.0  # mining: the empty squares matter, not the buildings

    def value(self, sheet: Sheet) -> float:
        """The grid so far: its score at the end of the game, weighted over the goal progress
        of its buildings, less the crises' risks to them."""
        building, mixes = _buildings(sheet)
        progress = sum(self.building_value(mix) for mix in mixes)
        risk = self.risk(sheet, building, mixes)
        return SCORE_WEIGHT * self.score_now(sheet) + progress - RISK_WEIGHT * risk

    def score_now(self, sheet: Sheet) -> int:
        """The grid's score were the game to end now: the engine's end of the game, taking
        its cheapest choices (the scorer may find better ones)."""
        if self.goal != "mining" and not _SURVIVORS.issubset(sheet.cells.values()):
            # The end begins with a Safety Check: with no Life Support (or no Hydroponics)
            # anywhere it crosses out every Quarters, and every Goal but Mining scores 0.
            # Most early grids end here without building the end of the game.
            return 0
        board = Board(
            sheet.rows,
            sheet.columns,
            dict(sheet.cells),
            frozenset(sheet.destroyed),
            frozenset(sheet.joins) if DRAWN in self.variations else None,
        )
        table = Table(board)
        crossed: Crossed = frozenset()
        for step in self.steps:
            pick = next(iter(step.run(table, crossed, self.names, reading_order).picks()))
            crossed = crossed | frozenset(pick)
            if self.goal != "mining" and not table.live(crossed, QUARTERS):
                # With no Quarters left the next Check Routes crosses out every module:
                # every Goal but Mining scores 0 (most partial grids end here, early).
                return 0
        return GOALS[self.goal](table, crossed)[0]

    def risk(self, sheet: Sheet, building: dict[Square, int], mixes: list[Mix]) -> float:
        """What the crises dealt will take from the buildings with Quarters, counted before
        it shows in the score (a Corridor by an empty square costs a Quarters at a Breach
        only once the Quarters is kept alive)."""
        cells = sheet.cells
        found = 0.0
        for square, module in cells.items():
            if not mixes[building[square]][0]:
                continue  # crossed out at the first Safety Check: no crisis touches it
            r, c = square
            kinds = [cells.get(o) for o in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))]
            inside = [
                o
                for o in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= o[0] < sheet.rows and 0 <= o[1] < sheet.columns
            ]
            if module == CORRIDOR and "breach" in self.crises:
                found += 0.5 * any(o not in cells and o not in sheet.destroyed for o in inside)
            if module != CORRIDOR and "quake" in self.crises:
                found += 0.3 * (sum(k is not None for k in kinds) < 2)
            if module == DOCK and "sabotage" in self.crises:
                found += 0.3 * (QUARTERS not in kinds)
            if module == QUARTERS and "plague" in self.crises:
                found += 0.5 * (QUARTERS in kinds)
        return found


def _mix(modules: Iterable[str]) -> Mix:
    counts = [0] * len(KINDS)
    for module in modules:
        counts[KINDS.index(module)] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def _add(a: Mix, b: Mix) -> Mix:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _served(cells: dict[Square, str], square: Square, more: dict[Square, str]) -> bool:
    """Crew can reach the module from a way through (a Quarters, Corridor or Dock is one; a
    room is reached only from a way through next to it): else Check Routes crosses it out.
    `more`: modules about to be drawn."""
    if (cells.get(square) or more[square]) in PASSAGES:
        return True
    r, c = square
    for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if (cells.get(other) or more.get(other)) in PASSAGES:
            return True
    return False


def _buildings(sheet: Sheet) -> tuple[dict[Square, int], list[Mix]]:
    """The grid's buildings (modules side by side: the bot joins everything it may), each
    square's building and each building's modules counted, those crew can reach only."""
    building: dict[Square, int] = {}
    mixes: list[Mix] = []
    for start in sorted(sheet.cells):
        if start in building:
            continue
        index = len(mixes)
        building[start] = index
        todo = [start]
        members = []
        while todo:
            square = todo.pop()
            if _served(sheet.cells, square, {}):
                members.append(sheet.cells[square])
            r, c = square
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if other in sheet.cells and other not in building:
                    building[other] = index
                    todo.append(other)
        mixes.append(_mix(members))
    return building, mixes


def _mining_value(rows: int, columns: int, taken: set[Square]) -> float:
    """Mining's score on a grid whose used squares are `taken` (the empty squares no path of
    empty squares joins to the edge), and its progress: the empty squares far from the edge
    by such paths, each the nearer to being enclosed the farther it is."""
    far: dict[Square, int] = {}
    todo: list[Square] = []
    for r in range(rows):
        for c in range(columns):
            if (r in (0, rows - 1) or c in (0, columns - 1)) and (r, c) not in taken:
                far[(r, c)] = 0
                todo.append((r, c))
    at = 0
    while at < len(todo):
        square = todo[at]
        at += 1
        r, c = square
        step = far[square] + 1
        for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (
                0 <= other[0] < rows
                and 0 <= other[1] < columns
                and other not in far
                and other not in taken
            ):
                far[other] = step
                todo.append(other)
    enclosed = rows * columns - len(taken) - len(far)
    return SCORE_WEIGHT * enclosed + FAR_WEIGHT * sum(min(d, FAR_CAP) for d in far.values())
