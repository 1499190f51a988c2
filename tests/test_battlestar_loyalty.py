"""The Loyalty deal, for 3-6 players, 200 seeds each, with and without Baltar and Boomer:
the deck matches the table of the reference (written out here, not read from the pack),
everyone gets one card at setup (Baltar two) and one in the sleeper phase (Boomer two), the
deck is used up exactly, and the Sympathizer is never in the first deal."""

from __future__ import annotations

import pytest

from generator.games.battlestar.choosing import choice_order
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.loyalty import CYLON, NOT_CYLON, SYMPATHIZER, deal_loyalty
from generator.kit.session import load_content

# players: (You Are a Cylon, You Are Not a Cylon, Sympathizer) from the reference's table.
TABLE = {3: (1, 5, False), 4: (1, 6, True), 5: (2, 8, False), 6: (2, 9, True)}
OTHERS = ["william-adama", "saul-tigh", "laura-roslin", "tom-zarek", "kara-thrace", "galen-tyrol"]
SEEDS = 200


@pytest.fixture(scope="module")
def content() -> Battlestar:
    return load_content("battlestar")[2]


def table_characters(players: int, baltar: bool, boomer: bool) -> dict[int, str]:
    chosen = (["gaius-baltar"] if baltar else []) + (["sharon-valerii"] if boomer else [])
    chosen += OTHERS[: players - len(chosen)]
    return dict(enumerate(chosen))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("baltar", [False, True])
@pytest.mark.parametrize("boomer", [False, True])
def test_loyalty_deal_matches_the_table(
    content: Battlestar, players: int, baltar: bool, boomer: bool
) -> None:
    cylons, not_cylons, sympathizer = TABLE[players]
    not_cylons += int(baltar) + int(boomer)
    characters = table_characters(players, baltar, boomer)
    baltar_seat = next((s for s, c in characters.items() if c == "gaius-baltar"), None)
    boomer_seat = next((s for s, c in characters.items() if c == "sharon-valerii"), None)
    cylon_names = set(content.cylon_cards)
    for number in range(SEEDS):
        seed = f"loyalty-{players}-{baltar}-{boomer}-{number}"
        order = choice_order(players, number % players)
        deal = deal_loyalty(content, seed, characters, order)
        dealt = [c for hand in (*deal.setup.values(), *deal.sleeper.values()) for c in hand]
        kinds = [c.kind for c in dealt]
        assert deal.deck_size == len(dealt) == cylons + not_cylons + int(sympathizer)
        assert kinds.count(CYLON) == deal.cylons_in_deck == cylons
        assert kinds.count(NOT_CYLON) == not_cylons
        assert kinds.count(SYMPATHIZER) == int(sympathizer)
        # The Cylon cards are distinct cards of the pack's list.
        names = [c.name for c in dealt if c.kind == CYLON]
        assert len(set(names)) == len(names) and set(names) <= cylon_names
        for seat in range(players):
            assert len(deal.setup[seat]) == (2 if seat == baltar_seat else 1)
            assert len(deal.sleeper[seat]) == (2 if seat == boomer_seat else 1)
        assert all(c.kind != SYMPATHIZER for hand in deal.setup.values() for c in hand)


def test_deals_differ_between_seeds_and_repeat_for_a_seed(content: Battlestar) -> None:
    characters = table_characters(5, True, True)
    order = choice_order(5, 0)

    def cylon_seats(seed: str) -> tuple[int, ...]:
        deal = deal_loyalty(content, seed, characters, order)
        return tuple(
            s for s in range(5) if any(c.kind == CYLON for c in deal.setup[s] + deal.sleeper[s])
        )

    assert cylon_seats("same-seed") == cylon_seats("same-seed")
    assert len({cylon_seats(f"seed-{n}") for n in range(40)}) > 5


def test_sympathizer_reaches_every_seat_over_seeds(content: Battlestar) -> None:
    """It is shuffled in, not placed: over many seeds every seat gets it sometimes."""
    characters = table_characters(4, False, False)
    seats = set()
    for number in range(SEEDS):
        deal = deal_loyalty(content, f"symp-{number}", characters, choice_order(4, 0))
        seats |= {s for s, hand in deal.sleeper.items() if any(c.kind == SYMPATHIZER for c in hand)}
    assert seats == {0, 1, 2, 3}
