"""Keep on Trucking's texts a careful group would argue over (issue 23), each read back from
what players read: the posts (Facebook text, which carries every block), the sheets and the
player aid (PDF text)."""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts.adventures import AdventurePostWriter
from generator.games.keep_on_trucking.rough_roads import RoughRoad
from generator.games.keep_on_trucking.sheets.files import sheet_files
from generator.kit.session import load_content, plan_header
from generator.render.text import Post

PACK = "keep-on-trucking"


@pytest.fixture(scope="module")
def loaded() -> tuple[Any, Any, Any]:
    return load_content(PACK)


@pytest.fixture(scope="module")
def content(loaded: tuple[Any, Any, Any]) -> Any:
    return loaded[2]


def make_plan(loaded: tuple[Any, Any, Any], seed: str, **options: Any) -> KeepOnTruckingPlan:
    pack, rules, content = loaded
    return rules.make_plan(content, plan_header(pack, seed, None), None, options=options)


def with_roads(plan: KeepOnTruckingPlan, round_no: int, *roads: RoughRoad) -> KeepOnTruckingPlan:
    drawn = list(plan.rough_roads)
    drawn[round_no - 1] = tuple(roads)
    return dataclasses.replace(plan, rough_roads=tuple(drawn))


def posts_of(content: Any, plan: KeepOnTruckingPlan) -> dict[str, Post]:
    return {p.key: p for p in AdventurePostWriter(content, plan).all_posts()}


def flat(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "")


def everything(post: Post) -> str:
    return flat((post.facebook or "") + " " + " ".join(post.facebook_comments))


def event_posts(posts: dict[str, Post], round_no: int, name: str) -> list[str]:
    """The round's flight posts that resolve a card called `name`."""
    return [
        everything(p)
        for k, p in posts.items()
        if k.startswith(f"round-{round_no}/")
        and k.endswith("-flight")
        and f"{name} (level" in (p.facebook or "")
    ]


def find_plan(loaded: Any, round_no: int, names: tuple[str, ...], **options: Any) -> Any:
    """A seed whose round `round_no` flies every card named."""
    content = loaded[2]
    for i in range(300):
        plan = make_plan(loaded, f"texts-seed-{i:03d}", **options)
        rnd = plan.rounds[round_no - 1]
        kinds = {content.texts.cards[e.card.type].name for f in rnd.flight_turns for e in f.events}
        if set(names) <= kinds:
            return plan
    raise AssertionError(f"no seed flies {names} in round {round_no}")


@pytest.fixture(scope="module")
def sheets(content: Any) -> dict[str, str]:
    texts = {}
    for f in sheet_files(content, ("a4",)):
        if f.path.endswith(".pdf"):
            pages = PdfReader(io.BytesIO(f.data)).pages
            texts[f.path] = flat(" ".join(p.extract_text() for p in pages))
    return texts


def test_gravitational_anomaly_reaches_every_card_the_spin_changes(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    plan = find_plan(loaded, 2, ("Slavers", "Planets", "Open Space"))
    plan = with_roads(plan, 2, RoughRoad("gravitational-anomaly", ()))
    posts = posts_of(content, plan)
    for name, words in (
        ("Slavers", "your rear-facing cannons count in full, your front-facing ones 1/2"),
        ("Planets", "landing does not turn you"),
        ("Open Space", "turn your sheet round"),
    ):
        found = event_posts(posts, 2, name)
        assert found and all("Gravitational Anomaly: " in t and words in t for t in found), name
    start = everything(posts["round-2/start"])
    assert "your rear-facing cannons face forward: they count in full" in start


def test_micronavigator_gains_on_every_day_gained(loaded: Any, content: Any) -> None:
    plan = find_plan(loaded, 3, ("Junkyard",))
    posts = posts_of(content, plan)
    building = everything(posts["round-1/end-of-building"])
    assert "Micronavigator: +1 whenever you gain flight days" in building
    assert "and on a Junkyard reward of days" in building
    junkyard = event_posts(posts, 3, "Junkyard")
    assert junkyard and all("Cyan Micronavigator" in t for t in junkyard)


def test_lawyer_has_one_wording_and_its_title_effect(
    loaded: Any, content: Any, sheets: dict[str, str]
) -> None:
    plan = make_plan(loaded, "texts-lawyer", titles="4-8-12")
    posts = posts_of(content, plan)
    building = everything(posts["round-1/end-of-building"])
    scoring = everything(posts["round-1/end-of-flight"])
    for text in (building, scoring):
        assert "-1 for each filled box instead of -2" in text
        assert "a best count of 4 ties with your 3 or 3 1/2" in text or (
            "a best of 4 ties with your 3 or 3 1/2" in text
        )
    assert "round the total down" not in building + scoring
    aid = sheets["sheets/player-aid-a4.pdf"]
    assert "Lawyer: Lost Components cost half: -1 for each filled box" in aid


def test_antitrust_says_how_a_cannon_engine_counts(loaded: Any, content: Any) -> None:
    plan = find_plan(loaded, 2, ("Antitrust Check",))
    found = event_posts(posts_of(content, plan), 2, "Antitrust Check")
    assert found and all(
        "A cannon-engine is a single cannon and a single engine: it counts on both lines" in t
        for t in found
    )


def test_murphys_law_on_ia_names_the_label(loaded: Any, content: Any) -> None:
    plan = find_plan(loaded, 1, ("Meteoric Swarm",), ships="A")
    plan = with_roads(plan, 1, RoughRoad("murphys-law", ((1, 3),)))
    found = event_posts(posts_of(content, plan), 1, "Meteoric Swarm")
    assert found and all(
        "Murphy's Law: a roll of 2-4 (any roll of the label 2-4) hits twice." in t for t in found
    )
    assert not any("a roll of 4 hits twice" in t for t in found)


def test_iia_start_cabin_rear_connector_is_told(
    loaded: Any, content: Any, sheets: dict[str, str]
) -> None:
    posts = posts_of(content, make_plan(loaded, "texts-iia", ships="A"))
    assert "the cabin's rear connector always stays exposed" in everything(posts["round-2/start"])
    iia = sheets["sheets/ship-2A-a4.pdf"]
    assert "Starting cabin: the cell behind it is not on this ship" in iia
    # Ship IIIA's start has a cell behind it: no such line there.
    assert "the cell behind it" not in sheets["sheets/ship-3A-a4.pdf"]


def test_aid_names_both_ships_of_each_round(sheets: dict[str, str]) -> None:
    aid = sheets["sheets/player-aid-a4.pdf"]
    assert "Round 1, Ship I or Ship IA (the game start post says which)" in aid
    assert "Round 1, Ship I:" not in aid


def test_aid_cyan_text_does_not_point_to_itself(sheets: dict[str, str]) -> None:
    aid = sheets["sheets/player-aid-a4.pdf"]
    assert "the player aid has" not in aid
    assert "each one's effect is listed under Cyan alien abilities" in aid


def test_aesthete_on_ia_maps_the_label_groups(loaded: Any, content: Any) -> None:
    posts = posts_of(content, make_plan(loaded, "texts-titles", ships="A", titles="3-6-9"))
    scoring = everything(posts["round-1/end-of-flight"])
    mirrors = "the printed column labelled 2-4 mirrors the one labelled 10-12, and 5-6 mirrors 8-9"
    assert mirrors in scoring


def test_cosmic_psychosis_on_iia_says_a_missing_column_is_missing(
    loaded: Any, content: Any
) -> None:
    plan = with_roads(
        make_plan(loaded, "texts-psychosis", ships="A"),
        2,
        RoughRoad("cosmic-psychosis", ((3, 4), (6, 6))),
    )
    text = everything(posts_of(content, plan)["round-2/end-of-building"])
    assert "column 12 (Ship IIA has no column 12: nothing happens there)" in text


def test_bad_luck_is_named_only_in_its_rounds(loaded: Any, content: Any) -> None:
    plan = make_plan(loaded, "texts-bad-luck", difficulty="hard")
    plan = with_roads(plan, 1, RoughRoad("defective-connectors", ()))
    plan = with_roads(plan, 2, RoughRoad("bad-luck", ()))
    posts = posts_of(content, plan)
    assert "Bad Luck" not in everything(posts["round-1/end-of-flight"])
    assert "Rough Roads, Bad Luck: its costs" in everything(posts["round-2/end-of-flight"])


def test_gravitational_anomaly_names_paranoid_locals_only_when_drawn(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    plan = find_plan(loaded, 2, ("Planets",))
    alone = posts_of(content, with_roads(plan, 2, RoughRoad("gravitational-anomaly", ())))
    planets = event_posts(alone, 2, "Planets")
    assert planets and all("landing does not turn you" in t for t in planets)
    assert not any("Paranoid Locals" in t or "locals" in t for t in planets)
    both = with_roads(
        plan, 2, RoughRoad("gravitational-anomaly", ()), RoughRoad("paranoid-locals", ((3, 4),))
    )
    planets = event_posts(posts_of(content, both), 2, "Planets")
    assert planets and all(
        "Gravitational Anomaly with Paranoid Locals: an odd number of Open Spaces so far this "
        "round? Then the locals' shot from the front comes in at your rear." in t
        for t in planets
    )
    start = everything(posts_of(content, both)["round-2/start"])
    assert "on Ship IIIA a hit that comes in at your rear reads the WRAP table's rear rows" in start


def test_dead_zone_speaks_to_every_card_it_changes(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    plan = find_plan(loaded, 3, ("Epidemic", "Abandoned Ship"))
    plan = with_roads(plan, 3, RoughRoad("dead-zone", ((3, 4),)))
    posts = posts_of(content, plan)
    for name, words in (
        ("Epidemic", "its cabins are empty: they neither fall ill nor pass the sickness on"),
        ("Abandoned Ship", "its cabins hold no crew, so there is nobody there to give up"),
    ):
        found = event_posts(posts, 3, name)
        assert found and all("Dead Zone, column 7: " + words in t for t in found), name
    roads = content.extras["rough-roads"]
    dead = next(c for c in roads.cards if c.id == "dead-zone")
    # A dead cannon is still a cannon on the ship: Antitrust counts it (the engine does).
    assert "still counts on its line" in dead.applies["antitrust-check"]
    assert "cannot go there" in dead.applies["junkyard"]
