"""scores.csv -> rankings: places with ties, late joiners, title rewards, clear errors by
line, and the posts and image written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from generator.games.galaxy_trucker.flight.shipfile import write_ship
from generator.games.keep_on_trucking.flight.bot import build
from generator.games.keep_on_trucking.flight.engine import front_edge
from generator.games.keep_on_trucking.flight.geometry import EDGE_SIDE
from generator.host.rankings import Entry, ScoreSpec, rank
from generator.kit.session import open_game

SEED = "rankings-test-seed-0123456789abcdef"
GT_HEADER = "player,round,score,position,events,cargo,lost,pretty,aesthete,contraptionist,note\n"
GRIDS = Path(__file__).parent / "cases" / "moon-drop" / "grids"


@pytest.fixture
def gt_folder(run: Any, game_once: Any, tmp_path: Path) -> Path:
    result = game_once("game", "--no-images", "--seed", SEED, "-o", "game")
    assert result.exit_code == 0, result.output
    return tmp_path / "game"


def test_ties_late_joiner_and_a_bad_line(run: Any, gt_folder: Path) -> None:
    scores = gt_folder / "scores.csv"
    scores.write_text(
        GT_HEADER
        + "Ann,1,12,-2,5,9,-4,4,,,\n"
        + "Bo,1,12,0,3,7,-2,4,,,\n"
        + "# Cy sent her score by message\n"
        + "Cy,1,9,,,,,,,,\n"
        + "Ann,2,20,-2,8,10,-2,6,,,\n"
        + "Bo,2,18,0,8,8,-2,4,,,\n"
        + "Cy,2,10,0,5,5,-2,3,,,\n"  # line 8: the parts make 11
        + "Eve,2,21,0,9,8,-2,6,,,late\n"
    )
    bad = run("rankings", "-o", "game")
    assert bad.exit_code == 2
    assert (
        "game/scores.csv:8: score: 10 does not add up from its parts: position 0 + events 5 "
        "+ cargo 5 + lost -2 + pretty 3 = 11" in bad.output
    )
    assert not (gt_folder / "rankings").exists()  # nothing half-written

    scores.write_text(scores.read_text().replace("Cy,2,10,", "Cy,2,11,"))
    good = run("rankings", "-o", "game")
    assert good.exit_code == 0, good.output
    one = (gt_folder / "rankings" / "round-1.facebook.txt").read_text()
    assert "=1. Ann: 12\n=1. Bo: 12\n3. Cy: 9\n" in one
    assert "Best ship of round 1: Ann and Bo (12)." in one
    two = (gt_folder / "rankings" / "round-2.facebook.txt").read_text()
    # Ann 32, Bo 30, Cy 20; Eve joined in round 2 with 21.
    assert "1. Ann: 32 (12 + 20)\n2. Bo: 30 (12 + 18)\n3. Eve: 21" in two
    assert "3. Eve: 21 · no score yet for round 1\n4. Cy: 20 (9 + 11)" in two
    assert "Best ship of round 2: Eve (21)." in two
    assert "Welcome aboard, Eve!" in two
    assert good.stdout == two  # the latest rankings are printed to paste
    for stem in ("round-1", "round-2"):
        base = gt_folder / "rankings" / stem
        for suffix in (".discord.md", ".bgg.txt", ".host.txt", ".html"):
            assert (base.parent / f"{stem}{suffix}").is_file()
        with Image.open(base.parent / f"{stem}.png") as image:
            assert image.size == (1080, 1350)
    discord = (gt_folder / "rankings" / "round-2.discord.md").read_text()
    assert "**1.** Ann: 32" in discord and len(discord) <= 2001
    host = (gt_folder / "rankings" / "round-2.host.txt").read_text()
    # The shared host note (render/text.py): every platform's steps, then the alt text.
    assert (
        "Alt text for `rankings/round-2.png`: Rankings after round 2 of 3: a podium and a "
        "table. " in host
    )
    assert "place 3: Eve, 21" in host
    assert not (gt_folder / "rankings" / "final.facebook.txt").exists()  # round 3 not scored
    manifest = (gt_folder / "manifest.json").read_text()
    assert "rankings/round-2.png" in manifest


def test_final_rankings_and_title_rewards(run: Any, gt_folder: Path) -> None:
    rows = [
        "Ann,1,10,0,5,5,-2,2,3,1,",
        "Bo,1,10,0,5,5,-2,2,3,0,",
        "Ann,2,10,0,5,5,-2,2,0,0,",
        "Bo,2,10,0,5,5,-2,2,1.5,0,",
        "Ann,3,10,0,5,5,-2,2,,,",
        "Bo,3,4,0,5,0,-3,2,,,",
    ]
    (gt_folder / "scores.csv").write_text(GT_HEADER + "\n".join(rows) + "\n")
    no_dock = run("rankings", "-o", "game")
    assert no_dock.exit_code == 2 and "--titles 3-6-9 or 4-8-12" in no_dock.output
    odd = run("rankings", "-o", "game", "--titles", "5-10-15")
    assert odd.exit_code == 2 and "--titles 5-10-15: unknown (expected 3-6-9, 4-8-12)" in odd.output
    result = run("rankings", "-o", "game", "--titles", "4-8-12")
    assert result.exit_code == 0, result.output
    one = (gt_folder / "rankings" / "round-1.facebook.txt").read_text()
    # Both have the best Aesthete count: each earns the full reward. Ann alone built a
    # contraption.
    # Titles are the post model's list items: a plain line on Facebook, "- " on Discord.
    assert "\nAesthete: Ann and Bo with 3, +4 points each\n" in one
    assert "\nContraptionist: Ann with 1, +4 points\n" in one
    discord = (gt_folder / "rankings" / "round-1.discord.md").read_text()
    assert "\n- Aesthete: Ann and Bo with 3, +4 points each\n" in discord
    assert "1. Ann: 18\n2. Bo: 14\n" in one
    final = (gt_folder / "rankings" / "final.facebook.txt").read_text()
    assert "Final rankings" in final
    # Round 2: Bo's 1.5 Aesthete wins +8. Totals Ann 18+10+10=38, Bo 14+18+4=36.
    round_two = (gt_folder / "rankings" / "round-2.facebook.txt").read_text()
    assert "\nAesthete: Bo with 1.5, +8 points\n" in round_two
    assert "Contraptionist" not in round_two  # nobody counted above zero
    assert "1. Ann: 38 (18 + 10 + 10)\n2. Bo: 36 (14 + 18 + 4)\n" in final
    assert "Congratulations, Ann: the winner!" in final
    assert (gt_folder / "rankings" / "final.png").is_file()


@pytest.mark.parametrize(
    ("csv_text", "expected"),
    [
        ("name,round,score\n", "scores.csv:1: name: unknown column (allowed: player, round,"),
        ("player,score\n", "scores.csv:1: round: required column is missing"),
        (
            GT_HEADER + "Ann,4,10,,,,,,,,\n",
            "scores.csv:2: round: got '4' (expected one of 1, 2, 3)",
        ),
        (GT_HEADER + ",1,10,,,,,,,,\n", "scores.csv:2: player: the player's name is empty"),
        (GT_HEADER + "Ann,1,,,,,,,,,\n", "scores.csv:2: score: the score is empty"),
        (GT_HEADER + "Ann,1,5,1,1,1,1,,,,\n", "scores.csv:2: pretty: give every part"),
        (GT_HEADER + "Ann,1,5,,,,,,-1,,\n", "scores.csv:2: aesthete: expected a count"),
        (
            GT_HEADER + "Ann,1,5,,,,,,,,\nann ,1,6,,,,,,,,\n",
            "scores.csv:3: player: ann already has a score for round 1 on line 2",
        ),
        (GT_HEADER + "Ann,1,5,,,,,,,,,,,\n", "scores.csv:2: 14 values for 11 columns"),
        ("", "scores.csv:1: the file is empty"),
    ],
)
def test_bad_scores_files(run: Any, gt_folder: Path, csv_text: str, expected: str) -> None:
    (gt_folder / "scores.csv").write_text(csv_text)
    result = run("rankings", "-o", "game")
    assert result.exit_code == 2
    assert expected in result.output, result.output
    assert "Traceback" not in result.output


def test_no_scores_file_and_a_symlinked_one(run: Any, gt_folder: Path, tmp_path: Path) -> None:
    missing = run("rankings", "-o", "game")
    assert missing.exit_code == 2 and "no scores file" in missing.output
    (tmp_path / "elsewhere.csv").write_text("player,round,score\nAnn,1,3\n")
    (gt_folder / "scores.csv").symlink_to(tmp_path / "elsewhere.csv")
    linked = run("rankings", "-o", "game")
    assert linked.exit_code == 2 and "expected a plain file" in linked.output


def test_moon_drop_uses_the_scorer_where_the_host_ran_it(run: Any, tmp_path: Path) -> None:
    # The scorer's worked example: seed moon-drop-example-27 and this grid score 2.
    result = run("game", "--pack", "moon-drop", "--no-images", "--seed", "moon-drop-example-27")
    assert result.exit_code == 0, result.output
    root = next((tmp_path / "output").iterdir())
    (root / "grids").mkdir()
    shutil.copy(GRIDS / "fire-plague-fungus.txt", root / "grids" / "cy.txt")
    scores = root / "scores.csv"
    scores.write_text(
        "player,round,score,grid,note\nAnn,final,7,,\nBo,final,2,,\nCy,final,,grids/cy.txt,\n"
    )
    ok = run("rankings", "-o", str(root))
    assert ok.exit_code == 0, ok.output
    final = (root / "rankings" / "final.facebook.txt").read_text()
    assert "Final rankings" in final and "1. Ann: 7\n=2. Bo: 2\n=2. Cy: 2\n" in final
    assert not (root / "rankings" / "round-final.facebook.txt").exists()
    scores.write_text("player,round,score,grid\nCy,final,5,grids/cy.txt\nDi,final,1,../x.txt\n")
    bad = run("rankings", "-o", str(root))
    assert bad.exit_code == 2
    assert "scores.csv:2: score: 5 differs from the scorer's result 2" in bad.output
    assert "scores.csv:3: grid: '../x.txt': give a path inside the game folder" in bad.output


def test_competition_places() -> None:
    spec = ScoreSpec(rounds=("1",))
    entries = [
        Entry(i + 2, name, "1", score, {}, {})
        for i, (name, score) in enumerate([("A", 5), ("B", 9), ("C", 5), ("D", 1), ("E", 9)])
    ]
    (ranking,) = rank(entries, spec, None)
    places = [(s.player, s.place, s.shared) for s in ranking.standings]
    assert places == [
        ("B", 1, True),
        ("E", 1, True),
        ("A", 3, True),
        ("C", 3, True),
        ("D", 5, False),
    ]


def test_galaxy_trucker_ship_files_are_scored_by_the_flight_engine(
    run: Any, tmp_path: Path
) -> None:
    # The flight engine's worked example: seed 42, this ship, round 1 scores -6 with
    # 3 Lost Components boxes (tests/test_gt_flight.py: the ship breaks with no human left
    # and still loses one of its two parts).
    assert run("game", "--no-images", "--seed", "42", "-o", "g42").exit_code == 0
    root = tmp_path / "g42"
    (root / "ships").mkdir()
    shutil.copy(Path(__file__).parent / "cases" / "ships" / "seed-42-round-1.txt", root / "ships")
    scores = root / "scores.csv"
    scores.write_text("player,round,score,ship\nAnn,1,,ships/seed-42-round-1.txt\nBo,1,5,\n")
    result = run("rankings", "-o", "g42")
    assert result.exit_code == 0, result.output
    assert "1. Bo: 5\n2. Ann: -6\n" in result.stdout
    scores.write_text("player,round,score,ship\nAnn,1,3,ships/seed-42-round-1.txt\n")
    wrong = run("rankings", "-o", "g42")
    assert wrong.exit_code == 2
    assert "scores.csv:2: score: 3 differs from the scorer's result -6" in wrong.output


def test_the_lawyer_ties_a_title_one_below_the_best(run: Any, tmp_path: Path) -> None:
    # Keep on Trucking, titles 4-8-12. Round 1: Ann counts 4 Aesthete, Bo 3 with the Lawyer
    # aboard: the rulebook's example (best 4, the Lawyer ties with 3 or 3 1/2): both earn +4.
    # Contraptionist: Ann 1, Bo (Lawyer) 0: "if the best is 1, not even the Lawyer helps at
    # 0": Ann alone. Round 2: Ann 4, Bo 2.5 with the Lawyer: too far below; Cy 3 without
    # one: no tie.
    made = run(
        "game", "--pack", "keep-on-trucking", "--no-images", "--seed", SEED, "-o", "kot",
        "--option", "titles=4-8-12",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    folder = tmp_path / "kot"
    header = "player,round,score,aesthete,contraptionist,ability,note\n"
    rows = [
        "Ann,1,10,4,1,,",
        "Bo,1,10,3,0,lawyer,",  # as typed: the ability's case does not matter
        "Ann,2,10,4,,Manager,",
        "Bo,2,10,2.5,,Lawyer,",
        "Cy,2,10,3,,,",
    ]
    (folder / "scores.csv").write_text(header + "\n".join(rows) + "\n")
    result = run("rankings", "-o", "kot")
    assert result.exit_code == 0, result.output
    one = (folder / "rankings" / "round-1.facebook.txt").read_text()
    assert "\nAesthete: Ann with 4; Bo ties with 3 (Lawyer), +4 points each\n" in one
    assert "\nContraptionist: Ann with 1, +4 points\n" in one
    assert "1. Ann: 18\n2. Bo: 14\n" in one
    two = (folder / "rankings" / "round-2.facebook.txt").read_text()
    assert "\nAesthete: Ann with 4, +8 points\n" in two
    (folder / "scores.csv").write_text(header + "Ann,1,10,4,1,Lawer,\n")
    bad = run("rankings", "-o", "kot")
    assert bad.exit_code == 2
    assert (
        "scores.csv:2: ability: expected one of Lawyer, Manager, Merchant, Micronavigator, "
        "Techie, Diplomat or nothing (got 'Lawer')" in bad.output
    )


def test_a_keep_on_trucking_ship_file_fills_the_title_counts_and_the_ability(
    run: Any, tmp_path: Path
) -> None:
    # The bot's round-1 ship of this seed, scored from the `ship` column: its account says
    # the title counts on the sheet at the end of the round; an empty count or ability takes
    # the engine's value, a typed one must agree. Bo, a Lawyer, posts one less
    # Contraptionist than Ann's count: they share it.
    options = {"ships": "A", "titles": "4-8-12"}
    made = run(
        "game", "--pack", "keep-on-trucking", "--no-images", "--seed", "rank-2", "-o", "kot",
        "--option", "ships=A", "--option", "titles=4-8-12",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    game = open_game("keep-on-trucking", "rank-2", None, options=options)
    content, plan = game.content, game.plan
    rplan = plan.rounds[0]
    front = EDGE_SIDE[front_edge(content, plan, 1) or "top"]
    ship = build(content, rplan, content.rounds[0], front).ship_file("Ann")
    folder = tmp_path / "kot"
    (folder / "ships").mkdir()
    (folder / "ships" / "ann.txt").write_text(write_ship(ship, content.boards[rplan.ship]))
    header = "player,round,score,aesthete,contraptionist,ability,ship,note\n"
    (folder / "scores.csv").write_text(header + "Ann,1,,,,,ships/ann.txt,\n")
    assert run("rankings", "-o", "kot").exit_code == 0
    account = (folder / "ships" / "ann.account.txt").read_text()
    served = re.search(r"^  Contraptionist  (\d+)", account, re.MULTILINE)
    assert served is not None and int(served.group(1)) >= 2, account
    count = int(served.group(1))
    rows = ["Ann,1,,,,,ships/ann.txt,", f"Bo,1,0,0,{count - 1},Lawyer,,"]
    (folder / "scores.csv").write_text(header + "\n".join(rows) + "\n")
    result = run("rankings", "-o", "kot")
    assert result.exit_code == 0, result.output
    one = (folder / "rankings" / "round-1.facebook.txt").read_text()
    assert f"\nContraptionist: Ann with {count}; Bo ties with {count - 1} (Lawyer)" in one
    rows[0] = f"Ann,1,,,{count + 1},,ships/ann.txt,"
    (folder / "scores.csv").write_text(header + "\n".join(rows) + "\n")
    wrong = run("rankings", "-o", "kot")
    assert wrong.exit_code == 2
    assert (
        f"scores.csv:2: contraptionist: {count + 1} differs from the scorer's {count} for "
        "ships/ann.txt" in wrong.output
    )
