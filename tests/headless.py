"""A real browser for the tests: Debian's Chromium, driven from its command line.

`make test` installs Chromium where it can (.ci/ensure-chromium); where it cannot, the
browser tests skip and say why. A page is checked by a copy of it with a small script that
runs after the page has loaded, measures it and writes the figures into the DOM, which
`--dump-dom` then prints."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "chrome")
TIMEOUT = 90

# Runs on `load` (every picture decoded): figures before and after tapping spoilers.
CHECK_SCRIPT = """
<script>
// Closed <details> content is laid out but not rendered (content-visibility: hidden).
function shown(el) { return el.checkVisibility() && el.getClientRects().length > 0; }
window.addEventListener('load', function () {
  var out = {};
  var root = document.documentElement;
  out.innerWidth = window.innerWidth;
  out.scrollWidth = root.scrollWidth;
  out.bodyScrollWidth = document.body.scrollWidth;
  var imgs = Array.prototype.slice.call(document.images);
  out.images = imgs.length;
  out.imagesLoaded = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  var details = Array.prototype.slice.call(document.querySelectorAll('details'));
  out.details = details.length;
  out.openAtStart = details.filter(function (d) { return d.open; }).length;
  out.hiddenShownAtStart = details.filter(function (d) {
    var h = d.querySelector('.hidden'); return h && shown(h);
  }).length;
  if (details.length) {
    var first = details[0];
    first.querySelector('summary').click();
    out.firstOpenAfterClick = first.open;
    var h = first.querySelector('.hidden');
    out.firstShownAfterClick = !!h && shown(h);
    out.othersOpenAfterClick = details.slice(1).filter(function (d) { return d.open; }).length;
    details.forEach(function (d) { d.open = true; });
    out.scrollWidthAllOpen = root.scrollWidth;
  }
  parent.postMessage(JSON.stringify(out), '*');
});
</script>
"""

# Desktop Chromium will not make a window narrower than 500 px, so the page is measured and
# photographed inside a frame exactly as wide as a phone.
FRAME = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
body{{margin:0}} iframe{{border:0;display:block;width:{width}px;height:{height}px}}
</style></head><body><iframe src="{src}"></iframe><pre id="sheetgen-check"></pre>
<script>
window.addEventListener('message', function (e) {{
  document.getElementById('sheetgen-check').textContent = e.data;
}});
</script></body></html>
"""


def chromium() -> str:
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(
        "no Chromium: the headless-browser checks are skipped (`make test` installs Debian's "
        "chromium with apt-get where it may; install it by hand to run them)"
    )


def _run(args: list[str]) -> str:
    with tempfile.TemporaryDirectory(prefix="sheetgen-chromium-") as profile:
        command = [
            chromium(),
            "--headless",
            "--no-sandbox",  # tests may run as root in containers
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-extensions",
            f"--user-data-dir={profile}",
            *args,
        ]
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    if result.returncode != 0:
        raise AssertionError(f"chromium failed ({result.returncode}): {result.stderr[-2000:]}")
    return result.stdout


def _framed(page: Path, src: str, width: int, height: int) -> Path:
    frame = page.with_name(f".frame-{page.name}")
    frame.write_text(FRAME.format(src=src, width=width, height=height), encoding="utf-8")
    return frame


def measure(page: Path, width: int = 360, height: int = 800) -> dict[str, Any]:
    """Load a copy of the page (beside it, so relative links still resolve) with the check
    script, in a frame `width` pixels wide, and return its figures."""
    text = page.read_text(encoding="utf-8")
    probe = page.with_name(f".check-{page.name}")
    probe.write_text(text.replace("</body>", CHECK_SCRIPT + "</body>"), encoding="utf-8")
    frame = _framed(page, probe.name, width, height)
    try:
        dom = _run(
            [
                f"--window-size={max(width, 500) + 40},{height + 40}",
                "--virtual-time-budget=10000",
                "--dump-dom",
                frame.resolve().as_uri(),
            ]
        )
    finally:
        probe.unlink()
        frame.unlink()
    found = re.search(r'<pre id="sheetgen-check">(.+?)</pre>', dom, re.DOTALL)
    assert found, "the check script did not report (the page failed to load?)"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def screenshot(
    page: Path, target: Path, width: int = 360, height: int = 2000, fragment: str = ""
) -> Path:
    """A picture of the page (from its top, or from `#fragment`) as a `width`-pixel-wide
    phone shows it."""
    frame = _framed(page, page.name + (f"#{fragment}" if fragment else ""), width, height)
    try:
        _run(
            [
                f"--window-size={max(width, 500) + 40},{height}",
                "--virtual-time-budget=10000",
                f"--screenshot={target.resolve()}",
                frame.resolve().as_uri(),
            ]
        )
    finally:
        frame.unlink()
    with Image.open(target) as shot:
        shot.crop((0, 0, width, height)).save(target)
    return target
