"""Keep on Trucking flights worked by hand from the rules and the rulings (shared/rules/
keep-on-trucking.txt, shared/reference/keep-on-trucking.md), then flown by the engine: Ship
IIIA's WRAP, the Dead Zone, Union Ship and the Junkyard. Each test's comment is the hand
working; the test compares the engine's account with it line by line for the event worked,
and the score boxes with the hand count.

Tiles used (sides n, e, s, w as printed; "plate" is a plated side):
  T055 structural     single universal single universal
  T101 cannon         BARREL smooth single smooth   (@270: smooth single smooth BARREL)
  T040 cabin          double single double single
  T092 double engine  single smooth EXHAUST smooth
  T076 engine         double smooth EXHAUST smooth
  T014 battery-3      double smooth smooth smooth   (@180: smooth smooth double smooth)
  T026 cargo-2        universal smooth smooth universal (@180: smooth universal universal smooth)
  K001 structural     plate plate universal single  (@180: universal single plate plate)
"""

from __future__ import annotations

import pytest
from test_keep_on_trucking_flight import card, fly, totals

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.kit.session import load_content


@pytest.fixture(scope="module")
def content() -> GalaxyTrucker:
    return load_content("keep-on-trucking")[2]


def event_lines(lines: list[str], number: int) -> list[str]:
    """The account's lines of one event, from its heading to its box, without the choice
    lines (the search's words, worked separately where they matter)."""
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"Event {number} ("))
    end = lines.index(next(ln for ln in lines[start:] if ln.startswith(f"  Event {number} box:")))
    return [ln for ln in lines[start + 1 : end + 1] if not ln.startswith("  Choice:")]


def test_ship_iiia_wraps_a_rear_meteor_to_a_left_cannon(content: GalaxyTrucker) -> None:
    # Ship IIIA, round 3 (Pretty Ship 6, 12 boxes). A spine down column 7 from the start:
    # T055 at rows 8, 9, 10 and 11 (single n to single s each); cannon T101 turned 270 at
    # row 10, column 6 (its single e joins T055's universal w; its barrel points left at
    # the empty row 10, column 5: legal).
    # Our meteor card: a large meteor from the rear, a small from the front, a small from
    # the rear.
    # - Meteor 1, rear, roll 1+3 = 4: the WRAP table sends a rear 4 in from the left at row
    #   11 (the rulebook's example). Row 11's first tile from the left is T055 at column 7.
    #   A cannon pointing left in row 10 or 11 may shoot it (side cannons: the same or an
    #   adjacent row): T101, a single cannon, needs no battery. Destroyed.
    # - Meteor 2, front, roll 1+2 = 3: WRAP sends it in from the left at row 4; nothing is
    #   built in row 4: it misses.
    # - Meteor 3, rear, roll 3+4 = 7: no wrap for 7; column 7 from the rear meets T055 at
    #   row 11, whose rear side is a single connector: a small meteor destroys it. 1 Lost
    #   Component (-2).
    # Exposed at the end: the start's n, e, w (3); T055 row 8 e, w (2); row 9 e, w (2);
    # row 10 e and s (its lower neighbour gone) (2); T101 none: 9. Pretty Ship 6 - 9 = -3.
    # Events 0. Total -2 - 3 = -5.
    tiles = {
        (8, 7): ("T055", 0),
        (9, 7): ("T055", 0),
        (10, 7): ("T055", 0),
        (11, 7): ("T055", 0),
        (10, 6): ("T101", 270),
    }
    swarm = card(
        content,
        "meteoric-swarm",
        level=3,
        meteors=[
            {"size": "large", "from": "rear"},
            {"size": "small", "from": "front"},
            {"size": "small", "from": "rear"},
        ],
    )
    result, lines = fly(content, tiles, [(swarm, [(1, 3), (1, 2), (3, 4)])], "IIIA", 3)
    assert totals(result) == ((0,), 0, -2, -3, -5)
    assert event_lines(lines, 1) == [
        "  Meteor 1 (large, from the rear), roll 1+3 = 4: wraps round: from the left, row 11, "
        "first tile T055 (structural module) at row 11, column 7.",
        "  Cannon T101 (single cannon) at row 10, column 6 shoots it down.",
        "  Meteor 2 (small, from the front), roll 1+2 = 3: wraps round: from the left, row 4, "
        "no tile in that line, it misses.",
        "  Meteor 3 (small, from the rear), roll 3+4 = 7: column 7, first tile T055 "
        "(structural module) at row 11, column 7 (exposed single connector on its rear).",
        "  It hits: T055 (structural module) at row 11, column 7 is destroyed.",
        "  Record 0.",
        "  Event 1 box: 0",
    ]


def test_dead_zone_stops_the_engine_and_the_cabin_in_its_column(content: GalaxyTrucker) -> None:
    # Ship I, round 1. Dead Zone rolls 4+4: column 8 is dead for the flight. Cabin T040 right
    # of the start (column 8), engine T076 below it (column 8), double engine T092 below
    # the start, battery T014 turned 180 above the start (3 batteries).
    # Crewing: T040 is dead, it holds no crew: 2 humans (the start).
    # - Event 1, open-space-1a: T092 powered (1 battery, 3 -> 2) = 2; T076 is dead and adds
    #   nothing (without the Dead Zone: 3). Unpowered: 0, adrift. Record 2.
    # - Event 2, epidemic-2a: the start is the only occupied cabin (T040 is empty): nobody
    #   falls ill. Record 0.
    # - Event 3, abandoned-ship-1a (2 crew for 3 credits, 1 day): 2 humans aboard, the last
    #   must stay: it cannot be taken. Record 0. (Without the Dead Zone T040's 2 humans
    #   would make it possible.)
    # Exposed: start w (1); T040 n, e (2); T014, T092, T076 none: 3. Pretty Ship 2 - 3 =
    # -1. Total 2 + 0 + 0 - 1 = 1.
    tiles = {
        (7, 8): ("T040", 0),
        (8, 8): ("T076", 0),
        (8, 7): ("T092", 0),
        (6, 7): ("T014", 180),
    }
    events = [("open-space-1a", []), ("epidemic-2a", []), ("abandoned-ship-1a", [])]
    roads = (("dead-zone", ((4, 4),)),)
    result, lines = fly(content, tiles, events, roads=roads)
    assert totals(result) == ((2, 0, 0), 0, 0, -1, 1)
    assert "  Crew: 2 humans." in lines
    assert event_lines(lines, 1) == [
        "  Engine strength 2 (1 double engine powered; 1 battery): record 2.",
        "  Event 1 box: 2",
    ]
    assert event_lines(lines, 2) == [
        "  No occupied cabin is joined to another occupied cabin: nobody falls ill.",
        "  Record 0.",
        "  Event 2 box: 0",
    ]
    assert event_lines(lines, 3) == [
        "  Crew aboard: 2 humans.",
        "  Flew past: record 0.",
        "  Event 3 box: 0",
    ]


def test_union_ship_makes_crew_given_up_cost_goods(content: GalaxyTrucker) -> None:
    # Ship I, round 1, Union Ship drawn. Cabin T040 right of the start (4 humans), hold T026
    # turned 180 above the start (2 slots).
    # - Event 1, our planet card (1 day): blue, blue. Event 2, our Abandoned Ship: 2 crew
    #   for 6 credits, 1 day. With Union Ship the 2 crew also cost 2 goods, any colour.
    #   Land (-1), load blue, blue; take the ship: 2 humans stay behind (4 -> 2; no stasis
    #   chamber, so which cabin they leave decides nothing: the account names the start,
    #   the emptiest-first rule's pick between two full cabins), pay blue,
    #   blue, record 6 - 1 = 5: events 4, cargo 0. Fly past the planet: no goods, no deal:
    #   events 0. Land and keep the goods, no ship: -1 + 2 = 1. Best: land and take it, 4.
    #   (Without Union Ship the goods stay aboard: land, take the ship, keep blue, blue:
    #   -1 + 5 + 2 - 4 = 2.)
    # Exposed: start s, w (2); T040 n, e, s (3); T026 e (1): 6. Pretty Ship -4. Total 0.
    tiles = {(7, 8): ("T040", 0), (6, 7): ("T026", 180)}
    planet = card(content, "planets", days=1, planets=[["blue", "blue"]])
    ship = card(content, "abandoned-ship", crew_lost=2, credits=6, days=1)
    events = [(planet, []), (ship, [])]
    result, lines = fly(content, tiles, events, roads=(("union-ship", ()),))
    assert totals(result) == ((-1, 5), 0, 0, -4, 0)
    assert event_lines(lines, 1) == [
        "  Landed on planet 1 (blue, blue).",
        "  holds now carry blue, blue; record -1.",
        "  Event 1 box: -1",
    ]
    assert event_lines(lines, 2) == [
        "  Crew aboard: 4 humans.",
        "  Took the ship: 2 humans (2 from start (starting cabin) at row 7, column 7) stay "
        "behind; record 6 credits - 1 day(s) = 5. Union Ship: also paid blue, blue.",
        "  Event 2 box: 5",
    ]
    plain, _ = fly(content, tiles, events)
    assert totals(plain) == ((-1, 5), 2, 0, -4, 2)


def test_junkyard_row_of_meteors_pays_in_goods(content: GalaxyTrucker) -> None:
    # Ship I, round 1: 2 humans (the start only), hold T026 turned 180 above the start,
    # K001 turned 180 left of it (its single e joins the start; plated s and w).
    # junkyard-1a: row 1 (2 crew) would leave no human; row 2 (2 goods) and row 4 (2
    # batteries) cannot be paid. Row 3: a small meteor from the front and one from the left,
    # rolls hidden, chosen without them: only a front roll of 6 finds an exposed connector
    # (K001's universal top; column 7 meets T026's smooth top, the left meets plating or
    # T026's smooth side): 5/36 of losing K001. Its reward, yellow and green into the empty
    # hold (5), beats 3 credits and beats stopping nowhere.
    # The rolls, read now: front 1+5 = 6, column 6: K001's exposed universal top: destroyed
    # (-2). Left 2+4 = 6, row 6: T026's smooth left side: it bounces. Reward: yellow, green
    # loaded. Record 0.
    # Exposed: the start's e, s and w (K001 gone) (3); T026 e (1): 4. Pretty Ship -2.
    # Total 0 + 5 - 2 - 2 = 1.
    tiles = {(6, 7): ("T026", 180), (7, 6): ("K001", 180)}
    result, lines = fly(content, tiles, [("junkyard-1a", [(1, 5), (2, 4)])])
    assert totals(result) == ((0,), 5, -2, -2, 1)
    assert event_lines(lines, 1) == [
        "  (Row 3's hidden meteor rolls, read only now; the row was chosen without them.)",
        "  Row 3: 2 meteors (small from the front, small from the left) → load yellow, green "
        "/ +3 credits.",
        "  Meteor 1 (small, from the front), roll 1+5 = 6: column 6, first tile K001 "
        "(structural module) at row 7, column 6 (exposed universal connector on its front).",
        "  It hits: K001 (structural module) at row 7, column 6 is destroyed.",
        "  Meteor 2 (small, from the left), roll 2+4 = 6: row 6, first tile T026 (2-slot cargo "
        "hold) at row 6, column 7: it bounces off the smooth side.",
        "  Reward: loaded yellow, green: holds now carry yellow, green; record 0.",
        "  Event 1 box: 0",
    ]
