"""The sheets' legend layout (render/pdf.py `assign`) finds, depth first and giving up on
overfilled beginnings, the very choice that trying every choice in reading order finds."""

from __future__ import annotations

import random

import pytest

from generator.render import pdf
from generator.render.pdf import Column, LayoutBlock, Placement, assign


def _block(name: str, heights: dict[float, float], min_width: float) -> LayoutBlock:
    return LayoutBlock(name, min_width, lambda _m, w: heights[w], lambda *_: None)


def _every_choice(
    blocks: list[LayoutBlock], columns: list[Column], gap: float, strip: bool
) -> list[Placement] | None:
    heights = [
        [b.height(None, c.w) if c.w >= b.min_width else None for c in columns]  # type: ignore[arg-type]
        for b in blocks
    ]
    return pdf._assign_trying_all(blocks, columns, gap, strip, heights)


def _case(rng: random.Random) -> tuple[list[LayoutBlock], list[Column], float, bool]:
    count = rng.randint(1, 4)
    widths = rng.sample([80.0, 120.0, 160.0, 200.0, 500.0], count)
    top = rng.choice([0.0, 40.0])
    # Bottoms on a coarse grid, heights too: many choices land exactly on a column's end.
    columns = [Column(i * 210.0, top, w, top + rng.choice([60, 90, 120, 150, 240])) for i, w in
               enumerate(widths)]  # fmt: skip
    blocks = []
    for b in range(rng.randint(1, 7)):
        heights = {w: float(rng.choice([10, 15, 20, 25, 30, 45, 60])) for w in widths}
        min_width = rng.choice([0.0, 0.0, 100.0, 170.0])
        blocks.append(_block(f"b{b}", heights, min_width))
    return blocks, columns, rng.choice([0.0, 5.0, 7.5]), rng.random() < 0.4


def test_the_depth_first_choice_is_the_first_in_reading_order() -> None:
    rng = random.Random(20261202)
    found = none = 0
    for _ in range(3000):
        blocks, columns, gap, strip = _case(rng)
        expected = _every_choice(blocks, columns, gap, strip)
        assert assign(None, blocks, columns, gap, strip=strip) == expected  # type: ignore[arg-type]
        found += expected is not None
        none += expected is None
    assert found > 500 and none > 300  # both outcomes, many times


def test_a_block_that_could_shrink_a_column_is_laid_out_by_trying_every_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    columns = [Column(0, 0, 100, 50), Column(110, 0, 100, 50)]
    shrinking = [_block("a", {100.0: 40.0}, 0), _block("b", {100.0: -30.0}, 0)]
    expected = _every_choice(shrinking, columns, 0.0, False)
    tried: list[int] = []
    real = pdf._assign_trying_all

    def counted(*args: object) -> list[Placement] | None:
        tried.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pdf, "_assign_trying_all", counted)
    blocks = [_block("a", {100.0: 40.0}, 0), _block("b", {100.0: 40.0}, 0)]
    placed = assign(None, blocks, columns, 0.0, strip=False)  # type: ignore[arg-type]
    assert [p.column for p in placed or []] == [0, 1] and tried == []
    assert assign(None, shrinking, columns, 0.0, strip=False) == expected  # type: ignore[arg-type]
    assert tried == [1]
