"""The player's best choices for the round score, and the flight replayed with them.

The flight is a fixed sequence of steps: crewing the ship (where the aliens go), then each
event card in the planned order with its recorded rolls. Before an event that cares where
the crew sit (an epidemic, meteors, pirates' shots) the crew may move between cabins, as the
rules allow between events: the step then tries the event from every seating worth trying
(seating.py) and the account says each move. At each step the resolver lists the
options; the search tries them all (depth first, remembering positions already scored) and
takes the one leading to the best round score. Ties go to an option that keeps the ship in
the round, then to the one the resolver lists first (its natural choice: shield rather than
be hit, take the reward). A ship built to
explode the search is cut off after a budget: from then on the first option is taken and the
account says the choice is the best found, not proven best."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from generator.common.errors import SheetgenError
from generator.games.galaxy_trucker.flight.option import Option, distinct
from generator.games.galaxy_trucker.flight.registry import (
    RESOLVERS,
    SEATERS,
    SEATING_FREE,
    Resolver,
)
from generator.games.galaxy_trucker.flight.seating import CrewFree, crew_free, move_lines
from generator.games.galaxy_trucker.flight.state import (
    Flight,
    State,
    alien_cabins,
    crew_words,
    final_score,
    place_alien,
)

SEARCH_BUDGET = 200_000  # options tried in one flight before the search stops branching

StepFn = Callable[[State], list[Option]]
Rolls = tuple[tuple[int, int], ...]
# Why a move is made although the ship leaves the round at this event: it would with no
# move too (otherwise only moves that keep it flying are tried).
OUT_ANYWAY = "though the ship leaves the round at this event, as it would with no move"


def crew_options(flight: Flight, state: State) -> list[Option]:
    """Where the aliens go (at most one of each colour, each in its own cabin joined to a
    life support of its colour; never the starting cabin). More aliens are listed first."""
    purple = alien_cabins(flight.ship, state.present, "purple")
    brown = alien_cabins(flight.ship, state.present, "brown")
    options = []
    for p in [*purple, None]:
        for b in [*brown, None]:
            if p is not None and p == b:
                continue
            after = state
            words = []
            if p is not None:
                after = place_alien(after, "purple", p)
                words.append(f"the purple alien in {flight.label(p)}")
            if b is not None:
                after = place_alien(after, "brown", b)
                words.append(f"the brown alien in {flight.label(b)}")
            line = f"Crew: {crew_words(after)}" + (f" ({'; '.join(words)})" if words else "") + "."
            choice = " and ".join(words) if words else "no alien"
            options.append(Option(after, 0, (line,), (choice,)))
    options.sort(key=lambda o: -len(o.state.aliens))
    if len(options) == 1:
        options = [Option(options[0].state, 0, options[0].lines)]
    return distinct(options)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def seated_options(
    flight: Flight, state: State, card: Any, rolls: Rolls, number: int, resolve: Resolver
) -> list[Option]:
    """The event's options from every seating of the crew worth trying (crew may move between
    events): the current seating first; an outcome reached by several seatings is listed
    once, with the fewest moves. Outcomes that keep more crew aboard are listed first, so
    that of two seatings equal for the score the one a player would pick (lose nobody
    needlessly) is taken."""
    kind = flight.content.kinds.card(card)
    seater, reason = SEATERS[kind.name]
    options = []
    seen: set[tuple[CrewFree, int]] = set()
    # Ruling: crew move to protect the crew, never to end the flight (leaving the round to
    # escape a negative Pretty Ship is no reason a player moves crew for); a move that ends
    # the flight is only tried when the event ends it with no move too.
    tried = [
        (seated, move_lines(flight, state, seated), resolve(flight, seated, card, rolls))
        for seated in seater(flight, state, card, rolls)
    ]
    staying = [opts for _, moves, opts in tried if not moves]
    stay_options = staying[0] if staying else resolve(flight, state, card, rolls)
    can_stay_in = any(not o.state.out for o in stay_options)
    for seated, moves, resolved in tried:
        for option in resolved:
            if moves and option.state.out and can_stay_in:
                continue
            key = (crew_free(option.state), option.value)
            if key in seen:
                continue
            seen.add(key)
            if moves:
                why = (
                    OUT_ANYWAY if option.state.out else reason(flight, state, seated, option.state)
                )
                line = f"Before Event {number}: move {'; move '.join(moves)}, {why}."
                option = Option(
                    option.state,
                    option.value,
                    (line, *option.lines),
                    (f"move {_and(moves)}", *option.choices),
                )
            options.append(option)
    options.sort(key=lambda o: -o.state.crew_count)
    if any(o.choices and o.choices[0].startswith("move ") for o in options):
        options = [
            o
            if o.choices and o.choices[0].startswith("move ")
            else Option(o.state, o.value, o.lines, ("keep the crew where they sit", *o.choices))
            for o in options
        ]
    return options


@dataclass(frozen=True)
class Decision:
    option: Option
    outcomes: tuple[tuple[str, int], ...]  # (choice, best round score after it) per option
    best: int


def _resolved(resolve: Resolver, flight: Flight, card: Any, rolls: Rolls) -> StepFn:
    """The step of one event: its resolver, with the event's card and rolls."""
    return lambda state: resolve(flight, state, card, rolls)


class Search:
    # The resolver of each card kind this engine flies, by kind name (registry.py); an
    # expansion's engine names its own.
    resolvers: ClassVar[Mapping[str, Resolver]] = RESOLVERS

    def __init__(self, flight: Flight, budget: int = SEARCH_BUDGET, move_crew: bool = True) -> None:
        self.flight = flight
        self.budget = budget
        self.move_crew = move_crew
        self.steps: list[StepFn] = [lambda s: crew_options(flight, s)]
        for number, (card, rolls) in enumerate(flight.events, start=1):
            # The card's resolver looked up once, not at every position.
            resolve = self.resolver(flight.content.kinds.card(card).name)
            if move_crew and flight.content.kinds.card(card).name in SEATERS:
                seated = functools.partial(
                    seated_options, flight, card=card, rolls=rolls, number=number, resolve=resolve
                )
                self.steps.append(seated)
            else:
                self.steps.append(_resolved(resolve, flight, card, rolls))
        # With crew free to move before every event that cares where they sit, the rest of
        # the round's score depends on how many crew there are, not where they sit: positions
        # that differ only in seating share one entry. Only if every event's kind is known
        # to seat the crew or not to care (an expansion's kind may be neither).
        kinds = {flight.content.kinds.card(card).name for card, _ in flight.events}
        self.by_crew_count = move_crew and kinds <= set(SEATERS) | SEATING_FREE
        self.memo: dict[tuple[int, Any], int] = {}  # scores are never None
        self.cache: dict[tuple[int, State], list[Option]] = {}
        self.spent = 0
        self.exhaustive = True

    def resolver(self, kind: str) -> Resolver:
        found = self.resolvers.get(kind)
        if found is None:
            # A pack whose kinds the flight engine cannot fly offers no scorer; reaching this
            # is a clear error for the user, not a crash.
            raise SheetgenError(
                f"the flight engine cannot resolve {kind!r} cards yet (no flight resolver)"
            )
        return found

    def options(self, index: int, state: State) -> list[Option]:
        key = (index, state)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.steps[index](state)
        return found

    def final_score(self, state: State) -> int:
        """The end-of-round boxes (an expansion's engine scores its own)."""
        return final_score(self.flight, state)

    def best(self, index: int, state: State) -> int:
        """The best total of this step's and later Event boxes plus the end-of-round boxes."""
        if state.out or index == len(self.steps):
            return self.final_score(state)
        key = (index, crew_free(state) if self.by_crew_count else state)
        found = self.memo.get(key)
        if found is not None:
            return found
        options = self.options(index, state)
        if len(options) > 1 and self.spent > self.budget:
            self.exhaustive = False
            options = options[:1]
        self.spent += len(options)
        for option in options:  # depth first, in the resolver's order
            score = option.value + self.best(index + 1, option.state)
            if found is None or score > found:
                found = score
        assert found is not None
        self.memo[key] = found
        return found

    def decide(self, index: int, state: State, so_far: int) -> Decision:
        """The best option; each option's score is the whole round's (`so_far` is the
        Starting Position plus the Event boxes already filled)."""
        options = self.options(index, state)
        scores = [so_far + o.value + self.best(index + 1, o.state) for o in options]
        top = max(scores)
        # Among equal scores, keep flying if one of them does (a player would), else the
        # first listed.
        equal = [i for i, s in enumerate(scores) if s == top]
        chosen = next((i for i in equal if not options[i].state.out), equal[0])
        outcomes = tuple((o.choice, s) for o, s in zip(options, scores, strict=True))
        return Decision(options[chosen], outcomes, top)


@dataclass(frozen=True)
class Played:
    """The flight as flown: the decision at each step (crewing first) and the end state."""

    decisions: tuple[Decision, ...]
    states: tuple[State, ...]  # the state before each step, then the end state
    exhaustive: bool

    @property
    def end(self) -> State:
        return self.states[-1]


def fly(
    flight: Flight, start: State, budget: int = SEARCH_BUDGET, move_crew: bool = True
) -> Played:
    """The flight with the best choices. `move_crew=False` flies it with the crew never
    moving between events (to show what moving them gains)."""
    return flown(Search(flight, budget, move_crew), start, flight.skipped)


def flown(search: Search, start: Any, skipped: int) -> Played:
    """The flight `search` was made for, flown from `start` with the best choice at each
    step (Keep on Trucking's search too), its boxes of skipped parts scored first."""
    search.best(0, start)
    state = start
    decisions = []
    states = [start]
    so_far = -2 * skipped
    for index in range(len(search.steps)):
        if state.out:
            break
        decision = search.decide(index, state, so_far)
        so_far += decision.option.value
        decisions.append(decision)
        state = decision.option.state
        states.append(state)
    search.memo.clear()  # its states are not needed past the flight
    return Played(tuple(decisions), tuple(states), search.exhaustive)


def out_step(played: Played) -> int | None:
    """The step (1 = first event) at which the ship left the round, if it did."""
    for index, state in enumerate(played.states[1:], start=0):
        if state.out:
            return index
    return None
