"""Setup from the seed, in the rules' order: first player, characters (checked against the
type rule), titles, the Admiral's nukes and the President's Quorum card, the Loyalty deal,
the other decks, skill draws for everyone but the first player, the Destiny deck.

Every random choice has its own named stream, so nothing shifts when another changes."""

from __future__ import annotations

from dataclasses import dataclass

from generator.common.errors import SheetgenError
from generator.games.battlestar.board import new_board, setup_position
from generator.games.battlestar.choosing import ChoiceProgress, check_choices, choice_order
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.decks import Deck
from generator.games.battlestar.gamefile import GameSpec, default_setup_draw
from generator.games.battlestar.loyalty import LoyaltyDeal, deal_loyalty
from generator.games.battlestar.model import PACK_DECKS
from generator.games.battlestar.state import (
    Player,
    TableState,
    skill_deck,
)
from generator.games.battlestar.titles import initial_titles
from generator.plan.rng import Stream


class ChoiceError(SheetgenError):
    """A chosen character breaks the choosing rule."""


def first_seat(seed: str, player_count: int) -> int:
    return Stream(seed, "bsg", "first-player").below(player_count)


def choosing(content: Battlestar, spec: GameSpec) -> ChoiceProgress:
    progress = check_choices(content, list(spec.characters), first_seat(spec.seed, len(spec.names)))
    if progress.error:
        raise ChoiceError(f"{spec.path.name}: {progress.error}")
    return progress


@dataclass(frozen=True)
class SetupRecord:
    """What the setup post and the private messages report."""

    order: tuple[int, ...]
    loyalty: LoyaltyDeal
    skill_draws: dict[int, list[str]]  # seat -> skill card keys
    quorum: list[str]


def build_destiny(state: TableState) -> None:
    """Deal `per_type` cards of each skill type from the skill decks and shuffle them."""
    content = state.content
    state.destiny_builds += 1
    cards: list[str] = []
    for type_id in content.skill_type_ids():
        cards += state.decks[skill_deck(type_id)].draw(state.seed, content.destiny_per_type)
    state.destiny = Stream(state.seed, "bsg", "destiny", state.destiny_builds).shuffled(cards)


def set_up(content: Battlestar, spec: GameSpec, game_id: str) -> tuple[TableState, SetupRecord]:
    """The table after setup. Needs every character chosen."""
    if not spec.all_chosen():
        raise SheetgenError("setup needs every player's character (the game file has gaps)")
    choosing(content, spec)
    seed = spec.seed
    count = len(spec.names)
    first = first_seat(seed, count)
    order = choice_order(count, first)
    characters = {seat: str(c) for seat, c in enumerate(spec.characters)}
    players = [Player(seat, spec.names[seat], characters[seat]) for seat in range(count)]
    adjust = content.difficulty(spec.difficulty).adjust
    decks = {name: Deck.shuffled(seed, name, list(content.decks[name])) for name in PACK_DECKS}
    for type_id in content.skill_type_ids():
        name = skill_deck(type_id)
        decks[name] = Deck.shuffled(seed, name, [c.key for c in content.skill_cards(type_id)])
    titles = initial_titles(content, characters)
    loyalty = deal_loyalty(content, seed, characters, order)
    positions = {
        seat: setup_position(content.character(c).setup, content.character(c).launches_viper)
        for seat, c in characters.items()
    }
    placed = next((r.placed for r in content.reserves if r.id == "vipers"), 0)
    state = TableState(
        content=content,
        seed=seed,
        game_id=game_id,
        players=players,
        first_seat=first,
        current_seat=first,
        titles=titles,
        resources={r.id: r.start + adjust for r in content.resources},
        reserves=content.reserves_at_setup(list(characters.values())),
        nukes=content.admiral_nukes,
        decks=decks,
        destiny=[],
        sleeper_deal=loyalty.sleeper,
        board=new_board(seed, positions, placed),
    )
    president = titles["president"]
    quorum = decks["quorum"].draw(seed, content.president_quorum_draw)
    if president is not None:
        players[president].hand += [("quorum", q) for q in quorum]
    for seat, cards in loyalty.setup.items():
        players[seat].loyalty += cards
    draws: dict[int, list[str]] = {}
    for seat in order:
        if seat == first:
            continue
        character = content.character(characters[seat])
        named = spec.setup_skills[seat]
        types = list(named) if named is not None else default_setup_draw(content, character)
        draws[seat] = []
        for type_id in types:
            card = decks[skill_deck(type_id)].draw(seed, 1)[0]
            draws[seat].append(card)
            players[seat].hand.append((skill_deck(type_id), card))
    build_destiny(state)
    return state, SetupRecord(tuple(order), loyalty, draws, quorum)
