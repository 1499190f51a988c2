# ruff: noqa: E501 (the driver script is JavaScript in one string)
"""Drives an offline page in headless Chromium as a phone user does, across reloads: the page
is opened in a frame as wide as a phone (390 px), each step of the job runs after a load of
the page, and a step may end by reloading it (the next step then runs on the reloaded page,
with whatever the page kept in the browser's storage). `window.confirm` answers as the job
says and records each question. The last step's findings come back through the frame."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import headless

# Each step is the body of `function (out, $, click, answer)`; it returns true to reload.
DRIVER = """
<script>
(function () {
  var steps = __STEPS__;
  var at = parseInt(sessionStorage.getItem("driver-step") || "0", 10);
  var out = JSON.parse(sessionStorage.getItem("driver-out") || '{"asked": []}');
  var answers = [];
  window.confirm = function (question) { out.asked.push(question); return answers.length ? answers.shift() : false; };
  function $(id) { return document.getElementById(id); }
  function click(el) { el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  function answer(yes) { answers.push(yes); }
  var reload = false;
  try { reload = new Function("out", "$", "click", "answer", steps[at])(out, $, click, answer); }
  catch (e) { out.error = String(e && e.stack || e); reload = false; }
  out.innerWidth = window.innerWidth;
  out.scrollWidth = document.documentElement.scrollWidth;
  if (reload && at + 1 < steps.length) {
    sessionStorage.setItem("driver-step", String(at + 1));
    sessionStorage.setItem("driver-out", JSON.stringify(out));
    location.reload();
    return;
  }
  sessionStorage.removeItem("driver-step"); sessionStorage.removeItem("driver-out");
  parent.postMessage(JSON.stringify(out), "*");
})();
</script>
"""


def drive_steps(
    page: Path, steps: list[str], width: int = 390, height: int = 900
) -> dict[str, Any]:
    """Run the steps (JavaScript, see DRIVER) on a copy of the page `width` px wide."""
    text = page.read_text(encoding="utf-8")
    copy = page.with_name(f".phone-{page.name}")
    script = DRIVER.replace("__STEPS__", json.dumps(steps).replace("</", "<\\/"))
    copy.write_text(text.replace("</body>", script + "</body>"), encoding="utf-8")
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
        copy.unlink()
        frame.unlink()
    found = re.search(r'<pre id="sheetgen-check">(.+?)</pre>', dom, re.DOTALL)
    assert found, "the driver did not report (the page failed to load?)"
    raw = found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    result: dict[str, Any] = json.loads(raw.replace("&amp;", "&"))
    assert "error" not in result, result["error"]
    return result
