# ruff: noqa: E501 (the driver script is JavaScript in one string)
"""Drives the ship builder page in headless Chromium as a player does: type a code, tap
Take, tap Turn, tap a square of the board; then reads what the page shows. The script is
added to a copy of the page and writes its findings into the DOM (as tests/headless.py
does), which `--dump-dom` prints."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import headless

# Runs after the page's own script: each step is what a finger does.
DRIVER = """
<script>
(function () {
  var job = __JOB__;
  function $(id) { return document.getElementById(id); }
  function click(el) { el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  function cell(k) { return document.querySelector('[data-cell="' + k + '"]'); }
  var out = {ships: [], verdicts: []};
  if (job.board) click(document.querySelector('[data-board="' + job.board + '"]'));
  if (job.rear !== undefined) { $("rear").value = String(job.rear); $("rear").dispatchEvent(new Event("change")); }
  (job.taps || []).forEach(function (t) {
    $("code").value = t.code;
    click($("take"));
    for (var i = 0; i < t.rotation / 90; i++) click($("turn"));
    click(cell(t.row + "," + t.column));
  });
  if (job.skipped !== undefined) {
    $("skipped").value = String(job.skipped);
    $("skipped").dispatchEvent(new Event("input", {bubbles: true}));
  }
  out.text = $("out").value;
  out.verdict = $("verdict").textContent;
  out.problems = Array.prototype.map.call($("problems").children, function (li) { return li.textContent; });
  out.stats = Array.prototype.map.call($("stats").children, function (li) { return li.textContent; });
  out.flagged = Array.prototype.map.call(document.querySelectorAll(".cell.bad, .cell.loose"), function (b) { return b.dataset.cell; });
  (job.verdicts || []).forEach(function (v) { out.verdicts.push(window.shipBuilder.verdict(v[0], v[1], v[2])); });
  if (job.read) { $("in").value = job.read; click($("read")); out.readBack = $("out").value; out.readErrors = $("readerr").textContent; }
  out.scrollWidth = document.documentElement.scrollWidth;
  out.innerWidth = window.innerWidth;
  var pre = document.createElement("pre"); pre.id = "driver-out"; pre.style.display = "none"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def driven_copy(page: Path, job: dict[str, Any], target: Path) -> Path:
    text = page.read_text(encoding="utf-8")
    script = DRIVER.replace("__JOB__", json.dumps(job).replace("</", "<\\/"))
    target.write_text(text.replace("</body>", script + "</body>"), encoding="utf-8")
    return target


def drive(page: Path, job: dict[str, Any], width: int = 390) -> dict[str, Any]:
    """Run the job on a copy of the page in a frame `width` px wide; the page's findings."""
    copy = driven_copy(page, job, page.with_name(f".driven-{page.name}"))
    frame = headless._framed(page, copy.name, width, 900)
    try:
        dom = headless._run(
            [
                f"--window-size={max(width, 500) + 40},940",
                "--virtual-time-budget=20000",
                "--dump-dom",
                copy.resolve().as_uri(),
            ]
        )
    finally:
        copy.unlink()
        frame.unlink()
    found = re.search(r'<pre id="driver-out"[^>]*>(.+?)</pre>', dom, re.DOTALL)
    assert found, "the driver did not report (the page failed?)"
    raw = found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(raw.replace("&amp;", "&"))
