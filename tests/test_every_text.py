"""Every text of every game, read back as players and hosts get it: one game per pack at a
fixed seed, written once for this module through the CLI (the table games play a few
entries through their commands, since that is how their posts appear). Every post,
Facebook comment, Discord and BGG text, HTML page, host note (with the alt texts), posting
guide and sheet (PDF text via pypdf), in every language a game speaks, must be free of
unfilled placeholders, empty joins, empty files and doubled words (issue 19, item 6)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from generator.games.card_race.cards import parse_id, sorted_hand
from generator.games.card_race.judge import judge, may_play

PACKS = ("galaxy-trucker", "keep-on-trucking", "moon-drop", "card-race", "battlestar")
SEED = "every-text-of-every-game-0001"

# What an unfilled or half-filled template leaves behind.
PROBLEMS: dict[str, re.Pattern[str]] = {
    "a placeholder left in braces": re.compile(r"\{[A-Za-z_][A-Za-z_0-9.]*\}|\{\{|\}\}"),
    "a printf placeholder": re.compile(r"%[sdrif]\b|%\([a-z_]+\)"),
    "a None": re.compile(r"\bNone\b"),
    "an empty list joined": re.compile(
        r"[:,;] *[.,;](?!\.)|\(\s*\)|\[\s*\]|: limits\b|\bin order: *[.,;]"
    ),
    "an empty field": re.compile(r"\[image: *\]|\balt=\"\"|`: *$", re.M),
}
# A label with nothing under it: a line ending in ':' followed by a blank line or the end
# (posts and notes; a PDF's text runs in columns, so its lines are not checked this way).
EMPTY_LABEL = re.compile(r"^[^\n]*\S:[ \t]*\n(?:[ \t]*\n|\Z)|\S:[ \t]*\Z", re.M)
# A word twice in a row ("the the"), case and all; a word alone on its line is a label or
# a heading (a tile's name over its summary, "Building" over "Building is over"), not prose.
DOUBLED = re.compile(r"(?<![\w-])([A-Za-z]+)(?:[ \t]+\n?|\n)[ \t]*\1\b")


def _cli(*args: str) -> None:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output)


def _write(path: Path, data: dict[str, object]) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _galaxy_trucker(root: Path) -> Path:
    _cli("game", "--pack", "galaxy-trucker", "--seed", SEED, "--no-images", "--paper", "a4",
         "-o", str(root / "out"))  # fmt: skip
    return root / "out"


def _keep_on_trucking(root: Path) -> Path:
    # Every part of the expansion at once: the A ships, three Rough Roads a round, titles.
    game = _write(
        root / "game.yaml",
        {"pack": "keep-on-trucking", "seed": SEED, "ships": "A", "difficulty": "insane",
         "titles": "3-6-9"},
    )  # fmt: skip
    _cli("game", "--game", str(game), "--no-images", "--paper", "a4", "-o", str(root / "out"))
    return root / "out"


def _moon_drop(root: Path) -> Path:
    _cli("game", "--pack", "moon-drop", "--seed", SEED, "--no-images", "--paper", "a4",
         "-o", str(root / "out"))  # fmt: skip
    return root / "out"


def _card_race(root: Path) -> Path:
    """Both languages, hidden bids and specials; two rounds bid and played at the table."""
    seats = ["Ada", "Ben", "Cleo"]
    game = _write(
        root / "game.yaml",
        {"pack": "card-race", "seed": SEED, "players": seats, "rounds": 7, "bidding": "hidden",
         "specials": True, "lang": "both", "paper": "a4"},
    )  # fmt: skip
    folder = root / "out"
    _cli("card-race", "new", str(game), "-o", str(folder), "--no-images")
    plan = json.loads((folder / "plan.json").read_text(encoding="utf-8"))
    for plan_round in plan["rounds"][:2]:
        number = plan_round["round"]
        hands = {p: [parse_id(c) for c in plan_round["hands"][p]] for p in seats}
        trump = plan_round["turn_up"]["trump"]
        if plan_round["turn_up"]["how"] == "choose":
            trump = "G"
            _cli("card-race", "trump", str(folder), "G")
        first = seats.index(plan_round["first"])
        for i in range(3):
            _cli("card-race", "bid", str(folder), seats[(first + i) % 3], str(i % 2))
        leader = plan_round["first"]
        for trick in range(number):
            plays = []
            start = seats.index(leader)
            for k in range(3):
                player = seats[(start + k) % 3]
                so_far = [c for _, c in plays]
                legal = [
                    c for c in sorted_hand(hands[player]) if may_play(c, hands[player], so_far)
                ]
                card = legal[(number + trick + k) % len(legal)]
                _cli("card-race", "play", str(folder), player, card.code)
                hands[player].remove(card)
                plays.append((player, card))
            outcome = judge([c for _, c in plays], trump)
            position = (
                outcome.reason_values["position"] if outcome.winner is None else outcome.winner
            )
            leader = plays[position][0]
    return folder


def _battlestar(root: Path) -> Path:
    """Setup, then two turns of a moderator's table: skills, a crisis, a skill check, the
    fleet, the jump track, the turn's end."""
    game = _write(
        root / "game.yaml",
        {"pack": "battlestar", "seed": SEED, "difficulty": "standard", "output": "out",
         "players": [
             {"name": "alice", "character": "laura-roslin"},
             {"name": "bob_b", "character": "william-adama"},
             {"name": "Carol", "character": "kara-thrace",
              "setup_skills": ["tactics", "piloting", "leadership"]},
             {"name": "dave", "character": "galen-tyrol"},
         ]},
    )  # fmt: skip
    from generator.games.battlestar.game import open_table, replay

    def state():  # type: ignore[no-untyped-def]
        return replay(open_table(game)).state

    def bsg(*args: str) -> None:
        _cli("bsg", args[0], str(game), *args[1:])

    bsg("setup")
    _cli("sheets", "--pack", "battlestar", "--paper", "a4", "-o", str(root / "out" / "print"))
    for turn in (1, 2):
        current = state().player(state().current_seat)
        if current.character == "kara-thrace":
            bsg("skills", current.name, "tactics=2", "piloting=2", "engineering=1")
        else:
            bsg("skills", current.name)
        bsg("draw", "crisis", "--kind", "check" if turn == 2 else "event", "--jump")
        if turn == 2:
            bsg("check-open", "--types", "politics,leadership", "--difficulty", "8",
                "--partial", "4", "--name", "Crisis check")  # fmt: skip
            now = state()
            for seat in now.check.order:
                held = [c for d, c in now.player(seat).hand if d.startswith("skill:")]
                bsg("check-add", now.player(seat).name, *held[:1])
            bsg("check-resolve")
        bsg("fleet", "morale=-1")
        if turn == 1:
            bsg("resolved")
        bsg("prep")
        bsg("next")
    return root / "out"


BUILDERS = {
    "galaxy-trucker": _galaxy_trucker,
    "keep-on-trucking": _keep_on_trucking,
    "moon-drop": _moon_drop,
    "card-race": _card_race,
    "battlestar": _battlestar,
}


BLOCK_TAG = re.compile(
    r"</?(?:title|h[1-6]|p|li|ul|ol|div|br|details|summary|tr|td|th|section|header|footer)\b[^>]*>",
    re.I,
)


ALT = re.compile(r"<img\b[^>]*?\balt=\"([^\"]*)\"[^>]*>", re.I)


def html_text(page: str) -> str:
    """A page's text: scripts and styles dropped, a block element a paragraph of its own,
    an image's alt text in brackets (an empty one reads "[image: ]")."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = ALT.sub(lambda m: f"\n\n[image: {m.group(1)}]\n\n", page)
    page = BLOCK_TAG.sub("\n\n", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def read_texts(folder: Path) -> Iterator[tuple[str, str]]:
    """(name, text) of every file players or the host read: texts, pages, PDF pages. The
    copied pack, the plan and the logs are data, not texts."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if not path.is_file() or rel.parts[0] == "pack":
            continue
        if path.suffix in (".txt", ".md"):
            yield str(rel), path.read_text(encoding="utf-8")
        elif path.suffix == ".html":
            yield str(rel), html_text(path.read_text(encoding="utf-8"))
        elif path.suffix == ".pdf":
            for number, page in enumerate(PdfReader(path).pages, 1):
                yield f"{rel} page {number}", page.extract_text() or ""


def problems_in(name: str, text: str) -> list[str]:
    found = []
    if not text.strip():
        found.append(f"{name}: empty")
    if ".pdf" not in name and not name.endswith(".html"):
        for m in EMPTY_LABEL.finditer(text):
            found.append(f"{name}: an empty field: {m.group(0).strip()!r}")
    for what, pattern in PROBLEMS.items():
        for m in pattern.finditer(text):
            found.append(f"{name}: {what}: ...{text[max(0, m.start() - 50) : m.end() + 30]!r}")
    for m in DOUBLED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        first_line_end = text.find("\n", m.start())
        alone = "\n" in m.group(0) and text[line_start : m.start()].strip() == ""
        if alone and text[m.start() : first_line_end].strip() == m.group(1):
            continue  # a label or heading over the prose that repeats it
        found.append(f"{name}: a doubled word: ...{text[max(0, m.start() - 50) : m.end() + 30]!r}")
    return found


@pytest.fixture(scope="module")
def every_text(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    found = {}
    for pack in PACKS:
        folder = BUILDERS[pack](tmp_path_factory.mktemp(pack))
        found[pack] = dict(read_texts(folder))
    return found


@pytest.mark.parametrize("pack", PACKS)
def test_every_text_of_every_game_has_no_placeholder_or_doubled_word(
    every_text: dict[str, dict[str, str]], pack: str
) -> None:
    texts = every_text[pack]
    # The game wrote posts and sheets at all (a builder that wrote nothing proves nothing).
    assert any(".pdf" in name for name in texts), sorted(texts)
    assert sum(".txt" in name or ".md" in name for name in texts) >= 5, sorted(texts)
    found = [p for name, text in texts.items() for p in problems_in(name, text)]
    assert not found, "\n".join(found[:40])


def test_the_every_text_check_finds_what_it_looks_for() -> None:
    """The checker itself: each kind of slip is found, and labels over prose are not."""
    for bad in (
        "Resolve the rest of the the meteors.",
        "Line by line, in order: limits. A ship with more",
        "Dead Zone, column {column}: engines there add nothing.",
        "Lost: None.",
        "Cards: .",
        "Crew: %s",
        "holds match holds and batteries batteries of any size",
        "",
        "Cards added:\n\nNext turn",
        "Alt text for `round-1/x.png`: ",
        "[image: ]",
    ):
        assert problems_in("x.txt", bad), bad
    for good in ("CABIN\ncabin: holds 2 humans", "Building\nBuilding is over", "Admiral: ...",
                 "--seed SEED"):  # fmt: skip
        assert not problems_in("x.txt", good), good


def test_every_language_of_card_race_is_read(
    every_text: dict[str, dict[str, str]],
) -> None:
    texts = every_text["card-race"]
    words = " ".join(texts.values())
    assert " Stich" in words and " trick" in words  # German and English both read
    for lang in ("de", "en"):  # the table's entries (bids, plays), in both languages
        assert any("/table-" in name and f".{lang}." in name for name in texts), lang
