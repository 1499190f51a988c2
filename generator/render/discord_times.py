"""Moments in a Discord text, shown in each reader's own time zone.

The texts write a moment as 'Tue 1 Dec 2026, 08:00 CET' (plan/schedule.py `date_text`, the
month's deadlines, a correction's time), in the game's zone. Discord shows `<t:UNIX:F>` as
that moment in the reader's zone and language ("Tuesday, 1 December 2026 08:00"), and
`<t:UNIX:R>` as a countdown ("in 3 hours"). So the Discord flavour writes each such moment
as `<t:UNIX:F>`, with a countdown after a deadline ("by …", "by Day 7, afternoon (…"); the
other platforms keep the written zone. A date without a time ('from Tue 1 Dec 2026') and a
daily time ('08:00') are not moments and stay as written; so does anything in a code block,
where Discord shows markup as typed."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from generator.render.text import is_fence

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MOMENT = re.compile(
    r"(?P<by>\bby (?:[^()\n]{1,60} \()?)?"
    rf"(?P<wd>{'|'.join(_DAYS)}) (?P<d>\d{{1,2}}) (?P<mon>{'|'.join(_MONTHS)}) "
    r"(?P<y>\d{4}), (?P<h>\d{2}):(?P<m>\d{2}) (?P<tz>[A-Za-z][A-Za-z]{1,5}|[+-]\d{2}(?:\d{2})?)"
    r"(?![\w:])"
)


def instant(match: re.Match[str], zone: ZoneInfo) -> int | None:
    """The moment the words name in `zone`, or None when they name none there (a wrong
    weekday, a zone name the zone does not use then, a time the clock skips)."""
    try:
        local = dt.datetime(
            int(match["y"]),
            _MONTHS.index(match["mon"]) + 1,
            int(match["d"]),
            int(match["h"]),
            int(match["m"]),
        )
    except ValueError:
        return None
    if _DAYS[local.weekday()] != match["wd"]:
        return None
    for fold in (0, 1):
        aware = local.replace(tzinfo=zone, fold=fold)
        back = aware.astimezone(dt.UTC).astimezone(zone)
        if back.replace(tzinfo=None) == local and back.tzname() == match["tz"]:
            return int(aware.timestamp())
    return None


def discord_times(text: str, zone_name: str) -> str:
    """`text` with each moment written in `zone_name` as `<t:UNIX:F>`; after "by", a
    countdown too."""
    zone = ZoneInfo(zone_name)

    def stamp(match: re.Match[str]) -> str:
        at = instant(match, zone)
        if at is None:
            return match[0]
        by = match["by"] or ""
        # "by Day 7, afternoon (…, in 3 days)"; "by … (in 3 days)"
        countdown = (f", <t:{at}:R>" if by.endswith("(") else f" (<t:{at}:R>)") if by else ""
        return f"{by}<t:{at}:F>{countdown}"

    out = []
    in_code = False
    for line in text.split("\n"):
        # A hidden block's fences carry its spoiler marks (`||` before or after): text after
        # it is text again, its moments shown in the reader's zone.
        fence = is_fence(line)
        in_code ^= fence
        out.append(line if in_code or fence else _MOMENT.sub(stamp, line))
    return "\n".join(out)
