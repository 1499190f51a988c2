"""What `sheetgen verify` adds once the seed matches the game's commitment, for a game whose
first post commits to each round (plan/round_commit.py): every round's record and
commitment made again from the seed, compared with a copy of the thread when one is given,
and any round's posts printed from the seed for comparison with the thread."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.common.errors import SheetgenError
from generator.plan.round_commit import (
    RoundKey,
    all_reveals,
    canonical_lines,
    commitment_of,
    published_commitments,
    round_key,
    round_order,
)
from generator.render.text import Post

if TYPE_CHECKING:
    from generator.plan.rhythm import Rhythm

FLAVOURS = ("facebook", "discord", "bgg")


def parse_rhythm(ctx: click.Context, param: click.Parameter, value: str | None) -> Rhythm | None:
    """`--rhythm`: the game's posting rhythm as the reveal post gives it, JSON in the form
    plan.json records it (any key left out is the default's)."""
    if value is None:
        return None
    import msgspec

    from generator.common import json_text
    from generator.plan.rhythm import recorded

    try:
        data = json_text.loads(value)
    except json.JSONDecodeError as exc:
        raise click.BadParameter(
            f"not JSON ({exc.msg} at character {exc.pos + 1}); copy it from the reveal post"
        ) from None
    except (ValueError, RecursionError):
        # json's own limits: a number of thousands of digits, or nesting too deep to read.
        raise click.BadParameter(
            "not a rhythm (a number too long or nesting too deep); copy it from the reveal post"
        ) from None
    try:
        return recorded(data)
    except msgspec.ValidationError:
        raise click.BadParameter(_rhythm_problems(data)) from None


def _rhythm_problems(data: Any) -> str:
    """What is wrong with a rhythm given as JSON, in the words a game file's `rhythm:` gets:
    each field's path and what was expected."""
    from generator.pack.document import Document
    from generator.pack.validation import validate
    from generator.plan.rhythm import Rhythm

    _, problems = validate(Document("--rhythm", data), Rhythm)
    return "; ".join(f"{p.field or 'the rhythm'}: {p.message}" for p in problems)


def _posts(
    pack: str,
    seed: str,
    start: dt.date | None,
    options: dict[str, Any],
    rhythm: Rhythm | None = None,
) -> list[Post]:
    from generator.games import ScheduledGame, Scope
    from generator.kit.session import open_game

    game = open_game(pack, seed, start, rhythm=rhythm, options=options or None)
    if not isinstance(game.rules, ScheduledGame):
        return []
    return game.rules.posts(game.content, game.plan, Scope("game"), images=False)


def seed_reveals(posts: list[Post]) -> dict[RoundKey, list[str]]:
    """Each round's reveal as the seed makes it, by round (the final record last)."""
    found: dict[RoundKey, list[str]] = {}
    for post in posts:
        lines = canonical_lines(post.discord)
        key = round_key(lines[2].removeprefix("round ")) if lines is not None else None
        if lines is not None and key is not None:
            found[key] = lines
    return dict(sorted(found.items(), key=lambda item: round_order(item[0])))


def _first_difference(seed_lines: list[str], thread_lines: list[str]) -> str:
    for mine, theirs in zip(seed_lines, thread_lines, strict=False):
        if mine != theirs:
            return f"the thread has {theirs!r} where the seed makes {mine!r}"
    return "one of them has more lines"


def check_rounds(pack: str, seed: str, options: dict[str, Any], thread: Path | None) -> bool:
    """Print every round's commitment made again from the seed; with a copy of the thread,
    compare its round commitments and reveals with them. False on any difference."""
    reveals = seed_reveals(_posts(pack, seed, None, options))
    if not reveals:
        return True
    click.echo(
        "Each round's record (its tiles, cards and dice), made again from the seed, and its "
        "commitment: the game start post must list these."
    )
    for number, lines in reveals.items():
        click.echo(f"  Round {number}: {commitment_of(lines)}")
    if thread is None:
        click.echo(
            "To compare them with the thread, save the game start post and the rounds' last "
            "posts (and the final scoring post, for a round final) in a file and add "
            "--thread FILE."
        )
        return True
    try:
        text = thread.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise SheetgenError(f"{thread}: cannot read the thread's copy ({exc.strerror})") from None
    ok = True
    published = published_commitments(text)
    for number, lines in reveals.items():
        wanted = commitment_of(lines)
        if number not in published:
            click.echo(f"  Round {number}: no commitment line in {thread.name}")
        elif published[number] == wanted:
            click.echo(f"  Round {number} commitment in the thread: MATCH")
        else:
            ok = False
            click.echo(f"  Round {number} commitment in the thread: MISMATCH ({published[number]})")
    for number, lines in sorted(all_reveals(text).items(), key=lambda i: round_order(i[0])):
        seed_lines = reveals.get(number)
        if seed_lines == lines:
            click.echo(f"  Round {number} record revealed in the thread: MATCH")
        else:
            ok = False
            why = (
                "the game has no such round"
                if seed_lines is None
                else _first_difference(seed_lines, lines)
            )
            click.echo(f"  Round {number} record revealed in the thread: MISMATCH: {why}")
    return ok


def print_round(
    pack: str,
    seed: str,
    options: dict[str, Any],
    number: int,
    flavour: str,
    start: dt.date | None,
    rhythm: Rhythm | None = None,
) -> None:
    """Round `number`'s posts as the seed makes them, in posting order, in one flavour, on
    the game's schedule (its first day and posting rhythm) when given: the words a post
    says of its day and time are then the thread's."""
    made = _posts(pack, seed, start, options, rhythm)
    posts = [p for p in made if p.key.startswith(f"round-{number}/")]
    if not posts:
        raise click.BadParameter(
            f"{number} is not a round of this game", param_hint="--print-round"
        )
    for post in sorted(posts, key=lambda p: (p.turn, p.position)):
        if flavour == "facebook":
            if post.facebook is not None:
                click.echo(f"==== {post.title}: new post ====\n{post.facebook.rstrip()}\n")
            for index, comment in enumerate(post.facebook_comments):
                under = post.comment_on or post.title
                click.echo(f"==== {post.title}: comment {index + 1} under {under} ====")
                click.echo(f"{comment.rstrip()}\n")
        elif flavour == "discord":
            for index, message in enumerate(post.discord_messages(), 1):
                click.echo(f"==== {post.title}: message {index} ====\n{message.rstrip()}\n")
        else:
            click.echo(f"==== {post.title} ====\n{(post.bgg or '').rstrip()}\n")
