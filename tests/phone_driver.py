# ruff: noqa: E501 (the driver script is JavaScript in one string)
"""Drives an offline page in headless Chromium as a phone user does, across reloads: the page
is opened in a frame as wide as a phone (390 px), each step of the job runs after a load of
the page, and a step may end by reloading it (the next step then runs on the reloaded page,
with whatever the page kept in the browser's storage) or by opening another page the job
names (another game's copy of the page: the same browser, the same storage).
`window.confirm` answers as the job says and records each question. The last step's
findings come back through the frame."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import headless

# Each step is the body of `function (out, $, click, answer)`; it returns true to reload, or
# the name of another page to open (`others` of drive_steps), the next step running there,
# or a promise of either.
DRIVER = """
<script>
(function () {
  var steps = __STEPS__;
  var pages = __PAGES__;
  var at = parseInt(sessionStorage.getItem("driver-step") || "0", 10);
  var out = JSON.parse(sessionStorage.getItem("driver-out") || '{"asked": []}');
  var answers = [];
  window.confirm = function (question) { out.asked.push(question); return answers.length ? answers.shift() : false; };
  function $(id) { return document.getElementById(id); }
  function click(el) { el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  function answer(yes) { answers.push(yes); }
  function failed(e) { out.error = String(e && e.stack || e); return false; }
  function next(reload) {
    if (typeof reload === "string" && !pages[reload]) reload = failed("no page named " + reload);
    out.innerWidth = window.innerWidth;
    out.scrollWidth = document.documentElement.scrollWidth;
    if (reload && at + 1 < steps.length) {
      sessionStorage.setItem("driver-step", String(at + 1));
      sessionStorage.setItem("driver-out", JSON.stringify(out));
      if (typeof reload === "string") location.href = pages[reload];
      else location.reload();
      return;
    }
    sessionStorage.removeItem("driver-step"); sessionStorage.removeItem("driver-out");
    parent.postMessage(JSON.stringify(out), "*");
  }
  var reload = false;
  try { reload = new Function("out", "$", "click", "answer", steps[at])(out, $, click, answer); }
  catch (e) { reload = failed(e); }
  // A step that waits (a page's check answers later) returns a promise of its answer.
  if (reload && typeof reload.then === "function") reload.then(next, function (e) { next(failed(e)); });
  else next(reload);
})();
</script>
"""


def drive_steps(
    page: Path,
    steps: list[str],
    width: int = 390,
    height: int = 900,
    others: dict[str, Path] | None = None,
) -> dict[str, Any]:
    """Run the steps (JavaScript, see DRIVER) on a copy of the page `width` px wide; a step
    may open one of the `others` pages by name (a copy of it, beside it, runs the steps)."""
    pages = {"": page, **(others or {})}
    copies = {p: p.with_name(f".phone-{p.name}") for p in pages.values()}
    names = {name: copies[p].resolve().as_uri() for name, p in pages.items()}
    script = DRIVER.replace("__STEPS__", json.dumps(steps).replace("</", "<\\/")).replace(
        "__PAGES__", json.dumps(names).replace("</", "<\\/")
    )
    for original, made in copies.items():
        text = original.read_text(encoding="utf-8")
        made.write_text(text.replace("</body>", script + "</body>"), encoding="utf-8")
    copy = copies[page]
    frame = headless._framed(page, copy.name, width, height)
    try:
        dom = headless._run(
            [
                f"--window-size={max(width, 500) + 40},{height + 40}",
                "--virtual-time-budget=20000",
                "--dump-dom",
                frame.resolve().as_uri(),
            ]
        )
    finally:
        for made in copies.values():
            made.unlink()
        frame.unlink()
    found = re.search(r'<pre id="sheetgen-check">(.+?)</pre>', dom, re.DOTALL)
    assert found, "the driver did not report (the page failed to load?)"
    raw = found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    result: dict[str, Any] = json.loads(raw.replace("&amp;", "&"))
    assert "error" not in result, result["error"]
    return result
