"""The post that ends a game's secrecy: the seed, the commitment published at the start and
the exact command anyone can run to check that the seed and content are those committed to.
It claims no more than that check proves: the posts themselves are checked by making them
again from that seed and content and comparing them with the thread."""

from __future__ import annotations

import shlex
from typing import Any

from generator.plan.seeds import commitment
from generator.render.post import Per, PostDraft, line, para
from generator.render.text import Post

REVEAL_KEY = "game-end-reveal"


def verify_command(plan: dict[str, Any]) -> str:
    command = (
        f"sheetgen verify --pack {shlex.quote(plan['pack'])} --seed {shlex.quote(plan['seed'])} "
        f"--commitment {plan['commitment']}"
    )
    plain = commitment(plan["pack"], plan["seed"], plan["content_digest"])
    options = plan.get("options")
    if plan["commitment"] != plain and isinstance(options, dict):
        # The game's commitment covers its options: the check needs them too.
        for key, value in options.items():
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            command += f" --option {shlex.quote(f'{key}={text}')}"
    return command


def reveal_post(title: str, plan: dict[str, Any], turn: int) -> Post:
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
        line(plan["seed"]),
        para(f"At the start we published the commitment {plan['commitment']}."),
        line(
            "The command below checks one thing: that this seed and the game's content are "
            "the ones committed to at the start. Install sheetgen with the "
            f"{plan['pack']} pack version {plan.get('pack_version')} (the game folder's pack/ "
            "copy is the exact content) and run:"
        ),
        line(code),
        para(
            "From that seed and content anyone can then make every post again (sheetgen "
            "game with the same pack, seed, start date and options) and compare it with the "
            "thread."
        ),
    ]
    return PostDraft(
        key=REVEAL_KEY,
        title="Reveal the seed",
        turn=turn,
        position=9,
        headline=f"{title} · Game {plan['game_id']} · The seed",
        when="",
        blocks=blocks,
    ).render()
