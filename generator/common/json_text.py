"""JSON a run reads back from a game folder or the cache, as `json.loads` reads it, except
that a string holding a lone surrogate (`"\\ud800"` typed into a file: no character at all,
it cannot be printed or written as UTF-8) is a decoding error: each reader's path for JSON
that is not its own takes it, rather than a crash when the text is shown or written."""

from __future__ import annotations

import json
from typing import Any


def loads(data: str | bytes) -> Any:
    value = json.loads(data)
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        surrogate = ord(exc.object[exc.start])
        raise json.JSONDecodeError(
            f"a lone surrogate \\u{surrogate:04x} (not text)", "", 0
        ) from None
    return value
