"""Keep on Trucking's flight engine against worked examples derived by hand from the
expansion's rules and the team's rulings (shared/reference/keep-on-trucking.md).

Each example builds a small ship around the starting cabin (row 7, column 7; a universal
connector on every side) and flies it through one or a few cards with chosen rolls. The
working is in each test's comments. Round values: round 1 Pretty Ship 2, 6 Lost Components
boxes; round 2: 4 and 9; round 3: 6 and 12. A Lost Component is -2 (the Lawyer: -1).

Tiles used (sides n, e, s, w as printed; "plate" is a plated side):
  T040 cabin          double single double single
  T036 cabin          single double single single
  T055 structural     single universal single universal
  T026 cargo-2        universal smooth smooth universal   (@180: smooth universal universal smooth)
  T014 battery-3      double smooth smooth smooth
  T092 double engine  single smooth EXHAUST smooth
  T076 engine         double smooth EXHAUST smooth        (@90: smooth double smooth EXHAUST)
  T150 shield         single smooth single single         (covers n and e)
  K001 structural     plate plate universal single
  K013 battery-2      plate universal single double
  K015 cannon-engine  BARREL universal EXHAUST single
  K016 cannon-engine  BARREL double EXHAUST universal
  K021 cannon booster universal single smooth double
  K035 furnace        single universal universal smooth
  K041 catapult       universal single smooth double      (arrows n, e, w)
  K044 stasis chamber double single universal single      (4 sleepers)
  K047 cyan life sup. single smooth universal smooth
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner
from flight_plans import example_trucking_plan

from generator.cli import main
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.flight.ship import E, N, S, Ship, W, make_part, start_cell
from generator.games.keep_on_trucking.flight.account import account_lines
from generator.games.keep_on_trucking.flight.engine import TruckingRound, fly_built
from generator.games.keep_on_trucking.flight.geometry import Strike, landings
from generator.kit.session import load_content

PACK = "keep-on-trucking"
Tiles = dict[tuple[int, int], tuple[str, int]]


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return load_content("keep-on-trucking")[2]


def card(content: GalaxyTrucker, kind: str, **fields: Any) -> Any:
    """A card of our own for an example (validated by its kind's schema)."""
    data = {"id": f"test-{kind}", "kind": kind, "level": fields.pop("level", 1), **fields}
    return msgspec.convert(data, content.kinds.cards[kind].schema)


def ship_of(content: GalaxyTrucker, board: str, tiles: Tiles) -> Ship:
    b = content.boards[board]
    parts = {start_cell(b): make_part(content, content.starting_cabin, 0)}
    for cell, (tile_id, rotation) in tiles.items():
        parts[cell] = make_part(content, content.tiles_by_id[tile_id], rotation)
    return Ship(b, parts, start_cell(b))


def fly(
    content: GalaxyTrucker,
    tiles: Tiles,
    events: list[tuple[Any, list[tuple[int, int]]]],
    board: str = "I",
    round_no: int = 1,
    edge: str | None = None,
    roads: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = (),
    ability: str | None = None,
    titles: str = "none",
) -> tuple[TruckingRound, list[str]]:
    resolved = tuple(
        (content.cards_by_id[c] if isinstance(c, str) else c, tuple(rolls)) for c, rolls in events
    )
    result = fly_built(
        content,
        content.rounds[round_no - 1],
        ship_of(content, board, tiles),
        0,
        resolved,
        edge,
        roads,
        ability=ability,
    )
    plan = example_trucking_plan(resolved, round_no, board, titles)
    return result, account_lines(content, plan, result)


def totals(result: TruckingRound) -> tuple[tuple[int, ...], int, int, int, int]:
    b = result.boxes
    return (b.events, b.cargo, b.lost, b.pretty, b.total)


# --- geometry of the A ships -------------------------------------------------------------
def test_ship_ia_reads_every_roll_by_its_printed_label(content: GalaxyTrucker) -> None:
    ia = content.boards["IA"]
    # Compass 1-2: the top edge is the front. A front roll of 11 is in the label 10-12 of
    # the printed column 9; it enters by the top edge.
    assert landings(ia, "front", 11, "top") == [Strike(N, 9, "labels")]
    # The rulebook's example as the pack words it: the right edge is the front, a front
    # meteor rolls 8: it enters by the right edge along the printed row labelled 8-9 (row 8).
    assert landings(ia, "front", 8, "right") == [Strike(E, 8, "labels")]
    # Front = right: the rear is the left edge (a row, 3 is in 2-4: row 5); the ship's left
    # side is the top edge (a column; 7: column 7).
    assert landings(ia, "rear", 3, "right") == [Strike(W, 5, "labels")]
    assert landings(ia, "left", 7, "right") == [Strike(N, 7, "labels")]
    # Every sum 2-12 hits a line: no roll misses Ship IA.
    assert all(landings(ia, "front", t, "bottom") for t in range(2, 13))


def test_ship_iia_mirrors_front_and_rear_hits(content: GalaxyTrucker) -> None:
    iia = content.boards["IIA"]
    # Column c and 14 - c at once; 7 once; 2, 3, 11, 12 miss (IIA has columns 4-10).
    assert landings(iia, "front", 6, None) == [Strike(N, 6, "mirrored"), Strike(N, 8, "mirrored")]
    assert landings(iia, "rear", 10, None) == [Strike(S, 4, "mirrored"), Strike(S, 10, "mirrored")]
    assert landings(iia, "front", 7, None) == [Strike(N, 7, "mirrored")]
    assert landings(iia, "front", 2, None) == [] and landings(iia, "rear", 12, None) == []
    # Side hits are not mirrored.
    assert landings(iia, "left", 6, None) == [Strike(W, 6)]


def test_ship_iiia_wraps_the_outer_columns(content: GalaxyTrucker) -> None:
    iiia = content.boards["IIIA"]
    # The WRAP table: the rulebook's example, a rear hit on column 4, enters row 11 from
    # the left; a front 4 enters row 3 from the left; a rear 12 row 9 from the right.
    assert landings(iiia, "rear", 4, None) == [Strike(W, 11, "wrapped")]
    assert landings(iiia, "front", 4, None) == [Strike(W, 3, "wrapped")]
    assert landings(iiia, "rear", 12, None) == [Strike(E, 9, "wrapped")]
    # Columns of the ship and side hits go as printed.
    assert landings(iiia, "front", 7, None) == [Strike(N, 7)]
    assert landings(iiia, "left", 4, None) == [Strike(W, 4)]
    # Gravitational Anomaly turns the ship round: a front hit comes in at the rear.
    assert landings(iiia, "front", 4, None, flipped=True) == [Strike(W, 11, "wrapped")]


def test_ship_ia_engines_face_the_compass_rear(content: GalaxyTrucker) -> None:
    # T076 turned 90 degrees: its exhaust faces the left edge; its double connector (now on
    # the right) joins the starting cabin's left side. With the compass making the right
    # edge the front, the left edge is the rear: the engine is legal and Open Space
    # records 1. Exposed: start n, e, s (3): Pretty Ship 2 - 3 = -1. Total 1 - 1 = 0.
    tiles = {(7, 6): ("T076", 90)}
    result, lines = fly(content, tiles, [("open-space-1a", [])], board="IA", edge="right")
    assert totals(result) == ((1,), 0, 0, -1, 0)
    assert "  Engine strength 1 (no double engine powered; 0 batteries): record 1." in lines
    # With the top edge the front, the same engine faces the left, not the rear: it is
    # removed (1 Lost Component, -2) and the ship is adrift: out, Pretty Ship 0. Total -2.
    result, lines = fly(content, tiles, [("open-space-1a", [])], board="IA", edge="top")
    assert totals(result) == ((0,), 0, -2, 0, -2)
    assert any(
        "an engine must face the rear (the bottom edge; its exhaust faces the left edge)" in line
        for line in lines
    )


def test_ship_ia_front_hit_enters_by_the_compass_edge(content: GalaxyTrucker) -> None:
    # T055 right of the start (its universal w joins the start's e). Front = right edge; a
    # small front meteor rolls 4+3 = 7: it enters by the right edge along the printed row
    # labelled 7 and meets T055's exposed universal right side: no shield, destroyed
    # (-2). Exposed after: the start's 4 sides: Pretty Ship 2 - 4 = -2. Total -4.
    swarm = card(content, "meteoric-swarm", meteors=[{"size": "small", "from": "front"}])
    result, lines = fly(content, {(7, 8): ("T055", 0)}, [(swarm, [(4, 3)])], "IA", edge="right")
    assert totals(result) == ((0,), 0, -2, -2, -4)
    at = lines.index(
        "  Meteor 1 (small, from the front), roll 4+3 = 7: the printed row labelled 7 (row 7), "
        "entering from the right edge, first tile T055 (structural module) at row 7, column 8 "
        "(exposed universal connector on its right)."
    )
    assert lines[at + 1] == "  It hits: T055 (structural module) at row 7, column 8 is destroyed."


def test_mirrored_iia_hit_strikes_two_columns_one_shield_covers_both(
    content: GalaxyTrucker,
) -> None:
    # Ship IIA, round 2 (Pretty Ship 4). Cabins T040 at (7,6) and T036 at (7,8), shield T150
    # at (6,7) (covers the front), battery T014 at (8,7): all joined to the start. A small
    # front meteor rolls 2+4 = 6: columns 6 and 8 at once. Their first tiles are T040 (n
    # double) and T036 (n single), both exposed: one shield battery stops both (3 -> 2).
    # Exposed with all: T150 n, w (2); T040 n, s, w (3); T036 n... no: T036 n single, e
    # double, s single exposed, w joined (3): 8, Pretty Ship 4 - 8 = -4. Total -4.
    # Letting both hit loses 2 tiles (-4) and 4 exposed connectors with them: T150's 2 and
    # the start's e and w (4): Pretty Ship 0. Total -4, a tie: the natural choice, shield.
    tiles = {(7, 6): ("T040", 0), (7, 8): ("T036", 0), (6, 7): ("T150", 0), (8, 7): ("T014", 0)}
    swarm = card(content, "meteoric-swarm", meteors=[{"size": "small", "from": "front"}])
    result, lines = fly(content, tiles, [(swarm, [(2, 4)])], board="IIA", round_no=2)
    assert totals(result) == ((0,), 0, 0, -4, -4)
    assert any(
        "column 6 and column 8" not in line and "roll 2+4 = 6: column 6, first tile T040" in line
        for line in lines
    )
    assert any("roll 2+4 = 6: column 8, first tile T036" in line for line in lines)
    assert any("shield T150 stops it (1 battery from row 8, column 7)" in line for line in lines)
    assert any(
        line.startswith(
            "  Choice: shield meteor 1. It leads to the best round score, -4; the "
            "other choices lead to: let meteor 1 hit (keeping the battery) -4"
        )
        for line in lines
    )
    assert result.played.end.battery_count == 2


# --- plating ------------------------------------------------------------------------------
PLATED = {(6, 7): ("K001", 0)}  # plated on its top and right; universal s joins the start


def test_plated_side_bounces_a_small_and_a_large_meteor(content: GalaxyTrucker) -> None:
    # Both front meteors roll 7: column 7's first tile from the front is K001, whose top is
    # plated: both bounce (a large meteor too, with no cannon). Nothing is lost. Exposed:
    # the start's e, s, w (3) and K001's single w (1); plating is no connector: 4, Pretty
    # Ship 2 - 4 = -2. Total -2.
    swarm = card(
        content,
        "meteoric-swarm",
        meteors=[{"size": "small", "from": "front"}, {"size": "large", "from": "front"}],
    )
    result, lines = fly(content, PLATED, [(swarm, [(3, 4), (4, 3)])])
    assert totals(result) == ((0,), 0, 0, -2, -2)
    bounced = [line for line in lines if "it bounces off the plated side" in line]
    assert len(bounced) == 2 and "Meteor 2 (large" in bounced[1]
    # Bad Luck: every meteor that reaches the ship costs 1, bounced ones too: Event -2.
    result, lines = fly(content, PLATED, [(swarm, [(3, 4), (4, 3)])], roads=(("bad-luck", ()),))
    assert totals(result) == ((-2,), 0, 0, -2, -4)


# --- stasis chambers ----------------------------------------------------------------------
STASIS = {(7, 8): ("T040", 0), (6, 8): ("K044", 0)}


def test_stasis_sleeper_wakes_after_an_epidemic(content: GalaxyTrucker) -> None:
    # T040 joined to the start (its single w, the start's universal e); K044 above it (its
    # universal s joins T040's double n). 4 humans in two joined cabins: the epidemic takes
    # one from each (moving crew cannot help: both cabins must be used). Crew was lost, so a
    # sleeper wakes into the free place of T040, the cabin joined to the chamber: 3 humans, 3
    # sleepers. Exposed: start n, s, w (3), T040 e, s (2), K044 n, e, w (3): 8, Pretty Ship
    # 2 - 8 = -6. Total -6.
    result, lines = fly(content, STASIS, [("epidemic-2a", [])])
    assert totals(result) == ((0,), 0, 0, -6, -6)
    assert (
        "  1 sleeper wakes in K044 (stasis chamber) at row 6, column 8 and moves into T040 "
        "(cabin) at row 7, column 8." in lines
    )
    end = result.played.end
    assert end.human_count == 3 and end.sleeper_count == 3


def test_stasis_sleepers_save_the_flight(content: GalaxyTrucker) -> None:
    # Slavers (our own: strength 2, take 4 crew) beat a ship with no cannon: they take all 4
    # humans. Waking sleepers can still save the flight: 2 wake into the empty T040 (the
    # start is not joined to the chamber). The ship flies on: Pretty Ship -6 as above, total
    # -6; without the chamber it would be out of the round.
    slavers = card(content, "slavers", strength=2, crew_lost=4, credits=5, days=1)
    result, lines = fly(content, STASIS, [(slavers, [])])
    assert totals(result) == ((0,), 0, 0, -6, -6)
    assert not result.played.end.out and result.played.end.human_count == 2
    assert (
        "  2 sleepers wake in K044 (stasis chamber) at row 6, column 8 and move into T040 "
        "(cabin) at row 7, column 8." in lines
    )


# --- catapult -----------------------------------------------------------------------------
def test_catapult_throws_its_blue_good_at_a_large_meteor(content: GalaxyTrucker) -> None:
    # T026 turned 180 above the start (universal s joins it); catapult K041 right of it (its
    # double w joins T026's universal e). At the end of building T026 gets 1 blue good. A
    # large front meteor rolls 4+4 = 8: column 8's first tile is K041 (universal n). No
    # cannon; K041 points up (arrow n) in column 8: it throws the blue good and destroys the
    # meteor. Exposed: start e, s, w (3), K041 n, e (2): 5, Pretty Ship -3; cargo 0. Total -3.
    # Letting it hit: K041 lost (-2), T026's e exposed instead (4 exposed: -2), blue kept
    # (+1): -3, a tie; the natural choice is to destroy the meteor.
    tiles = {(6, 7): ("T026", 180), (6, 8): ("K041", 0)}
    swarm = card(content, "meteoric-swarm", meteors=[{"size": "large", "from": "front"}])
    result, lines = fly(content, tiles, [(swarm, [(4, 4)])])
    assert totals(result) == ((0,), 0, 0, -3, -3)
    assert (
        "  Catapult K041 (catapult) at row 6, column 8 throws a blue good and destroys it." in lines
    )
    assert any(
        line.startswith(
            "  Choice: catapult a blue good at meteor 1. It leads to the best round "
            "score, -3; the other choices lead to: let meteor 1 hit -3"
        )
        for line in lines
    )


# --- reactor furnace ----------------------------------------------------------------------
def test_furnace_burns_a_good_left_behind_and_refills_its_battery(
    content: GalaxyTrucker,
) -> None:
    # Round 3 values (Pretty Ship 6). Battery K013 (2 cells) right of the start, furnace K035
    # below it (single n to single s), hold T026 (turned 180) above the start, double engine
    # T092 below the start. Exposed: start w; T026 e; K013 e; K035 e, s: 5, Pretty Ship 1.
    # Open Space, Open Space: each needs the double engine (1 battery; unpowered = adrift):
    # +2, +2, battery 0. Planets-1b (2 days): planet 2 (red, blue, blue) loads blue, blue (no
    # hazard hold): the red left behind is burnt by the furnace, which refills K013 to 2.
    # The third Open Space can then be powered: +2. Events 2 + 2 - 2 + 2 = 4, cargo 2,
    # Pretty Ship 1: 7. (Planet 3's yellow, kept, leaves no battery: adrift at the last Open
    # Space, out: 2 + 2 - 2 + 0, cargo 3 halved up = 2, Pretty Ship 0: 4.)
    tiles = {(7, 8): ("K013", 0), (8, 8): ("K035", 0), (6, 7): ("T026", 180), (8, 7): ("T092", 0)}
    events = [
        ("open-space-1a", []),
        ("open-space-1b", []),
        ("planets-1b", []),
        ("open-space-1c", []),
    ]
    result, lines = fly(content, tiles, events, round_no=3)
    assert totals(result) == ((2, 2, -2, 2), 2, 0, 1, 7)
    assert any(
        "K035 (reactor furnace) at row 8, column 8 burns a red good left behind and refills "
        "K013" in line
        for line in lines
    )


# --- boosters -----------------------------------------------------------------------------
def test_cannon_booster_wins_the_fight(content: GalaxyTrucker) -> None:
    # Cannon-engine K016 right of the start (universal w), booster K021 right of it (double
    # w to double e), battery T014 below the start. Pirates (our own: strength 1, 4 credits,
    # 1 day): firepower 1 (K016 forward) ties; the booster (1 battery) adds 1: 2 beats 1,
    # record 4 - 1 = 3. Exposed: start n, w (2); K021 n, e (2): 4, Pretty Ship -2. Total 1.
    tiles = {(7, 8): ("K016", 0), (7, 9): ("K021", 0), (8, 7): ("T014", 0)}
    pirates = card(
        content,
        "pirates",
        strength=1,
        credits=4,
        days=1,
        shots=[{"size": "small", "from": "front"}],
    )
    result, lines = fly(content, tiles, [(pirates, [(1, 1)])])
    assert totals(result) == ((3,), 0, 0, -2, 1)
    assert any(
        "Firepower 2 (no double cannon powered; 1 cannon booster (+1 on K016); 1 battery) "
        "against strength 1: they are beaten." in line
        for line in lines
    )


# --- new cards ----------------------------------------------------------------------------
def test_junkyard_row_with_meteors_is_chosen_without_its_rolls(content: GalaxyTrucker) -> None:
    # junkyard-1a on the plated ship (2 humans, no goods, no battery): row 1 (2 crew) would
    # leave no human, rows 2 and 4 cannot be paid. Row 3 (small front and small left
    # meteors) is risky only where a roll finds an exposed connector: left row 7 (the
    # start's w, 6 of 36) and row 6 (K001's w, 5 of 36): 11/36 < 1/2, so it is offered.
    # Its hidden rolls, read after: front 3+4 = 7 bounces off K001's plated top; left 1+2 =
    # 3 misses. Reward: the goods do not fit (no hold), so 3 credits: record 3. Exposed 4:
    # Pretty Ship -2. Total 1.
    result, lines = fly(content, PLATED, [("junkyard-1a", [(3, 4), (1, 2)])])
    assert totals(result) == ((3,), 0, 0, -2, 1)
    assert any("Row 3's hidden meteor rolls, read only now" in line for line in lines)
    assert any("it bounces off the plated side" in line for line in lines)
    assert "  Reward: +3 credits; record 3." in lines


def test_meteor_vortex_ignores_the_side_chosen_before_the_rolls(content: GalaxyTrucker) -> None:
    # meteor-vortex-2a on the plated ship. Expected unprotected hits over 36 rolls: front 0
    # (column 7 meets the plated K001), left 11/36 = 0.31 (the start's w and K001's w), right
    # 6/36 = 0.17 (the large meteor on the start's e; K001's e is plated), rear 6/36 = 0.17:
    # the left is ignored. Rolls: large front 7 bounces off the plating, small front 6
    # misses (column 6 is empty), the left one is ignored, large right 2 and small rear 3
    # miss. Record 0; Pretty Ship -2. Total -2.
    rolls = [(3, 4), (3, 3), (3, 4), (1, 1), (1, 2)]
    result, lines = fly(content, PLATED, [("meteor-vortex-2a", rolls)])
    assert totals(result) == ((0,), 0, 0, -2, -2)
    assert (
        "  Side ignored: left, chosen before the rolls are read (the side whose meteors could "
        "destroy the most unprotected components, expected over all rolls: front 0.00, left "
        "0.31, right 0.17, rear 0.17)." in lines
    )
    assert "  Meteor 3 (small, from the left): the side you chose, it misses." in lines


def test_wide_open_space_then_antitrust_counts_a_cannon_engine_once_per_line(
    content: GalaxyTrucker,
) -> None:
    # K015 right of the start: a single cannon and a single engine. Wide-Open Space: engine
    # strength 1, record twice: 2. Antitrust (our own: single cannons 0, single engines 0):
    # line 1 gives K015 up (1 Lost Component, -2); on line 2 it no longer counts (ruling).
    # Exposed at the end: the start's 4: Pretty Ship -2. Total 2 - 2 - 2 = -2.
    antitrust = card(
        content,
        "antitrust-check",
        level=2,
        limits=[
            {"component": "single-cannon", "limit": 0},
            {"component": "single-engine", "limit": 0},
        ],
    )
    result, lines = fly(
        content, {(7, 8): ("K015", 0)}, [("wide-open-space-1a", []), (antitrust, [])]
    )
    assert totals(result) == ((2, 0), 0, -2, -2, -2)
    assert (
        "  Line 1: 1 × single cannon, limit 0: give up K015 (cannon-engine) at row 7, column 8 "
        "(1 Lost Component)." in lines
    )
    assert "  Line 2: 0 × single engine, limit 0: nothing to give up." in lines


def test_bad_day_in_round_two_sabotages_the_first_component_named(
    content: GalaxyTrucker,
) -> None:
    # Round 2: epidemic (one occupied cabin: nobody ill), then sabotage. Try 1: row 2 is no
    # row of Ship I: ignored. Try 2: row 7, column 8: T055, destroyed (-2). Try 3 unread.
    # Exposed: the start's 4: Pretty Ship 4 - 4 = 0. Total -2.
    rolls = [(1, 1), (3, 4), (3, 4), (4, 4), (6, 6), (6, 6)]
    result, lines = fly(content, {(7, 8): ("T055", 0)}, [("bad-day-1a", rolls)], round_no=2)
    assert totals(result) == ((0,), 0, -2, 0, -2)
    assert any("Sabotage try 2: row roll 7, column roll 8: T055" in line for line in lines)


# --- cyan alien ---------------------------------------------------------------------------
def test_cyan_manager_is_chosen_and_paid(content: GalaxyTrucker) -> None:
    # Cyan life support K047 above cabin T040 (universal s to double n); T040 joined to the
    # start. The cyan alien sits in T040. Stardust: exposed start n, s, w (3), T040 e, s (2),
    # K047 n (1): record -6; Pretty Ship 2 - 6 = -4. Manager: +2 for the one alien aboard.
    # Total -6 - 4 + 2 = -8; with no ability named, the engine picks the Manager (every
    # other ability scores 0 here, and no alien -10).
    tiles = {(7, 8): ("T040", 0), (6, 8): ("K047", 0)}
    result, lines = fly(content, tiles, [("stardust-1a", [])])
    assert totals(result) == ((-6,), 2, 0, -4, -8)
    assert "  Cyan ability written on the sheet: Manager." in lines
    # Named on the sheet (the ship file's `ability:`), the Lawyer scores no extra here.
    result, _ = fly(content, tiles, [("stardust-1a", [])], ability="Lawyer")
    assert totals(result) == ((-6,), 0, 0, -4, -10)


def test_title_counts_at_the_end_of_the_round(content: GalaxyTrucker) -> None:
    # Cabins T040 (7,6) and T036 (7,8) mirror each other across column 7: Aesthete 1. The
    # cyan life support K047 at (6,8) is joined to T036 (universal s to single n), a cabin
    # that is not the starting cabin: Contraptionist 1 (its mirror square (6,6) is empty).
    tiles = {(7, 6): ("T040", 0), (7, 8): ("T036", 0), (6, 8): ("K047", 0)}
    _, lines = fly(content, tiles, [("stardust-1a", [])], titles="4-8-12")
    at = lines.index("Titles (write both counts in their boxes and post them with your score)")
    assert lines[at + 1].startswith(
        "  Aesthete        1   (T040 at row 7, column 6 and T036 at column 8)"
    )
    assert lines[at + 2].startswith(
        "  Contraptionist  1   (K047 (cyan life support) at row 6, column 8)"
    )
    # Dead Zone on column 8 (rolls 4+4): for the Contraptionist its components are mere
    # structural modules (the rulebook), so K047 no longer counts; the Aesthete still sees
    # the cabin T036 there: 1.
    roads = (("dead-zone", ((4, 4),)),)
    _, lines = fly(content, tiles, [("stardust-1a", [])], roads=roads, titles="4-8-12")
    at = lines.index("Titles (write both counts in their boxes and post them with your score)")
    assert lines[at + 1].startswith("  Aesthete        1   ")
    assert lines[at + 2] == "  Contraptionist  0   (none)"


def test_fancy_wiring_drops_a_lonely_booster(content: GalaxyTrucker) -> None:
    # Booster K021 joined only to the start (its double w to the start's universal e): no
    # cannon, so it falls off at the end of building (-2). Stardust: the start's 4 (-4);
    # Pretty Ship 2 - 4 = -2. Total -8.
    result, lines = fly(content, {(7, 8): ("K021", 0)}, [("stardust-1a", [])])
    assert totals(result) == ((-4,), 0, -2, -2, -8)
    assert any("fancy wiring: not joined to a cannon (it falls off)" in line for line in lines)


# --- the CLI ------------------------------------------------------------------------------
def test_score_command_scores_a_keep_on_trucking_ship(tmp_path: Path) -> None:
    ship = tmp_path / "ship.txt"
    # Round 1 of an A-ships game is Ship IA (rows 5-9, columns 5-9).
    ship.write_text(
        "skipped: 1\nability: Merchant\n.  .  .  .  .\n.  .  .  .  .\n.  .  start  .  .\n"
        ".  .  .  .  .\n.  .  .  .  .\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    result = runner.invoke(
        main,
        [
            "score",
            "keep-on-trucking",
            str(ship),
            "--seed",
            "kot-flight-test-seed-1",
            "--round",
            "1",
            "--option",
            "ships=A",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Ship IA as built" in result.output
    assert "Starting Position     -2" in result.output


def test_scores_csv_ship_column_is_scored_by_this_engine(run: Any, tmp_path: Path) -> None:
    seed = "kot-flight-test-seed-2"
    made = run(
        "game", "--pack", PACK, "--no-images", "--seed", seed, "--option", "ships=A", "-o", "g"
    )
    assert made.exit_code == 0, made.output
    root = tmp_path / "g"
    (root / "ships").mkdir()
    ship = root / "ships" / "ann-1.txt"
    ship.write_text(
        "skipped: 2\n" + ".  .  .  .  .\n" * 2 + ".  .  start  .  .\n" + ".  .  .  .  .\n" * 2,
        encoding="utf-8",
    )
    scored = run("score", PACK, str(ship), "--seed", seed, "--round", "1", "--option", "ships=A")
    assert scored.exit_code == 0, scored.output
    total = int(re.search(r"^  Round 1 score +(-?\d+)", scored.output, re.MULTILINE).group(1))
    (root / "scores.csv").write_text("player,round,score,ship\nAnn,1,,ships/ann-1.txt\n")
    result = run("rankings", "-o", "g")
    assert result.exit_code == 0, result.output
    assert f"1. Ann: {total}\n" in result.stdout


def test_boosted_shield_stops_a_large_meteor(content: GalaxyTrucker) -> None:
    # Shield T150 above the start (covers the front), shield booster K030 left of it (its
    # universal e joins T150's single w), battery T014 below the start (3 cells). A large
    # front meteor rolls 3+4 = 7: column 7's first tile is T150 (single n); no cannon, but
    # the boosted shield stops it for 2 batteries (3 -> 1). Exposed: start e, w (2), T150 n
    # (1), K030 n, s (2): 5, Pretty Ship 2 - 5 = -3. Total -3. Letting it hit destroys T150,
    # and K030, left without a shield, falls off: 2 Lost Components (-4); exposed: start n,
    # e, w (3): Pretty Ship -1. Total -5.
    tiles = {(6, 7): ("T150", 0), (6, 6): ("K030", 0), (8, 7): ("T014", 0)}
    swarm = card(content, "meteoric-swarm", meteors=[{"size": "large", "from": "front"}])
    result, lines = fly(content, tiles, [(swarm, [(3, 4)])])
    assert totals(result) == ((0,), 0, 0, -3, -3)
    assert result.played.end.battery_count == 1
    assert any(
        line.startswith(
            "  Choice: boost the shield against meteor 1. It leads to the best round score, -3; "
            "the other choices lead to: let meteor 1 hit -5"
        )
        for line in lines
    )


def test_a_forced_loss_larger_than_the_crew_takes_sleepers(content: GalaxyTrucker) -> None:
    # The stasis ship: 4 humans, 4 sleepers. Slavers (our own: take 6 crew) win: all 4
    # humans go, and the 2 more they take are sleepers (4 -> 2). Then the 2 sleepers left
    # wake into the empty T040: the ship flies on with 2 humans, 0 sleepers. Pretty Ship -6.
    slavers = card(content, "slavers", strength=2, crew_lost=6, credits=5, days=1)
    result, lines = fly(content, STASIS, [(slavers, [])])
    assert totals(result) == ((0,), 0, 0, -6, -6)
    end = result.played.end
    assert (end.human_count, end.sleeper_count, bool(end.out)) == (2, 0, False)
    assert any(
        line.startswith(
            "  They take 4 humans (2 from start (starting cabin) at row 7, column 7, 2 from T040 "
            "(cabin) at row 7, column 8) and 2 sleepers;"
        )
        for line in lines
    )


def test_union_ship_smugglers_take_crew_for_missing_goods(content: GalaxyTrucker) -> None:
    # Smugglers (our own: strength 3, take 2 goods) beat the cabin ship (no cannon, no
    # goods): with Union Ship the missing goods are paid in crew, 1 each, a human staying:
    # 4 humans -> 2. Exposed as in the stasis ship without K044: start n, s, w (3), T040 n,
    # e, s (3): 6, Pretty Ship -4. Total -4.
    smugglers = card(content, "smugglers", strength=3, goods_lost=2, goods=["yellow"], days=1)
    result, lines = fly(
        content, {(7, 8): ("T040", 0)}, [(smugglers, [])], roads=(("union-ship", ()),)
    )
    assert totals(result) == ((0,), 0, 0, -4, -4)
    assert result.played.end.human_count == 2
    assert (
        "  Union Ship: they take 2 humans (2 from start (starting cabin) at row 7, column 7) "
        "instead of goods." in lines
    )


def test_a_real_seeds_ship_agrees_with_a_hand_count() -> None:
    # Seed kot-real-seed-22 (ships A, difficulty hard: Bad Luck this round), round 2 on Ship
    # IIA; the ship was built by the bot from the round's posted sets. The cyan alien sits
    # in T039 (joined to the cyan life support K047): the Techie. By hand:
    # - Event 1, Wide-Open Space: engines T080 (single), T096 and T094 (double): 1 + 2 + 2 =
    #   5, twice = 10; 2 batteries, the first free (Techie): 1 paid from K013 (2 -> 1); Bad
    #   Luck -1: 9.
    # - Event 5, Open Space: 1 double powered, 3; its battery is the Techie's free one: 3.
    # - Event 7, Wide-Open Space: 5 again, 10; 1 free, 1 paid (1 -> 0): 9.
    # - Event 8, Junkyard: row 1, 2 humans given up for +4 credits: 4.
    # - Event 9, Meteoric Swarm: the large front meteor rolls 8, mirrored on IIA: columns 6
    #   and 8 at once, first tiles T080 and T040; no cannon faces it: both destroyed. Bad
    #   Luck: -1 for each line it reached (2) and -1 for the small one that bounced off
    #   T021's smooth side: -3.
    # - Event 10, Meteor Vortex: the left is ignored; the small rear meteor rolls 7: column
    #   7 from the rear meets the starting cabin, whose rear connector is always exposed on
    #   IIA: destroyed with its 2 humans, the last aboard: out. Bad Luck -1.
    # Events 9 - 2 + 0 - 1 + 3 + 2 + 9 + 4 - 3 - 1 = 20; cargo yellow + green = 5, halved
    # up 3; 13 components lost, 9 boxes: -18; Starting Position -2: round score 3.
    ship = Path(__file__).parent / "cases" / "ships" / "kot-real-seed-22-round-2.txt"
    result = CliRunner().invoke(
        main,
        [
            "score",
            PACK,
            str(ship),
            "--seed",
            "kot-real-seed-22",
            "--round",
            "2",
            "--option",
            "ships=A",
            "--option",
            "difficulty=hard",
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for line in (
        "  Engine strength 5 (2 double engines powered; 2 batteries (1 free, Techie)): record "
        "2 × 5 = 10.",
        "  Event 1 box: 9",
        "  Event 5 box: 3",
        "  Event 7 box: 9",
        "  Reward: +4 credits; record 4.",
        "  Meteor 2 (large, from the front), roll 6+2 = 8: column 6, first tile T080 (single "
        "engine) at row 6, column 6.",
        "  Meteor 2 (large, from the front), roll 6+2 = 8: column 8, first tile T040 (cabin) "
        "at row 7, column 8.",
        "  Event 9 box: -3",
        "  Meteor 5 (small, from the rear), roll 5+2 = 7: column 7, first tile start (starting "
        "cabin) at row 7, column 7 (exposed universal connector on its rear).",
        "  Event 10 box: -1",
        "  Events                20   (9 + -2 + 0 + -1 + 3 + 2 + 9 + 4 + -3 + -1 + 0 + 0)",
        "  Round 2 score          3",
    ):
        assert line + "\n" in out, line


# --- Infected Goods -----------------------------------------------------------------------
def test_infected_goods_charges_per_good_offered_and_the_player_picks_the_cabins(
    content: GalaxyTrucker,
) -> None:
    # The stasis ship with hold T026 (turned 180) above the start: its universal e joins
    # K044's single w, so the chamber is joined to T040 and to the hold, not to the start.
    # 4 humans (2 in the start, 2 in T040), 4 sleepers.
    # Event 1, our planet card (1 day): one planet offering yellow, yellow. Infected Goods,
    # no alien: landing costs 2 humans (one per good offered). The player picks the cabins:
    # both from T040, so 2 sleepers wake into it (4 humans, 2 sleepers). Taking them from
    # the start (the emptiest-cabin rule) wakes nobody: the chamber is not joined to it.
    # Record -1; cargo yellow, yellow = 6.
    # Event 2, abandoned-ship-1b: give up 3 crew for 4 credits, 1 day. With 4 humans: yes
    # (1 human stays; a sleeper wakes into T040 again): record 3. With 2 humans it could
    # not be taken.
    # Exposed: start s, w (2); T040 e, s (2); K044 n, e (2); T026 smooth n, w: 6. Pretty
    # Ship 2 - 6 = -4. Total -1 + 3 + 6 - 4 = 4.
    tiles = {**STASIS, (6, 7): ("T026", 180)}
    planet = card(content, "planets", days=1, planets=[["yellow", "yellow"]])
    events = [(planet, []), ("abandoned-ship-1b", [])]
    roads = (("infected-goods", ()),)
    result, lines = fly(content, tiles, events, roads=roads)
    assert totals(result) == ((-1, 3), 6, 0, -4, 4)
    assert any(
        "Infected Goods: 2 goods offered, 0 aliens aboard: 2 humans (2 from T040 (cabin) at "
        "row 7, column 8) fall ill and leave" in line
        for line in lines
    )
    assert any(
        "2 sleepers wake in K044 (stasis chamber) at row 6, column 8 and move into T040" in line
        for line in lines
    )
    # Charged per good offered, not loaded: a planet offering 3 yellows fills the 2-slot
    # hold and costs 3 humans (whichever cabins: nothing later needs crew). Record -1,
    # cargo 6, Pretty -4: 1.
    three = card(content, "planets", days=1, planets=[["yellow", "yellow", "yellow"]])
    result, lines = fly(content, tiles, [(three, [])], roads=roads)
    assert totals(result) == ((-1,), 6, 0, -4, 1)
    assert any("Infected Goods: 3 goods offered, 0 aliens aboard: 3 humans" in ln for ln in lines)


# --- Explosive Stuff ----------------------------------------------------------------------
def test_explosive_stuff_follows_metal_fatigue(content: GalaxyTrucker) -> None:
    # T055 right of the start (universal w); battery K013 above it (its single s joins
    # T055's single n), full at the end of building (2). Metal Fatigue rolls row 3+3 = 6,
    # column 4+4 = 8: K013 cracks and is destroyed. Explosive Stuff follows every effect
    # that destroys a component (the ruling; the rulebook: "other effects that specifically
    # destroy a component"): a battery with a battery left explodes and destroys what is
    # joined to it, T055. Lost 2 (-4). The start alone is left: 4 exposed, Pretty Ship
    # 2 - 4 = -2. The epidemic finds no two joined cabins: 0. Total -6.
    # (Without the explosion: 1 lost, -2; T055's n, e, s and the start's n, s, w exposed:
    # Pretty -4.)
    tiles = {(7, 8): ("T055", 0), (6, 8): ("K013", 0)}
    roads = (("explosive-stuff", ()), ("metal-fatigue", ((3, 3), (4, 4))))
    result, lines = fly(content, tiles, [("epidemic-2a", [])], roads=roads)
    assert totals(result) == ((0,), 0, -4, -2, -6)
    at = next(i for i, ln in enumerate(lines) if "Metal Fatigue, rolls 6 and 8" in ln)
    assert (
        "K013 (2-cell battery) at row 6, column 8 cracks and is destroyed, with 2 batteries"
        in (lines[at])
    )
    assert lines[at + 1] == (
        "  Explosive Stuff: it explodes and destroys T055 (structural module) at row 7, column 8."
    )


def test_slavers_take_the_humans_from_the_cabins_the_player_picks(
    content: GalaxyTrucker,
) -> None:
    # The stasis ship: the start and T040 with 2 humans each, K044 joined to T040 only.
    # Slavers (our own: strength 2, take 2 crew) win against no cannon. The player picks
    # the cabins: both from T040, so 2 sleepers wake into it: 4 humans, 2 sleepers. (Taken
    # from the start, the emptiest-first rule's pick between two full cabins, nobody could
    # wake: 2 humans.) Then abandoned-ship-1b (3 crew for 4 credits, 1 day) can be taken
    # with 4 humans: record 3. Pretty Ship -6 as above. Total -3.
    slavers = card(content, "slavers", strength=2, crew_lost=2, credits=5, days=1)
    result, lines = fly(content, STASIS, [(slavers, []), ("abandoned-ship-1b", [])])
    assert totals(result) == ((0, 3), 0, 0, -6, -3)
    assert (
        "  They take 2 humans (2 from T040 (cabin) at row 7, column 8); left aboard: 2 humans."
        in lines
    )
