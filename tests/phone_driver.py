# ruff: noqa: E501 (the step runner is JavaScript in one string)
"""Drives an offline page in headless Chromium as a phone user does, across reloads: the page
is opened 390 px wide (devtools.Browser, as a phone), each step of the job runs on the loaded
page, and a step may end by reloading it (the next step then runs on the reloaded page, with
whatever the page kept in the browser's storage) or by opening another page the job names
(another game's copy of the page: the same browser, the same storage). Each reload and each
page opened is waited for (its own load event, in a document that holds the browser's
storage: see devtools.STORAGE_KEY), so what a step finds never depends on how busy the
machine is. `window.confirm` answers as the job says and records each question. The last
step's findings come back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from devtools import Browser

# Each step is the body of `function (out, $, click, answer)`; it returns true to reload, or
# the name of another page to open (`others` of drive_steps), the next step running there,
# or a promise of either.
STEP = """
(async function (body, out) {
  var answers = [];
  window.confirm = function (question) { out.asked.push(question); return answers.length ? answers.shift() : false; };
  function $(id) { return document.getElementById(id); }
  function click(el) { el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  function answer(yes) { answers.push(yes); }
  var next = false;
  try { next = await new Function("out", "$", "click", "answer", body)(out, $, click, answer); }
  catch (e) { out.error = String(e && e.stack || e); next = false; }
  out.innerWidth = window.innerWidth;
  out.scrollWidth = document.documentElement.scrollWidth;
  return {out: out, next: typeof next === "string" ? next : !!next};
})(%s, %s)
"""


def drive_steps(
    page: Path,
    steps: list[str],
    width: int = 390,
    height: int = 900,
    others: dict[str, Path] | None = None,
) -> dict[str, Any]:
    """Run the steps (JavaScript, see STEP) on the page `width` px wide; a step may open one
    of the `others` pages by name."""
    out: dict[str, Any] = {"asked": []}
    with Browser(width, height, mobile=True) as browser:
        browser.open(page)
        for at, step in enumerate(steps):
            found = browser.run(STEP % (json.dumps(step), json.dumps(out)))
            out, go = found["out"], found["next"]
            if "error" in out or not go or at + 1 == len(steps):
                break
            if isinstance(go, str):
                if go not in (others or {}):
                    out["error"] = f"no page named {go}"
                    break
                browser.open((others or {})[go])
            else:
                browser.reload()
    assert "error" not in out, out["error"]
    return out
