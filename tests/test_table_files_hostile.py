"""The table games read files a host's folder holds: a FIFO, a device or a huge file there
is a clear error, never a hang or a memory blow-up."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.common.errors import SheetgenError
from generator.games.battlestar import log as battlestar_log
from generator.games.card_race import log as card_race_log
from generator.games.card_race.score_file import read_table


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_card_race_score_table_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SheetgenError, match="not a regular file"):
        read_table(_fifo(tmp_path / "scores.txt"))


def test_card_race_score_table_that_links_to_dev_zero_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "scores.txt"
    link.symlink_to("/dev/zero")
    with pytest.raises(SheetgenError, match="not a regular file"):
        read_table(link)


def test_card_race_log_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    _fifo(tmp_path / card_race_log.LOG_FILE)
    with pytest.raises(SheetgenError, match="not a regular file"):
        card_race_log.read_log(tmp_path)


def test_battlestar_log_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    _fifo(tmp_path / battlestar_log.LOG_FILE)
    with pytest.raises(SheetgenError, match="regular file"):
        battlestar_log.read_log(tmp_path)


def test_card_race_log_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(card_race_log, "MAX_LOG_BYTES", 10)
    (tmp_path / card_race_log.LOG_FILE).write_text('{"a": 1}\n{"b": 2}\n', encoding="utf-8")
    with pytest.raises(SheetgenError, match="larger than 10 bytes"):
        card_race_log.read_log(tmp_path)
