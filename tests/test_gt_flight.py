"""The Galaxy Trucker flight engine against worked examples written from the rules.

Each example builds a small Ship I (rows 5-9, columns 5-9; the starting cabin at row 7,
column 7 has a universal connector on every side) and flies it through one or two event
cards with chosen rolls. The expected Event boxes, end-of-round boxes and account lines were
worked out by hand from the rule text and the rulings in shared/DESIGN.md; the working is in
each test's comments. Round 1 values: Pretty Ship 2, 6 Lost Components boxes.

Tiles used (sides n, e, s, w as printed):
  T040 cabin      double single double single     T036 cabin     single double single single
  T048 cabin      single smooth single universal  T055 struct.   single universal single universal
  T014 battery-3  double smooth smooth smooth     T026 cargo-2   universal smooth smooth universal
  T028 cargo-3    single smooth single smooth     T067 hazard-1  universal smooth smooth universal
  T092 dbl engine single smooth EXHAUST smooth    T076 engine    double smooth EXHAUST smooth
  T101 cannon     BARREL smooth single smooth     T103 cannon    BARREL smooth double smooth
  T126 dbl cannon BARREL smooth single smooth     T150 shield    single smooth single single
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from flight_plans import example_plan

from generator.cli import main
from generator.common.errors import SheetgenError
from generator.games.galaxy_trucker.content import KINDS, GalaxyTrucker
from generator.games.galaxy_trucker.flight.account import account_lines
from generator.games.galaxy_trucker.flight.engine import RoundFlight, boxes
from generator.games.galaxy_trucker.flight.legality import check
from generator.games.galaxy_trucker.flight.search import fly
from generator.games.galaxy_trucker.flight.ship import Ship, make_part, start_cell
from generator.games.galaxy_trucker.flight.state import Boxes, Flight, initial_state
from generator.kit.session import load_content

CASES = Path(__file__).parent / "cases" / "ships"
MISS = (1, 1)  # a roll of 2: no line of Ship I has that number


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return load_content("galaxy-trucker")[2]


def ship_of(content: GalaxyTrucker, tiles: dict[tuple[int, int], tuple[str, int]]) -> Ship:
    board = content.boards["I"]
    parts = {start_cell(board): make_part(content, content.starting_cabin, 0)}
    for cell, (tile_id, rotation) in tiles.items():
        parts[cell] = make_part(content, content.tiles_by_id[tile_id], rotation)
    return Ship(board, parts, start_cell(board))


def fly_events(
    content: GalaxyTrucker,
    tiles: dict[tuple[int, int], tuple[str, int]],
    events: list[tuple[str, list[tuple[int, int]]]],
    skipped: int = 0,
) -> tuple[Boxes, list[str]]:
    built = ship_of(content, tiles)
    legal, removals = check(built)
    flight = Flight(
        content,
        content.rounds[0],
        legal,
        skipped,
        tuple((content.cards_by_id[card], tuple(rolls)) for card, rolls in events),
    )
    start = initial_state(legal, len(removals))
    played = fly(flight, start)
    result = RoundFlight(flight, built, tuple(removals), start, played)
    plan = example_plan(flight.events)
    return boxes(flight, played), account_lines(content, plan, result)


def as_tuple(b: Boxes) -> tuple[int, tuple[int, ...], int, int, int, int]:
    return (b.position, b.events, b.cargo, b.lost, b.pretty, b.total)


# Start with a cabin on each side: T040 at (7,6) joins with its single e side, T036 at (7,8)
# with its single w side. 6 humans. Exposed: start n and s (2), T040 n, s, w (3), T036 n, e,
# s (3) = 8, so the Pretty Ship box is 2 - 8 = -6.
CABINS = {(7, 6): ("T040", 0), (7, 8): ("T036", 0)}


def test_every_card_kind_has_a_resolver() -> None:
    # The base game's kinds (Keep on Trucking's engine flies more, with its own table).
    from generator.games.galaxy_trucker.flight.registry import RESOLVERS

    base = list(KINDS.cards)
    assert base and sorted(RESOLVERS) == sorted(base)


def test_keep_on_truckings_engine_flies_every_kind_of_its_game() -> None:
    from generator.games.keep_on_trucking.flight.engine import Search
    from generator.games.keep_on_trucking.kinds import KINDS as TRUCKING_KINDS

    assert sorted(Search.resolvers) == sorted(TRUCKING_KINDS.cards)


def test_a_kind_without_a_resolver_says_so(content: GalaxyTrucker) -> None:
    from types import MappingProxyType

    from generator.games.galaxy_trucker.flight.search import Search

    class Unflown(Search):
        resolvers = MappingProxyType({})

    with pytest.raises(SheetgenError, match="'planets'"):
        Unflown.resolver(Unflown.__new__(Unflown), "planets")


def test_abandoned_ship_trades_crew_for_credits(content: GalaxyTrucker) -> None:
    # abandoned-ship-1a: give up 2 crew for 3 credits, 1 day: 3 - 1 = 2. 4 humans stay, so
    # taking it is allowed; 2 + (-6) = -4 beats flying past, 0 + (-6) = -6.
    b, lines = fly_events(content, CABINS, [("abandoned-ship-1a", [])])
    assert as_tuple(b) == (0, (2,), 0, 0, -6, -4)
    assert "  Took the ship: 2 humans stay behind; record 3 credits - 1 day(s) = 2." in lines
    assert any(
        line.startswith(
            "  Choice: take the ship, leaving 2 humans. It leads to the best "
            "round score, -4; the other choices lead to: fly past -6."
        )
        for line in lines
    )


def test_abandoned_ship_never_leaves_the_ship_without_a_human(content: GalaxyTrucker) -> None:
    # Only the starting cabin: 2 humans. Giving up 2 would leave nobody: fly past, record 0.
    # Exposed: the 4 sides of the starting cabin: 2 - 4 = -2.
    b, lines = fly_events(content, {}, [("abandoned-ship-1a", [])])
    assert as_tuple(b) == (0, (0,), 0, 0, -2, -2)
    assert "  Flew past: record 0." in lines


def test_abandoned_station_loads_goods_with_enough_crew(content: GalaxyTrucker) -> None:
    # CABINS plus a 2-slot hold T026 below the start (its universal n side joins the start's
    # s side; its w side is exposed). 6 crew >= 5 needed: load yellow (3) and green (2),
    # record -1. Exposed: start n (1), T040 3, T036 3, T026 w (1) = 8: Pretty 2 - 8 = -6.
    # Score 0 - 1 + 5 + 0 - 6 = -2 (flying past: -6).
    tiles = {**CABINS, (8, 7): ("T026", 0)}
    b, lines = fly_events(content, tiles, [("abandoned-station-1a", [])])
    assert as_tuple(b) == (0, (-1,), 5, 0, -6, -2)
    assert any("Docked and loaded yellow, green" in line for line in lines)
    # With the two cabins gone only 2 crew: too few, record 0.
    b, lines = fly_events(content, {(8, 7): ("T026", 0)}, [("abandoned-station-1a", [])])
    assert b.events == (0,)
    assert "  Too few crew to enter the station: record 0." in lines


def test_open_space_counts_engines_and_powers_a_double(content: GalaxyTrucker) -> None:
    # T014 (3 batteries) turned 180 above the start (its double side now faces down and
    # joins), T040 cabin left of the start, T076 single engine under T040 (double n joins
    # T040's double s), T092 double engine under the start. Strength: 1 + 2 for a battery = 3,
    # better than 1. Exposed: start e (1), T040 n and w (2) = 3: Pretty 2 - 3 = -1.
    # Score 3 - 1 = 2.
    tiles = {
        (6, 7): ("T014", 180),
        (7, 6): ("T040", 0),
        (8, 6): ("T076", 0),
        (8, 7): ("T092", 0),
    }
    b, lines = fly_events(content, tiles, [("open-space-1a", [])])
    assert as_tuple(b) == (0, (3,), 0, 0, -1, 2)
    assert "  Engine strength 3, powered 1 double engine (1 battery): record 3." in lines


def test_planets_red_goes_only_in_a_hazardous_hold(content: GalaxyTrucker) -> None:
    # T067 hazardous 1-slot hold under the start. planets-1b (2 days): planet 1 red, red;
    # planet 2 red, blue, blue; planet 3 yellow. One hazardous slot: planets 1 and 2 both
    # give one red (4), planet 3 a yellow (3). Land on planet 1: record -2, cargo 4.
    # Exposed: start n, e, w (3), T067 w (1) = 4: Pretty -2. Score -2 + 4 - 2 = 0.
    b, lines = fly_events(content, {(8, 7): ("T067", 0)}, [("planets-1b", [])])
    assert as_tuple(b) == (0, (-2,), 4, 0, -2, 0)
    assert any(
        "Landed on planet 1 (red, red); holds now carry red (left behind: red)" in line
        for line in lines
    )


def test_out_of_the_round_sells_cargo_at_half_price(content: GalaxyTrucker) -> None:
    # A 3-slot hold T028 under the start and a 2-slot hold T026 right of it; no engine.
    # planets-1c (3 days): planet 1 yellow, green, blue, blue (7 in 5 slots) or planet 2
    # yellow, yellow (6). Then open space: strength 0, adrift, out of the round: cargo sells
    # at half price rounded up, Pretty Ship 0. Planet 1: -3 + ceil(7/2) = 1; planet 2:
    # -3 + 3 = 0; flying past: 0.
    tiles = {(8, 7): ("T028", 0), (7, 8): ("T026", 0)}
    b, lines = fly_events(content, tiles, [("planets-1c", []), ("open-space-1a", [])])
    assert as_tuple(b) == (0, (-3, 0), 4, 0, 0, 1)
    assert "  Engine strength 0: the ship is adrift and out of the round." in lines
    assert any("sold at half price (rounded up) = 4" in line for line in lines)


def test_stardust_counts_exposed_connectors(content: GalaxyTrucker) -> None:
    # CABINS has 8 exposed connectors: record -8; Pretty 2 - 8 = -6. Score -14.
    b, lines = fly_events(content, CABINS, [("stardust-1a", [])])
    assert as_tuple(b) == (0, (-8,), 0, 0, -6, -14)
    assert (
        "  8 exposed connectors (T040 front, T040 rear, T040 left, start front, start rear, "
        "T036 front, T036 right, T036 rear): record -8." in lines
    )


def test_epidemic_strikes_joined_occupied_cabins_only(content: GalaxyTrucker) -> None:
    # CABINS: the start is joined to both cabins: each of the three loses one human.
    # T055 above the start (single s joins) carries cabin T048 at row 5 (single s joins
    # T055's single n): T048 touches no other cabin and keeps 2. 8 humans -> 5.
    # Exposed: start s (1), T040 3, T036 3, T055 e and w (2), T048 n and w (2) = 11:
    # Pretty 2 - 11 = -9.
    tiles = {**CABINS, (6, 7): ("T055", 0), (5, 7): ("T048", 0)}
    b, lines = fly_events(content, tiles, [("epidemic-2a", []), ("stardust-1a", [])])
    assert b.events == (0, -11)
    assert sum(1 for line in lines if line.endswith("loses a human.")) == 3
    assert not any("T048 (cabin) at row 5, column 7 loses" in line for line in lines)
    assert any("Aboard now: 5 humans" in line for line in lines)


def test_meteor_splits_the_ship_and_the_better_chunk_is_kept(content: GalaxyTrucker) -> None:
    # T055 right of the start, cabin T036 right of it, cabin T048 below T036. meteoric-swarm-
    # 1c: large from the front, roll 3+5 = 8: column 8, first tile T055 (row 7), no cannon:
    # destroyed. The ship breaks: {start} (2 humans) and {T036, T048} (4 humans). Keeping the
    # start chunk loses 2 more tiles (3 boxes: -6; start alone has 4 exposed: Pretty -2;
    # total -8); keeping the cabins loses the start (2 boxes: -4; T036 n, e, w and T048 s, w
    # exposed = 5: Pretty -3; total -7). The other two meteors roll 2 and 12: they miss.
    tiles = {(7, 8): ("T055", 0), (7, 9): ("T036", 0), (8, 9): ("T048", 0)}
    b, lines = fly_events(content, tiles, [("meteoric-swarm-1c", [(3, 5), MISS, (6, 6)])])
    assert as_tuple(b) == (0, (0,), 0, -4, -3, -7)
    assert any("The ship breaks into 2 chunks" in line for line in lines)
    assert (
        "  Kept the chunk of 2 tiles from row 7, column 9; the other tile is lost (1 Lost "
        "Component), with 2 humans." in lines
    )
    assert any(line.startswith("  Choice: keep the chunk from row 7, column 9.") for line in lines)


def test_a_ship_broken_with_no_human_keeps_one_chunk_and_loses_the_rest(
    content: GalaxyTrucker,
) -> None:
    # T055 left of the start; T055 right of it and hold T026 right of that. meteoric-swarm-1b:
    # small meteors from front, rear, left, right; only the rear one hits (column 7, roll
    # 4+3): the start's rear side is universal, the starting cabin is destroyed with its 2
    # humans. Left: {T055 at column 6} and {T055, T026 at columns 8-9}, no human in either:
    # out of the round. The player still keeps one part and loses the rest (the rulebook:
    # keep one part, lose the rest; the ruling: the parts it lost still count). Keeping the
    # right part loses the start and the left T055: 2 boxes, -4 (keeping the left one loses
    # 3: -6). Out: Pretty 0, no cargo. Counting only the cabin would say -2.
    tiles = {(7, 6): ("T055", 0), (7, 8): ("T055", 0), (7, 9): ("T026", 0)}
    b, lines = fly_events(content, tiles, [("meteoric-swarm-1b", [MISS, (4, 3), MISS, MISS])])
    assert as_tuple(b) == (0, (0,), 0, -4, 0, -4)
    at = lines.index(
        "  The ship breaks into 2 chunks: 2 tiles from row 7, column 8; 1 tile from row 7, "
        "column 6."
    )
    assert lines[at + 1 : at + 3] == [
        "  Kept the chunk of 2 tiles from row 7, column 8; the other tile is lost (1 Lost "
        "Component).",
        "  No chunk has a human aboard: the ship is out of the round.",
    ]
    assert any(line.startswith("  Choice: keep the chunk from row 7, column 8.") for line in lines)


def test_small_meteor_bounces_off_smooth_and_hits_connectors(content: GalaxyTrucker) -> None:
    # meteoric-swarm-1b: small meteors from front, rear, left, right. Ship: start and T014
    # turned 180 above it. Front, column 7 (roll 3+4): T014's n side is smooth: bounces.
    # Rear, column 7 (roll 4+3): the start's s side is universal: destroyed; T014 alone is
    # left without a human: out of the round. Lost 1: -2.
    b, lines = fly_events(
        content, {(6, 7): ("T014", 180)}, [("meteoric-swarm-1b", [(3, 4), (4, 3), MISS, MISS])]
    )
    assert as_tuple(b) == (0, (0,), 0, -2, 0, -2)
    assert any("it bounces off the smooth side" in line for line in lines)
    assert any(
        "No human is left aboard" in line or "No chunk has a human" in line for line in lines
    )


def test_pirates_small_shots_are_shielded_with_batteries(content: GalaxyTrucker) -> None:
    # T014 turned 180 above the start, shield T150 below it (covers front and right). No
    # cannon: firepower 0 < 5, they attack. Shots: small front column 7 (3+4) hits T014's
    # smooth n side, but small shots do not bounce: shield, 1 battery; large front roll 2
    # misses; small front column 7 (2+5): shield again. Nothing lost. Exposed: start e, w
    # (2), T150 s, w (2) = 4: Pretty -2. Score -2.
    tiles = {(6, 7): ("T014", 180), (8, 7): ("T150", 0)}
    b, lines = fly_events(content, tiles, [("pirates-1a", [(3, 4), MISS, (2, 5)])])
    assert as_tuple(b) == (0, (0,), 0, 0, -2, -2)
    assert sum(1 for line in lines if "shield T150 at row 8, column 7 stops it" in line) == 2
    assert any("Aboard now: 2 humans; batteries 1" in line for line in lines)


def test_the_engine_reads_what_a_kind_does_not_its_name(
    content: GalaxyTrucker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same flight as above with the shield kind told it shields nothing: the engine asks
    # the kind object, so both small shots now hit (no "stops it" line).
    monkeypatch.setattr(type(KINDS.tile("shield")), "shield", False)
    tiles = {(6, 7): ("T014", 180), (8, 7): ("T150", 0)}
    b, lines = fly_events(content, tiles, [("pirates-1a", [(3, 4), MISS, (2, 5)])])
    assert not any("stops it" in line for line in lines)
    assert as_tuple(b) != (0, (0,), 0, 0, -2, -2)


def test_slavers_take_crew_when_they_win(content: GalaxyTrucker) -> None:
    # slavers-1a, strength 6, no cannon: they take 3 crew of 6: 3 humans stay. Record 0.
    b, lines = fly_events(content, CABINS, [("slavers-1a", [])])
    assert as_tuple(b) == (0, (0,), 0, 0, -6, -6)
    assert any("They take 3 humans; left aboard: 3 humans." in line for line in lines)


def test_smugglers_beaten_with_one_battery(content: GalaxyTrucker) -> None:
    # Row 6: cannons T101, T103 and double cannon T126, all facing forward; row 7: T055
    # either side of the start, and T101 turned 270 left of them (barrel to the left: half
    # firepower); T014 batteries under the start, T026 hold under the left T055.
    # Firepower 1 + 1 + 1/2 = 2 1/2, with the double powered 4 1/2 > 4 (smugglers-1a): load
    # yellow and green (blue left behind: 2 slots), record -1. Exposed: right T055 e and s
    # (2), T026 w (1) = 3: Pretty -1. Score -1 + 5 - 1 = 3.
    tiles = {
        (6, 6): ("T101", 0),
        (6, 7): ("T103", 0),
        (6, 8): ("T126", 0),
        (7, 5): ("T101", 270),
        (7, 6): ("T055", 0),
        (7, 8): ("T055", 0),
        (8, 6): ("T026", 0),
        (8, 7): ("T014", 0),
    }
    b, lines = fly_events(content, tiles, [("smugglers-1a", [])])
    assert as_tuple(b) == (0, (-1,), 5, 0, -1, 3)
    assert any(
        line.startswith("  Firepower 4½, 1 double cannon powered (1 battery), against strength 4")
        for line in lines
    )


def test_illegal_tiles_are_removed_as_lost_components(content: GalaxyTrucker) -> None:
    # T092 double engine turned 90 (exhaust to the left) under the start: engines must face
    # the rear, so it is removed; T040 cabin at row 8, column 6 then hangs on nothing (its
    # only neighbour was the engine) and falls off too. 2 Lost Components: -4.
    b, lines = fly_events(
        content, {(8, 7): ("T092", 90), (8, 6): ("T040", 0)}, [("stardust-1a", [])]
    )
    assert b.lost == -4
    assert any("an engine must face the rear" in line for line in lines)
    assert any("not connected to the starting cabin" in line for line in lines)


def test_purple_alien_crews_a_cabin_and_adds_firepower(content: GalaxyTrucker) -> None:
    # Cannons T101 at row 6, columns 6, 7, 8 (forward, 1 each); T055 left of the start holds
    # the left one; cabin T036 right of the start holds the right one; purple life support
    # T143 under T036 (single n joins T036's single s); hold T026 under T055.
    # With the purple alien in T036 (2 humans in the start): firepower 3 + 2 = 5 > 4
    # (smugglers-1a): load yellow, green, record -1, cargo 5. With 2 humans there instead:
    # 3 < 4, they attack; no goods, no batteries: nothing taken, cargo 0.
    # Exposed: start s, T055 w, T036 e, T143 e and w, T026 w = 6: Pretty -4.
    # Alien: -1 + 5 - 4 = 0; humans: -4.
    tiles = {
        (6, 6): ("T101", 0),
        (6, 7): ("T101", 0),
        (6, 8): ("T101", 0),
        (7, 6): ("T055", 0),
        (7, 8): ("T036", 0),
        (8, 8): ("T143", 0),
        (8, 6): ("T026", 0),
    }
    b, lines = fly_events(content, tiles, [("smugglers-1a", [])])
    assert as_tuple(b) == (0, (-1,), 5, 0, -4, 0)
    assert (
        "  Crew: 2 humans and the purple alien (the purple alien in T036 (cabin) at row 7, "
        "column 8)." in lines
    )
    assert any(
        line.startswith("  Firepower 5 (+2 purple alien), no double cannon powered")
        for line in lines
    )


def test_real_seed_ship_account(content: GalaxyTrucker) -> None:
    # Seed 42, round 1: T014@180 above the start, cabin T039 right of it, T092 below.
    # Event 1 (meteoric-swarm-1c): large meteor column 8 (6+2) destroys T039 with 2 humans;
    # 10 and 9 miss. Event 2 (meteoric-swarm-1a): column 9 and row 5 miss; the small meteor
    # from the right in row 7 (5+2) hits the start's exposed universal side: destroyed, the
    # last humans with it: the ship breaks into T014 and T092, neither with a human: out of
    # the round, and the player still keeps one and loses the other. Lost 3 (-6); Pretty 0;
    # score -6.
    result = CliRunner().invoke(
        main,
        [
            "score",
            "galaxy-trucker",
            str(CASES / "seed-42-round-1.txt"),
            "--seed",
            "42",
            "--round",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert "  Event 1 box: 0" in out
    assert any("T039 (cabin) at row 7, column 8 is destroyed, with 2 humans." in x for x in out)
    assert "  No chunk has a human aboard: the ship is out of the round." in out
    assert "  Round 1 score         -6" in out
    assert "  Lost Components       -6   (3 boxes × −2)" in out


def test_lost_components_beyond_the_boxes_cost_nothing(content: GalaxyTrucker) -> None:
    # Seven batteries T014 on cells that touch nothing of the ship: none is joined to the
    # starting cabin, so all 7 fall off at the end of building. Round 1 has 6 boxes:
    # -12, not -14. The start alone: 4 exposed, stardust -4, Pretty 2 - 4 = -2. Total -18.
    loose = [(5, 7), (6, 6), (6, 8), (9, 5), (9, 6), (9, 8), (9, 9)]
    b, lines = fly_events(content, {c: ("T014", 0) for c in loose}, [("stardust-1a", [])])
    assert as_tuple(b) == (0, (-4,), 0, -12, -2, -18)
    assert (
        "  Lost Components      -12   (6 boxes × −2 (7 components lost; the sheet has 6 "
        "boxes))" in lines
    )


def test_smugglers_take_batteries_when_there_are_no_goods(content: GalaxyTrucker) -> None:
    # No cannon against smugglers-1a (strength 4, 2 goods): no goods aboard, so they take 2
    # of the 3 batteries of T014. Record 0.
    b, lines = fly_events(content, {(6, 7): ("T014", 180)}, [("smugglers-1a", [])])
    assert b.events == (0,)
    assert "  No goods to take." in lines
    assert "  They take 2 batteries instead." in lines
    assert any("Aboard now: 2 humans; batteries 1" in line for line in lines)


def test_alien_goes_home_when_its_life_support_is_destroyed(content: GalaxyTrucker) -> None:
    # Cabin T036 right of the start; purple life support T143 turned 180 above it (its single
    # side now faces down and joins T036's single n side). A large meteor from the front in
    # column 8 (3+5) meets T143 first: destroyed, and the purple alien in T036 goes home.
    tiles = {(7, 8): ("T036", 0), (6, 8): ("T143", 180)}
    b, lines = fly_events(content, tiles, [("meteoric-swarm-1c", [(3, 5), MISS, MISS])])
    assert b.lost == -2
    assert "  The purple alien lost its life support and goes home." in lines


# --- moving crew between events ------------------------------------------------------------
# "Between events, you may move astronauts between Cabins (Aliens must still have
# life-support)." The engine seats the crew anew before each event that cares where they sit.


def fly_both(
    content: GalaxyTrucker,
    tiles: dict[tuple[int, int], tuple[str, int]],
    events: list[tuple[str, list[tuple[int, int]]]],
) -> tuple[Boxes, Boxes, list[str]]:
    """The flight with crew never moving and with crew moved where it pays; the account of
    the second."""
    built = ship_of(content, tiles)
    legal, removals = check(built)
    flight = Flight(
        content,
        content.rounds[0],
        legal,
        0,
        tuple((content.cards_by_id[card], tuple(rolls)) for card, rolls in events),
    )
    start = initial_state(legal, len(removals))
    still = fly(flight, start, move_crew=False)
    moved = fly(flight, start)
    result = RoundFlight(flight, built, tuple(removals), start, moved)
    plan = example_plan(flight.events)
    return boxes(flight, still), boxes(flight, moved), account_lines(content, plan, result)


def test_moving_crew_before_an_epidemic_saves_them(content: GalaxyTrucker) -> None:
    # CABINS: T040 (7,6) - start (7,7) - T036 (7,8); T040 and T036 are joined only to the
    # start, not to each other. 6 humans.
    # Event 1, abandoned-ship-1a: give up 2 crew for 3 credits - 1 day = 2 (4 humans stay).
    # Without moves the 2 leave the least-occupied cabin first, T040 (first in reading order
    # on a tie): start 2, T036 2. Event 2, epidemic: start and T036 are joined and occupied:
    # each loses one, 2 humans left. Event 3, abandoned-ship-1a again: giving up 2 would leave
    # nobody: fly past, 0. (Flying past event 1 instead: 6 humans, the epidemic strikes all
    # three cabins, 3 left; event 3 taken: 2. Also 2 in all.) Events 2 + 0 + 0 = 2, Pretty
    # Ship 2 - 8 exposed = -6: score -4.
    # With moves: before the epidemic the 2 humans of the start move to T040, so the occupied
    # cabins T040 and T036 are not joined: nobody falls ill, 4 humans; event 3 taken, 2.
    # Events 2 + 0 + 2 = 4, Pretty -6: score -2, strictly more than -4.
    events = [("abandoned-ship-1a", []), ("epidemic-2a", []), ("abandoned-ship-1a", [])]
    still, moved, lines = fly_both(content, CABINS, events)
    assert as_tuple(still) == (0, (2, 0, 0), 0, 0, -6, -4)
    assert as_tuple(moved) == (0, (2, 0, 2), 0, 0, -6, -2)
    assert (
        "  Before Event 2: move 2 humans from start (starting cabin) at row 7, column 7 to T040 "
        "(cabin) at row 7, column 6, so the epidemic finds no two occupied cabins joined." in lines
    )
    assert "  No occupied cabin is joined to another occupied cabin: nobody falls ill." in lines
    assert any(
        line.startswith("  Choice: move 2 humans from start")
        and "keep the crew where they sit -4" in line
        for line in lines
    )


def test_crew_stay_where_they_sit_before_meteors(content: GalaxyTrucker) -> None:
    # CABINS again. Event 1, abandoned-ship-1a: 2 crew given up (T040 empties, as above),
    # record 2; start 2, T036 2. Event 2, meteoric-swarm-1c: a large meteor from the front,
    # roll 3+5 = 8: column 8, whose only tile is T036 (row 7); no cannon: destroyed with its
    # 2 humans (a leaf, the ship does not break): 1 Lost Component, -2. The other two meteors
    # roll 2 and 12: no line has those numbers. 2 humans left, so event 3 (abandoned-ship-1a)
    # is flown past. Exposed after: start n, e, s (3) and T040 n, s, w (3) = 6: Pretty
    # 2 - 6 = -4. Score 2 + 0 + 0 - 2 - 4 = -4.
    # Moving both humans of T036 to the empty T040 before event 2 would save them (score -2),
    # but only a player who knew the roll (read after the crew moved) would do it: the engine
    # does not, so its account is one a player can follow. Ruling in seating.py.
    events = [
        ("abandoned-ship-1a", []),
        ("meteoric-swarm-1c", [(3, 5), MISS, (6, 6)]),
        ("abandoned-ship-1a", []),
    ]
    still, moved, lines = fly_both(content, CABINS, events)
    assert as_tuple(still) == as_tuple(moved) == (0, (2, 0, 0), 0, -2, -4, -4)
    assert not any("Before Event" in line for line in lines)
    assert any(
        line.endswith("T036 (cabin) at row 7, column 8 is destroyed, with 2 humans.")
        for line in lines
    ), lines


def test_the_engine_never_moves_crew_into_harm_to_leave_the_round(
    content: GalaxyTrucker,
) -> None:
    """Bot ships of seeds where an engine that seated crew by the meteor rolls moved the last
    humans into a cabin about to be destroyed (out of the round beats a negative Pretty
    Ship): now no move comes before a meteor or a shot, and no move ends the flight."""
    from generator.games.galaxy_trucker.flight.balance import BALANCE_BUDGET
    from generator.games.galaxy_trucker.flight.bot import build
    from generator.games.galaxy_trucker.flight.engine import fly_round
    from generator.games.galaxy_trucker.flight.search import OUT_ANYWAY
    from generator.games.galaxy_trucker.planner import make_rounds

    for seed, number in [("balance-8", 2), ("balance-16", 1), ("balance-24", 2)]:
        rounds = make_rounds(content, seed)
        plan = replace(example_plan(()), rounds=rounds)
        built = build(content, rounds[number - 1], content.rounds[number - 1])
        result = fly_round(content, rounds, number, built.ship, built.skipped, BALANCE_BUDGET)
        lines = account_lines(content, plan, result)
        events = [line for line in lines if line.startswith("Event ")]
        for line in lines:
            if line.startswith("  Before Event "):
                index = int(line.split()[2].rstrip(":"))
                assert "Epidemic" in events[index - 1], (seed, line)
                assert OUT_ANYWAY not in line, (seed, line)


def test_an_alien_moves_only_to_a_cabin_with_its_life_support(content: GalaxyTrucker) -> None:
    # Purple life support T143 turned 180 at (6,8) joins cabin T036 below it (7,8) and cabin
    # T048 right of it (6,9): the purple alien may sit in either. T040 (7,6) and the start
    # have no purple life support. The alien sits in T036, 2 humans in the start: T036 and
    # the start are joined and occupied, so an epidemic would take the alien and a human.
    # Seatings that lose nobody: the alien to T048 (1 move), or both humans to T040 (2
    # moves; T040 is joined only to the start). Besides leaving the crew where they sit, the
    # engine lists only seatings that lose the fewest crew, the alien never in T040 or the
    # start, fewest moves first.
    from dataclasses import replace

    from generator.games.galaxy_trucker.flight.registry import SEATERS
    from generator.games.galaxy_trucker.flight.seating import joined_occupied, move_lines

    tiles = {(7, 6): ("T040", 0), (7, 8): ("T036", 0), (6, 8): ("T143", 180), (6, 9): ("T048", 0)}
    ship, _ = check(ship_of(content, tiles))
    epidemic = content.cards_by_id["epidemic-2a"]
    flight = Flight(content, content.rounds[0], ship, 0, ((epidemic, ()),))
    state = replace(
        initial_state(ship, 0),
        humans=(((7, 7), 2),),
        aliens=(("purple", (7, 8)),),
    )
    assert joined_occupied(flight, state) == [(7, 7), (7, 8)]
    seater, _ = SEATERS[epidemic.kind]
    seatings = seater(flight, state, epidemic, ())
    # The crew where they sit first (a player may leave them), then only seatings that lose
    # nobody.
    assert seatings[0] == state and len(seatings) > 1
    assert all(joined_occupied(flight, s) == [] for s in seatings[1:])
    for s in seatings:
        assert s.human_count == 2 and [colour for colour, _ in s.aliens] == ["purple"]
        assert {cabin for _, cabin in s.aliens} <= {(7, 8), (6, 9)}
        # A cabin holds 2 humans or 1 alien, never both.
        assert all(n <= 2 and c not in {a for _, a in s.aliens} for c, n in s.humans)
    assert move_lines(flight, state, seatings[1]) == [
        "the purple alien from T036 (cabin) at row 7, column 8 to T048 (cabin) at row 6, column 9"
    ]


def test_every_base_kind_says_whether_crew_seats_matter() -> None:
    # The search compares flights by crew counts only when every event either seats the crew
    # itself or does not care where they sit; each base kind must be one or the other.
    from generator.games.galaxy_trucker.flight.registry import SEATERS, SEATING_FREE, SEATS_KEPT

    base = set(KINDS.cards)
    assert base == set(SEATERS) | SEATING_FREE | SEATS_KEPT
    assert not set(SEATERS) & SEATING_FREE and not SEATS_KEPT & (set(SEATERS) | SEATING_FREE)
    assert set(SEATERS) == {"epidemic"}
    assert {"meteoric-swarm", "pirates"} == SEATS_KEPT
