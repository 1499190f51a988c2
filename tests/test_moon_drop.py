"""The Moon Drop pack: content checks, shapes and rotations, the plan from a seed, the posts,
the sheet and the images, and the commands that run it like any other pack."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.cli import main
from generator.common.errors import ContentError
from generator.games import RenderOptions, Scope
from generator.games.moon_drop import RULES
from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.pictures import post_image
from generator.games.moon_drop.plan import Deal, End, MoonDropPlan
from generator.games.moon_drop.planner import make_round
from generator.games.moon_drop.posts import PostWriter
from generator.games.moon_drop.shapes import canonical, mirrored, rotations, turn_clockwise
from generator.games.moon_drop.sheets import sheet_pdf
from generator.kit.session import load_content, open_game
from generator.plan.model import from_data, to_data

PACK = Path(__file__).parent.parent / "content" / "moon-drop"
GOLDEN = Path(__file__).parent / "golden" / "moon-drop-plan.json"
SEED = "moon-drop-golden-seed-01"


@pytest.fixture(scope="module")
def content() -> MoonDrop:
    return load_content("moon-drop")[2]


@pytest.fixture(scope="module")
def plan() -> MoonDropPlan:
    return open_game("moon-drop", SEED, None).plan


# --- shapes ------------------------------------------------------------------------------
EXPECTED_ROTATIONS = {"I": 2, "L": 4, "J": 4, "T": 4, "S": 2, "Z": 2}


def test_six_shapes_one_per_blue_face(content: MoonDrop) -> None:
    assert sorted(s.face for s in content.shapes) == [1, 2, 3, 4, 5, 6]
    assert {s.id for s in content.shapes} == set(EXPECTED_ROTATIONS)


@pytest.mark.parametrize("shape_id", list(EXPECTED_ROTATIONS))
def test_each_shape_and_its_rotations(content: MoonDrop, shape_id: str) -> None:
    cells = [tuple(c) for c in content.shape(shape_id).cells]
    turned = rotations(cells)  # type: ignore[arg-type]
    assert len(turned) == EXPECTED_ROTATIONS[shape_id]
    for shape in turned:
        assert len(set(shape)) == 4 and min(r for r, _ in shape) == 0
        assert min(c for _, c in shape) == 0
    # Four quarter turns bring the block back, numbering and all.
    back = cells
    for _ in range(4):
        back = turn_clockwise(back)  # type: ignore[arg-type]
    assert back == cells


def test_rotations_never_mirror(content: MoonDrop) -> None:
    forms = {
        s.id: {canonical(r) for r in rotations([tuple(c) for c in s.cells])}  # type: ignore[misc]
        for s in content.shapes
    }
    # The 18 fixed tetrominoes other than the 2x2 square, each from exactly one shape.
    assert sum(len(f) for f in forms.values()) == 18
    assert len(set().union(*forms.values())) == 18
    assert ((0, 0), (0, 1), (1, 0), (1, 1)) not in set().union(*forms.values())
    # L and J (and S and Z) are mirror images: a rotation never turns one into the other.
    for a, b in (("L", "J"), ("S", "Z")):
        mirror = canonical(mirrored([tuple(c) for c in content.shape(a).cells]))  # type: ignore[misc]
        assert mirror in forms[b] and mirror not in forms[a]


def test_turning_keeps_the_numbering(content: MoonDrop) -> None:
    t = [tuple(c) for c in content.shape("T").cells]  # 1 2 3 across, 4 under 2
    once = turn_clockwise(t)  # type: ignore[arg-type]
    # A quarter turn clockwise: 1 2 3 run down the right-hand column, 4 sits left of 2.
    assert once == [(0, 1), (1, 1), (2, 1), (1, 0)]


# --- the plan ----------------------------------------------------------------------------
def test_white_dice_sorted_onto_cells(content: MoonDrop) -> None:
    for number in range(1, 30):
        rnd = make_round(content, "sorting-seed", number)
        assert len(rnd.white) == 4 and 1 <= rnd.blue <= 6
        assert [c.face for c in rnd.block] == sorted(rnd.white)
        assert [c.cell for c in rnd.block] == [1, 2, 3, 4]
        shape = content.shape_for_face(rnd.blue)
        assert rnd.shape == shape.id
        assert [[c.row, c.column] for c in rnd.block] == [list(c) for c in shape.cells]


def test_die_faces_make_the_modules_of_the_rule_text(content: MoonDrop) -> None:
    expected = {
        1: ["corridor"],
        2: ["corridor"],
        3: ["life-support", "hydroponics"],
        4: ["quarters"],
        5: ["dock"],
        6: ["research"],
    }
    assert {f: [m.id for m in content.modules_for_face(f)] for f in expected} == expected


def test_plan_shape(plan: MoonDropPlan) -> None:
    plan = to_data(plan)
    assert len(plan["rounds"]) == 7
    assert len(plan["deal"]["crises"]) == 3 and len(set(plan["deal"]["crises"])) == 3
    assert sorted(plan["end"]["crisis_order"]) == sorted(plan["deal"]["crises"])
    assert plan["deal"]["goal"] in {"research", "mining", "efficiency", "population", "security"}
    assert [s["day"] for s in plan["schedule"]] == [1, 2, 3, 4, 5, 6, 7]


def test_golden_plan(plan: MoonDropPlan, update_golden: bool) -> None:
    """A change here changes running games: refresh the file only on purpose
    (`pytest --update-golden`) and review the diff."""
    if update_golden:
        GOLDEN.write_text(json.dumps(to_data(plan), indent=2, ensure_ascii=False) + "\n")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert to_data(plan) == golden
    assert from_data(MoonDropPlan, golden) == plan  # and the JSON form reads back


def test_plans_differ_by_seed_and_repeat_by_seed() -> None:
    a = open_game("moon-drop", "seed-a-0000000001", None).plan
    b = open_game("moon-drop", "seed-b-0000000002", None).plan
    assert a.rounds != b.rounds
    assert a == open_game("moon-drop", "seed-a-0000000001", None).plan


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "moon-drop"
    shutil.copytree(PACK, target)
    return target


def patch(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_schedule_is_configurable(tmp_path: Path) -> None:
    pack = copy_pack(tmp_path)
    patch(pack / "game.yaml", "slots: [morning]", "slots: [morning, evening]")
    plan = open_game(str(pack), "two-a-day-seed-0001", None).plan
    assert [s.day for s in plan.schedule] == [1, 1, 2, 2, 3, 3, 4]
    assert plan.schedule[1].slot == "evening"


# --- bad packs ---------------------------------------------------------------------------
BAD_PACKS = [
    ("shapes.yaml", "    face: 6\n", "    face: 5\n", "shapes.yaml:", "face 5 already picks"),
    (
        "shapes.yaml",
        "cells: [[0, 0], [0, 1], [1, 1], [1, 2]]",
        "cells: [[0, 1], [0, 2], [1, 0], [1, 1]]",
        "shapes.yaml:",
        "this is shape S turned",
    ),
    (
        "shapes.yaml",
        "[[0, 0], [1, 0], [2, 0], [3, 0]]",
        "[[0, 0], [1, 0], [3, 0], [2, 1]]",
        "shapes.yaml:",
        "shapes[0].cells: the cells are not joined side by side",
    ),
    # A letter's pattern holds to the end of the text: a trailing line break is no letter.
    ("shapes.yaml", "  - id: I\n", '  - id: "I\\n"\n', "shapes.yaml:7:", "shapes[0].id: string"),
    ("modules.yaml", "faces: [6]", "faces: [5]", "modules.yaml:", "no module for white-die face 6"),
    ("modules.yaml", "letter: R", "letter: D", "modules.yaml:", "letter 'D' is already used"),
    ("cards.yaml", "rule: quake", "rule: earthquake", "cards.yaml:", "crises[3].rule"),
    ("game.yaml", "crises: 3", "crises: 7", "game.yaml:", "deal.crises"),
    (
        "rules.yaml",
        "  - id: dock-routes",
        "  - id: docks",
        "rules.yaml:",
        "no reading 'dock-routes'",
    ),
    (
        "texts.yaml",
        "Copy this block",
        "Copy {blocks}",
        "texts.yaml:",
        "unknown placeholder {blocks}",
    ),
    ("game.yaml", "rounds: 7", "rounds: 7\nturns: 7", "game.yaml:", "unknown key (allowed keys"),
]


@pytest.mark.parametrize("file,old,new,where,message", BAD_PACKS)
def test_bad_packs(tmp_path: Path, file: str, old: str, new: str, where: str, message: str) -> None:
    pack = copy_pack(tmp_path)
    patch(pack / file, old, new)
    with pytest.raises(ContentError) as err:
        load_content(str(pack))
    text = str(err.value.message)
    assert message in text
    assert any(where in line and message in line for line in text.splitlines())
    result = CliRunner().invoke(main, ["check", str(pack)])
    assert result.exit_code == 2 and "Traceback" not in result.output


# --- posts -------------------------------------------------------------------------------
def test_posts(content: MoonDrop, plan: MoonDropPlan) -> None:
    posts = PostWriter(content, plan).all_posts()
    assert [p.key for p in posts][:3] == ["before-day-1", "game-start", "round-1/round-1"]
    assert posts[0].attachments == [
        "sheets/moon-drop-a4.pdf",
        "sheets/moon-drop-letter.pdf",
        "sheets/moon-drop-grid.html",
        "sheets/round-check.html",
    ]
    assert "moon-drop-a4.pdf" in posts[0].facebook  # type: ignore[operator]
    posts = posts[1:]
    assert len(posts) == 9 and posts[-1].key == "game-end"
    opening = posts[0]
    for crisis_id in plan.deal.crises:
        assert content.crisis(crisis_id).name in opening.facebook
    assert content.goal(plan.deal.goal).name in opening.discord
    for post in posts[1:8]:
        # The alt text is a host note: in the .host.txt, never in a text players read.
        files = post.files()
        alt = post.images[0].alt
        assert post.images and alt in files[f"{post.key}.host.txt"]
        for name, text in files.items():
            if name.endswith(".html"):
                # HTML carries the alt text where it belongs: the <img> tag's alt attribute.
                assert f'alt="{alt}"' in text.replace("&#x27;", "'"), name
            elif not name.endswith(".host.txt"):
                # BGG's own image tag ([ImageID=…]) is the picture itself, not a note.
                assert alt not in text and "[Host" not in text, name
                assert not re.search(r"\[Image(?!ID=…\])", text), name
        assert ":d6-" in post.bgg  # type: ignore[operator]
    rnd = plan.rounds[2]
    third = posts[3]
    for cell in rnd.block:
        assert f":d6-{cell.face}: {cell.face}" in third.bgg  # type: ignore[operator]
    final = posts[-1].facebook
    names = [content.crisis(c).name for c in plan.end.crisis_order]
    positions = [final.index(f"Crisis: {n}") for n in names]
    assert positions == sorted(positions)
    assert final.index("Goal:") > positions[-1]
    for post in posts:
        if post.key not in ("game-end", "game-start"):
            assert len(post.discord) <= 2000, post.key  # one Discord message
        # The final scoring post also defines the words the rules use, and the opening post
        # lists a commitment per round: a second message, cut between paragraphs, keeps
        # every step in the first.
        messages = post.discord_messages()
        assert len(messages) <= 2 and all(len(m) <= 2000 for m in messages), post.key
        assert "Goal:" not in "".join(messages[1:]), post.key
        bgg = post.bgg or ""
        assert not any(a == "<" and not b.isspace() for a, b in itertools.pairwise(bgg))


@pytest.mark.slow
def test_game_command_writes_everything(tmp_path: Path) -> None:
    out = tmp_path / "game"
    result = CliRunner().invoke(
        main, ["game", "--pack", "moon-drop", "--seed", SEED, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    names = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert {"plan.json", "manifest.json", "posting-guide.md", "game-start-cards.png"} <= names
    assert {"sheets/moon-drop-a4.pdf", "sheets/moon-drop-letter.pdf"} <= names
    for n in range(1, 8):
        assert {f"round-{n}/round-{n}-block.png", f"round-{n}/round-{n}.bgg.txt"} <= names
    turn = CliRunner().invoke(
        main, ["turn", "3", "--pack", "moon-drop", "--seed", SEED, "-o", str(out)]
    )
    assert turn.exit_code == 0 and "Round 3 of 7" in turn.stdout
    check = CliRunner().invoke(main, ["check", "moon-drop"])
    assert check.exit_code == 0 and "7 rounds, 7 turns" in check.stdout


# --- pictures ----------------------------------------------------------------------------
def test_round_image(content: MoonDrop, plan: dict) -> None:
    data = post_image(content, plan, "round-1/round-1-block.png")
    assert data == post_image(content, plan, "round-1/round-1-block.png")
    image = Image.open(io.BytesIO(data))
    assert image.size == (1080, 1350) and image.mode == "P"  # flat art: a palette PNG
    image = image.convert("RGB")
    # The blue die is drawn blue, somewhere in the dice row.
    row = [image.getpixel((x, 300)) for x in range(0, 1080, 4)]
    assert (30, 80, 190) in row


def test_sheets(content: MoonDrop) -> None:
    for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
        data = sheet_pdf(content, paper)
        assert data == sheet_pdf(content, paper)
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size
        text = reader.pages[0].extract_text()
        for word in ("Moon Drop", "Safety Check", "SCORE", "50 mm", "Hydroponics", "Crisis 3"):
            assert word in text
        fonts = str(reader.pages[0]["/Resources"]["/Font"])
        assert "Helvetica" not in fonts


def flat(text: str) -> str:
    return " ".join(text.split())


def text_heights(page: Any) -> list[float]:
    """The baseline height of every piece of text on a PDF page, from the bottom edge."""
    heights: list[float] = []

    def visit(text: str, cm: Any, tm: list[float], *_: Any) -> None:
        if text.strip():
            heights.append(tm[5])

    page.extract_text(visitor_text=visit)
    return heights


def test_sheets_define_the_words_the_rules_use(content: MoonDrop) -> None:
    # Players score on paper: the sheet says what adjacent, a building and reach mean.
    assert len(content.definitions) >= 3
    joined = flat(" ".join(content.definitions))
    for phrase in ("sharing a side", "joined side by side", "crew start in every Quarters"):
        assert phrase in joined
    assert "path of empty squares" in joined  # Dock to Dock
    for paper in ("a4", "letter"):
        page = PdfReader(io.BytesIO(sheet_pdf(content, paper))).pages[0]
        text = flat(page.extract_text())
        assert "Words the rules use" in text
        for definition in content.definitions:
            assert flat(definition) in text, (paper, definition)
        # Everything stays on the page, clear of a 10 mm margin (the footer is lowest).
        heights = text_heights(page)
        assert heights and min(heights) >= 10 / 25.4 * 72


def test_final_post_gives_the_readings_it_relies_on(content: MoonDrop, plan: MoonDropPlan) -> None:
    deal = dataclasses.replace(
        plan,
        end=End(crisis_order=("sabotage", "fire", "plague")),
        deal=Deal(crises=("fire", "plague", "sabotage"), goal="security"),
    )
    final = PostWriter(content, deal).final()
    for flavour in (final.facebook, final.discord, final.bgg or ""):
        text = flat(flavour)
        for rule in ("sabotage", "fire", "security"):
            assert f"How we read it: {flat(content.readings[rule])}" in text
        for definition in content.definitions:
            assert flat(definition) in text
    # The Sabotage reading says what the card says: safe when every Dock has a Quarters.
    sabotage = content.readings["sabotage"]
    assert "every Dock" in sabotage and "no Dock." not in sabotage


def test_outputs_by_scope(content: MoonDrop, plan: dict) -> None:
    options = RenderOptions(papers=("a4",), images=False)
    round_files = [f.path for f in RULES.outputs(content, plan, Scope("round", 7), options)]
    assert "round-7/round-7.facebook.txt" in round_files and "game-end.facebook.txt" in round_files
    sheet_files = [f.path for f in RULES.outputs(content, plan, Scope("sheets"), options)]
    assert sheet_files == [
        "sheets/moon-drop-a4.pdf",
        "sheets/moon-drop-grid.html",
        "sheets/round-check.html",
    ]
