"""The post that ends a game's secrecy: the seed, the commitment published at the start and
the exact command anyone can run to check that the seed and content are those committed to.
It claims no more than that check proves: the round records (the commitments per round)
are made again from the seed and compared with the thread's; the other posts' words are
compared by printing a round's posts from the seed (`verify --print-round N`)."""

from __future__ import annotations

import json
import shlex
from typing import TYPE_CHECKING

from generator.render.post import Per, PostDraft, line, para
from generator.render.text import Post

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

REVEAL_KEY = "game-end-reveal"


def schedule_arguments(plan: SharedPlan) -> str:
    """` --start DATE --rhythm JSON`: the game's first day and posting rhythm (the keys that
    differ from the default's), so that `verify --print-round` dates and times each post as
    the thread did; empty for a game without dates."""
    start = plan.start
    if start is None:
        return ""
    found = f" --start {shlex.quote(start)}"
    rhythm = plan.rhythm
    if rhythm is not None:
        from generator.plan.rhythm import Rhythm

        default = Rhythm().record()
        own = {key: value for key, value in rhythm.items() if default.get(key) != value}
        if own:
            text = json.dumps(own, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
            found += f" --rhythm {shlex.quote(text)}"
    return found


def verify_command(plan: SharedPlan) -> str:
    command = (
        f"sheetgen verify --pack {shlex.quote(plan.pack)} --seed {shlex.quote(plan.seed)} "
        f"--commitment {plan.commitment}"
    )
    options = plan.options
    if options is not None:
        # The game's commitment may cover its options, and the rounds made again from the
        # seed (each round's commitment) follow them: the check needs them too.
        for key, value in options.items():
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            command += f" --option {shlex.quote(f'{key}={text}')}"
    return command + schedule_arguments(plan)


def reveal_post(title: str, plan: SharedPlan, turn: int) -> Post:
    """Written only by `sheetgen reveal`, after the last turn: it holds the seed."""
    command = verify_command(plan)
    # The command as a code block where the platform has one, so it copies as one line.
    code = Per(
        facebook=command,
        discord=f"```\n{command}\n```",
        bgg=f"[c]{command}[/c]",
        html=command,
    )
    blocks = [
        para("The game is over, so here is its secret seed:"),
        line(plan.seed),
        para(f"At the start we published the commitment {plan.commitment}."),
        line(
            "The command below checks that this seed and the game's content are the ones "
            "committed to at the start. Install sheetgen with the "
            f"{plan.pack} pack version {plan.pack_version} (the game folder's pack/ "
            "copy is the exact content) and run:"
        ),
        line(code),
        para(
            "Where the game start post lists a commitment per round, the command also makes "
            "every round's record (its tiles, cards and dice) again from the seed and prints "
            "each round's commitment: they must be the ones the game start post lists. Save "
            "the game start post and the rounds' last posts (on Facebook, a flight round's "
            "record is in a comment under its last post: save it too; and the final scoring "
            "post, where it reveals a record) in a file and add --thread FILE: it compares "
            "them for you and names any line that differs."
        ),
        para(
            "What it does not check: the words of the other posts. Add --print-round N to "
            "print round N's posts as the seed makes them (--flavour discord or bgg for those "
            "platforms; the command gives the game's first day and posting times, so each "
            "post's date and time are the thread's) and compare them with the thread."
        ),
    ]
    return PostDraft(
        key=REVEAL_KEY,
        title="Reveal the seed",
        turn=turn,
        position=9,
        headline=f"{title} · Game {plan.game_id} · The seed",
        when="",
        blocks=blocks,
    ).render()
