"""The pack and the game file are validated (file:line, exit 2); setup from the seed: the
first player, the choosing rule, skill draws for all but the first player, the Destiny
deck, nukes and the Quorum card, the difficulty."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from bsg_helpers import FOUR, BsgGame
from click.testing import CliRunner

from generator.cli import main
from generator.common.errors import ContentError
from generator.games.battlestar.choosing import allowed_now, check_choices
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.gamefile import setup_draw_problem
from generator.games.battlestar.setup import first_seat
from generator.kit.session import load_content
from generator.pack.load import CONTENT_DIR


@pytest.fixture(scope="module")
def content() -> Battlestar:
    return load_content("battlestar")[2]


# --- the pack -----------------------------------------------------------------------------
def test_pack_checks(content: Battlestar) -> None:
    result = CliRunner().invoke(main, ["check", "battlestar"])
    assert result.exit_code == 0, result.output
    assert len(content.characters) == 10
    assert {t.id for t in content.skill_types} == {
        "politics", "leadership", "tactics", "piloting", "engineering",
    }  # fmt: skip
    assert [r.start for r in content.resources] == [8, 8, 10, 12]
    assert {d.id: d.adjust for d in content.difficulties} == {
        "standard": 0, "easier-for-humans": 2, "easier-for-cylons": -2,
    }  # fmt: skip
    assert content.distance_goal == 8 and content.admiral_nukes == 2


def broken_pack(tmp_path: Path, file: str, old: str, new: str) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "battlestar", pack)
    text = (pack / file).read_text()
    assert old in text
    (pack / file).write_text(text.replace(old, new, 1))
    return pack


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("loyalty.yaml", "not_cylon: 6,", "not_cylon: 7,", "9 cards for 4 players (expected 8"),
        ("succession.yaml", "  - saul-tigh\n  - kara-thrace\n", "  - saul-tigh\n",
         "kara-thrace not in the line"),
        ("succession.yaml", "president:\n  - laura-roslin", "president:\n  - laura-roslyn",
         "unknown character 'laura-roslyn'"),
        ("characters.yaml", "types: [leadership], count: 3", "types: [charm], count: 3",
         "unknown skill type 'charm'"),
        ("characters.yaml", "type: support", "type: engineer", "expected one of"),
        ("decks.yaml", "    - Crisis 2\n", "    - Crisis 1\n", "'Crisis 1' is listed twice"),
        ("decks.yaml", "  quorum:", "  quorums:", "expected"),
        ("skills.yaml", "    - {value: 2, count: 6}", "    - {value: 1, count: 6}",
         "value 1 is listed twice"),
        ("fleet.yaml", "start: 8, red_at: 4}", "start: 8, red_at: 9}", "red at 9 but starts at 8"),
        ("loyalty.yaml", "cylon_cards:\n  - You Are a Cylon 1\n", "cylon_cards:\n  - <b>\n",
         "string should match pattern"),
        # A name's pattern holds to the end of the text: a trailing line break is no name.
        ("loyalty.yaml", "  - You Are a Cylon 1\n", '  - "You Are a Cylon 1\\n"\n',
         "cylon_cards[0]: string should match pattern"),
        ("decks.yaml", "  destination:\n", "", "decks: no deck destination (expected crisis"),
    ],
)  # fmt: skip
def test_bad_pack_is_reported_with_file_and_line(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    pack = broken_pack(tmp_path, file, old, new)
    result = CliRunner().invoke(main, ["check", str(pack)])
    assert result.exit_code == 2, result.output
    assert f"{file}:" in result.output and message.lower() in result.output.lower()
    assert "Traceback" not in result.output


def test_moderator_supplied_names_replace_the_numbers(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "decks.yaml", "    - Crisis 1\n", "    - Water Shortage\n")
    content = load_content(str(pack))[2]
    assert "Water Shortage" in content.decks["crisis"]


# --- the game file ------------------------------------------------------------------------
def write_game(tmp_path: Path, **changes: object) -> Path:
    data: dict = {
        "pack": "battlestar",
        "seed": "setup-seed-0123456789",
        "players": [{"name": n} for n in ("a1", "b2", "c3", "d4")],
    }
    data.update(changes)
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": [{"name": "a"}, {"name": "b"}]}, "at least 3"),
        ({"players": [{"name": n} for n in "abcdefg"]}, "at most 6"),
        ({"players": [{"name": "x"}, {"name": "X"}, {"name": "y"}]}, "the same name as seat 1"),
        ({"players": [{"name": "[b]x"}, {"name": "y"}, {"name": "z"}]}, "forum markup"),
        ({"difficulty": "nightmare"}, "unknown difficulty 'nightmare'"),
        ({"players": [{"name": "a", "character": "apollo"}, {"name": "b"}, {"name": "c"}]},
         "unknown character 'apollo'"),
        ({"players": [{"name": "a", "character": "saul-tigh"},
                      {"name": "b", "character": "saul-tigh"}, {"name": "c"}]},
         "already seat 1's character"),
        ({"players": [{"name": "a", "character": "saul-tigh",
                       "setup_skills": ["politics", "tactics", "tactics"]},
                      {"name": "b"}, {"name": "c"}]},
         "1 politics but Saul Tigh's skill set gives at most 0"),
        ({"seed": ""}, "seed"),
    ],
)  # fmt: skip
def test_bad_game_file(tmp_path: Path, changes: dict, message: str) -> None:
    path = write_game(tmp_path, **changes)
    result = CliRunner().invoke(main, ["bsg", "setup", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "game.yaml:" in result.output
    assert not (tmp_path / "output").exists()


# --- choosing characters ------------------------------------------------------------------
def test_the_rules_example(content: Battlestar) -> None:
    """Roslin first: the next may take a military leader, a pilot or support, no politician."""
    allowed = allowed_now(content, ["laura-roslin"])
    types = {content.character(c).type for c in allowed}
    assert types == {"military-leader", "pilot", "support"}
    assert "galen-tyrol" in allowed and "tom-zarek" not in allowed


def test_choosing_rule_rejects_a_wrong_pick(tmp_path: Path) -> None:
    first = first_seat("setup-seed-0123456789", 4)
    players = [{"name": n} for n in ("a1", "b2", "c3", "d4")]
    players[first]["character"] = "laura-roslin"
    players[(first + 1) % 4]["character"] = "tom-zarek"
    result = CliRunner().invoke(main, ["bsg", "setup", str(write_game(tmp_path, players=players))])
    assert result.exit_code == 2 and "may not choose Tom Zarek" in result.output


def test_choices_are_made_in_order(content: Battlestar) -> None:
    progress = check_choices(content, [None, "saul-tigh", None, None], 0)
    assert progress.error and "chooses before them" in progress.error
    progress = check_choices(content, ["saul-tigh", None, None, None], 0)
    assert progress.error is None and progress.next_seat == 1
    assert "william-adama" not in progress.allowed and "laura-roslin" in progress.allowed


def test_choosing_post_while_characters_are_missing(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, players=[(n, None, None) for n, _, _ in FOUR])
    out = game.run("setup").stdout
    assert "Choosing characters" in out and "may choose" in out
    assert not (game.folder / "table-log.jsonl").exists()
    assert "no game set up yet" in game.run("draw", "crisis", code=2).output


def test_setup_draws_follow_the_skill_set(content: Battlestar) -> None:
    apollo = content.character("lee-adama")
    assert setup_draw_problem(content, apollo, ["politics", "politics", "tactics"]) is None
    assert setup_draw_problem(content, apollo, ["politics", "leadership", "piloting"]) is None
    assert "at most 2" in str(
        setup_draw_problem(content, apollo, ["politics"] * 2 + ["leadership"])
    )
    assert "expected 3" in str(setup_draw_problem(content, apollo, ["piloting"]))


# --- setup --------------------------------------------------------------------------------
def test_setup_state(tmp_path: Path, content: Battlestar) -> None:
    game = BsgGame(tmp_path)
    game.run("setup")
    state = game.state()
    first = state.first_seat
    assert state.current_seat == first and state.turn == 1
    for player in state.players:
        skills = [c for d, c in player.hand if d.startswith("skill:")]
        assert len(skills) == (0 if player.seat == first else 3)
    carol = next(p for p in state.players if p.name == "Carol")
    if carol.seat != first:  # her setup_skills in the game file
        types = Counter(c.partition(":")[0] for d, c in carol.hand if d.startswith("skill:"))
        assert types == Counter({"tactics": 1, "piloting": 1, "leadership": 1})
    assert Counter(c.partition(":")[0] for c in state.destiny) == Counter(
        {t: 2 for t in content.skill_type_ids()}
    )
    president, admiral = state.titles["president"], state.titles["admiral"]
    assert state.player(president).character == "laura-roslin"  # type: ignore[arg-type]
    assert state.player(admiral).character == "william-adama"  # type: ignore[arg-type]
    assert [d for d, _ in state.player(president).hand].count("quorum") == 1  # type: ignore[arg-type]
    # 8 vipers in the box, 2 placed below Galactica (no Apollo in this game): 6 in reserve.
    assert state.nukes == 2 and state.reserves == {"vipers": 6, "raptors": 4}
    post = (game.folder / "public" / "000-setup.facebook.txt").read_text()
    assert "(holds 2 nukes)" in post and "First player:" in post


def test_difficulty_moves_every_dial(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, difficulty="easier-for-cylons")
    game.run("setup")
    assert game.state().resources == {"food": 6, "fuel": 6, "morale": 8, "population": 10}


def test_first_player_spread(content: Battlestar) -> None:
    counts = Counter(first_seat(f"seed-{n}", 5) for n in range(500))
    assert set(counts) == set(range(5)) and min(counts.values()) > 60


def test_missing_pack_file_is_a_content_error(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "battlestar", pack)
    (pack / "succession.yaml").unlink()
    with pytest.raises(ContentError, match="file is missing"):
        load_content(str(pack))


def test_example_game_file_sets_up(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[1] / "seeds" / "battlestar-example.yaml"
    result = CliRunner().invoke(main, ["bsg", "setup", str(example), "-o", str(tmp_path / "g")])
    assert result.exit_code == 0, result.output
    post = (tmp_path / "g" / "public" / "000-setup.facebook.txt").read_text()
    assert "Seed commitment:" in post and "First player:" in post
    verify = CliRunner().invoke(
        main,
        ["verify", "--pack", "battlestar", "--seed", yaml.safe_load(example.read_text())["seed"],
         "--commitment", post.split("Seed commitment: ")[1].split()[0]],
    )  # fmt: skip
    assert verify.exit_code == 0 and "OK" in verify.output
