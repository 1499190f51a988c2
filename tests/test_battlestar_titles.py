"""Titles follow the lines of succession for every subset of 3-6 characters; revealing a
holder as a Cylon passes a title on, the Brig takes the Admiral's title but not the
President's, and a released Admiral does not get the title back. The lines are written out
here from the rules excerpt, not read from the pack."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.gamefile import GameSpec
from generator.games.battlestar.loyalty import CYLON, LoyaltyCard
from generator.games.battlestar.setup import ChoiceError, set_up
from generator.games.battlestar.table.commands import TableError, cmd_brig, cmd_cylon, cmd_title
from generator.games.battlestar.titles import after_change, initial_titles
from generator.kit.session import load_content

PRESIDENT = [
    "laura-roslin", "gaius-baltar", "tom-zarek", "lee-adama", "william-adama",
    "karl-agathon", "galen-tyrol", "sharon-valerii", "saul-tigh", "kara-thrace",
]  # fmt: skip
ADMIRAL = [
    "william-adama", "saul-tigh", "karl-agathon", "lee-adama", "kara-thrace",
    "sharon-valerii", "galen-tyrol", "tom-zarek", "gaius-baltar", "laura-roslin",
]  # fmt: skip
ALL = sorted(PRESIDENT)
SUBSETS = [c for size in (3, 4, 5, 6) for c in itertools.combinations(ALL, size)]


@pytest.fixture(scope="module")
def content() -> Battlestar:
    return load_content("battlestar")[2]


def first(line: list[str], chars: dict[int, str], out: set[int]) -> int | None:
    seat_of = {c: s for s, c in chars.items()}
    return next((seat_of[c] for c in line if c in seat_of and seat_of[c] not in out), None)


def test_subset_count() -> None:
    assert len(SUBSETS) == 120 + 210 + 252 + 210


def test_titles_for_every_subset(content: Battlestar) -> None:
    for subset in SUBSETS:
        chars = dict(enumerate(subset))
        titles = initial_titles(content, chars)
        assert titles["president"] == first(PRESIDENT, chars, set())
        assert titles["admiral"] == first(ADMIRAL, chars, set())
        # The President is revealed as a Cylon: both titles they hold pass on.
        revealed = {titles["president"]}
        after = after_change(content, titles, chars, revealed, set())
        assert after["president"] == first(PRESIDENT, chars, revealed)
        expected_admiral = (
            titles["admiral"]
            if titles["admiral"] not in revealed
            else first(ADMIRAL, chars, revealed)
        )
        assert after["admiral"] == expected_admiral
        # The (new) Admiral goes to the Brig: the Admiral title passes, the President's stays.
        brig = {after["admiral"]}
        jailed = after_change(content, after, chars, revealed, brig)
        assert jailed["admiral"] == first(ADMIRAL, chars, revealed | brig)
        if after["president"] in brig:
            assert jailed["president"] == after["president"]
        # Released again: the title stays with whoever took it.
        released = after_change(content, jailed, chars, revealed, set())
        assert released == jailed
        # The President goes to the Brig: keeps the title.
        pres_brig = {jailed["president"]}
        kept = after_change(content, jailed, chars, revealed, pres_brig)
        assert kept["president"] == jailed["president"]


def spec_for(characters: list[str], seed: str = "titles-seed-0123456789") -> GameSpec:
    names = tuple(f"player{i + 1}" for i in range(len(characters)))
    return GameSpec(
        path=Path("game.yaml"),
        seed=seed,
        pack="battlestar",
        difficulty="standard",
        output=None,
        names=names,
        characters=tuple(characters),
        setup_skills=tuple(None for _ in characters),
        document=None,  # type: ignore[arg-type]
    )


def test_table_commands_pass_titles(content: Battlestar) -> None:
    """Through the table: Adama to the Brig, Tigh becomes Admiral; Adama out, Tigh keeps it;
    Roslin revealed, Baltar is President and gets her Quorum cards; Roslin in the Brig
    would have kept it."""
    # Seats chosen so the choosing rule holds whoever is first: 5 political/military/pilot.
    chars = ["william-adama", "laura-roslin", "saul-tigh", "gaius-baltar", "kara-thrace"]
    state = None
    for number in range(30):
        try:
            state, _ = set_up(content, spec_for(chars, f"titles-{number:04d}-abcdefgh"), "T-1")
            break
        except ChoiceError:  # a first player for whom these picks break the choosing rule
            continue
    assert state is not None
    adama, roslin, tigh, baltar = 0, 1, 2, 3
    assert state.titles == {"president": roslin, "admiral": adama}
    quorum = [c for c in state.player(roslin).hand if c[0] == "quorum"]
    assert len(quorum) == 1
    cmd_brig(state, 1, {"player": "player1"})
    assert state.titles["admiral"] == tigh
    cmd_brig(state, 2, {"player": "player1", "release": True})
    assert state.titles["admiral"] == tigh and not state.player(adama).brig
    cmd_brig(state, 3, {"player": "player2"})
    assert state.titles["president"] == roslin
    cmd_brig(state, 4, {"player": "player2", "release": True})
    state.player(roslin).loyalty.append(LoyaltyCard(CYLON, "You Are a Cylon 1"))
    outcome = cmd_cylon(state, 5, {"player": "player2"})
    assert state.titles["president"] == baltar
    assert quorum[0] in state.player(baltar).hand and quorum[0] not in state.player(roslin).hand
    assert any("President" in s.text for b in outcome.blocks for s in b.spans)
    with pytest.raises(TableError):
        cmd_title(state, 6, {"title": "president", "player": "player2"})  # a revealed Cylon
    cmd_title(state, 6, {"title": "admiral", "player": "player1"})
    assert state.titles["admiral"] == adama
    state.player(tigh).loyalty = [LoyaltyCard("not-cylon", "You Are Not a Cylon")]
    with pytest.raises(TableError, match="holds no You Are a Cylon card"):
        cmd_cylon(state, 7, {"player": "player3"})
