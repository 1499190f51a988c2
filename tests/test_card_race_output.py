"""What a Galactic Card Race game folder holds: score pads and the rules card (measured),
hand and race-track images, and posts tied to the plan: hidden hands never reach a public
file, and changing one round's turn-up changes exactly that round's files."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from card_race_helpers import typed_plan
from click.testing import Result
from PIL import Image
from pypdf import PdfReader

from generator.games import Scope
from generator.games.card_race.cards import parse_id
from generator.games.card_race.content import CardRace
from generator.games.card_race.files import game_files
from generator.games.card_race.model import Table
from generator.games.card_race.pictures import hand_png, standings_png
from generator.games.card_race.planner import make_plan
from generator.games.card_race.sheets import (
    rules_card_page,
    rules_card_pdf,
    score_pad_page,
    score_pad_pdf,
)
from generator.kit.session import load_content, plan_header
from generator.plan.model import to_data
from generator.render.pdf import SAFE_MARGIN, Page, mm, page_size, render_pdf


@pytest.fixture(scope="module")
def content() -> CardRace:
    return load_content("card-race")[2]


def pages_of(spec, paper: str) -> list[Page]:  # type: ignore[no-untyped-def]
    seen: list[Page] = []
    render_pdf([spec], paper, title="t", on_page=seen.append)
    return seen


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_score_pads_measured(content: CardRace, players: int, paper: str) -> None:
    (page,) = pages_of(score_pad_page(content, players, paper, "en"), paper)
    assert (page.width, page.height) == page_size(paper, "landscape")
    rounds = content.max_rounds(players, True)
    assert page.count("cell") == rounds * players * 5  # bid, tricks, round, total, position
    assert page.count("name-box") == players
    (bar,) = [r for r in page.regions if r.kind == "scale-bar"]
    assert bar.w == pytest.approx(mm(50))
    for region in page.regions:
        assert region.x >= SAFE_MARGIN and region.y >= SAFE_MARGIN
        assert region.x + region.w <= page.width - SAFE_MARGIN + 0.01
        assert region.y + region.h <= page.height - SAFE_MARGIN + 0.01
        if region.kind == "cell":
            assert region.h >= mm(6)  # room to write a number


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["score pad for 4 players", "Dealer", "Trump", "Tricks", "Total", "Pos."]),
        ("de", ["Punkteblock für 4 Spieler", "Geber", "Trumpf", "Stiche", "Summe", "Pl."]),
    ],
)
def test_score_pad_words(content: CardRace, lang: str, words: list[str]) -> None:
    data = score_pad_pdf(content, 4, "a4", lang)
    assert data == score_pad_pdf(content, 4, "a4", lang)  # byte-identical
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["the rules on one page", "Tractor Beam", "Black Hole", "second-best"]),
        ("de", ["die Regeln auf einer Seite", "Traktorstrahl", "Schwarzes Loch", "zweitbeste"]),
    ],
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rules_card_is_one_page(content: CardRace, lang: str, words: list[str], paper: str) -> None:
    reader = PdfReader(io.BytesIO(rules_card_pdf(content, paper, lang)))
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    for word in words:
        assert word in text
    (page,) = pages_of(rules_card_page(content, paper, lang), paper)
    assert page.count("scale-bar") == 1


def colour_columns(image: Image.Image, colour: tuple[int, int, int]) -> list[int]:
    rgb = image.convert("RGB")
    width, height = rgb.size
    return [
        x for x in range(0, width, 2) for y in range(0, height, 4) if rgb.getpixel((x, y)) == colour
    ]


def test_hand_image_shows_the_suits_held(content: CardRace) -> None:
    cards = [parse_id(c) for c in ("I3", "I12", "N2", "F1")]
    image = Image.open(io.BytesIO(hand_png(content, cards, ["Round 2", "Ada"], "en")))
    assert image.size == (1080, 1080)
    assert colour_columns(image, tuple(content.suits["I"].colour))  # type: ignore[arg-type]
    assert not colour_columns(image, tuple(content.suits["P"].colour))  # type: ignore[arg-type]


def test_standings_ships_run_as_far_as_their_fuel(content: CardRace) -> None:
    seats = ["Ada", "Ben", "Cleo"]
    totals = {"Ada": 200, "Ben": 1400, "Cleo": 0}
    places = {"Ben": 1, "Ada": 2, "Cleo": 3}
    image = Image.open(io.BytesIO(standings_png(content, seats, totals, places, "After 3")))
    assert image.size == (1080, 1080)
    reach = {}
    for seat, player in enumerate(seats):
        columns = colour_columns(image, tuple(content.ship_colour(seat).colour))  # type: ignore[arg-type]
        assert columns, player
        reach[player] = max(columns)
    assert reach["Ben"] > reach["Ada"] > reach["Cleo"]


def plan_for(content: CardRace, seed: str = "output-test-seed-00000001") -> dict:
    from generator.pack.load import load_pack

    table = Table(players=["Ada", "Ben", "Cleo", "Dev"], rounds=5, lang="both")
    plan = to_data(plan_header(load_pack("card-race"), seed, None))
    plan.update(make_plan(content, table, seed, None))
    return plan


def files_of(content: CardRace, plan: dict) -> dict[str, bytes]:
    """The game's files for plan.json's data, read as the game reads it."""
    files = game_files(content, typed_plan(plan), Scope("game"), "both", (), images=False)
    return {f.path: f.data for f in files}


def test_hidden_hands_never_reach_a_public_file(content: CardRace) -> None:
    plan = plan_for(content)
    changed = copy.deepcopy(plan)
    hands = changed["rounds"][2]["hands"]
    hands["Ada"][0], hands["Ben"][0] = hands["Ben"][0], hands["Ada"][0]
    before, after = files_of(content, plan), files_of(content, changed)
    differ = sorted(name for name in before if before[name] != after[name])
    assert differ
    assert all(
        name.startswith("private/round-03/hand-Ada.")
        or name.startswith("private/round-03/hand-Ben.")
        for name in differ
    )


def test_a_changed_turn_up_changes_exactly_that_round(content: CardRace) -> None:
    plan = plan_for(content)
    changed = copy.deepcopy(plan)
    changed["rounds"][1]["turn_up"] = {"card": "F3", "set_aside": [], "trump": None, "how": "leak"}
    before, after = files_of(content, plan), files_of(content, changed)
    differ = sorted(name for name in before if before[name] != after[name])
    assert differ and all(
        name.startswith(("round-02/round.", "private/round-02/")) for name in differ
    )
    assert (
        "A Fuel Leak was turned up: no trump this round."
        in after["round-02/round.en.facebook.txt"].decode()
    )
    assert "Ein Treibstoffleck wurde aufgedeckt" in after["round-02/round.de.bgg.txt"].decode()


def test_post_flavours(content: CardRace) -> None:
    files = files_of(content, plan_for(content))
    discord = files["round-01/round.en.discord.md"].decode()
    bgg = files["round-01/round.de.bgg.txt"].decode()
    # The shared post model's forms (render/post.py): a Discord heading, a BGG title.
    assert discord.startswith("# Galactic Card Race · game ")
    assert len(discord) <= 2000
    assert bgg.startswith("[size=14][b]Galactic Card Race · Partie ")
    assert "round-01/round.en.host.txt" in files and "round-01/round.en.html" in files
    hand = files["private/round-03/hand-Dev.en.txt"].decode()
    assert "Private: for Dev only." in hand and "Your cards (3), sorted:" in hand
    # Post files hold only what players read: the picture and its alt text are host notes.
    note = files["private/round-03/hand-Dev.en.host.txt"].decode()
    assert "Private message to Dev: paste `private/round-03/hand-Dev.en.txt`" in note
    plan = typed_plan(plan_for(content))
    with_images = game_files(content, plan, Scope("round", 3), "en", (), True)
    pictured = {f.path: f.data.decode() for f in with_images if not f.path.endswith(".png")}
    hand = pictured["private/round-03/hand-Dev.txt"]
    assert "[Image" not in hand and "hand-Dev.png" not in hand
    note = pictured["private/round-03/hand-Dev.host.txt"]
    assert "attach `private/round-03/hand-Dev.png`" in note
    assert "Alt text for `private/round-03/hand-Dev.png`: Dev's cards in round 3 (3): " in note


def test_no_one_cards_anywhere(content: CardRace) -> None:
    """Round 1 deals one card each: no text says "1 cards" or "1 Karten"."""
    import re

    files = files_of(content, plan_for(content))
    round_one = {n: d.decode() for n, d in files.items() if "round-01" in n and n.endswith("txt")}
    assert any("(1)" in text for text in round_one.values())
    wrong = re.compile(r"\b1 (cards|Karten)\b")
    assert not [
        n for n, d in files.items() if n.endswith((".txt", ".md")) and wrong.search(d.decode())
    ]


def test_the_game_command_writes_the_default_table(
    run: Callable[..., Result], tmp_path: Path
) -> None:
    result = run(
        "game",
        "--pack",
        "card-race",
        "--seed",
        "default-table-seed-000001",
        "--no-images",
        "--paper",
        "a4",
        "-o",
        "out",
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert (out / "round-12" / "round.facebook.txt").is_file()
    assert (out / "private" / "round-12" / "hand-Dev.txt").is_file()
    assert (out / "sheets" / "score-pad-5p-a4.pdf").is_file()
    assert not list(out.rglob("*.png"))


def test_the_posting_guide_names_every_private_message(content: CardRace) -> None:
    files = files_of(content, plan_for(content))
    for suffix, lang_word in ((".en", "send privately"), (".de", "schicke privat")):
        guide = files[f"posting-guide{suffix}.md"].decode()
        assert lang_word in guide
        private = [n for n in files if n.startswith("private/") and n.endswith(f"{suffix}.txt")]
        assert len(private) == 5 * 4
        assert all(f"`{name}`" in guide for name in private)
