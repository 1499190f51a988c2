"""`sheetgen digest` for the table games: the thread so far as the catch-up page, tied to
the table log. One more entry adds exactly its post and changes no other; a round not begun
is absent; nothing private (a hand, a message, a record, a salt or deck not yet revealed) is
ever on the page or in its PDF; options that need a schedule are refused clearly."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from bsg_helpers import BsgGame
from card_race_helpers import PlayedTable as Table
from click.testing import CliRunner, Result
from headless import measure
from pypdf import PdfReader

from generator.cli import main

Run = Callable[..., Result]
MARK = "PLANTED-7f3a9c-NEVER-ON-A-PAGE"


def articles(html: str) -> dict[str, str]:
    """Each post of the page by its anchor, in page order."""
    found = re.findall(r'(<article id="([^"]+)">.*?</article>)', html, flags=re.DOTALL)
    return {anchor: text for text, anchor in found}


def pdf_text(folder: Path) -> str:
    reader = PdfReader(io.BytesIO((folder / "digest.pdf").read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages)


def page_of(folder: Path, run: Run, *options: str) -> str:
    result = run("digest", "-o", str(folder), *options)
    assert result.exit_code == 0, result.output
    return (folder / "digest.html").read_text(encoding="utf-8")


def anchors(table: Table) -> list[str]:
    """The posts the thread holds after the entries played (Card Race, 3 players)."""
    found = ["round-01-round"]
    for serial in range(1, table.entries + 1):
        number = 1 if serial <= 6 else 2
        found.append(f"round-{number:02d}-table-{serial:03d}")
        if serial == 6:
            found += ["round-01-standings", "round-02-round"]
    return found


def test_one_more_entry_adds_exactly_its_post(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    before = articles(page_of(table.folder, run))
    assert list(before) == ["round-01-round"]  # no entry yet: round 1's post only
    for _ in range(8):
        table.play()
        after = articles(page_of(table.folder, run))
        assert list(after) == anchors(table)
        gained = [a for a in after if a not in before]
        expected = 3 if table.entries == 6 else 1  # round 1's end: standings, round 2
        assert len(gained) == expected and gained[0].endswith(f"table-{table.entries:03d}")
        assert {a: after[a] for a in before} == before  # no other post changed
        before = after
    # The page shows each post as its own HTML file says it.
    post = (table.folder / "round-02" / "table-008.html").read_text()
    body = re.search(r"</h2>\n(.*)\n</article>", post, flags=re.DOTALL)
    assert body and body[1] in before["round-02-table-008"]


def test_a_round_not_begun_and_a_deal_not_revealed_are_absent(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    rounds = table.plan["rounds"]
    for _ in range(5):  # round 1, its last card not played yet
        table.play()
    html = page_of(table.folder, run)
    text = pdf_text(table.folder)
    for page in (html, text.replace("\n", "")):
        assert rounds[1]["commitment"] not in page  # round 2's post is written, not due
        assert rounds[0]["salt"] not in page  # round 1's deal is revealed at its end only
    assert "round-02" not in html
    table.play()  # round 1's last card: its standings reveal the deal, round 2 begins
    html = page_of(table.folder, run)
    assert rounds[0]["salt"] in html and rounds[1]["commitment"] in html
    assert rounds[1]["salt"] not in html and rounds[2]["commitment"] not in html
    assert table.plan["seed"] not in html  # the final post reveals it, at the end only


def test_no_hand_is_ever_on_the_page(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    for _ in range(7):
        table.play()
    private = table.folder / "private"
    hands = sorted(private.rglob("hand-*.txt"))
    cards = {
        line
        for path in hands
        for line in path.read_text().splitlines()
        if line.startswith("- ")  # a hand's card lines ("- Plasma Drive 3 (...) [P3]")
    }
    for path in hands:
        path.write_text(path.read_text() + f"{MARK}\n")
    html = page_of(table.folder, run)
    text = pdf_text(table.folder)
    assert MARK not in html and MARK not in text and "private/" not in html
    assert cards and not any(line in html for line in cards)
    assert "Your cards" not in html and "Your cards" not in text


def test_a_post_that_names_a_private_picture_is_refused(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    table.play()
    post = table.folder / "round-01" / "table-001.html"
    post.write_text(
        post.read_text().replace(
            "</article>", '<img src="private/round-01/hand-Ada.txt" alt="x">\n</article>'
        )
    )
    result = run("digest", "-o", str(table.folder))
    assert result.exit_code == 2 and "a private file, never on the catch-up page" in result.output
    assert not (table.folder / "digest.html").exists()


def test_until_an_entry(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    for _ in range(4):
        table.play()
    html = page_of(table.folder, run, "--until", "entry 2")
    assert list(articles(html)) == ["round-01-round", "round-01-table-001", "round-01-table-002"]
    assert "through table entry 2, in order" in html
    assert "(the latest)" in page_of(table.folder, run, "--until", "Entry 4")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--all",), "--all: Galactic Card Race is a table game"),
        (("--host-copy",), "--host-copy: Galactic Card Race is a table game"),
        (("--titles", "3-6-9"), "has no scores to rank"),
        (("--until", "2026-12-01"), "say how far with --until 'entry N' (the latest entry is 1)"),
        (("--until", "day 2"), "has no dates or days"),
        (("--until", "entry 2"), "the log holds entries up to 1"),
    ],
)
def test_options_that_need_a_schedule_exit_2(
    tmp_path: Path, run: Run, options: tuple[str, ...], message: str
) -> None:
    table = Table(tmp_path, run)
    table.play()
    result = run("digest", "-o", str(table.folder), *options)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (table.folder / "digest.html").exists()
    assert not (table.folder / "host-copy-digest.html").exists()


def test_the_page_is_listed_and_written_in_place(tmp_path: Path, run: Run) -> None:
    import json

    table = Table(tmp_path, run)
    table.play()
    inode = os.stat(table.folder).st_ino
    page_of(table.folder, run)
    # Written in place: the folder is the same folder, not a rebuilt copy.
    assert os.stat(table.folder).st_ino == inode
    listed = json.loads((table.folder / "manifest.json").read_text())
    assert {"digest.html", "digest.pdf"} <= set(listed["files"])
    assert "digest.html" not in listed["table"]  # no record of the game
    table.play()  # the table goes on after a page
    assert "round-01-table-002" in articles(page_of(table.folder, run))


def test_the_sheets_and_the_standings_picture_travel_with_the_page(
    tmp_path: Path, run: Run
) -> None:
    table = Table(tmp_path, run)
    for _ in range(6):
        table.play()
    html = page_of(table.folder, run)
    assert "Score pad 3p (A4)" in html and "Rules card (A4)" in html
    assert html.count("data:application/pdf;base64,") == 4
    standings = articles(html)["round-01-standings"]
    assert standings.count('<img src="data:image/png;base64,') == 1


@pytest.mark.browser
def test_a_card_race_page_on_a_phone(tmp_path: Path, run: Run) -> None:
    table = Table(tmp_path, run)
    for _ in range(6):  # the standings: a picture and the long verify command
        table.play()
    page_of(table.folder, run)
    figures = measure(table.folder / "digest.html")
    assert figures["scrollWidth"] <= 360, figures  # no horizontal scroll on a phone
    assert figures["images"] == figures["imagesLoaded"] == 1


# --- Battlestar ---------------------------------------------------------------------------
def bsg_digest(game: BsgGame, *options: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, ["digest", "--game", str(game.file), *options])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    if code:
        return result.output
    return (game.folder / "digest.html").read_text(encoding="utf-8")


def test_battlestar_page_follows_the_log_and_holds_nothing_private(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    assert list(articles(bsg_digest(game))) == ["public-000-setup"]
    game.run("check-open", "--types", "politics", "--difficulty", "3")
    first = game.state().check.order[0]  # type: ignore[union-attr]
    game.run("check-add", game.state().player(first).name)
    before = articles(bsg_digest(game))
    assert list(before) == ["public-000-setup", "public-001-check-open", "public-002-check-add"]
    game.run("fleet", "food=-1")
    after = articles(bsg_digest(game))
    assert list(after) == [*before, "public-003-fleet"]
    assert {a: after[a] for a in before} == before
    # Every private message and the moderator's record, planted with a mark: never read.
    for under in ("private", "moderator"):
        for path in (game.folder / under).rglob("*.txt"):
            path.write_text(path.read_text() + f"{MARK}\n")
    html = bsg_digest(game)
    text = pdf_text(game.folder)
    assert MARK not in html and MARK not in text
    for message in game.files("private").values():
        assert message.splitlines()[0] not in html  # "... private message for alice (seat 1)"
    assert "Loyalty card:" not in html and "Your character" not in html
    assert game.state().seed not in html and game.state().seed not in text
    assert html.count("data:application/pdf;base64,") == 4  # tracker and aid, A4 and Letter


def test_battlestar_turns_and_the_choosing(tmp_path: Path) -> None:
    from bsg_helpers import FOUR

    game = BsgGame(tmp_path, players=[(n, None, None) for n, _, _ in FOUR])
    game.run("setup")
    html = bsg_digest(game)
    assert list(articles(html)) == ["public-choose-0"] and "Choosing characters" in html
    chosen = BsgGame(tmp_path / "dealt", rules=2)
    chosen.run("setup")
    chosen.run("next")
    chosen.run("fleet", "food=-1")
    html = bsg_digest(chosen)
    sections = re.findall(r'<section id="([^"]+)"', html)
    assert sections == ["sheets", "setup", "turn-2"]
    assert "Turn 2 · Next turn" in html


def test_battlestar_options(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, rules=2)
    game.run("setup")
    game.run("fleet", "food=-1")
    assert "--all: Battlestar" in bsg_digest(game, "--all", code=2)
    assert list(articles(bsg_digest(game, "--until", "entry 0"))) == ["public-000-setup"]
    result = CliRunner().invoke(main, ["digest", "-o", str(game.folder)])
    assert result.exit_code == 2 and "give the file with --game GAME_FILE" in result.output
