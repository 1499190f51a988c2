"""Each PDF stream compressed once per process: a game's print pack holds its ship sheets'
and player aid's pages again, and several files embed the same font subsets, so a game's
PDFs compressed 72 streams of which 26 differ (0.03 s of a first game's CPU spent again).

reportlab compresses a stream with `zlib.compress(data)` in its one Flate filter object
(`pdfdoc.PDFZCompress`); the filter installed here gives the very bytes that call gives,
kept per stream content, so every PDF is byte for byte what it was."""

from __future__ import annotations

import zlib

from reportlab.pdfbase import pdfdoc

# What is kept is bounded: a long process (a month's catch-up pages, a test run) keeps at
# most this many bytes of compressed streams, the inputs they came from not counted twice.
MAX_KEPT_BYTES = 32 * 1024 * 1024


class KeptFlate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter, keeping what it compressed."""

    def __init__(self) -> None:
        self._kept: dict[bytes, bytes] = {}
        self._bytes = 0

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else bytes(text)
        found = self._kept.get(data)
        if found is None:
            found = zlib.compress(data)
            size = len(data) + len(found)
            if self._bytes + size <= MAX_KEPT_BYTES:
                self._kept[data] = found
                self._bytes += size
        return found


def compress_streams_once() -> None:
    """Install the keeping filter (idempotent). reportlab looks its filter up by this name
    each time a document or stream is made, so every PDF made from here on uses it."""
    if not isinstance(pdfdoc.PDFZCompress, KeptFlate):
        pdfdoc.PDFZCompress = KeptFlate()
