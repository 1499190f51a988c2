"""Rough Roads, Keep on Trucking's difficulty deck, for one ship on its own (rulings:
shared/reference/keep-on-trucking.md, "Rough Roads"; our own wording in rough-roads.yaml).

`difficulty: none|hard|extreme|insane` draws 0-3 cards at each round start. The deck is
shuffled once per game from its own stream ("game/rough-roads") and each round takes the
next cards, so no card comes twice in a game (the Trek's discard pile). A card's dice come
from "round-N/rough-roads-dice", one 2d6 roll per named roll, hidden in the round start
post; the flight posts name the result openly where it changes a resolution."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, field

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Board, CardBase, Id
from generator.games.keep_on_trucking.hits import label_words, printed_line, printed_words
from generator.pack.validation import Strict
from generator.plan.rng import Stream
from generator.render.post import Block, Bold, Secret, heading, item, para
from generator.render.text import roll_text

if TYPE_CHECKING:
    # Types only: the plan module reads this one.
    from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan

DIFFICULTIES = ("none", "hard", "extreme", "insane")


class RollSpec(Strict, frozen=True, kw_only=True):
    """A roll a card needs. Its placeholder in `applies` and `end_of_building` is filled by
    the line it names: `row` 'row 11', `column` 'column 6' (on Ship IA 'the printed row
    labelled 10-12', 'the printed column labelled 5-6'), `front` the line a hit from the
    front travels along (a column; on Ship IA the printed line of the front edge, turned by
    the compass), `any` the bare sum."""

    name: Id  # the placeholder it fills in `applies` notes
    line: Literal["row", "column", "front", "any"]


class RoughRoadsCard(Strict, frozen=True, kw_only=True):
    id: Id
    name: str
    text: str
    rolls: Annotated[list[RollSpec], Meta(max_length=4)] = field(default_factory=list)
    # Card kind -> the line its flight texts add (placeholders: the rolls' names).
    applies: dict[Id, str] = field(default_factory=dict)
    # What to do at the end of building, if anything (placeholders: the rolls' names).
    end_of_building: str | None = None
    # Notes that hold only when another card is drawn in the same round: that card's id ->
    # card kind -> the line (placeholders: this card's rolls), so a note never names a card
    # the round does not have.
    together: dict[Id, dict[Id, str]] = field(default_factory=dict)


class LeftOut(Strict, frozen=True, kw_only=True):
    name: str
    why: str


class RoughRoadsFile(Strict, frozen=True, kw_only=True):
    difficulty: dict[Literal["none", "hard", "extreme", "insane"], Annotated[int, Meta(ge=0, le=3)]]
    read_dice: str
    cards: Annotated[list[RoughRoadsCard], Meta(min_length=1, max_length=60)]
    left_out: list[LeftOut] = field(default_factory=list)


@dataclass(frozen=True)
class RoughRoad:
    """One Rough Roads card drawn for a round, with its dice."""

    id: str
    rolls: tuple[tuple[int, int], ...]


def roads_file(content: GalaxyTrucker) -> RoughRoadsFile:
    found: RoughRoadsFile = content.extras["rough-roads"]  # the pack's, loaded by the game
    return found


def card_of(content: GalaxyTrucker, card_id: str) -> RoughRoadsCard:
    return next(c for c in roads_file(content).cards if c.id == card_id)


def plan_rough_roads(
    content: GalaxyTrucker, seed: str, difficulty: str
) -> tuple[tuple[RoughRoad, ...], ...]:
    """Per round, the cards drawn at its start (none at difficulty none)."""
    roads = roads_file(content)
    per_round = roads.difficulty[difficulty]  # type: ignore[index]  # checked by read_options
    if per_round == 0:
        return tuple(() for _ in content.rounds)
    order = Stream(seed, "game", "rough-roads").shuffled(list(roads.cards))
    rounds = []
    for i, rnd in enumerate(content.rounds):
        dice = Stream(seed, f"round-{rnd.round}", "rough-roads-dice")
        drawn = order[i * per_round : (i + 1) * per_round]
        rounds.append(
            tuple(RoughRoad(c.id, tuple((dice.die(), dice.die()) for _ in c.rolls)) for c in drawn)
        )
    return tuple(rounds)


def check_deck(content: GalaxyTrucker) -> list[str]:
    """Problems: a deck too small for the hardest difficulty over the whole game."""
    roads = roads_file(content)
    need = max(roads.difficulty.values()) * len(content.rounds)
    ids = [c.id for c in roads.cards]
    found = []
    if len(set(ids)) != len(ids):
        found.append("cards: a card id is listed twice")
    if len(ids) < need:
        found.append(
            f"cards: {len(ids)} cards, but {need} are drawn in a game at the hardest "
            "difficulty (expected at least that many)"
        )
    return found


def _roll_line(spec: RollSpec, faces: tuple[int, int]) -> str:
    return f"{spec.name}: {roll_text(list(faces))}"


def card_blocks(content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int) -> list[Block]:
    """The round start's Rough Roads part: each card in our words, its dice as secrets (the
    Facebook comment, Discord and BGG spoilers)."""
    drawn = drawn_cards(content, plan, round_no)
    if not drawn:
        return []
    roads = roads_file(content)
    difficulty = plan.options.difficulty
    blocks = [
        heading(
            f"Rough Roads ({difficulty}): {len(drawn)} card{'s' if len(drawn) != 1 else ''} "
            "for this round's flight, none of them seen before in this game"
        )
    ]
    for n, road in enumerate(drawn, 1):
        card = card_of(content, road.id)
        blocks.append(item(Bold(f"RR{n}. {card.name}:"), f" {card.text}"))
        if road.rolls:
            rolls = ", ".join(_roll_line(s, f) for s, f in zip(card.rolls, road.rolls, strict=True))
            blocks.append(item(f"Dice for {card.name}: ", Secret(rolls), context=f"RR{n}"))
    if any(road.rolls for road in drawn):
        # On Facebook the dice leave the post for its comment: say where they went.
        # One comment per card (render/post.py), so each card's dice are read alone.
        names = [f"RR{n}" for n, road in enumerate(drawn, 1) if road.rolls]
        if len(names) == 1:
            where = f"The dice of {names[0]} are in the comment “{names[0]}”"
        else:
            cards = f"{', '.join(names[:-1])} and {names[-1]}"
            quoted = f"{', '.join(f'“{n}”' for n in names[:-1])} and “{names[-1]}”"
            where = f"The dice of {cards} are in the comments {quoted}, one card each,"
        blocks.append(para(f"{where} under this post.", only=("facebook",)))
        blocks.append(para(roads.read_dice))
    return blocks


def drawn_cards(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int
) -> tuple[RoughRoad, ...]:
    return plan.rough_roads[round_no - 1]


def flight_notes(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int, card: CardBase
) -> list[str]:
    """The lines a flight post adds to an event for the round's Rough Roads cards, with
    their dice results filled in."""
    notes = []
    drawn = drawn_cards(content, plan, round_no)
    ids = {road.id for road in drawn}
    for road in drawn:
        rr = card_of(content, road.id)
        found = [rr.applies.get(card.kind)]
        found += [lines.get(card.kind) for other, lines in rr.together.items() if other in ids]
        for note in found:
            if note:
                notes.append(
                    "Rough Roads - " + note.format(**_values(content, plan, round_no, rr, road))
                )
    return notes


def round_board(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int
) -> tuple[Board, str | None]:
    """The round's ship and, on Ship IA, the edge its dice compass made the front."""
    board = content.boards[plan.rounds[round_no - 1].ship]
    rolls = plan.compass
    roll = rolls[round_no - 1] if round_no - 1 < len(rolls) else None
    front = None if roll is None else content.extras["expansion"].compass[roll]
    return board, front


def line_value(spec: RollSpec, total: int, board: Board, front: str | None) -> str:
    """The words a roll fills in: 'row 11', 'the printed column labelled 5-6', '8'. A result
    on Ship IA is its line's label ('2-4': every roll of the label is the same result), on
    Ship IIA a column and its mirror ('4 or 10'); a row or column the ship does not have
    says so (nothing happens there)."""
    if spec.line == "any":
        if board.hits == "labels":
            number = next(n for n, sums in board.labels.items() if total in sums)
            return (
                f"{label_words(board, number)} (any roll of the label {label_words(board, number)})"
            )
        if board.hits == "mirror" and total != 7:
            return f"{min(total, 14 - total)} or {max(total, 14 - total)} (a column and its mirror)"
        return str(total)
    line = "column" if spec.line == "front" else spec.line
    if board.hits != "labels":
        lines = board.rows if line == "row" else board.columns
        if total not in lines:
            return (
                f"{line} {total} (Ship {board.name.removeprefix('Ship ')} has no {line} {total}: "
                "nothing happens there)"
            )
        return f"{line} {total}"
    if spec.line == "front" and front is not None:
        words = printed_words(board, printed_line(front), total)
        return f"{words}, entering from the {front} edge"
    return printed_words(board, line, total)


def _values(
    content: GalaxyTrucker,
    plan: KeepOnTruckingPlan,
    round_no: int,
    card: RoughRoadsCard,
    road: RoughRoad,
) -> dict[str, str]:
    board, front = round_board(content, plan, round_no)
    return {
        s.name: line_value(s, sum(f), board, front)
        for s, f in zip(card.rolls, road.rolls, strict=True)
    }


def end_of_building_notes(
    content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int
) -> list[str]:
    """The end-of-building lines for the round's Rough Roads: read the dice now, and what
    the cards that strike before launch do."""
    drawn = drawn_cards(content, plan, round_no)
    if not drawn:
        return []
    lines = []
    if any(road.rolls for road in drawn):
        lines.append(
            "Rough Roads: read the hidden dice of this round's cards now (with the round "
            "start post); here is what they do."
        )
    for road in drawn:
        card = card_of(content, road.id)
        if card.end_of_building:
            values = _values(content, plan, round_no, card, road)
            lines.append(f"{card.name}: " + card.end_of_building.format(**values))
    return lines
