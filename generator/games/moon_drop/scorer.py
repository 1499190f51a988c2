"""The automatic scorer: runs the end of the game on a filled grid and writes the account.

The end is a fixed sequence of steps (Safety Check; each crisis in the planned order, each
followed by a Safety Check; then the Goal). Where a step lets the player choose, every choice
is tried (depth-first, remembering states already scored) and the one leading to the best
final score is taken. Ties go to the choice that leaves the most modules standing, then to
the first in reading order. A grid built to explode the search (many equal choices at once)
is cut off after a budget; the account then says the choice is the best found, not proven."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import ROW_NAMES, Board, read_grid
from generator.games.moon_drop.plan import MoonDropPlan
from generator.games.moon_drop.rules import (
    CRISES,
    GOALS,
    SAFETY_CHECK,
    Crossed,
    Names,
    Option,
    StepFn,
    Table,
)

# Options scored in one game before the search stops looking further than the first option.
SEARCH_BUDGET = 50_000


@dataclass(frozen=True)
class Step:
    section: str
    label: str
    run: StepFn


@dataclass(frozen=True)
class Outcome:
    score: int
    standing: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.score, self.standing)


@dataclass
class Decision:
    chosen: int
    outcomes: list[Outcome]


@dataclass
class Result:
    score: int
    goal_squares: list[tuple[int, int]]
    lines: list[str]
    crossed: Crossed
    exhaustive: bool


def end_steps(content: MoonDrop, order: list[str]) -> list[Step]:
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


class Search:
    def __init__(self, table: Table, steps: list[Step], goal_rule: str, names: Names) -> None:
        self.table = table
        self.steps = steps
        self.goal = GOALS[goal_rule]
        self.names = names
        self.memo: dict[tuple[int, Crossed], Outcome] = {}
        self.options: dict[tuple[int, Crossed], list[Option]] = {}
        self.spent = 0
        self.exhaustive = True

    def options_at(self, index: int, crossed: Crossed) -> list[Option]:
        key = (index, crossed)
        if key not in self.options:
            self.options[key] = self.steps[index].run(self.table, crossed, self.names)
        return self.options[key]

    def final(self, crossed: Crossed) -> Outcome:
        score, _ = self.goal(self.table, crossed)
        return Outcome(score, len(self.table.live(crossed)))

    def best(self, index: int, crossed: Crossed) -> Outcome:
        if index == len(self.steps):
            return self.final(crossed)
        key = (index, crossed)
        if key in self.memo:
            return self.memo[key]
        options = self.options_at(index, crossed)
        if options and len(options) < options[0].total:
            self.exhaustive = False
        if len(options) > 1 and self.spent > SEARCH_BUDGET:
            self.exhaustive = False
            options = options[:1]
        self.spent += len(options)
        outcome = max((self.best(index + 1, o.crossed) for o in options), key=lambda o: o.key)
        self.memo[key] = outcome
        return outcome

    def decide(self, index: int, crossed: Crossed) -> Decision:
        options = self.options_at(index, crossed)
        outcomes = [self.best(index + 1, o.crossed) for o in options]
        top = max(o.key for o in outcomes)
        chosen = next(i for i, o in enumerate(outcomes) if o.key == top)
        return Decision(chosen, outcomes)


def run_end(content: MoonDrop, board: Board, order: list[str], goal_id: str) -> Result:
    names = Names({m.id: m.name for m in content.modules})
    table = Table(board)
    goal = content.goal(goal_id)
    steps = end_steps(content, order)
    search = Search(table, steps, goal.rule, names)
    search.best(0, frozenset())
    crossed: Crossed = frozenset()
    lines: list[str] = []
    section = None
    for index, step in enumerate(steps):
        if step.section != section:
            section = step.section
            lines += ["", section]
        decision = search.decide(index, crossed)
        option = search.options_at(index, crossed)[decision.chosen]
        lines += [f"  {line}" for line in option.lines]
        if option.total > 1:
            lines.append(f"  {_choice_note(option, decision, search.exhaustive)}")
        crossed = option.crossed
    score, squares = GOALS[goal.rule](table, crossed)
    return Result(score, squares, lines, crossed, search.exhaustive)


def _choice_note(option: Option, decision: Decision, exhaustive: bool) -> str:
    best = decision.outcomes[decision.chosen]
    tried = len(decision.outcomes)
    equal = sum(1 for o in decision.outcomes if o.score == best.score)
    if tried < option.total or not exhaustive:
        scope = (
            f"Of {option.total} possible choices the scorer tried {tried} (a full search "
            "would take too long on this grid); this one leads to the best final score "
            f"found, {best.score}"
        )
    else:
        scope = f"Of {tried} possible choices this leads to the best final score, {best.score}"
    if equal > 1:
        scope += (
            f"; {equal} choices reach it, and this one leaves the most modules standing "
            f"({best.standing})"
        )
    return f"Choice: {option.choice}. {scope}."


def grid_lines(board: Board, crossed: Crossed, letters: dict[str, str]) -> list[str]:
    """The grid with crossed-out modules in lower case."""
    letter_of = {module: letter for letter, module in letters.items()}
    head = "    " + " ".join(str(c + 1) for c in range(board.columns))
    rows = [head]
    for r in range(board.rows):
        marks = []
        for c in range(board.columns):
            module = board.cells.get((r, c))
            if module is None:
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
        if rolled != drawn:
            notes.append(
                f"Note: the grid has {drawn} {' or '.join(module_names)} but the dice made "
                f"{rolled}; check the copy of the sheet."
            )
    return notes


def score(content: MoonDrop, plan: MoonDropPlan, grid_file: Path) -> str:
    board = read_grid(grid_file, content.rows, content.columns, content.letters)
    order = plan.end.crisis_order
    goal = content.goal(plan.deal.goal)
    result = run_end(content, board, order, goal.id)
    crises = ", ".join(content.crisis(c).name for c in order)
    lines = [
        f"{content.texts.game_name} · game {plan.game_id} · score for {grid_file.name}",
        f"Rules: {content.rules_revision}. Crises in the planned order: {crises}. "
        f"Goal: {goal.name}.",
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
        "",
        "How the scorer reads unclear wording (from the pack's rules.yaml):",
        *(f"- {text}" for text in content.readings.values()),
    ]
    return "\n".join(lines) + "\n"


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
