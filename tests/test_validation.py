"""The content models' validation (generator/pack/validation.py): msgspec's errors read as
an author's problems, with file, line, field path and what was expected."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import pytest
from msgspec import Meta, field

from generator.pack.document import Document
from generator.pack.validation import (
    ANY_VALUE,
    KEY,
    FieldError,
    Strict,
    error_location,
    field_keys,
    validate,
    validation_context,
)
from generator.pack.yamlio import parse_text


class Good(Strict, frozen=True, kw_only=True):
    name: str
    value: Annotated[int, Meta(ge=0, le=9)]
    hazardous: bool = False


class Meteor(Strict, frozen=True, kw_only=True):
    size: Literal["small", "large"]
    direction: Literal["front", "rear"] = field(name="from")


class CardBase(Strict, tag_field="kind", frozen=True, kw_only=True):
    id: str
    level: Annotated[int, Meta(ge=1, le=3)]


class Stardust(CardBase, tag="stardust", frozen=True, kw_only=True):
    pass


class Meteors(CardBase, tag="meteors", frozen=True, kw_only=True):
    meteors: Annotated[list[Meteor], Meta(min_length=1)]


class Deck(Strict, frozen=True, kw_only=True):
    cards: list[Stardust | Meteors]
    goods: dict[str, Good] = field(default_factory=dict)


def _doc(text: str) -> Document:
    doc, problems = parse_text(text, "deck.yaml")
    assert doc is not None and not problems
    return doc


def _problems(text: str, model: type[Strict] = Deck) -> list[str]:
    value, problems = validate(_doc(text), model)
    assert value is None
    return [str(p) for p in problems]


@pytest.mark.parametrize(
    ("text", "message", "path"),
    [
        (
            "Expected `int`, got `str` - at `$.cards[4].days`",
            "Expected `int`, got `str`",
            ("cards", 4, "days"),
        ),
        (
            "Expected `int`, got `str` - at `$.goods[...].value`",
            "Expected `int`, got `str`",
            ("goods", ANY_VALUE, "value"),
        ),
        ("Expected `int` >= 2 - at `key` in `$.cells`", "Expected `int` >= 2", ("cells", KEY)),
        ("Object missing required field `cards`", "Object missing required field `cards`", ()),
        ("a cost - at `x` - at `$.rows[0]`", "a cost - at `x`", ("rows", 0)),
        ("Invalid value 'c' - at `$`", "Invalid value 'c'", ()),
    ],
)
def test_error_location_splits_msgspec_errors_into_message_and_path(
    text: str, message: str, path: tuple[str | int, ...]
) -> None:
    assert error_location(text) == (message, path)


def test_an_unknown_key_lists_the_keys_allowed_there() -> None:
    text = "cards: []\ngoods:\n  yellow: {name: Yellow, value: 3, colour: y}\n"
    assert _problems(text) == [
        "deck.yaml:3: goods.yellow.colour: unknown key (allowed keys: name, value, hazardous)"
    ]


def test_every_unknown_key_of_an_object_is_named_at_its_line() -> None:
    text = (
        "cards: []\ngoods:\n  yellow:\n    name: Yellow\n    colour: y\n    value: 3\n    size: 2\n"
    )
    allowed = "(allowed keys: name, value, hazardous)"
    assert _problems(text) == [
        f"deck.yaml:5: goods.yellow.colour: unknown key {allowed}",
        f"deck.yaml:7: goods.yellow.size: unknown key {allowed}",
    ]


def test_every_broken_entry_of_a_list_is_a_problem_of_its_own_at_its_line() -> None:
    text = (
        "cards:\n"
        "  - {kind: stardust, id: a, level: 7}\n"
        "  - {kind: stardust, id: b, level: 1}\n"
        "  - {kind: stardust, level: 2}\n"
        "  - {kind: meteors, id: d, level: 1, meteors: [{size: huge, from: front},\n"
        "      {size: small, from: top}]}\n"
    )
    assert _problems(text) == [
        "deck.yaml:2: cards[0].level: input should be less than or equal to 3 (got 7)",
        "deck.yaml:4: cards[2].id: required field is missing",
        "deck.yaml:5: cards[3].meteors[0].size: got 'huge' (expected one of 'small' or 'large')",
        "deck.yaml:6: cards[3].meteors[1].from: got 'top' (expected one of 'front' or 'rear')",
    ]


def test_every_broken_entry_of_a_map_is_named_by_its_key() -> None:
    text = "cards: []\ngoods:\n  red: {name: Red, value: x}\n  blue: {value: 1}\n"
    assert _problems(text) == [
        "deck.yaml:3: goods.red.value: expected a whole number (got 'x')",
        "deck.yaml:4: goods.blue.name: required field is missing",
    ]


def test_a_mapping_or_a_list_where_text_belongs_is_named_in_words() -> None:
    assert _problems("cards: []\ngoods:\n  red: {name: {a: 1}, value: [1]}\n") == [
        "deck.yaml:3: goods.red.name: expected text (got a mapping)",
    ]
    assert _problems("cards: {a: 1}\n") == ["deck.yaml:1: cards: expected a list (got a mapping)"]


def test_a_wrong_tag_lists_the_kinds_of_the_union() -> None:
    assert _problems("cards:\n  - {kind: bad-day, id: a, level: 1}\n") == [
        "deck.yaml:2: cards[0].kind: got 'bad-day' (expected one of 'stardust', 'meteors')"
    ]


def test_text_stays_as_the_author_wrote_it_where_the_schema_wants_text() -> None:
    text = (
        "cards:\n  - {kind: stardust, id: 0042, level: 1}\n"
        "  - {kind: stardust, id: yes, level: 2}\n"
    )
    deck, problems = validate(_doc(text), Deck)
    assert problems == [] and deck is not None
    assert [card.id for card in deck.cards] == ["0042", "yes"]


def test_text_is_put_back_inside_a_map_too() -> None:
    deck, problems = validate(_doc("cards: []\ngoods:\n  red: {name: 12:30, value: 1}\n"), Deck)
    assert problems == [] and deck is not None
    assert deck.goods["red"].name == "12:30"


class Tile(Strict, frozen=True, kw_only=True):
    kind: str

    def __post_init__(self) -> None:
        kinds = validation_context().get("tile kinds", ())
        if kinds and self.kind not in kinds:
            raise ValueError(f"unknown kind {self.kind!r} (expected one of: {', '.join(kinds)})")


class Tiles(Strict, frozen=True, kw_only=True):
    tiles: list[Tile]


def test_the_context_reaches_a_models_own_checks_for_that_call_only() -> None:
    doc = _doc("tiles:\n  - kind: cabin\n  - kind: engine\n  - kind: robot\n")
    tiles, problems = validate(doc, Tiles, {"tile kinds": ("cabin", "engine")})
    assert tiles is None
    assert [str(p) for p in problems] == [
        "deck.yaml:4: tiles[2]: unknown kind 'robot' (expected one of: cabin, engine)"
    ]
    assert validation_context() == {}
    assert validate(doc, Tiles)[1] == []


class Piece(Strict, frozen=True, kw_only=True):
    name: str
    cells: list[int]

    def __post_init__(self) -> None:
        if len(set(self.cells)) != len(self.cells):
            raise FieldError("cells", "a cell is listed twice")


class Pieces(Strict, frozen=True, kw_only=True):
    pieces: list[Piece]


def test_a_check_of_one_field_names_that_field_and_its_line() -> None:
    doc = _doc("pieces:\n  - name: a\n    cells: [1, 2]\n  - name: b\n    cells: [3, 3]\n")
    assert [str(p) for p in validate(doc, Pieces)[1]] == [
        "deck.yaml:5: pieces[1].cells: a cell is listed twice"
    ]


class Decks(Strict, frozen=True, kw_only=True):
    decks: dict[Literal["crisis", "quorum"], list[str]]


def test_a_map_key_not_allowed_names_the_keys_that_are() -> None:
    doc = _doc("decks:\n  crisis: [a]\n  quorums: [b]\n")
    assert [str(p) for p in validate(doc, Decks)[1]] == [
        "deck.yaml:3: decks.quorums: key: got 'quorums' (expected one of 'crisis' or 'quorum')"
    ]


def test_field_keys_are_the_keys_as_written() -> None:
    assert field_keys(Meteor) == ("size", "from")


class Named(Strict, frozen=True, kw_only=True):
    id: Annotated[str, Meta(pattern=r"^[a-z]+\Z")]


def test_a_pattern_refuses_a_final_newline_and_is_shown_as_written() -> None:
    """Python's `$` matches before a final newline: a pattern ends with \\Z, which the
    message shows as `$`."""
    assert _problems("id: |\n  abc\n", Named) == [
        "deck.yaml:1: id: string should match pattern '^[a-z]+$' (got 'abc\\n')"
    ]
    assert validate(_doc("id: abc\n"), Named)[1] == []


def test_a_pack_name_or_an_id_with_a_final_newline_is_refused() -> None:
    from generator.games.galaxy_trucker.model import GoodsFile
    from generator.pack.meta import PackMeta

    meta = "name: gt\ntitle: T\nversion: '1'\ngame: galaxy_trucker\n"
    assert validate(_doc(meta), PackMeta)[1] == []
    assert _problems(meta.replace("name: gt", "name: |\n  gt"), PackMeta)
    assert _problems("goods:\n  ? |\n    red\n  : {name: Red, value: 1}\n", GoodsFile)


def test_a_game_file_reports_its_own_keys_and_its_games_options_together(tmp_path: Path) -> None:
    """The options are checked by the game's own model beside the core's keys: both kinds
    of problem come in one run, each at its line."""
    from generator.common.errors import ContentError
    from generator.kit.game_file import read_game_file

    game = tmp_path / "game.yaml"
    game.write_text("pack: keep-on-trucking\nseed: 0042\nsead: 3\ndifficulty: {a: 1}\n")
    with pytest.raises(ContentError) as refused:
        read_game_file(game)
    assert [(p.line, p.field, p.message[:40]) for p in refused.value.problems] == [
        (3, "sead", "unknown key (allowed keys: pack, seed, s"),
        (4, "difficulty", "expected text or nothing (got a mapping)"),
    ]
    game.write_text("pack: keep-on-trucking\nseed: 0042\nships: A\n")
    spec = read_game_file(game)
    assert (spec.seed, spec.options()) == ("0042", {"ships": "A"})


def test_a_truth_value_as_a_key_is_the_text_written() -> None:
    """`yes:`, `On:`, `true:` and `off:` as keys: YAML reads them as true and false, and an
    error named such a key `[True]`. They are kept as written, as a date or a float key is."""
    doc = _doc("cards: []\ngoods:\n  yes: {value: 1}\n  On: {value: 2}\n  off: {value: 3}\n")
    assert list(doc.data["goods"]) == ["yes", "On", "off"]
    assert doc.line_of(("goods", "On")) == 4
    assert _problems("cards: []\ntrue: 1\n") == [
        "deck.yaml:2: true: unknown key (allowed keys: cards, goods)"
    ]
