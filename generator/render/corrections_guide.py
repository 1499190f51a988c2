"""The posting guide's corrections section, from the corrections log: where each
correction goes. Written by `sheetgen correct`, and again whenever the guide is."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from generator.folder.corrections_log import Correction
from generator.plan.moments import game_zone
from generator.plan.schedule import Moment

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

GUIDE_HEADING = "## Corrections"


def moment_words(plan: SharedPlan, at: dt.datetime) -> Moment:
    """'Fri 4 Dec 2026, 09:00 CET' in the game's time zone."""
    zone = game_zone(plan)
    local = at.astimezone(zone)
    return Moment(f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M} {local.tzname()}", zone.key)


def with_corrections(guide: str, plan: SharedPlan, corrections: list[Correction]) -> str:
    """The guide with its corrections section (none when there are none), once."""
    text = guide.split(f"\n{GUIDE_HEADING}\n")[0].rstrip("\n") + "\n"
    return text + guide_section(plan, corrections) if corrections else text


def guide_section(plan: SharedPlan, corrections: list[Correction]) -> str:
    lines = [
        "",
        GUIDE_HEADING,
        "",
        "Each goes out as a new post on every platform, as soon as it is made (`sheetgen",
        "today` shows it first until `sheetgen posted` marks it). Never edit the post it",
        "corrects: players have played from it, and the proof at the end is of the posts",
        "as they were.",
        "",
    ]
    for correction in corrections:
        stem = correction.stem
        lines += [
            f"### Correction {correction.number} · {moment_words(plan, correction.at)}",
            "",
            f"To the {correction.title} post (`{correction.key}`).",
            f"Facebook: paste `{stem}.facebook.txt` · Discord: paste `{stem}.discord.md` · "
            f"BGG: paste `{stem}.bgg.txt`.",
            "",
        ]
    return "\n".join(lines)
