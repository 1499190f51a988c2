"""The account of a Keep on Trucking round, as Galaxy Trucker's: the ship as read, the
end-of-building check (fancy wiring included), what happened before launch, the crew and
the cyan ability, every event step by step, and the round sheet's score boxes.

The ship file is Galaxy Trucker's, with one more setting: `ability: Lawyer` (the cyan
ability written on the sheet). Without it the engine picks the ability that scores best."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from generator.common.errors import display_path
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.account import Account
from generator.games.galaxy_trucker.flight.engine import round_plan
from generator.games.galaxy_trucker.flight.ship import cell_name
from generator.games.galaxy_trucker.flight.shipfile import (
    ShipFileError,
    parse_ship,
    read_ship_text,
)
from generator.games.keep_on_trucking.flight.engine import TruckingRound, fly_round
from generator.games.keep_on_trucking.flight.titles import aesthete, contraptionist, halve
from generator.games.keep_on_trucking.flight.tstate import ABILITIES, TState
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.rough_roads import card_of

ABILITY = re.compile(r"^\s*ability\s*:\s*(?P<value>[^#]*?)\s*(#.*)?$", re.IGNORECASE)
EDGE_WORDS = ("top", "right", "bottom", "left")


def split_ability(text: str, shown: str) -> tuple[str, str | None]:
    """The ship file without its `ability:` line (kept as a blank line, so every line and
    column the ship reader reports is the file's), and the ability named."""
    lines = text.splitlines()
    ability = None
    for number, line in enumerate(lines, start=1):
        found = ABILITY.match(line)
        if not found:
            continue
        value = found.group("value")
        match = next((a for a in ABILITIES if a.lower() == value.lower()), None)
        if match is None:
            raise ShipFileError(
                f"{shown}: line {number}, column {line.index(':') + 2}: ability {value!r} "
                f"is not a cyan ability (expected one of: {', '.join(ABILITIES)})"
            )
        ability = match
        lines[number - 1] = ""
    return "\n".join(lines) + "\n", ability


def title_lines(result: TruckingRound) -> list[str]:
    """The two title counts on the ship at the end (write them on the sheet)."""
    flight = result.flight
    ship = flight.ship
    end: Any = result.played.end
    pairs = aesthete(ship, end.present)
    served = contraptionist(ship, end.present, flight.works)
    pair_words = "; ".join(
        f"{ship.parts[a].tile.id} at {cell_name(a)} and {ship.parts[b].tile.id} at column {b[1]}"
        for a, b in pairs
    )
    served_words = ", ".join(flight.label(c) for c in served)
    return [
        "Titles (write both counts in their boxes and post them with your score)",
        f"  Aesthete        {halve(len(pairs), bool(end.out))}   ({pair_words or 'no pair'})",
        f"  Contraptionist  {halve(len(served), bool(end.out))}   ({served_words or 'none'})",
    ]


def setting_lines(content: GalaxyTrucker, result: TruckingRound) -> list[str]:
    flight = result.flight
    board = flight.ship.board
    lines = []
    if board.hits == "labels" and flight.front_edge:
        lines.append(
            f"{board.name}: the compass made the {flight.front_edge} edge the front; rows and "
            "columns are the printed ones (hits enter from the edge they come from)."
        )
    elif board.hits == "mirror":
        lines.append(f"{board.name}: front and rear hits on column c also hit column 14 − c.")
    elif board.hits == "wrap":
        lines.append(
            f"{board.name}: front and rear hits on the WRAP table's columns come from a side."
        )
    for rid, rolls in flight.roads:
        card = card_of(content, rid)
        dice = ", ".join(f"{a}+{b} = {a + b}" for a, b in rolls)
        lines.append(f"Rough Roads: {card.name}" + (f" (dice {dice})" if dice else "") + ".")
    if flight.dead is not None:
        lines.append(f"Dead Zone: column {flight.dead[1]} works not at all this round.")
    return lines


class TruckingAccount(Account):
    """Galaxy Trucker's account, with the round's settings (the compass, Rough Roads, the
    Dead Zone), fancy wiring, what happens before launch, sleepers and the cyan ability in
    each state line, and the titles after the score."""

    check_heading = "End of building: every tile checked (fancy wiring included)"
    plan: KeepOnTruckingPlan
    result: TruckingRound

    def opening(self) -> list[str]:
        board = self.result.flight.ship.board
        return [
            f"{board.name} as built (rows and columns as printed on the board; the top edge is "
            "at the top; T035@90 is tile T035 turned 90 degrees clockwise):"
        ]

    def settings(self) -> list[str]:
        return setting_lines(self.content, self.result)

    def before_launch(self) -> list[str]:
        flight, start = self.result.flight, self.result.start
        ready = []
        blue = [c for c, load in start.cargo if load]
        if blue:
            ready.append(
                "Catapults: 1 blue good in " + ", ".join(flight.label(c) for c in blue) + "."
            )
        if start.sleepers:
            ready.append(
                "Stasis: "
                + ", ".join(f"{n} sleepers in {flight.label(c)}" for c, n in start.sleepers)
                + "."
            )
        ready += list(self.result.before)
        return ["", "Before launch", *(f"  {t}" for t in ready)] if ready else []

    def state_line(self, state: TState) -> str:
        goods = self.result.flight.goods_words(state.goods())
        words = (
            f"  Aboard now: {state.human_count} human{'s' if state.human_count != 1 else ''}"
            + "".join(f", the {c} alien" for c, _ in state.aliens)
        )
        if state.sleepers:
            words += f", {state.sleeper_count} sleeper{'s' if state.sleeper_count != 1 else ''}"
        words += f"; batteries {state.battery_count}; goods {goods}; lost components {state.lost}"
        if state.active:
            words += f"; cyan ability {state.active}"
        if state.flipped:
            words += "; turned round (Gravitational Anomaly)"
        return words + "."

    def after_score(self) -> list[str]:
        return ["", *title_lines(self.result)] if self.plan.options.titles != "none" else []


def account_lines(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, result: TruckingRound
) -> list[str]:
    return TruckingAccount(content, plan, result).lines()


def score_ship(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, ship_path: Path, round_number: int
) -> str:
    return scored_ship(content, plan, ship_path, round_number)[0]


def sheet_facts(plan: KeepOnTruckingPlan, result: TruckingRound) -> dict[str, str]:
    """What the sheet holds beside the score, for scores.csv: the cyan ability aboard at
    the end of the round (the Lawyer's title rule reads it) and, in a game with titles, the
    two title counts (halved out of the round)."""
    end: Any = result.played.end
    facts = {"ability": end.active}
    if plan.options.titles != "none":
        ship = result.flight.ship
        counts = {
            "aesthete": len(aesthete(ship, end.present)),
            "contraptionist": len(contraptionist(ship, end.present, result.flight.works)),
        }
        for key, count in counts.items():
            whole, half = divmod(count, 2) if end.out else (count, 0)
            facts[key] = f"{whole}.5" if half else str(whole)
    return facts


def scored_ship(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, ship_path: Path, round_number: int
) -> tuple[str, dict[str, str]]:
    """The account of one round for a ship file, and its sheet facts (`sheet_facts`)."""
    rplan = round_plan(plan.rounds, round_number)
    board = content.boards[rplan.ship]
    # Read as Galaxy Trucker's reader does (its errors for a missing or unreadable file),
    # then again without the ability line.
    # Read once, as Galaxy Trucker's reader does (a regular file only, bounded: its errors
    # for a missing, unreadable or endless file), then parsed without the ability line.
    text = read_ship_text(ship_path)
    ability = None
    if any(ABILITY.match(line) for line in text.splitlines()):
        text, ability = split_ability(text, ship_path.name)
        ship_file = parse_ship(text, ship_path.name, content, board, rplan)
    else:
        ship_file = parse_ship(text, display_path(ship_path), content, board, rplan)
    result = fly_round(
        content,
        plan,
        round_number,
        ship_file.ship(content, board),
        ship_file.skipped,
        ability=ability,
    )
    head = [
        f"{content.texts.game_name} · game {plan.game_id} · round {round_number} · "
        f"score for {ship_path.name}",
        "Choices are made for the best round score, knowing every roll the player reads before "
        "choosing (Meteor Vortex's side and a Junkyard row with meteors or shots are chosen "
        "without their rolls, by the rule the event states); where a choice does not change "
        "the score, the natural one is taken.",
        "",
    ]
    text = "\n".join(head + account_lines(content, plan, result)) + "\n"
    return text, sheet_facts(plan, result)
