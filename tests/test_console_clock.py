"""The console for a span of days works out from the device's clock what is due, missed and
next (the device's clock is fixed by an init script, no waiting), keeps its ticks through a
reload, says when its span is over, and its code marks the ticked slots in `sheetgen posted`.
Without its script, its pictures show and its texts are in the page."""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner, Result
from devtools import Browser

from generator.cli import main
from generator.host.console import CONSOLE_HTML
from generator.host.console_code import make_code, read_code

GAME = """\
seed: console-test-seed-0123456789abcdef
start: 2026-12-01
rhythm:
  timezone: Europe/Amsterdam
"""
ZONE = ZoneInfo("Europe/Amsterdam")
MADE_AT = "2026-12-01 07:00"  # the page is made before day 1's first slot


def cli(*args: str, code: int = 0) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("console-clock")
    (where / "g.yaml").write_text(GAME, encoding="utf-8")
    cli("round", "1", "--game", str(where / "g.yaml"), "-o", str(where / "gt"))
    cli("console", "-o", str(where / "gt"), "--at", MADE_AT)
    return where / "gt"


def at_ms(when: str) -> int:
    return int(dt.datetime.fromisoformat(when).replace(tzinfo=ZONE).timestamp() * 1000)


def fixed_clock(ms: int) -> str:
    """An init script: the page's Date says `ms` is now, from its first line on."""
    return (
        f"(() => {{ const fixed = {ms}; const Real = Date;"
        " class Fixed extends Real { constructor(...a) { super(...(a.length ? a : [fixed])); }"
        " static now() { return fixed; } }"
        " globalThis.Date = Fixed; })();"
    )


@pytest.fixture
def browser() -> Iterator[Browser]:
    with Browser(1280) as opened:
        yield opened


def at_moment(browser: Browser, ms: int) -> None:
    browser.page("Page.addScriptToEvaluateOnNewDocument", source=fixed_clock(ms))


def slots(browser: Browser) -> list[list[str]]:
    return browser.run(
        "[...document.querySelectorAll('section[data-at]')].map(s =>"
        " [s.dataset.day, s.dataset.turn, s.className, s.querySelector('h2').textContent])"
    )


@pytest.mark.browser
def test_on_day_3_its_slot_is_due_the_earlier_ones_missed(folder: Path, browser: Browser) -> None:
    at_moment(browser, at_ms("2026-12-03 18:00"))
    browser.open(folder / CONSOLE_HTML)
    shown = slots(browser)
    order = [row[2] for row in shown]
    due = [row for row in shown if row[2] == "slot due"]
    assert len(due) == 1 and due[0][0] == "2026-12-03" and due[0][3] == "Post now"
    missed = [row for row in shown if row[2] == "slot missed"]
    assert missed and all(row[0] < "2026-12-03" or row[1] < due[0][1] for row in missed)
    assert missed[0][3] == f"MISSED (1 of {len(missed)}): post first"
    # Missed first, then the due slot, then the next one.
    assert order[: len(missed) + 2] == ["slot missed"] * len(missed) + ["slot due", "slot upcoming"]
    assert all(row[0] >= "2026-12-03" for row in shown if row[2] == "slot upcoming")
    assert browser.run("document.getElementById('span-over').hidden") is True
    assert "Thu 3 Dec 2026" in browser.run("document.querySelector('.intro p').textContent")

    # Ticks stay on the device: the missed slots ticked are out, after a reload too.
    for turn in [row[1] for row in missed]:
        browser.run(f"document.querySelector('input[data-slot=\"{turn}\"]').click()")
    browser.reload()
    again = slots(browser)
    assert not [row for row in again if row[2] == "slot missed"]
    assert {row[1] for row in again if row[2] == "slot done"} == {row[1] for row in missed}
    command = browser.run("document.getElementById('handback-command').textContent")
    code = re.search(r"--code (\S+)", command)
    assert code, command
    game_id = (folder / "plan.json").read_text().split('"game_id": "', 1)[1].split('"', 1)[0]
    assert read_code(code.group(1), game_id) == sorted(int(row[1]) for row in missed)
    assert code.group(1) == make_code(game_id, [int(row[1]) for row in missed])


@pytest.mark.browser
def test_after_its_span_the_page_says_so(folder: Path, browser: Browser) -> None:
    at_moment(browser, at_ms("2026-12-08 08:00"))  # the span is 1-7 Dec
    browser.open(folder / CONSOLE_HTML)
    over = browser.run("(e => [e.hidden, e.textContent])(document.getElementById('span-over'))")
    assert over[0] is False
    assert "This console covers up to Mon 7 Dec 2026" in over[1]
    assert "run `sheetgen console" in over[1]


def test_the_code_marks_the_ticked_slots(folder: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "gt"
    shutil.copytree(folder, copy)
    game_id = (copy / "plan.json").read_text().split('"game_id": "', 1)[1].split('"', 1)[0]
    code = make_code(game_id, [1, 2, 5])
    out = cli("posted", "--code", code, "--at", "2026-12-04 09:00", "-o", str(copy)).output
    assert "Marked posted: the slots ticked on the console (turns 1, 2, 5)." in out
    record = (copy / "posted.jsonl").read_text()
    assert '"turns": [1, 2, 5]' in record
    # Another game's code, or a typo, marks nothing.
    wrong = make_code("0000-0000", [1, 2, 5])
    bad = cli("posted", "--code", wrong, "-o", str(copy), code=2).output
    assert "do not fit this game" in bad
    assert cli("posted", "--code", "zz", "-o", str(copy), code=2).output.count("expected") == 1
    assert (copy / "posted.jsonl").read_text() == record


def test_without_script_pictures_show_and_texts_are_in_the_page(folder: Path) -> None:
    page = (folder / CONSOLE_HTML).read_text(encoding="utf-8")
    without = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
    images = re.findall(r"<img [^>]*>", without)
    assert images
    assert all(re.search(r'src="data:image/(png|jpeg);base64,', im) for im in images)
    # Each text in a <pre> (selectable), exactly as its file holds it.
    texts = re.findall(
        r'data-file="([^"]+)">Copy</button></div><pre>\n(.*?)</pre>', without, flags=re.S
    )
    assert len(texts) >= 10
    for file, text in texts:
        assert html.unescape(text) == (folder / html.unescape(file)).read_text(encoding="utf-8")
    assert "HOST ONLY · holds posts players must not see yet" in without
    assert "HOST-ONLY" in CONSOLE_HTML


def test_facebook_by_the_week(folder: Path) -> None:
    """Each Facebook post of the span with the date and time to give Facebook's scheduler,
    its text and pictures; each comment marked LIVE, and still in its day's list."""
    page = (folder / CONSOLE_HTML).read_text(encoding="utf-8")
    week = page.split('id="facebook-week">', 1)[1].split("</section>", 1)[0]
    daily = page.split('<div id="slots">', 1)[1].split('id="facebook-week"', 1)[0]
    start = (folder / "round-1" / "start.facebook.txt").read_text(encoding="utf-8")
    assert "Tue 1 Dec 2026, 08:00 CET · Round 1 start" in week
    assert "Schedule for: date 01/12/2026 (Tuesday 1 December 2026), time 08:00" in week
    assert html.escape(start, quote=False) in week
    comments = re.findall(r"paste (round-1/\S+\.facebook-comment(?:-\d+)?\.txt)", week)
    assert comments
    for name in comments:
        assert f"paste {name}" in daily  # the day's list keeps it
    assert week.count("LIVE: Facebook cannot schedule a comment") == len(set(comments))
    assert re.search(r'<img src="data:image/png;base64,[^"]+" data-picture="round-1/', week)


@pytest.mark.browser
@pytest.mark.parametrize(
    "moment", ["2026-12-02 18:00", "2026-12-03 09:00", "2026-12-06 12:00", "2026-12-07 17:45"]
)
def test_the_page_says_what_today_says(
    folder: Path, tmp_path: Path, browser: Browser, moment: str
) -> None:
    """At later moments of its span (a rest day among them) the page's due and missed
    slots are `today`'s, in a folder that records what is posted."""
    import shutil

    from generator.host.game_folder import open_folder
    from generator.host.posted import read_posted
    from generator.host.today import agenda, slots_with_posts

    copy = tmp_path / "gt"
    shutil.copytree(folder, copy)
    cli("posted", "0", "--at", MADE_AT, "-o", str(copy))
    cli("console", "-o", str(copy), "--at", MADE_AT)
    at_moment(browser, at_ms(moment))
    browser.open(copy / CONSOLE_HTML)
    shown = slots(browser)
    page_due = [int(row[1]) for row in shown if row[2] == "slot due"]
    page_missed = [int(row[1]) for row in shown if row[2] == "slot missed"]

    game = open_folder(copy)
    work = slots_with_posts(game)
    at = dt.datetime.fromisoformat(moment).replace(tzinfo=ZONE)
    said = agenda(game, work, at, read_posted(copy))
    assert page_due == ([work[said.due].slot.turn] if said.due is not None else [])
    assert page_missed == [work[i].slot.turn for i in said.missed]
    upcoming = [row for row in shown if row[2] == "slot upcoming"]
    if said.upcoming is not None and work[said.upcoming].slot.at < at.replace(day=8, hour=0):
        assert int(upcoming[0][1]) == work[said.upcoming].slot.turn
