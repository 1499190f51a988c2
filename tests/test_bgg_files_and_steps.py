"""Every platform's text says what is true there. Facebook and Discord posts carry the
print pack and the ship builder as attachments; a BGG forum post carries no files, so its
text points to the host's link (LINK-TO-THE-FILES, which the BGG steps say to replace) and
its steps share the files and upload the pictures first, then paste the text. BGG stacks
are posts of their own; a post without a picture asks for no ImageID."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

SEED = "bgg-files-seed-0001"
LINK = "LINK-TO-THE-FILES"


@pytest.fixture
def gt(run: Any, game_once: Any, tmp_path: Path) -> Path:
    result = game_once("game", "--seed", SEED, "--start", "2026-12-01", "-o", "g")
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def test_the_print_pack_post_is_true_on_every_platform(gt: Path) -> None:
    facebook = (gt / "before-day-1.facebook.txt").read_text()
    discord = (gt / "before-day-1.discord.md").read_text()
    bgg = (gt / "before-day-1.bgg.txt").read_text()
    for text in (facebook, discord):
        assert "attached to this post" in text and "Also attached: ship-builder.html" in text
        assert LINK not in text
    assert "attach" not in bgg.lower()
    assert "(US Letter), at the link at the end of this post." in bgg
    assert "Also at that link: ship-builder.html" in bgg
    assert bgg.rstrip().endswith(
        "The files (print-pack-a4.pdf, print-pack-letter.pdf, ship-builder.html, "
        "round-check.html): "
        f"{LINK}. A BGG post cannot carry files, so the host shares them by this link."
    )
    # No BGG text of the game claims an attachment.
    claims = [p.name for p in gt.rglob("*.bgg.txt") if "attach" in p.read_text().lower()]
    assert claims == []


def test_the_bgg_steps_share_and_upload_first_then_paste(run: Any, gt: Path) -> None:
    note = (gt / "before-day-1.host.txt").read_text().split("BGG:\n")[1]
    steps = re.findall(r"^\d+\. (.*)$", note, re.M)
    assert steps[0].startswith("BGG takes no files: share `sheets/print-pack-a4.pdf`")
    assert f"in place of {LINK}" in steps[0]
    assert (
        steps[-1] == f"Forum post: paste `before-day-1.bgg.txt`, with your link in place of {LINK}."
    )
    build = (gt / "round-1" / "turn-01-build.host.txt").read_text().split("BGG:\n")[1]
    steps = re.findall(r"^\d+\. (.*)$", build, re.M)
    assert steps[0].startswith("Upload `round-1/turn-01-build-tiles.png` to your BGG gallery")
    assert steps[-1].startswith("Forum post: paste `round-1/turn-01-build.bgg.txt`, each")
    # `today` says the same, in the same order.
    today = run("today", "-o", "g", "--at", "2026-11-30 09:00", "--platform", "bgg").output
    share = today.index("BGG takes no files: share sheets/print-pack-a4.pdf")
    paste = today.index(f"Forum post: paste before-day-1.bgg.txt with your link in place of {LINK}")
    assert share < paste
    today = run("today", "-o", "g", "--at", "2026-12-01 09:00", "--platform", "bgg").output
    upload = today.index("Upload to your BGG gallery: round-1/turn-01-build-tiles.png")
    paste = today.index("Forum post: paste round-1/turn-01-build.bgg.txt with the numbers BGG")
    assert upload < paste
    # Posts without a picture: no ImageID anywhere in their steps or text.
    for name in ("game-start", "round-1/stack-1"):
        assert "ImageID" not in (gt / f"{name}.bgg.txt").read_text()
        assert "ImageID" not in (gt / f"{name}.host.txt").read_text()
    plain = today.split("Forum post: paste game-start.bgg.txt")[1].split("\n")[0]
    assert plain == ":"


def test_build_posts_point_to_the_stacks_where_each_platform_has_them(gt: Path) -> None:
    first = "round-1/turn-01-build"
    assert (
        "Stacks 1-3 are in the comments of the Round 1 start post."
        in (gt / f"{first}.facebook.txt").read_text()
    )
    bgg = (gt / f"{first}.bgg.txt").read_text()
    assert (
        "Stacks 1-3 are the spoilers in the Round 1 stack posts, right after the Round 1 "
        "start post." in bgg
    )
    later = (gt / "round-1" / "turn-02-build.bgg.txt").read_text()
    assert "(the spoilers in the Round 1 stack posts, right after the Round 1 start post)" in later
    start = (gt / "round-1" / "start.bgg.txt").read_text()
    assert "The stacks are in the posts right after this one, one post each, as spoilers" in start
    for path in gt.rglob("*.bgg.txt"):
        assert "in the Round 1 start post" not in path.read_text(), path


def test_moon_drop_print_post_on_bgg_points_to_the_link(run: Any, tmp_path: Path) -> None:
    made = run("game", "--pack", "moon-drop", "--seed", SEED, "--start", "2026-12-01", "-o", "m")
    assert made.exit_code == 0, made.output
    bgg = (tmp_path / "m" / "before-day-1.bgg.txt").read_text()
    assert "attach" not in bgg.lower() and LINK in bgg
    assert "attached to this post" in (tmp_path / "m" / "before-day-1.facebook.txt").read_text()
