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
