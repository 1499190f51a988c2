"""Content models without pydantic at run time (generator/pack/record.py): every model of the
five packs behaves as its pydantic twin would (the same dumps, repr, equality and hashing),
copies and pickles, stays frozen, and validating through the twin gives the declared class
back, with pydantic's errors."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from generator.games.galaxy_trucker.model import GoodsFile, Meteor, Sides, Tile
from generator.kit.session import load_content
from generator.pack.record import Record
from generator.pack.schema import twin
from generator.plan.rhythm import Rhythm

PACKS = ("galaxy-trucker", "keep-on-trucking", "moon-drop", "card-race", "battlestar")


def records_in(value: Any, found: list[Record], seen: set[int]) -> None:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Record):
        found.append(value)
        for item in vars(value).values():
            records_in(item, found, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            records_in(getattr(value, f.name), found, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            records_in(k, found, seen)
            records_in(v, found, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            records_in(item, found, seen)


def as_twin(value: Any) -> Any:
    """The pydantic instance holding the same values (made without validating, as a Record
    is made)."""
    if isinstance(value, Record):
        fields = {k: as_twin(v) for k, v in vars(value).items()}
        return twin(type(value)).model_construct(**fields)
    if isinstance(value, list):
        return [as_twin(v) for v in value]
    if isinstance(value, tuple):
        return tuple(as_twin(v) for v in value)
    if isinstance(value, dict):
        return {as_twin(k): as_twin(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("pack", PACKS)
def test_every_model_of_a_pack_dumps_and_reads_as_its_pydantic_twin(pack: str) -> None:
    _, _, content = load_content(pack)
    found: list[Record] = []
    records_in(content, found, set())
    assert len(found) > 20, pack
    kinds = set()
    for record in found:
        kinds.add(type(record).__name__)
        other = as_twin(record)
        assert isinstance(other, BaseModel)
        for mode in ("python", "json"):
            for by_alias in (False, True):
                assert record.model_dump(mode=mode, by_alias=by_alias) == other.model_dump(
                    mode=mode, by_alias=by_alias
                ), (type(record).__name__, mode, by_alias)
        assert repr(record) == repr(other)
        assert [name for name, _ in record] == [name for name, _ in other]
        assert record == copy.copy(record) == copy.deepcopy(record)
        assert pickle.loads(pickle.dumps(record)) == record
        if type(record).model_config.get("frozen"):
            try:
                assert hash(record) == hash(other)
            except TypeError:  # a field holds a list or a dict: unhashable in both
                with pytest.raises(TypeError):
                    hash(other)
    assert len(kinds) >= 5, kinds


def test_a_model_is_frozen_and_copies_with_changes() -> None:
    tile = Tile(id="T1", type="cabin", sides=Sides(n="smooth", e="single", s="double", w="smooth"))
    with pytest.raises(TypeError):
        tile.id = "T2"  # type: ignore[misc]
    moved = tile.model_copy(update={"id": "T2"})
    assert moved.id == "T2" and tile.id == "T1" and moved.sides is tile.sides
    assert moved != tile and tile == Tile.model_construct(**dict(tile))
    assert tile.ours is False  # a default
    assert Meteor(**{"from": "front", "size": "small"}).direction == "front"  # by alias
    assert Meteor(direction="rear", size="large").model_dump(by_alias=True) == {
        "size": "large",
        "from": "rear",
    }
    with pytest.raises(TypeError):
        Tile(id="T1", type="cabin")  # sides missing
    with pytest.raises(TypeError):
        Tile(id="T1", type="cabin", sides=tile.sides, colour="red")  # no such field
    assert list(Tile.model_fields) == ["id", "type", "sides", "ours"]


def test_validating_gives_the_declared_class_and_pydantics_errors() -> None:
    goods = GoodsFile.model_validate({"goods": {"red": {"name": "Red", "value": 4}}})
    assert type(goods) is GoodsFile and type(goods.goods["red"]).__name__ == "Good"
    assert goods.goods["red"].hazardous is False
    with pytest.raises(ValidationError) as bad:
        GoodsFile.model_validate({"goods": {"red": {"name": "Red", "value": 400}}})
    assert bad.value.errors()[0]["loc"] == ("goods", "red", "value")
    with pytest.raises(ValidationError):
        GoodsFile.model_validate({"goods": {}, "colours": 3})  # unknown key: forbidden
    rhythm = Rhythm.model_validate({"times": {"morning": "07:30"}, "skip": ["2026-12-24"]})
    assert type(rhythm) is Rhythm and rhythm.skip[0].isoformat() == "2026-12-24"
    assert Rhythm.model_validate(rhythm.record()) == rhythm
    assert rhythm.record() == twin(Rhythm).model_validate(rhythm.record()).model_dump(
        mode="json", by_alias=True
    )
    with pytest.raises(ValueError, match="HH:MM"):
        Rhythm.model_validate({"times": {"morning": "7.30"}})
