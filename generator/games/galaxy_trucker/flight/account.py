"""The account a player reads: the ship as read, the end-of-building check, the crew, every
event step by step with the choices made and why, and the round sheet's score boxes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import card_title
from generator.games.galaxy_trucker.flight.engine import RoundFlight, fly_round, round_plan
from generator.games.galaxy_trucker.flight.search import Decision
from generator.games.galaxy_trucker.flight.ship import Ship
from generator.games.galaxy_trucker.flight.shipfile import read_ship
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan

MAX_ALTERNATIVES = 5


def grid_lines(ship: Ship, present: frozenset[tuple[int, int]] | None = None) -> list[str]:
    """The ship as a grid of tile ids (rotation after @); tiles lost are in lower case,
    cells of the board left empty are `.`, places off the board blank."""
    board = ship.board
    columns = range(board.columns[0], board.columns[-1] + 1)
    cells = []
    for row in range(board.rows[0], board.rows[-1] + 1):
        line = []
        for column in columns:
            part = ship.parts.get((row, column))
            if part is None:
                line.append("." if board.has_cell(row, column) else "")
                continue
            text = "START" if part.does.start else part.tile.id
            text += f"@{part.rotation}" if part.rotation else ""
            line.append(
                text.lower() if present is not None and (row, column) not in present else text
            )
        cells.append((row, line))
    width = max(5, *(len(t) for _, line in cells for t in line))
    head = "      " + " ".join(str(c).ljust(width) for c in columns)
    return [head.rstrip()] + [
        f"  {row:>2}  " + " ".join(t.ljust(width) for t in line).rstrip() for row, line in cells
    ]


def choice_note(decision: Decision, exhaustive: bool) -> str:
    chosen = decision.option.choice
    others = [(c, s) for c, s in decision.outcomes if c != chosen]
    proven = "the best round score" if exhaustive else "the best round score found"
    text = f"Choice: {chosen}. It leads to {proven}, {decision.best}"
    if others:
        shown = ", ".join(f"{c} {s}" for c, s in others[:MAX_ALTERNATIVES])
        more = (
            f" and {len(others) - MAX_ALTERNATIVES} more" if len(others) > MAX_ALTERNATIVES else ""
        )
        text += f"; the other choices lead to: {shown}{more}"
    return text + "."


class Account:
    """The account of one flown round, part by part. An expansion's account extends it: its
    own opening words and settings, what happens before launch, what a state line says, and
    what follows the score."""

    # The end-of-building heading (an expansion checks more).
    check_heading = "End of building: every tile checked"

    def __init__(
        self, content: GalaxyTrucker, plan: GalaxyTruckerPlan, result: RoundFlight
    ) -> None:
        self.content = content
        self.plan = plan
        self.result = result

    def opening(self) -> list[str]:
        """The words above the ship as built."""
        board = self.result.flight.ship.board
        return [
            f"{board.name} as built (front at the top; rows and columns as printed on the board;",
            "T035@90 is tile T035 turned 90 degrees clockwise):",
        ]

    def settings(self) -> list[str]:
        """What the round sets beside the ship (none in the base game)."""
        return []

    def before_launch(self) -> list[str]:
        """What happens between building and the crew (nothing in the base game)."""
        return []

    def state_line(self, state: Any) -> str:
        """What is aboard after an event."""
        goods = self.result.flight.goods_words(state.goods())
        return (
            f"  Aboard now: {state.human_count} human{'s' if state.human_count != 1 else ''}"
            + "".join(f", the {c} alien" for c, _ in state.aliens)
            + f"; batteries {state.battery_count}; goods {goods}; lost components {state.lost}."
        )

    def after_score(self) -> list[str]:
        """What the account says after the score boxes (nothing in the base game)."""
        return []

    def lines(self) -> list[str]:
        content, plan, result = self.content, self.plan, self.result
        flight = result.flight
        played = result.played
        rnd = flight.rnd
        lines = [
            *self.opening(),
            *grid_lines(result.built),
            f"Skipped Parts: {flight.skipped} -> Starting Position {-2 * flight.skipped}.",
            *self.settings(),
            "",
            self.check_heading,
        ]
        if result.removals:
            lines += [f"  Removed (1 Lost Component each): {r.line()}" for r in result.removals]
        else:
            lines.append(f"  All {len(result.built.parts) - 1} tiles are placed legally.")
        lines += self.before_launch()
        decisions = list(played.decisions)
        if decisions:
            crew = decisions.pop(0)
            lines += ["", "Crewing the ship", *(f"  {t}" for t in crew.option.lines)]
            if crew.option.choice:
                lines.append(f"  {choice_note(crew, played.exhaustive)}")
        turns = [t.turn for t in round_plan(plan.rounds, rnd.round).flight_turns for _ in t.events]
        box = result.boxes
        for number, ((card, _rolls), turn) in enumerate(
            zip(flight.events, turns, strict=True), start=1
        ):
            lines += ["", f"Event {number} (turn {turn}): {card_title(content, card)} [{card.id}]"]
            if number > len(decisions):
                lines.append(f"  Out of the round: record 0. Event {number} box: 0")
                continue
            decision = decisions[number - 1]
            lines += [f"  {t}" for t in decision.option.lines]
            if decision.option.choice:
                lines.append(f"  {choice_note(decision, played.exhaustive)}")
            lines.append(f"  Event {number} box: {box.events[number - 1]}")
            after = played.states[number + 1]
            if after.out:
                lines.append(
                    f"  Out of the round ({after.out}): cargo sells at half price (rounded up); "
                    "0 for every later event and for the Pretty Ship."
                )
            else:
                lines.append(self.state_line(after))
        events = " + ".join(str(v) for v in box.events)
        lines += [
            "",
            "The ship at the end (lost tiles in lower case):",
            *grid_lines(result.built, played.end.present),
            "",
            f"Score (the Round {rnd.round} boxes of the sheet)",
            f"  Starting Position   {box.position:>4}   ({flight.skipped} Skipped Parts × −2)",
            f"  Events              {sum(box.events):>4}   ({events})",
            f"  Cargo               {box.cargo:>4}   ({box.cargo_note})",
            f"  Lost Components     {box.lost:>4}   ({box.lost_note})",
            f"  Pretty Ship         {box.pretty:>4}   ({box.pretty_note})",
            f"  Round {rnd.round} score       {box.total:>4}",
            *self.after_score(),
        ]
        if not played.exhaustive:
            lines += [
                "",
                "This ship offered too many choices to try them all: after the search budget "
                "the first choice was taken, so the score is the best found, not proven best.",
            ]
        return lines


def account_lines(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, result: RoundFlight
) -> list[str]:
    return Account(content, plan, result).lines()


def score_ship(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, ship_path: Path, round_number: int
) -> str:
    rplan = round_plan(plan.rounds, round_number)
    board = content.boards[rplan.ship]
    ship_file = read_ship(ship_path, content, board, rplan)
    result = fly_round(
        content, plan.rounds, round_number, ship_file.ship(content, board), ship_file.skipped
    )
    head = [
        f"{content.texts.game_name} · game {plan.game_id} · round {round_number} · "
        f"score for {ship_path.name}",
        "Choices are made for the best round score, knowing every roll of the round (so this is "
        "the most the ship could score), crew moves before an epidemic included; where a choice "
        "does not change the score, the natural one is taken (shield, shoot, take the reward).",
        "",
    ]
    return "\n".join(head + account_lines(content, plan, result)) + "\n"
