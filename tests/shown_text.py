"""A post's text as a player copies it from the rendered post (what they paste into the
round check page or `sheetgen verify --thread`), and the part of it a reader sees without
opening a spoiler."""

from __future__ import annotations

import re

from generator.render.text import Post

_DISCORD_MARKS = re.compile(r"\|\||\*\*")
_BGG_TAGS = re.compile(r"\[/?(?:o|c|b|i|size=\d+)\]")
_DISCORD_SPOILER = re.compile(r"\|\|.*?\|\|", re.DOTALL)
_BGG_SPOILER = re.compile(r"\[o\].*?\[/o\]", re.DOTALL)


def as_shown(flavour: str, text: str) -> str:
    """The text as the platform shows it: on Discord no spoiler or bold marks and no fence
    lines (a code block shows only its lines), on BGG no tags; Facebook shows it as typed."""
    if flavour == "discord":
        shown = _DISCORD_MARKS.sub("", text)
        return "\n".join(line for line in shown.split("\n") if line != "```")
    if flavour == "bgg":
        return _BGG_TAGS.sub("", text)
    return text


def outside_spoilers(flavour: str, text: str) -> str:
    """What one Discord message or one BGG post shows before any spoiler is opened."""
    pattern = {"discord": _DISCORD_SPOILER, "bgg": _BGG_SPOILER}[flavour]
    return pattern.sub("", text)


def in_view(post: Post) -> dict[str, list[str]]:
    """Each spoiler platform's texts of a post, each with its spoilers taken out: every
    Discord message on its own (a spoiler never spans two), the BGG post."""
    return {
        "discord": [outside_spoilers("discord", m) for m in post.discord_messages()],
        "bgg": [outside_spoilers("bgg", post.bgg or "")],
    }
