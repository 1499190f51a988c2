"""The automatic scorer: runs the end of the game on a filled grid and writes the account.

The end is a fixed sequence of steps (Safety Check; each crisis in the planned order, each
followed by a Safety Check; then the Goal). Where a step lets the player choose, the scorer
finds the choices that lead to the best final score, then the most modules standing, by
branch and bound:

- Crossing out only ever adds squares, and every Goal scores less (or the same) with more
  squares crossed out, so the Goal scored on the squares crossed out so far, and the modules
  still standing, bound what any continuation can reach. A branch that cannot beat the best
  ending found so far is dropped unexplored, and a step stops trying options once one
  reaches the step's bound.
- Options are produced one at a time (never all at once), in a preferred order: first the
  squares whose loss alone costs least (Goal points, then modules cut off), then reading
  order. So the first ending found is the simple greedy one, and the result is never worse.
- States already scored are remembered (in a bounded table).

The search tries at most SEARCH_BUDGET options; when it stops there, the account says the
result is the best found, not proven best. Ties go to the first ending in the order tried."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import (
    DESTROYED,
    ROW_NAMES,
    Board,
    Square,
    read_grid,
    square_name,
)
from generator.games.moon_drop.options import (
    DRAWN,
    FREE_PLACEMENT,
    MIRROR,
    OVERWRITE,
    RULES,
    Variations,
    described,
    plan_variations,
)
from generator.games.moon_drop.plan import MoonDropPlan
from generator.games.moon_drop.rules import (
    CRISES,
    GOAL_COUNTS,
    GOALS,
    SAFETY_CHECK,
    Choices,
    Crossed,
    Names,
    Pick,
    Prefer,
    StepFn,
    Table,
    goal_bound,
    reading_order,
)

# Work units (an option tried or a square ranked: about one tracing of routes over the grid,
# tens of microseconds) the search may spend before it settles for the best found. A real
# sheet needs a few hundred at most; a full grid stops here after a few seconds.
SEARCH_BUDGET = 100_000
# Remembered states before the table is emptied (memory stays bounded; only speed is lost).
MEMO_LIMIT = 100_000

Value = tuple[int, int]  # (final score, modules left standing): higher is better
Trail = tuple[Pick, "Trail"] | None  # the picks from a step to the end, as a linked list


@dataclass(frozen=True)
class Step:
    section: str
    label: str
    run: StepFn


@dataclass
class Result:
    score: int
    standing: int
    goal_squares: list[tuple[int, int]]
    lines: list[str]
    crossed: Crossed
    proven: bool  # the search ruled out every choice with a higher score
    standing_proven: bool  # and, at that score, every choice leaving more modules standing
    tried: int  # the search's work: options tried and squares ranked
    greedy: int  # the score of always crossing out the cheapest-looking squares


def end_steps(content: MoonDrop, order: Sequence[str]) -> list[Step]:
    steps = [Step("Safety Check (end of the game)", name, fn) for name, fn in SAFETY_CHECK]
    for i, crisis_id in enumerate(order, start=1):
        crisis = content.crisis(crisis_id)
        title = f"Crisis {i} of {len(order)}: {crisis.name}"
        steps.append(
            Step(
                f"{title} (safe if: {crisis.safe} If failed: {crisis.failed})",
                crisis.rule,
                CRISES[crisis.rule],
            )
        )
        steps += [Step(f"Safety Check after {crisis.name}", name, fn) for name, fn in SAFETY_CHECK]
    return steps


class Meter:
    """The work the search may do, shared by its passes: each option tried and each square
    ranked costs one unit (about one route-tracing over the grid). Counting work, not time,
    keeps the account the same on every machine."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent = 0

    @property
    def spent_up(self) -> bool:
        return self.spent >= self.budget


class Search:
    """Branch and bound over the end's steps for the best value: the final score alone
    (`standing=False`), or the score and then the modules left standing."""

    def __init__(
        self,
        table: Table,
        steps: list[Step],
        goal_rule: str,
        names: Names,
        meter: Meter,
        standing: bool,
    ) -> None:
        self.table = table
        self.steps = steps
        self.goal = GOALS[goal_rule]
        self.goal_rule = goal_rule
        self.counted = GOAL_COUNTS.get(goal_rule)
        self.names = names
        self.meter = meter
        labels = [step.label for step in steps]
        # The last step of each kind: before it, its check is still to come.
        self.last = {label: i for i, label in enumerate(labels)}
        self.standing = standing
        self.exact: dict[tuple[int, Crossed], tuple[Value, Trail]] = {}
        self.at_most: dict[tuple[int, Crossed], Value] = {}
        self.ranks: dict[tuple[Crossed, Square], tuple[int, int]] = {}
        self.cuts = 0  # times the budget stopped a step short

    # --- bounds and order ----------------------------------------------------------------
    def outcome(self, crossed: Crossed) -> Value:
        """The Goal's score and the modules standing if the game ended here."""
        return self.goal(self.table, crossed)[0], len(self.table.live(crossed))

    def value(self, crossed: Crossed) -> Value:
        """What the search maximises, for an ending."""
        score, standing = self.outcome(crossed)
        return score, standing if self.standing else 0

    def bound(self, index: int, crossed: Crossed) -> Value:
        """At most what any ending reached from `crossed` before step `index` can be worth:
        crossing out only adds squares, and the Goal and the modules standing only fall as
        it does (the Goal's bound also knows what Safety Checks still to come will do)."""
        score = goal_bound(
            self.table,
            crossed,
            self.goal_rule,
            index <= self.last.get("life-support", -1),
            index <= self.last.get("hydroponics", -1),
        )
        return score, len(self.table.live(crossed)) if self.standing else 0

    def step_bound(self, index: int, crossed: Crossed, choices: Choices) -> Value:
        score, standing = self.bound(index, crossed)
        if self.counted is not None and choices.kind == self.counted:
            # Every option crosses out that many scoring modules.
            score = min(score, self.goal(self.table, crossed)[0] - choices.size)
        return score, standing - choices.size if self.standing else 0

    def partial_bound(
        self, index: int, crossed: Crossed, prefix: Pick, remaining: int, kind: str | None
    ) -> Value:
        """At most what any option of step `index` beginning with `prefix` can lead to:
        `remaining` more squares (of `kind`, if set) will be crossed out, and the Check Routes
        that follows every choosing step crosses out whatever `prefix` already cuts off."""
        after = crossed | frozenset(prefix)
        score, standing = self.bound(index + 1, after)
        if self.counted is not None and kind == self.counted:
            score = min(score, self.goal(self.table, after)[0] - remaining)
        if self.standing:
            standing -= remaining
        if index + 1 < len(self.steps) and self.steps[index + 1].label == "routes":
            reached = self.table.reachable(after)
            cut = after | frozenset(s for s in self.table.live(after) if s not in reached)
            later_score, later_standing = self.bound(index + 2, cut)
            score, standing = min(score, later_score), min(standing, later_standing)
        return score, standing

    def prefer(self, crossed: Crossed) -> Prefer:
        """Ranks squares by what crossing out that one alone costs once the squares it cuts
        off are crossed out too: Goal points lost, then modules lost; then reading order."""

        def cost(square: Square) -> tuple[int, int, Square]:
            key = (crossed, square)
            if key not in self.ranks:
                self.meter.spent += 1
                after = crossed | {square}
                reached = self.table.reachable(after)
                cut = after | frozenset(s for s in self.table.live(after) if s not in reached)
                score, standing = self.outcome(cut)
                self.ranks[key] = (-score, -standing)
            return (*self.ranks[key], square)

        def order(squares: Sequence[Square]) -> list[Square]:
            return sorted(squares, key=cost)

        return order

    def choices(self, index: int, crossed: Crossed) -> Choices:
        return self.steps[index].run(self.table, crossed, self.names, self.prefer(crossed))

    def forget_if_full(self) -> None:
        if len(self.exact) + len(self.at_most) + len(self.ranks) > MEMO_LIMIT:
            self.exact.clear()
            self.at_most.clear()
            self.ranks.clear()

    # --- the search ----------------------------------------------------------------------
    def best(self, index: int, crossed: Crossed, beat: Value | None) -> tuple[Value, Trail] | None:
        """The best ending from step `index` if it is better than `beat` (else None), and
        the picks that reach it; among equal endings, the first tried."""
        if index == len(self.steps):
            value = self.value(crossed)
            return (value, None) if beat is None or value > beat else None
        key = (index, crossed)
        known = self.exact.get(key)
        if known is not None:
            return known if beat is None or known[0] > beat else None
        ceiling = self.at_most.get(key)
        if beat is not None and ceiling is not None and ceiling <= beat:
            return None
        choices = self.choices(index, crossed)
        bound = self.step_bound(index, crossed, choices)
        if beat is not None and bound <= beat:
            return None
        cuts = self.cuts
        found: tuple[Value, Trail] | None = None
        stopped = False

        def hopeless(prefix: Pick, remaining: int) -> bool:
            """Skips every option beginning with `prefix` when none can beat the best yet."""
            nonlocal stopped
            floor = found[0] if found is not None else beat
            if floor is None:
                return False  # nothing to beat yet: the first (greedy) option is followed
            if self.meter.spent_up:
                stopped = True
                return True
            self.meter.spent += 1
            return self.partial_bound(index, crossed, prefix, remaining, choices.kind) <= floor

        for number, pick in enumerate(choices.picks(hopeless)):
            # The first option is always followed, so the greedy ending is always found.
            if number and self.meter.spent_up:
                stopped = True
                break
            self.meter.spent += 1
            child = crossed | frozenset(pick)
            floor = found[0] if found is not None else beat
            if number and floor is not None and self.bound(index + 1, child) <= floor:
                continue
            below = self.best(index + 1, child, floor)
            if below is not None:
                found = (below[0], (pick, below[1]))
                if found[0] >= bound:
                    break  # no option can do better
        if stopped:
            self.cuts += 1
        if self.cuts == cuts:  # every option was settled: the answer is proven
            self.forget_if_full()
            if found is not None:
                self.exact[key] = found
            elif beat is not None:
                self.at_most[key] = beat
        return found

    def greedy(self) -> Crossed:
        """Always the first option: crossing out the cheapest-looking squares."""
        crossed: Crossed = frozenset()
        for index in range(len(self.steps)):
            crossed = crossed | frozenset(next(iter(self.choices(index, crossed).picks())))
        return crossed


@dataclass(frozen=True)
class Solution:
    trail: Trail
    score: int
    standing: int
    score_proven: bool  # no other choices give a higher score
    standing_proven: bool  # nor, at that score, more modules standing
    spent: int
    greedy: int


def solve(table: Table, steps: list[Step], goal_rule: str, names: Names, budget: int) -> Solution:
    """First the best score, then (while the budget lasts) the most modules standing at it.
    The second pass only accepts endings strictly better than the first pass's, so among
    equal endings the first tried is kept."""
    meter = Meter(budget)
    by_score = Search(table, steps, goal_rule, names, meter, standing=False)
    found = by_score.best(0, frozenset(), None)
    assert found is not None  # with nothing to beat, the first ending is returned
    trail = found[1]
    score_proven = by_score.cuts == 0
    crossed = _follow(trail)
    score, standing = by_score.outcome(crossed)
    standing_proven = False
    if score_proven:
        # The tie-break is worth less than the score: at most a quarter of the budget.
        meter.budget = min(budget, meter.spent + budget // 4)
        by_both = Search(table, steps, goal_rule, names, meter, standing=True)
        better = by_both.best(0, frozenset(), (score, standing))
        if better is not None:
            ((score, standing), trail) = better
        standing_proven = by_both.cuts == 0
    greedy = by_score.outcome(by_score.greedy())[0]
    return Solution(trail, score, standing, score_proven, standing_proven, meter.spent, greedy)


def _follow(trail: Trail) -> Crossed:
    crossed: set[Square] = set()
    while trail is not None:
        pick, trail = trail
        crossed.update(pick)
    return frozenset(crossed)


def run_end(
    content: MoonDrop,
    board: Board,
    order: Sequence[str],
    goal_id: str,
    budget: int | None = None,
) -> Result:
    names = Names({m.id: m.name for m in content.modules})
    table = Table(board)
    goal = content.goal(goal_id)
    steps = end_steps(content, order)
    solution = solve(table, steps, goal.rule, names, SEARCH_BUDGET if budget is None else budget)
    crossed: Crossed = frozenset()
    lines: list[str] = []
    section = None
    trail = solution.trail
    for step in steps:
        if step.section != section:
            section = step.section
            lines += ["", section]
        assert trail is not None
        pick, trail = trail
        choices = step.run(table, crossed, names, reading_order)
        lines += [f"  {line}" for line in choices.describe(pick)]
        if choices.choice is not None:
            lines.append(f"  {_choice_note(choices, pick, solution)}")
        crossed = crossed | frozenset(pick)
    goal_score, squares = GOALS[goal.rule](table, crossed)
    return Result(
        goal_score,
        solution.standing,
        squares,
        lines,
        crossed,
        solution.score_proven,
        solution.standing_proven,
        solution.spent,
        solution.greedy,
    )


def _choice_note(choices: Choices, pick: Pick, solution: Solution) -> str:
    assert choices.choice is not None
    total = f"Of {choices.total} possible choices"
    if not solution.score_proven:
        scope = (
            f"{total} this one leads to the best final score the scorer found, "
            f"{solution.score}; it stopped after {solution.spent} tries, so a better one is "
            "not ruled out (always crossing out the cheapest-looking squares scores "
            f"{solution.greedy})"
        )
    elif solution.standing_proven:
        scope = (
            f"{total} this one leads to the best final score, {solution.score}, with the "
            f"most modules left standing ({solution.standing})"
        )
    else:
        scope = (
            f"{total} this one leads to the best final score, {solution.score}, with "
            f"{solution.standing} modules left standing (the most the scorer found in "
            f"{solution.spent} tries)"
        )
    return f"Choice: {choices.choice(pick)}. {scope}."


def grid_lines(board: Board, crossed: Crossed, letters: dict[str, str]) -> list[str]:
    """The grid with crossed-out modules in lower case (X: a destroyed square)."""
    letter_of = {module: letter for letter, module in letters.items()}
    head = "    " + " ".join(str(c + 1) for c in range(board.columns))
    rows = [head]
    for r in range(board.rows):
        marks = []
        for c in range(board.columns):
            module = board.cells.get((r, c))
            if (r, c) in board.destroyed:
                marks.append(DESTROYED)
            elif module is None:
                marks.append(".")
            else:
                letter = letter_of[module]
                marks.append(letter.lower() if (r, c) in crossed else letter)
        rows.append(f"  {ROW_NAMES[r]} " + " ".join(marks))
    return rows


def dice_check(content: MoonDrop, board: Board, plan: MoonDropPlan) -> list[str]:
    """Warnings when the grid's modules do not match the faces the dice made. Modules that
    share a face (Life Support and Hydroponics) are counted together."""
    faces = Counter(cell.face for rnd in plan.rounds for cell in rnd.block)
    have = Counter(board.cells.values())
    groups: list[tuple[set[int], list[str]]] = []
    for module in content.modules:
        joined = [g for g in groups if g[0] & set(module.faces)]
        merged = (set(module.faces), [module.name])
        for g in joined:
            groups.remove(g)
            merged = (merged[0] | g[0], g[1] + merged[1])
        groups.append(merged)
    notes = []
    for face_set, module_names in groups:
        rolled = sum(faces[f] for f in face_set)
        drawn = sum(have[m.id] for m in content.modules if m.name in module_names)
        # Overwriting destroys modules: then only more than the dice made is wrong.
        if rolled != drawn and not (board.destroyed and drawn < rolled):
            notes.append(
                f"Note: the grid has {drawn} {' or '.join(module_names)} but the dice made "
                f"{rolled}; check the copy of the sheet."
            )
    return notes


def score(content: MoonDrop, plan: MoonDropPlan, grid_file: Path) -> str:
    variations = plan_variations(plan)
    board = read_grid(
        grid_file,
        content.rows,
        content.columns,
        content.letters,
        overwrite=OVERWRITE in variations,
        drawn=DRAWN in variations,
    )
    order = plan.end.crisis_order
    goal = content.goal(plan.deal.goal)
    result = run_end(content, board, order, goal.id)
    crises = ", ".join(content.crisis(c).name for c in order)
    lines = [
        f"{content.texts.game_name} · game {plan.game_id} · score for {grid_file.name}",
        f"Rules: {content.rules_revision}. Crises in the planned order: {crises}. "
        f"Goal: {goal.name}.",
        *_variation_lines(variations, board),
        "",
        "The grid as read (row letters, column numbers):",
        *grid_lines(board, frozenset(), content.letters),
        *dice_check(content, board, plan),
        *result.lines,
        "",
        f"Goal: {goal.name} ({goal.text})",
        f"  {_goal_detail(goal.rule, result)}",
        "",
        "The grid at the end (crossed-out modules in lower case):",
        *grid_lines(board, result.crossed, content.letters),
        "",
        f"Score: {result.score}",
        *_proof_lines(result),
        "",
        "How the scorer reads unclear wording (from the pack's rules.yaml):",
        *(f"- {text}" for text in content.readings.values()),
        *_variation_readings(variations),
    ]
    return "\n".join(lines) + "\n"


def _variation_lines(variations: Variations, board: Board) -> list[str]:
    """The variations of the game, what the grid file says of them."""
    if not variations:
        return []
    lines = [f"Variations to test in this game: {described(variations)}."]
    if OVERWRITE in variations:
        where = ", ".join(square_name(s) for s in sorted(board.destroyed)) or "none"
        lines.append(f"Destroyed squares (X): {where}.")
    if DRAWN in variations:
        joins = sorted(tuple(sorted(j)) for j in board.joins or ())
        drawn = ", ".join(f"{square_name(a)}-{square_name(b)}" for a, b in joins) or "none"
        lines.append(f"Joins drawn: {drawn}.")
    return lines


def _variation_readings(variations: Variations) -> list[str]:
    if not variations:
        return []
    lines = ["", "The variations to test, as the scorer reads them:"]
    lines += [f"- {RULES[v]}" for v in variations]
    if MIRROR in variations:
        lines.append(f"- {FREE_PLACEMENT}")
    return lines


def _proof_lines(result: Result) -> list[str]:
    if result.proven:
        return []
    return [
        f"This is the best score the scorer found in {result.tried} tries, not proven best: "
        "the grid offers too many choices to rule every other one out. It is never below "
        f"what always crossing out the cheapest-looking squares gives ({result.greedy})."
    ]


def _goal_detail(rule: str, result: Result) -> str:
    from generator.games.moon_drop.grid import square_name

    where = ", ".join(square_name(s) for s in result.goal_squares) or "none"
    if rule == "security":
        count = len(result.goal_squares)
        return (
            f"{count} inhabited building{'s' if count != 1 else ''} (at {where}): "
            f"{result.score} points."
        )
    what = {
        "research": "Research modules standing",
        "mining": "enclosed empty squares",
        "efficiency": "squares in the largest Corridor",
        "population": "Quarters standing",
    }[rule]
    return f"{len(result.goal_squares)} {what} ({where}): {result.score} points."
