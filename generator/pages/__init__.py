"""The pages sheetgen writes, as files: each page's HTML shell, style sheet and script live
here beside this module (shipped in the wheel as package data) and Python fills in only what
it computes.

- `console.html`, `.css`, `.js`: the host's console (render/console_html.py); its markup is
  a Jinja2 template (templates.py: how it escapes), its texts and pictures travel in JSON
  islands (`<script type="application/json">`).
- `digest.html`, `digest_fragment.html`, `digest_content.html`, `digest.css`: the players'
  catch-up page and its blog fragment (render/html.py), Jinja2 templates that share their
  content; no script.
- `ship_builder.html`, `.css`, `.js`: Galaxy Trucker's ship builder (and Keep on Trucking's);
  its data is the JSON literal the script's `var DATA = __DATA__;` receives.
- `*_grid.html`, `.css`, `.js`: a dice game's grid page (its game package's grid_page.py),
  its data received the same way.

The other shells name their holes `__NAME__` (capitals only): `fill` puts every value in at
once, so a value that happens to hold `__NAME__` (a player's or game's text) is never filled
again, and a hole with no value, or a value with no hole, is an error rather than a page with
a gap."""

from __future__ import annotations

import io
import json
import pkgutil
import re
from functools import cache

HOLE = re.compile(r"__([A-Z]+)__")


@cache
def asset(name: str) -> str:
    """One page file's text, as shipped (`console.js`), read by the package's own loader as
    a text file is read (universal newlines). pkgutil.get_data, not importlib.resources:
    the latter's file readers import zipfile and more, about 6 ms of every game."""
    data = pkgutil.get_data(__name__, name)
    if data is None:  # a loader that cannot read package data
        raise FileNotFoundError(f"{__name__}/{name}: the package's loader cannot read it")
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()


def fill(template: str, **values: str) -> str:
    """`template` with each `__NAME__` replaced by `values[NAME]`, in one pass."""
    holes = set(HOLE.findall(template))
    if holes != set(values):
        missing, unused = sorted(holes - set(values)), sorted(set(values) - holes)
        raise ValueError(f"page holes without a value: {missing}; values without a hole: {unused}")
    return HOLE.sub(lambda hole: values[hole.group(1)], template)


def script_json(data: object, *, ascii_only: bool = True, compact: bool = False) -> str:
    """JSON safe inside a <script> element: no `<` can close it, and the two line breaks
    JSON allows in a string but older JavaScript did not (U+2028, U+2029) are escaped.
    `compact`: keys sorted, no spaces (a page that carries a whole pack's data)."""
    separators = (",", ":") if compact else None
    return (
        json.dumps(data, ensure_ascii=ascii_only, sort_keys=compact, separators=separators)
        .replace("<", "\\u003c")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
