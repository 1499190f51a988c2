"""A commitment per round (plan/round_commit.py): listed in the first post, revealed with
the round's last post, checkable from any platform's text, and hiding nothing early. Moon
Drop's crisis order, drawn after the last round, has its own (`Round final`), revealed with
the final scoring."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
from typing import Any

import pytest
from shown_text import as_shown, in_view

from generator.games import Scope
from generator.kit.session import open_game
from generator.plan.model import from_data, to_data
from generator.plan.round_commit import (
    FINAL,
    canonical_lines,
    commitment_of,
    published_commitments,
    round_salt,
)
from generator.render.round_reveal import record_comment
from generator.render.text import Post

GAMES = {
    "galaxy-trucker": ("gt-round-commit-seed-0001", None, "end-of-flight"),
    "keep-on-trucking": (
        "kot-round-commit-seed-0001",
        {"ships": "A", "difficulty": "insane"},
        "end-of-flight",
    ),
    "moon-drop": ("md-round-commit-seed-0001", None, None),
}
START = dt.date(2026, 12, 1)
# The games with a record after the last round, and the post that reveals it.
FINAL_POST = {"moon-drop": "game-end"}


def _posts(pack: str, plan: Any = None) -> tuple[Any, list[Post]]:
    seed, options, _ = GAMES[pack]
    game = open_game(pack, seed, START, options=options)
    plan = game.plan if plan is None else plan
    posts = game.rules.posts(game.content, plan, Scope("game"), images=False)
    return game, posts


def _last_post(pack: str, posts: list[Post], number: int) -> Post:
    last = GAMES[pack][2]
    key = f"round-{number}/{last}" if last else f"round-{number}/round-{number}"
    return next(p for p in posts if p.key == key)


def _flavours(post: Post) -> dict[str, str]:
    return {
        # The post and its comments (a flight's record is in one, below a spoiler warning).
        "facebook": "\n".join([post.facebook or "", *post.facebook_comments]),
        # Every message of the post, as a player copies them one after the other.
        "discord": "\n".join(post.discord_messages()),
        "bgg": post.bgg or "",
    }


def test_salts_are_hmac_of_the_seed_and_differ_per_round() -> None:
    seed = "a-secret-seed-of-some-length"
    expected = hmac.new(seed.encode(), b"sheetgen-round-salt-v1\n2", hashlib.sha256).hexdigest()
    assert round_salt(seed, 2) == expected
    assert len({round_salt(seed, n) for n in range(1, 8)}) == 7
    assert round_salt("another-secret-seed-here", 2) != expected


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_each_rounds_reveal_matches_the_first_posts_commitment_on_every_platform(
    pack: str,
) -> None:
    game, posts = _posts(pack)
    start = next(p for p in posts if p.key == "game-start")
    rounds = len(game.plan.rounds)
    final = [FINAL] if pack in FINAL_POST else []
    for flavour, text in _flavours(start).items():
        published = published_commitments(text)
        assert list(published) == [*range(1, rounds + 1), *final], flavour
    published = published_commitments(start.facebook or "")
    revealing = {number: _last_post(pack, posts, number) for number in range(1, rounds + 1)}
    if final:
        revealing[FINAL] = next(p for p in posts if p.key == FINAL_POST[pack])
    for number, post in revealing.items():
        for flavour, text in _flavours(post).items():
            lines = canonical_lines(text)
            assert lines is not None, (number, flavour)
            assert lines[2] == f"round {number}"
            assert commitment_of(lines) == published[number], (number, flavour)
            changed = "\n".join(lines).replace(lines[-2], lines[-2][:-1] + "x")
            assert commitment_of(changed.split("\n")) != published[number]


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking"])
def test_a_flights_record_is_no_facebook_post_of_its_last_rolls(pack: str) -> None:
    """The scoring post goes out in the slot of the round's last flight turn, whose rolls
    are each in a comment of their own: on Facebook (no spoilers in a post) the record that
    lists them all is in a comment below a spoiler warning, never in the post itself."""
    _, posts = _posts(pack)
    for number in (1, 3):
        post = _last_post(pack, posts, number)
        last = max(p.turn for p in posts if p.key.startswith(f"round-{number}/turn-"))
        assert post.turn == last  # the same slot as the last flight turn's post
        record = canonical_lines("\n".join(post.facebook_comments))
        assert record is not None and record[2] == f"round {number}"
        assert "sheetgen-round-v1" not in (post.facebook or "")
        assert re.search(r"\d\+\d", post.facebook or "") is None
        assert post.comment_labels == [f"Round {number} record"]
        (comment,) = post.facebook_comments
        assert comment.startswith(f"Round {number} record · SPOILER")
        assert f"in the comment “Round {number} record”" in (post.facebook or "")


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking"])
def test_a_flights_record_shows_no_roll_outside_a_spoiler_on_discord_or_bgg(pack: str) -> None:
    """The scoring post goes out in the slot of the round's last flight turn, whose rolls
    that turn's post hides one by one: on Discord and BGG the record that lists them is one
    spoiler, so nothing of it (no roll, no line of that turn) shows before it is opened."""
    game, posts = _posts(pack)
    for rnd in game.plan.rounds:
        post = _last_post(pack, posts, rnd.round)
        last = rnd.flight_turns[-1]
        assert post.turn == last.turn and any(e.rolls for t in rnd.flight_turns for e in t.events)
        for flavour, texts in in_view(post).items():
            for text in texts:
                assert "sheetgen-round-v1" not in text, (rnd.round, flavour)
                assert f"turn {last.turn} event" not in text, (rnd.round, flavour)
                assert re.search(r"\d\+\d", text) is None, (rnd.round, flavour, text)
            # The record is still there, whole, inside the spoiler.
            record = canonical_lines(_flavours(post)[flavour])
            assert record is not None and record[2] == f"round {rnd.round}", flavour


def test_a_long_reveal_split_between_discord_messages_keeps_its_fences_paired() -> None:
    _, posts = _posts("galaxy-trucker")
    post = _last_post("galaxy-trucker", posts, 3)
    messages = post.discord_messages()
    assert len(messages) > 1
    for message in messages:
        lines = message.split("\n")
        # A hidden block opens with `||` and a fence and closes with a fence and `||`.
        assert lines.count("||```") == lines.count("```||")
        assert len([line for line in lines if line.strip("|") == "```"]) % 2 == 0
        assert message.count("||") % 2 == 0, message


@pytest.mark.parametrize("pack", ["galaxy-trucker", "keep-on-trucking"])
def test_a_reveal_copied_as_shown_or_as_raw_markup_matches(pack: str) -> None:
    """What a player copies from the rendered post (no `||`, no fences, no BGG tags) and the
    raw text with its markup both read as the record committed to."""
    game, posts = _posts(pack)
    published = published_commitments(
        next(p for p in posts if p.key == "game-start").facebook or ""
    )
    for number in range(1, len(game.plan.rounds) + 1):
        for flavour, text in _flavours(_last_post(pack, posts, number)).items():
            for pasted in (text, as_shown(flavour, text)):
                lines = canonical_lines(pasted)
                assert lines is not None, (number, flavour)
                assert commitment_of(lines) == published[number], (number, flavour)


@pytest.mark.parametrize(
    ("name", "pasted"),
    [
        ("bgg", "[o][c]sheetgen-round-v1\ngame G\nround 1\nsalt s\nturn 1: 2+3\nend[/c][/o]"),
        (
            "discord split",
            "||```\nsheetgen-round-v1\ngame G\nround 1\n```||\n||```\nsalt s\n"
            "turn 1: 2+3\nend\n```||",
        ),
    ],
)
def test_a_hidden_records_markup_is_read_off_each_line(name: str, pasted: str) -> None:
    assert canonical_lines(pasted) == [
        "sheetgen-round-v1",
        "game G",
        "round 1",
        "salt s",
        "turn 1: 2+3",
        "end",
    ], name


def _with_round_changed(pack: str, plan: Any, number: int) -> Any:
    """The plan with one die of round `number` changed."""
    data = to_data(plan)
    rnd = data["rounds"][number - 1]
    if pack == "moon-drop":
        rnd["white"][0] = rnd["white"][0] % 6 + 1
    else:
        event = next(e for t in rnd["flight_turns"] for e in t["events"] if e["rolls"])
        event["rolls"][0][0] = event["rolls"][0][0] % 6 + 1
    return from_data(type(plan), data)


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_a_later_rounds_dice_change_no_earlier_post_but_its_commitment_line(pack: str) -> None:
    game, before = _posts(pack)
    last = len(game.plan.rounds)
    _, after = _posts(pack, _with_round_changed(pack, game.plan, last))
    assert [p.key for p in before] == [p.key for p in after]
    changed_lines: list[str] = []
    for old, new in zip(before, after, strict=True):
        if old.key.startswith(f"round-{last}/") or old.key.startswith("game-end"):
            continue
        if old.key == "game-start":
            for flavour, text in _flavours(old).items():
                diff = [
                    (a, b)
                    for a, b in zip(
                        text.splitlines(), _flavours(new)[flavour].splitlines(), strict=True
                    )
                    if a != b
                ]
                assert len(diff) == 1, (flavour, diff)
                assert diff[0][0].startswith(f"Round {last}: ")
                changed_lines.append(diff[0][1])
            continue
        assert _flavours(old) == _flavours(new), old.key
    assert changed_lines


def test_moon_drops_crisis_order_is_committed_to_and_revealed_only_at_the_end() -> None:
    """The order the crises are resolved in changes every score: a changed order moves the
    first post's `Round final` line and the final scoring post's reveal, and nothing else;
    no round's record holds it (known before the last round, it would steer the last
    block)."""
    game, before = _posts("moon-drop")
    data = to_data(game.plan)
    order = data["end"]["crisis_order"]
    data["end"]["crisis_order"] = [*order[1:], order[0]]
    _, after = _posts("moon-drop", from_data(type(game.plan), data))
    moved = {}
    for old, new in zip(before, after, strict=True):
        changed = [
            (a, b)
            for a, b in zip(
                (old.facebook or "").splitlines(), (new.facebook or "").splitlines(), strict=True
            )
            if a != b
        ]
        if changed:
            moved[old.key] = changed
    assert sorted(moved) == ["game-end", "game-start"]
    ((was, now),) = moved["game-start"]
    assert was.startswith("Round final: ") and now.startswith("Round final: ")
    end = next(p for p in after if p.key == "game-end").facebook or ""
    lines = canonical_lines(end)
    assert lines is not None and lines[2] == "round final"
    assert lines[4] == "crisis order: " + " ".join(data["end"]["crisis_order"])
    assert published_commitments(now)[FINAL] == commitment_of(lines)
    for post in before:
        if post.key.startswith("round-"):
            assert "crisis order" not in (post.discord or ""), post.key


def _thread(posts: list[Post], pack: str, rounds: list[int]) -> str:
    """What a player saves from the thread: the game start post and rounds' last posts."""
    start = next(p for p in posts if p.key == "game-start")
    final = [p.bgg or "" for p in posts if p.key == FINAL_POST.get(pack)]
    return "\n\n".join(
        [start.facebook or "", *(_last_post(pack, posts, n).bgg or "" for n in rounds), *final]
    )


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_verify_ties_each_round_of_the_thread_to_the_seed(
    pack: str, run: Any, tmp_path: Any
) -> None:
    game, posts = _posts(pack)
    seed, options, _ = GAMES[pack]
    given = [f"--option={k}={v}" for k, v in (options or {}).items()]
    base = ["verify", "--pack", pack, "--seed", seed, "--commitment", game.plan.commitment]
    thread = tmp_path / "thread.txt"
    thread.write_text(_thread(posts, pack, [1, 2]), encoding="utf-8")
    ok = run(*base, *given, "--thread", str(thread))
    assert ok.exit_code == 0, ok.output
    for number in range(1, len(game.plan.rounds) + 1):
        assert f"Round {number} commitment in the thread: MATCH" in ok.output
    assert "Round 2 record revealed in the thread: MATCH" in ok.output
    # The thread as copied from Discord's rendered posts (no spoiler marks, no fences).
    start = next(p for p in posts if p.key == "game-start")
    shown = [_flavours(p)["discord"] for p in (start, _last_post(pack, posts, 2))]
    thread.write_text(as_shown("discord", "\n".join(shown)), encoding="utf-8")
    copied = run(*base, *given, "--thread", str(thread))
    assert copied.exit_code == 0, copied.output
    assert "Round 2 record revealed in the thread: MATCH" in copied.output
    if pack in FINAL_POST:
        assert "Round final commitment in the thread: MATCH" in ok.output
        assert "Round final record revealed in the thread: MATCH" in ok.output
    # One die changed in round 2's revealed record.
    changed = _with_round_changed(pack, game.plan, 2)
    _, other = _posts(pack, changed)
    start = next(p for p in posts if p.key == "game-start")
    thread.write_text(
        (start.facebook or "") + "\n" + _flavours(_last_post(pack, other, 2))["facebook"],
        encoding="utf-8",
    )
    bad = run(*base, *given, "--thread", str(thread))
    assert bad.exit_code == 1
    assert "Round 2 record revealed in the thread: MISMATCH: the thread has" in bad.output


def test_verify_prints_a_rounds_posts_from_the_seed(run: Any) -> None:
    game, posts = _posts("galaxy-trucker")
    seed = GAMES["galaxy-trucker"][0]
    shown = run(
        "verify", "--seed", seed, "--commitment", game.plan.commitment, "--print-round", "2"
    )
    assert shown.exit_code == 0, shown.output
    end = _last_post("galaxy-trucker", posts, 2)
    assert end.facebook is not None
    record = canonical_lines(_flavours(end)["facebook"])
    assert record is not None and "\n".join(record) in shown.output
    assert "Round 1 start" not in shown.output and "Round 2 start: new post" in shown.output


@pytest.mark.parametrize("pack", sorted(GAMES))
def test_the_game_start_post_says_what_to_paste_on_each_platform(pack: str) -> None:
    """Where a flight's record is hidden, Facebook players paste the comment that holds it
    (the post itself has no record), Discord and BGG players the post, its spoiler opened;
    a game whose reveals hide nothing says to paste the post everywhere."""
    _, posts = _posts(pack)
    start = _flavours(next(p for p in posts if p.key == "game-start"))
    end = _last_post(pack, posts, 1)
    if pack == "moon-drop":
        for text in start.values():
            assert "paste that post into round-check.html" in text
        return
    (label,) = end.comment_labels
    assert label == record_comment(1)
    assert "paste that post" not in start["facebook"]
    assert f"in a comment under it, “{record_comment('N')}” (N the round)" in start["facebook"]
    assert "paste that comment into round-check.html" in start["facebook"]
    for flavour in ("discord", "bgg"):
        assert "in a spoiler" in start[flavour]
        assert "open it, then paste that post into round-check.html" in start[flavour]
    # The catch-up page shows the record as it is: no spoiler to open there.
    page = next(p for p in posts if p.key == "game-start").html or ""
    assert "spoiler" not in page and "paste that post into round-check.html" in page
