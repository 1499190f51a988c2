"""The Galactic Card Race pack and game files: `check` passes, every text exists in English
and German (a removed translation is reported with file and line), game files are checked
against the round limits of the rulings."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from generator.games.card_race.content import CardRace
from generator.kit.session import load_content

PACK = Path(__file__).parent.parent / "content" / "card-race"


@pytest.fixture(scope="module")
def content() -> CardRace:
    return load_content("card-race")[2]


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    return target


def test_check_passes(run: Callable[..., Result]) -> None:
    result = run("check", "card-race")
    assert result.exit_code == 0, result.output
    assert "Galactic Card Race (card-race 1.0.0): OK" in result.output


def test_the_deck_has_the_sixty_cards_of_the_rule_text(content: CardRace) -> None:
    deck = content.deck(True)
    assert len(deck) == 60
    assert len({c.id for c in deck}) == 60
    kinds = [c.kind for c in deck]
    assert [kinds.count(k) for k in "IPWGNFTBH"] == [12, 12, 12, 12, 4, 4, 1, 2, 1]
    assert len(content.deck(False)) == 56
    # German names come from the rule text.
    names = {c.kind: content.card_name(c, "de") for c in deck if not c.is_tech}
    assert names == {
        "N": "Navigator",
        "F": "Treibstoffleck",
        "T": "Traktorstrahl",
        "B": "Booster",
        "H": "Schwarzes Loch",
    }
    assert [content.suits[s].de for s in "IPWG"] == [
        "Ionen-Antrieb",
        "Plasma-Antrieb",
        "Warp-Antrieb",
        "Gravitations-Antrieb",
    ]


def test_round_limits_follow_the_rulings(content: CardRace) -> None:
    assert [content.max_rounds(n, True) for n in (3, 4, 5)] == [19, 14, 11]
    assert [content.max_rounds(n, False) for n in (3, 4, 5)] == [18, 13, 11]
    assert content.round_range(3, True) == (7, 19, 15)
    assert content.round_range(4, False) == (5, 13, 12)


# The round's reveal and the check command's words are texts like every other.
@pytest.mark.parametrize("name", ["hand_title", "reveal_deck", "verify_mismatch"])
def test_a_removed_german_text_is_reported_with_file_and_line(
    tmp_path: Path, run: Callable[..., Result], name: str
) -> None:
    pack = copy_pack(tmp_path)
    texts = pack / "texts.yaml"
    lines = texts.read_text(encoding="utf-8").splitlines()
    key = lines.index(f"{name}:")
    german = next(i for i in range(key, len(lines)) if lines[i].startswith("  de:"))
    del lines[german]
    # The entry's line: where its English text stands, the German one belongs after it.
    entry_line = key + 2
    texts.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("check", str(pack))
    assert result.exit_code == 2
    assert f"texts.yaml:{entry_line}: {name}: missing German text (add de:)" in result.output
    assert "1 problem found" in result.output


def test_an_unknown_placeholder_is_reported(tmp_path: Path, run: Callable[..., Result]) -> None:
    pack = copy_pack(tmp_path)
    texts = pack / "texts.yaml"
    source = texts.read_text(encoding="utf-8")
    source = source.replace('  de: "Geber: {dealer}."', '  de: "Geber: {dealr}."')
    texts.write_text(source, encoding="utf-8")
    result = run("check", str(pack))
    assert result.exit_code == 2
    line = source.splitlines().index('  de: "Geber: {dealr}."') + 1
    assert f"texts.yaml:{line}: hand_dealer.de: unknown placeholder {{dealr}}" in result.output


def test_a_translation_that_drops_a_value_is_reported(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    pack = copy_pack(tmp_path)
    texts = pack / "texts.yaml"
    source = texts.read_text(encoding="utf-8")
    old = '  de: "Trumpf: {suit} (aufgedeckt: {card})."'
    assert old in source
    texts.write_text(source.replace(old, '  de: "Trumpf: {suit}."'), encoding="utf-8")
    result = run("check", str(pack))
    assert result.exit_code == 2
    line = source.splitlines().index(old) + 1
    assert f"texts.yaml:{line}: trump_suit.de: placeholder {{card}} is missing" in result.output


def test_a_round_limit_beyond_the_deck_is_refused(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    pack = copy_pack(tmp_path)
    rules = pack / "rules.yaml"
    source = rules.read_text(encoding="utf-8")
    rules.write_text(source.replace("max: 14, default: 12", "max: 15, default: 12"))
    result = run("check", str(pack))
    assert result.exit_code == 2
    assert "rules.yaml:10: rounds[4].max: 15 rounds need more cards than the deck has" in (
        result.output
    )


def write_game(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text("pack: card-race\nseed: a-long-enough-test-seed-0001\n" + body)
    return path


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("players: [A, B]\n", "3: players: 2 players (expected 3 to 5)"),
        ("players: [A]\n", "3: players: 1 player (expected 3 to 5)"),
        ("players: [A, B, C, D, E, F]\n", "3: players: 6 players (expected 3 to 5)"),
        (
            "players: [A, B, C]\nrounds: 20\n",
            "4: rounds: 20 rounds for 3 players (expected 7 to 19",
        ),
        (
            "players: [A, B, C, D]\nrounds: 4\n",
            "4: rounds: 4 rounds for 4 players (expected 5 to 1",
        ),
        (
            "players: [A, B, C]\nrounds: 19\nspecials: false\n",
            "4: rounds: 19 rounds for 3 players without special cards (expected 7 to 18)",
        ),
        (
            "players: [A, B, C, D]\nrounds: 14\nspecials: false\n",
            "4: rounds: 14 rounds for 4 players without special cards (expected 5 to 13)",
        ),
        ("players: [A, B, C]\nbidding: secret\n", "4: bidding: got 'secret' (expected one of"),
        ("players: [A, B, A]\n", "3: players: two players share a name"),
        ("players: [A, B, 'C D']\n", "3: players[2]: 'C D': a name is one word"),
        ("players: [A, B, ../x]\n", "3: players[2]: '../x': a name is one word"),
        ("players: [A, B, x/y]\n", "3: players[2]: 'x/y': a name is one word"),
        ("players: [Anne-Marie, Jörg, O'Neil]\nrounds: 40\n", "4: rounds: 40 rounds for 3"),
        ("players: [A, B, C]\nlang: fr\n", "4: lang: got 'fr'"),
        ("players: [A, B, C]\ncolour: red\n", "4: colour: unknown key (allowed keys: players"),
    ],
)
def test_game_file_problems(
    tmp_path: Path, run: Callable[..., Result], body: str, message: str
) -> None:
    path = write_game(tmp_path, body)
    result = run("check", "card-race", "--game", str(path))
    assert result.exit_code == 2, result.output
    assert f"game.yaml:{message}" in result.output


@pytest.mark.parametrize(
    ("players", "rounds", "specials"),
    [
        (3, 19, "true"),
        (4, 14, "true"),
        (5, 11, "true"),
        (3, 18, "false"),
        (4, 13, "false"),
        (5, 11, "false"),
    ],
)
def test_the_most_rounds_are_accepted(
    tmp_path: Path, run: Callable[..., Result], players: int, rounds: int, specials: str
) -> None:
    names = ", ".join("ABCDE"[:players])
    path = write_game(tmp_path, f"players: [{names}]\nrounds: {rounds}\nspecials: {specials}\n")
    result = run("check", "card-race", "--game", str(path))
    assert result.exit_code == 0, result.output
    assert f"{players} players" in result.output and f"{rounds} rounds" in result.output


def test_the_example_game_file_checks(run: Callable[..., Result]) -> None:
    example = Path(__file__).parent.parent / "seeds" / "card-race-example.yaml"
    result = run("check", "card-race", "--game", str(example))
    assert result.exit_code == 0, result.output
    assert "3 players (Ada, Ben, Cleo), 7 rounds, hidden bidding" in result.output


def _names_the_code_asks_for() -> tuple[set[str], set[str]]:
    """Every plain string in the game's code, and the leading text of every f-string (a
    text picked by variant, `f"round_bid_{variant}"`, starts with `round_bid_`)."""
    import ast

    plain: set[str] = set()
    prefixes: set[str] = set()
    code = Path(__file__).parent.parent / "generator" / "games" / "card_race"
    for source in code.rglob("*.py"):
        if source.name == "text_fields.py":
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefixes.add(first.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                plain.add(node.value)
    return plain, {p for p in prefixes if p}


def test_every_text_the_pack_must_have_is_one_the_game_uses() -> None:
    # A text the pack must carry in both languages but no post ever shows is work for
    # translators and a `check` error for a pack that leaves it out, for nothing.
    from generator.games.card_race.text_fields import LIST_TEXTS, TEXT_FIELDS

    plain, prefixes = _names_the_code_asks_for()
    unused = [
        name
        for name in [*TEXT_FIELDS, *LIST_TEXTS]
        if name not in plain and not any(name.startswith(p) for p in prefixes)
    ]
    assert unused == []


def test_a_pack_copied_from_an_earlier_version_still_passes_check(
    run: Callable[..., Result], tmp_path: Path
) -> None:
    pack = copy_pack(tmp_path)
    with (pack / "texts.yaml").open("a", encoding="utf-8") as texts:
        texts.write('ok_recorded:\n  en: "Recorded: {entry}."\n  de: "Eingetragen: {entry}."\n')
        texts.write('oops_typo:\n  en: "x"\n  de: "x"\n')
    result = run("check", str(pack))
    # The retired text is read and ignored; a key no version ever had is still an error.
    assert result.exit_code == 2, result.output
    assert "ok_recorded" not in result.output
    assert "texts.yaml:" in result.output
    assert ": oops_typo: unknown text key (the game never uses it)" in result.output
