"""When the pictures are drawn by a pool of workers and when in this process."""

from __future__ import annotations

import pytest

from generator.games.galaxy_trucker.pictures import pool as image_pool


def test_a_game_s_pictures_are_drawn_in_this_process_unless_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(image_pool.WORKERS_VARIABLE, raising=False)
    assert image_pool.workers(93) == 1  # a whole Galaxy Trucker game
    assert image_pool.workers(image_pool.POOL_MIN - 1) == 1
    monkeypatch.setattr(image_pool.os, "sched_getaffinity", lambda _: {0, 1, 2, 3})
    assert image_pool.workers(image_pool.POOL_MIN) == image_pool.WORKERS
    monkeypatch.setattr(image_pool.os, "sched_getaffinity", lambda _: {0})
    assert image_pool.workers(image_pool.POOL_MIN) == 1  # one core: a pool only costs


@pytest.mark.parametrize(("told", "expected"), [("1", 1), ("2", 2), ("3", 3), ("0", 1), ("x", 1)])
def test_the_host_s_setting_wins_over_the_amount_of_work(
    monkeypatch: pytest.MonkeyPatch, told: str, expected: int
) -> None:
    monkeypatch.setenv(image_pool.WORKERS_VARIABLE, told)
    monkeypatch.setattr(image_pool.os, "sched_getaffinity", lambda _: {0})
    assert image_pool.workers(10) == expected
    assert image_pool.workers(1) == 1  # one picture is never worth a pool
