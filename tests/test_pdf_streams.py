"""Each PDF stream is compressed once per process (art/pdf_streams.py) and every PDF stays
byte for byte what reportlab's own filter makes."""

from __future__ import annotations

import zlib

import pytest
from reportlab.pdfbase import pdfdoc

from generator.art.pdf_streams import KeptFlate, compress_streams_once
from generator.art.pdf_surface import register_fonts
from generator.games import rules_for
from generator.games.galaxy_trucker.sheets import sheet_files
from generator.pack.load import load_pack


def test_the_kept_filter_gives_zlib_bytes_and_compresses_a_stream_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[bytes] = []
    real = zlib.compress

    def counted(data: bytes) -> bytes:
        calls.append(data)
        return real(data)

    monkeypatch.setattr(zlib, "compress", counted)
    flate = KeptFlate()
    page = "BT /F1 12 Tf 10 20 Td (Ship sheet) Tj ET\n" * 50
    assert flate.encode(page) == real(page.encode("utf8"))
    assert flate.encode(page.encode("utf8")) == real(page.encode("utf8"))
    assert flate.encode(b"another stream") == real(b"another stream")
    assert calls == [page.encode("utf8"), b"another stream"]


def test_what_is_kept_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.art.pdf_streams.MAX_KEPT_BYTES", 1000)
    flate = KeptFlate()
    big = bytes(range(256)) * 8  # 2,048 bytes: more than the bound, never kept
    assert flate.encode(big) == zlib.compress(big)
    assert flate.encode(big) == zlib.compress(big)
    assert flate._kept == {}
    flate.encode(b"small")
    assert list(flate._kept) == [b"small"]


def test_a_game_s_sheets_are_the_bytes_reportlab_s_own_filter_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pack = load_pack("galaxy-trucker")
    content = rules_for(pack).load(pack)
    register_fonts()
    # reportlab's own filter, which making a PDF would otherwise replace
    monkeypatch.setattr("generator.art.pdf_surface.compress_streams_once", lambda: None)
    monkeypatch.setattr(pdfdoc, "PDFZCompress", pdfdoc.PDFStreamFilterZCompress())
    plain = {f.path: f.data for f in sheet_files(content, ("a4", "letter"))}
    assert not isinstance(pdfdoc.PDFZCompress, KeptFlate)
    monkeypatch.undo()
    monkeypatch.setattr(pdfdoc, "PDFZCompress", KeptFlate())
    kept = {f.path: f.data for f in sheet_files(content, ("a4", "letter"))}
    assert kept == plain
    # The print pack's pages are the ship sheets' and the aid's: most of its streams were
    # compressed once already, for those files.
    assert len(pdfdoc.PDFZCompress._kept) < 40
    installed = pdfdoc.PDFZCompress
    compress_streams_once()  # already installed: left as it is
    assert pdfdoc.PDFZCompress is installed
