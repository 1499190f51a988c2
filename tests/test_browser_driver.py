"""The browser driver (tests/devtools.py, tests/phone_driver.py) judges a page only in a
document that holds the browser's storage. Chromium may leave a new document without it
(the page's storage bound before the browser saw the document commit: an empty storage whose
writes go nowhere), which a loaded machine makes common; a step run there would find the
player's kept work gone and fail the page for the browser's race. Here a page plays that
document on purpose, the second it opens: the driver loads the page again instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from phone_driver import drive_steps

pytestmark = pytest.mark.browser

# Counts its documents in the tab's window.name (kept across reloads, and no storage: the
# browser's race can leave a document's sessionStorage unbound too); the second one gets a
# localStorage of its own that nothing else sees and that keeps nothing, as an unbound one does.
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>taps</title></head><body>
<p id="kept"></p><button id="tap">Tap</button>
<script>
var documents = Number(window.name || "0") + 1;
window.name = String(documents);
if (documents === 2) {
  var nowhere = {};
  Object.defineProperty(window, "localStorage", {value: {
    getItem: function (k) { return k in nowhere ? nowhere[k] : null; },
    setItem: function (k, v) { nowhere[k] = String(v); },
    removeItem: function (k) { delete nowhere[k]; }
  }});
}
var taps = Number(localStorage.getItem("taps") || "0");
document.getElementById("kept").textContent = String(taps);
document.getElementById("tap").addEventListener("click", function () {
  taps += 1; localStorage.setItem("taps", String(taps));
  document.getElementById("kept").textContent = String(taps);
});
</script></body></html>
"""


def test_a_document_without_the_browsers_storage_is_loaded_again(tmp_path: Path) -> None:
    page = tmp_path / "taps.html"
    page.write_text(PAGE, encoding="utf-8")
    found = drive_steps(
        page,
        [
            'click($("tap")); click($("tap")); out.tapped = $("kept").textContent; return true;',
            'out.kept = $("kept").textContent; out.documents = window.name; return false;',
        ],
    )
    assert found["tapped"] == "2"
    # The reload's own document had no storage: the step ran in a later one, which has (the
    # third, or later still when the browser's own race left another without it).
    assert int(found["documents"]) >= 3
    assert found["kept"] == "2"
