"""A post's text as a player copies it from the rendered post (what they paste into the
round check page or `sheetgen verify --thread`), and the part of it a reader sees without
opening a spoiler."""

from __future__ import annotations

import html
import re

from generator.render.text import Post

_DISCORD_MARKS = re.compile(r"\|\||\*\*")
_BGG_TAGS = re.compile(r"\[/?(?:o|c|b|i|size=\d+)\]")
_DISCORD_SPOILER = re.compile(r"\|\|.*?\|\|", re.DOTALL)
_BGG_SPOILER = re.compile(r"\[o\].*?\[/o\]", re.DOTALL)
# A catch-up page's spoiler: a closed <details>, all of it but its summary hidden.
_HTML_SPOILER = re.compile(r"(<details\b[^>]*>\s*<summary>.*?</summary>).*?</details>", re.DOTALL)
# Tags that end a line where a browser shows them (a copy keeps that line break).
_HTML_BREAK = re.compile(r"<br>|</(?:div|p|pre|li|h\d|summary|article)>", re.IGNORECASE)
_HTML_TAG = re.compile(r"<[^>]+>")


def as_shown(flavour: str, text: str) -> str:
    """The text as the platform shows it: on Discord no spoiler or bold marks and no fence
    lines (a code block shows only its lines), on BGG no tags; Facebook shows it as typed;
    a catch-up page (HTML) copied with its spoilers opened: no tags, a line break where a
    line ends on the page, entities as the characters they stand for."""
    if flavour == "discord":
        shown = _DISCORD_MARKS.sub("", text)
        return "\n".join(line for line in shown.split("\n") if line != "```")
    if flavour == "bgg":
        return _BGG_TAGS.sub("", text)
    if flavour == "html":
        return html.unescape(_HTML_TAG.sub("", _HTML_BREAK.sub(lambda m: m.group(0) + "\n", text)))
    return text


def outside_spoilers(flavour: str, text: str) -> str:
    """What one Discord message, one BGG post or a catch-up page (HTML: each <details> shows
    its summary alone) shows before any spoiler is opened."""
    if flavour == "html":
        return _HTML_SPOILER.sub(r"\1</details>", text)
    pattern = {"discord": _DISCORD_SPOILER, "bgg": _BGG_SPOILER}[flavour]
    return pattern.sub("", text)


def in_view(post: Post) -> dict[str, list[str]]:
    """Each spoiler platform's texts of a post, each with its spoilers taken out: every
    Discord message on its own (a spoiler never spans two), the BGG post."""
    return {
        "discord": [outside_spoilers("discord", m) for m in post.discord_messages()],
        "bgg": [outside_spoilers("bgg", post.bgg or "")],
    }
