"""Keep on Trucking's adventures: the nine adventure cards in the level decks, Rough Roads (0-3
cards a round, never twice in a game, dice hidden), the cyan abilities where they apply, the
titles and the new points in the scoring posts."""

from __future__ import annotations

import dataclasses
import io
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from PIL import Image

from generator.common.errors import ContentError, SheetgenError
from generator.games.galaxy_trucker.describe import card_fields, card_title
from generator.games.galaxy_trucker.pictures.layout import render_png
from generator.games.keep_on_trucking.card_kinds import BadDayCard
from generator.games.keep_on_trucking.hits import label_words
from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts.adventures import AdventurePostWriter
from generator.games.keep_on_trucking.rough_roads import RoughRoad
from generator.kit.session import load_content, plan_header
from generator.render.text import Post, fill, roll_text

PACK = "keep-on-trucking"
NEW_KINDS = ("junkyard", "wide-open-space", "meteor-vortex", "antitrust-check", "bad-day")
SEEDS = [f"part-two-seed-{i:03d}" for i in range(200)]


@pytest.fixture(scope="module")
def loaded() -> tuple[Any, Any, Any]:
    return load_content(PACK)


@pytest.fixture(scope="module")
def content(loaded: tuple[Any, Any, Any]) -> Any:
    return loaded[2]


def make_plan(loaded: tuple[Any, Any, Any], seed: str, **options: Any) -> KeepOnTruckingPlan:
    pack, rules, content = loaded
    return rules.make_plan(content, plan_header(pack, seed, None), None, options=options)


def posts_of(content: Any, plan: KeepOnTruckingPlan) -> dict[str, Post]:
    return {p.key: p for p in AdventurePostWriter(content, plan).all_posts()}


# --- the decks -----------------------------------------------------------------------------
def test_level_decks_hold_the_nine_new_cards(content: Any) -> None:
    base = load_content("galaxy-trucker")[2]
    assert [len(base.cards_of_level(lv)) for lv in (1, 2, 3)] == [19, 19, 18]
    assert [len(content.cards_of_level(lv)) for lv in (1, 2, 3)] == [22, 22, 21]
    new = [c for c in content.cards if c.kind in NEW_KINDS]
    assert Counter(c.level for c in new) == {1: 3, 2: 3, 3: 3}
    assert {c.kind for c in new} == set(NEW_KINDS)
    assert [c.level for c in new if c.kind == "bad-day"] == [1]
    # The base deck is Galaxy Trucker's, card for card.
    assert [c for c in content.cards if c.kind not in NEW_KINDS] == list(base.cards)


def test_bad_day_is_level_one_only() -> None:
    msgspec.convert({"id": "b", "kind": "bad-day", "level": 1}, BadDayCard)
    with pytest.raises(msgspec.ValidationError, match="level I card"):
        msgspec.convert({"id": "b", "kind": "bad-day", "level": 2}, BadDayCard)


def test_flights_keep_their_size_and_the_original_stack_mix(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        plan = make_plan(loaded, seed)
        for rnd, setting in zip(plan.rounds, content.rounds, strict=True):
            flight = [e.card for f in rnd.flight_turns for e in f.events]
            assert len(flight) == (8, 12, 16)[rnd.round - 1]
            assert len({c.id for c in flight}) == len(flight)
            for stack in rnd.stacks:
                assert Counter(c.level for c in stack) == setting.stack_mix
            assert Counter(c.id for s in rnd.stacks for c in s) == Counter(c.id for c in flight)
            seen.update(c.type for c in flight)
    # Every new kind flies in some of the 200 games.
    assert all(seen[k] for k in NEW_KINDS)


# --- Rough Roads ---------------------------------------------------------------------------
def test_insane_draws_three_a_round_nine_distinct(loaded: tuple[Any, Any, Any]) -> None:
    for seed in SEEDS:
        plan = make_plan(loaded, seed, difficulty="insane")
        assert [len(r) for r in plan.rough_roads] == [3, 3, 3]
        assert len({road.id for r in plan.rough_roads for road in r}) == 9


@pytest.mark.parametrize(("difficulty", "count"), [("none", 0), ("hard", 1), ("extreme", 2)])
def test_difficulty_sets_the_count(
    loaded: tuple[Any, Any, Any], difficulty: str, count: int
) -> None:
    plan = make_plan(loaded, "difficulty-count-seed-0001", difficulty=difficulty)
    assert [len(r) for r in plan.rough_roads] == [count] * 3


def test_rough_roads_deck(content: Any) -> None:
    roads = content.extras["rough-roads"]
    assert len(roads.cards) >= 12
    named = {"Bad Luck", "Dead Zone", "Metal Fatigue", "Murphy's Law", "Union Ship"}
    assert named <= {c.name for c in roads.cards}
    assert {x.name for x in roads.left_out} == {
        "Remorseless Fate",
        "Space Junk",
        "Welcome to the Lead",
        "Tough Trip",
    }


def test_rough_roads_dice_follow_the_cards(loaded: tuple[Any, Any, Any], content: Any) -> None:
    roads = {c.id: c for c in content.extras["rough-roads"].cards}
    for seed in SEEDS[:50]:
        plan = make_plan(loaded, seed, difficulty="insane")
        for road in (r for rnd in plan.rough_roads for r in rnd):
            assert len(road.rolls) == len(roads[road.id].rolls)
            assert all(1 <= d <= 6 for roll in road.rolls for d in roll)


def test_rough_roads_do_not_move_other_choices(loaded: tuple[Any, Any, Any]) -> None:
    """Rough Roads come from their own streams: the rest of the plan is the same."""
    a = make_plan(loaded, "own-stream-seed-00001")
    b = make_plan(loaded, "own-stream-seed-00001", difficulty="insane")
    assert a.rounds == b.rounds and a.set_aside == b.set_aside


def test_bad_options_are_clear_errors(loaded: tuple[Any, Any, Any]) -> None:
    with pytest.raises(SheetgenError, match="difficulty: got 'brutal'"):
        make_plan(loaded, "bad-option-seed-0001", difficulty="brutal")
    with pytest.raises(SheetgenError, match="titles: got '5-10-15'"):
        make_plan(loaded, "bad-option-seed-0001", titles="5-10-15")


def test_difficulty_on_the_command_line(run: Callable[..., Any]) -> None:
    seed = ("--seed", "cli-difficulty-seed-01")
    result = run("plan", "--pack", PACK, *seed, "--option", "difficulty=hard")
    assert result.exit_code == 0, result.output
    assert '"difficulty": "hard"' in result.output
    result = run("plan", "--pack", PACK, *seed, "--option", "difficulty=x")
    assert result.exit_code == 2 and "difficulty: got 'x'" in result.output
    ships = run("plan", "--pack", PACK, *seed, "--option", "ships=A,base,A")
    assert ships.exit_code == 0 and '"A",\n      "base",\n      "A"' in ships.output
    assert run("plan", "--pack", PACK, *seed, "--option", "difficulty").exit_code == 2
    other = run("plan", "--pack", "galaxy-trucker", *seed, "--option", "difficulty=hard")
    assert other.exit_code == 2 and "takes no game options (got difficulty)" in other.output
    # Moon Drop takes options of its own (its variations), and names them.
    moon = run("plan", "--pack", "moon-drop", *seed, "--option", "difficulty=hard")
    assert moon.exit_code == 2 and "(expected: variations)" in moon.output


def test_game_file_options(run: Callable[..., Any], tmp_path: Path) -> None:
    game = tmp_path / "kot.yaml"
    game.write_text(
        "pack: keep-on-trucking\nseed: game-file-seed-part-two\ndifficulty: extreme\n"
        "titles: 3-6-9\n"
    )
    result = run("plan", "--game", str(game))
    assert result.exit_code == 0, result.output
    assert '"difficulty": "extreme"' in result.output and '"titles": "3-6-9"' in result.output


# --- every new card and every Rough Roads card in a post ------------------------------------
def find_seed(loaded: tuple[Any, Any, Any], wanted: Callable[[KeepOnTruckingPlan], bool]) -> Any:
    for seed in SEEDS:
        plan = make_plan(loaded, seed, ships="A", difficulty="insane", titles="4-8-12")
        if wanted(plan):
            return plan
    raise AssertionError("no seed of 200 has it")


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_every_new_card_in_a_post_with_picture_rolls_and_resolve_text(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    for kind in NEW_KINDS:
        plan = find_seed(
            loaded,
            lambda p, k=kind: any(
                e.card.type == k for r in p.rounds for f in r.flight_turns for e in f.events
            ),
        )
        posts = posts_of(content, plan)
        rnd, flight, event = next(
            (r, f, e)
            for r in plan.rounds
            for f in r.flight_turns
            for e in f.events
            if e.card.type == kind
        )
        post = posts[f"round-{rnd.round}/turn-{flight.turn:02d}-flight"]
        card = content.cards_by_id[event.card.id]
        how = fill(content.texts.cards[kind].resolve, **card_fields(content, card))
        text = post.facebook or ""
        assert card_title(content, card) in text
        assert how in text or "as Event" in text
        # Its picture: the flight image shows it (alt text names it), drawn for real.
        image = next(im for im in post.images if getattr(im, "kind", "") == "flight")
        assert card_title(content, card) in image.alt
        assert png_size(render_png(content, plan, image))[0] == 1080
        # Its hidden rolls: in the first comment and in Discord spoilers, not in the post.
        if content.kinds.card(card).hits(card):
            comment = post.facebook_comment or ""
            for faces in event.rolls:
                assert roll_text(list(faces)) in comment
                assert f"||{roll_text(list(faces))}" in post.discord
            # One hidden dice picture per roll, drawn for real, never on Facebook.
            rolls = [
                im
                for im in post.images
                if getattr(im, "kind", "") == "rolls" and im.event == flight.events.index(event)  # type: ignore[attr-defined]
            ]
            assert len(rolls) == len(event.rolls) and all(im.hidden for im in rolls)
            assert len({im.file for im in rolls}) == len(rolls)  # one file per roll
            for im in rolls:
                assert png_size(render_png(content, plan, im)) == (1080, 1080)
        else:
            assert event.rolls == ()


def test_junkyard_rolls_every_row(content: Any) -> None:
    for card in (c for c in content.cards if c.kind == "junkyard"):
        hits = content.kinds.card(card).hits(card)
        expected = sum(len(r.cost.meteors or []) + len(r.cost.shots or []) for r in card.rows)
        assert len(hits) == expected > 0
        assert all(h.label.startswith("row ") for h in hits)


def test_every_rough_roads_card_in_a_round_start_post(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    drawn_ids: set[str] = set()
    roads = content.extras["rough-roads"].cards
    for card in roads:
        plan = find_seed(
            loaded, lambda p, c=card: any(r.id == c.id for rnd in p.rough_roads for r in rnd)
        )
        number = next(
            i for i, rnd in enumerate(plan.rough_roads, 1) for r in rnd if r.id == card.id
        )
        road = next(r for r in plan.rough_roads[number - 1] if r.id == card.id)
        post = posts_of(content, plan)[f"round-{number}/start"]
        assert f"{card.name}: {card.text}" in (post.facebook or "")
        assert card.text in post.discord and card.text in (post.bgg or "")
        image = next(im for im in post.images if getattr(im, "kind", "") == "rough-roads")
        assert card.name in image.alt and "No dice are shown" in image.alt
        for faces in road.rolls:
            shown = roll_text(list(faces))
            assert shown not in post.facebook  # hidden: the first comment only
            assert shown in (post.facebook_comment or "")
            assert f"||{card.rolls[0].name}: " in post.discord
            assert f"[o]{card.rolls[0].name}: " in (post.bgg or "")
        drawn_ids.add(card.id)
    assert drawn_ids == {c.id for c in roads}


def test_rough_roads_alt_text_fits_discord(loaded: tuple[Any, Any, Any], content: Any) -> None:
    """Three long cards (insane): the alt text names them within Discord's 1024 characters
    (`sheetgen send` refused the round start), and says their words are in the post."""
    cards = {c.id: c for c in content.extras["rough-roads"].cards}

    def long_round(plan: KeepOnTruckingPlan) -> bool:
        return sum(len(cards[r.id].text) for r in plan.rough_roads[0]) > 1000

    plan = find_seed(loaded, long_round)
    image = AdventurePostWriter(content, plan).rough_roads_image(plan.rounds[0])
    assert len(image.alt) <= 1024
    assert all(cards[r.id].name in image.alt for r in plan.rough_roads[0])
    assert "Each card's text is in the post" in image.alt and "No dice are shown" in image.alt
    start = posts_of(content, plan)["round-1/start"]
    assert all(cards[r.id].text in start.discord for r in plan.rough_roads[0])


@pytest.mark.parametrize(
    "drawn",
    [
        # The three longest cards, and a draw whose picture cut two cards short.
        ("bad-luck", "dead-zone", "gravitational-anomaly"),
        ("paranoid-locals", "explosive-stuff", "infected-goods"),
    ],
)
def test_rough_roads_picture_shows_every_word(
    loaded: tuple[Any, Any, Any], content: Any, drawn: tuple[str, ...]
) -> None:
    """Three long cards (insane): each card's whole text is drawn, where the picture cut a
    card off mid-sentence at the end of an equal share of the room."""
    from generator.art.indexed_surface import IndexedSurface
    from generator.games.galaxy_trucker.pictures import layout
    from generator.games.keep_on_trucking.pictures import draw_rough_roads

    class Recording(IndexedSurface):
        def text(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> Any:
            shown.append((y, text, kwargs.get("size")))
            return super().text(x, y, text, *args, **kwargs)

    shown: list[tuple[float, str, Any]] = []
    plan = make_plan(loaded, "picture-seed-part-two-01", difficulty="insane")
    roads = tuple(RoughRoad(card, ()) for card in drawn)
    plan = dataclasses.replace(plan, rough_roads=(roads, *plan.rough_roads[1:]))
    image = AdventurePostWriter(content, plan).rough_roads_image(plan.rounds[0])
    palette = layout.game_palette(content)
    draw_rough_roads(Recording(1080, 1350, layout.BACKGROUND, palette), content, plan, image)
    words = " ".join(text for _, text, _ in shown).split()
    cards = {c.id: c for c in content.extras["rough-roads"].cards}
    for card in drawn:
        text = cards[card].text.split()
        assert any(words[i : i + len(text)] == text for i in range(len(words))), card
    # Above the footer (the game's id), within the picture's bottom safe area.
    *cards_text, footer = sorted(shown)
    assert all(y < footer[0] - 28 for y, _, _ in cards_text)
    assert min(size for _, _, size in cards_text) >= 22


def test_rough_roads_picture(loaded: tuple[Any, Any, Any], content: Any) -> None:
    from generator.games.keep_on_trucking import RULES

    plan = make_plan(loaded, "picture-seed-part-two-01", difficulty="insane")
    image = AdventurePostWriter(content, plan).rough_roads_image(plan.rounds[0])
    data = render_png(content, plan, image, RULES.image_drawers())
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    assert picture.size == (1080, 1350)
    # Three cards: three dark-red headers down the left edge of the card column.
    column = [picture.getpixel((75, y)) for y in range(0, 1350)]
    red_runs = 0
    inside = False
    for pixel in column:
        red = pixel[0] > 120 and pixel[1] < 60 and pixel[2] < 60
        if red and not inside:
            red_runs += 1
        inside = red
    assert red_runs == 3


def test_a_die_changes_exactly_its_posts(loaded: tuple[Any, Any, Any], content: Any) -> None:
    """Dead Zone's die: the round start's hidden comment and the flight notes that name the
    column change; no public round start text does."""
    plan = find_seed(loaded, lambda p: any(r.id == "dead-zone" for r in p.rough_roads[0]))
    before = posts_of(content, plan)
    roads = list(plan.rough_roads[0])
    i = next(k for k, r in enumerate(roads) if r.id == "dead-zone")
    old = roads[i].rolls[0]
    # Round 1 flies Ship IA, which names the printed column by its label: the new die must
    # move the roll to another label group (5 -> 6 names the same column, 5-6).
    board = content.boards["IA"]
    group = {s: label_words(board, n) for n, sums in board.labels.items() for s in sums}
    new = next((a, old[1]) for a in range(1, 7) if group[a + old[1]] != group[sum(old)])
    roads[i] = RoughRoad("dead-zone", (new,))
    changed = dataclasses.replace(plan, rough_roads=(tuple(roads), *plan.rough_roads[1:]))
    after = posts_of(content, changed)
    differ = {k for k in before if before[k].files() != after[k].files()}
    start = before["round-1/start"]
    assert start.facebook == after["round-1/start"].facebook
    assert "round-1/start" in differ and "round-1/end-of-building" in differ
    # Outside round 1, only the game start's commitment to round 1 moves (its record holds
    # the die), one line of it.
    outside = differ - {k for k in differ if k.startswith("round-1/")}
    assert len(outside) == 1
    (game_start,) = outside
    lines_before = before[game_start].facebook.split("\n")
    lines_after = after[game_start].facebook.split("\n")
    moved = [a for a, b in zip(lines_before, lines_after, strict=True) if a != b]
    assert len(moved) == 1 and "Round 1" in moved[0], moved
    column = f"Dead Zone, the printed column labelled {group[sum(new)]}"
    # The round's end of flight changes too: it reveals the round's record, die and all.
    assert "round-1/end-of-flight" in differ
    flights = [k for k in differ if "flight" in k and k != "round-1/end-of-flight"]
    assert flights
    assert all(column in after[k].facebook for k in flights)


# --- Bad Day, the cyan abilities, titles and scoring ----------------------------------------
def test_bad_day_rows_follow_the_round(loaded: tuple[Any, Any, Any], content: Any) -> None:
    for number, words in ((1, "epidemic."), (2, "epidemic, then sabotage."), (3, "stardust.")):
        plan = find_seed(
            loaded,
            lambda p, n=number: any(
                e.card.type == "bad-day" for f in p.rounds[n - 1].flight_turns for e in f.events
            ),
        )
        rnd = plan.rounds[number - 1]
        flight = next(
            f for f in rnd.flight_turns if any(e.card.type == "bad-day" for e in f.events)
        )
        text = posts_of(content, plan)[f"round-{number}/turn-{flight.turn:02d}-flight"].facebook
        line = next(ln for ln in text.split("\n") if ln.startswith("Bad Day on a round"))
        assert line.split(": ", 1)[1].startswith(words) or line.endswith(words)
        assert ("not used this round" in line) == (number == 1)


def test_cyan_abilities_where_they_apply(loaded: tuple[Any, Any, Any], content: Any) -> None:
    plan = make_plan(loaded, "cyan-seed-part-two-0001")
    posts = posts_of(content, plan)
    cyan = content.extras["cyan"]
    for key, post in posts.items():
        if "flight" not in key:
            continue
        for name in ("Techie", "Micronavigator", "Diplomat"):
            kinds = [k for k, names in cyan.applies.items() if name in names]
            has_kind = any(content.texts.cards[k].name + " (level" in post.facebook for k in kinds)
            assert (f"Cyan {name}" in post.facebook) == has_kind, (key, name)
    building = posts["round-1/end-of-building"]
    for name, words in content.extras["expansion"].cyan_abilities.items():
        assert f"\n{name}: {words}" in (building.facebook or "")
        assert f"- {name}: {words}" in building.discord
    scoring = posts["round-1/end-of-flight"].facebook
    assert all(words in scoring for words in cyan.scoring.values())


@pytest.mark.parametrize(("titles", "rewards"), [("3-6-9", (3, 6, 9)), ("4-8-12", (4, 8, 12))])
def test_titles_in_the_scoring_posts(
    loaded: tuple[Any, Any, Any], content: Any, titles: str, rewards: tuple[int, ...]
) -> None:
    plan = make_plan(loaded, "titles-seed-part-two-01", titles=titles)
    posts = posts_of(content, plan)
    table = content.extras["titles"]
    for number, reward in enumerate(rewards, 1):
        text = posts[f"round-{number}/end-of-flight"].facebook
        assert f"of round {number} each earn {reward} points" in text
        for title in table.titles.values():
            assert title.count in text and title.example in text
    plain = posts_of(content, make_plan(loaded, "titles-seed-part-two-01"))
    assert table.titles["aesthete"].count not in plain["round-1/end-of-flight"].facebook


def test_scoring_names_the_new_cards_of_the_round(
    loaded: tuple[Any, Any, Any], content: Any
) -> None:
    plan = make_plan(loaded, "scoring-seed-part-two-01")
    posts = posts_of(content, plan)
    for rnd in plan.rounds:
        kinds = {e.card.type for f in rnd.flight_turns for e in f.events}
        text = posts[f"round-{rnd.round}/end-of-flight"].facebook
        assert ("Junkyard: its Event box" in text) == ("junkyard" in kinds)
        assert ("Wide-Open Space: its Event box" in text) == ("wide-open-space" in kinds)


def test_a_rough_roads_note_with_an_unknown_kind_is_a_located_error(tmp_path: Path) -> None:
    import shutil

    from generator.games.keep_on_trucking import RULES
    from generator.pack.load import CONTENT_DIR, load_pack

    folder = tmp_path / "kot"
    shutil.copytree(CONTENT_DIR / PACK, folder)
    path = folder / "rough-roads.yaml"
    text = path.read_text()
    text = text.replace('      planets: "Paranoid', '      plantes: "Paranoid', 1)
    text = text.replace("Dead Zone, {column}: engines", "Dead Zone, {colum}: engines", 1)
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        RULES.load(load_pack(str(folder)))
    message = str(err.value)
    assert "rough-roads.yaml:" in message
    assert "unknown card kind 'plantes'" in message
    assert "unknown placeholder 'colum' (expected column)" in message


def test_sabotage_rolls_read_lines_straight(loaded: tuple[Any, Any, Any], content: Any) -> None:
    """Coordinate rolls are never mirrored or wrapped; on Ship IA they read the labels."""
    from generator.games.keep_on_trucking.card_kinds import CoordinateRoll

    plan = make_plan(loaded, "coordinate-seed-part-two-1", ships="A")
    writer = AdventurePostWriter(content, plan)
    ia, iia, iiia = plan.rounds
    column = CoordinateRoll("sabotage", "", "column", "sabotage try 1 column, x")
    row = CoordinateRoll("sabotage", "", "row", "sabotage try 1 row, x")
    assert writer.coordinate_words(ia, column, 5) == "the printed column labelled 5-6"
    assert writer.coordinate_words(iia, column, 4) == "column 4"  # not also column 10
    assert writer.coordinate_words(iiia, column, 4).endswith("a miss")  # no WRAP to a side
    assert writer.coordinate_words(iiia, row, 7) == "row 7"
    assert writer.roll_where(iiia, column, (2, 2)) == (
        " - column 4: no such column on Ship IIIA, a miss"
    )


def test_golden_plan(loaded: tuple[Any, Any, Any], update_golden: bool) -> None:
    """A Keep on Trucking game with every adventure option: a change here changes running games
    (the decks, the Rough Roads draw and their dice), so it must be deliberate
    (pytest --update-golden)."""
    import json

    from generator.plan.model import to_data

    plan = to_data(
        make_plan(
            loaded, "golden-kot-part-two-seed", ships="A", difficulty="insane", titles="4-8-12"
        )
    )
    for key in ("content_digest", "commitment", "game_id"):
        plan[key] = "<depends on the pack's exact bytes>"
    actual = json.dumps(plan, indent=2, ensure_ascii=False) + "\n"
    path = Path(__file__).parent / "golden" / "kot-plan-part-two.json"
    if update_golden:
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path}; run pytest --update-golden"
    assert actual == path.read_text(encoding="utf-8")


def test_bad_game_file_option_exits_2(run: Callable[..., Any], tmp_path: Path) -> None:
    game = tmp_path / "kot.yaml"
    game.write_text("pack: keep-on-trucking\nseed: bad-option-game-file-01\ndifficulty: brutal\n")
    result = run("plan", "--game", str(game))
    assert result.exit_code == 2
    assert "kot.yaml:3: difficulty: got 'brutal' (expected one of 'none', 'hard', 'extreme' or" in (
        result.output
    )
    assert "Traceback" not in result.output


def test_the_game_files_options_allow_what_the_planner_allows() -> None:
    """The game file's schema lists the values of each option, so a wrong one is a
    file:line problem; the planner checks the same values given on the command line."""
    import typing

    from generator.games.keep_on_trucking.options import Difficulty, Ship, Titles
    from generator.games.keep_on_trucking.planner import SHIP_CHOICES
    from generator.games.keep_on_trucking.rough_roads import DIFFICULTIES
    from generator.games.keep_on_trucking.scoring import TITLE_CHOICES

    assert typing.get_args(Ship) == SHIP_CHOICES
    assert typing.get_args(Difficulty) == DIFFICULTIES
    assert typing.get_args(Titles) == TITLE_CHOICES


def test_rankings_award_the_games_titles(run: Callable[..., Any], tmp_path: Path) -> None:
    """The game file's `titles:` is in the plan; `sheetgen rankings` awards the pack's
    reward for the round from the counts in scores.csv, with no --titles."""
    game = tmp_path / "kot.yaml"
    game.write_text(
        "pack: keep-on-trucking\nseed: rankings-seed-part-two-01\ntitles: 3-6-9\noutput: game\n"
    )
    result = run("game", "--game", str(game), "--no-images", "--paper", "a4")
    assert result.exit_code == 0, result.output
    header = "player,round,score,position,events,cargo,lost,pretty,aesthete,contraptionist,note\n"
    (tmp_path / "game" / "scores.csv").write_text(
        header + "Ann,1,10,0,5,5,-2,2,3,1,\nBo,1,10,0,5,5,-2,2,2,2,\n"
    )
    result = run("rankings", "-o", "game")
    assert result.exit_code == 0, result.output
    one = (tmp_path / "game" / "rankings" / "round-1.facebook.txt").read_text()
    # Titles are list items of the post model: plain lines on Facebook.
    assert "\nAesthete: Ann with 3, +3 points\n" in one
    assert "\nContraptionist: Bo with 2, +3 points\n" in one
