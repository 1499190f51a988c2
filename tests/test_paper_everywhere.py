"""`paper: a4` (or `--paper a4`) is honoured everywhere a print pack is named: the posts a
game folder holds, `today`'s attach steps and the catch-up page name only the sheets the
folder has."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

SEED = "paper-seed-0123456789ab"


@pytest.mark.parametrize(("paper", "other"), [("a4", "letter"), ("letter", "a4")])
def test_today_and_the_digest_name_only_the_folders_paper(
    paper: str,
    other: str,
    run: Callable[..., Result],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = run("game", "--seed", SEED, "--start", "2026-12-07", "-o", "g", "--no-images")
    assert (
        run(
            "game",
            "--seed",
            SEED,
            "-o",
            "g2",
            "--start",
            "2026-12-07",
            "--no-images",
            "--paper",
            paper,
        ).exit_code
        == 0
    ), made.output
    assert not list((tmp_path / "g2" / "sheets").glob(f"*-{other}.pdf"))
    # The evening before day 1: the post that carries the print pack is due.
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-06T21:00:00+01:00")
    today = run("today", "-o", "g2")
    assert today.exit_code == 0, today.output
    assert f"print-pack-{paper}.pdf" in today.output
    assert f"print-pack-{other}" not in today.output
    digest = run("digest", "-o", "g2")
    assert digest.exit_code == 0, digest.output
    page = (tmp_path / "g2" / "digest.html").read_text(encoding="utf-8")
    assert f"print-pack-{other}" not in page
    # A folder written for both papers still names both.
    both = run("today", "-o", "g")
    assert "print-pack-a4.pdf" in both.output and "print-pack-letter.pdf" in both.output
