"""The host's posting guide: for every day and slot, which files to publish, in order."""

from __future__ import annotations

from itertools import groupby

from generator.plan import Plan
from generator.render.text import Post, spoiler_name


def posting_order(posts: list[Post]) -> list[Post]:
    return sorted(posts, key=lambda p: (p.turn, p.position))


def posting_guide(game_name: str, plan: Plan, posts: list[Post]) -> str:
    lines = [
        f"# {game_name}: posting guide for game {plan.game_id}",
        "",
        "Publish these in order. Each post has a Facebook text (`.facebook.txt`; a",
        "`.facebook-comment.txt` goes in as its first comment), a Discord text (`.discord.md`),",
        "for some games a BGG forum text (`.bgg.txt`), and its images.",
        "Never post plan.json: it holds the seed.",
        "On Discord, post the `SPOILER_` copies of images that hide dice or stacks.",
        "",
    ]
    for turn, group in groupby(posting_order(posts), key=lambda p: p.turn):
        lines.append(f"## Turn {turn} · {plan.turn_slot(turn).when()}")
        for post in group:
            lines.append(f"- {post.title}: `{post.key}.*`")
            lines += [f"  - {line}" for line in _extras(post)]
        lines.append("")
    return "\n".join(lines)


def _extras(post: Post) -> list[str]:
    """What `key.*` does not say: images named otherwise, and Discord messages in parts."""
    extras = []
    for image in post.images:
        where = "with the first comment" if image.comment else "with the post"
        line = f"image `{image.file}` {where}"
        if image.hidden:
            line += f"; on Discord post `{spoiler_name(image.file)}` instead"
        extras.append(line)
    parts = len(post.discord_messages())
    if parts > 1:
        extras.append(f"Discord: {parts} messages, `.discord.md` then `.discord-2.md` ...")
    return extras
