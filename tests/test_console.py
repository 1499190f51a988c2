"""`sheetgen console`: the host's page, tied to the folder it is made from. Every Copy button
copies exactly its post file (read back from a real browser's clipboard), the check boxes
survive a reload, the page fits a phone and a desktop, asks for nothing over the network,
puts a missed slot first in the warning style and never holds a post not yet due unless
the host asks for the preview; a slot marked posted leaves it. Table games: the table after
its latest entry, its private messages named and never shown."""

from __future__ import annotations

import html as html_module
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from card_race_helpers import PlayedTable
from click.testing import CliRunner, Result
from devtools import Browser

from generator.cli import main
from generator.host.console import CONSOLE_HTML

GT_GAME = """\
seed: console-test-seed-0123456789abcdef
start: 2026-12-01
rhythm:
  timezone: Europe/Amsterdam
"""
MOON_GAME = "pack: moon-drop\nseed: console-moon-seed-0123456789\nstart: 2026-12-07\n"
# Day 5, morning: round 1's end of building and the first flight turn (turn 9), with pictures.
GT_AT = "2026-12-05 09:00"
MOON_AT = "2026-12-08 10:00"


def cli(*args: str, code: int = 0) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def gt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("console-gt")
    (where / "g.yaml").write_text(GT_GAME, encoding="utf-8")
    cli("round", "1", "--game", str(where / "g.yaml"), "-o", str(where / "gt"))
    return where / "gt"


@pytest.fixture(scope="module")
def moon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("console-moon")
    (where / "m.yaml").write_text(MOON_GAME, encoding="utf-8")
    cli("game", "--game", str(where / "m.yaml"), "-o", str(where / "moon"))
    return where / "moon"


@pytest.fixture(scope="module")
def race(tmp_path_factory: pytest.TempPathFactory) -> PlayedTable:
    """A Card Race with round 1 played out: round 2's hands and round post are due."""
    table = PlayedTable(tmp_path_factory.mktemp("console-race"), lambda *a: cli(*a))
    for _ in range(20):
        if table.state.current.number != 1:
            break
        table.play()
    assert table.state.current.number == 2
    return table


def copy_of(folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / folder.name
    shutil.copytree(folder, target, symlinks=True)
    return target


def console(folder: Path, *options: str) -> str:
    cli("console", "-o", str(folder), *options)
    return (folder / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")


def slot_classes(page: str) -> list[str]:
    return re.findall(r'<section class="slot (\w+)"', page)


def posts_of_turn(folder: Path, turn: int) -> list[Any]:
    from generator.host.game_folder import open_folder
    from generator.host.today import slots_with_posts

    (work,) = [w for w in slots_with_posts(open_folder(folder)) if w.slot.turn == turn]
    return work.posts


def alt_texts(folder: Path) -> dict[str, str]:
    """Every picture's alt text, as the posts' host notes (KEY.host.txt) give it."""
    found = {}
    for note in folder.rglob("*.host.txt"):
        for file, alt in re.findall(r"^Alt text for `([^`]+)`: (.*)$", note.read_text(), re.M):
            found[file] = alt
    return found


def at_moment(browser: Browser, moment: str) -> None:
    """The page's clock says `moment` (in the game's zone) is now."""
    from test_console_clock import at_ms, fixed_clock

    browser.page("Page.addScriptToEvaluateOnNewDocument", source=fixed_clock(at_ms(moment)))


@pytest.fixture
def browser() -> Iterator[Browser]:
    with Browser(1280) as opened:
        yield opened


# --- in a real browser ----------------------------------------------------------------------
def check_widths(page: Path) -> None:
    """No horizontal scroll at 390 px (a phone) or 1280 px, on any platform's tab; every
    picture shown; nothing asked for over the network."""
    for width, mobile in ((390, True), (1280, False)):
        with Browser(width, mobile=mobile) as browser:
            browser.open(page)
            tabs = browser.run(
                "[...document.querySelectorAll('.tabs button')].map(b => b.dataset.platform)"
            )
            assert tabs, "no platform switch"
            for platform in tabs:
                browser.run(f"document.querySelector('.tabs [data-platform={platform}]').click()")
                figures = browser.run(
                    "({inner: innerWidth, page: document.documentElement.scrollWidth,"
                    " body: document.body.scrollWidth,"
                    " shown: document.querySelectorAll('.platform:not([hidden])').length,"
                    " images: [...document.images].filter(i => i.checkVisibility()).length,"
                    " loaded: [...document.images].filter(i => i.checkVisibility()"
                    " && i.naturalWidth > 0).length})"
                )
                assert figures["inner"] == width
                assert figures["page"] <= width and figures["body"] <= width, (platform, figures)
                assert figures["shown"] >= 1
                assert figures["images"] == figures["loaded"], (platform, figures)
            asked = [u for u in browser.requests() if not u.startswith(("data:", "file:"))]
            assert asked == []


def check_copies(browser: Browser, page: Path, folder: Path) -> int:
    """Each Copy button, clicked on its platform's tab, puts exactly its file's text (or its
    picture's alt text) on the clipboard. Returns how many were clicked."""
    browser.open(page)
    alts = alt_texts(folder)
    buttons = browser.run(
        "[...document.querySelectorAll('button[data-copy]')].map((b, i) =>"
        " [i, b.dataset.file, b.closest('.platform').dataset.platform])"
    )
    assert buttons
    for index, file, platform in buttons:
        browser.run(f"document.querySelector('.tabs [data-platform={platform}]').click()")
        copied = browser.run(
            "(async () => { await navigator.clipboard.writeText('(nothing)');"
            f" document.querySelectorAll('button[data-copy]')[{index}].click();"
            " for (let n = 0; n < 50; n++) { const t = await navigator.clipboard.readText();"
            " if (t !== '(nothing)') return t; await new Promise(r => setTimeout(r, 20)); }"
            " return null; })()"
        )
        if file.endswith(" alt"):
            assert copied == alts[file.removesuffix(" alt")], file
        else:
            assert copied == (folder / file).read_text(encoding="utf-8"), file
    return len(buttons)


def check_ticks(browser: Browser, page: Path) -> None:
    """Ticked steps stay ticked after a reload; the others stay unticked."""
    browser.open(page)
    count = browser.run("document.querySelectorAll('input[data-step]').length")
    assert count >= 2
    browser.run("document.querySelectorAll('input[data-step]')[0].click()")
    browser.run(f"document.querySelectorAll('input[data-step]')[{count - 1}].click()")
    browser.reload()
    ticked = browser.run("[...document.querySelectorAll('input[data-step]')].map(b => b.checked)")
    assert ticked == [True] + [False] * (count - 2) + [True]
    done = browser.run("document.querySelectorAll('.step.done').length")
    assert done == 2


@pytest.mark.browser
def test_galaxy_trucker_console_in_a_browser(gt: Path, browser: Browser) -> None:
    page = console(gt, "--at", GT_AT)
    assert not re.search(r"https?://", page)
    assert "data:image/png;base64," in page
    check_widths(gt / "console-HOST-ONLY-unposted-posts.html")
    assert check_copies(browser, gt / "console-HOST-ONLY-unposted-posts.html", gt) >= 6
    check_ticks(browser, gt / "console-HOST-ONLY-unposted-posts.html")


@pytest.mark.browser
def test_moon_drop_console_in_a_browser(moon: Path, browser: Browser) -> None:
    page = console(moon, "--at", MOON_AT)
    assert not re.search(r"https?://", page)
    # The print pack and the grid page, posted before day 1, can be saved again from the top.
    saves = page.split('<div class="saves">', 1)[1].split("</div></div>", 1)[0]
    assert '<a href="sheets/moon-drop-a4.pdf" download="moon-drop-a4.pdf">' in saves
    assert 'download="moon-drop-grid.html"' in saves
    assert slot_classes(page)[0] == "due"
    check_widths(moon / "console-HOST-ONLY-unposted-posts.html")
    assert check_copies(browser, moon / "console-HOST-ONLY-unposted-posts.html", moon) >= 3
    check_ticks(browser, moon / "console-HOST-ONLY-unposted-posts.html")


@pytest.mark.browser
def test_card_race_console_in_a_browser(race: PlayedTable, browser: Browser) -> None:
    page = console(race.folder)
    assert not re.search(r"https?://", page)
    check_widths(race.folder / CONSOLE_HTML)
    assert check_copies(browser, race.folder / CONSOLE_HTML, race.folder) >= 3
    check_ticks(browser, race.folder / CONSOLE_HTML)


@pytest.mark.browser
def test_a_missed_slot_comes_first_in_the_warning_style(
    gt: Path, tmp_path: Path, browser: Browser
) -> None:
    folder = copy_of(gt, tmp_path)
    # Day 4's slots (turns 7 and 8) are not marked.
    cli("posted", "0-6", "--at", GT_AT, "-o", str(folder))
    page = console(folder, "--at", GT_AT)
    assert slot_classes(page)[:4] == ["missed", "missed", "due", "upcoming"]
    first = page.split('<section class="slot missed"', 1)[1]
    assert first.index("MISSED (1 of 2): post first") < first.index("Day 4, morning")
    at_moment(browser, GT_AT)
    browser.open(folder / "console-HOST-ONLY-unposted-posts.html")
    colours = browser.run(
        "[...document.querySelectorAll('section.slot')].map(s =>"
        " [s.className, getComputedStyle(s).backgroundColor, getComputedStyle(s).borderLeftColor])"
    )
    missed = [c for c in colours if c[0] == "slot missed"]
    others = [c for c in colours if c[0] != "slot missed"]
    assert len(missed) == 2 and colours[:2] == missed
    assert {tuple(c[1:]) for c in missed}.isdisjoint(tuple(c[1:]) for c in others)
    assert missed[0][2] == "rgb(211, 84, 0)"  # the warning orange


def test_the_page_covers_the_days_asked_for(gt: Path, tmp_path: Path) -> None:
    """Every slot of the span with its posts (the page is the host's alone and says so);
    the slots after the span are not on it."""
    folder = copy_of(gt, tmp_path)
    later = posts_of_turn(folder, 10)  # day 5, afternoon: not yet due at 09:00
    page = console(folder, "--at", GT_AT)
    assert "HOST ONLY · holds posts players must not see yet" in page
    for post in later:
        assert f"paste {post.key}.facebook.txt" in page
    one_day = console(folder, "--at", GT_AT, "--days", "1")
    assert slot_classes(one_day) == ["due", "upcoming"]  # day 5's morning and afternoon
    assert "This console covers Sat 5 Dec 2026 to Sat 5 Dec 2026 (1 day" in one_day
    week = console(folder, "--at", GT_AT)
    assert "This console covers Sat 5 Dec 2026 to Fri 11 Dec 2026 (7 days" in week
    assert len(slot_classes(week)) > len(slot_classes(one_day))


def test_a_slot_marked_posted_leaves_the_page(gt: Path, tmp_path: Path) -> None:
    folder = copy_of(gt, tmp_path)
    turn_nine = posts_of_turn(folder, 9)
    before = console(folder, "--at", GT_AT)
    assert slot_classes(before)[0] == "due"
    assert all(f"paste {p.key}.facebook.txt" in before for p in turn_nine)
    cli("posted", "now", "--at", GT_AT, "-o", str(folder))
    after = console(folder, "--at", "2026-12-05 09:30")
    assert set(slot_classes(after)) == {"upcoming"}
    assert not any(f"{p.key}." in after for p in turn_nine)
    # The page is the folder's: listed in its manifest.
    assert '"console-HOST-ONLY-unposted-posts.html"' in (folder / "manifest.json").read_text()


def test_card_race_names_private_messages_and_never_shows_them(race: PlayedTable) -> None:
    page = console(race.folder)
    assert "HOST&#x27;S PAGE" in page or "HOST'S PAGE" in page
    assert "it names the private messages" in page
    private = race.folder / "private" / "round-02"
    hands = sorted(p for p in private.glob("hand-*.txt") if not p.name.endswith(".host.txt"))
    assert hands
    for hand in hands:
        name = hand.stem.removeprefix("hand-")
        note = hand.with_name(f"{hand.stem}.host.txt")
        for line in note.read_text(encoding="utf-8").splitlines() if note.is_file() else []:
            if "Alt text" in line:  # the picture of the hand, in words
                assert html_module.escape(line.split(": ", 1)[1], quote=False) not in page
        assert f"Private message to {name}" in page
        assert f"private/round-02/{hand.name}" in page  # named...
        text = hand.read_text(encoding="utf-8")
        cards = text.split("Your cards", 1)[1].split("\n\n", 1)[0]  # the hand itself
        assert cards.count("\n- ") >= 2
        for shown in (text, cards, text.splitlines()[2]):  # "Private: for Ada only. …"
            assert html_module.escape(shown, quote=False) not in page  # ...never shown
    assert "private/" not in page.split('id="console-pictures">')[1].split("</script>")[0]
    # The check boxes are keyed by the entry: the next entry's steps start unticked.
    assert f'data-step="entry-{race.entries}/' in page
    assert '"console-HOST-ONLY-unposted-posts.html"' in (race.folder / "manifest.json").read_text()


def test_a_table_game_refuses_what_only_a_schedule_has(race: PlayedTable) -> None:
    for options in (("--at", GT_AT), ("--days", "3")):
        result = cli("console", "-o", str(race.folder), *options, code=2)
        assert "is a table game" in result.output


def test_battlestar_console_from_its_game_file(tmp_path: Path) -> None:
    from bsg_helpers import BsgGame

    game = BsgGame(tmp_path)
    game.run("setup")
    cli("console", "--game", str(game.file))
    page = (game.folder / "console-HOST-ONLY-unposted-posts.html").read_text(encoding="utf-8")
    assert "public/000-setup.facebook.txt" in page
    assert "Private message to alice" in page
    for text in game.files("private").values():
        assert html_module.escape(text.splitlines()[0], quote=False) not in page


@pytest.mark.browser
def test_a_private_message_is_one_tick_on_every_platform(
    race: PlayedTable, browser: Browser
) -> None:
    """A hand is sent once: ticking it under Facebook ticks it under Discord and BGG too,
    through a reload; a post's step stays per platform."""
    console(race.folder)
    page = race.folder / "console-HOST-ONLY-unposted-posts.html"
    browser.open(page)
    keys = browser.run(
        "[...document.querySelectorAll('input[data-step]')].map(b => b.dataset.step)"
    )
    private = [k for k in keys if "/private/" in k]
    assert private and len(set(private)) < len(private)  # one key, shown per platform
    first = private[0]
    assert keys.count(first) >= 2
    browser.run(f"document.querySelector('input[data-step=\"{first}\"]').click()")
    same = f"[...document.querySelectorAll('input[data-step=\"{first}\"]')].map(b => b.checked)"
    assert set(browser.run(same)) == {True}
    browser.reload()
    assert set(browser.run(same)) == {True}
    others = browser.run(
        "[...document.querySelectorAll('input[data-step]')]"
        f".filter(b => b.dataset.step !== '{first}').map(b => b.checked)"
    )
    assert others and not any(others)


@pytest.mark.browser
def test_a_reload_waits_for_its_own_page_however_late_an_old_load_event_comes(
    gt: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a loaded machine the load event of an earlier document (the target's about:blank,
    the page before the reload) can come after the reload is asked for: the reload must
    not take it for its own and read the page before its script has run (the ticks would
    seem lost)."""
    console(gt, "--at", GT_AT)
    browser.open(gt / "console-HOST-ONLY-unposted-posts.html")
    browser.run("window.before = 1")
    real = browser._receive
    stale = [
        {"method": "Page.loadEventFired", "params": {"timestamp": 1}},
        {
            "method": "Page.lifecycleEvent",
            "params": {"name": "load", "loaderId": "an-earlier-document", "frameId": "x"},
        },
    ]

    def late_events(deadline: float) -> dict[str, Any]:
        return stale.pop(0) if stale else real(deadline)

    monkeypatch.setattr(browser, "_receive", late_events)
    browser.reload()
    assert browser.run("typeof window.before") == "undefined"  # the new document
    assert browser.run("document.readyState") == "complete"
    assert browser.run("document.querySelectorAll('input[data-step]').length") > 0
