"""A real browser driven through the DevTools protocol, for pages that need a click, the
clipboard or a reload (headless.py's `--dump-dom` cannot): Chromium started with
`--remote-debugging-pipe` reads commands on its file descriptor 3 and answers on 4, each
message JSON ended by a NUL byte, so no WebSocket library is needed."""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from headless import chromium

TIMEOUT = 90.0

# A key only this driver writes, in the storage every page from a file shares. Chromium binds a
# new document's localStorage when the page first touches it; if that request reaches the
# browser before the document's commit does, Chromium does not bind it at all (its own comment
# in dom_storage_context_wrapper.cc: "a race condition between committing the new document and
# binding the DOM Storage. For now, we'll just fail to bind."). Such a document reads an empty
# storage and its writes go nowhere: it is not the player's page after a reload, it is a
# browser that lost the race, which a loaded machine makes common for pages from files (a
# page's script reads its storage as it is parsed). The driver never reads or judges a page
# in such a document: the key tells the two apart.
STORAGE_KEY = "sheetgen-tests: the browser's own storage"
# Documents in a row the browser may hand out without storage before the driver gives up
# (each one is another reload, as a player would do).
STORAGE_ATTEMPTS = 20
BLANK = "<!DOCTYPE html><title>blank</title>"


class DevToolsError(AssertionError):
    pass


class Browser:
    """One headless Chromium with one page, as a phone (`mobile`) or a desktop sees it."""

    def __init__(self, width: int, height: int = 900, mobile: bool = False) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="sheetgen-devtools-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def pipes() -> None:  # in the child: its 3 reads our commands, its 4 answers
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                "--disable-extensions",
                "--remote-debugging-pipe",
                f"--user-data-dir={self.profile.name}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=pipes,
            pass_fds=(3, 4),
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self._storage_known = False
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.call(
            "Browser.grantPermissions",
            permissions=["clipboardReadWrite", "clipboardSanitizedWrite"],
        )
        for domain in ("Page", "Runtime", "Network"):
            self.page(f"{domain}.enable")
        self.page("Page.setLifecycleEventsEnabled", enabled=True)
        self.page("Emulation.setFocusEmulationEnabled", enabled=True)
        self.page(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(DevToolsError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self.profile.cleanup()

    def _send(self, message: dict[str, Any]) -> None:
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_browser], [], [], max(left, 0))
            if not ready:
                raise DevToolsError("the browser did not answer in time")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise DevToolsError("the browser closed its pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self._send(message)
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise DevToolsError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, self.session, **params)

    def open(self, page: Path) -> None:
        self._load(page.resolve().as_uri())

    def reload(self) -> None:
        """The page loaded again, as a fresh document (what a reload gives the page)."""
        self._load(self.run("location.href"))

    def _load(self, url: str) -> None:
        """Load the page into a document that holds the browser's storage (STORAGE_KEY):
        a document the browser left without it is loaded again."""
        if not url.startswith("file:"):
            self._navigate(url)
            return
        self._know_storage()
        for _ in range(STORAGE_ATTEMPTS):
            self._navigate(url)
            if self._has_storage():
                return
        raise DevToolsError(
            f"{url}: {STORAGE_ATTEMPTS} documents in a row without the browser's storage "
            "(the driver's own key is gone: the page wiped the storage, or the browser "
            "never binds it)"
        )

    def _has_storage(self) -> bool:
        return bool(self.run(f"localStorage.getItem({json.dumps(STORAGE_KEY)}) === '1'"))

    def _know_storage(self) -> None:
        """Put STORAGE_KEY into the storage of pages from files, once, through a blank page
        (no script of its own, so nothing touches the storage before the driver does), and
        see it come back in a later document: only a document bound to the browser's storage
        reads it there, so the key is known to be in it."""
        if self._storage_known:
            return
        blank = Path(self.profile.name) / "blank.html"
        blank.write_text(BLANK, encoding="utf-8")
        write = f"localStorage.setItem({json.dumps(STORAGE_KEY)}, '1')"
        for _ in range(STORAGE_ATTEMPTS):
            self._navigate(blank.as_uri())
            if self._has_storage():
                self._storage_known = True
                return
            self.run(write)  # lost if this document is the unbound one: the next one tells
        raise DevToolsError(f"the browser's storage never held a key through a reload: {blank}")

    def _navigate(self, url: str) -> None:
        """Navigate and wait for this very navigation's load event. A bare
        Page.loadEventFired names no document: one from an earlier load (the about:blank
        the target opened with, the previous page) can arrive late, on a loaded machine,
        and be taken for this one, so the page would be read before its script ran."""
        answer = self.page("Page.navigate", url=url)
        if answer.get("errorText"):
            raise DevToolsError(f"{url}: {answer['errorText']}")
        loader = answer["loaderId"]
        deadline = time.monotonic() + TIMEOUT
        while True:
            for index, seen in enumerate(self.events):
                params = seen.get("params", {})
                if (
                    seen.get("method") == "Page.lifecycleEvent"
                    and params.get("loaderId") == loader
                    and params.get("name") == "load"
                ):
                    del self.events[index]
                    # The other lifecycle events are of no use once this one is here.
                    self.events = [
                        e for e in self.events if e.get("method") != "Page.lifecycleEvent"
                    ]
                    return
            answer = self._receive(deadline)
            if "method" in answer:
                self.events.append(answer)

    def run(self, script: str) -> Any:
        """The value of a JavaScript expression (a promise is awaited), run as if the user
        had tapped (so that the clipboard may be written)."""
        result = self.page(
            "Runtime.evaluate",
            expression=script,
            awaitPromise=True,
            returnByValue=True,
            userGesture=True,
        )
        if "exceptionDetails" in result:
            raise DevToolsError(f"{script[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def requests(self) -> list[str]:
        """Every URL the page asked for since it was opened."""
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]
