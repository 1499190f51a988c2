"""The round check page (sheets/round-check.html) in headless Chromium, as a player uses it:
the game start post and a round's last post pasted as each platform shows them, and as
their raw text (spoiler marks and tags included), give MATCH; one die changed in the pasted
record gives MISMATCH; so for Moon Drop's final scoring post (its crisis order, `round
final`) and the order changed; the page fits a 390 px phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import headless
import pytest
from devtools import Browser
from shown_text import as_shown

from generator.games import Scope
from generator.kit.session import open_game
from generator.plan.round_commit import canonical_lines, commitment_of
from generator.render.round_reveal import record_comment
from generator.render.text import Post

GAMES = {
    "galaxy-trucker": ("gt-round-check-page-seed-01", None, "end-of-flight"),
    "keep-on-trucking": ("kot-round-check-page-seed-1", {"difficulty": "insane"}, "end-of-flight"),
    "moon-drop": ("md-round-check-page-seed-01", None, None),
}

# Runs on the loaded page: each job pasted and checked in turn, its check awaited.
CHECKS = """
(async function (jobs) {
  var out = [];
  function $(id) { return document.getElementById(id); }
  for (var i = 0; i < jobs.length; i++) {
    var job = jobs[i];
    $("start").value = job.start;
    $("reveal").value = job.reveal;
    var found = await window.roundCheck.check();
    var lines = window.roundCheck.canonicalLines(job.reveal);
    found.name = job.name;
    found.verdict = $("verdict").textContent;
    found.tableRows = $("record").querySelectorAll("tbody tr").length;
    var bytes = new TextEncoder().encode(lines.join("\\n"));
    found.plain = window.roundCheck.sha256Plain(bytes);
    out.push(found);
  }
  return out;
})(%s)
"""


def _game(pack: str) -> tuple[Any, list[Post], bytes]:
    seed, options, _ = GAMES[pack]
    game = open_game(pack, seed, None, options=options)
    posts = game.rules.posts(game.content, game.plan, Scope("game"), images=False)
    page = game.rules.check_page(game.content, game.plan.game_id)
    return game, posts, page.data


def _last_post(pack: str, posts: list[Post], number: int) -> Post:
    last = GAMES[pack][2]
    key = f"round-{number}/{last}" if last else f"round-{number}/round-{number}"
    return next(p for p in posts if p.key == key)


def _flavours(post: Post) -> dict[str, str]:
    return {
        # The post and its comments (a flight's record is in one, below a spoiler warning).
        "facebook": "\n".join([post.facebook or "", *post.facebook_comments]),
        "discord": "\n".join(post.discord_messages()),
        "bgg": post.bgg or "",
    }


def _crisis_order_changed(text: str) -> str:
    """The pasted final reveal with its first two crises swapped."""
    found = re.search(r"(?m)^(crisis order: )(\S+) (\S+)", text)
    assert found, text
    return text[: found.start(2)] + f"{found.group(3)} {found.group(2)}" + text[found.end(3) :]


def _one_die_changed(text: str) -> str:
    """The pasted reveal with the first die of its record changed (a roll `a+b`, or a lone
    die after `blue:`)."""
    found = re.search(r"(?m)^(turn \d+ event \d+: \S+ )(\d)|^(blue: )(\d)", text)
    assert found, text
    start = found.start(2) if found.group(2) else found.start(4)
    face = int(text[start])
    return text[:start] + str(face % 6 + 1) + text[start + 1 :]


def _drive(page: Path, jobs: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Each job's findings, every check awaited (devtools.Browser: nothing waits on a clock)."""
    with Browser(500) as browser:
        browser.open(page)
        return browser.run(CHECKS % json.dumps(jobs))  # type: ignore[no-any-return]


@pytest.mark.browser
@pytest.mark.parametrize("pack", sorted(GAMES))
def test_a_reveal_from_each_platform_matches_and_one_changed_die_does_not(
    pack: str, tmp_path: Path
) -> None:
    headless.chromium()
    game, posts, page_bytes = _game(pack)
    page = tmp_path / "round-check.html"
    page.write_bytes(page_bytes)
    start = next(p for p in posts if p.key == "game-start")
    rounds = len(game.plan.rounds)
    jobs = []
    for number in sorted({1, rounds}):
        last = _flavours(_last_post(pack, posts, number))
        for flavour, text in last.items():
            jobs.append(
                {"name": f"{number}-{flavour}", "start": _flavours(start)[flavour], "reveal": text}
            )
            # As copied from the rendered post: no spoiler marks, fences or BGG tags.
            jobs.append(
                {
                    "name": f"{number}-{flavour}-shown",
                    "start": as_shown(flavour, _flavours(start)[flavour]),
                    "reveal": as_shown(flavour, text),
                }
            )
        jobs.append(
            {
                "name": f"{number}-changed",
                "start": _flavours(start)["facebook"],
                "reveal": _one_die_changed(last["facebook"]),
            }
        )
    if pack == "moon-drop":
        final = _flavours(next(p for p in posts if p.key == "game-end"))
        for flavour, text in final.items():
            jobs.append(
                {"name": f"final-{flavour}", "start": _flavours(start)[flavour], "reveal": text}
            )
        jobs.append(
            {
                "name": "final-changed",
                "start": _flavours(start)["bgg"],
                "reveal": _crisis_order_changed(final["discord"]),
            }
        )
    found = _drive(page, jobs)
    by_name = {f["name"]: f for f in found}
    assert set(by_name) == {job["name"] for job in jobs}
    for job in jobs:
        result = by_name[job["name"]]
        lines = canonical_lines(job["reveal"])
        assert lines is not None
        # The browser's hash is Python's, by WebCrypto and by the page's own fallback.
        assert result["actual"] == commitment_of(lines) == result["plain"]
        assert result["tableRows"] == len(lines) - 5
        what = "round final" if job["name"].startswith("final") else f"round {result['round']}"
        if job["name"].endswith("changed"):
            assert result["result"] == "MISMATCH", result
            assert result["verdict"] == f"MISMATCH: {what} is not the record committed to"
        else:
            assert result["result"] == "MATCH", result
            assert result["verdict"] == f"MATCH: {what} is the one committed to"


@pytest.mark.browser
def test_the_page_fits_a_390_px_phone(tmp_path: Path) -> None:
    headless.chromium()
    _, posts, page_bytes = _game("galaxy-trucker")
    start = next(p for p in posts if p.key == "game-start").facebook or ""
    reveal = _flavours(_last_post("galaxy-trucker", posts, 3))["facebook"]

    page = tmp_path / "round-check.html"
    page.write_bytes(page_bytes)
    # Measured once the check has answered: its verdict and the record's table are drawn.
    fill_in = f"""(async function () {{
      document.getElementById("start").value = {json.dumps(start)};
      document.getElementById("reveal").value = {json.dumps(reveal)};
      await window.roundCheck.check();
      return {{innerWidth: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
              rows: document.querySelectorAll("#record tbody tr").length}};
    }})()"""
    with Browser(390, mobile=True) as browser:
        browser.open(page)
        figures = browser.run(fill_in)
    assert figures["rows"] > 0, figures
    assert figures["scrollWidth"] <= figures["innerWidth"] == 390, figures


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_the_page_needs_no_network_and_holds_no_plan(pack: str) -> None:
    game, posts, page_bytes = _game(pack)
    page = page_bytes.decode("utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "fetch(" not in page and "XMLHttpRequest" not in page
    # Public data only: neither the seed nor any round's salt or commitment.
    assert game.plan.seed not in page
    start = next(p for p in posts if p.key == "game-start").facebook or ""
    for commitment in re.findall(r"\b[0-9a-f]{64}\b", start):
        assert commitment not in page


def test_the_page_says_where_a_hidden_record_is_on_each_platform() -> None:
    """The page's words on what to paste agree with the game start post's: a spoiler to open
    on Discord and BGG, on Facebook the comment that holds the record."""
    _, posts, page_bytes = _game("galaxy-trucker")
    page = page_bytes.decode("utf-8")
    start = next(p for p in posts if p.key == "game-start").facebook or ""
    comment = record_comment("N")
    assert f"“{comment}”" in start
    assert f"on Facebook it is then in a comment under the post, “{comment}”" in page
    assert "open its spoiler first" in page
