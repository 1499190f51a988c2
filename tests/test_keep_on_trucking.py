"""Keep on Trucking, part 1: the pack (204 tiles in the reference table's counts), thinning
(51 set aside once per game, never drawn, never posted), the A ships and their hit rules,
the game file's `ships` option, and the technology in the posts."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.common.errors import SheetgenError
from generator.games.galaxy_trucker.kinds import Hit
from generator.games.galaxy_trucker.model import CONNECTORS
from generator.games.galaxy_trucker.plan import TileRef
from generator.games.keep_on_trucking.hits import land, landing_words
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts.technology import TruckingPostWriter, tile_technology
from generator.kit.session import load_content, open_game
from generator.plan.model import to_data

PACK = "keep-on-trucking"


@pytest.fixture(scope="module")
def loaded() -> tuple[Any, Any, Any]:
    return load_content(PACK)


@pytest.fixture(scope="module")
def content(loaded: tuple[Any, Any, Any]) -> Any:
    return loaded[2]


def make_plan(loaded: tuple[Any, Any, Any], seed: str, **options: Any) -> KeepOnTruckingPlan:
    from generator.kit.session import plan_header

    pack, rules, content = loaded
    return rules.make_plan(content, plan_header(pack, seed, None), None, options=options)


def category(content: Any, tile: Any) -> str:
    """The reference table's row of one of our tiles."""
    tt = content.tile_type(tile)
    plated = sum(side == "plating" for side in tile.sides.as_tuple())
    if tt.kind == "structural":
        return f"structural plated {plated}"
    if plated:
        return "plated 1 side"
    return tt.alien + " life support" if tt.alien else tt.kind


# --- the pack ------------------------------------------------------------------------------
def test_check_passes(run: Callable[..., Any]) -> None:
    result = run("check", PACK)
    assert result.exit_code == 0, result.output
    assert "keep-on-trucking 0.1.0): OK - 3 rounds, 51 turns" in result.output


def test_204_tiles_in_the_tables_counts(content: Any) -> None:
    _, _, base_content = load_content("galaxy-trucker")
    assert len(base_content.tiles) == 152
    assert len(content.tiles) == 204
    ours = [t for t in content.tiles if t.ours]
    assert len(ours) == 52 and not any(t.ours for t in base_content.tiles)
    assert [t.id for t in content.tiles[:152]] == [t.id for t in base_content.tiles]
    counts = Counter(category(content, t) for t in ours)
    structural_plated = counts.pop("structural plated 2") + counts.pop("structural plated 3")
    assert structural_plated == 8
    assert counts == {
        "plated 1 side": 6,
        "cannon-engine": 4,
        "hold-battery": 2,
        "cannon-booster": 4,
        "engine-booster": 4,
        "shield-booster": 4,
        "reactor-furnace": 4,
        "catapult": 5,
        "stasis-chamber": 5,
        "cyan life support": 6,
    }
    plated_kinds = {
        content.tile_type(t).kind for t in ours if category(content, t) == "plated 1 side"
    }
    assert plated_kinds == {"cabin", "cargo", "battery", "shield"}


def test_plating_is_a_side_never_a_connector(content: Any) -> None:
    assert "plating" not in CONNECTORS
    plated = [t for t in content.tiles if "plating" in t.sides.as_tuple()]
    assert plated and all(t.ours for t in plated)
    for tile in content.tiles:
        kind = content.kinds.tile(content.tile_type(tile).kind)
        needs_partner = getattr(kind, "partner", None) or content.tile_type(tile).alien == "cyan"
        if tile.ours and needs_partner:
            joins = sum(side in CONNECTORS for side in tile.sides.as_tuple())
            assert joins >= 2, tile.id


@pytest.mark.slow
def test_a_partner_tile_with_one_connector_is_refused(tmp_path: Path, run: Any) -> None:
    import shutil

    from generator.pack.load import CONTENT_DIR

    copy = tmp_path / "kot"
    shutil.copytree(CONTENT_DIR / PACK, copy)
    tiles = copy / "tiles.yaml"
    tiles.write_text(
        tiles.read_text().replace(
            "sides: {n: universal, e: single, s: smooth, w: double}}",
            "sides: {n: universal, e: smooth, s: smooth, w: smooth}}",
            1,
        )
    )
    result = run("check", str(copy))
    assert result.exit_code == 2
    assert "tiles.yaml" in result.output
    assert "kot/tiles.yaml:82: tiles[20].sides: a cannon booster must be joined to a cannon" in (
        result.output
    )


# --- thinning ------------------------------------------------------------------------------
def test_200_seeds_set_aside_51_never_drawn(loaded: tuple[Any, Any, Any], content: Any) -> None:
    all_ids = {t.id for t in content.tiles}
    for n in range(200):
        plan = make_plan(loaded, f"thinning-seed-{n}")
        aside = [t.id for t in plan.set_aside]
        assert len(aside) == 51 and len(set(aside)) == 51 and set(aside) <= all_ids
        for rnd in plan.rounds:
            drawn = [t.id for b in rnd.build_turns for s in b.sets for t in s]
            assert not set(drawn) & set(aside)
            assert len(drawn) == len(set(drawn))  # distinct within the round
            for build in rnd.build_turns:
                assert [len(s) for s in build.sets] == [3, 3, 3]


def test_set_aside_differs_by_seed_and_is_recorded(loaded: tuple[Any, Any, Any]) -> None:
    a = make_plan(loaded, "seed-one-aaaaaaaa")
    b = make_plan(loaded, "seed-two-bbbbbbbb")
    assert a.set_aside != b.set_aside
    data = to_data(a)
    assert [t["id"] for t in data["set_aside"]] == [t.id for t in a.set_aside]
    assert data["options"] == {
        "ships": ["base", "base", "base"],
        "difficulty": "none",
        "titles": "none",
    }


def test_posts_never_reveal_the_set_aside(loaded: tuple[Any, Any, Any], content: Any) -> None:
    """Hidden data changed -> no public text changes."""
    plan = make_plan(loaded, "hidden-aside-seed-01", ships="A")
    drawn = {t.id for r in plan.rounds for b in r.build_turns for s in b.sets for t in s}
    others = [t for t in content.tiles if t.id not in drawn][:51]
    other = dataclasses.replace(plan, set_aside=tuple(TileRef(t.id, t.type) for t in others))
    assert other.set_aside != plan.set_aside

    def texts(p: KeepOnTruckingPlan) -> list[str]:
        posts = TruckingPostWriter(content, p).all_posts()
        return [
            text
            for post in posts
            for text in (
                post.facebook,
                post.facebook_comment,
                post.discord,
                *(im.alt for im in post.images),
            )
            if text
        ]

    assert texts(plan) == texts(other)


# --- ships A -------------------------------------------------------------------------------
def test_ships_option(loaded: tuple[Any, Any, Any]) -> None:
    assert [r.ship for r in make_plan(loaded, "ships-seed-000001").rounds] == ["I", "II", "III"]
    plan = make_plan(loaded, "ships-seed-000001", ships="A")
    assert [r.ship for r in plan.rounds] == ["IA", "IIA", "IIIA"]
    assert plan.compass[0] in range(1, 7) and plan.compass[1:] == (None, None)
    mixed = make_plan(loaded, "ships-seed-000001", ships=["base", "A", "A"])
    assert [r.ship for r in mixed.rounds] == ["I", "IIA", "IIIA"]
    assert mixed.compass == (None, None, None)
    # The ships chosen do not move the tiles drawn or the cards dealt.
    assert [r.build_turns for r in plan.rounds] == [r.build_turns for r in mixed.rounds]
    for bad in ("B", ["A", "A"], ["A", "x", "A"]):
        with pytest.raises(SheetgenError, match="ships: got"):
            make_plan(loaded, "ships-seed-000001", ships=bad)


def test_game_file_ships_and_going_on_in_the_folder(tmp_path: Path, run: Any) -> None:
    game = tmp_path / "game.yaml"
    game.write_text("pack: keep-on-trucking\nseed: game-file-seed-kot-01\nships: A\n")
    out = tmp_path / "out"
    result = run("round", "1", "--game", str(game), "-o", str(out), "--no-images", "--paper", "a4")
    assert result.exit_code == 0, result.output
    start = (out / "round-1" / "start.facebook.txt").read_text()
    assert "Ship IA" in start and "Dice compass" in start
    # Going on from the folder alone keeps the recorded ships.
    result = run("turn", "13", "-o", str(out), "--no-images", "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert "Ship IIA" in result.output
    # A pack whose rules take no options refuses them clearly.
    game.write_text("pack: galaxy-trucker\nseed: game-file-seed-kot-01\nships: A\n")
    result = run("plan", "--game", str(game))
    assert result.exit_code == 2
    # The game file's keys are the core's and its game's own options: Galaxy Trucker has none.
    assert (
        "game.yaml:3: ships: unknown key (allowed keys: pack, seed, start, output, paper, "
        "notes, rhythm)" in result.output
    )
    game.write_text("pack: keep-on-trucking\nseed: game-file-seed-kot-01\nship: A\n")
    result = run("plan", "--game", str(game))
    assert result.exit_code == 2
    assert "game.yaml:3: ship: unknown key (allowed keys: pack, seed" in result.output
    assert "rhythm, ships, difficulty, titles)" in result.output


def test_mirror_hits_on_iia(content: Any) -> None:
    board = content.boards["IIA"]
    front = Hit("meteor", "small", "front")
    assert land(board, front, 4).numbers == (4, 10)
    assert land(board, Hit("shot", "large", "rear"), 10).numbers == (4, 10)
    assert land(board, front, 7).numbers == (7,)
    for missing in (2, 3, 11, 12):
        assert land(board, front, missing).numbers == ()
    assert land(board, Hit("meteor", "small", "left"), 5).numbers == (5,)  # not mirrored
    assert landing_words(board, front, 4) == "columns 4 and 10 at once (mirrored)"
    assert board.columns == list(range(4, 11))
    assert all(sorted(c) == sorted(14 - x for x in c) for c in board.cells.values())


def test_wrap_hits_on_iiia(content: Any) -> None:
    board = content.boards["IIIA"]
    assert board.cell_count == 36
    rear4 = land(board, Hit("meteor", "large", "rear"), 4)
    # The rulebook's example: a rear hit on column 4 comes from the left, into row 11, where
    # a left-pointing cannon in row 10 or 11 can shoot it.
    assert (rear4.direction, rear4.numbers, rear4.how) == ("left", (11,), "wrapped")
    assert landing_words(board, Hit("meteor", "large", "rear"), 4) == (
        "wraps round: from the left, row 11"
    )
    for direction in ("front", "rear"):
        table = board.wrap[direction]
        assert sorted(table) == [2, 3, 4, 10, 11, 12]
        for roll in (2, 3, 4):
            left, right = table[roll], table[14 - roll]
            assert (left.direction, right.direction) == ("left", "right")
            assert left.row == right.row  # symmetric left/right
    assert land(board, Hit("meteor", "small", "front"), 7).numbers == (7,)
    assert land(board, Hit("meteor", "small", "left"), 4).how == ""  # sides as printed


def test_ia_labels_every_roll_hits_a_line(content: Any) -> None:
    board = content.boards["IA"]
    for total in range(2, 13):
        for direction in ("front", "rear", "left", "right"):
            spot = land(board, Hit("meteor", "small", direction), total)
            assert len(spot.numbers) == 1
    assert landing_words(board, Hit("meteor", "small", "front"), 11) == (
        "the printed column labelled 10-12"
    )


# --- the posts -----------------------------------------------------------------------------
def test_a_roll_change_changes_exactly_its_post_and_landing(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    plan = make_plan(loaded, "roll-change-seed-02", ships="A")
    rnd = plan.rounds[1]  # Ship IIA
    fi, ei = next(
        (i, k)
        for i, f in enumerate(rnd.flight_turns)
        for k, e in enumerate(f.events)
        if e.rolls
        and content.cards_by_id[e.card.id].kind == "meteoric-swarm"
        and any(h.direction in ("front", "rear") for h in _hits(content, e))
    )
    event = rnd.flight_turns[fi].events[ei]
    hit_index = next(
        i for i, h in enumerate(_hits(content, event)) if h.direction in ("front", "rear")
    )
    rolls = list(event.rolls)
    rolls[hit_index] = (1, 3)  # column 4: also column 10 on Ship IIA
    new_event = dataclasses.replace(event, rolls=tuple(rolls))
    events = list(rnd.flight_turns[fi].events)
    events[ei] = new_event
    flights = list(rnd.flight_turns)
    flights[fi] = dataclasses.replace(flights[fi], events=tuple(events))
    rounds = list(plan.rounds)
    rounds[1] = dataclasses.replace(rnd, flight_turns=tuple(flights))
    changed = dataclasses.replace(plan, rounds=tuple(rounds))

    def by_key(p: KeepOnTruckingPlan) -> dict[str, str]:
        return {
            post.key: (post.facebook_comment or "")
            + post.discord
            + "".join(im.alt for im in post.images)
            for post in TruckingPostWriter(content, p).all_posts()
        }

    before, after = by_key(plan), by_key(changed)
    differ = [k for k in before if before[k] != after[k]]
    # The flight post shows the roll; round 2's commitment (the game start post) and its
    # reveal (the end of flight) follow it.
    flight = f"round-2/turn-{rnd.flight_turns[fi].turn:02d}-flight"
    assert differ == ["game-start", flight, "round-2/end-of-flight"]
    assert "= 4 - columns 4 and 10 at once (mirrored) on Ship IIA" in after[flight]
    start_lines = zip(
        before["game-start"].split("\n"), after["game-start"].split("\n"), strict=True
    )
    assert [a[:9] for a, b in start_lines if a != b] == ["Round 2: "]


def _hits(content: Any, event: Any) -> list[Hit]:
    card = content.cards_by_id[event.card.id]
    return content.kinds.card(card).hits(card)


def test_ia_round_start_gives_the_compass(loaded: tuple[Any, Any, Any], content: Any) -> None:
    plan = make_plan(loaded, "compass-seed-000003", ships="A")
    edge = {1: "TOP", 2: "TOP", 3: "RIGHT", 4: "BOTTOM", 5: "BOTTOM", 6: "LEFT"}
    for roll in range(1, 7):
        p = dataclasses.replace(plan, compass=(roll, None, None))
        text = TruckingPostWriter(content, p).round_start(p.rounds[0]).facebook
        assert f"Dice compass: {'⚀⚁⚂⚃⚄⚅'[roll - 1]} {roll} - the {edge[roll]} edge" in text


def test_technology_taught_once_then_brief(loaded: tuple[Any, Any, Any], content: Any) -> None:
    plan = make_plan(loaded, "teaching-seed-000004")
    writer = TruckingPostWriter(content, plan)
    posts = {p.key: p.facebook for p in writer.all_posts()}
    exp = content.extras["expansion"]
    shown: Counter[str] = Counter()
    for rnd in plan.rounds:
        for build in rnd.build_turns:
            keys = {
                k
                for tiles in build.sets
                for ref in tiles
                for k in tile_technology(content, content.tiles_by_id[ref.id])
            }
            shown.update(keys)
    assert len(shown) >= 8
    for key, count in shown.items():
        tech = exp.technology[key]
        full = [k for k, text in posts.items() if "build" in k and tech.rule in text]
        short = [k for k, text in posts.items() if "build" in k and tech.brief in text]
        turn = writer.first_build[key]
        assert len(full) == 1 and full[0].endswith(f"turn-{turn:02d}-build"), key
        assert len(short) == count - 1, key  # reminded in every later build turn
    # The flight texts too: plated sides bounce every hit, said where meteors fly.
    swarm = [t for k, t in posts.items() if "flight" in k and "Meteoric Swarm" in t]
    assert swarm and all("plated side" in t for t in swarm)


def test_every_new_kind_in_a_build_text_and_image_alt(content: Any) -> None:
    """Each new tile kind appears in some seed's build post, in words."""
    from generator.games.galaxy_trucker.pictures import planned as images

    new_types = {t.type for t in content.tiles if t.ours} | {"plated"}
    seen: dict[str, str] = {}
    for n in range(6):
        game = open_game(PACK, f"kinds-seed-{n:04d}", None)
        writer = TruckingPostWriter(content, game.plan)
        for rnd in game.plan.rounds:
            for i, build in enumerate(rnd.build_turns):
                alt = images.build_image(content, game.plan, rnd, i).alt
                text = writer.build_post(rnd, i).facebook
                for tiles in build.sets:
                    for ref in tiles:
                        tile = content.tiles_by_id[ref.id]
                        words = content.tile_type(tile).name
                        if tile.ours and words in text and words in alt:
                            seen.setdefault(tile.type, alt)
                        if "plating" in tile.sides.as_tuple() and "plated" in alt:
                            seen.setdefault("plated", alt)
        if set(seen) >= new_types:
            break
    assert set(seen) >= new_types
    assert "top plated" in seen["plated"] or "plated," in seen["plated"]


def test_a_new_tile_is_drawn_in_its_build_image(content: Any) -> None:
    """The build image shows the tile the plan names: swap a catapult for a base tile in
    the plan and exactly that image changes."""
    from generator.games.galaxy_trucker.pictures import planned as images
    from generator.games.galaxy_trucker.pictures.layout import render_png

    game = open_game(PACK, "drawn-seed-00005", None)
    plan = game.plan
    r, b, s, k = next(
        (r, b, s, k)
        for r, rnd in enumerate(plan.rounds)
        for b, build in enumerate(rnd.build_turns)
        for s, tiles in enumerate(build.sets)
        for k, ref in enumerate(tiles)
        if ref.type == "catapult"
    )
    rnd = plan.rounds[r]
    image = images.build_image(content, plan, rnd, b)
    assert "catapult, arrows top, right, left" in image.alt
    before = render_png(content, plan, image)
    build = rnd.build_turns[b]
    tiles = list(build.sets[s])
    tiles[k] = TileRef("T001", "battery-2")
    sets = list(build.sets)
    sets[s] = tuple(tiles)
    builds = list(rnd.build_turns)
    builds[b] = dataclasses.replace(build, sets=tuple(sets))
    rounds = list(plan.rounds)
    rounds[r] = dataclasses.replace(rnd, build_turns=tuple(builds))
    swapped = dataclasses.replace(plan, rounds=tuple(rounds))
    assert render_png(content, swapped, image) != before


def test_landings_stay_hidden_with_their_dice(loaded: tuple[Any, Any, Any], content: Any) -> None:
    """Where a hit lands gives its roll away: only the hidden parts say it."""
    import re

    plan = make_plan(loaded, "hidden-landing-seed-6", ships="A")
    posts = TruckingPostWriter(content, plan).all_posts()
    # Ship IA's rule gives one example line ("the printed row labelled 8-9"); a roll's own
    # landing always ends "... on Ship IA".
    landing = re.compile(
        r"wraps round|at once \(mirrored\)|labelled [\d-]+(, entering from the \w+ edge)? on Ship"
        r"|only \(no mirror\)"
    )
    hidden_hits = 0
    for post in posts:
        assert not landing.search(post.facebook or ""), post.key
        visible_discord = re.sub(r"\|\|.*?\|\|", "", post.discord)
        assert not landing.search(visible_discord), post.key
        visible_bgg = re.sub(r"\[o\].*?\[/o\]", "", post.bgg or "")
        assert not landing.search(visible_bgg), post.key
        for image in post.images:
            if landing.search(image.alt):
                assert image.hidden, post.key
            if getattr(image, "kind", "") == "rolls":
                # The dice picture itself prints the landing under the sum.
                assert image.note.startswith(f"Ship {plan.rounds[image.round - 1].ship}: ")
        hidden_hits += len(landing.findall(post.facebook_comment or ""))
        assert len(landing.findall(post.bgg or "")) == len(landing.findall(post.discord))
    assert hidden_hits > 5


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "set_aside: 51",
            "set_aside: 150",
            "expansion.yaml:7: set_aside: leaves 54 tiles but round 1 draws 72 "
            "(expected at most 132)",
        ),
        (
            "ships_a: {1: IA, 2: IIA, 3: IIIA}",
            "ships_a: {1: IA, 2: IIB, 3: IIIA}",
            "expansion.yaml:11: ships_a[2]: unknown ship 'IIB'",
        ),
        (
            "  meteoric-swarm: [plating,",
            "  meteoric-swarm: [platin,",
            "card_technology.meteoric-swarm[0]: no technology 'platin'",
        ),
    ],
)
def test_bad_expansion_data_is_a_located_error(
    tmp_path: Path, run: Any, old: str, new: str, message: str
) -> None:
    import shutil

    from generator.pack.load import CONTENT_DIR

    copy = tmp_path / "kot"
    shutil.copytree(CONTENT_DIR / PACK, copy)
    data = copy / "expansion.yaml"
    text = data.read_text()
    assert old in text
    data.write_text(text.replace(old, new))
    result = run("check", str(copy))
    assert result.exit_code == 2
    assert message in result.output


def test_the_expansion_flies_its_own_engine(loaded: tuple[Any, Any, Any]) -> None:
    """Keep on Trucking's own flight engine (flight/) scores ships, gives verdicts and runs
    the balance bot: the pack declares all three, and the scores.csv ship column."""
    declared = loaded[1].capabilities
    assert declared.score is not None and declared.verdict is not None
    assert declared.balance is not None
    assert declared.scoring is not None and declared.takes_options
