import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.plan.rng import Stream


def test_stream_is_sha256_counter_of_seed_and_names() -> None:
    # The first word is the first 8 bytes of sha256(sha256("s/a/b") + counter 0).
    key = hashlib.sha256(b"s/a/b").digest()
    first = int.from_bytes(hashlib.sha256(key + (0).to_bytes(8, "big")).digest()[:8], "big")
    assert Stream("s", "a", "b").below(1 << 63) == first % (1 << 63)


def test_named_streams_are_independent() -> None:
    a = [Stream("seed", "round-1", "build").below(1000) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    b = Stream("seed", "round-1", "dice")
    c = Stream("seed", "round-1", "build")
    assert [b.below(10**9) for _ in range(5)] != [c.below(10**9) for _ in range(5)]


@given(st.text(min_size=1, max_size=20), st.integers(min_value=1, max_value=60))
def test_sample_draws_distinct_items(seed: str, k: int) -> None:
    items = list(range(60))
    drawn = Stream(seed, "x").sample(items, k)
    assert len(drawn) == k and len(set(drawn)) == k


@given(st.text(min_size=1, max_size=20))
def test_dice_stay_on_the_die(seed: str) -> None:
    stream = Stream(seed, "dice")
    assert all(1 <= stream.die() <= 6 for _ in range(50))


def test_die_is_roughly_uniform() -> None:
    stream = Stream("uniformity", "dice")
    counts = [0] * 6
    for _ in range(6000):
        counts[stream.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_sample_too_many_is_an_error() -> None:
    with pytest.raises(ValueError):
        Stream("s").sample([1, 2], 3)
