"""A Discord webhook, by the standard library alone: where its URL comes from (a secret), and
one message sent through it with Discord's documented limits checked first.

The URL holds the webhook's token: anyone who has it can post as the webhook. It is read
from the environment (SHEETGEN_DISCORD_WEBHOOK) or from a file only its owner can read, and
it is never written anywhere or said in a message: every error here names the webhook by
where it came from ("the webhook of SHEETGEN_DISCORD_WEBHOOK"), never by its URL.

What Discord takes (its API documentation, "Execute Webhook"): `content` of at most 2,000
characters, at most 10 files a message sent as multipart/form-data with the JSON body in a
`payload_json` part and each file in a `files[n]` part, each attachment's `description`
(the alt text) of at most 1,024 characters, a file name starting `SPOILER_` blurred until
clicked, `allowed_mentions` saying whom the message may ping, `thread_id` to post into a
forum's or a channel's thread, and `wait=true` to get the created message (its id) back."""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import re
import secrets
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.common.errors import SheetgenError, display_path

WEBHOOK_VARIABLE = "SHEETGEN_DISCORD_WEBHOOK"
CONTENT_LIMIT = 2000
FILES_LIMIT = 10
DESCRIPTION_LIMIT = 1024
# Discord's upload limit for a server without boosts (since 2024): a message's files together.
UPLOAD_LIMIT = 10 * 1024 * 1024
DISCORD_HOSTS = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")
_PATH = re.compile(r"^/api(?:/v\d+)?/webhooks/(\d{1,25})/([A-Za-z0-9_.-]{1,200})/?$")
# A rate limit that asks to wait longer than this is said, not slept through: the next run
# (a few minutes later) sends then.
LONGEST_WAIT = 60.0
TRIES = 4  # a 429 or a 5xx is tried again at most this many times in all


@dataclass(frozen=True)
class Webhook:
    """A webhook's URL and where it came from; its repr never shows the URL."""

    url: str = field(repr=False)
    source: str  # "SHEETGEN_DISCORD_WEBHOOK", "~/.config/sheetgen/discord-webhook"
    thread_id: str | None = None

    @property
    def name(self) -> str:
        return f"the webhook of {self.source}"

    def scrub(self, text: str) -> str:
        """`text` with the URL and its token taken out, for any message that might quote it."""
        token = self.url.rstrip("/").rsplit("/", 1)[-1]
        return text.replace(self.url, "[webhook]").replace(token, "[token]")


def default_webhook_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "sheetgen" / "discord-webhook"


def load_webhook(
    file: Path | None, game_root: Path, thread_id: str | None = None, required: bool = True
) -> Webhook | None:
    """The webhook from SHEETGEN_DISCORD_WEBHOOK, else from `file` (else the default file):
    one line, its URL. A file others may read, or one inside the game folder (whose files
    are shared with players), is refused."""
    text = os.environ.get(WEBHOOK_VARIABLE, "").strip()
    source = WEBHOOK_VARIABLE
    if not text:
        path = file if file is not None else default_webhook_file()
        if not path.exists():
            if not required:
                return None
            where = display_path(path)
            raise SheetgenError(
                f"no Discord webhook: set {WEBHOOK_VARIABLE}, or put its URL in {where} "
                f"(one line; `chmod 600 {where}`). Discord gives the URL under the channel's "
                "Edit Channel > Integrations > Webhooks > Copy Webhook URL"
            )
        text = _read_secret_file(path, game_root)
        source = display_path(path)
    url, thread = _checked_url(text, source)
    return Webhook(url, source, thread_id or thread)


def _read_secret_file(path: Path, game_root: Path) -> str:
    where = display_path(path)
    try:
        resolved = path.resolve()
        if resolved.is_relative_to(game_root.resolve()):
            raise SheetgenError(
                f"{where} is inside the game folder, whose files go to players: keep the "
                f"webhook's URL outside it (e.g. {display_path(default_webhook_file())})"
            )
        if path.is_symlink():
            # Its mode would be the link's target's, which others may change: the file itself.
            raise SheetgenError(
                f"{where} is a symbolic link: give the webhook file itself (--webhook-file)"
            )
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError as exc:
        raise SheetgenError(f"{where}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SheetgenError(f"{where} is not a regular file")
        if info.st_uid != os.getuid():
            raise SheetgenError(f"{where} belongs to another user: the webhook file must be yours")
        if info.st_mode & 0o077:
            raise SheetgenError(
                f"{where} can be read by others (mode {stat.S_IMODE(info.st_mode):03o}): "
                f"the webhook's URL lets anyone post as it. `chmod 600 {where}`, then run again"
            )
        data = handle.read(4096)
    lines = [line.strip() for line in data.decode("utf-8", "replace").splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("#")]
    if len(lines) != 1:
        raise SheetgenError(f"{where}: expected one line, the webhook's URL")
    return lines[0]


def _checked_url(text: str, source: str) -> tuple[str, str | None]:
    """The URL (without its query) and a thread id it names, or a clear error that never
    repeats it."""
    expected = (
        f"the webhook of {source} is not a Discord webhook URL (expected "
        "https://discord.com/api/webhooks/ID/TOKEN, as Discord's Copy Webhook URL gives it)"
    )
    try:
        parts = urllib.parse.urlsplit(text)
        host = parts.hostname or ""
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        raise SheetgenError(expected) from None
    local = _is_loopback(host)
    if not (
        (parts.scheme == "https" and host in DISCORD_HOSTS)
        or (local and parts.scheme in ("http", "https"))
    ):
        raise SheetgenError(expected)
    if not _PATH.match(parts.path) or parts.fragment or parts.username or parts.password:
        raise SheetgenError(expected)
    query = urllib.parse.parse_qs(parts.query)
    thread = query.get("thread_id", [None])[0]
    if thread is not None and not thread.isdigit():
        raise SheetgenError(f"the webhook of {source}: its thread_id is not a number")
    url = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))
    return url, thread


def _is_loopback(host: str) -> bool:
    """A server on this machine (a test's stand-in for Discord): plain HTTP is allowed there
    and nowhere else, since the URL carries the token."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Attachment:
    path: Path  # the file in the game folder
    name: str  # the file name Discord shows (SPOILER_… for a hidden picture)
    description: str | None  # the alt text (None for a PDF or a page)


@dataclass(frozen=True)
class Message:
    content: str
    attachments: tuple[Attachment, ...] = ()
    mention_users: tuple[str, ...] = ()  # the Discord user ids it may ping (none: no ping)

    def payload(self) -> dict[str, object]:
        body: dict[str, object] = {
            "content": self.content,
            # Nobody is pinged unless named here: a text with "@everyone" in it stays quiet.
            "allowed_mentions": {"parse": [], "users": list(self.mention_users)},
        }
        if self.attachments:
            body["attachments"] = [
                {"id": index, "filename": a.name}
                | ({"description": a.description} if a.description else {})
                for index, a in enumerate(self.attachments)
            ]
        return body


def check_message(message: Message, what: str) -> None:
    """Discord's limits, checked before anything of a run is sent: a message it would refuse
    is said now, with the file it comes from."""
    if len(message.content) > CONTENT_LIMIT:
        raise SheetgenError(
            f"{what}: {len(message.content)} characters, more than Discord's {CONTENT_LIMIT} "
            "a message (was the file edited?); nothing was sent"
        )
    if not message.content and not message.attachments:
        raise SheetgenError(f"{what}: an empty message; nothing was sent")
    if len(message.attachments) > FILES_LIMIT:
        raise SheetgenError(f"{what}: more than {FILES_LIMIT} files; nothing was sent")
    total = 0
    for attachment in message.attachments:
        if attachment.path.is_symlink() or not attachment.path.is_file():
            raise SheetgenError(
                f"{what}: {display_path(attachment.path)} is not in the game folder; nothing "
                "was sent"
            )
        total += attachment.path.stat().st_size
        if attachment.description and len(attachment.description) > DESCRIPTION_LIMIT:
            raise SheetgenError(
                f"{what}: the alt text of {attachment.name} is longer than Discord's "
                f"{DESCRIPTION_LIMIT} characters; nothing was sent"
            )
    if total > UPLOAD_LIMIT:
        raise SheetgenError(
            f"{what}: its files come to {total // 1024} KiB, more than the "
            f"{UPLOAD_LIMIT // 1048576} MiB Discord takes in one message on a server "
            "without boosts; nothing was sent"
        )


class SendFailed(Exception):
    """A message Discord did not take. `known`: Discord surely did not create it (a refusal,
    a rate limit, no connection), so it may be sent again; otherwise (a timeout once the
    request was out, a reply cut short) nobody can tell without looking at the channel.
    `lasting`: trying again later will not help (a revoked webhook, a refused payload)."""

    def __init__(self, reason: str, known: bool = True, lasting: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.known = known
        self.lasting = lasting


Sleep = Callable[[float], None]


def pause(seconds: float) -> None:
    """Wait between tries (a test replaces it, to count the waits without taking them)."""
    time.sleep(seconds)


@dataclass
class Sender:
    webhook: Webhook
    timeout: float = 30.0
    sleep: Sleep | None = None  # None: `pause`
    longest_wait: float = LONGEST_WAIT

    def send(self, message: Message) -> str:
        """Post one message and return its id; a 429 or a 5xx is tried again (at most
        TRIES times in all), anything else raises SendFailed."""
        data, content_type = _body(message)
        sleep = self.sleep or pause
        for attempt in range(1, TRIES + 1):
            status, body, headers = self._post(data, content_type)
            if 200 <= status < 300:
                return _message_id(body)
            if status == 429:
                wait = _retry_after(body, headers)
                if wait > self.longest_wait or attempt == TRIES:
                    raise SendFailed(
                        f"Discord is rate-limiting {self.webhook.name} (asks to wait {wait:.0f} s)"
                    )
                sleep(wait)
                continue
            if status >= 500:
                if attempt == TRIES:
                    raise SendFailed(
                        f"Discord answered HTTP {status} (a fault on its side) {TRIES} times"
                    )
                sleep(2.0**attempt)
                continue
            raise _refusal(status, body, self.webhook)
        raise AssertionError("unreachable")

    def _post(self, data: bytes, content_type: str) -> tuple[int, bytes, dict[str, str]]:
        query = {"wait": "true"}
        if self.webhook.thread_id:
            query["thread_id"] = self.webhook.thread_id
        request = urllib.request.Request(
            f"{self.webhook.url}?{urllib.parse.urlencode(query)}",
            data=data,
            method="POST",
            headers={"Content-Type": content_type, "User-Agent": "sheetgen (send)"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, response.read(1_000_000), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read(1_000_000), dict(exc.headers or {})
        except TimeoutError as exc:
            raise SendFailed(
                f"no answer from Discord within {self.timeout:g} s", known=False
            ) from exc
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, TimeoutError):
                raise SendFailed(
                    f"no answer from Discord within {self.timeout:g} s", known=False
                ) from None
            # Not connected: the request never left, so nothing was posted.
            said = getattr(reason, "strerror", None) or type(reason).__name__
            raise SendFailed(
                self.webhook.scrub(f"cannot reach Discord ({said})"), known=True
            ) from None
        except (http.client.HTTPException, ConnectionError) as exc:
            raise SendFailed(
                f"the connection broke before Discord answered ({type(exc).__name__})",
                known=False,
            ) from None


def _body(message: Message) -> tuple[bytes, str]:
    payload = json.dumps(message.payload(), ensure_ascii=False).encode()
    if not message.attachments:
        return payload, "application/json"
    boundary = f"sheetgen-{secrets.token_hex(16)}"
    parts = [_part(boundary, 'name="payload_json"', "application/json", payload)]
    for index, attachment in enumerate(message.attachments):
        filename = attachment.name.replace('"', "")
        disposition = f'name="files[{index}]"; filename="{filename}"'
        parts.append(
            _part(boundary, disposition, _content_type(filename), attachment.path.read_bytes())
        )
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def _part(boundary: str, disposition: str, content_type: str, data: bytes) -> bytes:
    head = (
        f"--{boundary}\r\nContent-Disposition: form-data; {disposition}\r\n"
        f"Content-Type: {content_type}\r\n\r\n"
    )
    return head.encode() + data + b"\r\n"


def _content_type(name: str) -> str:
    suffix = name.rpartition(".")[2].lower()
    return {
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "pdf": "application/pdf",
        "html": "text/html",
        "txt": "text/plain",
    }.get(suffix, "application/octet-stream")


def _json(body: bytes) -> dict[str, object]:
    try:
        value = json.loads(body)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _message_id(body: bytes) -> str:
    ident = _json(body).get("id")
    if not isinstance(ident, str | int) or not str(ident).isdigit():
        # Posted (a 2xx), but the id did not come back: the message is there all the same.
        return "unknown"
    return str(ident)


def _retry_after(body: bytes, headers: dict[str, str]) -> float:
    value = _json(body).get("retry_after")
    if value is None:
        value = {k.lower(): v for k, v in headers.items()}.get("retry-after")
    try:
        wait = float(value) if isinstance(value, int | float | str) else 1.0
    except (TypeError, ValueError):
        wait = 1.0
    return max(0.0, min(wait, 3600.0))


def _refusal(status: int, body: bytes, webhook: Webhook) -> SendFailed:
    said = _json(body).get("message")
    said_text = webhook.scrub(str(said))[:200] if isinstance(said, str) else ""
    if status in (401, 403, 404):
        return SendFailed(
            f"Discord does not know {webhook.name} (HTTP {status}"
            + (f": {said_text}" if said_text else "")
            + "): it was deleted or its URL is wrong. Make a new webhook in the channel's "
            "settings and put its URL where this one was",
            lasting=True,
        )
    return SendFailed(
        f"Discord refused the message (HTTP {status}"
        + (f": {said_text}" if said_text else "")
        + ")",
        lasting=True,
    )
