"""A stand-in for Discord's webhook endpoint on 127.0.0.1, for `sheetgen send`'s tests.

It checks each request as Discord's "Execute Webhook" documentation says Discord does:
`wait=true`, a JSON body or multipart/form-data with a `payload_json` part, `content` of at
most 2,000 characters, at most 10 files, each file a `files[n]` part matched by an
`attachments` entry with its file name and a `description` of at most 1,024 characters,
`allowed_mentions` present. A request it would refuse gets HTTP 400 and is kept in
`refused`. Scripted answers (`script`) make it fail, rate-limit or stop answering."""

from __future__ import annotations

import email.parser
import email.policy
import json
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

WEBHOOK_PATH = "/api/webhooks/123456789012345678/s3cr3t-T0KEN-never-shown_abc"


@dataclass
class Received:
    """One message Discord would have created."""

    id: str
    content: str
    files: list[tuple[str, bytes]]  # file name, data
    descriptions: list[str | None]
    allowed_mentions: dict[str, Any]
    thread_id: str | None


@dataclass
class Stub:
    server: ThreadingHTTPServer
    messages: list[Received] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    # Answers to give, one per request, before the normal ones: "429:SECONDS", "500",
    # "404", "hang" (create the message, then never answer until released).
    script: list[str] = field(default_factory=list)
    requests: int = 0
    release: threading.Event = field(default_factory=threading.Event)
    # Released once a message is created: a test waits on it instead of a clock.
    arrived: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}{WEBHOOK_PATH}"

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def start_stub() -> Stub:
    stub: Stub

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            with stub.lock:
                stub.requests += 1
                answer = stub.script.pop(0) if stub.script else ""
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if answer.startswith("429"):
                wait = float(answer.partition(":")[2] or "0.01")
                self._reply(429, {"message": "You are being rate limited.", "retry_after": wait})
                return
            if answer in ("500", "502", "503"):
                self._reply(int(answer), {"message": "internal"})
                return
            if answer == "404":
                self._reply(404, {"message": "Unknown Webhook", "code": 10015})
                return
            parts = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(parts.query)
            problem = self._problem(parts.path, query, body)
            if problem:
                stub.refused.append(problem)
                self._reply(400, {"message": problem, "code": 50035})
                return
            if answer == "hang":
                stub.release.wait(30)
                return
            self._reply(200, {"id": stub.messages[-1].id, "content": stub.messages[-1].content})

        def _problem(self, path: str, query: dict[str, list[str]], body: bytes) -> str:
            if path != WEBHOOK_PATH:
                return f"unknown path {path}"
            if query.get("wait") != ["true"]:
                return "wait=true missing"
            kind = self.headers.get("Content-Type", "")
            files: list[tuple[str, bytes]] = []
            if kind.startswith("application/json"):
                payload = json.loads(body)
            elif kind.startswith("multipart/form-data"):
                raw = f"Content-Type: {kind}\r\n\r\n".encode() + body
                message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(raw)
                payload = None
                for part in message.iter_parts():
                    name = part.get_param("name", header="content-disposition")
                    if name == "payload_json":
                        payload = json.loads(part.get_payload(decode=True))
                    elif isinstance(name, str) and name.startswith("files["):
                        files.append((part.get_filename() or "", part.get_payload(decode=True)))
                    else:
                        return f"unexpected part {name}"
                if payload is None:
                    return "multipart without payload_json"
            else:
                return f"content type {kind}"
            content = payload.get("content", "")
            if len(content) > 2000:
                return f"content of {len(content)} characters"
            if len(files) > 10:
                return f"{len(files)} files"
            if not content and not files:
                return "an empty message"
            if "allowed_mentions" not in payload:
                return "no allowed_mentions"
            listed = payload.get("attachments", [])
            if len(listed) != len(files):
                return "attachments and files differ"
            descriptions: list[str | None] = []
            for index, (entry, (name, _)) in enumerate(zip(listed, files, strict=True)):
                if entry.get("id") != index or entry.get("filename") != name:
                    return f"attachment {index} does not match its file"
                description = entry.get("description")
                if description is not None and len(description) > 1024:
                    return f"description of {len(description)} characters"
                descriptions.append(description)
            with stub.lock:
                stub.messages.append(
                    Received(
                        str(1000 + len(stub.messages)),
                        content,
                        files,
                        descriptions,
                        payload["allowed_mentions"],
                        (query.get("thread_id") or [None])[0],
                    )
                )
            stub.arrived.release()
            return ""

        def _reply(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    stub = Stub(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return stub
