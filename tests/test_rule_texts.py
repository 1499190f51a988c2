"""Issue 19, the texts players follow to the letter.

Item 6: on Ship IA rows and columns are always the printed ones, whichever edge the dice
compass makes the front (reference/keep-on-trucking.md): every IA text that names a row or
a column says "the printed row labelled 8-9" / "the printed column labelled 5-6", a hit
travels along the printed line of the edge it enters by, and the IA sheet prints the ruling
once beside the compass, with one example. The player aid prints no unfilled placeholder.

Item 7: Galaxy Trucker's rulings a rules lawyer would test (DESIGN.md, "Rulings on gaps"):
adrift on purpose, optional rewards that cost days, aliens only in a cabin directly joined
to their life support, the starting cabin's four universal connectors in words, and a
Pretty Ship that may be negative."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader

from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan
from generator.games.keep_on_trucking.posts.adventures import AdventurePostWriter
from generator.games.keep_on_trucking.sheets.files import sheet_files
from generator.kit.session import load_content, plan_header
from generator.render.text import Post

KOT = "keep-on-trucking"
SEEDS = [f"issue-19-ia-seed-{i:03d}" for i in range(120)]


# Which sheet edge a hit enters by once the compass made the RIGHT edge the front (the sheet
# turned a quarter anticlockwise: the ship's left is the printed top edge).
RIGHT_FRONT = {"front": "right", "rear": "left", "left": "top", "right": "bottom"}


def printed_words(board: Any, line: str, total: int) -> str:
    """The ruling's words, from the board's printed labels: 'the printed row labelled 8-9'."""
    sums = next(s for s in board.labels.values() if total in s)
    label = f"{sums[0]}-{sums[-1]}" if len(sums) > 1 else str(sums[0])
    return f"the printed {line} labelled {label}"


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def post_text(post: Post) -> str:
    return "\n".join(post.files().values())


@pytest.fixture(scope="module")
def kot() -> tuple[Any, Any, Any]:
    return load_content(KOT)


def kot_plan(kot: tuple[Any, Any, Any], seed: str, **options: Any) -> KeepOnTruckingPlan:
    pack, rules, content = kot
    return rules.make_plan(content, plan_header(pack, seed, None), None, options=options)


def find_plan(
    kot: tuple[Any, Any, Any], wanted: Callable[[KeepOnTruckingPlan], bool], **options: Any
) -> KeepOnTruckingPlan:
    for seed in SEEDS:
        plan = kot_plan(kot, seed, ships="A", **options)
        if wanted(plan):
            return plan
    raise AssertionError("no seed has it")


def front_of(kot: tuple[Any, Any, Any], plan: KeepOnTruckingPlan) -> str:
    return str(kot[2].extras["expansion"].compass[plan.compass[0]])


# --- item 6 ------------------------------------------------------------------------------
def test_ship_ia_sheet_prints_the_printed_lines_ruling_with_an_example(
    kot: tuple[Any, Any, Any],
) -> None:
    content = kot[2]
    exp = content.extras["expansion"]
    files = {f.path: f.data for f in sheet_files(content, ("a4", "letter"))}
    for paper in ("a4", "letter"):
        ia = flat(PdfReader(_io(files[f"sheets/ship-1A-{paper}.pdf"])).pages[0].extract_text())
        assert "Rows and columns are always the printed ones" in ia
        for line in exp.printed_lines:
            assert flat(line) in ia, line
        assert "Example:" in ia and "the printed row labelled 8-9" in ia
        assert ia.count("Rows and columns are always the printed ones") == 1  # printed once
        # The other ships do not carry IA's ruling.
        for other in ("1", "2A", "3A"):
            text = flat(
                PdfReader(_io(files[f"sheets/ship-{other}-{paper}.pdf"])).pages[0].extract_text()
            )
            assert "printed ones" not in text, other
    assert "Rows and columns are always the printed ones" in exp.ship_rules["IA"]


def _io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


def test_ship_ia_texts_name_printed_rows_and_columns(kot: tuple[Any, Any, Any]) -> None:
    """A turned IA (the right edge the front): a hit from the front travels along a printed
    row, entering from the right edge; no IA text names a bare or unprinted row or column."""
    content = kot[2]
    plan = find_plan(
        kot,
        lambda p: (
            p.compass[0] == 3 and any(e.rolls for f in p.rounds[0].flight_turns for e in f.events)
        ),
    )
    assert front_of(kot, plan) == "right"
    posts = {p.key: p for p in AdventurePostWriter(content, plan).all_posts()}
    round_one = {k: post_text(p) for k, p in posts.items() if k.startswith("round-1/")}
    words = "\n".join(round_one.values())
    assert (
        "a hit from the front enters from the right edge and travels along the printed row" in words
    )
    checked = 0
    rnd = plan.rounds[0]
    for flight in rnd.flight_turns:
        for event in flight.events:
            card = content.cards_by_id[event.card.id]
            for hit, faces in zip(content.kinds.card(card).hits(card), event.rolls, strict=True):
                if hit.direction not in ("front", "rear", "left", "right"):
                    continue
                edge = RIGHT_FRONT[hit.direction]
                line = "column" if edge in ("top", "bottom") else "row"
                where = printed_words(content.boards["IA"], line, sum(faces))
                expected = f"{where}, entering from the {edge} edge"
                assert expected in words, expected
                checked += 1
    assert checked
    # Front hits on this sheet are printed rows, never "(column)".
    assert "from the front (column)" not in words
    assert "from the front (printed row)" in words
    # The ship's rule (with the ruling) is taught once a post, not once an event.
    for key in round_one:
        for name, part in posts[key].files().items():
            assert part.count("Ship IA has no fixed front") <= 1, name
    # Every line named on IA is a printed one.
    bare = re.compile(r"(?<!printed )\b(row|column) labelled|\b(row|column) \d+\b")
    for key, text in round_one.items():
        for m in bare.finditer(text):
            raise AssertionError(f"{key}: {text[max(0, m.start() - 60) : m.end() + 30]!r}")


def test_ship_ia_rough_roads_name_printed_rows_and_columns(kot: tuple[Any, Any, Any]) -> None:
    """Metal Fatigue's and Cosmic Psychosis's cell, Dead Zone's column on Ship IA: the
    printed ones, by their labels (row 11, column 6 is the printed row labelled 10-12 and
    the printed column labelled 5-6)."""
    content = kot[2]
    board = content.boards["IA"]
    for card_id in ("metal-fatigue", "cosmic-psychosis", "dead-zone"):
        plan = find_plan(
            kot, lambda p, c=card_id: any(r.id == c for r in p.rough_roads[0]), difficulty="insane"
        )
        road = next(r for r in plan.rough_roads[0] if r.id == card_id)
        posts = {p.key: p for p in AdventurePostWriter(content, plan).all_posts()}
        end = post_text(posts["round-1/end-of-building"])
        names = ("row", "column") if card_id != "dead-zone" else ("column",)
        for line, faces in zip(names, road.rolls, strict=True):
            assert printed_words(board, line, sum(faces)) in end, (card_id, line)
        assert not re.search(r"\b(row|column) \d+\b", end), card_id
        start = post_text(posts["round-1/start"])
        assert "on Ship IA the printed" in start, card_id
        if card_id == "dead-zone":
            flights = [
                post_text(p) for k, p in posts.items() if "flight" in k and k.startswith("round-1/")
            ]
            named = [t for t in flights if "Dead Zone, " in t]
            assert named and all(
                f"Dead Zone, {printed_words(board, 'column', sum(road.rolls[0]))}" in t
                for t in named
            )
    assert printed_words(board, "row", 11) == "the printed row labelled 10-12"
    assert printed_words(board, "column", 6) == "the printed column labelled 5-6"


def test_ship_ia_sabotage_bad_day_and_aesthete_name_printed_lines(
    kot: tuple[Any, Any, Any],
) -> None:
    content = kot[2]
    plan = kot_plan(kot, "issue-19-sabotage-ia", ships="A", titles="3-6-9")
    writer = AdventurePostWriter(content, plan)
    from generator.games.keep_on_trucking.card_kinds import CoordinateRoll

    row = CoordinateRoll("sabotage", "", "row", "sabotage try 1 row, the row it names")
    column = CoordinateRoll("sabotage", "", "column", "sabotage try 1 column, the column it names")
    ia = plan.rounds[0]
    assert writer.roll_where(ia, row, (4, 5)) == " - the printed row labelled 8-9 on Ship IA"
    assert writer.roll_where(ia, column, (2, 3)) == " - the printed column labelled 5-6 on Ship IA"
    bad_day = content.texts.cards["bad-day"].resolve
    assert "on Ship IA the printed row and the printed column" in bad_day
    aesthete = content.extras["titles"].titles["aesthete"].count
    assert "On Ship IA the rows and columns are the printed ones" in aesthete
    assert "the printed column labelled 7" in aesthete


def test_player_aid_prints_no_unfilled_placeholder(kot: tuple[Any, Any, Any]) -> None:
    content = kot[2]
    files = {f.path: f.data for f in sheet_files(content, ("a4",))}
    aid = PdfReader(_io(files["sheets/player-aid-a4.pdf"]))
    page4 = flat(aid.pages[3].extract_text())
    assert "the the" not in page4
    assert "in order: limits." not in page4
    assert "Then resolve the rest of the N meteors" in page4
    assert "Line by line, in order: the card's lines" in page4
    assert "holds of any size match holds, and batteries of any size match batteries" in page4
    # N is explained where the aid explains the card symbols.
    assert "N meteors or shots" in flat(aid.pages[1].extract_text())


# --- item 7 ------------------------------------------------------------------------------
GT_SEED = "issue-19-item-7-seed"
DAY_COSTS = ("abandoned-ship", "abandoned-station", "planets", "smugglers")


@pytest.fixture(scope="module", params=["galaxy-trucker", KOT])
def pack_texts(request: pytest.FixtureRequest) -> tuple[Any, dict[str, str], list[str]]:
    """(content, every post file of one game, the player aid's pages as text)."""
    from generator.games import Scope
    from generator.kit.session import open_game

    game = open_game(request.param, GT_SEED, None)
    posts = game.rules.posts(game.content, game.plan, Scope("game"))  # type: ignore[attr-defined]
    files = {name: text for post in posts for name, text in post.files().items()}
    sheets = {
        f.path: f.data
        for f in game.rules.outputs(game.content, game.plan, Scope("sheets"), _options())
    }
    aid = PdfReader(_io(sheets["sheets/player-aid-a4.pdf"]))
    return game.content, files, [flat(p.extract_text()) for p in aid.pages]


def _options() -> Any:
    from generator.games import RenderOptions

    return RenderOptions(papers=("a4",), images=False)


def _posts_with(files: dict[str, str], words: str) -> list[str]:
    return [n for n, t in files.items() if n.endswith(".facebook.txt") and words in t]


def test_open_space_says_going_adrift_on_purpose_is_legal(
    pack_texts: tuple[Any, dict[str, str], list[str]],
) -> None:
    content, files, aid = pack_texts
    kinds = ["open-space"] + (
        ["wide-open-space"] if "wide-open-space" in content.texts.cards else []
    )
    for kind in kinds:
        text = flat(content.texts.cards[kind].resolve)
        assert "you may leave your double engines unpowered and go adrift on purpose" in text, kind
        assert "legal, not cheating" in text, kind
    open_space = _posts_with(files, "Open Space (level")
    assert open_space
    for name in open_space:
        assert "go adrift on purpose" in files[name], name
    events = " ".join(aid)
    assert (
        "Open Space: " in events and "go adrift on purpose. That is legal, not cheating" in events
    )


def test_rewards_that_cost_days_say_you_may(
    pack_texts: tuple[Any, dict[str, str], list[str]],
) -> None:
    content, files, aid = pack_texts
    for kind in DAY_COSTS:
        text = content.texts.cards[kind].resolve
        assert re.search(r"\byou may\b", text, re.I), kind
    smugglers = flat(content.texts.cards["smugglers"].resolve)
    assert "More than {strength}: you may load {goods}" in smugglers
    assert "or leave their goods and record 0" in smugglers
    pages = " ".join(aid)
    assert "More than S: you may load the goods shown" in pages
    for kind in DAY_COSTS:
        name = content.texts.cards[kind].name
        posts = _posts_with(files, f"{name} (level")
        for post in posts:
            # Each event of the post: its heading, then its lines up to the next event.
            for chunk in re.split(r"\n(?=Event \d+: )", files[post]):
                if not chunk.startswith("Event ") or f": {name} (level" not in chunk.split("\n")[0]:
                    continue
                how = next(ln for ln in chunk.splitlines() if ln.startswith("How to resolve:"))
                assert re.search(r"\byou may\b", how, re.I) or "as Event" in how, (post, how)


def test_aliens_sit_only_in_directly_joined_cabins(
    pack_texts: tuple[Any, dict[str, str], list[str]],
) -> None:
    content, files, aid = pack_texts
    end = [n for n in files if n.endswith("end-of-building.facebook.txt")]
    assert end
    for name in end:
        assert "directly joined (connector to connector) to that cabin" in files[name], name
    flights = _posts_with(files, "Between events you may move crew")
    assert flights
    for name in flights:
        assert "an alien only to a cabin directly joined to its life support" in files[name]
    for tile_type in content.tile_types.values():
        if tile_type.alien or tile_type.kind == "cabin":
            assert "directly joined" in tile_type.summary, tile_type.name
    pages = " ".join(aid)
    assert "connected cabin" not in pages and "with its life support)" not in pages
    for text in files.values():
        assert "connected cabin" not in text and "cabin with its life support" not in text
    if "expansion" in content.extras:
        exp = content.extras["expansion"]
        assert "directly joined" in exp.technology["life-support-cyan"].rule
        assert "directly joined" in exp.technology["life-support-cyan"].brief
        assert "directly joined to a cyan life support" in exp.end_of_building


def test_starting_cabin_connectors_said_in_words(
    pack_texts: tuple[Any, dict[str, str], list[str]],
) -> None:
    content, files, aid = pack_texts
    words = "universal connectors on all four sides"
    first = sorted(n for n in files if n.startswith("round-1/turn-") and "-build.facebook" in n)[0]
    assert "your starting cabin has universal connectors on all four sides" in files[first]
    assert words in aid[0]
    assert (
        words in content.starting_cabin_type.summary
        if hasattr(content, "starting_cabin_type")
        else True
    )
    assert words in content.tile_type(content.starting_cabin).summary


def test_pretty_ship_can_be_negative(
    pack_texts: tuple[Any, dict[str, str], list[str]],
) -> None:
    from generator.host.rankings import _integer

    _, files, aid = pack_texts
    ends = [n for n in files if n.endswith("end-of-flight.facebook.txt")]
    assert len(ends) == 3
    for name in ends:
        assert "It can be negative" in files[name] and "no floor at 0" in files[name], name
    assert "minus your exposed connectors; it can be negative (no floor)" in aid[1]
    # scores.csv takes a negative Pretty Ship as it is (no floor), typographic minus too.
    assert _integer("-3") == -3 and _integer("\u22124") == -4


def test_a_bold_lead_in_that_fills_its_line_pushes_the_text_down() -> None:
    """The aid's 'Plated sides (...):' lead left no room, and its first word ran on into the
    next column: the text now starts on the next line."""
    from generator.art.text import wrap
    from generator.render.pdf import TextMeasure

    m = TextMeasure()
    width = m.text_width("plating is a kind of side", size=7.0)
    lines = wrap(m, "plating is a kind of side", width, 7.0, first_indent=width - 1.0)
    assert lines[0] == "" and lines[1] == "plating is a kind of side"
    assert wrap(m, "plating is", width, 7.0, first_indent=0.0) == ["plating is"]
